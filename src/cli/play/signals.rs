//! Ctrl-C and a closed terminal during a game. Ctrl-C while the machine
//! thinks stops the search (it plays the best move found so far); at a
//! prompt, Ctrl-C and SIGHUP end the session, which leaves its autosave. The
//! handler only stores atomics, so it is async-signal-safe.

use std::io::{self, Read};
use std::sync::atomic::{AtomicI32, Ordering};

use crate::search::stop;

/// The last signal caught and not yet taken (0: none).
static CAUGHT: AtomicI32 = AtomicI32::new(0);

extern "C" fn on_signal(signal: libc::c_int) {
    CAUGHT.store(signal, Ordering::SeqCst);
    stop::request();
}

/// Catches SIGINT and SIGHUP from here on. Installed again before each read
/// and each machine move: writing a file installs its own handler, which
/// removes a half-written file and then dies of the signal.
pub fn catch() {
    for signal in [libc::SIGINT, libc::SIGHUP] {
        // SAFETY: a zeroed sigaction is valid (empty mask, no flags); the
        // handler only stores atomics. No SA_RESTART: a read at a prompt is
        // interrupted, so the session learns of the signal.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

/// The signal caught since the last call, if any.
pub fn take() -> Option<libc::c_int> {
    match CAUGHT.swap(0, Ordering::SeqCst) {
        0 => None,
        s => Some(s),
    }
}

/// Whether a signal was caught and not yet taken.
pub fn pending() -> bool {
    CAUGHT.load(Ordering::SeqCst) != 0
}

/// A reader whose read, interrupted by a caught signal, ends the input
/// (the standard library would read again and wait on).
pub struct Interruptible<R>(pub R);

impl<R: Read> Read for Interruptible<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            match self.0.read(buf) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted && pending() => return Ok(0),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                other => return other,
            }
        }
    }
}

/// The exit status after Ctrl-C at a prompt, as a shell reports a process
/// ended by SIGINT.
pub const INTERRUPTED: u8 = 130;

/// The exit status after the terminal closed (SIGHUP).
pub const HANGUP: u8 = 129;
