//! A request, from outside, to stop early (a person's Ctrl-C): a search
//! unwinds as at a deadline, and the machine plays the deepest choice it
//! completed; a tree build and the solver give up with nothing (the
//! Python module's Ctrl-C). Set from a signal handler, hence one atomic.
//! Beside the limits, below both the builders and the searches that heed it.

use std::sync::atomic::{AtomicBool, Ordering};

static STOP: AtomicBool = AtomicBool::new(false);

/// Asks the running search to stop (async-signal-safe: one atomic store).
pub fn request() {
    STOP.store(true, Ordering::SeqCst);
}

/// Whether a stop was asked for and not yet taken.
pub fn requested() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// Takes the request: whether there was one.
pub fn take() -> bool {
    STOP.swap(false, Ordering::SeqCst)
}

/// How a job run by [`watched`] ended.
pub enum Watched<T> {
    /// It ended with this.
    Done(T),
    /// A stop was asked for first; the job heeded it and what it gave is dropped.
    Asked,
    /// It panicked (a bug), with the panic's message.
    Panicked(String),
}

/// Runs `job` on a thread of its own while the calling thread watches for a
/// stop (a door whose caller waits, Python's: its Ctrl-C is heard only on
/// the calling thread). Every 50 ms, or as the job ends, `asked` says whether
/// a stop is wanted; on one the job is asked through [`request`], which a
/// tree build, the solver, MCTS, alpha-beta and perft heed within
/// milliseconds, and waited for. `release` runs each wait, so that a door can
/// let its other threads run meanwhile (Python's GIL). A request the job
/// ended before heeding is taken, so that it stops no later job; a panic is
/// caught and said rather than unwound into the door.
pub fn watched<T: Send>(
    job: impl FnOnce() -> T + Send,
    release: impl Fn(&mut (dyn FnMut() + Send)),
    mut asked: impl FnMut() -> bool,
) -> Watched<T> {
    use std::panic::{AssertUnwindSafe, catch_unwind};
    use std::time::Duration;
    let ended = AtomicBool::new(false);
    let caller = std::thread::current();
    std::thread::scope(|s| {
        let worker = s.spawn(|| {
            let r = catch_unwind(AssertUnwindSafe(job));
            ended.store(true, Ordering::SeqCst);
            caller.unpark();
            r
        });
        let mut stopped = false;
        while !ended.load(Ordering::SeqCst) {
            release(&mut || std::thread::park_timeout(Duration::from_millis(50)));
            if !ended.load(Ordering::SeqCst) && asked() {
                request();
                stopped = true;
                break;
            }
        }
        let (mut worker, mut result) = (Some(worker), None);
        release(&mut || result = worker.take().map(|w| w.join().expect("the job's panic is caught")));
        if stopped {
            take();
            return Watched::Asked;
        }
        match result.expect("the job was joined") {
            Ok(r) => Watched::Done(r),
            Err(panic) => Watched::Panicked(
                panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "a panic".to_string()),
            ),
        }
    })
}
