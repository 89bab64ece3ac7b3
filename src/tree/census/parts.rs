//! Counting distinct keys part by part. Records are sorted into parts by
//! their key's hash as they are written (at most 32 streams written front to
//! back), and each part's distinct keys are then counted in a table of their
//! own, small enough for the cache up to a few hundred thousand records, and
//! the helper threads share the parts out: a key is in one part only, so the
//! parts' counts add up. The census's pass over the tree (levels.rs) counts
//! positions so, a depth at a time, and this file their symmetry classes.

use std::hash::{BuildHasher, BuildHasherDefault, Hash};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use super::depths::DepthSet;
use crate::runtime::team::Team;
use crate::tree::positions::{FastHasher, FastMap};

/// Records in parts by their key's hash.
pub(super) struct Parts<T> {
    lists: Vec<Vec<T>>,
}

/// About how many records a part should hold: its table (tens of bytes an
/// entry) then fits a core's own cache.
const PER_PART: usize = 1 << 12;

/// As many parts as `records` records need (a power of two, at most 32: the
/// census writes to every part at once, and more streams than that missed the
/// TLB; checkers at depth 7 took 24-29 ms in up to 128 parts, 18-20 in 32).
pub(super) fn parts_for(records: usize) -> usize {
    (records / PER_PART).next_power_of_two().clamp(1, 32)
}

/// Which of `parts` parts a key whose hash is `hash` goes to. The table a
/// part is counted in takes its buckets from the hash's low bits and its tags
/// from the top ones, so the part is picked with bits from the middle.
fn part_of(hash: u64, parts: usize) -> usize {
    (hash >> 32) as usize & (parts - 1)
}

/// A record whose first part is the key it is counted by.
pub(super) trait Keyed {
    type Key: Hash + Eq + Clone;
    fn key(&self) -> &Self::Key;
}

impl<K: Hash + Eq + Clone, A, B> Keyed for (K, A, B) {
    type Key = K;
    fn key(&self) -> &K {
        &self.0
    }
}

impl<T> Parts<T> {
    /// `parts` parts, with room for `records` records in all: room costs
    /// only address space until it is written, and a list grown by doubling
    /// would copy what it holds and touch twice the memory.
    pub(super) fn new(parts: usize, records: usize) -> Self {
        assert!(parts.is_power_of_two());
        Parts { lists: (0..parts).map(|_| Vec::with_capacity(records / parts)).collect() }
    }

    /// Writes `record`, whose key hashes to `hash`, to the part the hash picks.
    #[inline]
    pub(super) fn push_at(&mut self, hash: u64, record: T) {
        let k = part_of(hash, self.lists.len());
        self.lists[k].push(record);
    }

    pub(super) fn len(&self) -> usize {
        self.lists.iter().map(Vec::len).sum()
    }

    /// Room for `records` more records in all, shared evenly among the parts.
    pub(super) fn reserve(&mut self, records: usize) {
        let each = records / self.lists.len();
        self.lists.iter_mut().for_each(|l| l.reserve(each));
    }

    /// Empties every part, keeping the room it had.
    pub(super) fn clear(&mut self) {
        self.lists.iter_mut().for_each(Vec::clear);
    }
}

impl<T: Keyed> Parts<T> {
    #[inline]
    pub(super) fn push(&mut self, record: T) {
        let hash = BuildHasherDefault::<FastHasher>::default().hash_one(record.key());
        self.push_at(hash, record);
    }
}

/// Below this many records a step of the census is taken on the calling
/// thread alone: waking the helpers costs more than they would save.
pub(super) const PARALLEL_FROM: usize = 1 << 13;

/// Runs `work` on `threads` threads (the caller and helpers), each with a
/// state of its own made by `new`; returns the states. `work` must share
/// its work out from a common counter: a helper slow to start may never
/// run it.
pub(super) fn on_threads<S: Send>(
    threads: usize,
    new: impl Fn() -> S + Sync,
    work: impl Fn(&mut S) + Sync,
) -> Vec<S> {
    let states = Mutex::new(Vec::new());
    let run = |_| {
        let mut state = new();
        work(&mut state);
        states.lock().unwrap_or_else(|e| e.into_inner()).push(state);
    };
    if threads > 1 {
        Team::take(threads - 1).run(&run)
    } else {
        run(0)
    }
    states.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// Runs `count` over every part of the records that several threads wrote
/// (one `Parts` each, as many parts in each), shared out among the helper
/// team, each thread with a state of its own (made by `new`); returns the
/// states. Part `k` is counted from every thread's list `k` at once.
pub(super) fn share_out<T: Sync, S: Send>(
    written: &[Parts<T>],
    threads: usize,
    new: impl Fn() -> S + Sync,
    count: impl Fn(&mut S, usize, &[&[T]]) + Sync,
) -> Vec<S> {
    let parts = written.first().map_or(0, |p| p.lists.len());
    let threads = threads.min(parts).max(1);
    let next = AtomicUsize::new(0);
    on_threads(threads, new, |state| {
        let mut lists = Vec::with_capacity(written.len());
        loop {
            let k = next.fetch_add(1, Relaxed);
            if k >= parts {
                break;
            }
            lists.clear();
            lists.extend(written.iter().map(|w| w.lists[k].as_slice()));
            count(state, k, &lists);
        }
    })
}

/// Distinct keys (positions, or classes) and distinct finished ones, per
/// depth and in total.
pub(super) struct Distinct {
    /// `by_depth[d]`: distinct keys met at depth `d`, and finished ones.
    pub(super) by_depth: Vec<[u64; 2]>,
    pub(super) total: [u64; 2],
}

impl Distinct {
    fn new(depths: usize) -> Self {
        Distinct { by_depth: vec![[0; 2]; depths], total: [0; 2] }
    }

    /// One more distinct key, met at `depths`.
    fn add<D: DepthSet>(&mut self, depths: D, over: bool) {
        self.total[0] += 1;
        self.total[1] += u64::from(over);
        depths.each(|d| {
            self.by_depth[d][0] += 1;
            self.by_depth[d][1] += u64::from(over);
        });
    }

    fn join(mut all: Vec<Distinct>, depths: usize) -> Distinct {
        let mut sum = all.pop().unwrap_or_else(|| Distinct::new(depths));
        for part in all {
            for (s, p) in sum.by_depth.iter_mut().zip(&part.by_depth) {
                s[0] += p[0];
                s[1] += p[1];
            }
            sum.total[0] += part.total[0];
            sum.total[1] += part.total[1];
        }
        sum
    }
}

/// A symmetry class as one distinct position shows it: its key, the depths
/// the position stands at, and whether the game is over there. Keys of up to
/// 15 bytes are one number, the length in its last byte (most games' keys
/// are a few bytes, and no vector is made for them).
type ShortClass<D> = (u128, D, bool);
type LongClass<D> = (Vec<u8>, D, bool);

/// The classes of the distinct positions, as their positions showed them.
pub(super) struct Classes<D> {
    short: Parts<ShortClass<D>>,
    long: Parts<LongClass<D>>,
}

impl<D> Classes<D> {
    /// Classes in `parts` parts, with room for `room` short keys.
    pub(super) fn new(parts: usize, room: usize) -> Self {
        Classes { short: Parts::new(parts, room), long: Parts::new(parts, 0) }
    }

    /// The class `key` of one distinct position, met at `depths`.
    pub(super) fn add(&mut self, key: &[u8], depths: D, over: bool) {
        if key.len() < 16 {
            // Byte by byte: a copy of a length known only now is a call to
            // memcpy, a twentieth of the census.
            let short = (key.iter().enumerate())
                .fold((key.len() as u128) << 120, |k, (i, &b)| k | u128::from(b) << (8 * i));
            self.short.push((short, depths, over));
        } else {
            self.long.push((key.to_vec(), depths, over));
        }
    }
}

/// Counts the distinct classes among what the positions showed.
pub(super) fn count_classes<D: DepthSet>(
    classes: Vec<Classes<D>>,
    depths: usize,
    threads: usize,
) -> Distinct {
    let (short, long): (Vec<_>, Vec<_>) = classes.into_iter().map(|c| (c.short, c.long)).unzip();
    Distinct::join(vec![count_keys(&short, depths, threads), count_keys(&long, depths, threads)], depths)
}

fn count_keys<K: Hash + Eq + Clone + Sync + Send, D: DepthSet>(
    written: &[Parts<(K, D, bool)>],
    depths: usize,
    threads: usize,
) -> Distinct {
    let new = || (FastMap::<K, (D, bool)>::default(), Distinct::new(depths));
    let states = share_out(written, threads, new, |(table, distinct), _, lists| {
        table.clear();
        table.reserve(lists.iter().map(|l| l.len()).sum());
        for (key, d, over) in lists.iter().flat_map(|l| l.iter()) {
            let class = table.entry(key.clone()).or_insert((D::default(), false));
            class.0.join(*d);
            class.1 |= over;
        }
        for &(d, over) in table.values() {
            distinct.add(d, over);
        }
    });
    Distinct::join(states.into_iter().map(|s| s.1).collect(), depths)
}
