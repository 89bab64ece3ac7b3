//! The sequential builder. The parallel build runs one per thread below its
//! split depth, and one more for the levels above, where it hangs the subtrees
//! the threads built.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use typed_arena::Arena;

use super::arena::alloc_nodes;
use super::node::{GameNode, Node};
use crate::game::Game;
use crate::limits::TooManyNodes;
use crate::runtime::Prefault;

/// One reusable action list per ply, so that a build allocates nothing but nodes.
pub(crate) fn action_buffers<G: Game>(depth: u8) -> Vec<Vec<G::Action>> {
    (0..depth).map(|_| Vec::new()).collect()
}

/// Built subtrees waiting to be hung in place, in construction order, each the
/// nodes just below its root and how many nodes it has in all.
pub(crate) type Subtrees<'a, G> = std::vec::IntoIter<(&'a [GameNode<G>], u32)>;

/// The sequential builder; the parallel one runs one of these per thread.
pub(crate) struct Builder<'g, 'a, G: Game> {
    pub game: &'g G,
    /// The id the next node will get.
    pub next_id: u32,
    pub max_nodes: u64,
    /// Nodes counted against the budget besides those numbered so far (the
    /// subtrees of `hang` not hung yet).
    pub reserved: u64,
    /// Nodes reserved by all threads together, when several share the budget.
    pub shared: Option<&'g AtomicU64>,
    /// Nodes this thread has reserved from `shared` and not used yet.
    pub quota: u64,
    pub prefault: Prefault,
    /// Set for the top levels of a parallel build: where the buffers run out,
    /// a node that has actions takes the next of these subtrees as its children.
    pub hang: Option<Subtrees<'a, G>>,
}

/// How many nodes a thread reserves from a shared budget at a time. Reserving per
/// group of children would make the threads fight over one counter's cache line
/// and halve the build rate. Near the limit a thread is granted only what is
/// left (see `reserve`), and a tree whose exact size is known to fit is built
/// with no shared budget at all, so blocks never refuse a tree that fits.
pub const QUOTA_BLOCK: u64 = 4096;

/// Reserves at least `need` nodes from the budget `max_nodes` shared through
/// `used`: a whole block when one is left, else only what is left, so that the
/// threads together can use the budget to the last node. Returns how many were
/// granted; refused when not even `need` is left.
fn reserve(used: &AtomicU64, need: u64, max_nodes: u64) -> Result<u64, TooManyNodes> {
    // The -1 is the root, which no thread builds.
    let room = max_nodes.saturating_sub(1);
    let mut seen = used.load(Relaxed);
    loop {
        let left = room.saturating_sub(seen);
        if left < need {
            return Err(TooManyNodes::over(max_nodes));
        }
        let grant = need.max(QUOTA_BLOCK).min(left);
        match used.compare_exchange_weak(seen, seen + grant, Relaxed, Relaxed) {
            Ok(_) => return Ok(grant),
            Err(now) => seen = now,
        }
    }
}

impl<'g, 'a, G: Game> Builder<'g, 'a, G> {
    /// A builder numbering from `next_id` against a budget of its own.
    pub fn new(game: &'g G, next_id: u32, max_nodes: u64) -> Self {
        Builder {
            game,
            next_id,
            max_nodes,
            reserved: 0,
            shared: None,
            quota: 0,
            prefault: Prefault::default(),
            hang: None,
        }
    }

    /// Unless `node` is a leaf, creates all its children at once, then builds each
    /// child's subtree in turn. `buffers` holds one action list per remaining ply.
    pub fn expand(
        &mut self,
        arena: &'a Arena<GameNode<G>>,
        node: &mut GameNode<G>,
        pos: &G::Position,
        buffers: &mut [Vec<G::Action>],
    ) -> Result<(), TooManyNodes> {
        let game = self.game;
        let Some((actions, deeper)) = buffers.split_first_mut() else {
            if let Some(subtrees) = &mut self.hang {
                if game.has_actions(pos) {
                    let (nodes, count) = subtrees.next().expect("one subtree per frontier node");
                    debug_assert_eq!(
                        nodes[0].id(),
                        self.next_id,
                        "subtree_offsets numbers as the builder does"
                    );
                    self.next_id += count;
                    self.reserved -= u64::from(count);
                    node.set_children(nodes);
                } else {
                    node.set_value(game.cost(pos, false));
                }
            }
            return Ok(());
        };
        game.actions(pos, actions);
        if actions.is_empty() {
            node.set_value(game.cost(pos, false));
            return Ok(());
        }
        node.set_children(self.children(arena, node.depth + 1, pos, actions, deeper)?);
        Ok(())
    }

    /// Creates the children of the position `pos` (whose actions are `actions`)
    /// and their subtrees, and returns them.
    pub fn children(
        &mut self,
        arena: &'a Arena<GameNode<G>>,
        depth: u8,
        pos: &G::Position,
        actions: &[G::Action],
        deeper: &mut [Vec<G::Action>],
    ) -> Result<&'a mut [GameNode<G>], TooManyNodes> {
        let game = self.game;
        let n = actions.len() as u64;
        // A stop asked for ends the build within 4,096 nodes of it.
        let id = u64::from(self.next_id);
        if id >> 12 != (id + n) >> 12 && crate::limits::stop::requested() {
            return Err(TooManyNodes::stopped());
        }
        match self.shared {
            None if self.next_id as u64 + self.reserved + n > self.max_nodes => {
                return Err(TooManyNodes::over(self.max_nodes));
            }
            None => {}
            Some(used) => {
                if n > self.quota {
                    self.quota += reserve(used, n - self.quota, self.max_nodes)?;
                }
                self.quota -= n;
            }
        }
        let first = self.next_id;
        self.next_id += actions.len() as u32;
        if deeper.is_empty() && self.hang.is_none() {
            // The children are leaves: finish each one as it is created.
            let leaves = alloc_nodes(
                arena,
                actions.iter().zip(game.leaves(pos, actions)).enumerate().map(|(i, (&a, (child, cost)))| {
                    Node::new(first + i as u32, Some(a), depth, cost, game.to_move(&child), game.pack(&child))
                }),
            );
            self.prefault.after(arena, leaves.as_ptr_range().end);
            return Ok(leaves);
        }
        let children = alloc_nodes(
            arena,
            actions.iter().enumerate().map(|(i, &a)| {
                let child = game.apply(pos, a);
                Node::new(first + i as u32, Some(a), depth, 0, game.to_move(&child), game.pack(&child))
            }),
        );
        self.prefault.after(arena, children.as_ptr_range().end);
        for child in children.iter_mut() {
            let child_pos = child.position(game);
            self.expand(arena, child, &child_pos, deeper)?;
        }
        Ok(children)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;
    use crate::games::checkers::Checkers;
    use crate::limits::Limits;
    use crate::tree::{Tree, TreeArena};

    fn sequential() -> Limits {
        Limits { threads: 1, ..Limits::default() }
    }

    #[test]
    fn near_the_shared_budget_only_what_is_left_is_granted() {
        let used = AtomicU64::new(0);
        // A budget of 10,000 nodes, the root among them: two whole blocks, then
        // the 1,807 left, then nothing.
        assert_eq!(reserve(&used, 1, 10_000), Ok(QUOTA_BLOCK));
        assert_eq!(reserve(&used, 100, 10_000), Ok(QUOTA_BLOCK));
        assert_eq!(reserve(&used, 2_000, 10_000), Err(TooManyNodes::over(10_000)));
        assert_eq!(reserve(&used, 1_807, 10_000), Ok(1_807));
        assert_eq!(used.load(Relaxed), 9_999);
        assert_eq!(reserve(&used, 1, 10_000), Err(TooManyNodes::over(10_000)));
    }

    #[test]
    fn node_sizes_are_as_documented() {
        use crate::games::{ataxx::Ataxx, gomoku::Gomoku, niujiao::Niujiao, tictactoe::TicTacToe};
        // children (8 + 2) + id, value (8) + action (at most 4) + depth, flags (2)
        // = 24, plus the game's packed position, rounded up to 4 bytes.
        assert_eq!(std::mem::size_of::<GameNode<Checkers>>(), 24 + 12);
        assert_eq!(std::mem::size_of::<GameNode<TicTacToe>>(), 24 + 4);
        assert_eq!(std::mem::size_of::<GameNode<Niujiao>>(), 24 + 4);
        assert_eq!(std::mem::size_of::<GameNode<Ataxx>>(), 24 + 20);
        assert_eq!(std::mem::size_of::<GameNode<Gomoku>>(), 24 + 60);
    }

    #[test]
    fn every_node_holds_its_own_position() {
        // Duplicates too: the same position reached along two paths is two copies.
        let mut arena = TreeArena::new();
        let tree = Tree::build(&mut arena, &Checkers, Checkers.start(), 4, &sequential()).unwrap();
        let mut replayed = vec![Checkers.start()];
        let mut seen = std::collections::HashMap::new();
        tree.walk(|n, parent| {
            if let Some(p) = parent {
                let pos = Checkers.apply(&replayed[p as usize], n.action.unwrap());
                assert_eq!(replayed.len(), n.id() as usize);
                replayed.push(pos);
            }
            assert_eq!(n.position(&Checkers), replayed[n.id() as usize]);
            let copies: &mut Vec<*const _> = seen.entry(n.position(&Checkers)).or_default();
            copies.push(std::ptr::from_ref(n.packed()));
        });
        let duplicated: Vec<_> = seen.values().filter(|c| c.len() > 1).collect();
        assert!(!duplicated.is_empty(), "the depth-4 start tree has transpositions");
        for copies in duplicated {
            let distinct: std::collections::HashSet<_> = copies.iter().collect();
            assert_eq!(distinct.len(), copies.len(), "each path has its own copy");
        }
    }

    #[test]
    fn ids_are_construction_order() {
        let mut arena = TreeArena::new();
        let tree = Tree::build(&mut arena, &Checkers, Checkers.start(), 3, &sequential()).unwrap();
        assert_eq!(tree.len, 1 + 7 + 49 + 379);
        let mut seen = Vec::new();
        tree.walk(|n, _| seen.push(n.id()));
        assert_eq!(seen, (0..tree.len as u32).collect::<Vec<_>>());
        // The root's children come first, then the first child's children.
        let first = &tree.root.children()[0];
        assert_eq!(
            tree.root.children().iter().map(|c| c.id()).collect::<Vec<_>>(),
            (1..=7).collect::<Vec<_>>()
        );
        assert_eq!(first.children()[0].id(), 8);
        assert_eq!(first.children()[0].children()[0].id(), 8 + first.children().len() as u32);
    }

    #[test]
    fn the_budget_is_checked_before_allocating() {
        let limit = |n| Limits { max_nodes: n, ..Limits::NONE };
        let mut arena = TreeArena::new();
        let err = Tree::build(&mut arena, &Checkers, Checkers.start(), 3, &limit(100)).err();
        assert_eq!(err, Some(TooManyNodes::over(100)));
        assert!(Tree::build(&mut TreeArena::new(), &Checkers, Checkers.start(), 3, &limit(436)).is_ok());
        assert!(Tree::build(&mut TreeArena::new(), &Checkers, Checkers.start(), 3, &limit(435)).is_err());
    }
}
