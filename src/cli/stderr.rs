//! Standard error, where every message of the command line goes: written with
//! anything a terminal would act on escaped, and never a panic when it cannot
//! be written (a failed write is remembered: the exit status says so, 4).

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once a write to stderr has failed: the message is lost, the status
/// says so (4).
static STDERR_FAILED: AtomicBool = AtomicBool::new(false);

/// Writes `text` to stderr, with anything a terminal would act on escaped
/// (whatever input a message quotes); a failed write is remembered, never a
/// panic, as `eprintln!`'s would be.
pub fn to_stderr(text: &str) {
    let text = crate::game::printable(text);
    let mut err = io::stderr().lock();
    if err.write_all(text.as_bytes()).and_then(|()| err.flush()).is_err() {
        STDERR_FAILED.store(true, Ordering::Relaxed);
    }
}

/// Says one line on stderr, `gametree: MESSAGE`: every message of the
/// command line goes through here.
pub fn say(message: impl std::fmt::Display) {
    to_stderr(&format!("gametree: {message}\n"));
}

/// Whether a write to stderr failed.
pub fn stderr_failed() -> bool {
    STDERR_FAILED.load(Ordering::Relaxed)
}
