//! Where a tree's nodes live, and how a group of siblings is written into place.
//!
//! One of the two files of the tree allowed `unsafe` (the other is `node.rs`).

use typed_arena::Arena;

use super::node::Node;

/// Where a tree's nodes live: one `typed_arena::Arena` for the calling thread and
/// one for each helper thread of a parallel build.
pub struct TreeArena<A, P> {
    pub(crate) main: Arena<Node<A, P>>,
    pub(crate) helpers: Vec<OwnLine<Arena<Node<A, P>>>>,
}

/// Keeps a value on cache lines of its own. An arena's bookkeeping changes with
/// every allocation; two threads' arenas side by side in one vector would share a
/// line and slow both threads down several times over.
#[repr(align(128))]
pub(crate) struct OwnLine<T>(pub T);

impl<A, P> TreeArena<A, P> {
    /// An empty arena. It must outlive every tree built into it, and frees all
    /// their nodes at once when dropped.
    pub fn new() -> Self {
        TreeArena { main: Arena::new(), helpers: Vec::new() }
    }
}

impl<A, P> Default for TreeArena<A, P> {
    fn default() -> Self {
        Self::new()
    }
}

/// Puts the nodes `nodes` yields side by side in `arena`, written straight into
/// place. `Arena::alloc_extend` checks for room and bumps a length for every
/// element, which is a fifth of the work of making a checkers leaf.
#[inline]
#[allow(clippy::mut_from_ref)] // as `Arena::alloc`: the slots are new, no one else's
pub(crate) fn alloc_nodes<A, P>(
    arena: &Arena<Node<A, P>>,
    nodes: impl ExactSizeIterator<Item = Node<A, P>>,
) -> &mut [Node<A, P>] {
    // What makes an unwritten slot harmless below: the arena drops nothing.
    const { assert!(!std::mem::needs_drop::<Node<A, P>>()) };
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
    unsafe { &mut *(std::ptr::from_mut(slots) as *mut [Node<A, P>]) }
}

/// Where an arena's next node was to go, taken before a run of allocations.
pub(crate) struct Mark<T> {
    start: *mut T,
    room: usize,
}

/// Marks where `arena`'s next node will go.
pub(crate) fn mark<T>(arena: &Arena<T>) -> Mark<T> {
    let free = arena.uninitialized_array();
    Mark { start: free.cast(), room: free.len() }
}

/// Every node allocated in `arena` since `since` was marked, in the order they were made,
/// if they lie in one piece of memory (they do unless the arena started a new
/// chunk meanwhile); `None` if not.
///
/// Only the arena's public promise is relied on: a chunk's memory never moves
/// or goes while the arena lives (its nodes are borrowed for as long). The
/// free space at the mark is the tail of a live chunk; if the free space now
/// starts inside it, no other chunk can have been used (a later chunk with a
/// node in it there would overlap the live one), so the nodes lie in order from
/// the mark to there.
pub(crate) fn allocated_since<A, P>(
    arena: &Arena<Node<A, P>>,
    since: Mark<Node<A, P>>,
) -> Option<&[Node<A, P>]> {
    let end = mark(arena).start;
    let count = (end as usize).checked_sub(since.start as usize)? / size_of::<Node<A, P>>();
    if count > since.room || since.start.wrapping_add(count) != end {
        return None;
    }
    // SAFETY: `Arena` is not `Sync`, so only this thread allocates in `arena`.
    // By the above, the `count` slots from the mark are in one live chunk, each
    // handed out since the mark, in order; the only way this crate hands out
    // unwritten slots is `alloc_nodes`, which writes every one before returning
    // them (a panic part way ends the build that owns the arena). Nodes are
    // lent as `&mut` only to a builder, which gives each up into its parent or
    // a subtree's top before its build returns, so shared references are all
    // that remain.
    Some(unsafe { std::slice::from_raw_parts(since.start.cast_const(), count) })
}
