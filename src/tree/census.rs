//! What a built tree holds, counted: nodes, finished games, and how many of
//! its positions are the same position reached another way (transpositions),
//! or the same up to the board's symmetries. The explicit tree repeats every
//! position once per path to it; these counts say how much.

use std::collections::hash_map::Entry;

use serde::{Deserialize, Serialize};

use super::GameNode;
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

    fn has(&self, d: usize) -> bool {
        self.0[d / 64] & 1 << (d % 64) != 0
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

/// Counts `tree`.
///
/// A node whose position was met before at the same depth has the same
/// subtree as that first node (the builders expand a position the same way
/// wherever it stands), so its subtree holds no position that is new at any
/// depth, and its nodes and finished games per depth are the first one's:
/// those are kept once, and the subtree is not walked again. Only the nodes
/// first met at their depth and their children are looked up, once each, in
/// one table of the distinct positions (with a fast hasher); whether the game
/// is over at a position and its symmetry class are worked out once per
/// distinct position. Memory grows with the distinct positions times the depth.
pub fn census<G: Game>(game: &G, tree: &Tree<'_, G>) -> Census {
    let mut walk = Walk {
        game,
        // Not sized by the tree: a table for every node scattered tic-tac-toe's
        // few thousand positions over megabytes, and each look-up missed the
        // cache (docs/performance.md, "The census beside the build").
        table: FastMap::default(),
        seen: Vec::new(),
        later: FastMap::default(),
        counts: vec![[0; 2]; usize::from(tree.depth) + 1],
        memo: Vec::new(),
        classes: game.symmetry_class(&tree.root_position).map(|_| Classes::default()),
    };
    walk.visit(tree.root, 0);
    let Walk { seen, counts, classes, .. } = walk;
    let reached = counts.iter().rposition(|c| c[0] > 0).map_or(0, |d| d + 1);
    let mut by_depth: Vec<Counts> = counts[..reached]
        .iter()
        .map(|&[nodes, finished]| Counts { nodes, finished, ..Counts::default() })
        .collect();
    let mut total = Counts {
        nodes: by_depth.iter().map(|c| c.nodes).sum(),
        finished: by_depth.iter().map(|c| c.finished).sum(),
        distinct: seen.len() as u64,
        distinct_finished: seen.iter().filter(|s| s.over).count() as u64,
        ..Counts::default()
    };
    for s in &seen {
        s.depths.each(|d| {
            by_depth[d].distinct += 1;
            by_depth[d].distinct_finished += u64::from(s.over);
        });
    }
    if let Some(classes) = classes {
        // Each class's depths, and whether its positions are finished games.
        let mut classes = vec![(Depths::default(), false); classes.len as usize];
        for s in &seen {
            classes[s.class as usize].0.join(s.depths);
            classes[s.class as usize].1 |= s.over;
        }
        for c in &mut by_depth {
            c.distinct_up_to_symmetry = Some(0);
            c.finished_up_to_symmetry = Some(0);
        }
        for (class_depths, finished) in &classes {
            class_depths.each(|d| {
                let c = &mut by_depth[d];
                *c.distinct_up_to_symmetry.get_or_insert(0) += 1;
                *c.finished_up_to_symmetry.get_or_insert(0) += u64::from(*finished);
            });
        }
        total.distinct_up_to_symmetry = Some(classes.len() as u64);
        total.finished_up_to_symmetry = Some(classes.iter().filter(|c| c.1).count() as u64);
    }
    Census { by_depth, total }
}

/// What the census knows of one distinct position.
struct Seen {
    /// The depths it was met at.
    depths: Depths,
    /// Whether the game is over there (a node with children says not; the
    /// rules are asked at a leaf).
    over: bool,
    /// The depth it was first met at, and where in `Walk::memo` the counts
    /// of its subtree there start (unused at a leaf).
    first: u8,
    memo: u32,
    /// Its symmetry class's number (0 for a game without symmetries).
    class: u32,
}

/// The census's walk over the tree.
struct Walk<'g, G: Game> {
    game: &'g G,
    /// Each distinct position's number, an index into `seen`.
    table: FastMap<G::Position, u32>,
    seen: Vec<Seen>,
    /// Where in `memo` the subtree counts of a position met at a depth other
    /// than its first start (rare: most games' positions stand at one depth).
    later: FastMap<(u32, usize), usize>,
    /// Nodes and finished games per depth, so far.
    counts: Vec<[u64; 2]>,
    /// For each position first met at an inner node at depth `d`, its
    /// subtree's nodes and finished games at depths `d`, `d + 1`, ... to the
    /// tree's depth.
    memo: Vec<[u64; 2]>,
    /// The symmetry classes met so far, for a game that has symmetries.
    classes: Option<Classes>,
}

impl<G: Game> Walk<'_, G> {
    fn visit(&mut self, node: &GameNode<'_, G>, d: usize) {
        let children = node.children();
        let k = match self.table.entry(node.position(self.game)) {
            Entry::Occupied(e) => *e.get() as usize,
            Entry::Vacant(v) => {
                // Over here and at every other node of this position.
                let over = children.is_empty() && !self.game.has_actions(v.key());
                let class = self.classes.as_mut().map_or(0, |c| c.number(self.game, v.key()));
                v.insert(self.seen.len() as u32);
                self.seen.push(Seen { depths: Depths::default(), over, first: d as u8, memo: 0, class });
                self.seen.len() - 1
            }
        };
        let seen = &mut self.seen[k];
        if seen.depths.has(d) {
            // Met at this depth before: its subtree was counted then.
            if children.is_empty() {
                self.counts[d][0] += 1;
                self.counts[d][1] += u64::from(seen.over);
            } else {
                let at = if usize::from(seen.first) == d {
                    seen.memo as usize
                } else {
                    self.later[&(k as u32, d)]
                };
                for (c, m) in self.counts[d..].iter_mut().zip(&self.memo[at..]) {
                    c[0] += m[0];
                    c[1] += m[1];
                }
            }
            return;
        }
        seen.depths.add(d);
        let over = seen.over;
        if children.is_empty() {
            self.counts[d][0] += 1;
            self.counts[d][1] += u64::from(over);
            return;
        }
        // The counts before the subtree, made its own counts after it.
        let at = self.memo.len();
        self.memo.extend_from_slice(&self.counts[d..]);
        self.counts[d][0] += 1;
        self.counts[d][1] += u64::from(over);
        for c in children {
            self.visit(c, d + 1);
        }
        for (m, c) in self.memo[at..].iter_mut().zip(&self.counts[d..]) {
            *m = [c[0] - m[0], c[1] - m[1]];
        }
        let seen = &mut self.seen[k];
        if usize::from(seen.first) == d {
            seen.memo = u32::try_from(at).expect("fewer than 2^32 counts kept");
        } else {
            self.later.insert((k as u32, d), at);
        }
    }
}

/// The symmetry classes of the positions, numbered as they are met.
#[derive(Default)]
struct Classes {
    /// Keys of up to 15 bytes as one number, the length in its last byte:
    /// most games' keys are a few bytes, and no vector is kept per class.
    short: FastMap<u128, u32>,
    long: FastMap<Vec<u8>, u32>,
    /// How many there are.
    len: u32,
    /// The key of the position at hand.
    key: Vec<u8>,
}

impl Classes {
    /// The number of `pos`'s class.
    fn number<G: Game>(&mut self, game: &G, pos: &G::Position) -> u32 {
        let symmetric = game.symmetry_class_into(pos, &mut self.key);
        assert!(symmetric, "a symmetric game's positions have classes");
        let next = self.len;
        let key = &self.key;
        let number = if key.len() < 16 {
            let mut bytes = [0u8; 16];
            bytes[..key.len()].copy_from_slice(key);
            bytes[15] = key.len() as u8;
            *self.short.entry(u128::from_le_bytes(bytes)).or_insert(next)
        } else if let Some(&c) = self.long.get(key.as_slice()) {
            c
        } else {
            self.long.insert(key.clone(), next);
            next
        };
        self.len += u32::from(number == next);
        number
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

    /// The census counted the plain way: every node's position put in sets,
    /// per depth and in all, and its symmetry class likewise.
    fn counted_plainly<G: Game>(game: &G, tree: &Tree<'_, G>) -> Census {
        use std::collections::HashSet;
        type Sets<G> = (HashSet<<G as crate::game::Rules>::Position>, HashSet<Vec<u8>>);
        let symmetric = game.symmetry_class(&tree.root_position).is_some();
        let mut nodes = vec![[0u64; 2]; usize::from(tree.depth) + 1];
        let mut sets: Vec<[Sets<G>; 2]> = (0..=tree.depth + 1).map(|_| Default::default()).collect();
        tree.walk(|node, _| {
            let pos = node.position(game);
            let over = node.is_leaf() && !game.has_actions(&pos);
            let d = usize::from(node.depth);
            nodes[d][0] += 1;
            nodes[d][1] += u64::from(over);
            let class = game.symmetry_class(&pos).unwrap_or_default();
            // Depth d's sets, then the whole tree's (the last).
            for at in [d, sets.len() - 1] {
                for kind in [0, 1].into_iter().take(1 + usize::from(over)) {
                    sets[at][kind].0.insert(pos.clone());
                    sets[at][kind].1.insert(class.clone());
                }
            }
        });
        let counts = |[n, f]: [u64; 2], [all, finished]: &[Sets<G>; 2]| Counts {
            nodes: n,
            finished: f,
            distinct: all.0.len() as u64,
            distinct_finished: finished.0.len() as u64,
            distinct_up_to_symmetry: symmetric.then_some(all.1.len() as u64),
            finished_up_to_symmetry: symmetric.then_some(finished.1.len() as u64),
        };
        let reached = nodes.iter().rposition(|n| n[0] > 0).unwrap() + 1;
        let all = nodes.iter().fold([0, 0], |a, n| [a[0] + n[0], a[1] + n[1]]);
        Census {
            by_depth: (0..reached).map(|d| counts(nodes[d], &sets[d])).collect(),
            total: counts(all, sets.last().unwrap()),
        }
    }

    fn agrees_with_the_plain_count<G: Game>(game: &G, position: &str, depth: u8) {
        let pos = game.parse_position(position).unwrap();
        for threads in [1, 2] {
            let mut arena = TreeArena::new();
            let limits = Limits { threads, ..Limits::default() };
            let tree = Tree::build(&mut arena, game, pos.clone(), depth, &limits).unwrap();
            assert_eq!(census(game, &tree), counted_plainly(game, &tree), "{position} depth {depth}");
        }
    }

    /// Subtrees met again are counted from the first one's counts; positions
    /// met again at another depth (two towers going to and fro), games ending
    /// above the tree's depth, and a tree shallower than asked for among them.
    #[test]
    fn the_census_agrees_with_a_plain_count_of_every_node() {
        use crate::games::checkers::Checkers;
        let towers = "......../......../.W....../......../......../......../.B....../........ b";
        agrees_with_the_plain_count(&Checkers, towers, 7);
        let test4 = ".w.w.w.w/w.w...../.w.w.w../......w./.....w.b/b.b.b.../.b.b.b.b/b.b.b... b";
        agrees_with_the_plain_count(&Checkers, test4, 5);
        agrees_with_the_plain_count(&TicTacToe, "x...o.... x", 7);
        agrees_with_the_plain_count(&TicTacToe, "......... x", 12);
    }
}
