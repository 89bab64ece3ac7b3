//! A built tree: its root, and the ways to walk it.

use super::node::{GameNode, Node};
use crate::game::Game;

/// A built tree. The nodes live in the arena passed to [`Tree::build`].
///
/// ```
/// use gametree::game::prelude::*;
/// use gametree::games::checkers::Checkers;
/// use gametree::limits::Limits;
/// use gametree::search::back_propagate;
/// use gametree::tree::{Tree, TreeArena};
///
/// // The course's worked example: black to move, depth 3.
/// let game = Checkers;
/// let pos = game
///     .parse_position("......../......../......../......../......../B.w...../.w....../..b..... b")
///     .unwrap();
/// let mut arena = TreeArena::new();
/// let tree = Tree::build(&mut arena, &game, pos, 3, &Limits::default()).unwrap();
/// assert_eq!(tree.len, 30);
/// back_propagate(tree.root);
/// let best = tree.decision().unwrap();
/// assert_eq!(game.format_action(best.action.unwrap()), "A6-B5");
/// assert_eq!(best.value(), 1);
/// // Every node holds its own board.
/// assert_eq!(best.position(&game), game.apply(&tree.root_position, best.action.unwrap()));
/// ```
pub struct Tree<'a, G: Game> {
    /// The root node (id 0); every other node is reached from it.
    pub root: &'a GameNode<G>,
    /// The position the tree was built from (the root keeps a packed copy).
    pub root_position: G::Position,
    /// The depth the tree was asked for (leaves may be shallower where a game ends).
    pub depth: u8,
    /// Number of nodes, root included.
    pub len: usize,
}

impl<'a, G: Game> Tree<'a, G> {
    /// Whether the tree's values are a search's: a built tree holds only its
    /// leaves' costs until minimax or alpha-beta sets the rest. (A tree that
    /// is only its root is its own value.)
    pub fn is_searched(&self) -> bool {
        self.root.searched() || self.root.is_leaf()
    }

    /// [`Self::is_searched`], as an error for the exports to refuse with: a
    /// tree never searched would be written with a wrong decision and an
    /// invented line.
    pub fn check_searched(&self) -> Result<(), NotSearched> {
        if self.is_searched() { Ok(()) } else { Err(NotSearched) }
    }

    /// The action chosen at the root (its best child), if the root has children.
    pub fn decision(&self) -> Option<&'a GameNode<G>> {
        self.root.best_child()
    }

    /// The line of best play from the root: each node's best child in turn.
    pub fn principal_variation(&self) -> Vec<&'a GameNode<G>> {
        let mut line = Vec::new();
        let mut node = self.root;
        while let Some(next) = node.best_child() {
            line.push(next);
            node = next;
        }
        line
    }

    /// Visits every node in id order with its parent's id (`None` at the root).
    pub fn walk(&self, mut f: impl FnMut(&'a GameNode<G>, Option<u32>)) {
        f(self.root, None);
        walk_children(self.root, &mut f);
    }

    /// Bytes of arena memory the nodes take.
    pub fn node_bytes(&self) -> usize {
        self.len * std::mem::size_of::<GameNode<G>>()
    }
}

fn walk_children<'a, A, P>(node: &'a Node<A, P>, f: &mut impl FnMut(&'a Node<A, P>, Option<u32>)) {
    for c in node.children() {
        f(c, Some(node.id()));
    }
    for c in node.children() {
        walk_children(c, f);
    }
}

/// A tree was to be exported before any search set its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotSearched;

impl std::fmt::Display for NotSearched {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(
            "the tree has not been searched: set its values with minimax (search::back_propagate) or alpha-beta (search::alphabeta::run_on_tree) before exporting it",
        )
    }
}

impl std::error::Error for NotSearched {}
