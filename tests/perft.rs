//! Known position counts, read from `fixtures/perft.txt` by one generic test.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");
const TABLE: &str = include_str!("../fixtures/perft.txt");

#[test]
fn perft_counts_match_the_known_numbers() {
    let mut checked = 0;
    for line in TABLE.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [game, position, counts] = fields[..] else { panic!("bad line {line:?}") };
        let counts: Vec<&str> = counts.split_whitespace().collect();
        let expected: String = counts.iter().enumerate().map(|(d, n)| format!("{} {n}\n", d + 1)).collect();
        // One thread, and several: the work is split differently, the counts are not.
        for threads in ["1", "2", "5"] {
            let mut cmd = Command::new(BIN);
            cmd.args(["perft", game, &counts.len().to_string(), "--threads", threads]);
            if position != "start" {
                cmd.args(["--position", position]);
            }
            let out = cmd.output().unwrap();
            assert!(out.status.success(), "{line}: {}", String::from_utf8_lossy(&out.stderr));
            assert_eq!(String::from_utf8(out.stdout).unwrap(), expected, "{line}, {threads} threads");
        }
        checked += 1;
    }
    assert!(checked >= 3);
}

#[test]
fn divide_gives_each_root_actions_count_and_they_sum_to_the_total() {
    let run = |args: &[&str]| {
        let out = Command::new(BIN).args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    for (game, depth) in
        [("ataxx", "4"), ("checkers", "5"), ("tictactoe", "4"), ("niujiao", "5"), ("gomoku", "3")]
    {
        let text = run(&["perft", game, depth, "--divide"]);
        let (totals, divide) = text.split_once("\n\n").expect("the totals, a blank line, then divide lines");
        assert_eq!(format!("{totals}\n"), run(&["perft", game, depth]), "{game}: the totals are perft's");
        let total: u64 = totals.lines().last().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
        let rows: Vec<(&str, u64)> = divide
            .lines()
            .map(|l| {
                let (a, n) = l.split_once(": ").unwrap();
                (a, n.parse().unwrap())
            })
            .collect();
        assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), total, "{game}");
        let first: u64 = totals.lines().next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
        assert_eq!(rows.len() as u64, first, "{game}: one line per root action");
    }
    // Below one root action, the count is that position's perft one ply less.
    let text = run(&["perft", "ataxx", "3", "--divide", "--position", "x5o/7/7/7/7/7/o5x x 0 1"]);
    let b6: u64 = text.lines().find_map(|l| l.strip_prefix("b6: ")).unwrap().parse().unwrap();
    let after = run(&["perft", "ataxx", "2", "--position", "x5o/1x5/7/7/7/7/o5x o 0 1"]);
    assert_eq!(after.lines().last().unwrap(), format!("2 {b6}"));
}

/// Each depth is printed as it ends; a depth predicted over --max-nodes is not
/// started, and one that runs past --max-time is stopped: status 3 either way,
/// with the finished depths already out.
#[test]
fn budgets_stop_perft_after_printing_the_depths_it_finished() {
    let out = Command::new(BIN).args(["perft", "checkers", "64", "--max-nodes", "100000"]).output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text, "1 7\n2 49\n3 379\n4 2872\n5 23582\n");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("gametree: depth 6 would count about 1.9"), "{err}");
    assert!(err.contains("more than --max-nodes 100000"), "{err}");

    let out = Command::new(BIN).args(["perft", "checkers", "64", "--max-time", "1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("1 7\n2 49\n3 379\n4 2872\n5 23582\n6 189143\n"), "{text}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("was not finished within --max-time 1; stopped"), "{err}");
}
