//! A node of the explicit tree: its own copy of its position, its value, and its
//! children as a compact slice.
//!
//! One of the two files of the tree allowed `unsafe` (the other is `arena.rs`):
//! a node keeps its children's address in two 32-bit halves to stay small.

use std::sync::atomic::{AtomicI32, AtomicU8, AtomicU32, Ordering::Relaxed};

use crate::game::{Game, Player, Rules, Storage};

const MAXIMISING: u8 = 1;
const PRUNED: u8 = 2;
/// Two bits for what a pruning search's value says of the minimax value.
const LOWER: u8 = 4;
const UPPER: u8 = 8;

/// What a node's value says of its minimax value: alpha-beta returns bounds
/// where it stopped early or found nothing inside its window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is the minimax value (always so after minimax).
    Exact,
    /// The minimax value is at least the value.
    Lower,
    /// The minimax value is at most the value.
    Upper,
}

impl Bound {
    /// `exact`, `lower` or `upper`: the JSON's `bound`.
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
/// Set on the node a search started from, once it has set the values below.
const SEARCHED: u8 = 16;

/// A tree node of game `G`.
pub type GameNode<G> = Node<<G as Rules>::Action, <G as Storage>::Packed>;

/// A node whose action type is `A` and whose copy of its position is a `P`.
pub struct Node<A, P> {
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
    /// Plies from the root (the root is 0).
    pub depth: u8,
    flags: AtomicU8,
    /// This node's own copy of its position.
    packed: P,
}

impl<A, P> Node<A, P> {
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
    pub fn children(&self) -> &[Node<A, P>] {
        if self.child_count == 0 {
            return &[];
        }
        let [low, high] = self.children;
        let first = std::ptr::with_exposed_provenance::<Node<A, P>>(
            (u64::from(high) << 32 | u64::from(low)) as usize,
        );
        // SAFETY: `children` and `child_count` are only ever set together, by
        // `set_children`, from a slice whose address was exposed when it was
        // stored. The builders set them only on a node that lives in one of a
        // `TreeArena`'s arenas, to a slice of that same `TreeArena` (see
        // `set_children`), and never move a node out of it; nothing outside
        // this module gets a node by value or by `&mut`. So a borrow of this
        // node is a borrow of memory the `TreeArena` owns, which frees all its
        // chunks together, and the children live at least as long.
        unsafe { std::slice::from_raw_parts(first, usize::from(self.child_count)) }
    }

    /// Hangs `children` below this node. The caller (a builder) keeps the rule
    /// that makes [`Node::children`] sound: this node lives in a `TreeArena`,
    /// and `children` in the same `TreeArena` (its main arena or a helper's).
    pub(crate) fn set_children(&mut self, children: &[Node<A, P>]) {
        self.child_count = u16::try_from(children.len()).expect("fewer than 65,536 actions in a position");
        let address = children.as_ptr().expose_provenance() as u64;
        self.children = [address as u32, (address >> 32) as u32];
    }

    /// The node's place in construction order, the root 0: its name in every
    /// export. Siblings have consecutive ids.
    pub fn id(&self) -> u32 {
        self.id.load(Relaxed)
    }

    pub(crate) fn shift_id(&self, offset: u32) {
        self.id.store(self.id() + offset, Relaxed);
    }

    /// A leaf's static cost, or an inner node's value once a search has set it,
    /// from the first player's point of view (greater is better for it). Before
    /// a search an inner node's value means nothing: see
    /// [`Tree::is_searched`](crate::tree::Tree::is_searched).
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

    /// Whether the node has no children: the game ended here or the tree's
    /// depth was reached.
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

    /// Whether a search (minimax or alpha-beta) has set the values of this
    /// node and everything below it.
    pub fn searched(&self) -> bool {
        self.flags.load(Relaxed) & SEARCHED != 0
    }

    /// Called by a search that started here, once it is done.
    pub(crate) fn set_searched(&self) {
        self.flags.store(self.flags.load(Relaxed) | SEARCHED, Relaxed);
    }

    /// The child whose value the node took: the left-most one among equals, never a
    /// pruned one. `None` at a leaf.
    pub fn best_child(&self) -> Option<&Self> {
        self.children().iter().find(|c| !c.pruned() && c.value() == self.value())
    }

    /// Calls `f` on this node and every node below it, parents before children.
    pub fn for_each(&self, f: &mut impl FnMut(&Self)) {
        f(self);
        for c in self.children() {
            c.for_each(f);
        }
    }
}
