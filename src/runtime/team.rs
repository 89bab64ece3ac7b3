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
//! unwind) before every helper that took it is done with it. A helper that has
//! not taken its part by the time the caller has finished its own loses it:
//! on a busy machine a helper may wait milliseconds for a CPU, and the caller
//! would wait with it.

use std::any::Any;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::{self, Thread};
use std::time::{Duration, Instant};

use super::placement;

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
    /// Set once the thread has been sent to where it is to start running.
    placed: AtomicBool,
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

    /// Runs `work(0)` on the calling thread and offers `work(1)` to
    /// `work(self.threads() - 1)` to the helpers, all at once; returns when the
    /// calling thread's part and every part a helper took are done. A helper that
    /// has not taken its part by the time the calling thread is done with its own
    /// is not waited for: its part is withdrawn and never runs (the helper may be
    /// queued behind another process). So a job must share its work out (from a
    /// common counter, say) rather than leave any of it to one index. A panic on
    /// a helper is raised again here, once every helper is done.
    pub fn run(&self, work: &(dyn Fn(usize) + Sync)) {
        let job = Job { work, done: AtomicUsize::new(0), panic: Mutex::new(None) };
        // SAFETY: only the lifetime is changed. `wait` keeps `job` (and so `work`)
        // alive until every helper that took it has counted itself done, after
        // its last use; one that did not take it never will.
        let erased: *mut Job<'static> = (&raw const job).cast_mut().cast();
        // Waits for the helpers even if `work(0)` panics: they borrow `job`.
        let wait = WaitFor { job: &job, offered: erased, helpers: &self.helpers };
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
    offered: *mut Job<'static>,
    helpers: &'j [Arc<Slot>],
}

impl Drop for WaitFor<'_, '_> {
    fn drop(&mut self) {
        // A helper takes the job by swapping it out of its slot; whichever of the
        // two swaps first decides whether the helper runs it.
        let took = self
            .helpers
            .iter()
            .filter(|slot| {
                let withdrawn = std::ptr::null_mut();
                slot.job
                    .compare_exchange(self.offered, withdrawn, Ordering::Acquire, Ordering::Relaxed)
                    .is_err()
            })
            .count();
        let mut spins = 0u32;
        while self.job.done.load(Ordering::Acquire) < took {
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
        placed: AtomicBool::new(false),
    });
    let helper = Arc::clone(&slot);
    let handle = thread::Builder::new().name("gametree-helper".into()).spawn(move || serve(&helper)).ok()?;
    let _ = slot.thread.set(handle.thread().clone());
    placement::away_from_here(&handle);
    slot.placed.store(true, Ordering::Release);
    // Not waiting for the thread to run: the program goes on reading its input.
    handle.thread().unpark();
    Some(slot)
}

/// A helper's life: wait for a job, run it, report, and again.
fn serve(slot: &Slot) {
    // Sleeping, not spinning: the helper may still share its starter's CPU.
    while !slot.placed.load(Ordering::Acquire) {
        thread::park();
    }
    placement::anywhere();
    loop {
        let job = wait_for_job(slot);
        // SAFETY: `Team::run` keeps the job alive until this helper counts itself done.
        let job = unsafe { &*job };
        let index = slot.index.load(Ordering::Relaxed);
        if let Err(p) = panic::catch_unwind(AssertUnwindSafe(|| (job.work)(index))) {
            *job.panic.lock().unwrap_or_else(|e| e.into_inner()) = Some(p);
        }
        // The last use of `job`: after this the caller may free it.
        job.done.fetch_add(1, Ordering::Release);
    }
}

fn wait_for_job(slot: &Slot) -> *mut Job<'static> {
    let awake_since = Instant::now();
    let mut spins = 0u32;
    loop {
        // Looked at before it is taken, so that waiting does not write to the
        // slot's cache line.
        if !slot.job.load(Ordering::Relaxed).is_null() {
            let job = slot.job.swap(std::ptr::null_mut(), Ordering::Acquire);
            if !job.is_null() {
                return job;
            }
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
    fn shared_work_is_all_done_once_and_no_part_runs_twice() {
        let team = Team::take(3);
        assert_eq!(team.threads(), 4);
        let items: Vec<AtomicUsize> = (0..1000).map(|_| AtomicUsize::new(0)).collect();
        for _ in 0..50 {
            let parts: Vec<AtomicUsize> = (0..4).map(|_| AtomicUsize::new(0)).collect();
            let next = AtomicUsize::new(0);
            team.run(&|i| {
                parts[i].fetch_add(1, Ordering::Relaxed);
                while let Some(item) = items.get(next.fetch_add(1, Ordering::Relaxed)) {
                    item.fetch_add(1, Ordering::Relaxed);
                }
            });
            assert_eq!(parts[0].load(Ordering::Relaxed), 1, "the caller's part always runs");
            assert!(parts.iter().all(|p| p.load(Ordering::Relaxed) <= 1));
        }
        assert!(items.iter().all(|n| n.load(Ordering::Relaxed) == 50));
    }

    #[test]
    fn a_helper_that_never_takes_its_part_is_not_waited_for() {
        // A slot with no thread behind it: the helper that is never scheduled.
        let absent = Arc::new(Slot {
            job: AtomicPtr::new(std::ptr::null_mut()),
            index: AtomicUsize::new(0),
            thread: OnceLock::new(),
            placed: AtomicBool::new(true),
        });
        let (tx, rx) = std::sync::mpsc::channel();
        let slot = Arc::clone(&absent);
        thread::spawn(move || {
            let mut team = Team { helpers: vec![slot] };
            let parts = [AtomicUsize::new(0), AtomicUsize::new(0)];
            team.run(&|i| {
                parts[i].fetch_add(1, Ordering::Relaxed);
            });
            // Not put back among the idle helpers: no other team may wait on it.
            team.helpers.clear();
            let _ = tx.send(parts.map(|p| p.load(Ordering::Relaxed)));
        });
        let parts = rx.recv_timeout(Duration::from_secs(10)).expect("run returns without the absent helper");
        assert_eq!(parts, [1, 0]);
        assert!(absent.job.load(Ordering::Relaxed).is_null(), "the part offered is withdrawn");
    }

    #[test]
    fn a_helper_panic_reaches_the_caller_and_the_team_goes_on() {
        let failing_started = AtomicBool::new(false);
        let r = panic::catch_unwind(|| {
            Team::take(2).run(&|i| match i {
                // The caller waits for helper 2 to take its part, so that it is
                // not withdrawn.
                0 => {
                    while !failing_started.load(Ordering::Acquire) {
                        std::hint::spin_loop();
                    }
                }
                2 => {
                    failing_started.store(true, Ordering::Release);
                    panic!("helper {i} fails");
                }
                _ => {}
            })
        });
        let msg = r.expect_err("the panic is raised again");
        assert_eq!(msg.downcast_ref::<String>().map(String::as_str), Some("helper 2 fails"));
        let next = AtomicUsize::new(0);
        let done = AtomicUsize::new(0);
        Team::take(2).run(&|_| {
            while next.fetch_add(1, Ordering::Relaxed) < 100 {
                done.fetch_add(1, Ordering::Relaxed);
            }
        });
        assert_eq!(done.load(Ordering::Relaxed), 100);
    }
}
