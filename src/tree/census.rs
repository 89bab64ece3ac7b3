//! What a built tree holds, counted: nodes, finished games, and how many of
//! its positions are the same position reached another way (transpositions),
//! or the same up to the board's symmetries. The explicit tree repeats every
//! position once per path to it; these counts say how much.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

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

/// The sets that make one [`Counts`].
struct Seen<P> {
    counts: Counts,
    positions: HashSet<P>,
    finished: HashSet<P>,
    classes: HashSet<Vec<u8>>,
    finished_classes: HashSet<Vec<u8>>,
}

impl<P: std::hash::Hash + Eq + Clone> Seen<P> {
    fn new() -> Seen<P> {
        Seen {
            counts: Counts::default(),
            positions: HashSet::new(),
            finished: HashSet::new(),
            classes: HashSet::new(),
            finished_classes: HashSet::new(),
        }
    }

    fn add(&mut self, pos: &P, over: bool, class: Option<&Vec<u8>>) {
        self.counts.nodes += 1;
        self.counts.finished += u64::from(over);
        self.positions.insert(pos.clone());
        if over {
            self.finished.insert(pos.clone());
        }
        if let Some(class) = class {
            self.classes.insert(class.clone());
            if over {
                self.finished_classes.insert(class.clone());
            }
        }
    }

    fn counts(self, symmetric: bool) -> Counts {
        Counts {
            distinct: self.positions.len() as u64,
            distinct_finished: self.finished.len() as u64,
            distinct_up_to_symmetry: symmetric.then_some(self.classes.len() as u64),
            finished_up_to_symmetry: symmetric.then_some(self.finished_classes.len() as u64),
            ..self.counts
        }
    }
}

/// Counts `tree`. Every position is made again from its node and kept in a set
/// while counting: memory grows with the distinct positions, so this is for
/// trees a person asks about (`analyse --stats`), not for every build.
pub fn census<G: Game>(game: &G, tree: &Tree<'_, G>) -> Census {
    let symmetric = game.symmetry_class(&tree.root_position).is_some();
    let mut by_depth: Vec<Seen<G::Position>> = Vec::new();
    let mut total = Seen::new();
    let mut stack = vec![(tree.root, 0usize)];
    while let Some((node, depth)) = stack.pop() {
        let pos = node.position(game);
        let over = !game.has_actions(&pos);
        let class = if symmetric { game.symmetry_class(&pos) } else { None };
        if by_depth.len() <= depth {
            by_depth.resize_with(depth + 1, Seen::new);
        }
        by_depth[depth].add(&pos, over, class.as_ref());
        total.add(&pos, over, class.as_ref());
        stack.extend(node.children().iter().map(|c| (c, depth + 1)));
    }
    Census {
        by_depth: by_depth.into_iter().map(|s| s.counts(symmetric)).collect(),
        total: total.counts(symmetric),
    }
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
