//! Which part of a tree a drawing shows. Big trees cannot be drawn whole: a
//! scope keeps the top levels, or the line of best play with the alternatives
//! at each of its nodes, and says how many nodes each cut hides. The DOT and
//! HTML exports read the same scope.

use crate::game::Game;
use crate::tree::{GameNode, Tree};

/// What part of a tree DOT and the explorer draw (`--show-depth`, `--show-line`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scope {
    /// Every node.
    #[default]
    All,
    /// Levels 0 to K.
    Depth(u8),
    /// The root, the principal variation, and every child of the nodes on it.
    Line,
}

/// A scope applied to one tree: for each node id, whether its children are shown
/// (a node shows all its children or none).
pub struct Shown {
    open: Vec<bool>,
}

impl Shown {
    /// Which nodes of `tree` open under `scope`: one flag per node, so the cost
    /// is a byte per node.
    pub fn new<G: Game>(tree: &Tree<'_, G>, scope: Scope) -> Shown {
        let mut open = vec![false; tree.len];
        match scope {
            Scope::All => open.fill(true),
            Scope::Depth(k) => tree.walk(|n, _| open[n.id() as usize] = n.depth < k),
            Scope::Line => {
                open[0] = true;
                for n in tree.principal_variation() {
                    open[n.id() as usize] = true;
                }
            }
        }
        Shown { open }
    }

    /// Whether `node`'s children are drawn.
    pub fn opens<A, P>(&self, node: &crate::tree::Node<A, P>) -> bool {
        self.open[node.id() as usize] && !node.is_leaf()
    }

    /// The nodes drawn, in id order, with their parents' ids, and for each node
    /// whose children are not drawn, the number of nodes below it.
    pub fn walk<'a, G: Game>(
        &self,
        tree: &Tree<'a, G>,
        mut f: impl FnMut(&'a GameNode<G>, Option<u32>, u64),
    ) {
        // Ids are construction order: a node is drawn when its parent opens.
        let mut drawn = vec![false; tree.len];
        drawn[0] = true;
        tree.walk(|n, parent| {
            if !drawn[n.id() as usize] {
                return;
            }
            let hidden = if self.opens(n) {
                for c in n.children() {
                    drawn[c.id() as usize] = true;
                }
                0
            } else {
                subtree_size(n) - 1
            };
            f(n, parent, hidden);
        });
    }
}

/// Nodes in the subtree of `node`, itself included.
pub fn subtree_size<A, P>(node: &crate::tree::Node<A, P>) -> u64 {
    1 + node.children().iter().map(|c| subtree_size(c)).sum::<u64>()
}
