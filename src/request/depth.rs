//! The depth a tree is built to when none is given, and what a given depth
//! leaves out: one rule for every door, so that the command line and the
//! page build the same tree from the same request and say the same of it.
//!
//! With no depth, a game is searched to its own depth (a typed textbook
//! tree's own is its height: it is searched whole). A door whose budget is
//! its own rather than the person's (the page's, sized for a phone) asks
//! for the deepest depth below that whose tree fits instead, so that a person
//! who asked for nothing in particular gets a tree rather than a refusal, and
//! is told which depth it is; on the command line and in Python the budget is
//! the person's to raise, and a tree over it is refused as before.

use crate::game::Game;
use crate::tree::{Tree, size};

/// The depth a tree is built to, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Depth {
    /// The depth to build.
    pub depth: u8,
    /// The game's own depth (for a textbook tree, its height).
    pub own: u8,
    /// The depth was given, not chosen here.
    pub given: bool,
}

/// The depth `asked` (when given), else `game`'s own from `pos`, or, with
/// `fit`, the deepest below it whose full tree has at most `max_nodes` nodes.
pub fn choose<G: Game>(game: &G, pos: &G::Position, asked: Option<u8>, max_nodes: u64, fit: bool) -> Depth {
    let own = game.default_depth();
    if let Some(depth) = asked {
        return Depth { depth, own, given: true };
    }
    if !fit {
        return Depth { depth: own, own, given: false };
    }
    // A tree estimated far below the budget is not counted (the builder
    // still stops at the budget); the rest are counted, deepest first, each
    // count stopping once past the budget.
    let fits = |d: u8| {
        size::estimate(game, pos, d) < max_nodes as f64 / 8.0
            || size::count_within(game, pos, d, max_nodes).is_some()
    };
    let depth = (1..=own).rev().find(|&d| fits(d)).unwrap_or(1);
    Depth { depth, own, given: false }
}

impl Depth {
    /// What a person reads beside the answer when the tree is not the
    /// game's own: the depth chosen below it for the budget, or the nodes of
    /// a typed tree that a given depth left unsearched.
    /// `None` when the tree is the one the game would have searched.
    pub fn note<G: Game>(&self, game: &G, tree: &Tree<'_, G>, max_nodes: u64) -> Option<String> {
        let name = game.name();
        if !self.given {
            return (self.depth < self.own).then(|| {
                format!(
                    "Depth {}: the deepest whose tree fits the budget of {max_nodes} nodes ({name}'s own depth, {}, does not).",
                    self.depth, self.own
                )
            });
        }
        // A game's depth is a horizon the person chose; a typed tree is
        // meant whole, and one cut short is said (its cut nodes take their
        // minimax value, so the answer looks whole and is not the tree typed).
        if name != "tree" || self.depth >= self.own {
            return None;
        }
        let mut cut = 0u64;
        tree.walk(|node, _| {
            if node.depth == self.depth
                && node.children().is_empty()
                && game.has_actions(&node.position(game))
            {
                cut += 1;
            }
        });
        let nodes = if cut == 1 { "1 node".to_string() } else { format!("{cut} nodes") };
        (cut > 0).then(|| {
            format!(
                "Depth {} cuts this tree: {nodes} at depth {} have children that are not searched; without a depth it is searched whole (depth {}).",
                self.depth, self.depth, self.own
            )
        })
    }
}
