//! Trees that cannot fit their budget are refused before anything is built,
//! and a tree that fits is never refused, through the real binary.

use crate::support;

use support::run;

/// Refused with the node budget's status and its message, nothing on stdout.
fn refused_as_too_big(args: &[&str]) {
    let out = run(args, b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{args:?}: {err}");
    assert!(err.contains("would exceed the budget"), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
}

#[test]
fn hopeless_trees_are_refused_at_the_largest_budgets() {
    refused_as_too_big(&["analyse", "gomoku", "--depth", "64", "--radius", "14"]);
    refused_as_too_big(&[
        "analyse",
        "gomoku",
        "--depth",
        "64",
        "--radius",
        "14",
        "--max-nodes",
        "1000000000",
    ]);
    for game in ["checkers", "niujiao", "ataxx"] {
        refused_as_too_big(&["analyse", game, "--depth", "64", "--max-nodes", "4294967294"]);
    }
}

/// The full tic-tac-toe game tree has 549,946 nodes, root included: the
/// published count (e.g. Wikipedia's "Game complexity", 549,946 nodes), found
/// without this program.
#[test]
fn a_tree_of_exactly_its_budget_is_built_and_one_node_less_is_refused() {
    let out = run(
        &["analyse", "tictactoe", "--depth", "9", "--threads", "1", "--max-nodes", "549946", "--stats"],
        b"",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("nodes: 549946,"), "{err}");
    refused_as_too_big(&["analyse", "tictactoe", "--depth", "9", "--threads", "1", "--max-nodes", "549945"]);
}

/// The same on two threads: they reserve node ids in blocks, and a block held
/// by one thread must not refuse a tree that fits.
#[test]
fn a_parallel_build_of_exactly_its_budget_is_built_and_one_node_less_is_refused() {
    let out = run(
        &["analyse", "tictactoe", "--depth", "9", "--threads", "2", "--max-nodes", "549946", "--stats"],
        b"",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("nodes: 549946,"), "{err}");
    refused_as_too_big(&["analyse", "tictactoe", "--depth", "9", "--threads", "2", "--max-nodes", "549945"]);
}

/// An Ataxx position may begin with `-` (a blocked cell): it is the value of
/// `--position`, not an unknown flag, without the `--position=` form.
#[test]
fn an_ataxx_position_starting_with_a_dash_is_taken_as_the_value() {
    let out = run(&["best", "ataxx", "--depth", "1", "--position", "-5o/7/7/7/7/7/o5x x 0 1"], b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    // Any move will do: what matters is that the position was read.
    assert!(!out.stdout.is_empty());
    let bad = run(&["best", "ataxx", "--depth", "1", "--position", "-x5o/7/7/7/7/7/o5x x 0 1"], b"");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("more than 7 cells"));
}

/// Under `ulimit -v` the solver's default memory budget follows the address
/// space left, so a game too large for it is refused with the budget's
/// message (status 3) instead of aborting when an allocation fails; a game
/// that fits is still solved under the same limit.
#[test]
fn the_solver_under_ulimit_v_refuses_instead_of_aborting() {
    let under_limit = |game: &str| {
        std::process::Command::new("sh")
            .args([
                "-c",
                "ulimit -v 300000 && exec \"$0\" solve \"$1\"",
                env!("CARGO_BIN_EXE_gametree"),
                game,
            ])
            .output()
            .unwrap()
    };
    let out = under_limit("ataxx");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains("memory budget") && err.contains("--max-memory"), "{err}");
    assert!(!err.contains("panicked") && !err.contains("memory allocation"), "{err}");
    let out = under_limit("tictactoe");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "draw");
}

/// Alpha-beta's refusal is a prediction from shallower searches; at a budget
/// near what a u64 holds the prediction times its margin used to saturate and
/// never pass it, and niujiao's random lines end too early for the estimate
/// to call its tree large: every game at depth 64 is refused at any budget.
#[test]
fn best_alphabeta_refuses_a_hopeless_depth_at_the_largest_budgets() {
    for game in ["checkers", "niujiao", "ataxx", "gomoku"] {
        for budget in ["50000000", "1000000000000000000", "18446744073709551615"] {
            let args = ["best", game, "--search", "alphabeta", "--depth", "64", "--max-nodes", budget];
            let out = run(&args, b"");
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(3), "{args:?}: {err}");
            assert!(err.contains("would examine over"), "{args:?}: {err}");
            assert!(out.stdout.is_empty(), "{args:?}");
        }
    }
}

/// A number out of its range is told the request layer's range, in the words
/// Python and the page use ("depth=99: expected 1 to 64"), not clap's own
/// ("99 is not in 1..=64"), nor a u64's top as if it were a range.
#[test]
fn a_number_out_of_range_is_told_the_request_layers_range() {
    use gametree::request::check::{MAX_DEPTH, MAX_THREADS, expected};
    let cases: [(&[&str], String); 5] = [
        (&["analyse", "tictactoe", "--depth", "99"], expected(1, MAX_DEPTH.into())),
        (&["perft", "tictactoe", "0"], expected(1, MAX_DEPTH.into())),
        (&["analyse", "tictactoe", "--threads", "0"], expected(1, MAX_THREADS.into())),
        (&["analyse", "tictactoe", "--max-nodes", "0"], "expected 1 or more".to_string()),
        (
            &["analyse", "tictactoe", "--max-nodes", "99999999999999999999"],
            format!("expected at most {}", u64::MAX),
        ),
    ];
    for (args, range) in cases {
        let out = run(args, b"");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        let first = err.lines().next().unwrap_or_default();
        assert!(first.ends_with(&format!("': {range}")), "{args:?}: {first}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
