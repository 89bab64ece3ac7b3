//! Tables keyed by a position whose hash was worked out once, when its node
//! was written down: the census hashes each child to pick its part, and the
//! part's table takes that hash as it is rather than hashing the position
//! again.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A table from positions, hashed once, to `V`.
pub(super) type Table<K, V> = HashMap<Hashed<K>, V, BuildHasherDefault<Given>>;

/// A position as a part's table holds it, with the hash it was written with
/// (its low half: the high half picked the part), so that the table does not
/// work it out again.
pub(super) struct Hashed<P> {
    pub(super) hash: u32,
    pub(super) pos: P,
}

impl<P: Eq> PartialEq for Hashed<P> {
    fn eq(&self, other: &Self) -> bool {
        self.pos == other.pos
    }
}

impl<P: Eq> Eq for Hashed<P> {}

impl<P> Hash for Hashed<P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u32(self.hash);
    }
}

/// Hands a [`Hashed`] position's hash on, spread over 64 bits: the table
/// takes its buckets from the low bits and its tags from the top ones.
#[derive(Default)]
pub(super) struct Given(u64);

impl Hasher for Given {
    fn write(&mut self, _: &[u8]) {
        unreachable!("only a position's hash is written");
    }

    fn write_u32(&mut self, hash: u32) {
        self.0 = u64::from(hash).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
