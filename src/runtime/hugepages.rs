//! A global allocator that gives large blocks transparent huge pages on Linux.
//!
//! A deep tree is tens of megabytes of arena chunks, written once, front to back.
//! With 4 KiB pages the kernel takes one fault per page (18,000 for the depth-7
//! tree of official test4), about a third of the build time; with 2 MiB pages it
//! takes a few dozen. Large blocks are therefore aligned to and rounded up to
//! whole 2 MiB pages (reserving address space, not memory: untouched pages cost
//! nothing) and marked `MADV_HUGEPAGE`. Small allocations are left alone.

use std::alloc::{GlobalAlloc, Layout, System};

/// The allocator: install it with `#[global_allocator]` in a program that
/// builds deep trees (the `gametree` binary does); a library user may leave it.
pub struct HugePageHint;

/// Blocks at least this large are placed on huge pages (smaller ones would pay
/// for zeroing a whole 2 MiB page to use part of it).
const THRESHOLD: usize = 4 << 20;
const HUGE_PAGE: usize = 2 << 20;

/// The layout a block is really allocated with; `dealloc` recomputes it from the
/// caller's layout, so both always agree.
fn actual(layout: Layout) -> Layout {
    if layout.size() < THRESHOLD {
        return layout;
    }
    let size = layout.size().next_multiple_of(HUGE_PAGE);
    Layout::from_size_align(size, layout.align().max(HUGE_PAGE)).unwrap_or(layout)
}

// SAFETY: every block comes from `System` with a layout at least as large and as
// aligned as asked (`actual`), and goes back to it with that same layout.
unsafe impl GlobalAlloc for HugePageHint {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let real = actual(layout);
        // SAFETY: `real` is a valid, non-zero-sized layout at least as large and as
        // aligned as the caller's.
        let p = unsafe { System.alloc(real) };
        if p.is_null() {
            super::signals::out_of_memory(real.size());
        }
        if real.size() >= THRESHOLD {
            // SAFETY: the whole block was just allocated to us; MADV_HUGEPAGE changes
            // no contents and, if refused, changes nothing at all.
            unsafe {
                libc::madvise(p.cast(), real.size(), libc::MADV_HUGEPAGE);
            }
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` with this same layout, so from `System`
        // with `actual(layout)`.
        unsafe { System.dealloc(ptr, actual(layout)) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let Ok(new_layout) = Layout::from_size_align(new_size, layout.align()) else {
            return std::ptr::null_mut();
        };
        if actual(layout) == layout && actual(new_layout) == new_layout {
            // SAFETY: both layouts are used unchanged, as the caller gave them.
            let p = unsafe { System.realloc(ptr, layout, new_size) };
            if p.is_null() {
                super::signals::out_of_memory(new_size);
            }
            return p;
        }
        // SAFETY: a fresh block of the new layout, the overlapping bytes copied, the
        // old block freed with the layout it was allocated with.
        unsafe {
            let new = self.alloc(new_layout);
            if !new.is_null() {
                std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
            new
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_blocks_are_whole_aligned_huge_pages_and_round_trip() {
        let small = Layout::from_size_align(4096, 8).unwrap();
        assert_eq!(actual(small), small);
        let big = Layout::from_size_align(5 << 20, 8).unwrap();
        assert_eq!(actual(big).size(), 6 << 20);
        assert_eq!(actual(big).align(), HUGE_PAGE);
        let a = HugePageHint;
        // SAFETY: allocated, written, grown, read back and freed with matching layouts.
        unsafe {
            let p = a.alloc(big);
            assert_eq!(p as usize % HUGE_PAGE, 0);
            p.write_bytes(7, big.size());
            let q = a.realloc(p, big, 7 << 20);
            assert_eq!(*q.add(big.size() - 1), 7);
            a.dealloc(q, Layout::from_size_align(7 << 20, 8).unwrap());
            let r = a.alloc(small);
            let r2 = a.realloc(r, small, 4 << 20);
            a.dealloc(r2, Layout::from_size_align(4 << 20, 8).unwrap());
        }
    }
}
