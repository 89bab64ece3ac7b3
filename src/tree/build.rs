//! Building a tree: refused early when over its budget, then built on this
//! thread alone or, when deep enough, on the helper team.

use super::arena::TreeArena;
use super::node::Node;
use super::sequential::{Builder, action_buffers};
use super::{Tree, parallel, size};
use crate::game::Game;
use crate::limits::{Limits, TooManyNodes};
use crate::runtime::team;

impl<'a, G: Game> Tree<'a, G> {
    /// Builds the full tree of `root` to `depth` plies in `arena`, in construction
    /// order. Leaves hold their static costs as values; inner values are set by a
    /// later pass (the searches' minimax or alpha-beta).
    pub fn build(
        arena: &'a mut TreeArena<G::Action, G::Packed>,
        game: &G,
        root: G::Position,
        depth: u8,
        options: &Limits,
    ) -> Result<Tree<'a, G>, TooManyNodes> {
        // Never more nodes than the address space leaves room for: a build
        // that ran out would end the process instead of being refused.
        let node_bytes = std::mem::size_of::<Node<G::Action, G::Packed>>() as u64;
        let (max_nodes, memory) = crate::limits::nodes_within_memory(
            options.max_nodes.min(crate::limits::MAX_TREE_NODES),
            node_bytes,
        );
        Self::build_within(arena, game, root, depth, options, max_nodes).map_err(|e| e.within(memory))
    }

    fn build_within(
        arena: &'a mut TreeArena<G::Action, G::Packed>,
        game: &G,
        root: G::Position,
        depth: u8,
        options: &Limits,
        max_nodes: u64,
    ) -> Result<Tree<'a, G>, TooManyNodes> {
        if max_nodes == 0 {
            return Err(TooManyNodes::over(max_nodes));
        }
        // Refused now rather than after building up to the budget (a minute for
        // a deep Gomoku tree).
        let fit = size::full_tree_fit(game, &root, depth, max_nodes);
        if fit == size::Fit::Over {
            return Err(TooManyNodes::over(max_nodes));
        }
        if parallel::worth_it(depth, options.threads) {
            // Counted to fit: the threads need not share the budget, so no
            // thread's unused block can refuse it.
            let shared = fit != size::Fit::Exact;
            return parallel::build(arena, game, &root, depth, max_nodes, options.threads, shared);
        }
        let main = &arena.main;
        let mut b = Builder::new(game, 1, max_nodes);
        let value = if depth == 0 { game.cost(&root, game.has_actions(&root)) } else { 0 };
        let root_node = main.alloc(Node::new(0, None, 0, value, game.to_move(&root), game.pack(&root)));
        let mut buffers = action_buffers::<G>(depth);
        b.expand(main, root_node, &root, &mut buffers)?;
        Ok(Tree { root: root_node, root_position: root, depth, len: b.next_id as usize })
    }
}

/// Gets ready to build a tree of `depth` plies: starts the helper threads a
/// parallel build would use, so that they are running by the time it begins.
pub fn prepare_build(depth: u8, options: &Limits) {
    if parallel::worth_it(depth, options.threads) {
        team::start(options.threads - 1);
    }
}
