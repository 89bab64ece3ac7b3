//! Building a deep tree on several threads, with the same nodes and ids as the
//! sequential build.
//!
//! 1. Find a split depth S, shallow enough to be cheap and deep enough to give
//!    every thread many subtrees to build (the nodes at depth S, in the order the
//!    sequential build meets them).
//! 2. The threads (the calling one among them) take those subtrees one at a time
//!    from a shared counter and build each one, below its depth-S node, in their
//!    own arena, numbering its nodes from 0 in construction order.
//! 3. The threads meet once all are built; the last to arrive works out from the
//!    sizes where each subtree's ids start in the sequential numbering, and each
//!    thread shifts the ids of the subtrees it built by that much, while they are
//!    still in its cache. Because a subtree's nodes are consecutive in
//!    construction order, one shift per subtree gives exactly the sequential ids.
//! 4. The calling thread builds the top S levels in construction order and hangs
//!    the k-th subtree under the k-th depth-S node.

use std::panic::AssertUnwindSafe;
use std::sync::Mutex;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering::AcqRel, Ordering::Relaxed};

use typed_arena::Arena;

use super::prefault::Prefault;
use super::team::Team;
use super::tree::{Builder, Node, OwnLine, TooManyNodes, Tree, TreeArena, action_buffers};
use crate::game::Game;

/// Shallower trees build faster than threads start.
pub const MIN_DEPTH: u8 = 5;
/// Subtrees per thread to aim for, so that uneven subtrees still even out.
const UNITS_PER_THREAD: usize = 24;
/// The most nodes reserved up front for one thread (the arena grows past it).
const MAX_RESERVE: u64 = 1 << 26;

pub(crate) fn worth_it(depth: u8, threads: usize) -> bool {
    threads > 1 && depth >= MIN_DEPTH
}

/// A thread's arena, waiting for the thread to take it.
type Handoff<'a, A> = Mutex<Option<&'a mut Arena<Node<'a, A>>>>;
/// A built subtree: its top nodes and how many nodes it has in all.
type Subtree<'a, A> = (&'a mut [Node<'a, A>], u32);
/// A built subtree and its index among the depth-S nodes.
type Built<'a, A> = (usize, &'a mut [Node<'a, A>], u32);

pub(crate) fn build<'a, G: Game>(
    arena: &'a mut TreeArena<'a, G::Action>,
    game: &G,
    root: &G::Position,
    depth: u8,
    max_nodes: u64,
    threads: usize,
) -> Result<Tree<'a, G>, TooManyNodes> {
    let team = Team::take(threads - 1);
    let threads = team.threads();
    let (split, frontier, estimate) = frontier(game, root, depth, threads);
    let TreeArena { main, helpers } = arena;
    let main: &'a Arena<Node<'a, G::Action>> = main;
    // One block per thread, sized for its share of the estimated tree: reserving
    // costs only address space until it is written (see `super::prefault`), and a
    // single large block is faulted in as huge pages instead of chunk after
    // doubling chunk.
    let share = (estimate.min(max_nodes) / threads as u64).min(MAX_RESERVE) as usize;
    helpers.resize_with(threads, || OwnLine(Arena::with_capacity(share)));

    // Steps 2 and 3 on every thread (the calling one too): build subtrees below
    // depth S; once all are built, shift the ids of one's own subtrees, which are
    // still in one's own cache.
    let used = AtomicU64::new(0);
    let failed = AtomicBool::new(false);
    let next_unit = AtomicUsize::new(0);
    let sizes: Vec<AtomicU32> = frontier.iter().map(|_| AtomicU32::new(0)).collect();
    let meeting = Meeting::new(threads);
    let results: Mutex<Vec<Built<'a, G::Action>>> = Mutex::new(Vec::with_capacity(frontier.len()));
    let below = depth - split;
    // Each thread has its arena to itself: typed-arena's are not shared.
    let arenas: Vec<Handoff<'a, G::Action>> =
        helpers.iter_mut().map(|OwnLine(a)| Mutex::new(Some(a))).collect();
    let work = |thread: usize| {
        // First of all: whatever happens below, this thread will have arrived.
        let arrival = meeting.arrival(&failed);
        let arena = arenas[thread].lock().ok().and_then(|mut a| a.take()).expect("one arena per thread");
        let arena: &'a Arena<Node<'a, G::Action>> = arena;
        let mut buffers = action_buffers::<G>(below);
        // One builder per thread, so that its unused quota carries over.
        let mut builder = Builder {
            game,
            next_id: 0,
            max_nodes,
            shared: Some(&used),
            quota: 0,
            prefault: Prefault::default(),
        };
        let mut mine = Vec::new();
        while !failed.load(Relaxed) {
            let k = next_unit.fetch_add(1, Relaxed);
            let Some(pos) = frontier.get(k) else { break };
            match subtree(&mut builder, arena, pos, split, &mut buffers) {
                Ok((nodes, count)) => {
                    sizes[k].store(count, Relaxed);
                    mine.push((k, nodes, count));
                }
                Err(_) => failed.store(true, Relaxed),
            }
        }
        let offsets = arrival.wait(|| {
            let mut offsets = Vec::with_capacity(sizes.len());
            let mut sizes = sizes.iter().map(|s| s.load(Relaxed));
            subtree_offsets(game, root, split, &mut 1, &mut sizes, &mut offsets);
            offsets
        });
        if let Some(offsets) = offsets {
            for (k, nodes, _) in &mine {
                shift_ids(nodes, offsets[*k]);
            }
        }
        results.lock().expect("no thread panics holding the lock").extend(mine);
    };
    team.run(&work);
    if failed.load(Relaxed) {
        return Err(TooManyNodes { limit: max_nodes });
    }
    let mut built = results.into_inner().expect("no thread panicked");
    built.sort_unstable_by_key(|b| b.0);

    // Step 4: the top levels, with the subtrees hung in place. The budget check
    // there counts the nodes really built, not the blocks reserved.
    let built_nodes: u64 = built.iter().map(|b| b.2 as u64).sum();
    let mut top = Top { game, split, next_id: 1, units: built.into_iter(), max_nodes, used: built_nodes };
    let root_node = main.alloc(Node::new(0, None, 0, 0, game.to_move(root)));
    let mut buffers = action_buffers::<G>(split);
    top.expand(main, root_node, root, &mut buffers)?;
    debug_assert!(top.units.next().is_none(), "every subtree is hung");
    Ok(Tree { root: root_node, root_position: root.clone(), depth, len: top.next_id as usize })
}

/// Chooses the split depth and lists the positions whose subtrees the threads
/// build: the depth-S nodes that have actions, in construction order (left to
/// right, which is also breadth-first order within one depth).
///
/// Also estimates the size of the whole tree from the branching seen so far.
fn frontier<G: Game>(game: &G, root: &G::Position, depth: u8, threads: usize) -> (u8, Vec<G::Position>, u64) {
    let mut level = vec![root.clone()];
    let mut actions = Vec::new();
    let mut split = 0;
    let mut branching = 1.0;
    while split + 2 < depth && level.len() < UNITS_PER_THREAD * threads {
        let mut next = Vec::new();
        for pos in &level {
            game.actions(pos, &mut actions);
            next.extend(actions.iter().map(|&a| game.apply(pos, a)));
        }
        branching = next.len() as f64 / level.len() as f64;
        level = next;
        split += 1;
    }
    let plies_below = (depth - split) as i32;
    let estimate = level.len() as f64 * (1.0 + branching.max(1.0).powi(plies_below)) * 1.25;
    level.retain(|p| game.has_actions(p));
    (split, level, estimate.min(u64::MAX as f64) as u64)
}

/// Builds the subtree below one depth-`split` node, ids from 0.
fn subtree<'a, G: Game>(
    b: &mut Builder<'_, G>,
    arena: &'a Arena<Node<'a, G::Action>>,
    pos: &G::Position,
    split: u8,
    buffers: &mut [Vec<G::Action>],
) -> Result<Subtree<'a, G::Action>, TooManyNodes> {
    let (actions, deeper) = buffers.split_first_mut().expect("subtrees are at least one ply deep");
    b.game.actions(pos, actions);
    b.next_id = 0;
    let nodes = b.children(arena, split + 1, pos, actions, deeper)?;
    Ok((nodes, b.next_id))
}

struct Top<'g, 'a, G: Game> {
    game: &'g G,
    split: u8,
    next_id: u32,
    units: std::vec::IntoIter<Built<'a, G::Action>>,
    max_nodes: u64,
    used: u64,
}

impl<'a, G: Game> Top<'_, 'a, G> {
    fn expand(
        &mut self,
        arena: &'a Arena<Node<'a, G::Action>>,
        node: &mut Node<'a, G::Action>,
        pos: &G::Position,
        buffers: &mut [Vec<G::Action>],
    ) -> Result<(), TooManyNodes> {
        let game = self.game;
        if node.depth == self.split {
            if game.has_actions(pos) {
                let (_, nodes, count) = self.units.next().expect("one subtree per frontier node");
                debug_assert_eq!(nodes[0].id(), self.next_id, "subtree_offsets numbers as the top does");
                self.next_id += count;
                node.set_children(nodes);
            } else {
                node.set_value(game.cost(pos, false));
            }
            return Ok(());
        }
        let (actions, deeper) = buffers.split_first_mut().expect("one buffer per top ply");
        game.actions(pos, actions);
        if actions.is_empty() {
            node.set_value(game.cost(pos, false));
            return Ok(());
        }
        self.used += actions.len() as u64;
        if self.used + 1 > self.max_nodes {
            return Err(TooManyNodes { limit: self.max_nodes });
        }
        let first = self.next_id;
        self.next_id += actions.len() as u32;
        let depth = node.depth + 1;
        let children = arena.alloc_extend(actions.iter().enumerate().map(|(i, &a)| {
            let p = game.apply(pos, a);
            Node::new(first + i as u32, Some(a), depth, 0, game.to_move(&p))
        }));
        for child in children.iter_mut() {
            let child_pos = game.apply(pos, child.action.expect("children have actions"));
            self.expand(arena, child, &child_pos, deeper)?;
        }
        node.set_children(children);
        Ok(())
    }
}

/// Where each subtree's ids start, worked out from the top levels and the subtree
/// sizes alone, numbering exactly as [`Top::expand`] and the sequential build do:
/// a node's children take the next ids, then each child's subtree in turn.
fn subtree_offsets<G: Game>(
    game: &G,
    pos: &G::Position,
    plies_to_split: u8,
    next_id: &mut u32,
    sizes: &mut impl Iterator<Item = u32>,
    offsets: &mut Vec<u32>,
) {
    if plies_to_split == 0 {
        if game.has_actions(pos) {
            offsets.push(*next_id);
            *next_id += sizes.next().expect("one size per subtree");
        }
        return;
    }
    let mut actions = Vec::new();
    game.actions(pos, &mut actions);
    *next_id += actions.len() as u32;
    for &a in &actions {
        subtree_offsets(game, &game.apply(pos, a), plies_to_split - 1, next_id, sizes, offsets);
    }
}

/// Where the threads of one build wait for each other once their subtrees are
/// built, and the last to arrive works out where every subtree's ids start.
///
/// The wait is a spin: the threads finish within one subtree of each other, far
/// sooner than a sleeping wait could be woken. It yields now and then, in case
/// there are more threads than cores.
struct Meeting {
    threads: usize,
    arrived: AtomicUsize,
    /// The subtrees' first ids, or `None` when the build failed.
    offsets: OnceLock<Option<Vec<u32>>>,
}

impl Meeting {
    fn new(threads: usize) -> Self {
        Meeting { threads, arrived: AtomicUsize::new(0), offsets: OnceLock::new() }
    }

    /// A thread's place at the meeting; arriving is unconditional, even while
    /// unwinding from a panic, so that no thread waits forever.
    fn arrival<'m>(&'m self, failed: &'m AtomicBool) -> Arrival<'m> {
        Arrival { meeting: self, failed, done: false }
    }
}

struct Arrival<'m> {
    meeting: &'m Meeting,
    failed: &'m AtomicBool,
    done: bool,
}

impl<'m> Arrival<'m> {
    /// Arrives and waits for all the others; the last one in runs `number`. Returns
    /// the offsets, or `None` if any thread failed.
    fn wait(mut self, number: impl FnOnce() -> Vec<u32>) -> Option<&'m [u32]> {
        self.done = true;
        let m = self.meeting;
        // AcqRel: the last one in sees every size the others stored before arriving.
        if m.arrived.fetch_add(1, AcqRel) + 1 == m.threads {
            let failed = self.failed.load(Relaxed);
            match std::panic::catch_unwind(AssertUnwindSafe(|| (!failed).then(number))) {
                Ok(offsets) => {
                    let _ = m.offsets.set(offsets);
                }
                Err(panic) => {
                    let _ = m.offsets.set(None);
                    std::panic::resume_unwind(panic);
                }
            }
        }
        let mut spins = 0u32;
        loop {
            if let Some(offsets) = m.offsets.get() {
                return offsets.as_deref();
            }
            spins += 1;
            if spins.is_multiple_of(1024) {
                std::thread::yield_now();
            } else {
                std::hint::spin_loop();
            }
        }
    }
}

impl Drop for Arrival<'_> {
    fn drop(&mut self) {
        if !self.done {
            // Unwinding: fail the build and arrive, so that the others stop waiting.
            self.failed.store(true, Relaxed);
            let m = self.meeting;
            if m.arrived.fetch_add(1, AcqRel) + 1 == m.threads {
                let _ = m.offsets.set(None);
            }
        }
    }
}

/// Adds `offset` to the id of every node in `nodes` and below.
fn shift_ids<A>(nodes: &[Node<'_, A>], offset: u32) {
    for n in nodes {
        n.shift_id(offset);
    }
    // Most nodes are leaves: a call for each would cost more than the shift.
    for n in nodes.iter().filter(|n| !n.is_leaf()) {
        shift_ids(n.children(), offset);
    }
}
