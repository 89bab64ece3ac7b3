//! The `.efg` exports read by Gambit itself: every subgame of a small tree of
//! each game solved by Gambit's solvers (through pygambit): the LCP in exact
//! rational arithmetic and in floating point, and the LP on the strategic form
//! where that is small. A game of perfect information has a subgame at every
//! decision node, and its value is the same under every equilibrium, so the
//! solvers, written independently of this crate, check the payoffs the export
//! writes: finite, ordered as the values are, and small enough for floating
//! point (the course's 2147483647 is written just past the other values).
//!
//! Gambit's LP on the sequence form (`lp_solve` on the extensive game, pygambit
//! 17.0.0b2) is not used: where the first player is indifferent at an
//! information set on the path, a single action included, it returns every
//! action there at probability 0 and the payoff 0 (tic-tac-toe's `xoxoo.x.. x`
//! gives 0 where backward induction gives -1001). tests/gambit/solve_subgames.py
//! shows it on a five-line game of no gametree origin.

use std::collections::{BTreeMap, HashMap};
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

    let dir = crate::support::Scratch::new(&format!("gambit-{}", game.name()));
    let file = dir.join("tree.efg");
    let mut efg_text = Vec::new();
    efg::write_tree(&mut efg_text, game, &tree).unwrap();
    std::fs::write(&file, &efg_text).unwrap();

    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gambit/solve_subgames.py");
    let run = Command::new("python3").arg("-B").arg(&script).arg(&file).output().expect("python3 runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{}: {}\n{}", game.name(), stdout, String::from_utf8_lossy(&run.stderr));

    // Each leaf's value beside the payoff the file gives it (`t "#ID" K "" { P, -P }`).
    let written: HashMap<String, i64> = std::str::from_utf8(&efg_text)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("t \""))
        .map(|l| {
            let (name, rest) = l.split_once('"').unwrap();
            let payoff = rest.split('{').nth(1).unwrap().split(',').next().unwrap().trim();
            (name.to_string(), payoff.parse().unwrap())
        })
        .collect();
    let mut expected = Vec::new();
    let mut paid = BTreeMap::new();
    tree.walk(|n, _| {
        if n.is_leaf() {
            let payoff = written[&format!("#{}", n.id())];
            assert_eq!(
                *paid.entry(n.value()).or_insert(payoff),
                payoff,
                "{}: one payoff a value",
                game.name()
            );
        } else {
            expected.push((format!("#{}", n.id()), n.value()));
        }
    });
    // The payoffs keep the values' order and signs, and stay where floating
    // point is exact.
    let in_order: Vec<i64> = paid.values().copied().collect();
    assert!(in_order.windows(2).all(|w| w[0] < w[1]), "{}: payoffs in the values' order", game.name());
    assert!(paid.iter().all(|(v, p)| v.signum() as i64 == p.signum() && p.abs() < 1 << 40));
    let said: Vec<[String; 4]> = stdout
        .lines()
        .map(|l| match l.split(' ').collect::<Vec<_>>()[..] {
            [name, lcp, float_lcp, lp] => [name, lcp, float_lcp, lp].map(str::to_string),
            _ => panic!("{}: unexpected line {l:?}", game.name()),
        })
        .collect();
    // The script goes through the file in preorder; the tree is walked in id
    // order: compare by name. A subgame's value is one of its leaves' values.
    assert_eq!(said.len(), expected.len(), "{}: one line per subgame", game.name());
    let mut lp_checked = 0;
    for (name, value) in &expected {
        let [_, lcp, float_lcp, lp] =
            said.iter().find(|[n, ..]| n == name).unwrap_or_else(|| panic!("{name} not solved"));
        let payoff = paid[value];
        let subgame = format!("{}: subgame {name} (value {value}, payoff {payoff})", game.name());
        assert_eq!(lcp, &payoff.to_string(), "{subgame}: Gambit's rational LCP");
        let float: f64 = float_lcp.parse().unwrap();
        assert!(
            (float - payoff as f64).abs() <= 1e-6 * (payoff.abs() as f64).max(1.0),
            "{subgame}: float LCP {float}"
        );
        if lp != "-" {
            assert_eq!(lp, &payoff.to_string(), "{subgame}: Gambit's LP on the strategic form");
            lp_checked += 1;
        }
    }
    assert!(lp_checked >= 1, "{}: the LP solved no subgame", game.name());
    Solved { subgames: expected.len(), payoffs: paid.into_keys().collect() }
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
    // Three plies further down the worked example, where black can leave white
    // without a move: the course's 2147483647 among payoffs of 0 to 3.
    let stuck = "......../......../......../......../.B....../..w...../......../W.b..... b";
    let cannot_move = solve_with_gambit(&Checkers, stuck, 3);
    assert!(cannot_move.payoffs.contains(&i32::MAX), "the tree holds a side that cannot move");
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
