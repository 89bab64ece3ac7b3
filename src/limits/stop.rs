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
