//! Ataxx and Gomoku: move generation against a naive reading of the rules, saved
//! games, and the tactical positions the machine must get right.

use crate::support;

use support::{run, same_twice, text};

use gametree::game::prelude::*;
use gametree::games::ataxx::{self, Ataxx};
use proptest::prelude::*;

/// Ataxx moves read straight from the rules, on a 7x7 grid of chars: every clone
/// target once, every jump by start and target.
fn naive_moves(rows: &[Vec<char>], me: char) -> Vec<String> {
    let name = |r: usize, c: usize| format!("{}{}", (b'a' + c as u8) as char, 7 - r);
    let dist = |a: (usize, usize), b: (usize, usize)| a.0.abs_diff(b.0).max(a.1.abs_diff(b.1));
    let cells: Vec<(usize, usize)> = (0..7).flat_map(|r| (0..7).map(move |c| (r, c))).collect();
    let mut clones: Vec<String> = cells
        .iter()
        .filter(|&&t| rows[t.0][t.1] == '.' && cells.iter().any(|&s| rows[s.0][s.1] == me && dist(s, t) == 1))
        .map(|&t| name(t.0, t.1))
        .collect();
    for &s in cells.iter().filter(|s| rows[s.0][s.1] == me) {
        for &t in cells.iter().filter(|t| rows[t.0][t.1] == '.' && dist(s, **t) == 2) {
            clones.push(format!("{}{}", name(s.0, s.1), name(t.0, t.1)));
        }
    }
    clones
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn ataxx_moves_match_the_rules_with_blocked_cells(
        cells in prop::collection::vec(0u8..10, 49), x_to_move in any::<bool>(),
    ) {
        let g = Ataxx;
        // Mostly empty, some stones of each side, a few blocked cells.
        let rows: Vec<Vec<char>> = cells.chunks(7).map(|row| row.iter().map(|&v| match v {
            0 => 'x', 1 => 'o', 2 => '-', _ => '.',
        }).collect()).collect();
        let fen_rows: Vec<String> = rows.iter().map(|r| r.iter().map(|&c| if c == '.' { '1' } else { c }).collect()).collect();
        let fen = format!("{} {}", fen_rows.join("/"), if x_to_move { 'x' } else { 'o' });
        let pos = g.parse_position(&fen).unwrap();
        let mut v = Vec::new();
        g.actions(&pos, &mut v);
        let ours: Vec<String> = v.iter().map(|&a| g.format_action(a)).collect();
        let me = if x_to_move { 'x' } else { 'o' };
        let mut expected = naive_moves(&rows, me);
        let theirs = naive_moves(&rows, if x_to_move { 'o' } else { 'x' });
        let stones = |c: char| rows.iter().flatten().filter(|&&x| x == c).count();
        let over = stones('x') == 0 || stones('o') == 0 || (expected.is_empty() && theirs.is_empty());
        if over {
            expected.clear();
        } else if expected.is_empty() {
            expected.push("0000".into());
        }
        prop_assert_eq!(&ours, &expected, "{}", fen);
        // Every action keeps the position valid: stones only on free cells, counts add up.
        for &a in &v {
            let q = g.apply(&pos, a);
            prop_assert_eq!(q.x & q.o, 0);
            prop_assert_eq!((q.x | q.o) & q.blocked, 0);
            let (x0, o0) = Ataxx::counts(&pos);
            let (x1, o1) = Ataxx::counts(&q);
            let grown = if matches!(a, ataxx::Action::Clone(_)) { 1 } else { 0 };
            prop_assert_eq!(x1 + o1, x0 + o0 + grown);
            prop_assert_eq!(g.parse_position(&g.format_position(&q)).unwrap(), q);
        }
    }

}

#[test]
fn a_saved_ataxx_game_resumes_and_replays_identically() {
    let dir = crate::support::Scratch::new("save");
    let file = dir.join("game.txt");
    let file_s = file.to_str().unwrap();
    let moves = ["b6", "f6", "a7c5", "g7e7", "c7"];
    let humans = ["play", "ataxx", "--first", "human", "--second", "human"];
    // The whole game in one go, and the same game saved after three moves and resumed.
    let whole = run(&humans, format!("{}\nquit\n", moves.join("\n")));
    let first = run(&humans, format!("{}\nsave {file_s}\nquit\n", moves[..3].join("\n")));
    assert!(text(&first.stdout).contains("saved to"), "{}", text(&first.stderr));
    // The saved game knows both sides are people: no options needed to go on.
    let resumed = run(&["play", "ataxx", "--resume", file_s], format!("{}\nquit\n", moves[3..].join("\n")));
    let last_board = |s: &str| s[s.rfind("     a   b").unwrap()..].to_string();
    assert_eq!(last_board(&text(&resumed.stdout)), last_board(&text(&whole.stdout)));
    // Saving again and replaying shows every action and ends on the same board.
    run(
        &[&humans[..], &["--resume", file_s]].concat(),
        format!("{}\nsave! {file_s}\nquit\n", moves[3..].join("\n")),
    );
    let saved = std::fs::read_to_string(&file).unwrap();
    let after_start = saved.lines().skip_while(|l| !l.starts_with("start ")).skip(1);
    assert_eq!(after_start.collect::<Vec<_>>(), moves);
    assert!(saved.contains("\nfirst human\nsecond human\nlevel strong\n"), "{saved}");
    let replay = run(&["replay", file_s], "");
    let shown = text(&replay.stdout);
    assert_eq!(shown.matches(" plays ").count(), 5);
    assert!(shown.contains("move 3: x plays c7"), "{shown}");
    assert!(shown.trim_end().ends_with("end: the game was not finished"));
    // A damaged file is refused with its line.
    std::fs::write(&file, saved.replace("g7e7", "g7e9")).unwrap();
    let bad = run(&["replay", file_s], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("line 10"), "{}", text(&bad.stderr));
}

#[test]
fn ataxx_play_offers_targets_levels_and_rules() {
    let out = run(&["play", "ataxx", "--level", "random", "--seed", "5"], "targets a7\nrules\nb6\nquit\n");
    let s = text(&out.stdout);
    assert!(s.contains("from a7: b7 a6 b6 a7c7 a7c6 a7a5 a7b5 a7c5"), "{s}");
    // The targets on the board: + a clone, * a jump, the stone in ( ).
    for row in [" 7 │(●)│ + │ * │ . │", " 6 │ + │ + │ * │ . │", " 5 │ * │ * │ * │ . │", " 4 │ . │"]
    {
        assert!(s.contains(row), "{row} in {s}");
    }
    assert!(
        s.contains("● x, ○ o; x 2 stones, o 2 stones; move 1\n(a7) can go to *, or put a new unit on +"),
        "{s}"
    );
    assert!(
        s.contains("A move") && s.contains("o plays ") && s.contains("(at random; by the board, "),
        "{s}"
    );
    assert!(s.contains(" 6 │ . │[●]│ . │"), "{s}");
    assert!(s.contains("● x, ○ o; x 3 stones, o 2 stones; move 1\nlast move b6 (at [ ])\no to move"), "{s}");
    // The board is not drawn again after a command that changed nothing.
    assert_eq!(s.matches("x to move").count(), 2, "{s}");
    // --ascii: letters and +-| only.
    let out = run(
        &[
            "play",
            "ataxx",
            "--level",
            "random",
            "--seed",
            "5",
            "--ascii",
            "--position",
            "x5o/7/2-4/7/7/7/o5x x",
        ],
        "targets a7\na7c7\nquit\n",
    );
    let s = text(&out.stdout);
    assert!(s.is_ascii(), "{s}");
    assert!(s.contains(" 7 |(x)| + | * | . |"), "{s}");
    assert!(s.contains(" 5 | * | * |###| . |"), "{s}");
    assert!(s.contains(" 7 |(.)| . |[x]| . |"), "{s}");
    assert!(s.contains("x 2 stones, o 2 stones; move 1\nlast move a7c7 (from ( ) to [ ])"), "{s}");
    let game = same_twice(&[
        "play", "ataxx", "--first", "machine", "--second", "machine", "--level", "easy", "--seed", "9",
    ]);
    assert!(game.contains("game over: "), "{game}");
}

/// The machine's reply to a Gomoku position, at depth 4.
fn gomoku_best(position: &str) -> String {
    let out = run(&["best", "gomoku", "--position", position, "--depth", "4"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout).split_whitespace().next().unwrap().to_string()
}

#[test]
fn gomoku_completes_its_four() {
    // x has e8 f8 g8 h8, o has three below: x wins at d8 or i8.
    let best = gomoku_best("15/15/15/15/15/15/6o8/4xxxx7/5ooo7/15/15/15/15/15/15 x");
    assert!(best == "d8" || best == "i8", "{best}");
    // A broken four (e8 f8 _ h8 i8) is completed in the gap.
    assert_eq!(gomoku_best("15/15/15/15/15/15/15/4xx1xx6/4ooo8/15/15/15/15/15/15 x"), "g8");
}

#[test]
fn gomoku_blocks_the_opponents_four() {
    // o has d8-g8, blocked at c8 by x: x must take h8.
    assert_eq!(gomoku_best("15/15/15/15/15/15/15/2xoooo8/4x10/15/15/15/15/15/15 x"), "h8");
    // A vertical four for o, open only at the top.
    assert_eq!(gomoku_best("15/15/15/15/15/15/15/7o7/7o7/7o6x/7o7/7x7/15/15/15 x"), "h9");
}

#[test]
fn gomoku_takes_its_win_before_defending() {
    // Both have four; x to move wins at i8 or d8 rather than blocking o.
    let best = gomoku_best("15/15/15/15/15/15/15/4xxxx7/15/15/2oooo9/15/15/15/15 x");
    assert!(best == "d8" || best == "i8", "{best}");
}

#[test]
fn gomoku_and_ataxx_analyse_and_draw() {
    for (game, depth) in [("gomoku", "2"), ("ataxx", "2")] {
        let out = run(&["analyse", game, "--depth", depth, "--dot", "-"], "");
        assert!(out.status.success(), "{game}: {}", text(&out.stderr));
        assert!(text(&out.stdout).starts_with("digraph tree {"));
        let json = run(&["analyse", game, "--depth", depth, "--search", "alphabeta", "--json", "-"], "");
        let doc: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
        assert_eq!(doc["game"], game);
    }
}

/// A side whose only action is a pass passes at once, and the player is told
/// why, rather than having to type 0000.
#[test]
fn an_ataxx_pass_is_announced_and_explained() {
    let out =
        run(&["play", "ataxx", "--position", "o6/7/7/7/---4/---4/x--4 x", "--second", "human"], "quit\n");
    let s = text(&out.stdout);
    assert!(s.contains("x cannot move (no stone can reach an empty cell) and passes\n"), "{s}");
    assert!(s.trim_end().ends_with("o>"), "then o is asked: {s}");
}
