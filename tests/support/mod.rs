#![allow(dead_code)]

pub mod browser;
pub mod naive_checkers;
pub mod ordering;
pub mod playing;
pub mod terminal;
pub mod written;

/// The course's checkers fixtures, read in place (never copied into the project):
/// the folder that `GAMETREE_COURSE_FIXTURES` named when the tests were built,
/// made absolute by the build script (which sets `has_course_fixtures` then).
const COURSE_FIXTURES: Option<&str> = option_env!("GAMETREE_COURSE_FIXTURES");

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Every `.rs` file under `dir`, at any depth, in path order.
pub fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort();
    out
}

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

/// Why a test is ignored in a clone without the course's data (an `ignore` attribute needs
/// the text itself; this is for messages).
pub const NEEDS_FIXTURES: &str = "the tests were built without the course's fixtures: set \
     GAMETREE_COURSE_FIXTURES to the folder that holds official/ and rulings/, as CI does";

/// The folder of course data `dir` (`official` or `rulings`), which the calling
/// (ignored) test needs: it fails, rather than passing untested, when it is missing.
pub fn course_data(dir: &str) -> std::path::PathBuf {
    let path = std::path::Path::new(COURSE_FIXTURES.expect(NEEDS_FIXTURES)).join(dir);
    assert!(path.is_dir(), "{}: {NEEDS_FIXTURES}", path.display());
    path
}

/// Graphviz's `dot`, which the calling (ignored) test needs: it fails when `dot`
/// is missing.
pub fn require_graphviz() {
    assert!(
        Command::new("dot").arg("-V").output().is_ok(),
        "Graphviz's dot is not installed; this test needs it (.ci/run installs it)"
    );
}

/// Every command's name, as the top-level help lists them.
pub fn commands() -> Vec<String> {
    let help = text(&run(&["--help"], "").stdout);
    let listed = help.split("Commands:\n").nth(1).expect("a list of commands");
    // A command's name starts its line; its description may go on below, indented further.
    let lines = listed.lines().take_while(|l| l.starts_with("  "));
    let names = lines.filter(|l| !l.starts_with("   ")).map(|l| l.split_whitespace().next().unwrap());
    names.filter(|&n| n != "help").map(String::from).collect()
}

/// A folder of the test's own under the system's temporary folder
/// (`gametree-TAG-PID`), empty when made and removed with everything in it
/// when dropped, also when the test fails: the suite leaves nothing behind.
pub struct Scratch(std::path::PathBuf);

impl Scratch {
    pub fn new(tag: &str) -> Scratch {
        let d = std::env::temp_dir().join(format!("gametree-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
        Scratch(d)
    }
}

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}
