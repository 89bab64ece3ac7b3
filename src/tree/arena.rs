//! Where a tree's nodes live, and how a group of siblings is written into place.
//!
//! One of the two files of the tree allowed `unsafe` (the other is `node.rs`).

use typed_arena::Arena;

use super::node::Node;

/// Where a tree's nodes live: one `typed_arena::Arena` for the calling thread and
/// one for each helper thread of a parallel build.
pub struct TreeArena<'a, A, P> {
    pub(crate) main: Arena<Node<'a, A, P>>,
    pub(crate) helpers: Vec<OwnLine<Arena<Node<'a, A, P>>>>,
}

/// Keeps a value on cache lines of its own. An arena's bookkeeping changes with
/// every allocation; two threads' arenas side by side in one vector would share a
/// line and slow both threads down several times over.
#[repr(align(128))]
pub(crate) struct OwnLine<T>(pub T);

impl<A, P> TreeArena<'_, A, P> {
    pub fn new() -> Self {
        TreeArena { main: Arena::new(), helpers: Vec::new() }
    }
}

impl<A, P> Default for TreeArena<'_, A, P> {
    fn default() -> Self {
        Self::new()
    }
}

/// Puts the nodes `nodes` yields side by side in `arena`, written straight into
/// place. `Arena::alloc_extend` checks for room and bumps a length for every
/// element, which is a fifth of the work of making a checkers leaf.
#[inline]
pub(crate) fn alloc_nodes<'a, A, P>(
    arena: &'a Arena<Node<'a, A, P>>,
    nodes: impl ExactSizeIterator<Item = Node<'a, A, P>>,
) -> &'a mut [Node<'a, A, P>] {
    // What makes an unwritten slot harmless below: the arena drops nothing.
    const { assert!(!std::mem::needs_drop::<Node<'a, A, P>>()) };
    let n = nodes.len();
    // SAFETY: the arena counts the slots as nodes from here on, so each must be
    // written before it is read; it never drops them (no drop glue). They are read
    // only through the slice returned, after the check that all were written;
    // if `nodes` panics or comes up short, nothing refers to them again.
    let slots = unsafe { arena.alloc_uninitialized(n) };
    let mut written = 0;
    for (slot, node) in slots.iter_mut().zip(nodes) {
        slot.write(node);
        written += 1;
    }
    assert_eq!(written, n, "an ExactSizeIterator yields its length");
    // SAFETY: all `n` slots are written nodes; `MaybeUninit<T>` has `T`'s layout.
    unsafe { &mut *(std::ptr::from_mut(slots) as *mut [Node<'a, A, P>]) }
}
