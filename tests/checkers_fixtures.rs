//! The checkers protocol through the real binary: official fixtures read in place,
//! the rulings, and the project's own fixtures in `fixtures/checkers/`.

use crate::support;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use support::naive_checkers as naive;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");
const OWN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/checkers");

/// `NAME.txt` files that have a `NAME-out.txt` partner, sorted.
fn pairs(dir: &Path) -> Vec<(String, PathBuf, PathBuf)> {
    let mut v: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            let stem = p.file_name()?.to_str()?.strip_suffix(".txt")?.to_string();
            let out = dir.join(format!("{stem}-out.txt"));
            (!stem.ends_with("-out") && out.is_file()).then_some((stem, p, out))
        })
        .collect();
    v.sort();
    v
}

fn run_file(input: &Path) -> Output {
    Command::new(BIN).arg("checkers").arg(input).output().unwrap()
}

fn run_stdin(bytes: &[u8]) -> Output {
    let mut child = Command::new(BIN)
        .arg("checkers")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(bytes).unwrap();
    child.wait_with_output().unwrap()
}

/// The status the spec gives an output: 1 after an `ERROR:` line, else 0.
fn status_from_output(expected: &[u8]) -> i32 {
    let text = String::from_utf8_lossy(expected);
    if text.lines().any(|l| l.starts_with("ERROR: ")) { 1 } else { 0 }
}

fn check_dir(dir: &Path, expected_status: impl Fn(&str, &[u8]) -> i32) -> usize {
    let pairs = pairs(dir);
    for (name, input, out) in &pairs {
        let expected = fs::read(out).unwrap();
        let status = expected_status(name, &expected);
        let by_file = run_file(input);
        assert!(by_file.stdout == expected, "{name}: stdout differs from {}", out.display());
        assert_eq!(by_file.status.code(), Some(status), "{name}: exit status");
        let by_stdin = run_stdin(&fs::read(input).unwrap());
        assert!(by_stdin.stdout == expected, "{name}: stdout via stdin differs");
        assert_eq!(by_stdin.status.code(), Some(status), "{name}: exit status via stdin");
    }
    pairs.len()
}

#[test]
#[cfg_attr(not(has_course_fixtures), ignore = "needs the course fixtures: set GAMETREE_COURSE_FIXTURES")]
fn official_fixtures_are_byte_identical() {
    let dir = support::course_data("official");
    assert_eq!(check_dir(&dir, |_, out| status_from_output(out)), 9);
}

#[test]
#[cfg_attr(not(has_course_fixtures), ignore = "needs the course fixtures: set GAMETREE_COURSE_FIXTURES")]
fn ruling_examples_are_byte_identical() {
    let dir = support::course_data("rulings");
    assert_eq!(check_dir(&dir, |_, out| status_from_output(out)), 2);
}

fn own_status(name: &str) -> i32 {
    match fs::read_to_string(Path::new(OWN).join(format!("{name}.exit"))) {
        Ok(s) => s.trim().parse().unwrap(),
        Err(_) => 0,
    }
}

#[test]
fn own_fixtures_are_byte_identical() {
    let n = check_dir(Path::new(OWN), |name, _| own_status(name));
    assert!(n >= 20, "only {n} own fixtures found");
}

/// The golden outputs were written by this program; the naive oracle, which shares
/// no code with it, must agree with every one of them.
#[test]
fn own_fixtures_agree_with_the_naive_oracle() {
    for (name, input, out) in pairs(Path::new(OWN)) {
        let input = String::from_utf8(fs::read(input).unwrap()).unwrap();
        let (text, status) = naive::protocol(&input, 3);
        assert_eq!(text, fs::read_to_string(out).unwrap(), "{name}");
        assert_eq!(status, own_status(&name), "{name}");
    }
}

#[test]
fn own_fixtures_cover_what_the_issue_asks_for() {
    let all: String =
        pairs(Path::new(OWN)).iter().map(|(_, _, out)| fs::read_to_string(out).unwrap()).collect();
    for error in [
        "ERROR: Source cell is outside of the board.",
        "ERROR: Target cell is outside of the board.",
        "ERROR: Source cell is empty.",
        "ERROR: Target cell is not empty.",
        "ERROR: Source cell holds opponent's piece/tower.",
        "ERROR: Illegal action.",
    ] {
        assert!(all.contains(error), "no fixture prints {error}");
    }
    assert!(all.contains("| B |") && all.contains("| W |"), "towers of both colours");
    let read = |n: &str| fs::read_to_string(Path::new(OWN).join(n)).unwrap();
    let ended_in_input = read("ends-during-input-out.txt");
    assert!(ended_in_input.ends_with("WIN!\n") && !ended_in_input.contains("*** "));
    let ended_in_a = read("ends-during-a-out.txt");
    assert_eq!(ended_in_a.matches("*** ").count(), 1);
    assert!(ended_in_a.ends_with("WIN!\n"));
    let ended_in_p = read("ends-during-p-out.txt");
    assert!((2..10).contains(&ended_in_p.matches("*** ").count()));
    assert!(ended_in_p.ends_with("WIN!\n"));
    assert!(fs::read(Path::new(OWN).join("crlf.txt")).unwrap().windows(2).any(|w| w == b"\r\n"));
}

#[test]
fn crlf_blank_lines_and_spacing_change_nothing() {
    let clean = run_stdin(b"G6-F5\nH3-G4\nF5-H3\nA\n");
    for variant in [
        &b"G6-F5\r\nH3-G4\r\nF5-H3\r\nA\r\n"[..],
        b"\n\nG6-F5\n\n  H3-G4\t\nF5-H3\nA",
        b"G6-F5\nH3-G4\nF5-H3\nA\nanything at all\n",
    ] {
        let out = run_stdin(variant);
        assert_eq!(out.stdout, clean.stdout);
        assert_eq!(out.status.code(), Some(0));
    }
}

#[test]
fn a_malformed_line_keeps_earlier_output_and_is_named_on_stderr() {
    let out = run_stdin(b"G6-F5\nH3-G4\n\nG6F5\nA\n");
    assert_eq!(out.status.code(), Some(2));
    let good = run_stdin(b"G6-F5\nH3-G4\n");
    assert_eq!(out.stdout, good.stdout, "everything before the bad line is printed");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("<stdin>:4:") && err.contains("\"G6F5\"") && err.contains("G6-F5"), "{err}");

    let path = Path::new(OWN).join("malformed-letter.txt");
    let err = String::from_utf8(run_file(&path).stderr).unwrap();
    assert!(err.contains("malformed-letter.txt:3:"), "{err}");
}

#[test]
fn unreadable_input_is_a_clear_error() {
    let out = Command::new(BIN).args(["checkers", "/no/such/file.txt"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("/no/such/file.txt"));
    let out = Command::new(BIN).args(["checkers", env!("CARGO_MANIFEST_DIR")]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(!String::from_utf8(out.stderr).unwrap().contains("panicked"));
}

#[test]
fn fixtures_command_reports_passes_and_the_first_difference() {
    let dir = crate::support::Scratch::new("fixtures");
    fs::write(dir.join("good.txt"), "G6-F5\n").unwrap();
    fs::write(dir.join("good-out.txt"), naive::protocol("G6-F5\n", 3).0).unwrap();
    fs::write(dir.join("bad.txt"), "G6-F5\nH3-G4\n").unwrap();
    let wrong = naive::protocol("G6-F5\nH3-G4\n", 3).0.replacen("WHITE ACTION #2", "WHITE ACTION #3", 1);
    fs::write(dir.join("bad-out.txt"), wrong).unwrap();
    fs::write(dir.join("lonely.txt"), "A\n").unwrap();
    let out = Command::new(BIN).arg("fixtures").arg(&dir).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("PASS good"), "{text}");
    assert!(text.contains("FAIL bad"), "{text}");
    assert!(
        text.contains("line 44: expected \"WHITE ACTION #3: H3-G4\\n\", got \"WHITE ACTION #2: H3-G4\\n\""),
        "{text}"
    );
    assert!(!text.contains("lonely"), "{text}");
    assert!(text.contains("1 passed, 1 failed"), "{text}");

    // Any program can be checked: `cat` echoes the input, which fails every fixture.
    let out = Command::new(BIN).arg("fixtures").arg(&dir).args(["--cmd", "cat"]).output().unwrap();
    assert!(String::from_utf8(out.stdout).unwrap().contains("0 passed, 2 failed"));
}

#[test]
#[cfg_attr(not(has_course_fixtures), ignore = "needs the course fixtures: set GAMETREE_COURSE_FIXTURES")]
fn fixtures_command_passes_the_official_suite() {
    let dir = support::course_data("official");
    let out = Command::new(BIN).arg("fixtures").arg(dir).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("9 passed, 0 failed"), "{text}");
}
