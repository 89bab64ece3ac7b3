//! The census's walk over the tree: nodes and finished games per depth, the
//! positions of its inner nodes in a table, and the positions of its leaves
//! written down, sorted into parts, for `super::parts` to count.
//!
//! A node whose position was met before at the same depth has the same
//! subtree as that first node (the builders expand a position the same way
//! wherever it stands), so its subtree holds no position that is new at any
//! depth, and its nodes and finished games per depth are the first one's:
//! those are kept once, and the subtree is not walked again. So only the
//! nodes first met at their depth and their children are visited.
//!
//! Inner nodes are looked up in a table as they are met (the walk needs to
//! know whether to go down). Leaves, most of what is visited, are not: each
//! is written to the part its position's hash picks, and each part is counted
//! later on its own, in a table small enough to stay in the cache, on any
//! core. One table of every distinct position, looked up at every leaf and
//! grown as it filled, took 1.4 times as long for checkers' test4 at depth 7
//! and twice as long at depth 8 (docs/performance.md, "Counted by parts, on
//! both cores").

use std::collections::hash_map::Entry;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use super::depths::DepthSet;
use super::parts::{Met, Parts, on_threads};
use crate::game::Game;
use crate::runtime::share;
use crate::tree::positions::FastMap;
use crate::tree::{GameNode, Tree};

/// Walks `tree` on `threads` threads, with `parts` parts for the positions
/// met: returns the nodes and finished games per depth, and the positions met
/// (every distinct one at least once at each depth it stands at), as each
/// thread wrote them.
///
/// On more than one thread, the tree is cut at the first depth with enough
/// nodes to share out; the nodes above it are counted one by one, and the
/// subtrees below it shared out, each distinct position's once: a subtree
/// met again is the first one's, its counts added again. Two threads may
/// each walk a subtree that both hold, and write down its positions twice,
/// which the counting by parts takes as one.
pub(super) fn walk<G: Game, D: DepthSet>(
    game: &G,
    tree: &Tree<'_, G>,
    parts: usize,
    records: usize,
    threads: usize,
) -> Walked<G::Position> {
    if threads < 2 {
        let mut walk = Walk::<G, D>::new(game, tree.depth, parts, records);
        walk.visit(tree.root, 0);
        let (counts, met) = walk.finish();
        return (counts, vec![met]);
    }
    let (split, level) = share::split(vec![tree.root], threads, usize::from(tree.depth), |level| {
        level.iter().flat_map(|n| n.children()).collect()
    });
    let mut above = Walk::<G, D>::new(game, tree.depth, parts, 0);
    above.count_above(tree.root, 0, split);
    let mut roots: FastMap<G::Position, usize> = FastMap::default();
    let mut unique: Vec<(&GameNode<'_, G>, u64)> = Vec::new();
    for node in level {
        let k = *roots.entry(node.position(game)).or_insert(unique.len());
        if k == unique.len() {
            unique.push((node, 0));
        }
        unique[k].1 += 1;
    }
    let next = AtomicUsize::new(0);
    let new = || Walk::<G, D>::new(game, tree.depth, parts, records / threads);
    let walks = on_threads(threads, new, |walk| {
        while let Some(&(node, paths)) = unique.get(next.fetch_add(1, Relaxed)) {
            let before: Vec<[u64; 2]> = walk.counts[split..].to_vec();
            walk.visit(node, split);
            for (c, b) in walk.counts[split..].iter_mut().zip(before) {
                let once = [c[0] - b[0], c[1] - b[1]];
                *c = [c[0] + once[0] * (paths - 1), c[1] + once[1] * (paths - 1)];
            }
        }
    });
    let (mut counts, top) = above.finish();
    let mut met = vec![top];
    for walk in walks {
        let (c, m) = walk.finish();
        for (all, mine) in counts.iter_mut().zip(c) {
            *all = [all[0] + mine[0], all[1] + mine[1]];
        }
        met.push(m);
    }
    (counts, met)
}

/// The nodes and finished games per depth, and the positions met, as each
/// thread wrote them down.
pub(super) type Walked<P> = (Vec<[u64; 2]>, Vec<Parts<Met<P>>>);

/// What the walk knows of the position of an inner node.
struct Inner<D> {
    /// The depths it was met at.
    depths: D,
    /// Where in `Walk::memo` the counts of its subtree at its first depth start.
    memo: u32,
    /// The depth it was first met at.
    first: u8,
}

struct Walk<'g, G: Game, D> {
    game: &'g G,
    /// The positions of the inner nodes met so far.
    inner: FastMap<G::Position, Inner<D>>,
    /// Where in `memo` the subtree counts of a position met at a depth other
    /// than its first start (rare: most games' positions stand at one depth).
    later: FastMap<(G::Position, usize), usize>,
    /// Nodes and finished games per depth, so far.
    counts: Vec<[u64; 2]>,
    /// For each position first met at an inner node at depth `d`, its
    /// subtree's nodes and finished games at depths `d`, `d + 1`, ... to the
    /// tree's depth.
    memo: Vec<[u64; 2]>,
    /// The positions met, by part: each leaf visited, and once the walk is
    /// done each inner node's position at each of its depths.
    met: Parts<Met<G::Position>>,
}

impl<'g, G: Game, D: DepthSet> Walk<'g, G, D> {
    fn new(game: &'g G, depth: u8, parts: usize, records: usize) -> Self {
        Walk {
            game,
            inner: FastMap::default(),
            later: FastMap::default(),
            counts: vec![[0; 2]; usize::from(depth) + 1],
            memo: Vec::new(),
            met: Parts::new(parts, records),
        }
    }

    /// The nodes above depth `split`, one by one, each position written down.
    fn count_above(&mut self, node: &GameNode<'_, G>, d: usize, split: usize) {
        if d == split {
            return;
        }
        let children = node.children();
        let pos = node.position(self.game);
        let over = children.is_empty() && !self.game.has_actions(&pos);
        self.counts[d][0] += 1;
        self.counts[d][1] += u64::from(over);
        self.met.push((pos, d as u8, over));
        for c in children {
            self.count_above(c, d + 1, split);
        }
    }

    /// The counts per depth, and the positions met, the inner nodes' written
    /// down once for each depth they stand at.
    fn finish(self) -> (Vec<[u64; 2]>, Parts<Met<G::Position>>) {
        let Walk { inner, counts, mut met, .. } = self;
        for (pos, seen) in inner {
            seen.depths.each(|d| met.push((pos.clone(), d as u8, false)));
        }
        (counts, met)
    }

    fn visit(&mut self, node: &GameNode<'_, G>, d: usize) {
        let children = node.children();
        let pos = node.position(self.game);
        if children.is_empty() {
            let over = !self.game.has_actions(&pos);
            self.counts[d][0] += 1;
            self.counts[d][1] += u64::from(over);
            self.met.push((pos, d as u8, over));
            return;
        }
        let seen = match self.inner.entry(pos) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(v) => v.insert(Inner { depths: D::default(), memo: 0, first: d as u8 }),
        };
        if seen.depths.has(d) {
            // Met at this depth before: its subtree was counted then.
            let at = if usize::from(seen.first) == d {
                seen.memo as usize
            } else {
                self.later[&(node.position(self.game), d)]
            };
            for (c, m) in self.counts[d..].iter_mut().zip(&self.memo[at..]) {
                c[0] += m[0];
                c[1] += m[1];
            }
            return;
        }
        seen.depths.add(d);
        // The counts before the subtree, made its own counts after it.
        let at = self.memo.len();
        if usize::from(seen.first) == d {
            seen.memo = u32::try_from(at).expect("fewer than 2^32 counts kept");
        } else {
            self.later.insert((node.position(self.game), d), at);
        }
        self.memo.extend_from_slice(&self.counts[d..]);
        self.counts[d][0] += 1;
        for c in children {
            self.visit(c, d + 1);
        }
        for (m, c) in self.memo[at..].iter_mut().zip(&self.counts[d..]) {
            *m = [c[0] - m[0], c[1] - m[1]];
        }
    }
}
