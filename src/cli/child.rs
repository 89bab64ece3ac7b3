//! Running a program of the user's and reading what it prints, for the
//! fixture runner and `perft-against`: it runs in a process group of its own
//! with this process as the subreaper of all it starts, so that a timeout (or
//! the end of the run) reaches every descendant, one that started a session of
//! its own included (a grandchild left holding the output pipe would otherwise
//! keep the reader waiting for ever); its output is read to a cap, so that one
//! that floods is stopped there; and killed itself (Ctrl-C, SIGTERM, a closed
//! terminal), this process takes the program with it.

use std::io::Read;
use std::process::{ChildStdout, Command, ExitStatus, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long the end of a run may take to stop what the program left behind.
const CLEANUP: Duration = Duration::from_secs(5);

/// A reader that ends after `cap` bytes, noting that there was more.
pub struct Capped<R> {
    inner: R,
    left: u64,
    over: Arc<AtomicBool>,
}

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left == 0 {
            // One byte more tells a full stop from the end of the output.
            let n = self.inner.read(&mut [0; 1])?;
            if n > 0 {
                self.over.store(true, Ordering::SeqCst);
            }
            return Ok(0);
        }
        let want = buf.len().min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..want])?;
        self.left -= n as u64;
        Ok(n)
    }
}

/// How a watched program's run ended.
pub enum Ended {
    /// It exited by itself.
    Exited(ExitStatus),
    /// It printed more than the cap and was stopped.
    OverCap,
    /// It was still running when the timeout (this long) ran out, and was stopped.
    TimedOut(Duration),
}

/// A watched program's end and what the reader made of its output: `None`
/// when a process it started still held the output after the cleanup.
pub struct Watched<T> {
    pub ended: Ended,
    pub read: Option<T>,
    /// Whether it printed more than the cap, even if it then exited by itself.
    pub over_cap: bool,
}

/// Starts `command` (stdout piped, stderr discarded, a process group of its
/// own) and hands its stdout, capped at `cap` bytes, to `read` on a thread of
/// its own; waits for it to exit, to print past the cap or to outlive
/// `timeout`, then stops everything it left behind.
pub fn watch<T: Send + 'static>(
    command: &mut Command,
    cap: u64,
    timeout: Duration,
    read: impl FnOnce(&mut Capped<ChildStdout>) -> T + Send + 'static,
) -> std::io::Result<Watched<T>> {
    use std::os::unix::process::CommandExt;
    crate::runtime::reaper::become_subreaper();
    // The group is registered before any signal can be handled.
    let (mut child, _on_signal) = crate::runtime::signals::holding_signals(|| {
        let child = command.stdout(Stdio::piped()).stderr(Stdio::null()).process_group(0).spawn()?;
        let on_signal = crate::runtime::signals::kill_group_on_signal(child.id());
        Ok::<_, std::io::Error>((child, on_signal))
    })?;
    let group = child.id();
    let kill_group = || crate::runtime::signals::kill_process_group(group);
    let over = Arc::new(AtomicBool::new(false));
    let mut stdout =
        Capped { inner: child.stdout.take().expect("stdout is piped"), left: cap, over: over.clone() };
    let (sender, reading) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(read(&mut stdout));
    });
    let started = Instant::now();
    let ended = loop {
        if let Some(status) = child.try_wait()? {
            break Ended::Exited(status);
        }
        // The reader stops at the cap: a program still printing would wait on
        // a full pipe until the timeout.
        let ended = if over.load(Ordering::SeqCst) {
            Ended::OverCap
        } else if started.elapsed() > timeout {
            Ended::TimedOut(started.elapsed())
        } else {
            std::thread::sleep(Duration::from_millis(5));
            continue;
        };
        kill_group();
        let _ = child.wait();
        break ended;
    };
    // Anything the program left running goes with it, in its group or not.
    kill_group();
    crate::runtime::reaper::kill_descendants(CLEANUP);
    let read = reading.recv_timeout(CLEANUP).ok();
    Ok(Watched { ended, read, over_cap: over.load(Ordering::SeqCst) })
}

/// What a program printed, once it has exited with status 0.
pub struct Printed(pub Vec<u8>);

/// Why a capped run printed nothing to use.
pub enum Unprinted {
    /// It was still running after the timeout, and was stopped.
    TimedOut,
    /// Anything else, in a few words.
    Failed(String),
}

/// Runs `program` (a program and its arguments) with `args` after them and
/// nothing on stdin; its stdout if it exits with status 0 within `timeout`
/// having printed at most `cap` bytes, else why not.
pub fn run_capped(
    program: &[String],
    args: &[&str],
    cap: u64,
    timeout: Duration,
) -> Result<Printed, Unprinted> {
    let mut command = Command::new(&program[0]);
    command.args(&program[1..]).args(args).stdin(Stdio::null());
    let watched = watch(&mut command, cap, timeout, |stdout| {
        let mut bytes = Vec::new();
        stdout.read_to_end(&mut bytes).map(|_| bytes)
    })
    .map_err(|e| Unprinted::Failed(format!("cannot be started: {e}")))?;
    let failed = |why: String| Err(Unprinted::Failed(why));
    let status = match watched.ended {
        Ended::Exited(status) => status,
        Ended::OverCap => return failed(format!("printed more than {cap} bytes")),
        Ended::TimedOut(_) => return Err(Unprinted::TimedOut),
    };
    let bytes = match watched.read {
        Some(Ok(bytes)) => bytes,
        Some(Err(e)) => return failed(format!("its output could not be read: {e}")),
        None => return failed("a process it started still holds its output".into()),
    };
    if watched.over_cap {
        return failed(format!("printed more than {cap} bytes"));
    }
    match status.code() {
        Some(0) => Ok(Printed(bytes)),
        Some(code) => failed(format!("exited with status {code}")),
        None => failed("was killed by a signal".into()),
    }
}
