//! Ctrl-C and a closed terminal during a game. Ctrl-C while the machine
//! thinks stops the search (it plays the best move found so far); at a
//! prompt, Ctrl-C and SIGHUP end the session, which leaves its autosave. The
//! handler itself is in the runtime, with the other signal handlers.

use std::io::{self, Read};
use std::os::fd::AsRawFd;

pub use crate::runtime::signals::{
    catch_interrupts as catch, interrupt_pending as pending, take_interrupt as take,
};
use crate::runtime::signals::{interrupt_pending, wait_for_input_or_interrupt};

/// A reader whose read, interrupted by a caught signal, ends the input
/// (the standard library would read again and wait on).
pub struct Interruptible<R>(pub R);

impl<R: Read + AsRawFd> Read for Interruptible<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if wait_for_input_or_interrupt(self.0.as_raw_fd()) {
            return Ok(0);
        }
        loop {
            match self.0.read(buf) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted && interrupt_pending() => return Ok(0),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                other => return other,
            }
        }
    }
}
