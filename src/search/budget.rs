//! Saying no early: whether a search will fit its node budget, decided before
//! the work that would exceed it.
//!
//! A full tree is counted exactly (the last ply in bulk, as perft does), which
//! costs a small fraction of building it; a random-probe estimate first spares
//! that count for trees far below the budget. Alpha-beta cannot know its count
//! in advance, so an over-budget full tree is searched one ply deeper at a time
//! and refused as soon as the full depth is predicted far over the budget.

use crate::game::Game;

/// Positions on random lines of play used for an estimate.
const PROBES: u32 = 64;

/// Trees estimated at less than this fraction of the budget are not counted: the
/// builder still stops at the budget if the estimate was wrong.
const TRUST_BELOW: f64 = 1.0 / 8.0;

/// Alpha-beta is refused when one of its next two plies is predicted at more
/// than this many times the budget; below that, the search runs and stops at
/// the budget. (The predictions seen two plies out are within a factor of 3.2
/// either way.)
pub const NEXT_PLY_MARGIN: u64 = 4;

/// ... or when its full depth, extrapolated from the plies searched so far, is
/// this many times over: many plies out the extrapolation can be 15 times too
/// high, but a hopeless depth (64 plies of Gomoku) is then refused at once.
pub const FULL_DEPTH_MARGIN: u64 = 1000;

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
    let mut rng = super::machine::Rng::new(0x5eed);
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

/// Whether the full tree has at most `limit` nodes, for refusing a build before
/// it starts. `true` may still be wrong for a tree estimated far below the limit
/// (the builder then stops at the limit); `false` is always exact.
pub fn full_tree_may_fit<G: Game>(game: &G, root: &G::Position, depth: u8, limit: u64) -> bool {
    estimate(game, root, depth) < limit as f64 * TRUST_BELOW
        || count_within(game, root, depth, limit).is_some()
}

/// Whether the full tree is likely to have more than `limit` nodes, by the
/// estimate alone: this only decides whether alpha-beta is searched with care
/// (shallower plies first), never a refusal, and an exact count here cost more
/// than the searches it guards (0.7 s before a 60 ms Gomoku search).
pub fn full_tree_likely_over<G: Game>(game: &G, root: &G::Position, depth: u8, limit: u64) -> bool {
    estimate(game, root, depth) > limit as f64
}

/// The positions an alpha-beta search of `depth` plies is expected to examine,
/// from the counts of the shallower searches (`counts[d - 1]` for depth d; at
/// least three of them). Growth alternates with the parity of the depth (about
/// b, then about 2, for a well-ordered tree), so each ply is grown by the ratio
/// of two plies before it. Stops growing once past `enough`.
pub fn predict(counts: &[u64], depth: u8, enough: u64) -> Option<u64> {
    if counts.len() < 3 {
        return None;
    }
    let mut v: Vec<f64> = counts.iter().map(|&n| n.max(1) as f64).collect();
    while v.len() < usize::from(depth) && v[v.len() - 1] <= enough as f64 {
        let n = v.len();
        v.push(v[n - 1] * (v[n - 2] / v[n - 3]).max(1.0));
    }
    Some(v[v.len() - 1].min(u64::MAX as f64) as u64)
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

    #[test]
    fn prediction_grows_each_ply_by_the_ratio_of_the_same_parity() {
        assert_eq!(predict(&[10, 100], 3, u64::MAX), None);
        assert_eq!(predict(&[10, 20, 200], 4, u64::MAX), Some(400));
        assert_eq!(predict(&[10, 100, 200, 2000], 5, u64::MAX), Some(4000));
        // 2000 -> x2 -> x10 -> x2: alternating, as alpha-beta's counts do.
        assert_eq!(predict(&[10, 100, 200, 2000], 7, u64::MAX), Some(80_000));
        // Shrinking counts (a game ending) predict no growth; growth stops past `enough`.
        assert_eq!(predict(&[100, 50, 20], 9, u64::MAX), Some(20));
        assert_eq!(predict(&[1, 10, 100], 64, 5_000), Some(10_000));
    }
}
