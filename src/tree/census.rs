//! What a built tree holds, counted: nodes, finished games, and how many of
//! its positions are the same position reached another way (transpositions),
//! or the same up to the board's symmetries. The explicit tree repeats every
//! position once per path to it; these counts say how much.

use serde::{Deserialize, Serialize};

use super::positions::FastMap;
use crate::game::Game;
use crate::tree::Tree;

/// The counts of one depth, or of the whole tree. The JSON's names (the
/// `census` key of `docs/tree-json.md`) say what each counts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counts {
    /// Nodes (the root is the one node at depth 0).
    pub nodes: u64,
    /// Nodes where the game is over (no side can act): finished games, one per
    /// path that ends there.
    pub finished: u64,
    /// Different positions among the nodes.
    #[serde(rename = "positions")]
    pub distinct: u64,
    /// Different positions among the finished nodes.
    #[serde(rename = "finished_positions")]
    pub distinct_finished: u64,
    /// Different positions up to the board's symmetries; `None` for a game
    /// without them.
    #[serde(rename = "positions_up_to_symmetry")]
    pub distinct_up_to_symmetry: Option<u64>,
    /// Different finished positions up to the board's symmetries.
    #[serde(rename = "finished_positions_up_to_symmetry")]
    pub finished_up_to_symmetry: Option<u64>,
}

/// The counts of a tree, by depth and in total.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Census {
    /// `by_depth[d]`: the nodes `d` actions below the root.
    pub by_depth: Vec<Counts>,
    /// The whole tree: a position reached at two depths counts once.
    pub total: Counts,
}

/// The depths (0 to 255) at which a position, or a class of them, occurs.
#[derive(Clone, Copy, Default)]
struct Depths([u64; 4]);

impl Depths {
    fn add(&mut self, d: usize) {
        self.0[d / 64] |= 1 << (d % 64);
    }

    fn join(&mut self, other: Depths) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }

    fn each(self, mut f: impl FnMut(usize)) {
        for (k, mut word) in self.0.into_iter().enumerate() {
            while word != 0 {
                f(k * 64 + word.trailing_zeros() as usize);
                word &= word - 1;
            }
        }
    }
}

/// Counts `tree`. Each node's position is looked up once in one table of the
/// distinct positions (with a fast hasher); whether the game is over at a
/// position and its symmetry class are worked out once per distinct
/// position, not per node. Memory grows with the distinct positions.
pub fn census<G: Game>(game: &G, tree: &Tree<'_, G>) -> Census {
    let symmetric = game.symmetry_class(&tree.root_position).is_some();
    let mut by_depth: Vec<Counts> = Vec::new();
    // Not sized by the tree: a table for every node scattered tic-tac-toe's
    // few thousand positions over megabytes, and each look-up missed the
    // cache (docs/performance.md, "The census beside the build").
    let mut table: FastMap<G::Position, u32> = FastMap::default();
    // Per distinct position: its depths, and whether the game is over there
    // (a node with children says not; the rules are asked at a leaf).
    let mut depths: Vec<Depths> = Vec::new();
    let mut over: Vec<bool> = Vec::new();
    let mut stack = vec![(tree.root, 0usize)];
    while let Some((node, depth)) = stack.pop() {
        let pos = node.position(game);
        let children = node.children();
        let k = match table.get(&pos) {
            Some(&k) => k as usize,
            None => {
                // Over here and at every other node of this position.
                over.push(children.is_empty() && !game.has_actions(&pos));
                depths.push(Depths::default());
                table.insert(pos, depths.len() as u32 - 1);
                depths.len() - 1
            }
        };
        depths[k].add(depth);
        if by_depth.len() <= depth {
            by_depth.resize_with(depth + 1, Counts::default);
        }
        by_depth[depth].nodes += 1;
        by_depth[depth].finished += u64::from(over[k]);
        stack.extend(children.iter().map(|c| (c, depth + 1)));
    }
    let is_over = |k: usize| over[k];
    let mut total = Counts {
        nodes: by_depth.iter().map(|c| c.nodes).sum(),
        finished: by_depth.iter().map(|c| c.finished).sum(),
        distinct: over.len() as u64,
        distinct_finished: over.iter().filter(|&&o| o).count() as u64,
        ..Counts::default()
    };
    for (k, at) in depths.iter().enumerate() {
        at.each(|d| {
            by_depth[d].distinct += 1;
            by_depth[d].distinct_finished += u64::from(is_over(k));
        });
    }
    if symmetric {
        // Classes: the depths and finish of every position in each.
        let mut classes: FastMap<Vec<u8>, (Depths, bool)> =
            FastMap::with_capacity_and_hasher(table.len(), Default::default());
        for (pos, &k) in &table {
            let class = game.symmetry_class(pos).expect("a symmetric game's positions have classes");
            let entry = classes.entry(class).or_default();
            entry.0.join(depths[k as usize]);
            entry.1 |= is_over(k as usize);
        }
        for c in &mut by_depth {
            c.distinct_up_to_symmetry = Some(0);
            c.finished_up_to_symmetry = Some(0);
        }
        for (class_depths, finished) in classes.values() {
            class_depths.each(|d| {
                let c = &mut by_depth[d];
                *c.distinct_up_to_symmetry.get_or_insert(0) += 1;
                *c.finished_up_to_symmetry.get_or_insert(0) += u64::from(*finished);
            });
        }
        total.distinct_up_to_symmetry = Some(classes.len() as u64);
        total.finished_up_to_symmetry = Some(classes.values().filter(|c| c.1).count() as u64);
    }
    Census { by_depth, total }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;
    use crate::games::tictactoe::TicTacToe;
    use crate::limits::Limits;
    use crate::tree::TreeArena;

    /// The whole game of tic-tac-toe against its published counts: 549,946
    /// nodes, 255,168 finished games, 5,478 positions (765 up to symmetry), of
    /// which 958 are finished (138 up to symmetry).
    #[test]
    fn the_whole_tictactoe_tree_has_its_published_counts() {
        let mut arena = TreeArena::new();
        let tree = Tree::build(&mut arena, &TicTacToe, TicTacToe.start(), 9, &Limits::default()).unwrap();
        let c = census(&TicTacToe, &tree);
        assert_eq!(c.total.nodes, 549_946);
        assert_eq!(c.total.finished, 255_168);
        assert_eq!(c.total.distinct, 5_478);
        assert_eq!(c.total.distinct_up_to_symmetry, Some(765));
        assert_eq!(c.total.distinct_finished, 958);
        assert_eq!(c.total.finished_up_to_symmetry, Some(138));
        // The opening: nine first moves, three up to symmetry (corner, edge, centre).
        assert_eq!((c.by_depth[1].nodes, c.by_depth[1].distinct_up_to_symmetry), (9, Some(3)));
        // Every depth's nodes add up to the whole.
        assert_eq!(c.by_depth.iter().map(|d| d.nodes).sum::<u64>(), c.total.nodes);
    }
}
