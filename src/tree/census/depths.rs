//! The depths at which a position, or a class of them, occurs, as a set of bits.

/// The depths at which a position, or a class of them, occurs: one word for
/// the trees almost every user builds (depth below 64), four for the deepest.
pub(super) trait DepthSet: Copy + Default + Send + Sync {
    fn add(&mut self, d: usize);
    fn has(&self, d: usize) -> bool;
    fn join(&mut self, other: Self);
    fn each(self, f: impl FnMut(usize));
}

impl DepthSet for u64 {
    #[inline]
    fn add(&mut self, d: usize) {
        *self |= 1 << d;
    }

    #[inline]
    fn has(&self, d: usize) -> bool {
        *self & 1 << d != 0
    }

    fn join(&mut self, other: u64) {
        *self |= other;
    }

    fn each(self, mut f: impl FnMut(usize)) {
        let mut word = self;
        while word != 0 {
            f(word.trailing_zeros() as usize);
            word &= word - 1;
        }
    }
}

impl DepthSet for [u64; 4] {
    #[inline]
    fn add(&mut self, d: usize) {
        self[d / 64] |= 1 << (d % 64);
    }

    #[inline]
    fn has(&self, d: usize) -> bool {
        self[d / 64] & 1 << (d % 64) != 0
    }

    fn join(&mut self, other: Self) {
        for (a, b) in self.iter_mut().zip(other) {
            *a |= b;
        }
    }

    fn each(self, mut f: impl FnMut(usize)) {
        for (k, word) in self.into_iter().enumerate() {
            word.each(|d| f(k * 64 + d));
        }
    }
}
