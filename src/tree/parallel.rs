//! Building a deep tree on several threads, with the same nodes and ids as the
//! sequential build.
//!
//! 1. Find a split depth S, shallow enough to be cheap and deep enough to give
//!    every thread many subtrees to build (the nodes at depth S, in the order the
//!    sequential build meets them).
//! 2. The threads (the calling one among them) take those subtrees one at a time
//!    from a shared counter and build each one, below its depth-S node, in their
//!    own arena, numbering its nodes from 0 in construction order.
//! 3. Once all are built, the sizes give where each subtree's ids start in the
//!    sequential numbering, and each thread, in a second job of the same team,
//!    shifts the ids of the subtrees it built by that much while they are still
//!    in its cache (then any that no other thread has come to). Because a
//!    subtree's nodes are consecutive in construction order, one shift per
//!    subtree gives exactly the sequential ids.
//! 4. The calling thread builds the top S levels in construction order and hangs
//!    the k-th subtree under the k-th depth-S node.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

use typed_arena::Arena;

use super::Tree;
use super::arena::{OwnLine, TreeArena, allocated_since, mark};
use super::node::{GameNode, Node};
use super::sequential::{Builder, action_buffers};
use crate::game::Game;
use crate::limits::TooManyNodes;
use crate::runtime::share;
use crate::runtime::team::Team;

/// Shallower trees build faster than threads start.
pub const MIN_DEPTH: u8 = 5;
/// The most nodes reserved up front for one thread (the arena grows past it).
const MAX_RESERVE: u64 = 1 << 26;

pub(crate) fn worth_it(depth: u8, threads: usize) -> bool {
    threads > 1 && depth >= MIN_DEPTH
}

/// A thread's arena, waiting for the thread to take it.
type Handoff<'a, A, P> = Mutex<Option<&'a mut Arena<Node<A, P>>>>;
/// A built subtree.
struct Subtree<'a, A, P> {
    /// The nodes just below the depth-S node.
    top: &'a [Node<A, P>],
    /// How many nodes it has in all.
    count: u32,
    /// All its nodes in the order they were made, if they lie in one piece of
    /// memory (they do unless the arena started a new chunk meanwhile), so that
    /// renumbering is a sweep rather than a walk.
    all: Option<&'a [Node<A, P>]>,
}
/// A built subtree and its index among the depth-S nodes.
type Built<'a, A, P> = (usize, Subtree<'a, A, P>);
/// What each thread built, one list per thread.
type BuiltByThread<'a, A, P> = Vec<Mutex<Vec<Built<'a, A, P>>>>;
/// The same once the threads are done.
type BuiltLists<'a, A, P> = Vec<Vec<Built<'a, A, P>>>;

pub(crate) fn build<'a, G: Game>(
    arena: &'a mut TreeArena<G::Action, G::Packed>,
    game: &G,
    root: &G::Position,
    depth: u8,
    max_nodes: u64,
    threads: usize,
    shared: bool,
) -> Result<Tree<'a, G>, TooManyNodes> {
    let team = Team::take(threads - 1);
    let threads = team.threads();
    let (split, frontier, estimate) = frontier(game, root, depth, threads);
    let TreeArena { main, helpers } = arena;
    let main: &'a Arena<GameNode<G>> = main;
    // One block per thread, sized for its share of the estimated tree: reserving
    // costs only address space until it is written (see the runtime's prefault), and a
    // single large block is faulted in as huge pages instead of chunk after
    // doubling chunk.
    let share = (estimate.min(max_nodes) / threads as u64).min(MAX_RESERVE) as usize;
    helpers.resize_with(threads, || OwnLine(Arena::with_capacity(share)));
    let plan = Plan { game, frontier: &frontier, split, below: depth - split, max_nodes, shared };
    let built = build_subtrees(&team, helpers, &plan)?;
    let offsets = renumber(&team, game, root, &plan, &built);
    debug_assert_eq!(offsets.len(), frontier.len());
    let mut built: Vec<Built<'a, G::Action, G::Packed>> = built.into_iter().flatten().collect();
    built.sort_unstable_by_key(|b| b.0);
    hang_subtrees(main, game, root, depth, &plan, built)
}

/// What the threads build: the subtrees below the depth-`split` positions of
/// `frontier`, `below` plies deep, against a budget of `max_nodes`.
struct Plan<'p, G: Game> {
    game: &'p G,
    frontier: &'p [G::Position],
    split: u8,
    below: u8,
    max_nodes: u64,
    /// Whether the threads share the budget (else each subtree is held to it).
    shared: bool,
}

/// Step 2: the subtrees below depth S, on every thread (the calling one too),
/// each kept by the thread that built it.
fn build_subtrees<'a, G: Game>(
    team: &Team,
    helpers: &'a mut [OwnLine<Arena<GameNode<G>>>],
    plan: &Plan<'_, G>,
) -> Result<BuiltLists<'a, G::Action, G::Packed>, TooManyNodes> {
    let Plan { game, frontier, split, below, max_nodes, shared } = *plan;
    let used = AtomicU64::new(0);
    let failed = AtomicBool::new(false);
    let stopped = AtomicBool::new(false);
    let next_unit = AtomicUsize::new(0);
    // Each thread has its arena to itself (typed-arena's are not shared), and
    // keeps what it built apart, to renumber it itself.
    let arenas: Vec<Handoff<'a, G::Action, G::Packed>> =
        helpers.iter_mut().map(|OwnLine(a)| Mutex::new(Some(a))).collect();
    let built: BuiltByThread<'a, G::Action, G::Packed> =
        (0..team.threads()).map(|_| Mutex::default()).collect();
    team.run(&|thread| {
        let arena = arenas[thread].lock().ok().and_then(|mut a| a.take()).expect("one arena per thread");
        let arena: &'a Arena<GameNode<G>> = arena;
        let mut buffers = action_buffers::<G>(below);
        // One builder per thread, so that its unused quota carries over.
        // Unshared, each subtree is held to the whole budget on its own, which
        // it cannot pass when the whole tree was counted to fit.
        let mut builder = Builder { shared: shared.then_some(&used), ..Builder::new(game, 0, max_nodes) };
        let mut mine = built[thread].lock().expect("each thread locks only its own list");
        while !failed.load(Relaxed) {
            // Between subtrees too: a small one may not reach the builder's check.
            if crate::limits::stop::requested() {
                stopped.store(true, Relaxed);
                failed.store(true, Relaxed);
                break;
            }
            let k = next_unit.fetch_add(1, Relaxed);
            let Some(pos) = frontier.get(k) else { break };
            match subtree(&mut builder, arena, pos, split, &mut buffers) {
                Ok(built) => mine.push((k, built)),
                Err(e) => {
                    stopped.fetch_or(e.stopped, Relaxed);
                    failed.store(true, Relaxed);
                }
            }
        }
    });
    if failed.load(Relaxed) {
        return Err(if stopped.load(Relaxed) {
            TooManyNodes::stopped()
        } else {
            TooManyNodes::over(max_nodes)
        });
    }
    Ok(built.into_iter().map(|b| b.into_inner().expect("no thread panicked")).collect())
}

/// Step 3: where each subtree's ids start, from the sizes; the threads shift
/// the subtrees there. Returns the offsets.
fn renumber<G: Game>(
    team: &Team,
    game: &G,
    root: &G::Position,
    plan: &Plan<'_, G>,
    built: &[Vec<Built<'_, G::Action, G::Packed>>],
) -> Vec<u32> {
    let mut sizes = vec![0; plan.frontier.len()];
    for (k, subtree) in built.iter().flatten() {
        sizes[*k] = subtree.count;
    }
    let mut offsets = Vec::with_capacity(plan.frontier.len());
    subtree_offsets(game, root, plan.split, &mut 1, &mut sizes.into_iter(), &mut offsets);
    // Each thread its own subtrees first, while they are still in its cache, then
    // any that no other thread has come to (a helper may not get the job at all:
    // see `Team::run`).
    let shifted: Vec<AtomicBool> = offsets.iter().map(|_| AtomicBool::new(false)).collect();
    team.run(&|thread| {
        let others = built.iter().enumerate().filter(|&(t, _)| t != thread).flat_map(|(_, b)| b);
        for (k, subtree) in built[thread].iter().chain(others) {
            if shifted[*k].swap(true, Relaxed) {
                continue;
            }
            match subtree.all {
                Some(all) => all.iter().for_each(|n| n.shift_id(offsets[*k])),
                None => shift_ids(subtree.top, offsets[*k]),
            }
        }
    });
    offsets
}

/// Step 4: the top levels, built on the calling thread, with the subtrees
/// (in frontier order) hung in place. The budget check there counts the
/// nodes really built, not the blocks reserved.
fn hang_subtrees<'a, G: Game>(
    main: &'a Arena<GameNode<G>>,
    game: &G,
    root: &G::Position,
    depth: u8,
    plan: &Plan<'_, G>,
    built: Vec<Built<'a, G::Action, G::Packed>>,
) -> Result<Tree<'a, G>, TooManyNodes> {
    let built_nodes: u64 = built.iter().map(|(_, subtree)| u64::from(subtree.count)).sum();
    let subtrees: Vec<_> = built.into_iter().map(|(_, subtree)| (subtree.top, subtree.count)).collect();
    let mut top = Builder {
        reserved: built_nodes,
        hang: Some(subtrees.into_iter()),
        ..Builder::new(game, 1, plan.max_nodes)
    };
    let root_node = main.alloc(Node::new(0, None, 0, 0, game.to_move(root), game.pack(root)));
    let mut buffers = action_buffers::<G>(plan.split);
    top.expand(main, root_node, root, &mut buffers)?;
    debug_assert!(top.hang.is_some_and(|mut s| s.next().is_none()), "every subtree is hung");
    Ok(Tree { root: root_node, root_position: root.clone(), depth, len: top.next_id as usize })
}

/// Chooses the split depth and lists the positions whose subtrees the threads
/// build: the depth-S nodes that have actions, in construction order (left to
/// right, which is also breadth-first order within one depth).
///
/// Also estimates the size of the whole tree from the branching seen so far.
fn frontier<G: Game>(game: &G, root: &G::Position, depth: u8, threads: usize) -> (u8, Vec<G::Position>, u64) {
    let mut actions = Vec::new();
    let mut branching = 1.0;
    let (split, mut level) =
        share::split(vec![root.clone()], threads, usize::from(depth.saturating_sub(2)), |level| {
            let mut next = Vec::new();
            for pos in level {
                game.actions(pos, &mut actions);
                next.extend(actions.iter().map(|&a| game.apply(pos, a)));
            }
            branching = next.len() as f64 / level.len() as f64;
            next
        });
    let split = split as u8;
    let plies_below = (depth - split) as i32;
    let estimate = level.len() as f64 * (1.0 + branching.max(1.0).powi(plies_below)) * 1.25;
    level.retain(|p| game.has_actions(p));
    (split, level, estimate.min(u64::MAX as f64) as u64)
}

/// Builds the subtree below one depth-`split` node, ids from 0.
fn subtree<'a, G: Game>(
    b: &mut Builder<'_, 'a, G>,
    arena: &'a Arena<GameNode<G>>,
    pos: &G::Position,
    split: u8,
    buffers: &mut [Vec<G::Action>],
) -> Result<Subtree<'a, G::Action, G::Packed>, TooManyNodes> {
    let (actions, deeper) = buffers.split_first_mut().expect("subtrees are at least one ply deep");
    b.game.actions(pos, actions);
    b.next_id = 0;
    let mark = mark(arena);
    let top = b.children(arena, split + 1, pos, actions, deeper)?;
    let count = b.next_id;
    let all = allocated_since(arena, mark);
    debug_assert!(all.is_none_or(|all| all.len() == count as usize));
    Ok(Subtree { top, count, all })
}

/// Where each subtree's ids start, worked out from the top levels and the subtree
/// sizes alone, numbering exactly as the builder does:
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

/// Adds `offset` to the id of every node in `nodes` and below.
fn shift_ids<A, P>(nodes: &[Node<A, P>], offset: u32) {
    for n in nodes {
        n.shift_id(offset);
    }
    // Most nodes are leaves: a call for each would cost more than the shift.
    for n in nodes.iter().filter(|n| !n.is_leaf()) {
        shift_ids(n.children(), offset);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;
    use crate::games::checkers::Checkers;

    #[test]
    fn a_subtree_in_one_piece_is_all_its_nodes_in_id_order() {
        let game = Checkers;
        let pos = game.start();
        // Room for the whole subtree in the first chunk, or for 8 nodes only.
        for (capacity, in_one_piece) in [(1 << 12, true), (8, false)] {
            let arena = Arena::with_capacity(capacity);
            let mut builder = Builder::new(&game, 0, u64::MAX);
            let mut buffers = action_buffers::<Checkers>(3);
            let built = subtree(&mut builder, &arena, &pos, 0, &mut buffers).unwrap();
            assert_eq!(built.count, 7 + 49 + 379);
            assert_eq!(built.all.is_some(), in_one_piece);
            let mut walked = Vec::new();
            for n in built.top {
                n.for_each(&mut |n| walked.push(n.id()));
            }
            walked.sort_unstable();
            assert_eq!(walked, (0..built.count).collect::<Vec<_>>());
            if let Some(all) = built.all {
                assert!(all.iter().map(|n| n.id()).eq(0..built.count));
            }
        }
    }
}
