//! The explicit search tree: every node a real object in a `typed_arena::Arena`.
//!
//! Construction order (and so node ids) follows the course programs: a node's
//! children are created together, left to right in legal-action order, and only then
//! is each child's subtree built in turn, first child first. The root is id 0, its
//! children are 1..=k, the children of child 1 come next, then everything below
//! them, and so on. Duplicate positions reached along different paths are separate
//! nodes: a node is a path, not a position.
//!
//! Every node holds its own copy of its position ([`Game::Packed`]), written when
//! the node is constructed; duplicates reached along different paths are separate
//! copies. A node stores neither its parent (a walk comes from it) nor its static
//! cost (a leaf's value is its cost; an inner node's follows from its position).
//! Children kept as a pointer and a 16-bit count keep the rest of a node at 24
//! bytes; `docs/design.md` gives each game's size.
//!
//! Deep trees are built on several threads (see `search/parallel.rs`); the result,
//! ids included, is the same node for node as the sequential build.

use std::fmt;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicI32, AtomicU8, AtomicU32, AtomicU64, Ordering::Relaxed};

use typed_arena::Arena;

use super::prefault::Prefault;
use crate::game::{Game, Player};

const MAXIMISING: u8 = 1;
const PRUNED: u8 = 2;
/// Two bits for what a pruning search's value says of the minimax value.
const LOWER: u8 = 4;
const UPPER: u8 = 8;

/// What a node's value says of its minimax value: alpha-beta returns bounds
/// where it stopped early or found nothing inside its window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The minimax value is at least the value.
    Lower,
    /// The minimax value is at most the value.
    Upper,
}

impl Bound {
    pub fn name(self) -> &'static str {
        match self {
            Bound::Exact => "exact",
            Bound::Lower => "lower",
            Bound::Upper => "upper",
        }
    }

    /// The value as a bound is written: `≥ 3`, `≤ 2`, or `3` when exact.
    pub fn show(self, value: &str) -> String {
        match self {
            Bound::Exact => value.to_string(),
            Bound::Lower => format!("≥ {value}"),
            Bound::Upper => format!("≤ {value}"),
        }
    }
}

/// A tree node of game `G`.
pub type GameNode<'a, G> = Node<'a, <G as Game>::Action, <G as Game>::Packed>;

/// A node whose action type is `A` and whose copy of its position is a `P`.
pub struct Node<'a, A, P> {
    /// The children, in legal-action order, with consecutive ids: a slice kept as
    /// the address of the first and a 16-bit length, which saves a node 8 bytes
    /// of the 32 a `&[Node]` would make it (no game comes near 65,536 actions).
    /// The address is two 32-bit halves so that a node needs only 4-byte
    /// alignment: with a pointer's 8, a checkers node (24 bytes and a 12-byte
    /// board) would take 40 bytes instead of 36.
    children: [u32; 2],
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
    /// This node's own copy of its position.
    packed: P,
    /// A node holds its children as `&'a [Node]` would.
    _children: PhantomData<&'a [Node<'a, A, P>]>,
}

impl<'a, A, P> Node<'a, A, P> {
    pub(crate) fn new(id: u32, action: Option<A>, depth: u8, value: i32, player: Player, packed: P) -> Self {
        Node {
            children: [0; 2],
            id: AtomicU32::new(id),
            value: AtomicI32::new(value),
            child_count: 0,
            action,
            depth,
            flags: AtomicU8::new(if player.maximises() { MAXIMISING } else { 0 }),
            packed,
            _children: PhantomData,
        }
    }

    /// This node's own copy of its position, in the game's compact form.
    pub fn packed(&self) -> &P {
        &self.packed
    }

    /// This node's position.
    pub fn position<G: Game<Action = A, Packed = P>>(&self, game: &G) -> G::Position {
        game.unpack(&self.packed, self.player())
    }

    /// The side to move here.
    pub fn player(&self) -> Player {
        if self.maximising() { Player::First } else { Player::Second }
    }

    /// The children in legal-action order (empty at a leaf); their ids are
    /// consecutive.
    #[inline]
    pub fn children(&self) -> &'a [Node<'a, A, P>] {
        if self.child_count == 0 {
            return &[];
        }
        let [low, high] = self.children;
        let first = std::ptr::with_exposed_provenance::<Node<'a, A, P>>(
            (u64::from(high) << 32 | u64::from(low)) as usize,
        );
        // SAFETY: `children` and `child_count` are only ever set together, from a
        // slice that lives for 'a, whose address was exposed when it was stored.
        unsafe { std::slice::from_raw_parts(first, usize::from(self.child_count)) }
    }

    pub(crate) fn set_children(&mut self, children: &'a [Node<'a, A, P>]) {
        self.child_count = u16::try_from(children.len()).expect("fewer than 65,536 actions in a position");
        let address = children.as_ptr().expose_provenance() as u64;
        self.children = [address as u32, (address >> 32) as u32];
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

    /// What the value says of the minimax value (exact unless a pruning
    /// search bounded it).
    pub fn bound(&self) -> Bound {
        let f = self.flags.load(Relaxed);
        if f & LOWER != 0 {
            Bound::Lower
        } else if f & UPPER != 0 {
            Bound::Upper
        } else {
            Bound::Exact
        }
    }

    /// As [`Node::set_pruned`], one writer per node.
    pub(crate) fn set_bound(&self, bound: Bound) {
        let f = self.flags.load(Relaxed) & !(LOWER | UPPER);
        let bits = match bound {
            Bound::Exact => 0,
            Bound::Lower => LOWER,
            Bound::Upper => UPPER,
        };
        self.flags.store(f | bits, Relaxed);
    }

    /// The child whose value the node took: the left-most one among equals, never a
    /// pruned one. `None` at a leaf.
    pub fn best_child(&self) -> Option<&'a Self>
    where
        A: 'a,
        P: 'a,
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
    /// Set when an alpha-beta search was refused on a prediction, before trying:
    /// the positions its next ply was expected to examine.
    pub predicted: Option<u64>,
}

impl TooManyNodes {
    pub fn over(limit: u64) -> TooManyNodes {
        TooManyNodes { limit, predicted: None }
    }

    /// The message for an implicit search (no tree is built).
    pub fn for_search(&self) -> String {
        match self.predicted {
            None => format!(
                "the search would examine more than {} positions; use a smaller --depth or raise --max-nodes",
                self.limit
            ),
            Some(_) => self.to_string(),
        }
    }
}

impl fmt::Display for TooManyNodes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.predicted {
            None => write!(f, "the tree would exceed the budget of {} nodes", self.limit)?,
            Some(p) => write!(
                f,
                "the search would examine over {p} positions (extrapolated from shallower searches), more than the budget of {}",
                self.limit
            )?,
        }
        f.write_str("; use a smaller --depth or raise --max-nodes")
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

/// A built tree. The nodes live in the arena passed to [`Tree::build`].
///
/// ```
/// use gametree::game::Game;
/// use gametree::games::checkers::Checkers;
/// use gametree::search::{BuildOptions, Tree, TreeArena, back_propagate};
///
/// // The course's worked example: black to move, depth 3.
/// let game = Checkers;
/// let pos = game
///     .parse_position("......../......../......../......../......../B.w...../.w....../..b..... b")
///     .unwrap();
/// let mut arena = TreeArena::new();
/// let tree = Tree::build(&mut arena, &game, pos, 3, &BuildOptions::default()).unwrap();
/// assert_eq!(tree.len, 30);
/// back_propagate(tree.root);
/// let best = tree.decision().unwrap();
/// assert_eq!(game.format_action(best.action.unwrap()), "A6-B5");
/// assert_eq!(best.value(), 1);
/// // Every node holds its own board.
/// assert_eq!(best.position(&game), game.apply(&tree.root_position, best.action.unwrap()));
/// ```
pub struct Tree<'a, G: Game> {
    pub root: &'a GameNode<'a, G>,
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
        arena: &'a mut TreeArena<'a, G::Action, G::Packed>,
        game: &G,
        root: G::Position,
        depth: u8,
        options: &BuildOptions,
    ) -> Result<Tree<'a, G>, TooManyNodes> {
        let max_nodes = options.max_nodes.min(u32::MAX as u64 - 1);
        if max_nodes == 0 {
            return Err(TooManyNodes::over(max_nodes));
        }
        // Refused now rather than after building up to the budget (a minute for
        // a deep Gomoku tree).
        if !super::budget::full_tree_may_fit(game, &root, depth, max_nodes) {
            return Err(TooManyNodes::over(max_nodes));
        }
        if super::parallel::worth_it(depth, options.threads) {
            return super::parallel::build(arena, game, &root, depth, max_nodes, options.threads);
        }
        let main = &arena.main;
        let mut b =
            Builder { game, next_id: 1, max_nodes, shared: None, quota: 0, prefault: Prefault::default() };
        let value = if depth == 0 { game.cost(&root, game.has_actions(&root)) } else { 0 };
        let root_node = main.alloc(Node::new(0, None, 0, value, game.to_move(&root), game.pack(&root)));
        let mut buffers = action_buffers::<G>(depth);
        b.expand(main, root_node, &root, &mut buffers)?;
        Ok(Tree { root: root_node, root_position: root, depth, len: b.next_id as usize })
    }

    /// The action chosen at the root (its best child), if the root has children.
    pub fn decision(&self) -> Option<&'a GameNode<'a, G>> {
        self.root.best_child()
    }

    /// The line of best play from the root: each node's best child in turn.
    pub fn principal_variation(&self) -> Vec<&'a GameNode<'a, G>> {
        let mut line = Vec::new();
        let mut node = self.root;
        while let Some(next) = node.best_child() {
            line.push(next);
            node = next;
        }
        line
    }

    /// Visits every node in id order with its parent's id (`None` at the root).
    pub fn walk(&self, mut f: impl FnMut(&'a GameNode<'a, G>, Option<u32>)) {
        f(self.root, None);
        walk_children(self.root, &mut f);
    }

    /// Bytes of arena memory the nodes take.
    pub fn node_bytes(&self) -> usize {
        self.len * std::mem::size_of::<GameNode<'a, G>>()
    }
}

fn walk_children<'a, A, P>(node: &'a Node<'a, A, P>, f: &mut impl FnMut(&'a Node<'a, A, P>, Option<u32>)) {
    for c in node.children() {
        f(c, Some(node.id()));
    }
    for c in node.children() {
        walk_children(c, f);
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
        arena: &'a Arena<GameNode<'a, G>>,
        node: &mut GameNode<'a, G>,
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
        arena: &'a Arena<GameNode<'a, G>>,
        depth: u8,
        pos: &G::Position,
        actions: &[G::Action],
        deeper: &mut [Vec<G::Action>],
    ) -> Result<&'a mut [GameNode<'a, G>], TooManyNodes> {
        let game = self.game;
        let n = actions.len() as u64;
        match self.shared {
            None if self.next_id as u64 + n > self.max_nodes => {
                return Err(TooManyNodes::over(self.max_nodes));
            }
            None => {}
            Some(used) => {
                if n > self.quota {
                    let grant = n.max(QUOTA_BLOCK);
                    // The +1 is the root, which no thread builds.
                    if used.fetch_add(grant, Relaxed) + grant + 1 > self.max_nodes {
                        return Err(TooManyNodes::over(self.max_nodes));
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
                actions.iter().zip(game.leaves(pos, actions)).enumerate().map(|(i, (&a, (child, cost)))| {
                    Node::new(first + i as u32, Some(a), depth, cost, game.to_move(&child), game.pack(&child))
                }),
            );
            self.prefault.after(arena, leaves.as_ptr_range().end);
            return Ok(leaves);
        }
        let children = alloc_nodes(
            arena,
            actions.iter().enumerate().map(|(i, &a)| {
                let child = game.apply(pos, a);
                Node::new(first + i as u32, Some(a), depth, 0, game.to_move(&child), game.pack(&child))
            }),
        );
        self.prefault.after(arena, children.as_ptr_range().end);
        for child in children.iter_mut() {
            let child_pos = child.position(game);
            self.expand(arena, child, &child_pos, deeper)?;
        }
        Ok(children)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::checkers::Checkers;

    fn sequential() -> BuildOptions {
        BuildOptions { threads: 1, ..BuildOptions::default() }
    }

    #[test]
    fn node_sizes_are_as_documented() {
        use crate::games::{ataxx::Ataxx, gomoku::Gomoku, niujiao::Niujiao, tictactoe::TicTacToe};
        // children (8 + 2) + id, value (8) + action (at most 4) + depth, flags (2)
        // = 24, plus the game's packed position, rounded up to 4 bytes.
        assert_eq!(std::mem::size_of::<GameNode<'_, Checkers>>(), 24 + 12);
        assert_eq!(std::mem::size_of::<GameNode<'_, TicTacToe>>(), 24 + 4);
        assert_eq!(std::mem::size_of::<GameNode<'_, Niujiao>>(), 24 + 4);
        assert_eq!(std::mem::size_of::<GameNode<'_, Ataxx>>(), 24 + 20);
        assert_eq!(std::mem::size_of::<GameNode<'_, Gomoku>>(), 24 + 60);
    }

    #[test]
    fn every_node_holds_its_own_position() {
        // Duplicates too: the same position reached along two paths is two copies.
        let mut arena = TreeArena::new();
        let tree = Tree::build(&mut arena, &Checkers, Checkers.start(), 4, &sequential()).unwrap();
        let mut replayed = vec![Checkers.start()];
        let mut seen = std::collections::HashMap::new();
        tree.walk(|n, parent| {
            if let Some(p) = parent {
                let pos = Checkers.apply(&replayed[p as usize], n.action.unwrap());
                assert_eq!(replayed.len(), n.id() as usize);
                replayed.push(pos);
            }
            assert_eq!(n.position(&Checkers), replayed[n.id() as usize]);
            let copies: &mut Vec<*const _> = seen.entry(n.position(&Checkers)).or_default();
            copies.push(std::ptr::from_ref(n.packed()));
        });
        let duplicated: Vec<_> = seen.values().filter(|c| c.len() > 1).collect();
        assert!(!duplicated.is_empty(), "the depth-4 start tree has transpositions");
        for copies in duplicated {
            let distinct: std::collections::HashSet<_> = copies.iter().collect();
            assert_eq!(distinct.len(), copies.len(), "each path has its own copy");
        }
    }

    #[test]
    fn ids_are_construction_order() {
        let mut arena = TreeArena::new();
        let tree = Tree::build(&mut arena, &Checkers, Checkers.start(), 3, &sequential()).unwrap();
        assert_eq!(tree.len, 1 + 7 + 49 + 379);
        let mut seen = Vec::new();
        tree.walk(|n, _| seen.push(n.id()));
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
        assert_eq!(err, Some(TooManyNodes::over(100)));
        assert!(Tree::build(&mut TreeArena::new(), &Checkers, Checkers.start(), 3, &limit(436)).is_ok());
        assert!(Tree::build(&mut TreeArena::new(), &Checkers, Checkers.start(), 3, &limit(435)).is_err());
    }
}
