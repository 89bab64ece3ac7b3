//! The size of a full tree, known before it is built: counted exactly (the last
//! ply in bulk, as perft does), which costs a small fraction of building it, or
//! estimated from random lines of play, which spares that count for trees far
//! below a budget, or bounded from below level by level, which refuses a
//! hopeless tree in a fraction of a second whatever the budget. The builders
//! refuse a tree over its budget before building it.

use crate::game::Game;
use crate::rng::Rng;
use crate::tree::positions::FastMap;

/// Positions on random lines of play used for an estimate.
const PROBES: u32 = 64;

/// Trees estimated at less than this fraction of the budget are not counted: the
/// builder still stops at the budget if the estimate was wrong.
const TRUST_BELOW: f64 = 1.0 / 8.0;

/// The number of nodes of the full tree of `depth` plies below `root`, root
/// included, when it is at most `limit`; `None` when it is more.
pub fn count_within<G: Game>(game: &G, root: &G::Position, depth: u8, limit: u64) -> Option<u64> {
    let mut buffers: Vec<Vec<G::Action>> = (0..depth).map(|_| Vec::new()).collect();
    let mut count = 1;
    counted(game, root, &mut buffers, &mut count, limit).then_some(count)
}

/// Adds the nodes below `pos` to `count`; false once it passes `limit`.
fn counted<G: Game>(
    game: &G,
    pos: &G::Position,
    buffers: &mut [Vec<G::Action>],
    count: &mut u64,
    limit: u64,
) -> bool {
    let Some((actions, deeper)) = buffers.split_first_mut() else { return true };
    if deeper.is_empty() {
        *count += game.count_actions(pos);
        return *count <= limit;
    }
    game.actions(pos, actions);
    *count += actions.len() as u64;
    if *count > limit {
        return false;
    }
    actions.iter().all(|&a| counted(game, &game.apply(pos, a), deeper, count, limit))
}

/// Knuth's estimate of the full tree's size: the mean, over random lines of
/// play, of 1 + b1 + b1·b2 + ... where bk is the branching met at ply k.
/// Unbiased, and cheap: `PROBES × depth` moves.
pub fn estimate<G: Game>(game: &G, root: &G::Position, depth: u8) -> f64 {
    let mut rng = Rng::new(0x5eed);
    let mut actions = Vec::new();
    let mut sum = 0.0;
    for _ in 0..PROBES {
        let (mut pos, mut weight, mut total) = (root.clone(), 1.0f64, 1.0f64);
        for _ in 0..depth {
            game.actions(&pos, &mut actions);
            if actions.is_empty() {
                break;
            }
            weight *= actions.len() as f64;
            total += weight;
            pos = game.apply(&pos, actions[rng.below(actions.len())]);
        }
        sum += total;
    }
    sum / f64::from(PROBES)
}

/// Moves [`lower_bound`] applies at each level before it settles for what it
/// has: at most 64 levels, so a few million moves, about a second at worst.
const APPLY_PER_LEVEL: usize = 1 << 16;

/// Positions of one level whose actions are counted (or followed).
const LEVEL_CAP: usize = 1 << 12;

/// A fixed hash, so that the positions a level keeps, and so the bound, are the
/// same on every run; the fast one, since hashing the level's positions with
/// SipHash was most of a bound's time.
type Level<P> = FastMap<P, u64>;

/// What [`lower_bound`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    /// The full tree has at least this many nodes (saturating at `u64::MAX`).
    pub nodes: u64,
    /// Every position was followed: `nodes` is the tree's exact size.
    pub exact: bool,
}

/// A number of nodes the full tree of `depth` plies below `root` certainly
/// has, found in bounded time and memory; it stops once past `enough`.
///
/// The tree is walked a level at a time, one entry per distinct position with
/// the number of paths that reach it (a tree node is a path), so transpositions
/// are counted without being walked twice. Level d+1 has, for each position
/// of level d, its paths times its actions: the last ply is never applied, and
/// a game whose branching is b is proved over a budget B after about B / b
/// moves when the levels are small enough to be followed whole.
///
/// When a level is too large to follow whole within `APPLY_PER_LEVEL`
/// moves, the positions reached by the most paths are followed, and each only
/// by its first few actions: positions built from the same few moves in other
/// orders meet again, so their paths add up level after level, and a narrow
/// band of transpositions carries the bound deep into a hopeless tree. The
/// nodes below the positions and actions left out are not counted, so the
/// bound stays at or below the truth.
pub fn lower_bound<G: Game>(game: &G, root: &G::Position, depth: u8, enough: u64) -> Bound {
    let mut level: Vec<(G::Position, u64)> = vec![(root.clone(), 1)];
    let (mut nodes, mut exact) = (1u64, true);
    let mut actions = Vec::new();
    for d in 1..=depth {
        let last = d == depth;
        let mut next: Level<G::Position> = Level::default();
        let followed = level.len().min(APPLY_PER_LEVEL / 2);
        let each = (APPLY_PER_LEVEL / followed).max(2);
        let mut applied = 0;
        for (i, (pos, paths)) in level.iter().enumerate() {
            game.actions(pos, &mut actions);
            nodes = nodes.saturating_add(paths.saturating_mul(actions.len() as u64));
            if nodes > enough {
                return Bound { nodes, exact: false };
            }
            if last {
                continue;
            }
            let take = if i < followed { actions.len().min(each) } else { 0 };
            let take = take.min(APPLY_PER_LEVEL.saturating_sub(applied));
            exact &= take == actions.len();
            applied += take;
            for &a in &actions[..take] {
                let p = next.entry(game.apply(pos, a)).or_insert(0);
                *p = p.saturating_add(*paths);
            }
        }
        if next.is_empty() {
            break;
        }
        level = next.into_iter().collect();
        // Most paths first; among equals the fixed hash's order decides, the
        // same on every run.
        level.sort_by_key(|p| std::cmp::Reverse(p.1));
        // Generating actions is most of the cost where they are many (Gomoku
        // with a wide radius): only the positions of most paths are counted.
        if level.len() > LEVEL_CAP {
            level.truncate(LEVEL_CAP);
            exact = false;
        }
    }
    Bound { nodes, exact }
}

/// What is known, before building, of whether a full tree fits a budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    /// Counted, or bounded from below, over the budget: refuse it.
    Over,
    /// Counted exactly at or under the budget: it fits.
    Exact,
    /// Estimated far under the budget, not counted: the builder still stops
    /// at the budget if the estimate was wrong.
    Likely,
}

/// Whether the full tree has at most `limit` nodes, for refusing a build before
/// it starts. [`Fit::Likely`] may still be wrong for a tree estimated far below
/// the limit; [`Fit::Over`] is always exact: a tree is refused only on a count,
/// or a [`lower_bound`], over `limit`.
pub fn full_tree_fit<G: Game>(game: &G, root: &G::Position, depth: u8, limit: u64) -> Fit {
    if estimate(game, root, depth) < limit as f64 * TRUST_BELOW {
        return Fit::Likely;
    }
    let bound = lower_bound(game, root, depth, limit);
    if bound.nodes > limit {
        return Fit::Over;
    }
    if bound.exact || count_within(game, root, depth, limit).is_some() { Fit::Exact } else { Fit::Over }
}

/// Whether the full tree may have at most `limit` nodes: anything but
/// [`Fit::Over`].
pub fn full_tree_may_fit<G: Game>(game: &G, root: &G::Position, depth: u8, limit: u64) -> bool {
    full_tree_fit(game, root, depth, limit) != Fit::Over
}

/// Whether the full tree is likely to have more than `limit` nodes, by the
/// estimate alone: this only decides whether alpha-beta is searched with care
/// (shallower plies first), never a refusal, and an exact count here cost more
/// than the searches it guards (0.7 s before a 60 ms Gomoku search).
pub fn full_tree_likely_over<G: Game>(game: &G, root: &G::Position, depth: u8, limit: u64) -> bool {
    estimate(game, root, depth) > limit as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;
    use crate::games::checkers::Checkers;
    use crate::games::gomoku::Gomoku;
    use crate::search::perft::perft;

    #[test]
    fn the_count_is_perft_summed_and_stops_past_the_limit() {
        let start = Checkers.start();
        let by_depth = perft(&Checkers, &start, 6, 1, &|_| {}).by_depth;
        let full = 1 + by_depth.iter().sum::<u64>();
        assert_eq!(count_within(&Checkers, &start, 6, full), Some(full));
        assert_eq!(count_within(&Checkers, &start, 6, full - 1), None);
        assert_eq!(count_within(&Checkers, &start, 0, 1), Some(1));
    }

    #[test]
    fn the_estimate_is_near_the_truth_and_huge_trees_are_refused_at_once() {
        let start = Checkers.start();
        let full = count_within(&Checkers, &start, 7, u64::MAX).unwrap() as f64;
        let e = estimate(&Checkers, &start, 7);
        assert!(e > full / 3.0 && e < full * 3.0, "estimate {e}, truth {full}");
        let g = Gomoku::default();
        assert!(!full_tree_may_fit(&g, &g.start(), 64, 50_000_000));
        assert!(full_tree_may_fit(&g, &g.start(), 4, 50_000_000));
        assert!(!full_tree_may_fit(&Checkers, &start, 7, full as u64 - 1));
    }

    /// The bound, checked against counts made without it (perft's sums).
    fn check_bound<G: Game>(game: &G, depth: u8) -> Bound {
        let full = count_within(game, &game.start(), depth, u64::MAX).unwrap();
        let bound = lower_bound(game, &game.start(), depth, u64::MAX);
        assert!(bound.nodes <= full, "bound {} over the true {full}", bound.nodes);
        if bound.exact {
            assert_eq!(bound.nodes, full);
        }
        // Stopping past `enough` still never claims more than the truth.
        let early = lower_bound(game, &game.start(), depth, full / 2);
        assert!(early.nodes <= full, "{early:?} for {full}");
        assert!(!bound.exact || early.nodes > full / 2, "{early:?} for {full}");
        assert!(full_tree_may_fit(game, &game.start(), depth, full), "a tree of exactly its budget refused");
        assert!(!full_tree_may_fit(game, &game.start(), depth, full - 1));
        bound
    }

    #[test]
    fn the_lower_bound_never_passes_the_true_size() {
        use crate::games::ataxx::Ataxx;
        use crate::games::niujiao::Niujiao;
        use crate::games::tictactoe::TicTacToe;
        // Small levels are followed whole: the bound is the exact size.
        assert!(check_bound(&TicTacToe, 9).exact);
        assert!(check_bound(&Checkers, 5).exact);
        // Levels past the cap are cut: a bound below the truth.
        assert!(!check_bound(&Checkers, 9).exact);
        check_bound(&Niujiao::default(), 7);
        check_bound(&Ataxx, 4);
        check_bound(&Gomoku { radius: 14, ..Gomoku::default() }, 3);
    }

    #[test]
    fn hopeless_trees_are_proved_over_any_budget_a_tree_can_have() {
        use crate::games::ataxx::Ataxx;
        use crate::games::niujiao::Niujiao;
        use crate::limits::MAX_TREE_NODES;
        let wide = Gomoku { radius: 14, ..Gomoku::default() };
        assert!(lower_bound(&wide, &wide.start(), 64, 1_000_000_000).nodes > 1_000_000_000);
        assert!(lower_bound(&wide, &wide.start(), 64, MAX_TREE_NODES).nodes > MAX_TREE_NODES);
        assert!(lower_bound(&Checkers, &Checkers.start(), 64, MAX_TREE_NODES).nodes > MAX_TREE_NODES);
        let n = Niujiao::default();
        assert!(lower_bound(&n, &n.start(), 64, MAX_TREE_NODES).nodes > MAX_TREE_NODES);
        let a = Ataxx;
        assert!(lower_bound(&a, &a.start(), 64, MAX_TREE_NODES).nodes > MAX_TREE_NODES);
    }
}
