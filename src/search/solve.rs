//! Exact solutions of small games by retrograde analysis over every reachable
//! position, within a memory budget counted in the bytes the solver holds.

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::mem::size_of;

use crate::game::{Game, Outcome};

/// The result of best play, from the side to move's point of view. `plies` counts
/// actions to the end: the winner hurries, the loser delays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solution {
    /// The side to move wins whatever the other does.
    Win {
        /// Actions, both sides', until the game ends (0: it has ended in a win).
        plies: u32,
    },
    /// The side to move loses against best play.
    Loss {
        /// Actions, both sides', until the game ends (0: it has ended in a loss).
        plies: u32,
    },
    /// Neither side can force a win (a cycle of positions counts as a draw).
    Draw,
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Solution::Win { plies } => write!(f, "win in {plies}"),
            Solution::Loss { plies } => write!(f, "loss in {plies}"),
            Solution::Draw => f.write_str("draw"),
        }
    }
}

/// What a solve may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Distinct positions.
    pub max_positions: u64,
    /// Bytes of the solver's tables (positions, successors, solutions), counted
    /// from their capacities and checked before each one grows.
    pub max_bytes: u64,
}

/// Growth seen when a solve gave up: positions found so far, and (once a few
/// plies are known) what the plies to come were expected to add.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shortfall {
    /// Distinct positions found when the solve stopped.
    pub positions: u64,
    /// Bytes the solver's tables held then.
    pub bytes: u64,
    /// Positions expected once the next ply is found, and their bytes.
    pub expected: Option<(u64, u64)>,
}

/// The game does not fit the budget.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TooBig {
    /// More distinct positions than [`Budget::max_positions`] are reachable.
    Positions {
        /// The budget's position count.
        limit: u64,
    },
    /// Refused on the growth of the plies found so far, before the memory ran out.
    Expected {
        /// The budget's bytes.
        limit: u64,
        /// The last ply found before refusing.
        ply: u32,
        /// What had been found by then, with the forecast.
        seen: Shortfall,
    },
    /// A stop was asked for ([`super::stop`]: Python's Ctrl-C) before the
    /// positions were all found; nothing is solved.
    Stopped,
    /// The tables reached the budget: going on needed `needed` bytes at once.
    Memory {
        /// The budget's bytes.
        limit: u64,
        /// The bytes the tables would have held after the growth refused.
        needed: u64,
        /// What had been found by then.
        seen: Shortfall,
    },
}

impl fmt::Display for TooBig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let expected = |f: &mut fmt::Formatter<'_>, seen: &Shortfall| match seen.expected {
            Some((p, b)) => {
                write!(f, "; about {p} positions and {} are expected by the end of the next ply", Bytes(b))
            }
            None => Ok(()),
        };
        match self {
            TooBig::Stopped => f.write_str("the solve was stopped before every position was found"),
            TooBig::Positions { limit } => {
                write!(f, "more than {limit} positions are reachable: too many to solve exactly here")
            }
            TooBig::Expected { limit, ply, seen } => {
                write!(
                    f,
                    "{} positions within {ply} plies already take {}",
                    seen.positions,
                    Bytes(seen.bytes)
                )?;
                expected(f, seen)?;
                write!(f, ", over the memory budget of {}", Bytes(*limit))
            }
            TooBig::Memory { limit, needed, seen } => {
                write!(
                    f,
                    "the memory budget of {} ran out after {} positions: the tables hold {} and going on needs {}",
                    Bytes(*limit),
                    seen.positions,
                    Bytes(seen.bytes),
                    Bytes(*needed)
                )?;
                expected(f, seen)
            }
        }
    }
}

/// A byte count for people: `1.5 GiB`, `640 KiB`.
pub struct Bytes(pub u64);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
        let mut v = self.0 as f64;
        let mut u = 0;
        while v >= 1024.0 && u + 1 < units.len() {
            v /= 1024.0;
            u += 1;
        }
        if u == 0 { write!(f, "{} bytes", self.0) } else { write!(f, "{v:.1} {}", units[u]) }
    }
}

/// How far a solve has come, for a progress display.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Distinct positions found so far.
    pub positions: u64,
    /// Bytes of the solver's tables so far.
    pub bytes: u64,
}

/// A multiply-rotate hasher (the Fx hash of rustc): positions are not chosen
/// by an adversary, and SipHash made hashing most of a solve's time.
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

impl std::hash::Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.write_u64(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        for &b in chunks.remainder() {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Position index: position to id.
pub type Index<P> = HashMap<P, u32, std::hash::BuildHasherDefault<FxHasher>>;

/// Every position reachable from a root, with the solution of each.
pub struct Solved<P> {
    /// Each reachable position's number, an index into `solutions`.
    pub index: Index<P>,
    /// The solution of each position, by its number.
    pub solutions: Vec<Solution>,
}

impl<P: std::hash::Hash + Eq> Solved<P> {
    /// The solution of `pos` for its side to move; `None` when `pos` is not
    /// reachable from the root that was solved.
    pub fn get(&self, pos: &P) -> Option<Solution> {
        self.index.get(pos).map(|&i| self.solutions[i as usize])
    }
}

/// A game is refused on a forecast only when the next ply is expected to take
/// more than this many budgets.
const FORECAST_MARGIN: f64 = 2.0;

/// The forward pass's tables, with the bytes they hold.
struct Tables<P> {
    index: Index<P>,
    /// Found positions in breadth-first order, to be expanded in turn.
    positions: Vec<P>,
    /// Successor ids of every expanded position, one run after another, and where
    /// each position's run starts.
    edges: Vec<u32>,
    starts: Vec<u32>,
    /// Finished positions' outcomes, found as they are expanded.
    solution: Vec<Option<Solution>>,
    max_bytes: u64,
}

impl<P: Clone + std::hash::Hash + Eq> Tables<P> {
    /// A hash table of this capacity, as std's hashbrown lays it out: a power
    /// of two of buckets at 7/8 load, each an entry and a control byte.
    fn table_bytes(capacity: usize) -> u64 {
        let buckets = (capacity * 8 / 7).next_power_of_two() as u64;
        buckets * (size_of::<(P, u32)>() as u64 + 1)
    }

    fn held(&self) -> u64 {
        let vec = |cap: usize, size: usize| (cap * size) as u64;
        Self::table_bytes(self.index.capacity())
            + vec(self.positions.capacity(), size_of::<P>())
            + vec(self.edges.capacity(), 4)
            + vec(self.starts.capacity(), 4)
            + vec(self.solution.capacity(), size_of::<Option<Solution>>())
    }

    /// Room for one more element of each table, growing any that is full by
    /// doubling, if the budget allows it (a table being rehashed holds its old
    /// and new storage at once).
    fn reserve(&mut self, edges: usize) -> Result<(), (u64, u64)> {
        let rehash = self.index.len() == self.index.capacity();
        let (p, e, st, so) = (
            more_room(&self.positions, 1),
            more_room(&self.edges, edges),
            more_room(&self.starts, 1),
            more_room(&self.solution, 1),
        );
        let extra = if rehash { Self::table_bytes(self.index.capacity().max(1) * 2) } else { 0 }
            + (p * size_of::<P>() + (e + st) * 4 + so * size_of::<Option<Solution>>()) as u64;
        let held = self.held();
        if held + extra > self.max_bytes {
            return Err((held, held + extra));
        }
        if rehash {
            self.index.reserve(self.index.capacity().max(1));
        }
        self.positions.reserve_exact(p);
        self.edges.reserve_exact(e);
        self.starts.reserve_exact(st);
        self.solution.reserve_exact(so);
        Ok(())
    }
}

/// The elements to add to `v`'s capacity (doubling, at least 1,024) so that
/// `more` fit; 0 when they already do.
fn more_room<T>(v: &Vec<T>, more: usize) -> usize {
    if v.len() + more > v.capacity() { v.capacity().max(more).max(1024) } else { 0 }
}

/// Solves every position reachable from `root`.
///
/// Forward: enumerate the reachable positions breadth first, with their
/// successors. Backward: start from the finished positions and resolve
/// predecessors in order of distance to the end, so that the first losing
/// successor found gives the shortest win and the last winning successor the
/// longest loss. Positions never resolved (cycles with no way out) are draws.
///
/// Each table is checked against `budget.max_bytes` before it grows, and the
/// backward pass's before they are made; a ply whose growth points far past the
/// budget is refused as soon as it is seen.
pub fn solve<G: Game>(
    game: &G,
    root: &G::Position,
    budget: &Budget,
    progress: &mut dyn FnMut(Progress),
) -> Result<Solved<G::Position>, TooBig> {
    let Tables { index, positions, edges, starts, solution, .. } = explore(game, root, budget, progress)?;
    drop(positions);
    check_backward_fits::<G::Position>(&index, &edges, &starts, &solution, budget.max_bytes)?;
    let solution = resolve(edges, &starts, solution);
    let solutions = solution.into_iter().map(|s| s.unwrap_or(Solution::Draw)).collect();
    Ok(Solved { index, solutions })
}

/// The forward pass: every position reachable from `root`, breadth first,
/// with its successors and, for a finished one, its outcome.
fn explore<G: Game>(
    game: &G,
    root: &G::Position,
    budget: &Budget,
    progress: &mut dyn FnMut(Progress),
) -> Result<Tables<G::Position>, TooBig> {
    let mut t = Tables {
        index: Index::default(),
        positions: Vec::new(),
        edges: Vec::new(),
        starts: Vec::new(),
        solution: Vec::new(),
        max_bytes: budget.max_bytes,
    };
    let memory = |t: &Tables<G::Position>, (held, needed): (u64, u64), expected| TooBig::Memory {
        limit: budget.max_bytes,
        needed,
        seen: Shortfall { positions: t.positions.len() as u64, bytes: held, expected },
    };
    t.reserve(0).map_err(|held| memory(&t, held, None))?;
    t.index.insert(root.clone(), 0);
    t.positions.push(root.clone());
    let mut actions = Vec::new();
    // The ply being expanded: where it starts and ends in `positions`.
    let (mut ply, mut ply_start, mut ply_end) = (0u32, 0usize, 1usize);
    let mut next = 0;
    while next < t.positions.len() {
        if next == ply_end {
            ply += 1;
            (ply_start, ply_end) = (ply_end, t.positions.len());
        }
        // Part way through a ply, the next one's size is what it has so far
        // over the part expanded: refuse as soon as that is far past the budget.
        let ply_now = Ply { start: ply_start, end: ply_end, next };
        if next % 4096 == 0 && super::stop::requested() {
            return Err(TooBig::Stopped);
        }
        if next % 4096 == 0
            && let e = forecast(&t, ply_now)
            && e.expected.is_some_and(|(_, bytes)| bytes as f64 > budget.max_bytes as f64 * FORECAST_MARGIN)
        {
            return Err(TooBig::Expected { limit: budget.max_bytes, ply, seen: e });
        }
        let pos = t.positions[next].clone();
        game.actions(&pos, &mut actions);
        t.reserve(actions.len()).map_err(|held| memory(&t, held, forecast(&t, ply_now).expected))?;
        t.starts.push(t.edges.len() as u32);
        t.solution.push(actions.is_empty().then(|| match game.terminal_outcome(&pos) {
            Outcome::Win => Solution::Win { plies: 0 },
            Outcome::Loss => Solution::Loss { plies: 0 },
            Outcome::Draw => Solution::Draw,
        }));
        for &a in &actions {
            let child = game.apply(&pos, a);
            let id = match t.index.get(&child) {
                Some(&id) => id,
                None => {
                    let id = t.positions.len();
                    if id as u64 >= budget.max_positions.min(u32::MAX as u64) {
                        return Err(TooBig::Positions { limit: budget.max_positions });
                    }
                    t.reserve(0).map_err(|held| memory(&t, held, forecast(&t, ply_now).expected))?;
                    t.index.insert(child.clone(), id as u32);
                    t.positions.push(child);
                    if id % (1 << 16) == 0 {
                        progress(Progress { positions: id as u64, bytes: t.held() });
                    }
                    id as u32
                }
            };
            t.edges.push(id);
        }
        next += 1;
    }
    Ok(t)
}

/// The backward pass's tables (predecessors, one id per edge, and where each
/// position's run starts; unresolved successor counts; draw flags; a queue)
/// are made only if they fit beside what the forward pass keeps.
fn check_backward_fits<P: Clone + std::hash::Hash + Eq>(
    index: &Index<P>,
    edges: &Vec<u32>,
    starts: &Vec<u32>,
    solution: &Vec<Option<Solution>>,
    max_bytes: u64,
) -> Result<(), TooBig> {
    let (n, e) = (starts.len(), edges.len());
    let kept = Tables::<P>::table_bytes(index.capacity())
        + (edges.capacity() * 4 + starts.capacity() * 4) as u64
        + (solution.capacity() * size_of::<Option<Solution>>()) as u64;
    let backward = (e * 4 + (n + 1) * 4 + n * 4 + n + n * 4) as u64;
    if kept + backward > max_bytes {
        return Err(TooBig::Memory {
            limit: max_bytes,
            needed: kept + backward,
            seen: Shortfall { positions: n as u64, bytes: kept, expected: None },
        });
    }
    Ok(())
}

/// Each position's predecessors, one run after another, and where each run
/// starts (one more start than positions, so run `c` ends where `c + 1`'s
/// starts).
fn predecessors(edges: &[u32], starts: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let (n, e) = (starts.len(), edges.len());
    let run = |i: usize| starts[i] as usize..starts.get(i + 1).map_or(e, |&s| s as usize);
    let mut pred_starts = vec![0u32; n + 1];
    for &c in edges {
        pred_starts[c as usize + 1] += 1;
    }
    for i in 0..n {
        pred_starts[i + 1] += pred_starts[i];
    }
    let mut fill = pred_starts.clone();
    let mut predecessors = vec![0u32; e];
    for p in 0..n {
        for &c in &edges[run(p)] {
            predecessors[fill[c as usize] as usize] = p as u32;
            fill[c as usize] += 1;
        }
    }
    (predecessors, pred_starts)
}

/// The backward pass: from the finished positions, resolves predecessors
/// in order of distance to the end; what stays `None` is never resolved.
fn resolve(edges: Vec<u32>, starts: &[u32], mut solution: Vec<Option<Solution>>) -> Vec<Option<Solution>> {
    let n = starts.len();
    let (predecessors, pred_starts) = predecessors(&edges, starts);
    let run = |i: usize| starts[i] as usize..starts.get(i + 1).map_or(edges.len(), |&s| s as usize);
    let mut unresolved: Vec<u32> = (0..n).map(|i| run(i).len() as u32).collect();
    drop(edges);
    let mut has_draw = vec![false; n];
    let mut queue: VecDeque<u32> = (0..n as u32).filter(|&i| solution[i as usize].is_some()).collect();
    while let Some(c) = queue.pop_front() {
        let child = solution[c as usize].expect("queued positions are solved");
        for &p in &predecessors[pred_starts[c as usize] as usize..pred_starts[c as usize + 1] as usize] {
            let p = p as usize;
            if solution[p].is_some() {
                continue;
            }
            match child {
                Solution::Loss { plies } => {
                    solution[p] = Some(Solution::Win { plies: plies + 1 });
                    queue.push_back(p as u32);
                }
                Solution::Win { plies } => {
                    unresolved[p] -= 1;
                    if unresolved[p] == 0 {
                        solution[p] = Some(if has_draw[p] {
                            Solution::Draw
                        } else {
                            Solution::Loss { plies: plies + 1 }
                        });
                        queue.push_back(p as u32);
                    }
                }
                Solution::Draw => {
                    has_draw[p] = true;
                    unresolved[p] -= 1;
                    if unresolved[p] == 0 {
                        solution[p] = Some(Solution::Draw);
                        queue.push_back(p as u32);
                    }
                }
            }
        }
    }
    solution
}

/// Where a breadth-first pass is: the ply being expanded is
/// `positions[start..end]`, of which those before `next` are done.
#[derive(Clone, Copy)]
struct Ply {
    start: usize,
    end: usize,
    next: usize,
}

/// What is held now, and what the next ply is expected to bring: the positions
/// found beyond this ply so far, scaled by the part of this ply expanded, at the
/// bytes a position has cost so far (edges included). No forecast until a
/// sixteenth of a ply of some size is done.
fn forecast<P: Clone + std::hash::Hash + Eq>(t: &Tables<P>, ply: Ply) -> Shortfall {
    let found = t.positions.len() as u64;
    let held = t.held();
    let (size, done) = ((ply.end - ply.start) as f64, (ply.next - ply.start) as f64);
    let expected = (size >= 4096.0 && done * 16.0 >= size).then(|| {
        let beyond = (t.positions.len() - ply.end) as f64;
        let positions = ply.end as f64 + beyond * size / done;
        let per = held as f64 / found as f64;
        (positions as u64, (positions * per) as u64)
    });
    Shortfall { positions: found, bytes: held, expected }
}

/// The default memory budget: 2 GiB, or half of physical memory, or half the
/// address space `ulimit -v` leaves, whichever is least. Under a limit the
/// tables then run out of budget, and are refused with a message, before the
/// allocator runs out of address space and aborts: half, because the budget
/// counts the tables' bytes and not the allocator's slack or the doubling of
/// a vector being grown.
pub fn default_max_bytes() -> u64 {
    const TWO_GIB: u64 = 2 << 30;
    let physical = crate::runtime::system::physical_memory().map_or(TWO_GIB, |bytes| bytes / 2);
    crate::limits::bytes_within_memory(TWO_GIB.min(physical)).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;
    use crate::games::ataxx::Ataxx;
    use crate::games::tictactoe::TicTacToe;

    #[test]
    fn the_tables_never_hold_more_than_the_budget() {
        for max_bytes in [64 << 10, 1 << 20, 16 << 20] {
            let budget = Budget { max_positions: u64::MAX, max_bytes };
            let mut most = 0;
            let err = solve(&Ataxx, &Ataxx.start(), &budget, &mut |p| most = most.max(p.bytes)).err();
            let Some(TooBig::Memory { limit, seen, .. } | TooBig::Expected { limit, seen, .. }) = err else {
                panic!("{max_bytes}: {err:?}")
            };
            assert_eq!(limit, max_bytes);
            assert!(seen.bytes <= max_bytes && most <= max_bytes, "{seen:?} {most}");
        }
    }

    #[test]
    fn a_game_that_fits_is_solved_and_one_that_explodes_is_refused_on_its_growth() {
        let budget = Budget { max_positions: u64::MAX, max_bytes: 1 << 20 };
        let solved = solve(&TicTacToe, &TicTacToe.start(), &budget, &mut |_| {}).unwrap();
        assert_eq!(solved.get(&TicTacToe.start()), Some(Solution::Draw));
        // Ataxx does not fit: refused on its growth, or when a table could not
        // grow, never past the budget.
        for max_bytes in [4 << 20, 256 << 20] {
            let budget = Budget { max_positions: u64::MAX, max_bytes };
            match solve(&Ataxx, &Ataxx.start(), &budget, &mut |_| {}) {
                Err(TooBig::Expected { seen, .. }) => {
                    let (_, bytes) = seen.expected.unwrap();
                    assert!(bytes > 2 * max_bytes && seen.bytes <= max_bytes, "{seen:?}");
                }
                Err(TooBig::Memory { needed, seen, .. }) => {
                    assert!(needed > max_bytes && seen.bytes <= max_bytes, "{seen:?}")
                }
                _ => panic!("Ataxx does not fit in {max_bytes} bytes"),
            }
        }
    }

    #[test]
    fn bytes_read_well() {
        assert_eq!(Bytes(512).to_string(), "512 bytes");
        assert_eq!(Bytes(3 << 29).to_string(), "1.5 GiB");
    }
}
