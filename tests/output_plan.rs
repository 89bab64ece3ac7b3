//! One output plan per request (issue 48): every file `analyse` reads and
//! writes, the chart of `--search deepening` with the exports, checked
//! together before anything is built and written all or none.

use crate::support::Scratch;

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_gametree");

/// The command, run in `dir` with `stdin` read from the file `from` (or
/// nothing).
fn run_in(dir: &Path, args: &[&str], from: Option<&Path>) -> Output {
    let stdin = match from {
        Some(f) => Stdio::from(fs::File::open(f).unwrap()),
        None => Stdio::null(),
    };
    Command::new(BIN).current_dir(dir).args(args).stdin(stdin).output().unwrap()
}

/// Exit status `code`, and one line on stderr holding `says`.
fn ended(out: &Output, code: i32, says: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{err}");
    assert!(err.contains(says), "{err:?} does not say {says:?}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

const DEEPENING: [&str; 5] = ["analyse", "tictactoe", "--depth", "2", "--search"];

/// `analyse ... --search deepening ARGS`.
fn deepening<'a>(args: &[&'a str]) -> Vec<&'a str> {
    DEEPENING.iter().copied().chain(["deepening"]).chain(args.iter().copied()).collect()
}

#[test]
fn the_chart_never_replaces_the_tree_it_charts() {
    let dir = Scratch::new("plan-chart-input");
    fs::write(dir.join("tr.txt"), "((3 12 8) (2 4 6) (14 5 2))\n").unwrap();
    let out = run_in(
        &dir,
        &["analyse", "tree", "--position", "@tr.txt", "--search", "deepening", "--chart", "tr.txt"],
        None,
    );
    ended(&out, 2, "--chart tr.txt would overwrite the input --position @tr.txt");
    assert_eq!(fs::read_to_string(dir.join("tr.txt")).unwrap(), "((3 12 8) (2 4 6) (14 5 2))\n");
    // By another name of the file, too.
    let out = run_in(
        &dir,
        &["analyse", "tree", "--position", "@tr.txt", "--search", "deepening", "--chart", "./tr.txt"],
        None,
    );
    ended(&out, 2, "would overwrite the input --position @tr.txt");
    assert_eq!(fs::read_to_string(dir.join("tr.txt")).unwrap(), "((3 12 8) (2 4 6) (14 5 2))\n");
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "something was written");
}

#[test]
fn the_chart_is_never_written_over_standard_input() {
    let dir = Scratch::new("plan-chart-stdin");
    let file = dir.join("kept.txt");
    fs::write(&file, "kept\n").unwrap();
    let out = run_in(&dir, &deepening(&["--chart", "/dev/stdin"]), Some(&file));
    ended(&out, 2, "--chart /dev/stdin would write over standard input, which is open only for reading");
    assert_eq!(fs::read_to_string(&file).unwrap(), "kept\n");
}

#[test]
fn the_chart_and_an_export_never_share_a_file_or_stdout() {
    let dir = Scratch::new("plan-chart-export");
    let out = run_in(&dir, &deepening(&["--chart", "x", "--json", "x"]), None);
    ended(&out, 2, "--json and --chart both write x; give each export its own file");
    assert!(!dir.join("x").exists(), "x was written");
    let out = run_in(&dir, &deepening(&["--json", "x", "--chart", "./x"]), None);
    ended(&out, 2, "--json and --chart both write x and ./x, one file");
    // Both on stdout would mix an SVG and a JSON document in one stream.
    let out = run_in(&dir, &deepening(&["--chart", "-", "--json", "-"]), None);
    ended(&out, 2, "--json and --chart both write stdout, where they would mix");
    assert!(out.stdout.is_empty(), "{}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0, "something was written");
    // Alone on stdout, the chart is all there is there.
    let out = run_in(&dir, &deepening(&["--chart", "-"]), None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout.starts_with(b"<svg") || out.stdout.starts_with(b"<?xml"));
}

#[test]
fn the_chart_and_the_exports_are_written_all_or_none() {
    let dir = Scratch::new("plan-chart-all-or-none");
    let out = run_in(&dir, &deepening(&["--chart", "ok.svg", "--json", "/nonexistent/dir/x.json"]), None);
    ended(&out, 4, "/nonexistent/dir/x.json");
    assert!(!dir.join("ok.svg").exists(), "the chart was written though the command failed");
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0, "a temporary was left");
    // An old chart stays as it was.
    fs::write(dir.join("ok.svg"), "old").unwrap();
    let out = run_in(&dir, &deepening(&["--chart", "ok.svg", "--json", "/nonexistent/dir/x.json"]), None);
    assert_eq!(out.status.code(), Some(4));
    assert_eq!(fs::read_to_string(dir.join("ok.svg")).unwrap(), "old");
    // And when everything can be written, everything is.
    let out = run_in(&dir, &deepening(&["--chart", "ok.svg", "--json", "x.json"]), None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(fs::read_to_string(dir.join("ok.svg")).unwrap().contains("<svg"));
    assert!(fs::read_to_string(dir.join("x.json")).unwrap().contains("\"nodes\""));
}

#[test]
fn a_quiz_over_standard_input_is_refused_before_the_set_is_made() {
    let dir = Scratch::new("plan-quiz-stdin");
    let file = dir.join("kept.txt");
    fs::write(&file, "kept\n").unwrap();
    for (flag, also) in [("--moodle", "--gift"), ("--gift", "--moodle")] {
        let args = ["exercise", "--out", "set", flag, "/dev/stdin", also, "other.txt"];
        let out = run_in(&dir, &args, Some(&file));
        ended(
            &out,
            2,
            &format!("{flag} /dev/stdin would write over standard input, which is open only for reading"),
        );
        assert_eq!(fs::read_to_string(&file).unwrap(), "kept\n");
        assert!(!dir.join("set").exists(), "{flag}: the set was made before the refusal");
        assert!(!dir.join("other.txt").exists(), "{flag}: the other quiz was written");
    }
}

#[test]
fn the_exported_trees_never_replace_the_protocol_input() {
    let dir = Scratch::new("plan-export-trees");
    fs::create_dir(dir.join("trees")).unwrap();
    let input = dir.join("trees/action-1.json");
    fs::write(&input, "A\n").unwrap();
    let out = run_in(&dir, &["checkers", "trees/action-1.json", "--export-trees", "trees"], None);
    ended(&out, 2, "--export-trees trees would replace the input trees/action-1.json");
    assert!(out.stdout.is_empty(), "{}", String::from_utf8_lossy(&out.stdout));
    let out = run_in(&dir, &["checkers", "--export-trees", "./trees"], Some(&input));
    ended(&out, 2, "--export-trees ./trees would replace the input <stdin>");
    assert_eq!(fs::read_to_string(&input).unwrap(), "A\n");
    assert_eq!(fs::read_dir(dir.join("trees")).unwrap().count(), 1, "something was written");
    // An input in the folder under another name is left alone, and read.
    fs::rename(&input, dir.join("trees/moves.txt")).unwrap();
    let out = run_in(&dir, &["checkers", "trees/moves.txt", "--export-trees", "trees"], None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(dir.join("trees/action-1.json").is_file());
    assert_eq!(fs::read_to_string(dir.join("trees/moves.txt")).unwrap(), "A\n");
}
