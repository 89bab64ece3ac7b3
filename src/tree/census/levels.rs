//! The census's pass over the tree, one depth at a time.
//!
//! Nodes of one depth that hold the same position have the same subtree (the
//! builders expand a position the same way wherever it stands), so one of
//! them can stand for all: at each depth the pass keeps one node per distinct
//! position, with how many paths reach it, and goes down from those alone.
//! Their children are written, each with its position's hash, to the part
//! the hash picks; then each part is counted on its own, on whichever core
//! takes it, in a table small enough for that core's cache. A position is in
//! one part only, so the parts' counts add up.
//!
//! Going down depth by depth, rather than along each path (as the census
//! did until it had this pass), shares a depth's work among the threads
//! without two of them ever counting the same subtree, asks whether the game
//! is over once per distinct leaf rather than at every leaf, and reads each
//! position as its node keeps it. Checkers' test4 at depth 7 took 14 ms
//! against 18 (docs/performance.md, "Counted a depth at a time").

use std::collections::hash_map::Entry;
use std::hash::{BuildHasher, BuildHasherDefault};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use super::depths::DepthSet;
use super::hashed::{Hashed, Table};
use super::parts::{Classes, Parts, on_threads, share_out};
use crate::game::{Game, Player, Storage};
use crate::tree::positions::FastHasher;
use crate::tree::{GameNode, Tree};

/// What one depth holds: nodes, finished games (nodes where the game is
/// over), distinct positions, and distinct finished ones.
pub(super) type DepthCounts = [u64; 4];

/// What the pass found: each depth's counts, the whole tree's distinct
/// positions and distinct finished ones (a position met at two depths
/// counts once), and for a game with symmetries each distinct position's
/// class, written down for `super::parts::count_classes`.
pub(super) struct Counted<D> {
    pub(super) by_depth: Vec<DepthCounts>,
    pub(super) total: [u64; 2],
    pub(super) classes: Option<Vec<Classes<D>>>,
}

/// A node below one kept at the depth above: its position (as the node
/// keeps it: unpacking every node cost more than counting it), that
/// position's hash (worked out once, for the part and for the part's
/// table), the node itself unless it is a leaf (so that counting it does not
/// read the node again), and how many paths reach it through the node kept
/// above.
struct Child<'t, G: Game> {
    pos: Key<G>,
    inner: Option<&'t GameNode<G>>,
    paths: u32,
    hash: u32,
}

impl<'t, G: Game> Child<'t, G> {
    /// `node`, reached by `paths` paths through the node kept above it, and
    /// its position's whole hash.
    fn of(node: &'t GameNode<G>, paths: u32) -> (u64, Self) {
        let pos = (*node.packed(), node.maximising());
        let hash = BuildHasherDefault::<FastHasher>::default().hash_one(pos);
        // The low half: the high half picks the part.
        (hash, Child { pos, inner: (!node.is_leaf()).then_some(node), paths, hash: hash as u32 })
    }
}

/// A position as a node keeps it, and whether the first player is to move.
type Key<G> = (<G as Storage>::Packed, bool);

/// What a part's table knows of a position met above the tree's last depth.
struct Seen<D> {
    /// The depths it stands at.
    depths: D,
    /// Whether the game is over there.
    over: bool,
    /// At the depth being counted, where in `Part::kept` its node is.
    kept: u32,
}

/// A part of the positions: those met above the tree's last depth, the
/// nodes kept at the depth being counted with the paths that reach each,
/// that depth's counts, and the positions met only at the last depth (and
/// how many of them are finished games).
struct Part<'t, G: Game, D> {
    seen: Table<Key<G>, Seen<D>>,
    kept: Kept<'t, G>,
    counts: DepthCounts,
    last_only: [u64; 2],
}

/// Nodes kept at a depth, one per distinct position, each with the number
/// of paths that reach it.
type Kept<'t, G> = Vec<(&'t GameNode<G>, u32)>;

/// A thread's state while counting the tree's last depth: a table of that
/// depth's positions in one part (emptied for the next part, its room
/// kept), and the classes of the positions met there first.
struct Last<D, K> {
    met: Table<K, bool>,
    classes: Option<Classes<D>>,
    key: Vec<u8>,
}

/// Counts `tree` in `parts` parts (a power of two) on at most `threads`
/// threads; work of fewer than `alone_below` records (children written,
/// positions met) is done on the calling thread alone.
///
/// The tree's last depth, where most of its nodes are (all leaves), is
/// counted apart: its positions go to a table that each thread empties from
/// part to part, and only the few also met above are looked up among those
/// the parts keep. Tables that kept them all took 22 ms against 14 at
/// checkers' depth 7, a fifth of it the kernel handing out fresh pages.
pub(super) fn count<G: Game, D: DepthSet>(
    game: &G,
    tree: &Tree<'_, G>,
    parts: usize,
    threads: usize,
    alone_below: usize,
    symmetric: bool,
) -> Counted<D> {
    let table: Vec<Mutex<Part<'_, G, D>>> = (0..parts)
        .map(|_| {
            let part = Part { seen: Table::default(), kept: Vec::new(), counts: [0; 4], last_only: [0; 2] };
            Mutex::new(part)
        })
        .collect();
    let mut written = Parts::new(parts, 1);
    let (hash, root) = Child::of(tree.root, 1);
    written.push_at(hash, root);
    let mut written = vec![written];
    // The lists children are written to, kept from depth to depth.
    let spare = Mutex::new(Vec::new());
    let mut by_depth = Vec::new();
    let mut classes = Vec::new();
    // How many nodes were kept at the depth above, whose children were written.
    let mut above = 0;
    loop {
        let d = by_depth.len();
        let records: usize = written.iter().map(Parts::len).sum();
        let sharing = if records < alone_below { 1 } else { threads };
        let lock = |k: usize| table[k].lock().unwrap_or_else(|e| e.into_inner());
        if d == usize::from(tree.depth) {
            let new = || Last::<D, Key<G>> {
                met: Table::default(),
                classes: symmetric.then(|| Classes::new(parts, records / sharing)),
                key: Vec::new(),
            };
            let states = share_out(&written, sharing, new, |last, k, lists| {
                count_last(game, &mut lock(k), last, d, lists);
            });
            classes.extend(states.into_iter().filter_map(|s| s.classes));
        } else {
            share_out(&written, sharing, || (), |(), k, lists| count_depth(game, &mut lock(k), d, lists));
        }
        let (counts, kept) = depth_counted(&table);
        by_depth.push(counts);
        spare.lock().unwrap_or_else(|e| e.into_inner()).append(&mut written);
        let parents: usize = kept.iter().map(Vec::len).sum();
        if parents == 0 {
            break;
        }
        // A node kept has a few children: its part of the parents is enough
        // work to share out once they are in the thousands.
        let sharing = if parents * 8 < alone_below { 1 } else { threads };
        // Room for the children, guessed from the last depth's (a list
        // grown by doubling copies what it holds): a thread's share, and a
        // quarter more for an uneven share.
        let per_parent = if above == 0 { 8 } else { records.div_ceil(above) };
        let room = (parents * per_parent / sharing) * 5 / 4;
        above = parents;
        written = children_written(&kept, sharing, &spare, room);
    }
    let table: Vec<Part<'_, G, D>> =
        table.into_iter().map(|p| p.into_inner().unwrap_or_else(|e| e.into_inner())).collect();
    let mut total = [0; 2];
    for part in &table {
        total[0] += part.seen.len() as u64 + part.last_only[0];
        total[1] += part.seen.values().filter(|s| s.over).count() as u64 + part.last_only[1];
    }
    let threads = if total[0] < alone_below as u64 { 1 } else { threads };
    let classes = symmetric.then(|| {
        classes.extend(classes_of(game, &table, threads));
        classes
    });
    Counted { by_depth, total, classes }
}

/// The counts of the depth just counted, added up over the parts, and the
/// nodes each part kept there (taken out of it).
fn depth_counted<'t, G: Game, D>(table: &[Mutex<Part<'t, G, D>>]) -> (DepthCounts, Vec<Kept<'t, G>>) {
    let mut counts = [0; 4];
    let mut kept = Vec::with_capacity(table.len());
    for part in table {
        let mut part = part.lock().unwrap_or_else(|e| e.into_inner());
        for (all, mine) in counts.iter_mut().zip(std::mem::take(&mut part.counts)) {
            *all += mine;
        }
        kept.push(std::mem::take(&mut part.kept));
    }
    (counts, kept)
}

/// The children of the nodes `kept` (each with the paths that reach it),
/// written to parts on `threads` threads, each into lists taken from `spare`
/// (or new ones) with room for `room` records.
fn children_written<'t, G: Game>(
    kept: &[Kept<'t, G>],
    threads: usize,
    spare: &Mutex<Vec<Parts<Child<'t, G>>>>,
    room: usize,
) -> Vec<Parts<Child<'t, G>>> {
    let new = || {
        let lists = spare.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let mut lists = lists.unwrap_or_else(|| Parts::new(kept.len(), 0));
        lists.clear();
        lists.reserve(room);
        lists
    };
    let next = AtomicUsize::new(0);
    on_threads(threads, new, |out| {
        while let Some(list) = kept.get(next.fetch_add(1, Relaxed)) {
            for &(node, paths) in list {
                for child in node.children() {
                    let (hash, child) = Child::of(child, paths);
                    out.push_at(hash, child);
                }
            }
        }
    })
}

/// Counts depth `d`'s nodes in one part, written in `lists`: each position's
/// first node there is kept (if it has children) and stands for the others,
/// whose paths it takes on.
fn count_depth<'t, G: Game, D: DepthSet>(
    game: &G,
    part: &mut Part<'t, G, D>,
    d: usize,
    lists: &[&[Child<'t, G>]],
) {
    let Part { seen, kept, counts, .. } = part;
    for child in lists.iter().flat_map(|l| l.iter()) {
        let key = Hashed { hash: child.hash, pos: child.pos };
        let seen = seen.entry(key).or_insert(Seen { depths: D::default(), over: false, kept: 0 });
        counts[0] += u64::from(child.paths);
        if seen.depths.has(d) {
            if child.inner.is_some() {
                kept[seen.kept as usize].1 += child.paths;
            } else if seen.over {
                counts[1] += u64::from(child.paths);
            }
            continue;
        }
        seen.depths.add(d);
        counts[2] += 1;
        if let Some(node) = child.inner {
            seen.kept = u32::try_from(kept.len()).expect("fewer than 2^32 nodes");
            kept.push((node, child.paths));
        } else {
            seen.over = !game.has_actions(&unpacked(game, child.pos));
            counts[1] += u64::from(child.paths) * u64::from(seen.over);
            counts[3] += u64::from(seen.over);
        }
    }
}

/// Counts the tree's last depth `d` (all leaves) in one part: a position new
/// there is asked whether the game is over, and unless it was met above
/// (and kept in the part's table), its class is written down at once.
fn count_last<'t, G: Game, D: DepthSet>(
    game: &G,
    part: &mut Part<'t, G, D>,
    last: &mut Last<D, Key<G>>,
    d: usize,
    lists: &[&[Child<'t, G>]],
) {
    last.met.clear();
    last.met.reserve(lists.iter().map(|l| l.len()).sum());
    let counts = &mut part.counts;
    for child in lists.iter().flat_map(|l| l.iter()) {
        let paths = u64::from(child.paths);
        counts[0] += paths;
        let key = Hashed { hash: child.hash, pos: child.pos };
        let met = match last.met.entry(key) {
            Entry::Occupied(over) => {
                counts[1] += paths * u64::from(*over.get());
                continue;
            }
            Entry::Vacant(met) => met,
        };
        let pos = unpacked(game, child.pos);
        let over = !game.has_actions(&pos);
        counts[1] += paths * u64::from(over);
        counts[2] += 1;
        counts[3] += u64::from(over);
        if let Some(above) = part.seen.get_mut(met.key()) {
            // Its class is written with the others met above.
            above.depths.add(d);
            above.over |= over;
        } else {
            part.last_only[0] += 1;
            part.last_only[1] += u64::from(over);
            if let Some(classes) = &mut last.classes {
                let has = game.symmetry_class_into(&pos, &mut last.key);
                assert!(has, "a symmetric game's positions have classes");
                let mut depths = D::default();
                depths.add(d);
                classes.add(&last.key, depths, over);
            }
        }
        met.insert(over);
    }
}

/// The symmetry class of each distinct position met above the tree's last
/// depth, with the depths it stands at and whether the game is over there,
/// written down in as many parts as the positions were counted in.
fn classes_of<G: Game, D: DepthSet>(game: &G, table: &[Part<'_, G, D>], threads: usize) -> Vec<Classes<D>> {
    let room = table.iter().map(|p| p.seen.len()).sum::<usize>() / threads;
    let next = AtomicUsize::new(0);
    on_threads(
        threads,
        || Classes::new(table.len(), room),
        |classes| {
            let mut key = Vec::new();
            while let Some(part) = table.get(next.fetch_add(1, Relaxed)) {
                for (position, seen) in &part.seen {
                    let has = game.symmetry_class_into(&unpacked(game, position.pos), &mut key);
                    assert!(has, "a symmetric game's positions have classes");
                    classes.add(&key, seen.depths, seen.over);
                }
            }
        },
    )
}

fn unpacked<G: Game>(game: &G, (packed, first): Key<G>) -> G::Position {
    game.unpack(&packed, if first { Player::First } else { Player::Second })
}
