//! The distinct positions of a tree: one table from a position to its number,
//! which the census counts with and the transpositions' views (the explorer's
//! marks, the merged drawing) group nodes by. Numbers follow the nodes' ids:
//! the position of the node with the least id gets the least number.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::game::Game;
use crate::tree::Tree;

/// A multiply-and-rotate hasher (rustc's "Fx"): positions are a few machine
/// words, and the standard SipHash took most of the census's time. Not for
/// keys an adversary picks; a tree's positions are the game's.
#[derive(Default, Clone, Copy)]
pub struct FastHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("eight bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(last) ^ (rest.len() as u64) << 59);
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // The table takes its buckets from the low bits and its tags from the
        // high ones, and a product's low bits see only its factors' low bits:
        // MurmurHash3's finaliser spreads every bit over all of them.
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        x ^ (x >> 33)
    }
}

/// A hash map with [`FastHasher`].
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// Each node's position numbered: `of_node[id]` is the number of the position
/// node `id` holds, and `paths[k]` how many nodes hold position `k` (the paths
/// from the root that reach it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distinct {
    /// The position number of each node, by id.
    pub of_node: Vec<u32>,
    /// How many nodes hold each position.
    pub paths: Vec<u32>,
    /// The least id of a node holding each position.
    pub first: Vec<u32>,
}

impl Distinct {
    /// Numbers the positions of `tree`'s nodes, in id order.
    pub fn of<G: Game>(game: &G, tree: &Tree<'_, G>) -> Distinct {
        let mut table: FastMap<G::Position, u32> = FastMap::default();
        let mut of_node = vec![0u32; tree.len];
        let mut paths: Vec<u32> = Vec::new();
        let mut first: Vec<u32> = Vec::new();
        tree.walk(|node, _| {
            let next = paths.len() as u32;
            let k = *table.entry(node.position(game)).or_insert(next);
            if k == next {
                paths.push(0);
                first.push(node.id());
            }
            paths[k as usize] += 1;
            of_node[node.id() as usize] = k;
        });
        Distinct { of_node, paths, first }
    }

    /// How many distinct positions there are.
    pub fn len(&self) -> usize {
        self.paths.len()
    }

    /// Whether there are none (never, for a tree: it has its root).
    pub fn is_empty(&self) -> bool {
        self.paths.is_empty()
    }

    /// The groups of nodes that hold the same position, where more than one
    /// does: each group's ids in increasing order, the groups in the order of
    /// their first ids.
    pub fn transpositions(&self) -> Vec<Vec<u32>> {
        let mut groups: Vec<Vec<u32>> =
            self.paths.iter().map(|&p| Vec::with_capacity(if p > 1 { p as usize } else { 0 })).collect();
        for (id, &k) in self.of_node.iter().enumerate() {
            if self.paths[k as usize] > 1 {
                groups[k as usize].push(id as u32);
            }
        }
        groups.retain(|g| !g.is_empty());
        groups
    }
}
