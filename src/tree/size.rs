//! The size of a full tree, known before it is built: counted exactly (the last
//! ply in bulk, as perft does), which costs a small fraction of building it, or
//! estimated from random lines of play, which spares that count for trees far
//! below a budget. The builders refuse a tree over its budget before building it.

use crate::game::Game;
use crate::rng::Rng;

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
}
