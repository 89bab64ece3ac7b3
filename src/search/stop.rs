//! A request, from outside, to stop a machine's thinking early (a person's
//! Ctrl-C): the search unwinds as at a deadline, and the machine plays the
//! deepest choice it completed. Set from a signal handler, hence one atomic.

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
