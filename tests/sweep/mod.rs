//! The hostile sweep of issue 35: nothing a user has is lost, nothing runs
//! away or hangs. Each test drives the real binary the way the sweep did
//! (shell redirections, descriptors, limits set in the child, signals).

mod budgets;
mod messages;
mod outputs;
mod reading;
mod signals;

use crate::support::{self, run};
use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_gametree");

fn scratch(tag: &str) -> support::Scratch {
    support::Scratch::new(&format!("sweep-{tag}"))
}

/// Runs `script` in `sh` with `$G` the binary, in `dir`.
fn shell(dir: &Path, script: &str) -> Output {
    Command::new("sh")
        .args(["-c", script])
        .env("G", BIN)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Asserts the run ended with `status` and said `needle`, with no panic.
fn ended(out: &Output, status: i32, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(status), "{err}");
    assert!(err.contains(needle), "{err:?} lacks {needle:?}");
    assert!(!err.contains("panicked") && !err.contains("internal error"), "{err}");
}

/// A saved game to stand for any file the shell opened as input.
fn saved_game(dir: &Path) -> (std::path::PathBuf, Vec<u8>) {
    let path = dir.join("g.save");
    let text = b"gametree saved game 1\ngame tictactoe\n".to_vec();
    fs::write(&path, &text).unwrap();
    (path, text)
}

/// Runs the binary with `args` and a limit set in the child before it starts.
fn limited(args: &[&str], resource: libc::__rlimit_resource_t, bytes: u64) -> Output {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new(BIN);
    cmd.args(args).stdin(Stdio::null());
    // SAFETY: between fork and exec only async-signal-safe calls, on values
    // owned by the closure.
    unsafe {
        cmd.pre_exec(move || {
            let limit = libc::rlimit { rlim_cur: bytes, rlim_max: bytes };
            // A file over RLIMIT_FSIZE fails its write (EFBIG), as on a full
            // disk, instead of killing the process.
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            if libc::setrlimit(resource, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    cmd.output().unwrap()
}
