//! `perft --against`: another program's divide compared with ours, through the
//! real binary, with the example's broken generator (examples/broken_perft.rs,
//! which forgets that three in a row ends the game) and with programs that
//! misbehave.

use std::process::Command;

use gametree::game::prelude::*;
use gametree::games::tictactoe::TicTacToe;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");

/// The example, compiled from its source into `dir` with the rustc on PATH
/// (or `$RUSTC`): `cargo test --test suite` and `cargo test --tests` build no
/// examples, and a test that leant on `cargo test` having built it failed in a
/// fresh clone. It is one file without dependencies, a fraction of a second to
/// compile, and compiled here it is always this checkout's version.
fn broken_perft(dir: &std::path::Path) -> String {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/broken_perft.rs");
    let exe = dir.join("broken_perft");
    let out = Command::new(&rustc)
        .args(["--edition", "2024", "--crate-name", "broken_perft", "-o"])
        .arg(&exe)
        .arg(source)
        .output()
        .unwrap_or_else(|e| panic!("{} cannot be started to compile {source}: {e}", rustc.display()));
    assert!(out.status.success(), "{source} did not compile:\n{}", String::from_utf8_lossy(&out.stderr));
    exe.to_str().unwrap().to_string()
}

fn perft_against(args: &[&str], cmd: &str) -> (Option<i32>, String, String) {
    let out =
        Command::new(BIN).args(["perft", "tictactoe"]).args(args).args(["--against", cmd]).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// A shell script in `dir` with `body`, as a program to compare with.
fn script(dir: &std::path::Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    format!("sh {}", path.display())
}

#[test]
fn the_broken_generator_is_followed_to_a_won_position_where_it_lists_moves() {
    let dir = crate::support::Scratch::new("perft-broken");
    let (code, out, err) = perft_against(&["6"], &broken_perft(&dir));
    assert_eq!(code, Some(1), "{out}{err}");
    let line = |key: &str| out.lines().find_map(|l| l.strip_prefix(key)).unwrap_or_else(|| panic!("{out}"));
    // The path it names, replayed from the start, leads to the position it names...
    let path: Vec<&str> = line("differ after ").split(" (").next().unwrap().split(' ').collect();
    let g = TicTacToe;
    let mut pos = g.start();
    for a in &path {
        pos = g.apply(&pos, g.parse_action(&pos, a).unwrap());
    }
    assert_eq!(g.format_position(&pos), line("position: "), "{out}");
    // ...where the game is over (three in a row), yet the broken generator
    // lists every empty cell: those are the extra actions, and none is missing.
    let mut legal = Vec::new();
    g.actions(&pos, &mut legal);
    assert!(legal.is_empty(), "{out}");
    let empty: Vec<String> = (0..9)
        .filter(|&i| line("position: ").as_bytes()[i] == b'.')
        .map(|i| format!("{}{}", (b'a' + (i % 3) as u8) as char, i / 3 + 1))
        .collect();
    assert_eq!(line("extra in yours (not legal here): "), empty.join(" "));
    assert!(!out.contains("missing from yours"), "{out}");
    // The first difference is followed: no shorter win exists on its way, so
    // the first ply whose counts differ is the fifth (x's third stone).
    assert_eq!(path.len(), 5, "{out}");
}

#[test]
fn a_generator_that_agrees_is_told_the_total() {
    // gametree's own divide, as another program would print it.
    let dir = crate::support::Scratch::new("perft-agree");
    let ours = script(
        &dir,
        "ours.sh",
        &format!("{BIN} perft tictactoe \"$2\" --position \"$1\" --divide | sed '1,/^$/d'"),
    );
    let (code, out, err) = perft_against(&["5"], &ours);
    assert_eq!(code, Some(0), "{out}{err}");
    let counted = Command::new(BIN).args(["perft", "tictactoe", "5"]).output().unwrap();
    let total = String::from_utf8_lossy(&counted.stdout)
        .lines()
        .last()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .to_string();
    assert_eq!(out, format!("agree: {total} positions at depth 5, every root action the same\n"));
    // The broken generator agrees too where no game can end yet.
    let (code, out, _) = perft_against(&["4"], &broken_perft(&dir));
    assert_eq!((code, out.starts_with("agree: 3024 ")), (Some(0), true), "{out}");
}

#[test]
fn a_program_that_hangs_floods_or_talks_nonsense_is_stopped_and_told() {
    let dir = crate::support::Scratch::new("perft-misbehave");
    let marker = dir.join("child.pid");
    let hangs = script(
        &dir,
        "hangs.sh",
        &format!("sh -c 'echo $$ > {}; exec sleep 60' &\nsleep 60", marker.display()),
    );
    let started = std::time::Instant::now();
    let (code, out, _) = perft_against(&["3", "--timeout", "1"], &hangs);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.starts_with("stopped: ") && out.contains("did not finish within 1 s"), "{out}");
    assert!(started.elapsed().as_secs() < 30, "took {:?}", started.elapsed());
    if let Ok(pid) = std::fs::read_to_string(&marker) {
        assert!(
            !std::path::Path::new(&format!("/proc/{}", pid.trim())).exists(),
            "its child outlived the run"
        );
    }

    let (code, out, _) = perft_against(&["3"], "yes");
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("printed more than 1048576 bytes"), "{out}");

    let nonsense = script(&dir, "nonsense.sh", "echo a1 8\necho hello");
    let (code, out, _) = perft_against(&["3"], &nonsense);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("line 2 is not ACTION COUNT: \"hello\""), "{out}");

    let twice = script(&dir, "twice.sh", "echo a1 8\necho A1 8");
    let (code, out, _) = perft_against(&["2"], &twice);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("lists a1 twice"), "{out}");

    let (code, _, err) = perft_against(&["3"], "/nonexistent/generator");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.starts_with("gametree: /nonexistent/generator cannot be started"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// Counts that add up past what 64 bits hold are the other program's wrong
/// output, told as such in one line, never a wrapped sum; a count too big to
/// read is named, not a panic.
#[test]
fn counts_that_sum_past_the_largest_count_are_its_wrong_output() {
    let dir = crate::support::Scratch::new("perft-overflow");
    // At the start: a1 far too many below it, the rest right; after a1, two
    // counts of 2^64 - 1 (which wrapped to a sum of 4).
    let huge = script(
        &dir,
        "huge.sh",
        "case \"$1\" in\n\
         '......... x') echo a1 18446744073709551615; for a in b1 c1 a2 b2 c2 a3 b3 c3; do echo $a 8; done;;\n\
         *) echo b1 18446744073709551615; echo c1 18446744073709551615; for a in a2 b2 c2 a3 b3 c3; do echo $a 1; done;;\n\
         esac",
    );
    let (code, out, err) = perft_against(&["2"], &huge);
    assert_eq!(code, Some(1), "{out}{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.starts_with(&format!("stopped: {huge} printed counts that sum past 18446744073709551615")),
        "{out}"
    );
    assert!(!out.contains("sums to"), "{out}");

    let twice = script(&dir, "twice.sh", "echo a1 18446744073709551615\necho b1 18446744073709551615");
    let (code, out, err) = perft_against(&["2"], &twice);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(out.starts_with(&format!("stopped: {twice} printed counts that sum past")), "{out}");
    assert!(out.contains("(given \"......... x\" 2)"), "{out}");

    let unreadable = script(&dir, "unreadable.sh", "echo a1 184467440737095516150");
    let (code, out, err) = perft_against(&["2"], &unreadable);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("line 1: 184467440737095516150 is more than 18446744073709551615"), "{out}");
}

/// `perft --against` with `args` and `cmd`, killed (and failed) if it is still
/// running after `limit`: what it printed and how long it took.
fn perft_against_within(
    game: &str,
    args: &[&str],
    cmd: &str,
    limit: std::time::Duration,
) -> (Option<i32>, String, String, std::time::Duration) {
    use std::process::Stdio;
    let started = std::time::Instant::now();
    let mut child = Command::new(BIN)
        .args(["perft", game])
        .args(args)
        .args(["--against", cmd])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "perft {game} {args:?} --against {cmd} still running after {limit:?}: {}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let took = started.elapsed();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
        took,
    )
}

/// --max-time and --max-nodes hold for the whole comparison, as they hold for
/// plain perft: our own counting, and the time spent waiting for the other
/// program (stopped then, with what it started). Status 3, one line naming
/// the budget.
#[test]
fn the_budgets_hold_for_our_counts_and_for_the_wait_on_theirs() {
    use std::time::Duration;
    let dir = crate::support::Scratch::new("perft-budgets");
    let marker = dir.join("child.pid");
    let sleeps = script(
        &dir,
        "sleeps.sh",
        &format!("sh -c 'echo $$ > {}; exec sleep 60' &\nsleep 60", marker.display()),
    );

    // Our own count of checkers to depth 14 takes hours: stopped at 2 s.
    let (code, out, err, took) =
        perft_against_within("checkers", &["14", "--max-time", "2"], &sleeps, Duration::from_secs(30));
    assert_eq!(code, Some(3), "{out}{err}");
    assert!(took < Duration::from_secs(10), "took {took:?}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("gametree: depth "), "{err}");
    assert!(err.contains("of gametree's own count was not finished within --max-time 2; stopped"), "{err}");

    // A depth predicted over --max-nodes is not started.
    let (code, out, err, _) =
        perft_against_within("checkers", &["14", "--max-nodes", "100000"], &sleeps, Duration::from_secs(30));
    assert_eq!(code, Some(3), "{out}{err}");
    assert!(err.starts_with("gametree: depth 6 of gametree's own count would count about 1.9"), "{err}");
    assert!(err.contains("more than --max-nodes 100000; stopped"), "{err}");

    // Ours is quick; theirs sleeps, well within its --timeout of 60 s, but
    // not within --max-time: stopped at it, with the process it started.
    let (code, out, err, took) =
        perft_against_within("tictactoe", &["3", "--max-time", "1"], &sleeps, Duration::from_secs(30));
    assert_eq!(code, Some(3), "{out}{err}");
    assert!(took < Duration::from_secs(8), "took {took:?}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(
        err,
        "gametree: the other program's divide (given \"......... x\" 3) was not finished within --max-time 1; stopped\n"
    );
    let pid = std::fs::read_to_string(&marker).unwrap();
    assert!(!std::path::Path::new(&format!("/proc/{}", pid.trim())).exists(), "its child outlived the run");
}
