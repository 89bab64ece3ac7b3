//! The tree a Monte Carlo tree search grows: one node per expansion, kept in
//! an arena (a vector indexed by id), so that a node's id is the order in
//! which the search expanded it, as the minimax tree's ids are the order of
//! construction.
//!
//! A minimax tree is built first and searched after; this one changes at
//! every iteration (visits and rewards are added along a path), so its nodes
//! refer to each other by id rather than by reference. Children are linked
//! from first to last in expansion order, which is the game's action order.
//!
//! Rewards are kept in half points (win 2, draw 1, loss 0), so that totals
//! are exact integers and the same seed gives the same tree bit for bit.

use crate::game::{Game, Outcome, Player, Rules, Storage};

/// No node: the root's parent, a leaf's first child, a last child's sibling.
const NONE: u32 = u32::MAX;

const FIRST_TO_MOVE: u8 = 1;
/// The node's rewards are the first player's (else the second's).
const FOR_FIRST: u8 = 2;
const TERMINAL: u8 = 4;

/// A node of a Monte Carlo tree of game `G`.
pub type McGameNode<G> = McNode<<G as Rules>::Action, <G as Storage>::Packed>;

/// One node: a position the search expanded, what it has learnt there, and
/// its place in the tree.
#[derive(Clone, Debug)]
pub struct McNode<A, P> {
    parent: u32,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Total reward in half points, for the player the node is scored for
    /// (below 2^32: a search makes fewer than 2^31 iterations).
    score: u32,
    created: u32,
    /// Actions at this position (0: the game is over here).
    arity: u16,
    /// Children expanded so far: the first `expanded` actions.
    expanded: u16,
    depth: u16,
    flags: u8,
    /// Proven result in half points for the first player, plus one (0: not proven).
    proven: u8,
    /// The action that led here; `None` only at the root.
    pub action: Option<A>,
    packed: P,
}

impl<A: Copy, P: Copy> McNode<A, P> {
    /// The side to move here.
    pub fn player(&self) -> Player {
        if self.flags & FIRST_TO_MOVE != 0 { Player::First } else { Player::Second }
    }

    /// The player whose rewards the node keeps: the one who moved into it
    /// (the side to move at its parent); at the root, which no move led to,
    /// the side to move there.
    pub fn scored_for(&self) -> Player {
        if self.flags & FOR_FIRST != 0 { Player::First } else { Player::Second }
    }

    /// This node's own copy of its position.
    pub fn position<G: Game<Action = A, Packed = P>>(&self, game: &G) -> G::Position {
        game.unpack(&self.packed, self.player())
    }

    /// Times an iteration passed through this node.
    pub fn visits(&self) -> u32 {
        self.visits
    }

    /// The sum of the rewards of those iterations for [`McNode::scored_for`]
    /// (win 1, draw 1/2, loss 0).
    pub fn total_reward(&self) -> f64 {
        self.score as f64 / 2.0
    }

    /// The total in half points, exact.
    pub fn half_points(&self) -> u32 {
        self.score
    }

    /// The mean reward Q (0 before any visit).
    pub fn mean(&self) -> f64 {
        if self.visits == 0 { 0.0 } else { self.score as f64 / (2.0 * f64::from(self.visits)) }
    }

    /// The iteration that expanded this node (0 for the root, made before the first).
    pub fn created(&self) -> u32 {
        self.created
    }

    /// Plies from the root.
    pub fn depth(&self) -> u16 {
        self.depth
    }

    /// Whether the game is over here.
    pub fn is_terminal(&self) -> bool {
        self.flags & TERMINAL != 0
    }

    /// The number of actions here, and how many of them have a child yet.
    pub fn expansion(&self) -> (u16, u16) {
        (self.expanded, self.arity)
    }

    /// Whether every action here has its child.
    pub fn fully_expanded(&self) -> bool {
        self.expanded == self.arity
    }

    /// The game's result under best play, where the search proved it, in
    /// half points for the first player (2 a win, 1 a draw, 0 a loss).
    pub fn proven_half_points(&self) -> Option<u32> {
        self.proven.checked_sub(1).map(u32::from)
    }

    /// The proven result for [`McNode::scored_for`].
    pub fn proven(&self) -> Option<Outcome> {
        self.proven_half_points().map(|h| outcome_of(self.for_me(h)))
    }

    /// A result in half points for the first player, seen by the player this
    /// node is scored for.
    pub fn for_me(&self, first: u32) -> u32 {
        if self.flags & FOR_FIRST != 0 { first } else { 2 - first }
    }
}

/// Half points (2, 1, 0) as a result.
pub fn outcome_of(half_points: u32) -> Outcome {
    match half_points {
        2 => Outcome::Win,
        1 => Outcome::Draw,
        _ => Outcome::Loss,
    }
}

/// A Monte Carlo tree: the arena of nodes (id = index = expansion order) and
/// the position at its root.
pub struct McTree<G: Game> {
    nodes: Vec<McGameNode<G>>,
    /// The position at node 0, kept whole so that any node's can be rebuilt.
    pub root_position: G::Position,
}

/// What the search knows of a position when it makes its node.
#[derive(Clone, Copy, Debug)]
pub struct Made<A> {
    /// The action that leads to it (`None` at the root).
    pub action: Option<A>,
    /// Actions at the position (0: over).
    pub arity: u16,
    /// The iteration that makes it.
    pub created: u32,
}

impl<G: Game> McTree<G> {
    /// A tree of only its root, with room for `capacity` nodes.
    pub fn new(game: &G, root: G::Position, arity: u16, capacity: usize) -> McTree<G> {
        let mut nodes = Vec::with_capacity(capacity.max(1));
        let player = game.to_move(&root);
        nodes.push(make(game, &root, player, Made { action: None, arity, created: 0 }, NONE, 0));
        McTree { nodes, root_position: root }
    }

    /// Number of nodes, root included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Never: a tree has its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The node of id `id`.
    pub fn node(&self, id: u32) -> &McGameNode<G> {
        &self.nodes[id as usize]
    }

    /// Every node in id order.
    pub fn nodes(&self) -> &[McGameNode<G>] {
        &self.nodes
    }

    /// The parent's id; `None` at the root.
    pub fn parent(&self, id: u32) -> Option<u32> {
        Some(self.nodes[id as usize].parent).filter(|&p| p != NONE)
    }

    /// The ids of `id`'s children, in expansion order (the game's action order).
    pub fn children(&self, id: u32) -> Children<'_, G> {
        Children { tree: self, next: self.nodes[id as usize].first_child }
    }

    /// Adds the child `made` of `parent`, whose position is `pos`: its id is
    /// the next one. The caller keeps to its node budget.
    pub fn expand(&mut self, game: &G, parent: u32, pos: &G::Position, made: Made<G::Action>) -> u32 {
        let id = u32::try_from(self.nodes.len()).expect("ids fit 32 bits: the budget is below");
        let p = &self.nodes[parent as usize];
        let mover = p.player();
        let depth = p.depth.saturating_add(1);
        self.nodes.push(make(game, pos, mover, made, parent, depth));
        let last = self.children(parent).last();
        match last {
            None => self.nodes[parent as usize].first_child = id,
            Some(last) => self.nodes[last as usize].next_sibling = id,
        }
        self.nodes[parent as usize].expanded += 1;
        id
    }

    /// Adds one iteration's result, in half points for the first player, to
    /// node `id`.
    pub fn add_visit(&mut self, id: u32, first: u32) {
        let n = &mut self.nodes[id as usize];
        n.visits += 1;
        n.score += n.for_me(first);
    }

    /// Records that the game's result from node `id` on is `first` half points
    /// for the first player under best play.
    pub fn set_proven(&mut self, id: u32, first: u32) {
        self.nodes[id as usize].proven = first as u8 + 1;
    }

    /// Bytes the nodes take (their number times the size of one).
    pub fn node_bytes(&self) -> usize {
        self.nodes.len() * size_of::<McGameNode<G>>()
    }
}

/// A node made for `pos`, scored for `viewer`.
fn make<G: Game>(
    game: &G,
    pos: &G::Position,
    viewer: Player,
    made: Made<G::Action>,
    parent: u32,
    depth: u16,
) -> McGameNode<G> {
    let mut flags = if viewer == Player::First { FOR_FIRST } else { 0 };
    if game.to_move(pos) == Player::First {
        flags |= FIRST_TO_MOVE;
    }
    if made.arity == 0 {
        flags |= TERMINAL;
    }
    McNode {
        parent,
        first_child: NONE,
        next_sibling: NONE,
        visits: 0,
        score: 0,
        created: made.created,
        arity: made.arity,
        expanded: 0,
        depth,
        flags,
        proven: 0,
        action: made.action,
        packed: game.pack(pos),
    }
}

/// The ids of a node's children, first to last.
pub struct Children<'t, G: Game> {
    tree: &'t McTree<G>,
    next: u32,
}

impl<G: Game> Iterator for Children<'_, G> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let id = self.next;
        if id == NONE {
            return None;
        }
        self.next = self.tree.nodes[id as usize].next_sibling;
        Some(id)
    }
}
