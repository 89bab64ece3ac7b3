//! The explicit search tree: every node a real object in a `typed_arena::Arena`.
//!
//! Construction order (and so node ids) follows the course programs: a node's
//! children are created together, left to right in legal-action order, and only then
//! is each child's subtree built in turn, first child first. The root is id 0, its
//! children are 1..=k, the children of child 1 come next, then everything below
//! them, and so on. Duplicate positions reached along different paths are separate
//! nodes: a node is a path, not a position.
//!
//! A node stores neither its position nor its parent nor its static cost: the walk
//! that exports a tree rebuilds positions by applying actions from the root, knows
//! each node's parent, and recomputes costs from positions. A leaf's value is its
//! cost. That, and children kept as a pointer and a 16-bit count, keeps a node
//! of every game here at 24 bytes.
//!
//! Deep trees are built on several threads (see [`super::parallel`]); the result,
//! ids included, is the same node for node as the sequential build.

use std::fmt;
use std::marker::PhantomData;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicI32, AtomicU8, AtomicU32, AtomicU64, Ordering::Relaxed};

use typed_arena::Arena;

use super::prefault::Prefault;
use crate::game::{Game, Player};

const MAXIMISING: u8 = 1;
const PRUNED: u8 = 2;

pub struct Node<'a, A> {
    /// The children, in legal-action order, with consecutive ids: a slice kept as
    /// a pointer and a 16-bit length, which saves a node 8 bytes of the 32 a
    /// `&[Node]` would make it. No game comes near 65,536 actions.
    children: NonNull<Node<'a, A>>,
    /// Construction order; atomic so that a parallel build can renumber a finished
    /// subtree through shared references.
    id: AtomicU32,
    /// A leaf's static cost; an inner node's value once a search has set it.
    /// Atomic only so that trees can be built across threads (relaxed loads and
    /// stores cost the same as plain ones).
    value: AtomicI32,
    child_count: u16,
    /// The action that led here; `None` only at the root.
    pub action: Option<A>,
    pub depth: u8,
    flags: AtomicU8,
    /// A node holds its children as `&'a [Node]` would.
    _children: PhantomData<&'a [Node<'a, A>]>,
}

// SAFETY: a node owns its action and refers to its children as `&'a [Node]` does,
// so it may cross or be shared between threads exactly when those may.
unsafe impl<A: Send + Sync> Send for Node<'_, A> {}
// SAFETY: as above; everything a shared node lets one change is atomic.
unsafe impl<A: Sync> Sync for Node<'_, A> {}

impl<'a, A> Node<'a, A> {
    pub(crate) fn new(id: u32, action: Option<A>, depth: u8, value: i32, player: Player) -> Self {
        Node {
            children: NonNull::dangling(),
            id: AtomicU32::new(id),
            value: AtomicI32::new(value),
            child_count: 0,
            action,
            depth,
            flags: AtomicU8::new(if player.maximises() { MAXIMISING } else { 0 }),
            _children: PhantomData,
        }
    }

    /// The children in legal-action order (empty at a leaf); their ids are
    /// consecutive.
    #[inline]
    pub fn children(&self) -> &'a [Node<'a, A>] {
        // SAFETY: `children` and `child_count` are only ever set together, from a
        // slice that lives for 'a (or dangling with a count of 0, which is a valid
        // empty slice).
        unsafe { std::slice::from_raw_parts(self.children.as_ptr(), usize::from(self.child_count)) }
    }

    pub(crate) fn set_children(&mut self, children: &'a [Node<'a, A>]) {
        self.child_count = u16::try_from(children.len()).expect("fewer than 65,536 actions in a position");
        self.children = NonNull::from(children).cast();
    }

    pub fn id(&self) -> u32 {
        self.id.load(Relaxed)
    }

    pub(crate) fn shift_id(&self, offset: u32) {
        self.id.store(self.id() + offset, Relaxed);
    }

    pub fn value(&self) -> i32 {
        self.value.load(Relaxed)
    }

    pub(crate) fn set_value(&self, v: i32) {
        self.value.store(v, Relaxed);
    }

    /// Whether the side to move here picks the greatest child value.
    pub fn maximising(&self) -> bool {
        self.flags.load(Relaxed) & MAXIMISING != 0
    }

    pub fn is_leaf(&self) -> bool {
        self.children().is_empty()
    }

    /// Whether a pruning search skipped this node.
    pub fn pruned(&self) -> bool {
        self.flags.load(Relaxed) & PRUNED != 0
    }

    /// Only one thread ever writes a node's flags, so a plain load and store will
    /// do (a read-modify-write would lock the bus for every node).
    pub(crate) fn set_pruned(&self, pruned: bool) {
        let f = self.flags.load(Relaxed);
        let g = if pruned { f | PRUNED } else { f & !PRUNED };
        if f != g {
            self.flags.store(g, Relaxed);
        }
    }

    /// The child whose value the node took: the left-most one among equals, never a
    /// pruned one. `None` at a leaf.
    pub fn best_child(&self) -> Option<&'a Self>
    where
        A: 'a,
    {
        let children: &'a [Self] = self.children();
        children.iter().find(|c| !c.pruned() && c.value() == self.value())
    }

    /// Calls `f` on this node and every node below it, parents before children.
    pub fn for_each(&self, f: &mut impl FnMut(&Self)) {
        f(self);
        for c in self.children() {
            c.for_each(f);
        }
    }
}

/// A tree would have exceeded the node budget: nothing was kept of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyNodes {
    pub limit: u64,
}

impl fmt::Display for TooManyNodes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the tree would exceed the budget of {} nodes; use a smaller --depth or raise --max-nodes",
            self.limit
        )
    }
}

impl std::error::Error for TooManyNodes {}

/// The default node budget: about 1.6 GB of checkers nodes.
pub const DEFAULT_MAX_NODES: u64 = 50_000_000;

/// How a tree is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildOptions {
    /// Refuse to build more nodes than this.
    pub max_nodes: u64,
    /// Threads to build deep trees on; 1 builds on the calling thread only.
    pub threads: usize,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions { max_nodes: DEFAULT_MAX_NODES, threads: default_threads() }
    }
}

/// Gets ready to build a tree of `depth` plies: starts the helper threads a
/// parallel build would use, so that they are running by the time it begins.
pub fn prepare_build(depth: u8, options: &BuildOptions) {
    if super::parallel::worth_it(depth, options.threads) {
        super::team::start(options.threads - 1);
    }
}

/// All the cores there are, as the machine reports them.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Where a tree's nodes live: one `typed_arena::Arena` for the calling thread and
/// one for each helper thread of a parallel build.
pub struct TreeArena<'a, A> {
    pub(crate) main: Arena<Node<'a, A>>,
    pub(crate) helpers: Vec<OwnLine<Arena<Node<'a, A>>>>,
}

/// Keeps a value on cache lines of its own. An arena's bookkeeping changes with
/// every allocation; two threads' arenas side by side in one vector would share a
/// line and slow both threads down several times over.
#[repr(align(128))]
pub(crate) struct OwnLine<T>(pub T);

impl<A> TreeArena<'_, A> {
    pub fn new() -> Self {
        TreeArena { main: Arena::new(), helpers: Vec::new() }
    }
}

impl<A> Default for TreeArena<'_, A> {
    fn default() -> Self {
        Self::new()
    }
}

/// A built tree. The nodes live in the arena passed to [`Tree::build`].
pub struct Tree<'a, G: Game> {
    pub root: &'a Node<'a, G::Action>,
    pub root_position: G::Position,
    /// The depth the tree was asked for (leaves may be shallower where a game ends).
    pub depth: u8,
    /// Number of nodes, root included.
    pub len: usize,
}

impl<'a, G: Game> Tree<'a, G> {
    /// Builds the full tree of `root` to `depth` plies in `arena`, in construction
    /// order. Leaves hold their static costs as values; inner values are set by a
    /// later pass (see [`super::minimax`], [`super::alphabeta`]).
    pub fn build(
        arena: &'a mut TreeArena<'a, G::Action>,
        game: &G,
        root: G::Position,
        depth: u8,
        options: &BuildOptions,
    ) -> Result<Tree<'a, G>, TooManyNodes> {
        let max_nodes = options.max_nodes.min(u32::MAX as u64 - 1);
        if max_nodes == 0 {
            return Err(TooManyNodes { limit: max_nodes });
        }
        if super::parallel::worth_it(depth, options.threads) {
            return super::parallel::build(arena, game, &root, depth, max_nodes, options.threads);
        }
        let main = &arena.main;
        let mut b =
            Builder { game, next_id: 1, max_nodes, shared: None, quota: 0, prefault: Prefault::default() };
        let value = if depth == 0 { game.cost(&root, game.has_actions(&root)) } else { 0 };
        let root_node = main.alloc(Node::new(0, None, 0, value, game.to_move(&root)));
        let mut buffers = action_buffers::<G>(depth);
        b.expand(main, root_node, &root, &mut buffers)?;
        Ok(Tree { root: root_node, root_position: root, depth, len: b.next_id as usize })
    }

    /// The action chosen at the root (its best child), if the root has children.
    pub fn decision(&self) -> Option<&'a Node<'a, G::Action>> {
        self.root.best_child()
    }

    /// The line of best play from the root: each node's best child in turn.
    pub fn principal_variation(&self) -> Vec<&'a Node<'a, G::Action>> {
        let mut line = Vec::new();
        let mut node = self.root;
        while let Some(next) = node.best_child() {
            line.push(next);
            node = next;
        }
        line
    }

    /// Visits every node in id order with its parent's id (`None` at the root) and
    /// its position.
    pub fn walk(&self, game: &G, mut f: impl FnMut(&'a Node<'a, G::Action>, Option<u32>, &G::Position)) {
        f(self.root, None, &self.root_position);
        walk_children(game, self.root, &self.root_position, &mut f);
    }

    /// Bytes of arena memory the nodes take.
    pub fn node_bytes(&self) -> usize {
        self.len * std::mem::size_of::<Node<'a, G::Action>>()
    }
}

fn walk_children<'a, G: Game>(
    game: &G,
    node: &'a Node<'a, G::Action>,
    pos: &G::Position,
    f: &mut impl FnMut(&'a Node<'a, G::Action>, Option<u32>, &G::Position),
) {
    let positions: Vec<G::Position> = node
        .children()
        .iter()
        .map(|c| game.apply(pos, c.action.expect("only the root has no action")))
        .collect();
    for (c, p) in node.children().iter().zip(&positions) {
        f(c, Some(node.id()), p);
    }
    for (c, p) in node.children().iter().zip(&positions) {
        walk_children(game, c, p, f);
    }
}

/// One reusable action list per ply, so that a build allocates nothing but nodes.
pub(crate) fn action_buffers<G: Game>(depth: u8) -> Vec<Vec<G::Action>> {
    (0..depth).map(|_| Vec::new()).collect()
}

/// The sequential builder; the parallel one runs one of these per thread.
pub(crate) struct Builder<'g, G: Game> {
    pub game: &'g G,
    /// The id the next node will get.
    pub next_id: u32,
    pub max_nodes: u64,
    /// Nodes reserved by all threads together, when several share the budget.
    pub shared: Option<&'g AtomicU64>,
    /// Nodes this thread has reserved from `shared` and not used yet.
    pub quota: u64,
    pub prefault: Prefault,
}

/// How many nodes a thread reserves from a shared budget at a time. Reserving per
/// group of children would make the threads fight over one counter's cache line
/// and halve the build rate; in blocks, a parallel build may refuse a tree at most
/// this many nodes per thread short of the limit.
pub const QUOTA_BLOCK: u64 = 4096;

impl<G: Game> Builder<'_, G> {
    /// Unless `node` is a leaf, creates all its children at once, then builds each
    /// child's subtree in turn. `buffers` holds one action list per remaining ply.
    pub fn expand<'a>(
        &mut self,
        arena: &'a Arena<Node<'a, G::Action>>,
        node: &mut Node<'a, G::Action>,
        pos: &G::Position,
        buffers: &mut [Vec<G::Action>],
    ) -> Result<(), TooManyNodes> {
        let game = self.game;
        let Some((actions, deeper)) = buffers.split_first_mut() else {
            return Ok(());
        };
        game.actions(pos, actions);
        if actions.is_empty() {
            node.set_value(game.cost(pos, false));
            return Ok(());
        }
        node.set_children(self.children(arena, node.depth + 1, pos, actions, deeper)?);
        Ok(())
    }

    /// Creates the children of the position `pos` (whose actions are `actions`)
    /// and their subtrees, and returns them.
    pub fn children<'a>(
        &mut self,
        arena: &'a Arena<Node<'a, G::Action>>,
        depth: u8,
        pos: &G::Position,
        actions: &[G::Action],
        deeper: &mut [Vec<G::Action>],
    ) -> Result<&'a mut [Node<'a, G::Action>], TooManyNodes> {
        let game = self.game;
        let n = actions.len() as u64;
        match self.shared {
            None if self.next_id as u64 + n > self.max_nodes => {
                return Err(TooManyNodes { limit: self.max_nodes });
            }
            None => {}
            Some(used) => {
                if n > self.quota {
                    let grant = n.max(QUOTA_BLOCK);
                    // The +1 is the root, which no thread builds.
                    if used.fetch_add(grant, Relaxed) + grant + 1 > self.max_nodes {
                        return Err(TooManyNodes { limit: self.max_nodes });
                    }
                    self.quota += grant;
                }
                self.quota -= n;
            }
        }
        let first = self.next_id;
        self.next_id += actions.len() as u32;
        if deeper.is_empty() {
            // The children are leaves: finish each one as it is created.
            let leaves = alloc_nodes(
                arena,
                actions.iter().zip(game.leaves(pos, actions)).enumerate().map(|(i, (&a, (cost, player)))| {
                    Node::new(first + i as u32, Some(a), depth, cost, player)
                }),
            );
            self.prefault.after(arena, leaves.as_ptr_range().end);
            return Ok(leaves);
        }
        let children = alloc_nodes(
            arena,
            actions
                .iter()
                .enumerate()
                .map(|(i, &a)| Node::new(first + i as u32, Some(a), depth, 0, Player::First)),
        );
        self.prefault.after(arena, children.as_ptr_range().end);
        for child in children.iter_mut() {
            let child_pos = game.apply(pos, child.action.expect("children have actions"));
            if !game.to_move(&child_pos).maximises() {
                child.flags = AtomicU8::new(0);
            }
            self.expand(arena, child, &child_pos, deeper)?;
        }
        Ok(children)
    }
}

/// Puts the nodes `nodes` yields side by side in `arena`, written straight into
/// place. `Arena::alloc_extend` checks for room and bumps a length for every
/// element, which is a fifth of the work of making a checkers leaf.
#[inline]
pub(crate) fn alloc_nodes<'a, A>(
    arena: &'a Arena<Node<'a, A>>,
    nodes: impl ExactSizeIterator<Item = Node<'a, A>>,
) -> &'a mut [Node<'a, A>] {
    // What makes an unwritten slot harmless below: the arena drops nothing.
    const { assert!(!std::mem::needs_drop::<Node<'a, A>>()) };
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
    unsafe { &mut *(std::ptr::from_mut(slots) as *mut [Node<'a, A>]) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::checkers::{Action, Checkers};

    fn sequential() -> BuildOptions {
        BuildOptions { threads: 1, ..BuildOptions::default() }
    }

    #[test]
    fn every_games_node_fits_in_24_bytes() {
        // children (8 + 2) + id, value (8) + action (at most 4) + depth, flags (2).
        assert_eq!(std::mem::size_of::<Node<'_, Action>>(), 24);
        assert_eq!(std::mem::size_of::<Node<'_, crate::games::ataxx::Action>>(), 24);
        assert_eq!(std::mem::size_of::<Node<'_, <crate::games::gomoku::Gomoku as Game>::Action>>(), 24);
        assert_eq!(std::mem::size_of::<Node<'_, crate::games::niujiao::Action>>(), 24);
        assert_eq!(std::mem::size_of::<Node<'_, <crate::games::tictactoe::TicTacToe as Game>::Action>>(), 24);
    }

    #[test]
    fn ids_are_construction_order() {
        let mut arena = TreeArena::new();
        let tree = Tree::build(&mut arena, &Checkers, Checkers.start(), 3, &sequential()).unwrap();
        assert_eq!(tree.len, 1 + 7 + 49 + 379);
        let mut seen = Vec::new();
        tree.walk(&Checkers, |n, _, _| seen.push(n.id()));
        assert_eq!(seen, (0..tree.len as u32).collect::<Vec<_>>());
        // The root's children come first, then the first child's children.
        let first = &tree.root.children()[0];
        assert_eq!(
            tree.root.children().iter().map(|c| c.id()).collect::<Vec<_>>(),
            (1..=7).collect::<Vec<_>>()
        );
        assert_eq!(first.children()[0].id(), 8);
        assert_eq!(first.children()[0].children()[0].id(), 8 + first.children().len() as u32);
    }

    #[test]
    fn the_budget_is_checked_before_allocating() {
        let limit = |n| BuildOptions { max_nodes: n, threads: 1 };
        let mut arena = TreeArena::new();
        let err = Tree::build(&mut arena, &Checkers, Checkers.start(), 3, &limit(100)).err();
        assert_eq!(err, Some(TooManyNodes { limit: 100 }));
        assert!(Tree::build(&mut TreeArena::new(), &Checkers, Checkers.start(), 3, &limit(436)).is_ok());
        assert!(Tree::build(&mut TreeArena::new(), &Checkers, Checkers.start(), 3, &limit(435)).is_err());
    }
}
