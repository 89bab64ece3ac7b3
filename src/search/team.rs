//! Helper threads kept for the whole run, for the parallel tree build and
//! back-propagation.
//!
//! Starting a thread and joining it again costs 50 to 100 µs on these virtual
//! machines, and waking a thread that sleeps on the kernel costs about as much:
//! a sixth of a depth-5 build each. So helpers are started once, at most as many
//! as are ever needed at the same time, and between jobs they spin for a while
//! (yielding now and then) before they sleep: a `P` game's trees, one after the
//! other, all find them awake. The command line starts them as the program starts
//! (see [`start`]), while the input is still being read.
//!
//! A job borrows from the caller's stack; [`Team::run`] does not return (nor
//! unwind) before every helper is done with it.

use std::any::Any;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::{self, Thread};
use std::time::{Duration, Instant};

/// How long an idle helper stays awake for the next job.
const STAY_AWAKE: Duration = Duration::from_millis(3);

/// One job: the closure every thread runs, and what the helpers report back.
struct Job<'a> {
    work: &'a (dyn Fn(usize) + Sync),
    /// Helpers finished with the job; the job may be gone once this is complete.
    done: AtomicUsize,
    panic: Mutex<Option<Box<dyn Any + Send>>>,
}

/// A helper's mailbox: the job it is to run, with the index it runs it as.
struct Slot {
    job: AtomicPtr<Job<'static>>,
    index: AtomicUsize,
    /// Set as soon as the thread exists; used to wake it.
    thread: OnceLock<Thread>,
}

/// Helpers not running a job. Each [`Team`] takes what it needs from here and
/// puts them back, so that callers on several threads never share a helper.
static IDLE: Mutex<Vec<Arc<Slot>>> = Mutex::new(Vec::new());

/// Starts helpers until `helpers` are idle, so that the next [`Team`] of that
/// many finds them ready.
pub fn start(helpers: usize) {
    drop(Team::take(helpers));
}

/// Helpers taken for one caller's use, put back when it is dropped.
pub struct Team {
    helpers: Vec<Arc<Slot>>,
}

impl Team {
    /// Up to `helpers` helpers, started now if not enough are idle (fewer only if
    /// the system will not start more threads).
    pub fn take(helpers: usize) -> Team {
        let mut taken = {
            let mut idle = IDLE.lock().unwrap_or_else(|e| e.into_inner());
            let keep = idle.len().saturating_sub(helpers);
            idle.split_off(keep)
        };
        while taken.len() < helpers {
            match spawn() {
                Some(slot) => taken.push(slot),
                None => break,
            }
        }
        Team { helpers: taken }
    }

    /// The helpers and the calling thread.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Runs `work(0)` on the calling thread and `work(1)` to
    /// `work(self.threads() - 1)` on the helpers, all at once; returns when all
    /// have returned. A panic on a helper is raised again here, once every helper
    /// is done.
    pub fn run(&self, work: &(dyn Fn(usize) + Sync)) {
        let job = Job { work, done: AtomicUsize::new(0), panic: Mutex::new(None) };
        // Waits for the helpers even if `work(0)` panics: they borrow `job`.
        let wait = WaitFor { job: &job, helpers: self.helpers.len() };
        // SAFETY: only the lifetime is changed. `wait` keeps `job` (and so `work`)
        // alive until every helper has counted itself done, after its last use.
        let erased: *mut Job<'static> = (&raw const job).cast_mut().cast();
        for (i, slot) in self.helpers.iter().enumerate() {
            slot.index.store(i + 1, Ordering::Relaxed);
            slot.job.store(erased, Ordering::Release);
            // Cheap when the helper is spinning; wakes it when it sleeps.
            if let Some(t) = slot.thread.get() {
                t.unpark();
            }
        }
        work(0);
        drop(wait);
        let panicked = job.panic.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(p) = panicked {
            panic::resume_unwind(p);
        }
    }
}

impl Drop for Team {
    fn drop(&mut self) {
        IDLE.lock().unwrap_or_else(|e| e.into_inner()).append(&mut self.helpers);
    }
}

struct WaitFor<'j, 'a> {
    job: &'j Job<'a>,
    helpers: usize,
}

impl Drop for WaitFor<'_, '_> {
    fn drop(&mut self) {
        let mut spins = 0u32;
        while self.job.done.load(Ordering::Acquire) < self.helpers {
            spins = spins.wrapping_add(1);
            pause(spins);
        }
    }
}

fn spawn() -> Option<Arc<Slot>> {
    let slot = Arc::new(Slot {
        job: AtomicPtr::new(std::ptr::null_mut()),
        index: AtomicUsize::new(0),
        thread: OnceLock::new(),
    });
    let helper = Arc::clone(&slot);
    let handle = thread::Builder::new().name("gametree-helper".into()).spawn(move || serve(&helper)).ok()?;
    // Not waiting for the thread to run: the program goes on reading its input.
    let _ = slot.thread.set(handle.thread().clone());
    Some(slot)
}

/// A helper's life: wait for a job, run it, report, and again.
fn serve(slot: &Slot) {
    loop {
        let job = wait_for_job(slot);
        // SAFETY: `Team::run` keeps the job alive until this helper counts itself done.
        let job = unsafe { &*job };
        let index = slot.index.load(Ordering::Relaxed);
        if let Err(p) = panic::catch_unwind(AssertUnwindSafe(|| (job.work)(index))) {
            *job.panic.lock().unwrap_or_else(|e| e.into_inner()) = Some(p);
        }
        slot.job.store(std::ptr::null_mut(), Ordering::Relaxed);
        // The last use of `job`: after this the caller may free it.
        job.done.fetch_add(1, Ordering::Release);
    }
}

fn wait_for_job(slot: &Slot) -> *mut Job<'static> {
    let awake_since = Instant::now();
    let mut spins = 0u32;
    loop {
        let job = slot.job.load(Ordering::Acquire);
        if !job.is_null() {
            return job;
        }
        spins = spins.wrapping_add(1);
        if spins.is_multiple_of(1024) && awake_since.elapsed() > STAY_AWAKE {
            // `Team::run` unparks after posting, so a job posted meanwhile is not missed.
            thread::park();
        } else {
            pause(spins);
        }
    }
}

/// One round of a spin wait: a pause, and now and then a yield in case there are
/// more threads than cores.
fn pause(spins: u32) {
    if spins.is_multiple_of(64) {
        thread::yield_now();
    } else {
        std::hint::spin_loop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_runs_once_and_borrows_work() {
        let seen: Vec<AtomicUsize> = (0..4).map(|_| AtomicUsize::new(0)).collect();
        let team = Team::take(3);
        assert_eq!(team.threads(), 4);
        for _ in 0..50 {
            team.run(&|i| {
                seen[i].fetch_add(1, Ordering::Relaxed);
            });
        }
        assert!(seen.iter().all(|s| s.load(Ordering::Relaxed) == 50));
    }

    #[test]
    fn a_helper_panic_reaches_the_caller_and_the_team_goes_on() {
        let r = panic::catch_unwind(|| {
            Team::take(2).run(&|i| {
                if i == 2 {
                    panic!("helper {i} fails");
                }
            })
        });
        let msg = r.expect_err("the panic is raised again");
        assert_eq!(msg.downcast_ref::<String>().map(String::as_str), Some("helper 2 fails"));
        let count = AtomicUsize::new(0);
        Team::take(2).run(&|_| {
            count.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(count.load(Ordering::Relaxed), 3);
    }
}
