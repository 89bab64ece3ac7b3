//! Alpha-beta over the built tree visits what a textbook alpha-beta visits: one
//! written here from the textbook (true infinities, children left to right,
//! cut off once alpha >= beta, fail-soft values), walking positions with the
//! game's rules alone, none of the project's searches.

use std::collections::BTreeMap;

use gametree::game::prelude::*;
use gametree::games::checkers::Checkers;
use gametree::limits::Limits;
use gametree::search::alphabeta;
use gametree::tree::{GameNode, Tree, TreeArena};

/// The course's worked example (docs/teaching.md): black to move.
const WORKED_EXAMPLE: &str = "......../......../......../......../......../B.w...../.w....../..b..... b";

/// Every position the textbook search visits, by its path of action indices,
/// with the value it returned.
type Visits = BTreeMap<Vec<usize>, i32>;

/// Alpha-beta as textbooks write it, with `f64`'s infinities for the window's
/// open ends: no game value can be mistaken for them.
fn textbook(
    game: &Checkers,
    pos: &<Checkers as Rules>::Position,
    depth: u8,
    window: (f64, f64),
    path: &mut Vec<usize>,
    visits: &mut Visits,
) -> i32 {
    let (mut alpha, mut beta) = window;
    let mut actions = Vec::new();
    game.actions(pos, &mut actions);
    if depth == 0 || actions.is_empty() {
        let v = game.cost(pos, !actions.is_empty());
        visits.insert(path.clone(), v);
        return v;
    }
    let maximising = game.to_move(pos).maximises();
    let mut best = if maximising { f64::NEG_INFINITY } else { f64::INFINITY };
    for (i, &a) in actions.iter().enumerate() {
        path.push(i);
        let v = f64::from(textbook(game, &game.apply(pos, a), depth - 1, (alpha, beta), path, visits));
        path.pop();
        if maximising {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    visits.insert(path.clone(), best as i32);
    best as i32
}

/// The nodes our search visited (not pruned), by path, with their values.
fn ours(node: &GameNode<Checkers>, path: &mut Vec<usize>, visits: &mut Visits) {
    if node.pruned() {
        return;
    }
    visits.insert(path.clone(), node.value());
    for (i, child) in node.children().iter().enumerate() {
        path.push(i);
        ours(child, path, visits);
        path.pop();
    }
}

#[test]
fn alphabeta_visits_what_a_textbook_alphabeta_visits_on_the_worked_example() {
    let game = Checkers;
    let root = game.parse_position(WORKED_EXAMPLE).unwrap();
    for depth in 3..=7 {
        let mut expected = Visits::new();
        let value =
            textbook(&game, &root, depth, (f64::NEG_INFINITY, f64::INFINITY), &mut Vec::new(), &mut expected);
        let mut arena = TreeArena::new();
        let tree = Tree::build(&mut arena, &game, root, depth, &Limits::default()).unwrap();
        alphabeta::run_on_tree(&tree);
        let mut visited = Visits::new();
        ours(tree.root, &mut Vec::new(), &mut visited);
        assert_eq!(tree.root.value(), value, "depth {depth}: root value");
        assert_eq!(visited.len(), expected.len(), "depth {depth}: nodes visited");
        assert_eq!(tree.len - visited.len(), tree.len - expected.len(), "depth {depth}: nodes pruned");
        assert_eq!(visited, expected, "depth {depth}: the same nodes, with the same values");
        if depth == 7 {
            // The figure the textbook search gave when the difference was found
            // (the search with the game's extreme costs as its infinities
            // visited 363).
            assert_eq!(expected.len(), 488);
        }
    }
}
