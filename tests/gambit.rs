//! The `.efg` exports read by Gambit itself: every subgame of a small tree of
//! each game solved by Gambit's LCP solver (through pygambit, in exact
//! rational arithmetic), whose equilibrium payoff to the first player must be
//! the tree's own minimax value of that node. A game of perfect information has
//! a subgame at every decision node, and its value is the same under every
//! equilibrium, so the solver, written independently of this crate, checks the
//! payoffs the export writes: finite, and ordered as the values are.
//!
//! Only the LCP solver's answer is held to: Gambit's `lp_solve` (pygambit
//! 17.0.0b2) gives 0 at the root of tic-tac-toe's `xoxoo.x.. x`, where its LCP
//! and backward induction both give -1001 (o wins whatever x does), so its
//! disagreements say nothing about the export. In floating point, Gambit's LCP
//! fails outright ("Bad exit index in LemkeTableau") on the worked example at
//! depth 5, whose payoffs include the course's 2147483647.

use std::path::Path;
use std::process::Command;

use gametree::export::efg;
use gametree::game::prelude::*;
use gametree::games::ataxx::Ataxx;
use gametree::games::checkers::Checkers;
use gametree::games::gomoku::Gomoku;
use gametree::games::niujiao::Niujiao;
use gametree::games::tictactoe::TicTacToe;
use gametree::games::tree::TextbookTree;
use gametree::limits::Limits;
use gametree::search::back_propagate;
use gametree::tree::{Tree, TreeArena};

/// What Gambit said of one game's tree.
struct Solved {
    /// Subgames solved (the tree's inner nodes).
    subgames: usize,
    /// Distinct leaf payoffs to the first player.
    payoffs: Vec<i32>,
}

/// Builds `game`'s tree of `pos` to `depth`, sets its values by minimax, writes
/// it as .efg, has Gambit solve every subgame, and compares.
fn solve_with_gambit<G: Game>(game: &G, pos: &str, depth: u8) -> Solved {
    let start = game.parse_position(pos).unwrap();
    let mut arena = TreeArena::new();
    let tree = Tree::build(&mut arena, game, start, depth, &Limits::default()).unwrap();
    assert!(tree.len <= 2_000, "{}: keep the tree small for Gambit ({} nodes)", game.name(), tree.len);
    back_propagate(tree.root);

    let dir = std::env::temp_dir().join(format!("gametree-gambit-{}-{}", game.name(), std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("tree.efg");
    let mut out = Vec::new();
    efg::write_tree(&mut out, game, &tree).unwrap();
    std::fs::write(&file, out).unwrap();

    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gambit/solve_subgames.py");
    let run = Command::new("python3").arg("-B").arg(&script).arg(&file).output().expect("python3 runs");
    std::fs::remove_dir_all(&dir).unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{}: {}\n{}", game.name(), stdout, String::from_utf8_lossy(&run.stderr));

    let mut expected = Vec::new();
    let mut payoffs = Vec::new();
    tree.walk(|n, _| {
        if n.is_leaf() {
            payoffs.push(n.value());
        } else {
            expected.push((format!("#{}", n.id()), n.value()));
        }
    });
    let said: Vec<(String, String, String)> = stdout
        .lines()
        .map(|l| match l.split(' ').collect::<Vec<_>>()[..] {
            [name, lcp, lp] => (name.to_string(), lcp.to_string(), lp.to_string()),
            _ => panic!("{}: unexpected line {l:?}", game.name()),
        })
        .collect();
    // The script goes through the file in preorder; the tree is walked in id
    // order: compare by name.
    assert_eq!(said.len(), expected.len(), "{}: one line per subgame", game.name());
    for (name, value) in &expected {
        let (_, lcp, _lp) =
            said.iter().find(|(n, ..)| n == name).unwrap_or_else(|| panic!("{name} not solved"));
        assert_eq!(lcp, &value.to_string(), "{}: subgame {name}, Gambit's LCP against the tree", game.name());
    }
    payoffs.sort_unstable();
    payoffs.dedup();
    Solved { subgames: expected.len(), payoffs }
}

#[test]
#[cfg_attr(
    not(has_pygambit),
    ignore = "needs a python3 on PATH with pygambit (pip install pygambit in a venv)"
)]
fn gambits_solvers_agree_with_every_subgame_of_every_game() {
    // The course's worked example to depth 4: 30 subgames.
    let worked = "......../......../......../......../......../B.w...../.w....../..b..... b";
    let checkers = solve_with_gambit(&Checkers, worked, 4);
    // To the end of the game: x's three choices end in a draw or o's win.
    let tictactoe = solve_with_gambit(&TicTacToe, "xoxoo.x.. x", 9);
    let niujiao = solve_with_gambit(&Niujiao::default(), "r.......bb r", 4);
    // Gambit's rational solvers take seconds on a few hundred leaves: a ply of
    // the two games with many actions.
    let ataxx = solve_with_gambit(&Ataxx, "x5o/7/7/7/7/7/o5x x 0 1", 1);
    let gomoku = solve_with_gambit(&Gomoku::default(), "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 o", 1);
    let textbook = solve_with_gambit(&TextbookTree::default(), "((3 12 8) (2 4 6) (14 5 2))", 2);
    for (game, solved) in [
        ("checkers", &checkers),
        ("tictactoe", &tictactoe),
        ("niujiao", &niujiao),
        ("ataxx", &ataxx),
        ("gomoku", &gomoku),
        ("tree", &textbook),
    ] {
        assert!(solved.subgames >= 1, "{game}: {} subgames", solved.subgames);
        // One ply of Gomoku around a lone stone: every answer is worth the same.
        if game != "gomoku" {
            assert!(solved.payoffs.len() >= 2, "{game}: the payoffs differ");
        }
    }
}
