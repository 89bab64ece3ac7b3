//! The explicit search tree: every node a real object in a `typed_arena::Arena`.
//!
//! Construction order (and so node ids) follows the course programs: a node's
//! children are created together, left to right in legal-action order, and only then
//! is each child's subtree built in turn, first child first. The root is id 0, its
//! children are 1..=k, the children of child 1 come next, then everything below
//! them, and so on. Duplicate positions reached along different paths are separate
//! nodes: a node is a path, not a position.
//!
//! Nodes do not store their position; it is rebuilt from the root by applying the
//! actions along the path (see [`Tree::walk`]). That keeps a node at 40 bytes for
//! checkers, which is what lets deep trees fit in memory.

use std::cell::Cell;
use std::fmt;

use typed_arena::Arena;

use crate::game::{Game, Player};

const MAXIMISING: u8 = 1;
const PRUNED: u8 = 2;

/// No parent: the id stored in the root's `parent` field.
pub const NO_PARENT: u32 = u32::MAX;

pub struct Node<'a, A> {
    /// Children in legal-action order; their ids are consecutive.
    pub children: &'a [Node<'a, A>],
    pub id: u32,
    pub parent: u32,
    /// Static cost of the node's position (with the game's terminal rule).
    pub cost: i32,
    /// Propagated value, set by a back-propagation pass after the build.
    value: Cell<i32>,
    /// The action that led here; `None` only at the root.
    pub action: Option<A>,
    pub depth: u8,
    flags: Cell<u8>,
}

impl<A> Node<'_, A> {
    pub fn value(&self) -> i32 {
        self.value.get()
    }

    pub(crate) fn set_value(&self, v: i32) {
        self.value.set(v);
    }

    /// Whether the side to move here picks the greatest child value.
    pub fn maximising(&self) -> bool {
        self.flags.get() & MAXIMISING != 0
    }

    pub fn is_leaf(&self) -> bool {
        self.children.is_empty()
    }

    /// Whether a pruning search skipped this node.
    pub fn pruned(&self) -> bool {
        self.flags.get() & PRUNED != 0
    }

    pub(crate) fn set_pruned(&self, pruned: bool) {
        let f = self.flags.get();
        self.flags
            .set(if pruned { f | PRUNED } else { f & !PRUNED });
    }

    /// The child whose value the node took: the left-most one among equals, never a
    /// pruned one. `None` at a leaf.
    pub fn best_child(&self) -> Option<&Self> {
        self.children
            .iter()
            .find(|c| !c.pruned() && c.value() == self.value())
    }
}

/// A tree would have exceeded the node budget: nothing was kept of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyNodes {
    pub limit: u64,
}

impl fmt::Display for TooManyNodes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the tree would exceed the budget of {} nodes; use a smaller --depth or raise --max-nodes",
            self.limit
        )
    }
}

impl std::error::Error for TooManyNodes {}

/// The default node budget: about 2 GB of checkers nodes.
pub const DEFAULT_MAX_NODES: u64 = 50_000_000;

pub type NodeArena<'a, G> = Arena<Node<'a, <G as Game>::Action>>;

/// A built tree. The nodes live in the arena passed to [`Tree::build`].
pub struct Tree<'a, G: Game> {
    pub root: &'a Node<'a, G::Action>,
    pub root_position: G::Position,
    /// The depth the tree was asked for (leaves may be shallower where a game ends).
    pub depth: u8,
    /// Number of nodes, root included.
    pub len: usize,
}

struct Builder<'g, G: Game> {
    game: &'g G,
    next_id: u32,
    max_nodes: u64,
}

impl<'a, G: Game> Tree<'a, G> {
    /// Builds the full tree of `root` to `depth` plies in `arena`, in construction
    /// order, with static costs set; values are set by a later pass (see
    /// [`super::minimax`]).
    pub fn build(
        arena: &'a NodeArena<'a, G>,
        game: &G,
        root: G::Position,
        depth: u8,
        max_nodes: u64,
    ) -> Result<Tree<'a, G>, TooManyNodes> {
        let max_nodes = max_nodes.min(u32::MAX as u64 - 1);
        if max_nodes == 0 {
            return Err(TooManyNodes { limit: max_nodes });
        }
        let mut b = Builder {
            game,
            next_id: 1,
            max_nodes,
        };
        let root_node = arena.alloc(Node {
            children: &[],
            id: 0,
            parent: NO_PARENT,
            cost: 0,
            value: Cell::new(0),
            action: None,
            depth: 0,
            flags: Cell::new(flags_for(game.to_move(&root))),
        });
        let mut buffers: Vec<Vec<G::Action>> = (0..depth).map(|_| Vec::new()).collect();
        b.expand(arena, root_node, &root, &mut buffers)?;
        Ok(Tree {
            root: root_node,
            root_position: root,
            depth,
            len: b.next_id as usize,
        })
    }

    /// The action chosen at the root (its best child), if the root has children.
    pub fn decision(&self) -> Option<&'a Node<'a, G::Action>> {
        self.root.best_child()
    }

    /// The line of best play from the root: each node's best child in turn.
    pub fn principal_variation(&self) -> Vec<&'a Node<'a, G::Action>> {
        let mut line = Vec::new();
        let mut node = self.root;
        while let Some(next) = node.best_child() {
            line.push(next);
            node = next;
        }
        line
    }

    /// Visits every node in id order with its position. `f` gets the node and its
    /// position; the root comes first.
    pub fn walk(&self, game: &G, mut f: impl FnMut(&'a Node<'a, G::Action>, &G::Position)) {
        f(self.root, &self.root_position);
        walk_children(game, self.root, &self.root_position, &mut f);
    }

    /// Bytes of arena memory the nodes take.
    pub fn node_bytes(&self) -> usize {
        self.len * std::mem::size_of::<Node<'a, G::Action>>()
    }
}

fn walk_children<'a, G: Game>(
    game: &G,
    node: &'a Node<'a, G::Action>,
    pos: &G::Position,
    f: &mut impl FnMut(&'a Node<'a, G::Action>, &G::Position),
) {
    let positions: Vec<G::Position> = node
        .children
        .iter()
        .map(|c| game.apply(pos, c.action.expect("only the root has no action")))
        .collect();
    for (c, p) in node.children.iter().zip(&positions) {
        f(c, p);
    }
    for (c, p) in node.children.iter().zip(&positions) {
        walk_children(game, c, p, f);
    }
}

fn flags_for(player: Player) -> u8 {
    if player.maximises() { MAXIMISING } else { 0 }
}

impl<G: Game> Builder<'_, G> {
    /// Sets `node`'s cost and, unless it is a leaf, creates all its children at
    /// once, then builds each child's subtree in turn. `buffers` holds one reusable
    /// action list per remaining ply, so the build allocates nothing but nodes.
    fn expand<'a>(
        &mut self,
        arena: &'a NodeArena<'a, G>,
        node: &mut Node<'a, G::Action>,
        pos: &G::Position,
        buffers: &mut [Vec<G::Action>],
    ) -> Result<(), TooManyNodes> {
        let game = self.game;
        let Some((actions, deeper)) = buffers.split_first_mut() else {
            node.cost = game.cost(pos, game.has_actions(pos));
            return Ok(());
        };
        game.actions(pos, actions);
        node.cost = game.cost(pos, !actions.is_empty());
        if actions.is_empty() {
            return Ok(());
        }
        if self.next_id as u64 + actions.len() as u64 > self.max_nodes {
            return Err(TooManyNodes {
                limit: self.max_nodes,
            });
        }
        let first = self.next_id;
        self.next_id += actions.len() as u32;
        let parent = node.id;
        let depth = node.depth + 1;
        let node_for = |i: usize, a: G::Action, cost: i32, player: Player| Node {
            children: &[],
            id: first + i as u32,
            parent,
            cost,
            value: Cell::new(0),
            action: Some(a),
            depth,
            flags: Cell::new(flags_for(player)),
        };
        let children = if deeper.is_empty() {
            // The children are leaves: finish each one as it is created.
            arena.alloc_extend(actions.iter().enumerate().map(|(i, &a)| {
                let p = game.apply(pos, a);
                node_for(i, a, game.cost(&p, game.has_actions(&p)), game.to_move(&p))
            }))
        } else {
            let children = arena.alloc_extend(
                actions
                    .iter()
                    .enumerate()
                    .map(|(i, &a)| node_for(i, a, 0, Player::First)),
            );
            for child in children.iter_mut() {
                let child_pos = game.apply(pos, child.action.expect("children have actions"));
                child.flags.set(flags_for(game.to_move(&child_pos)));
                self.expand(arena, child, &child_pos, deeper)?;
            }
            children
        };
        node.children = children;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::checkers::{Action, Checkers};

    #[test]
    fn a_checkers_node_fits_in_40_bytes() {
        // children (16) + id, parent, cost, value (16) + action (3) + depth, flags (2).
        assert_eq!(std::mem::size_of::<Node<'_, Action>>(), 40);
    }

    #[test]
    fn ids_are_construction_order() {
        let arena = Arena::new();
        let tree = Tree::build(&arena, &Checkers, Checkers.start(), 3, DEFAULT_MAX_NODES).unwrap();
        assert_eq!(tree.len, 1 + 7 + 49 + 379);
        let mut seen = Vec::new();
        tree.walk(&Checkers, |n, _| seen.push(n.id));
        assert_eq!(seen, (0..tree.len as u32).collect::<Vec<_>>());
        // The root's children come first, then the first child's children.
        let first = &tree.root.children[0];
        assert_eq!(
            tree.root.children.iter().map(|c| c.id).collect::<Vec<_>>(),
            (1..=7).collect::<Vec<_>>()
        );
        assert_eq!(first.children[0].id, 8);
        assert_eq!(
            first.children[0].children[0].id,
            8 + first.children.len() as u32
        );
    }

    #[test]
    fn the_budget_is_checked_before_allocating() {
        let arena = Arena::new();
        let err = Tree::build(&arena, &Checkers, Checkers.start(), 3, 100).err();
        assert_eq!(err, Some(TooManyNodes { limit: 100 }));
        assert!(Tree::build(&arena, &Checkers, Checkers.start(), 3, 436).is_ok());
        assert!(Tree::build(&arena, &Checkers, Checkers.start(), 3, 435).is_err());
    }
}
