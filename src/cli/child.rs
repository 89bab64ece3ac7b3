//! Running a program of the user's whose output is read whole, with the care
//! of the fixture runner: it runs in a process group of its own with this
//! process as the subreaper of all it starts, so that a timeout reaches every
//! descendant; its output is read to a cap, so that one that floods is stopped
//! there; and what it leaves behind is killed when it ends.

use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long the end of a run may take to stop what the program left behind.
const CLEANUP: Duration = Duration::from_secs(5);

/// What a program printed, once it has exited with status 0.
pub struct Printed(pub Vec<u8>);

/// Runs `program` (a program and its arguments) with `args` after them and
/// nothing on stdin; its stdout if it exits with status 0 within `timeout`
/// having printed at most `cap` bytes, else why not, in a few words.
pub fn run_capped(program: &[String], args: &[&str], cap: u64, timeout: Duration) -> Result<Printed, String> {
    use std::os::unix::process::CommandExt;
    crate::runtime::reaper::become_subreaper();
    let mut child = Command::new(&program[0])
        .args(&program[1..])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot be started: {e}"))?;
    let group = child.id();
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let (sender, printed) = mpsc::channel();
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        // One byte past the cap tells a full stop from the end of the output.
        let read = (&mut stdout).take(cap + 1).read_to_end(&mut bytes);
        let _ = sender.send(read.map(|_| bytes));
    });
    let started = Instant::now();
    let mut output = None;
    let ended = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break Ok(status);
        }
        // The reader stops at the cap: a program still printing would wait on
        // a full pipe until the timeout.
        if output.is_none() {
            output = printed.try_recv().ok();
        }
        if let Some(Ok(bytes)) = &output
            && bytes.len() as u64 > cap
        {
            break Err(format!("printed more than {cap} bytes"));
        }
        if started.elapsed() > timeout {
            break Err(format!("did not finish within {} s (--timeout)", timeout.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    crate::runtime::signals::kill_process_group(group);
    let _ = child.wait();
    crate::runtime::reaper::kill_descendants(CLEANUP);
    let status = ended?;
    let bytes = match output.map_or_else(|| printed.recv_timeout(CLEANUP), Ok) {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(e)) => return Err(format!("its output could not be read: {e}")),
        Err(_) => return Err("a process it started still holds its output".into()),
    };
    if bytes.len() as u64 > cap {
        return Err(format!("printed more than {cap} bytes"));
    }
    match status.code() {
        Some(0) => Ok(Printed(bytes)),
        Some(code) => Err(format!("exited with status {code}")),
        None => Err("was killed by a signal".into()),
    }
}
