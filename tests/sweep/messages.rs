//! Messages name only what the user gave, in plain words, with every
//! control character shown escaped.

use super::*;

#[test]
fn messages_say_what_was_given_in_plain_words() {
    let dir = scratch("messages");
    let out = dir.join("o");
    let o = out.to_str().unwrap();
    // --branching as typed, never narrowed to another number.
    for (given, said) in [("2..256", "--branching 2..256 "), ("300..300", "--branching 300..300 ")] {
        ended(&run(&["exercise", "--out", o, "--branching", given], ""), 2, said);
    }
    ended(
        &run(&["exercise", "--out", o, "--branching", "2..4294967296"], ""),
        2,
        "--branching 2..4294967296 ",
    );
    // exercise has no --max-nodes to raise.
    let big = run(&["exercise", "--out", o, "--game", "checkers", "--depth", "4"], "");
    ended(&big, 3, "more than 400 nodes");
    assert!(!String::from_utf8_lossy(&big.stderr).contains("--max-nodes"));
    // No words of Rust's number parser.
    for args in [
        &["perft", "checkers", "3", "--max-time", "0.5"][..],
        &["play", "tictactoe", "--think", "1e30"],
        &["analyse", "tictactoe", "--max-nodes", "1e30"],
    ] {
        let out = run(args, "");
        ended(&out, 2, "expected a whole number");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("invalid digit"), "{args:?}");
    }
    let clock = run(&["analyse", "ataxx", "--position", "7/7/7/7/7/7/7 x 4294967295"], "");
    ended(&clock, 2, "the half-move clock must be at most 65535");
    // A timeout of no time fails every fixture: refused, as perft's is.
    ended(&run(&["fixtures", ".", "--timeout", "0"], ""), 2, "--timeout");
    assert!(!out.exists());
}
#[test]
fn a_saved_file_name_is_said_without_its_escapes() {
    let dir = scratch("escape-name");
    let out = Command::new(BIN)
        .args(["play", "tictactoe", "--second", "human"])
        .current_dir(&*dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(b"b2\nsave! \x1b[2Jx.save\nquit\n")?;
            child.wait_with_output()
        })
        .unwrap();
    ended(&out, 0, "");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("saved to "), "{said}");
    assert!(!said.contains('\x1b'), "a raw escape reached the terminal: {said:?}");
    assert!(dir.join("\x1b[2Jx.save").is_file(), "the file keeps the name given");
}

#[test]
fn a_refusal_names_only_the_options_given() {
    // Each option alone is named alone; both, both.
    let cases: [(&[&str], &str, &[&str]); 6] = [
        (
            &["analyse", "tree", "--compare-orders", "--search", "mcts"],
            "--compare-orders is",
            &["--no-prune-on-ties"],
        ),
        (
            &["analyse", "tree", "--no-prune-on-ties", "--search", "mcts"],
            "--no-prune-on-ties is",
            &["--compare-orders"],
        ),
        (
            &["analyse", "tree", "--no-prune-on-ties", "--compare-orders", "--search", "mcts"],
            "--no-prune-on-ties and --compare-orders are",
            &[],
        ),
        (&["best", "tictactoe", "--search", "mcts", "--depth", "64"], "--depth is", &["--compare"]),
        (&["best", "tictactoe", "--search", "mcts", "--compare"], "--compare is", &["--depth"]),
        (
            &["best", "tictactoe", "--search", "mcts", "--compare", "--depth", "2"],
            "--compare and --depth are",
            &[],
        ),
    ];
    for (args, said, unsaid) in cases {
        let out = run(args, "");
        ended(&out, 2, said);
        let err = String::from_utf8_lossy(&out.stderr);
        for flag in unsaid {
            assert!(!err.contains(flag), "{args:?}: {err:?} names {flag}, which was not given");
        }
    }
}

#[test]
fn a_bad_value_is_echoed_with_its_control_characters_escaped() {
    // Clap's echo stripped them ('3'), or on a terminal acted on them.
    let cases: [(&[&str], &str); 3] = [
        (&["analyse", "tictactoe", "--depth", "3\x1b[2J\x07"], "'3\\u{1b}[2J\\u{7}'"),
        (&["analyse", "tic\x1btac"], "'tic\\u{1b}tac'"),
        (&["analyse", "tictactoe", "--x\x07"], "'--x\\u{7}'"),
    ];
    for (args, said) in cases {
        let out = run(args, "");
        ended(&out, 2, said);
        assert!(!out.stderr.iter().any(|&b| b == 0x1b || b == 0x07), "{args:?}: a raw control character");
    }
    // Rust's words for a number are put in a person's there too.
    ended(&run(&["analyse", "tictactoe", "--max-nodes", "1e3\x1b"], ""), 2, "expected a whole number");
}
