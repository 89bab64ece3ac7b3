//! Alpha-beta: a fast implicit search for play, and the same search run over a
//! built explicit tree so that what it skips can be seen.
//!
//! Both are fail-soft and break ties towards the left-most action, so their root
//! value and decision are those of plain minimax (checked by property tests).

use std::cell::Cell;

use super::tree::{Node, Tree};
use crate::game::Game;

/// The machine's choice and how much work it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice<A> {
    /// `None` when the side to move has no action.
    pub action: Option<A>,
    /// The root value, from the first player's point of view.
    pub value: i32,
    /// Positions examined (every position the search visited, root included).
    pub nodes: u64,
}

/// Searches `depth` plies from `pos` without building a tree.
pub fn search<G: Game>(game: &G, pos: &G::Position, depth: u8) -> Choice<G::Action> {
    let mut buffers: Vec<Vec<G::Action>> = (0..depth).map(|_| Vec::new()).collect();
    let mut s = Implicit { game, nodes: 0, best: None };
    let value = s.visit(pos, &mut buffers, i32::MIN, i32::MAX, true);
    Choice { action: s.best, value, nodes: s.nodes }
}

struct Implicit<'g, G: Game> {
    game: &'g G,
    nodes: u64,
    best: Option<G::Action>,
}

impl<G: Game> Implicit<'_, G> {
    fn visit(
        &mut self,
        pos: &G::Position,
        buffers: &mut [Vec<G::Action>],
        mut alpha: i32,
        mut beta: i32,
        root: bool,
    ) -> i32 {
        self.nodes += 1;
        let game = self.game;
        let Some((actions, deeper)) = buffers.split_first_mut() else {
            return game.cost(pos, game.has_actions(pos));
        };
        game.actions(pos, actions);
        if actions.is_empty() {
            return game.cost(pos, false);
        }
        let maximising = game.to_move(pos).maximises();
        let mut best = if maximising { i32::MIN } else { i32::MAX };
        for (i, &a) in actions.iter().enumerate() {
            let v = self.visit(&game.apply(pos, a), deeper, alpha, beta, false);
            let better = if maximising { v > best } else { v < best };
            if better || i == 0 {
                best = v;
                if root {
                    self.best = Some(a);
                }
            }
            if maximising {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// The window a node of the explicit tree was searched with, and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub alpha: i32,
    pub beta: i32,
    pub cutoff: Option<Cutoff>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cutoff {
    /// A maximising node reached beta: its remaining children were skipped.
    Beta,
    /// A minimising node fell to alpha: its remaining children were skipped.
    Alpha,
}

impl Cutoff {
    pub fn name(self) -> &'static str {
        match self {
            Cutoff::Beta => "beta",
            Cutoff::Alpha => "alpha",
        }
    }
}

/// Runs alpha-beta over a built tree: visited nodes get their (possibly bounded)
/// value, every node the search never reached is marked pruned. Returns the window
/// of each node by id, `None` for pruned nodes.
pub fn run_on_tree<G: Game>(tree: &Tree<'_, G>) -> Vec<Option<Window>> {
    let windows: Vec<Cell<Option<Window>>> = (0..tree.len).map(|_| Cell::new(None)).collect();
    mark_pruned(tree.root);
    visit_node(tree.root, i32::MIN, i32::MAX, &windows);
    windows.into_iter().map(Cell::into_inner).collect()
}

fn mark_pruned<A>(node: &Node<'_, A>) {
    node.set_pruned(true);
    for c in node.children {
        mark_pruned(c);
    }
}

fn visit_node<A>(node: &Node<'_, A>, mut alpha: i32, mut beta: i32, windows: &[Cell<Option<Window>>]) -> i32 {
    node.set_pruned(false);
    let entry = (alpha, beta);
    let mut cutoff = None;
    let value = if node.is_leaf() {
        node.value()
    } else {
        let maximising = node.maximising();
        let mut best = if maximising { i32::MIN } else { i32::MAX };
        for (i, child) in node.children.iter().enumerate() {
            let v = visit_node(child, alpha, beta, windows);
            if i == 0 || (maximising && v > best) || (!maximising && v < best) {
                best = v;
            }
            if maximising {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                if i + 1 < node.children.len() {
                    cutoff = Some(if maximising { Cutoff::Beta } else { Cutoff::Alpha });
                }
                break;
            }
        }
        best
    };
    node.set_value(value);
    windows[node.id() as usize].set(Some(Window { alpha: entry.0, beta: entry.1, cutoff }));
    value
}
