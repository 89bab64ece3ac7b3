//! Games up to symmetry, as a lesson counts them: at each node, the moves that
//! lead to positions the same up to the board's symmetries are taken once
//! (the first of them stands for the rest), and the finished games of the
//! tree that is left are counted. The whole game of tic-tac-toe has 26,830
//! such games of its 255,168 (the figure published as "games up to rotations
//! and reflections").
//!
//! It is neither 255,168 / 8 nor the classes of whole games under the eight
//! symmetries (both 31,896: a game fills at least five squares, and no turn
//! or mirror but the identity keeps five squares where they are, so every
//! game has eight distinct images). Taking moves once node by node merges
//! more, as it looks at positions, not at the order their marks came in:
//! after X in a corner, O in the centre and X in the opposite corner, the
//! mirror across the other diagonal gives the same board (it swaps X's two
//! corners), so O's moves either side of that diagonal are one, although no
//! symmetry maps the one game onto the other move by move.
//!
//! Two nodes at one depth whose positions are the same up to symmetry have
//! subtrees that are images of each other (the rules respect the symmetries,
//! and the builders expand a position the same way wherever it stands), so
//! they stand for as many games below them. The pass goes down a depth at a
//! time, keeping one node per class with how many nodes of the reduced tree
//! it stands for, as `levels` keeps one node per position: each class's
//! children are looked at once, not once per path to it. A depth's kept
//! nodes are shared out among the threads in runs, each thread with tables
//! of its own (a node's children are all looked at by one thread, which
//! takes its moves into one class once), joined at the end of the depth.

use std::hash::Hash;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use super::parts::on_threads;
use crate::game::Game;
use crate::tree::positions::FastMap;
use crate::tree::{GameNode, Tree};

/// A class met among the children of one depth's kept nodes: the first node
/// met in it, how many nodes of the reduced tree it stands for, and the last
/// parent (its place among the kept nodes) that counted it, so that a
/// parent's moves into one class are taken once.
struct Met<'t, G: Game> {
    node: &'t GameNode<G>,
    reduced: u64,
    parent: usize,
}

/// Classes by key: keys of up to 15 bytes as one number (the length in its
/// last byte), longer ones as they are.
struct Classes<'t, G: Game> {
    short: FastMap<u128, Met<'t, G>>,
    long: FastMap<Vec<u8>, Met<'t, G>>,
}

impl<'t, G: Game> Classes<'t, G> {
    fn new() -> Self {
        Classes { short: FastMap::default(), long: FastMap::default() }
    }

    /// Counts `reduced` more nodes of the reduced tree in the class `key` of
    /// `node`, a child of the kept node `parent`, unless a sibling counted it.
    fn add(&mut self, key: &[u8], node: &'t GameNode<G>, reduced: u64, parent: usize) {
        let met = |m: &mut Met<'t, G>| {
            if m.parent != parent {
                m.parent = parent;
                m.reduced += reduced;
            }
        };
        let new = || Met { node, reduced, parent };
        if key.len() < 16 {
            let short = (key.iter().enumerate())
                .fold((key.len() as u128) << 120, |k, (i, &b)| k | u128::from(b) << (8 * i));
            add_to(&mut self.short, short, met, new);
        } else if let Some(m) = self.long.get_mut(key) {
            met(m);
        } else {
            self.long.insert(key.to_vec(), new());
        }
    }

    /// Takes in another thread's classes of the same depth: a class both met
    /// stands for the nodes of both (no parent is in both).
    fn join(&mut self, other: Self) {
        let both = |m: &mut Met<'t, G>, o: &Met<'t, G>| m.reduced += o.reduced;
        for (k, o) in other.short {
            self.short.entry(k).and_modify(|m| both(m, &o)).or_insert(o);
        }
        for (k, o) in other.long {
            match self.long.get_mut(&k) {
                Some(m) => both(m, &o),
                None => {
                    self.long.insert(k, o);
                }
            }
        }
    }

    /// The kept nodes of the next depth.
    fn kept(self) -> Vec<(&'t GameNode<G>, u64)> {
        let all = self.short.into_values().chain(self.long.into_values());
        all.map(|m| (m.node, m.reduced)).collect()
    }
}

fn add_to<K: Hash + Eq, V>(
    table: &mut FastMap<K, V>,
    key: K,
    met: impl FnOnce(&mut V),
    new: impl FnOnce() -> V,
) {
    table.entry(key).and_modify(met).or_insert_with(new);
}

/// How many kept nodes a thread takes at a time.
const RUN: usize = 256;

/// Per depth, the finished games of `tree` once the moves of each node into
/// positions the same up to symmetry are taken once; `None` for a game
/// without symmetries. A node at the tree's depth whose game goes on is no
/// finished game, as in the census's `finished`. A depth with fewer than
/// `alone_below` kept nodes is gone through on the calling thread alone,
/// others on up to `threads`.
pub(super) fn games_up_to_symmetry<G: Game>(
    game: &G,
    tree: &Tree<'_, G>,
    threads: usize,
    alone_below: usize,
) -> Option<Vec<u64>> {
    game.symmetry_class(&tree.root_position)?;
    let mut games = Vec::new();
    let mut kept = vec![(tree.root, 1u64)];
    while !kept.is_empty() {
        let next = AtomicUsize::new(0);
        let sharing = if kept.len() < alone_below { 1 } else { threads };
        let states = on_threads(
            sharing,
            || (Classes::<G>::new(), 0u64, Vec::new()),
            |(classes, finished, key)| loop {
                let from = next.fetch_add(RUN, Relaxed);
                if from >= kept.len() {
                    break;
                }
                for (parent, &(node, reduced)) in kept.iter().enumerate().skip(from).take(RUN) {
                    if node.is_leaf() {
                        if !game.has_actions(&node.position(game)) {
                            *finished += reduced;
                        }
                        continue;
                    }
                    for child in node.children() {
                        let has = game.symmetry_class_into(&child.position(game), key);
                        assert!(has, "a symmetric game's positions have classes");
                        classes.add(key, child, reduced, parent);
                    }
                }
            },
        );
        let mut states = states.into_iter();
        let (mut classes, mut finished, _) = states.next().expect("the calling thread's state");
        for (other, f, _) in states {
            classes.join(other);
            finished += f;
        }
        games.push(finished);
        kept = classes.kept();
    }
    Some(games)
}
