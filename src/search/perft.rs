//! Counting positions by depth, the standard check of move generation.
//!
//! The last ply is counted in bulk ([`Rules::count_actions`](crate::game::Rules::count_actions)): its positions are
//! never listed or made. The work is shared out as the positions a few plies
//! down (enough for every thread to have several), each thread taking the next
//! one from a counter; the counts are sums, so any split gives the same numbers.
//! The threads are the helper team of the tree builds (`crate::runtime::team`).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::Duration;

use crate::runtime::clock::Instant;

use crate::game::Game;
use crate::request::{Opt, Refusal, Word};
use crate::runtime::share;
use crate::words;

/// `perft`'s default budget: positions counted at one depth, a minute or two of
/// bulk counting.
pub const DEFAULT_MAX_COUNT: u64 = 100_000_000_000;

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

/// The budgets of one perft request, from its start: the positions one count
/// may reach ([`Opt::MaxNodes`]) and the time the whole request may take
/// ([`Opt::MaxTime`]), however many counts it makes and whatever else it waits
/// for (another program's divide, for `perft --against`).
#[derive(Clone, Copy, Debug)]
pub struct PerftBudget {
    max_count: u64,
    max_time: Option<Duration>,
    started: Instant,
}

impl PerftBudget {
    /// Budgets that start now.
    pub fn new(max_count: u64, max_time: Option<Duration>) -> PerftBudget {
        PerftBudget { max_count, max_time, started: Instant::now() }
    }

    /// Whether the time budget has run out.
    pub fn over_time(&self) -> bool {
        self.max_time.is_some_and(|t| self.started.elapsed() > t)
    }

    /// The time left (none: no limit).
    pub fn time_left(&self) -> Option<Duration> {
        self.max_time.map(|t| t.saturating_sub(self.started.elapsed()))
    }

    /// `what` was not finished within the time budget.
    pub fn out_of_time(&self, what: impl Into<String>) -> Refusal {
        let secs = self.max_time.map_or(0, |t| t.as_secs());
        Refusal::budget(
            Opt::MaxTime,
            words![what.into(), " was not finished within ", Word::set(Opt::MaxTime, secs), "; stopped"],
        )
    }
}

/// Counts below `root` one depth after another, 1 to `depth`, within `budget`,
/// as `gametree perft` prints them: each item is one depth's counts (its
/// divide with them), as it ends, or the refusal naming the budget that
/// stopped it (the last item). A depth predicted (by the last depth's growth)
/// to count more than the node budget is not started; a count that passes
/// either budget is stopped within about a million positions. `progress` is
/// told the depth being counted and its positions so far; `place` follows
/// "depth N" in a refusal (" of gametree's own count").
pub fn perft_by_depth<'a, G: Game>(
    game: &'a G,
    root: &'a G::Position,
    depth: u8,
    threads: usize,
    budget: &'a PerftBudget,
    place: &'a str,
    progress: &'a (dyn Fn(u8, u64) + Sync),
) -> impl Iterator<Item = Result<Counts, Refusal>> + 'a {
    let mut totals: Vec<u64> = Vec::new();
    let mut stopped = false;
    (1..=depth).map_while(move |d| {
        if stopped {
            return None;
        }
        let counted = count_within(game, root, d, threads, budget, place, &totals, progress);
        match &counted {
            Ok(counts) => totals.push(counts.by_depth[usize::from(d) - 1]),
            Err(_) => stopped = true,
        }
        Some(counted)
    })
}

/// One depth of [`perft_by_depth`], after the depths that counted `totals`.
#[allow(clippy::too_many_arguments)]
fn count_within<G: Game>(
    game: &G,
    root: &G::Position,
    depth: u8,
    threads: usize,
    budget: &PerftBudget,
    place: &str,
    totals: &[u64],
    progress: &(dyn Fn(u8, u64) + Sync),
) -> Result<Counts, Refusal> {
    // Growth ratio of the last ply, with a spare factor for its variance.
    if let [.., before, last] = totals[..] {
        let predicted = last as f64 * (last as f64 / before.max(1) as f64);
        if predicted > budget.max_count as f64 {
            return Err(Refusal::budget(
                Opt::MaxNodes,
                words![
                    format!("depth {depth}{place} would count about {predicted:.3e} positions, more than "),
                    Word::set(Opt::MaxNodes, budget.max_count),
                    "; stopped"
                ],
            ));
        }
    }
    // A stop asked from outside (Python's Ctrl-C) ends the count too.
    let go_on = |n: u64| {
        progress(depth, n);
        n <= budget.max_count && !budget.over_time() && !crate::limits::stop::requested()
    };
    match perft_while(game, root, depth, threads, &go_on).filter(|_| !budget.over_time()) {
        Some(counts) => Ok(counts),
        None if crate::limits::stop::requested() => {
            Err(Refusal::said(None, crate::request::Why::Budget, format!("depth {depth}{place} was stopped")))
        }
        None if budget.over_time() => Err(budget.out_of_time(format!("depth {depth}{place}"))),
        None => Err(Refusal::budget(
            Opt::MaxNodes,
            words![
                format!("depth {depth}{place} was not finished within "),
                Word::set(Opt::MaxNodes, budget.max_count),
                "; stopped"
            ],
        )),
    }
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
