//! Faulting in an arena's memory a batch of pages ahead of the builder.
//!
//! A new arena chunk is address space only: the kernel maps each 4 KiB page when it
//! is first written, one fault at a time. On these virtual machines a fault costs
//! about 2 µs, which for 36-byte checkers nodes is some 18 ns a node, more than
//! building the node. Asking the kernel for the next 64 KiB in one `madvise` call
//! (`MADV_POPULATE_WRITE`, Linux 5.14) costs about a third less per page, and only
//! pages the arena's current chunk already owns are asked for, a batch at a time,
//! so an over-sized reservation costs nothing.
//!
//! Blocks of huge pages (see `hugepages.rs`) need none of this: they are
//! faulted in 2 MiB at a time anyway.

use std::mem::size_of;

use typed_arena::Arena;

/// How far ahead of the last node written to fault pages in.
const BATCH: usize = 64 << 10;
const PAGE: usize = 4 << 10;
/// Chunks this large are left to huge pages.
const HUGE_FROM: usize = 4 << 20;

/// What has been faulted in of the chunk the arena is filling: `from..ready_to`.
#[derive(Default)]
pub(crate) struct Prefault {
    from: usize,
    ready_to: usize,
    /// Set when the kernel refuses (too old a kernel).
    off: bool,
}

impl Prefault {
    /// Called with the end of the latest allocation; faults in the next batch of
    /// the arena's current chunk once the builder comes near the end of what is
    /// ready, or has moved on to a new chunk.
    #[inline]
    pub fn after<T>(&mut self, arena: &Arena<T>, written_to: *const T) {
        let w = written_to as usize;
        if (w < self.from || w + PAGE > self.ready_to) && !self.off {
            self.next_batch(arena);
        }
    }

    #[cold]
    fn next_batch<T>(&mut self, arena: &Arena<T>) {
        let free = arena.uninitialized_array();
        let start = free.cast::<u8>() as usize;
        let end = start + free.len() * size_of::<T>();
        if !(self.from..self.ready_to).contains(&start) {
            // A new chunk: start counting at its first whole page.
            self.from = start;
            self.ready_to = start.next_multiple_of(PAGE);
        }
        let to = (self.ready_to + BATCH).min(end & !(PAGE - 1));
        if end - start >= HUGE_FROM || to <= self.ready_to {
            // Nothing to do in this chunk (huge pages, or no whole page left).
            self.ready_to = end;
            return;
        }
        if !populate(self.ready_to, to - self.ready_to) {
            self.off = true;
        }
        self.ready_to = to;
    }
}

#[cfg(target_os = "linux")]
fn populate(from: usize, len: usize) -> bool {
    // SAFETY: the range is whole pages inside the arena's current chunk, not yet
    // handed out; MADV_POPULATE_WRITE maps pages without changing their contents.
    unsafe { libc::madvise(from as *mut libc::c_void, len, libc::MADV_POPULATE_WRITE) == 0 }
}

#[cfg(not(target_os = "linux"))]
fn populate(_from: usize, _len: usize) -> bool {
    false
}
