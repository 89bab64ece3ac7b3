//! What a built tree holds, counted: nodes, finished games, and how many of
//! its positions are the same position reached another way (transpositions),
//! or the same up to the board's symmetries; and the games a lesson counts
//! "up to symmetry" (`games`). The explicit tree repeats every position once
//! per path to it; these counts say how much.

mod depths;
mod games;
mod hashed;
mod levels;
mod parts;

use serde::{Deserialize, Serialize};

use self::depths::DepthSet;
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
    /// Finished games once, at every node, the moves that lead to positions
    /// the same up to the board's symmetries are taken once (tic-tac-toe's
    /// whole game: 26,830); `None` for a game without symmetries. Absent in
    /// a file from before it was counted.
    #[serde(default)]
    pub games_up_to_symmetry: Option<u64>,
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

/// Counts `tree`.
///
/// The tree is gone down a depth at a time (`levels`), one node per distinct
/// position at each depth standing for all that hold it; the positions met
/// are counted part by part, on every core, and then their symmetry classes
/// likewise (`parts`). Whether the game is over is asked once per distinct
/// leaf, and a position's symmetry class worked out once. Memory grows with
/// the distinct positions and the children of one depth's distinct ones.
pub fn census<G: Game>(game: &G, tree: &Tree<'_, G>) -> Census {
    let threads = crate::limits::default_threads();
    // Parts guessed from the nodes: a tree's distinct positions are about a
    // tenth of its nodes (checkers) or far fewer (tic-tac-toe, whose
    // positions repeat).
    let parts = parts::parts_for(tree.len / 8);
    counted(game, tree, Shape { threads, parts, alone_below: parts::PARALLEL_FROM })
}

/// How a census is shared out: the threads it may use, the parts it counts
/// positions in (a power of two), and the fewest records (children written,
/// positions or classes counted) a step shares out among threads.
#[derive(Clone, Copy)]
struct Shape {
    threads: usize,
    parts: usize,
    alone_below: usize,
}

fn counted<G: Game>(game: &G, tree: &Tree<'_, G>, shape: Shape) -> Census {
    if tree.depth < 64 {
        census_with::<G, u64>(game, tree, shape)
    } else {
        census_with::<G, [u64; 4]>(game, tree, shape)
    }
}

fn census_with<G: Game, D: DepthSet>(game: &G, tree: &Tree<'_, G>, shape: Shape) -> Census {
    let symmetric = game.symmetry_class(&tree.root_position).is_some();
    let counted = levels::count::<G, D>(game, tree, shape.parts, shape.threads, shape.alone_below, symmetric);
    let depths = counted.by_depth.len();
    let threads = if counted.total[0] < shape.alone_below as u64 { 1 } else { shape.threads };
    let classes = counted.classes.map(|c| parts::count_classes(c, depths, threads));
    let games = games::games_up_to_symmetry(game, tree, shape.threads, shape.alone_below / 8);
    let counts_of = |[nodes, finished, distinct, distinct_finished]: [u64; 4],
                     class: Option<[u64; 2]>,
                     games: Option<u64>| Counts {
        nodes,
        finished,
        distinct,
        distinct_finished,
        distinct_up_to_symmetry: class.map(|c| c[0]),
        finished_up_to_symmetry: class.map(|c| c[1]),
        games_up_to_symmetry: games,
    };
    let by_depth = (0..depths)
        .map(|d| {
            let games_at = games.as_ref().map(|g| g.get(d).copied().unwrap_or(0));
            counts_of(counted.by_depth[d], classes.as_ref().map(|c| c.by_depth[d]), games_at)
        })
        .collect();
    let all = counted.by_depth.iter().fold([0, 0], |a, c| [a[0] + c[0], a[1] + c[1]]);
    let [distinct, distinct_finished] = counted.total;
    let games_all = games.as_ref().map(|g| g.iter().sum());
    let total = counts_of(
        [all[0], all[1], distinct, distinct_finished],
        classes.as_ref().map(|c| c.total),
        games_all,
    );
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
    /// which 958 are finished (138 up to symmetry), and 26,830 games up to
    /// symmetry (Wikipedia's "Tic-tac-toe", after Schaefer's MathRec
    /// solutions: "26,830 possible games up to rotations and reflections").
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
        assert_eq!(c.total.games_up_to_symmetry, Some(26_830));
        // Not the classes of whole games, which are exactly an eighth.
        assert_ne!(c.total.games_up_to_symmetry, Some(c.total.finished / 8));
        // The opening: nine first moves, three up to symmetry (corner, edge, centre).
        assert_eq!((c.by_depth[1].nodes, c.by_depth[1].distinct_up_to_symmetry), (9, Some(3)));
        // Every depth's nodes add up to the whole.
        assert_eq!(c.by_depth.iter().map(|d| d.nodes).sum::<u64>(), c.total.nodes);
    }

    /// The census counted the plain way: every node's position put in sets,
    /// per depth and in all, and its symmetry class likewise; games up to
    /// symmetry by going down every node's first child of each class.
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
            games_up_to_symmetry: None,
        };
        let reached = nodes.iter().rposition(|n| n[0] > 0).unwrap() + 1;
        let all = nodes.iter().fold([0, 0], |a, n| [a[0] + n[0], a[1] + n[1]]);
        let mut games = vec![0u64; reached];
        if symmetric {
            games_below(game, tree.root, &mut games);
        }
        let with_games = |c: Counts, g: u64| Counts { games_up_to_symmetry: symmetric.then_some(g), ..c };
        Census {
            by_depth: (0..reached).map(|d| with_games(counts(nodes[d], &sets[d]), games[d])).collect(),
            total: with_games(counts(all, sets.last().unwrap()), games.iter().sum()),
        }
    }

    /// Adds the finished games below `node` to `games` (by depth), each
    /// node's children taken once per symmetry class, the first of each.
    fn games_below<G: Game>(game: &G, node: &crate::tree::GameNode<G>, games: &mut [u64]) {
        if node.is_leaf() {
            games[usize::from(node.depth)] += u64::from(!game.has_actions(&node.position(game)));
            return;
        }
        let mut taken = Vec::new();
        for child in node.children() {
            let class = game.symmetry_class(&child.position(game)).unwrap();
            if !taken.contains(&class) {
                taken.push(class);
                games_below(game, child, games);
            }
        }
    }

    fn agrees_with_the_plain_count<G: Game>(game: &G, position: &str, depth: u8) {
        let pos = game.parse_position(position).unwrap();
        for threads in [1, 2] {
            let mut arena = TreeArena::new();
            let limits = Limits { threads, ..Limits::default() };
            let tree = Tree::build(&mut arena, game, pos.clone(), depth, &limits).unwrap();
            let plainly = counted_plainly(game, &tree);
            assert_eq!(census(game, &tree), plainly, "{position} depth {depth}");
            // Walked and counted on three threads, in one part and in eight,
            // whatever the tree's size.
            for parts in [1, 8] {
                let shape = Shape { threads: 3, parts, alone_below: 0 };
                assert_eq!(counted(game, &tree, shape), plainly, "{position} depth {depth}, {parts} parts");
            }
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
        // Asked deeper than 63: the depths are kept in four words, not one.
        agrees_with_the_plain_count(&TicTacToe, "x...o.... x", 70);
        // Symmetry keys longer than 15 bytes (Ataxx's board).
        agrees_with_the_plain_count(&crate::games::ataxx::Ataxx, "x5o/7/7/7/7/7/o5x x 0 1", 3);
    }
}
