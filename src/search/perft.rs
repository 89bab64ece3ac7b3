//! Counting positions by depth, the standard check of move generation.
//!
//! The last ply is counted in bulk ([`Rules::count_actions`](crate::game::Rules::count_actions)): its positions are
//! never listed or made. The work is shared out as the positions a few plies
//! down (enough for every thread to have several), each thread taking the next
//! one from a counter; the counts are sums, so any split gives the same numbers.
//! The threads are the helper team of the tree builds (`crate::runtime::team`).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::request::{Opt, Refusal, Word};
use crate::runtime::share;

/// `perft`'s default budget: positions counted at one depth, a minute or two of
/// bulk counting.
pub const DEFAULT_MAX_COUNT: u64 = 100_000_000_000;

/// What one perft request may count: positions at one depth, and time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Within {
    /// Positions one depth may count (a depth predicted over it is not started).
    pub max_count: u64,
    /// Time the whole count may take.
    pub max_time: Option<Duration>,
}

impl Default for Within {
    fn default() -> Within {
        Within { max_count: DEFAULT_MAX_COUNT, max_time: None }
    }
}

/// [`perft`] one depth after another within `within`, each depth handed to
/// `each` as it ends (so a caller may print it), and `go_on` asked now and then
/// as well (a stop request). The refusal says which budget stopped it, as
/// every door says it (`--max-nodes`, `max_nodes=`); `Ok(None)` is a stop
/// that `go_on` asked for.
pub fn perft_within<G: Game>(
    game: &G,
    root: &G::Position,
    depth: u8,
    threads: usize,
    within: &Within,
    go_on: &(dyn Fn(u64) -> bool + Sync),
    each: &mut dyn FnMut(u8, &Counts),
) -> Result<Option<Counts>, Refusal> {
    let started = Instant::now();
    let over_time = || within.max_time.is_some_and(|t| started.elapsed() > t);
    let mut totals: Vec<u64> = Vec::new();
    let mut last = None;
    for d in 1..=depth {
        // Growth ratio of the last ply, with a spare factor for its variance.
        if let [.., before, last] = totals[..] {
            let predicted = last as f64 * (last as f64 / before.max(1) as f64);
            if predicted > within.max_count as f64 {
                return Err(Refusal::budget(
                    Opt::MaxNodes,
                    crate::words![
                        format!("depth {d} would count about {predicted:.3e} positions, more than "),
                        Word::set(Opt::MaxNodes, within.max_count),
                        "; stopped"
                    ],
                ));
            }
        }
        let asked = std::sync::atomic::AtomicBool::new(false);
        let counting = |n: u64| {
            let on = go_on(n);
            if !on {
                asked.store(true, Relaxed);
            }
            on && n <= within.max_count && !over_time()
        };
        let counts = perft_while(game, root, d, threads, &counting);
        if asked.load(Relaxed) {
            return Ok(None);
        }
        let Some(counts) = counts.filter(|_| !over_time()) else {
            let why = match within.max_time {
                Some(t) if over_time() => Word::set(Opt::MaxTime, t.as_secs_f64()),
                _ => Word::set(Opt::MaxNodes, within.max_count),
            };
            return Err(Refusal::budget(
                why_opt(&why),
                crate::words![format!("depth {d} was not finished within "), why, "; stopped"],
            ));
        };
        totals.push(counts.by_depth[usize::from(d) - 1]);
        each(d, &counts);
        last = Some(counts);
    }
    Ok(last)
}

/// The option a budget's word names.
fn why_opt(w: &Word) -> Option<Opt> {
    match w {
        Word::Set(o, _) | Word::Opt(o) => Some(*o),
        Word::Text(_) => None,
    }
}

/// What a perft run found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    /// `by_depth[d - 1]`: the positions exactly `d` actions from the root, for `d`
    /// in `1..=depth`; a position where the game is over has no children.
    pub by_depth: Vec<u64>,
    /// For each root action in the game's order, the positions at the full depth
    /// below it (perft's "divide").
    pub divide: Vec<u64>,
}

/// Counts the positions below `root` to `depth` (at least 1) on `threads`
/// threads. `progress` is called now and then, from any of them, with the number
/// of positions counted so far.
///
/// ```
/// use gametree::game::prelude::*;
/// use gametree::games::ataxx::Ataxx;
/// use gametree::search::perft::perft;
///
/// let counts = perft(&Ataxx, &Ataxx.start(), 3, 2, &|_| {});
/// assert_eq!(counts.by_depth, [16, 256, 6460]);
/// assert_eq!(counts.divide.iter().sum::<u64>(), 6460);
/// ```
pub fn perft<G: Game>(
    game: &G,
    root: &G::Position,
    depth: u8,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Counts {
    let go_on = |n| {
        progress(n);
        true
    };
    perft_while(game, root, depth, threads, &go_on).expect("never stopped")
}

/// [`perft`], stopped (`None`) soon after `go_on`, called with the positions
/// counted so far (about every million), says false: for time and node budgets.
pub fn perft_while<G: Game>(
    game: &G,
    root: &G::Position,
    depth: u8,
    threads: usize,
    go_on: &(dyn Fn(u64) -> bool + Sync),
) -> Option<Counts> {
    assert!(depth >= 1, "perft counts at least one ply");
    let depth = usize::from(depth);
    let mut by_depth = vec![0u64; depth];
    let mut actions = Vec::new();
    game.actions(root, &mut actions);
    let mut divide = vec![0u64; actions.len()];
    // The units: positions at ply `split`, each with the root action above it.
    let first: Vec<(usize, G::Position)> =
        actions.iter().enumerate().map(|(i, &a)| (i, game.apply(root, a))).collect();
    by_depth[0] = first.len() as u64;
    // One thread walks from the root's children; several share out a level
    // deeper down, counting the levels on the way.
    let most = if threads > 1 { depth - 1 } else { 0 };
    let mut ply = 1;
    let (down, level) = share::split(first, threads, most, |level| {
        let mut next = Vec::new();
        for (i, pos) in level {
            game.actions(pos, &mut actions);
            next.extend(actions.iter().map(|&a| (*i, game.apply(pos, a))));
        }
        by_depth[ply] = next.len() as u64;
        ply += 1;
        next
    });
    let split = 1 + down;
    if split == depth {
        for (i, _) in &level {
            divide[*i] += 1;
        }
        return Some(Counts { by_depth, divide });
    }

    let next_unit = AtomicUsize::new(0);
    let seen = AtomicU64::new(0);
    let stopped = AtomicBool::new(false);
    let totals = Mutex::new((vec![0u64; depth - split], vec![0u64; divide.len()]));
    let work = |_thread: usize| {
        let mut counts = vec![0u64; depth - split];
        let mut own_divide = vec![0u64; divide.len()];
        let mut buffers: Vec<Vec<G::Action>> = (split..depth).map(|_| Vec::new()).collect();
        let mut walker = Walker { game, seen: &seen, stopped: &stopped, unreported: 0, go_on };
        while let Some((i, pos)) = level.get(next_unit.fetch_add(1, Relaxed)) {
            if stopped.load(Relaxed) {
                break;
            }
            let before = counts[counts.len() - 1];
            walker.count(pos, &mut counts, &mut buffers);
            own_divide[*i] += counts[counts.len() - 1] - before;
        }
        walker.report();
        let mut t = totals.lock().expect("no counting thread panics");
        t.0.iter_mut().zip(&counts).for_each(|(a, b)| *a += b);
        t.1.iter_mut().zip(&own_divide).for_each(|(a, b)| *a += b);
    };
    // The helper team of the tree builds: placed off this thread's CPU, and not
    // waited for if one is late (the counter hands its share to the others).
    if threads > 1 {
        crate::runtime::team::Team::take(threads - 1).run(&work);
    } else {
        work(0);
    }
    if stopped.load(Relaxed) {
        return None;
    }
    let (below, d) = totals.into_inner().expect("no counting thread panics");
    by_depth[split..].copy_from_slice(&below);
    divide.iter_mut().zip(&d).for_each(|(a, b)| *a += b);
    Some(Counts { by_depth, divide })
}

struct Walker<'a, G: Game> {
    game: &'a G,
    /// Positions counted by every thread, as last reported.
    seen: &'a AtomicU64,
    /// Set once `go_on` said no: every thread then unwinds.
    stopped: &'a AtomicBool,
    unreported: u64,
    go_on: &'a (dyn Fn(u64) -> bool + Sync),
}

impl<G: Game> Walker<'_, G> {
    /// Adds the positions 1, 2, ... plies below `pos` to `counts[0]`, `counts[1]`, ...
    fn count(&mut self, pos: &G::Position, counts: &mut [u64], buffers: &mut [Vec<G::Action>]) {
        let game = self.game;
        let Some((here, deeper)) = counts.split_first_mut() else { return };
        if self.stopped.load(Relaxed) {
            return;
        }
        if deeper.is_empty() {
            let n = game.count_actions(pos);
            *here += n;
            self.unreported += n;
            if self.unreported >= 1 << 20 {
                self.report();
            }
            return;
        }
        let (actions, rest) = buffers.split_first_mut().expect("one buffer per ply");
        game.actions(pos, actions);
        *here += actions.len() as u64;
        for &a in actions.iter() {
            self.count(&game.apply(pos, a), deeper, rest);
        }
    }

    fn report(&mut self) {
        let total = self.seen.fetch_add(self.unreported, Relaxed) + self.unreported;
        self.unreported = 0;
        if !(self.go_on)(total) {
            self.stopped.store(true, Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;
    use crate::games::ataxx::Ataxx;
    use crate::games::checkers::Checkers;

    #[test]
    fn every_split_gives_the_same_counts_and_divide_sums_to_the_last() {
        let quiet = |_| {};
        let one = perft(&Checkers, &Checkers.start(), 6, 1, &quiet);
        assert_eq!(one.by_depth, [7, 49, 379, 2872, 23582, 189143]);
        assert_eq!(one.divide.iter().sum::<u64>(), 189143);
        for threads in [2, 3, 8, 64] {
            assert_eq!(perft(&Checkers, &Checkers.start(), 6, threads, &quiet), one, "{threads} threads");
        }
        let ataxx = perft(&Ataxx, &Ataxx.start(), 4, 4, &quiet);
        assert_eq!(ataxx.by_depth, [16, 256, 6460, 155888]);
        // Divide below each root action is that action's own perft one ply less.
        let mut actions = Vec::new();
        Ataxx.actions(&Ataxx.start(), &mut actions);
        for (&a, &n) in actions.iter().zip(&ataxx.divide) {
            let below = perft(&Ataxx, &Ataxx.apply(&Ataxx.start(), a), 3, 1, &quiet);
            assert_eq!(below.by_depth[2], n, "{}", Ataxx.format_action(a));
        }
        // Depth 1: each root action is one position.
        assert_eq!(perft(&Ataxx, &Ataxx.start(), 1, 2, &quiet).divide, vec![1; 16]);
    }

    #[test]
    fn a_count_told_to_stop_stops_and_says_so() {
        for threads in [1, 2] {
            let calls = AtomicUsize::new(0);
            let stop_at_once = |_| {
                calls.fetch_add(1, Relaxed);
                false
            };
            assert_eq!(perft_while(&Ataxx, &Ataxx.start(), 6, threads, &stop_at_once), None);
            // Each thread asked at most once or twice before giving up.
            assert!(calls.load(Relaxed) <= 2 * threads, "{threads} threads");
        }
        let go_on = |_| true;
        assert!(perft_while(&Ataxx, &Ataxx.start(), 5, 2, &go_on).is_some());
    }
}
