//! A stdout the shell closed before the program started (`>&-`). Rust's
//! runtime puts `/dev/null` in its place before `main`, so that no file the
//! program opens takes its number, and Rust's stdout treats a closed
//! descriptor's error as success: output was dropped and the status was 0.
//! Run before the runtime (the binary registers [`at_start`] as an ELF
//! constructor), this puts `/dev/full` there instead: the number is still
//! taken, and every write fails, which the command line reports as any
//! failed output (status 4). A closed stderr is left to the runtime: a
//! message lost there keeps the command's own status.

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether stdout was closed when the program started.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// Notes whether stdout was closed, and puts `/dev/full` in its place. For
/// the binary to run before `main`; a program that only links the library
/// never calls it.
pub extern "C" fn at_start() {
    let fd = libc::STDOUT_FILENO;
    // SAFETY: fcntl's F_GETFD only asks about a descriptor number.
    if unsafe { libc::fcntl(fd, libc::F_GETFD) } != -1 {
        return;
    }
    CLOSED.store(true, Ordering::Relaxed);
    // SAFETY: open of a constant C string; dup2 and close on the descriptor
    // just opened (stdin's number, when it was closed too, is left free
    // again for the runtime to fill).
    unsafe {
        let full = libc::open(c"/dev/full".as_ptr(), libc::O_WRONLY);
        if full >= 0 && full != fd {
            libc::dup2(full, fd);
            libc::close(full);
        }
    }
}

/// Whether stdout was closed when the program started.
pub fn stdout_closed_at_start() -> bool {
    CLOSED.load(Ordering::Relaxed)
}
