#![allow(dead_code)]

pub mod browser;
pub mod naive_checkers;

/// The official checkers fixtures, read in place (never copied into the project).
pub const OFFICIAL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/fixtures/checkers/official");
pub const RULINGS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/fixtures/checkers/rulings");

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the gametree binary with `stdin` as its input.
pub fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The program may stop reading early; a broken pipe here is fine.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_ref());
    child.wait_with_output().unwrap()
}

/// Runs the same command twice and checks both runs print the same: for seeded
/// machine games. Returns that output.
pub fn same_twice(args: &[&str]) -> String {
    let (a, b) = (run(args, ""), run(args, ""));
    assert_eq!(a.stdout, b.stdout, "{args:?} printed different games");
    text(&a.stdout)
}

/// Output as text (it is always UTF-8).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Whether Graphviz's `dot` is installed. CI must have it (`.ci/run` installs it);
/// elsewhere its absence skips the rendering checks, with a message.
pub fn graphviz() -> bool {
    let found = Command::new("dot").arg("-V").output().is_ok();
    if !found {
        assert!(std::env::var_os("CI").is_none(), "CI must have Graphviz's dot installed");
        eprintln!("SKIPPED: Graphviz's dot is not installed");
    }
    found
}
