//! Where a new helper thread first runs.
//!
//! Linux places a new thread by the CPUs' recent load averages, not by which are
//! idle now. Seen on these 2-core machines, run after run: the helper queued
//! behind the thread that started it, on the same CPU, while the other CPU sat
//! idle, and did not run until the caller gave up its CPU, by which time a
//! depth-5 tree had been built by the caller alone. So a new helper is sent
//! away from the starting thread's CPU, and once it runs there it may again go
//! anywhere the process may: the nudge decides where it starts, nothing more.

/// Moves the not yet running `thread` off the CPU the calling thread is on, if
/// the process may use any other.
#[cfg(target_os = "linux")]
pub(super) fn away_from_here(thread: &std::thread::JoinHandle<()>) {
    use std::os::unix::thread::JoinHandleExt;
    let Some(mut elsewhere) = allowed() else { return };
    // SAFETY: plain system calls on a cpu_set_t of our own and a live thread.
    unsafe {
        let Ok(here) = usize::try_from(libc::sched_getcpu()) else { return };
        libc::CPU_CLR(here, &mut elsewhere);
        if libc::CPU_COUNT(&elsewhere) > 0 {
            libc::pthread_setaffinity_np(thread.as_pthread_t(), size_of::<libc::cpu_set_t>(), &elsewhere);
        }
    }
}

/// Lets the calling thread run on any CPU the process may use again.
#[cfg(target_os = "linux")]
pub(super) fn anywhere() {
    if let Some(all) = allowed() {
        // SAFETY: a system call on the calling thread with a cpu_set_t of our own.
        unsafe {
            libc::sched_setaffinity(0, size_of::<libc::cpu_set_t>(), &all);
        }
    }
}

/// The CPUs the process may use, as they were when first asked (before any
/// thread was sent away).
#[cfg(target_os = "linux")]
fn allowed() -> Option<libc::cpu_set_t> {
    use std::sync::OnceLock;
    static ALLOWED: OnceLock<Option<libc::cpu_set_t>> = OnceLock::new();
    *ALLOWED.get_or_init(|| {
        // SAFETY: an all-zero cpu_set_t is the empty set; the call fills it in.
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            (libc::sched_getaffinity(0, size_of::<libc::cpu_set_t>(), &mut set) == 0).then_some(set)
        }
    })
}

#[cfg(not(target_os = "linux"))]
pub(super) fn away_from_here(_thread: &std::thread::JoinHandle<()>) {}

#[cfg(not(target_os = "linux"))]
pub(super) fn anywhere() {}
