//! Plain minimax back-propagation over a built tree.

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use super::trace::{Event, Observer};
use crate::runtime::share;
use crate::runtime::team::Team;
use crate::tree::Node;

/// Smaller trees are propagated on the calling thread alone.
const PARALLEL_FROM: usize = 1 << 16;

/// Sets every inner node's value (a leaf's is its cost already): the greatest
/// child value where its side maximises and the least where it minimises. Ties keep
/// the left-most child, which is the one [`Node::best_child`] reports. Returns the
/// root's value, and marks the tree searched so that the exports accept it.
///
/// ```
/// use gametree::game::prelude::*;
/// use gametree::games::tictactoe::TicTacToe;
/// use gametree::limits::Limits;
/// use gametree::search::back_propagate;
/// use gametree::tree::{Tree, TreeArena};
///
/// let game = TicTacToe;
/// // x (a1, b2) to move against o (b1, a2), to the end of the game.
/// let pos = game.parse_position("xo.ox.... x").unwrap();
/// let mut arena = TreeArena::new();
/// let tree = Tree::build(&mut arena, &game, pos, 9, &Limits::default()).unwrap();
/// assert!(!tree.is_searched());
/// let value = back_propagate(tree.root);
/// assert!(tree.is_searched());
/// // c3 completes the diagonal: a win, with four cells left empty.
/// let best = tree.decision().unwrap();
/// assert_eq!(game.format_action(best.action.unwrap()), "c3");
/// assert_eq!(value, game.terminal_cost(&game.apply(&pos, best.action.unwrap())));
/// assert!(best.is_leaf(), "the game ends there");
/// ```
pub fn back_propagate<A, P>(node: &Node<A, P>) -> i32 {
    let value = propagate_above(node, u8::MAX, &mut ());
    node.set_searched();
    value
}

/// [`back_propagate`], telling `observer` each step in the order it is taken:
/// a node is entered, its children are entered and return in turn, then it
/// returns its value.
pub fn back_propagate_observed<A, P>(node: &Node<A, P>, observer: &mut impl Observer) -> i32 {
    let value = propagate_above(node, u8::MAX, observer);
    node.set_searched();
    value
}

/// [`back_propagate`] over a tree of `len` nodes, on up to `threads` threads: the
/// subtrees below a split depth are shared out, then the levels above them are
/// finished on the calling thread. Same values as the sequential pass.
pub fn back_propagate_parallel<A: Sync, P: Sync>(root: &Node<A, P>, len: usize, threads: usize) -> i32 {
    if threads < 2 || len < PARALLEL_FROM {
        return back_propagate(root);
    }
    let (_, level) = share::split(vec![root], threads, usize::MAX, |level| {
        level.iter().flat_map(|n| n.children().iter()).collect()
    });
    let split = level[0].depth;
    let next = AtomicUsize::new(0);
    Team::take(threads - 1).run(&|_| {
        while let Some(node) = level.get(next.fetch_add(1, Relaxed)) {
            back_propagate(node);
        }
    });
    let value = propagate_above(root, split, &mut ());
    root.set_searched();
    value
}

/// Propagates values down to `split` depth, taking the values of nodes at that
/// depth as they are.
fn propagate_above<A, P>(node: &Node<A, P>, split: u8, observer: &mut impl Observer) -> i32 {
    node.set_pruned(false);
    let id = node.id();
    observer.event(Event::Enter { node: id, window: None });
    if node.depth >= split || node.children().is_empty() {
        if node.children().is_empty() {
            observer.event(Event::Leaf { node: id, value: node.value() });
        }
        observer.event(Event::Return { node: id, value: node.value() });
        return node.value();
    }
    let maximising = node.maximising();
    let mut best = 0;
    for (i, child) in node.children().iter().enumerate() {
        // Leaves hold their value already: no call needed.
        let v = if child.children().is_empty() {
            child.set_pruned(false);
            let (node, value) = (child.id(), child.value());
            observer.event(Event::Enter { node, window: None });
            observer.event(Event::Leaf { node, value });
            observer.event(Event::Return { node, value });
            value
        } else {
            propagate_above(child, split, observer)
        };
        if i == 0 || (maximising && v > best) || (!maximising && v < best) {
            best = v;
        }
    }
    node.set_value(best);
    observer.event(Event::Return { node: id, value: best });
    best
}
