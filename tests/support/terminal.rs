//! A program in a real pseudo-terminal, driven as a person at the keyboard
//! would drive it: type a line, wait for a prompt, read what came before it.
//!
//! The tests' own, over libc (a dependency of the crate already): the
//! expect-style crates pulled a regex engine and nix into every test build for
//! the handful of calls made here.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long `expect` waits for its text before the test fails.
const PATIENCE: Duration = Duration::from_secs(30);

/// What the program has written so far, and whether it has closed the terminal.
#[derive(Default)]
struct Screen {
    bytes: Vec<u8>,
    closed: bool,
}

/// A program running in a pseudo-terminal of 80 columns and 24 rows, the
/// terminal its controlling terminal, with echo off until `set_echo(true)`.
pub struct Terminal {
    child: Child,
    /// The terminal's end, until `hang_up` closes it.
    master: Option<File>,
    /// The reader's own descriptor of that end goes when it stops.
    reader: Option<(JoinHandle<()>, Arc<AtomicBool>)>,
    screen: Arc<(Mutex<Screen>, Condvar)>,
    /// Where in `screen.bytes` the next `expect` starts looking.
    read_to: usize,
    waited: Option<i32>,
    /// A folder the program uses, removed only after the program has ended.
    keep: Option<super::Scratch>,
}

fn check(r: libc::c_int, what: &str) {
    assert!(r >= 0, "{what}: {}", std::io::Error::last_os_error());
}

impl Terminal {
    pub fn spawn(mut cmd: Command) -> Terminal {
        let (mut master, mut slave) = (0, 0);
        let size = libc::winsize { ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0 };
        // SAFETY: openpty writes two descriptors it opened into the two ints;
        // the name pointer may be null and the termios pointer is null (defaults).
        check(
            unsafe { libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null(), &size) },
            "openpty",
        );
        // Close-on-exec, so that the programs other tests start at the same
        // time do not inherit this terminal and keep it open after its own
        // program has ended (openpty sets no such flag).
        for fd in [master, slave] {
            // SAFETY: fcntl on a descriptor just opened here, setting a flag only.
            check(unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) }, "fcntl");
        }
        // SAFETY: both descriptors were just opened by openpty and are owned here alone.
        let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let terminal_fd = slave.as_raw_fd();
        set_echo_on(terminal_fd, false);
        let dup = || Stdio::from(slave.try_clone().expect("a descriptor for the terminal"));
        cmd.stdin(dup()).stdout(dup()).stderr(dup());
        // SAFETY: between fork and exec only async-signal-safe calls: a new
        // session, whose controlling terminal becomes the pty (standard input),
        // so that Ctrl-C reaches the program as SIGINT, as at a real terminal.
        unsafe {
            cmd.pre_exec(|| {
                if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY as _, 0) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = cmd.spawn().expect("the program starts in a pty");
        // Only the child holds the terminal's end now, so its exit closes it.
        drop(slave);
        let master = File::from(master);
        let screen = Arc::new((Mutex::new(Screen::default()), Condvar::new()));
        let mut reader = master.try_clone().expect("a second descriptor for the pty");
        let shared = Arc::clone(&screen);
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let reading = std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            loop {
                // Waits a moment at a time, so that `hang_up` can stop it and
                // close its descriptor: a read would block until the program
                // closed the terminal, which a hang-up is to make it do.
                let mut ready = libc::pollfd { fd: reader.as_raw_fd(), events: libc::POLLIN, revents: 0 };
                // SAFETY: poll reads and writes the one pollfd it is given.
                let polled = unsafe { libc::poll(&mut ready, 1, 20) };
                if stopped.load(Ordering::SeqCst) {
                    return;
                }
                if polled <= 0 {
                    continue;
                }
                // Linux answers EIO once the last descriptor of the terminal's
                // end is closed; a signal landing in this process only
                // interrupts the read, which is not the end of the screen.
                let n = match reader.read(&mut buf) {
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    r => r.unwrap_or(0),
                };
                let (lock, ready) = &*shared;
                let mut s = lock.lock().unwrap();
                if n == 0 {
                    s.closed = true;
                    ready.notify_all();
                    return;
                }
                s.bytes.extend_from_slice(&buf[..n]);
                ready.notify_all();
            }
        });
        Terminal {
            child,
            master: Some(master),
            reader: Some((reading, stop)),
            screen,
            read_to: 0,
            waited: None,
            keep: None,
        }
    }

    /// Keeps `dir` until the terminal is dropped (after the program).
    pub fn keeping(mut self, dir: super::Scratch) -> Terminal {
        self.keep = Some(dir);
        self
    }

    /// Waits until the program has written `needle` past what earlier calls
    /// consumed; returns the text before it, and consumes both.
    pub fn expect(&mut self, needle: &str) -> String {
        let needle_bytes = needle.as_bytes();
        let (found, at) = self.wait_for(|s, from| {
            s.bytes[from..].windows(needle_bytes.len()).position(|w| w == needle_bytes).map(|k| from + k)
        });
        match found {
            Some(k) => {
                let before = String::from_utf8_lossy(&at[self.read_to..k]).into_owned();
                self.read_to = k + needle_bytes.len();
                before
            }
            None => panic!("no {needle:?} after {:?}", String::from_utf8_lossy(&at[self.read_to..])),
        }
    }

    /// Waits until the program closes the terminal (it ended); returns the rest of its output.
    pub fn expect_end(&mut self) -> String {
        let (closed, at) = self.wait_for(|s, _| s.closed.then_some(s.bytes.len()));
        let rest = String::from_utf8_lossy(&at[self.read_to..]).into_owned();
        assert!(closed.is_some(), "the program did not end; it wrote {rest:?}");
        self.read_to = at.len();
        rest
    }

    /// Waits up to PATIENCE for `done` to find something in the screen from
    /// `read_to` on; returns what it found and the screen's bytes then.
    fn wait_for(&self, done: impl Fn(&Screen, usize) -> Option<usize>) -> (Option<usize>, Vec<u8>) {
        let (lock, ready) = &*self.screen;
        let deadline = Instant::now() + PATIENCE;
        let mut s = lock.lock().unwrap();
        loop {
            if let Some(k) = done(&s, self.read_to) {
                return (Some(k), s.bytes.clone());
            }
            let now = Instant::now();
            if s.closed || now >= deadline {
                return (None, s.bytes.clone());
            }
            s = ready.wait_timeout(s, deadline - now).unwrap().0;
        }
    }

    /// Types `text`, as raw bytes (b"\x03" is Ctrl-C, b"\x04" Ctrl-D).
    pub fn send(&mut self, text: &[u8]) {
        self.master().write_all(text).expect("typing into the pty");
    }

    /// Types `line` and Enter.
    pub fn send_line(&mut self, line: impl AsRef<str>) {
        self.send(format!("{}\n", line.as_ref()).as_bytes());
    }

    /// Echo on or off, as `stty echo` would set it.
    pub fn set_echo(&mut self, on: bool) {
        // Linux applies a master's terminal settings to its terminal end.
        set_echo_on(self.master().as_raw_fd(), on);
    }

    fn master(&self) -> &File {
        self.master.as_ref().expect("the terminal is open (not hung up)")
    }

    /// Closes the terminal's end, as closing the terminal window does: the
    /// last descriptor of it goes (the reader's too), and the program gets
    /// SIGHUP and end of file.
    pub fn hang_up(&mut self) {
        if let Some((reading, stop)) = self.reader.take() {
            stop.store(true, Ordering::SeqCst);
            reading.join().expect("the pty's reader");
        }
        let master = self.master.take().expect("the terminal is open (not hung up)");
        assert!(master.as_raw_fd() > 2);
        drop(master);
    }

    /// Sends the program a signal (SIGHUP: the terminal window was closed).
    pub fn signal(&mut self, sig: libc::c_int) {
        // SAFETY: kill takes a process id (the child's, not yet reaped) and a signal number.
        check(unsafe { libc::kill(self.child.id() as libc::pid_t, sig) }, "kill");
    }

    /// The status the program exited with; it must have exited, not been killed.
    pub fn exit_status(&mut self) -> i32 {
        if let Some(code) = self.waited {
            return code;
        }
        let status = self.child.wait().expect("waiting for the program");
        let code = status.code().unwrap_or_else(|| panic!("not an exit: {status:?}"));
        self.waited = Some(code);
        code
    }
}

fn set_echo_on(fd: libc::c_int, on: bool) {
    // SAFETY: termios is plain data, filled in by tcgetattr before it is read.
    unsafe {
        let mut t: libc::termios = std::mem::zeroed();
        check(libc::tcgetattr(fd, &mut t), "tcgetattr");
        if on {
            t.c_lflag |= libc::ECHO;
        } else {
            t.c_lflag &= !libc::ECHO;
        }
        check(libc::tcsetattr(fd, libc::TCSANOW, &t), "tcsetattr");
    }
}

impl Drop for Terminal {
    /// A test that fails half-way leaves no program behind.
    fn drop(&mut self) {
        if self.waited.is_none() && matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
