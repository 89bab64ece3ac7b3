//! The generic engine on particular games: forced results played at the
//! distance told, the worked example's cut-offs, solves that agree with deep
//! search, and tic-tac-toe's machine never loses. What holds for every game
//! (alpha-beta equal to minimax, parallel trees equal to sequential ones) is in
//! conformance.rs.

use std::collections::HashMap;

use gametree::game::{Outcome, prelude::*};
use gametree::games::checkers::Checkers;
use gametree::games::niujiao::Niujiao;
use gametree::games::tictactoe::TicTacToe;
use gametree::search::alphabeta::{self, Cutoff, Search, WindowEnd};
use gametree::search::machine::Machine;
use gametree::search::solve::{Budget, Solution, solve};

const BUDGET: Budget = Budget { max_positions: 1 << 20, max_bytes: 1 << 30 };
use gametree::limits::Limits;
use gametree::tree::{GameNode, Tree, TreeArena};
use proptest::prelude::*;

use crate::support::playing;
use playing::playout;

/// The plies to the end under best play that a search of `pos` sees: the
/// shallowest depth (up to `deepest`) at which its value is decided.
fn distance<G: Game>(game: &G, pos: &G::Position, deepest: u8) -> Option<u8> {
    if !game.has_actions(pos) {
        return Some(0);
    }
    (1..=deepest)
        .find(|&d| game.is_decided(alphabeta::search(game, pos, &Search::to(d)).unwrap().choice.value))
}

/// When the machine tells a forced result "in d plies", the action it plays
/// does end the game in exactly d plies under best play: its fastest win, or
/// when lost its longest defence (at a fixed depth, with or without a seed).
fn told_distances_hold<G: Game>(
    game: &G,
    pos: &G::Position,
    depth: u8,
    seed: Option<u64>,
) -> Result<(), TestCaseError> {
    let mut machine =
        Machine { depth, rng: seed.map(gametree::rng::Rng::new), max_nodes: u64::MAX, think: None };
    if !game.has_actions(pos) {
        return Ok(());
    }
    let played = machine.play(game, pos).unwrap();
    let Some(d) = played.ends_in else {
        prop_assert!(!game.is_decided(played.choice.value));
        return Ok(());
    };
    prop_assert_eq!(distance(game, pos, depth), Some(d), "the root's distance");
    let child = game.apply(pos, played.choice.action.unwrap());
    prop_assert_eq!(
        distance(&game.for_machine(game.to_move(pos)), &child, depth),
        Some(d - 1),
        "the move's distance"
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn forced_results_are_played_at_the_distance_told(choices in prop::collection::vec(any::<u32>(), 40..160), depth in 2u8..=6, seed in prop::option::of(any::<u64>())) {
        told_distances_hold(&Checkers, &playout(&Checkers, &choices), depth, seed)?;
        let t = playout(&TicTacToe, &choices[..choices.len().min(5)]);
        told_distances_hold(&TicTacToe, &t, depth, seed)?;
    }

}

#[test]
fn alphabeta_on_the_worked_example() {
    let game = Checkers;
    let pos = game
        .parse_position("......../......../......../......../......../B.w...../.w....../..b..... b")
        .unwrap();
    let mut arena = TreeArena::new();
    let tree = Tree::build(&mut arena, &game, pos, 3, &Limits::default()).unwrap();
    let windows = alphabeta::run_on_tree(&tree);
    assert_eq!(tree.root.value(), 1);
    assert_eq!(game.format_action(tree.decision().unwrap().action.unwrap()), "A6-B5");
    // Every cut-off leaves the rest of its node's children unvisited, and only those.
    fn check(node: &GameNode<Checkers>, windows: &[Option<alphabeta::Window>], cuts: &mut usize) {
        let w = windows[node.id() as usize];
        assert_eq!(w.is_none(), node.pruned());
        if node.pruned() {
            assert!(node.children().iter().all(|c| c.pruned()), "below a pruned node all is pruned");
            return;
        }
        let visited = node.children().iter().take_while(|c| !c.pruned()).count();
        assert!(node.children()[visited..].iter().all(|c| c.pruned()));
        let cut = w.unwrap().cutoff;
        assert_eq!(cut.is_some(), visited < node.children().len(), "node {}", node.id());
        if let Some(kind) = cut {
            *cuts += 1;
            let v = node.value();
            let w = w.unwrap();
            match kind {
                Cutoff::Beta => assert!(node.maximising() && WindowEnd::Value(v) >= w.beta),
                Cutoff::Alpha => assert!(!node.maximising() && WindowEnd::Value(v) <= w.alpha),
            }
        }
        for c in node.children() {
            check(c, windows, cuts);
        }
    }
    let mut cuts = 0;
    check(tree.root, &windows, &mut cuts);
    assert!(cuts > 0, "alpha-beta cuts something in the worked example");
}

#[test]
fn tictactoe_game_tree_counts() {
    // 255,168 complete games: leaves of the full game tree.
    fn games(g: &TicTacToe, pos: &<TicTacToe as Rules>::Position) -> u64 {
        let mut v = Vec::new();
        g.actions(pos, &mut v);
        if v.is_empty() {
            return 1;
        }
        v.iter().map(|&a| games(g, &g.apply(pos, a))).sum()
    }
    assert_eq!(games(&TicTacToe, &TicTacToe.start()), 255_168);
    let solved = solve(&TicTacToe, &TicTacToe.start(), &BUDGET, &mut |_| {}).unwrap();
    assert_eq!(solved.index.len(), 5_478, "distinct legal positions");
    assert_eq!(solved.get(&TicTacToe.start()), Some(Solution::Draw));
}

/// Plays every possible sequence of opponent replies against the machine and
/// returns how many finished games there were; panics on a machine loss.
fn machine_never_loses(game: &TicTacToe, pos: &<TicTacToe as Rules>::Position, machine_is_x: bool) -> u64 {
    if !game.has_actions(pos) {
        let mover_is_x = pos.x_to_move;
        if game.terminal_outcome(pos) == Outcome::Loss {
            assert_ne!(mover_is_x, machine_is_x, "the machine lost: {}", game.format_position(pos));
        }
        return 1;
    }
    if pos.x_to_move == machine_is_x {
        let mut m = Machine { depth: 9, rng: None, max_nodes: u64::MAX, think: None };
        let a = m.choose(game, pos).unwrap().action.unwrap();
        machine_never_loses(game, &game.apply(pos, a), machine_is_x)
    } else {
        let mut v = Vec::new();
        game.actions(pos, &mut v);
        v.iter().map(|&a| machine_never_loses(game, &game.apply(pos, a), machine_is_x)).sum()
    }
}

#[test]
fn tictactoe_machine_never_loses_whatever_the_opponent_plays() {
    let g = TicTacToe;
    let as_x = machine_never_loses(&g, &g.start(), true);
    let as_o = machine_never_loses(&g, &g.start(), false);
    // O starting is allowed too: the machine as X answers second.
    let o_first = g.parse_position("......... o").unwrap();
    let as_x_second = machine_never_loses(&g, &o_first, true);
    assert!(as_x > 0 && as_o > 0 && as_x_second > 0);
}

/// Depth-limited exact search with distances: +(100 - n) for a win in n, -(100 - n)
/// for a loss in n, 0 when nothing is forced within `depth` plies.
fn deep(
    game: &Niujiao,
    pos: &<Niujiao as Rules>::Position,
    depth: u32,
    memo: &mut HashMap<(<Niujiao as Rules>::Position, u32), i32>,
) -> i32 {
    let mut actions = Vec::new();
    game.actions(pos, &mut actions);
    if actions.is_empty() {
        return match game.terminal_outcome(pos) {
            Outcome::Loss => -100,
            Outcome::Win => 100,
            Outcome::Draw => 0,
        };
    }
    if depth == 0 {
        return 0;
    }
    if let Some(&v) = memo.get(&(*pos, depth)) {
        return v;
    }
    let best = actions
        .iter()
        .map(|&a| {
            let v = -deep(game, &game.apply(pos, a), depth - 1, memo);
            // One ply further from the end.
            v - v.signum()
        })
        .max()
        .unwrap();
    memo.insert((*pos, depth), best);
    best
}

#[test]
fn niujiao_retrograde_solve_agrees_with_deep_search_everywhere() {
    let game = Niujiao { max_plies: None };
    let solved = solve(&game, &game.start(), &BUDGET, &mut |_| {}).unwrap();
    assert!(solved.index.len() > 100);
    let mut memo = HashMap::new();
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    for (pos, &i) in &solved.index {
        let expected = match solved.solutions[i as usize] {
            Solution::Win { plies } => {
                wins += 1;
                100 - plies as i32
            }
            Solution::Loss { plies } => {
                losses += 1;
                -(100 - plies as i32)
            }
            Solution::Draw => {
                draws += 1;
                0
            }
        };
        assert_eq!(deep(&game, pos, 60, &mut memo), expected, "{}", game.format_position(pos));
    }
    assert!(wins > 0 && losses > 0 && draws > 0, "{wins} {losses} {draws}");
    // With perfect play from the start, neither side can force a result.
    assert_eq!(solved.get(&game.start()), Some(Solution::Draw));
}
