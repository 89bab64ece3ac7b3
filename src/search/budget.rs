//! Saying no early: whether an alpha-beta search will fit its node budget,
//! decided before the work that would exceed it.
//!
//! Alpha-beta cannot know its count in advance (a full tree's size is counted or
//! estimated in `crate::tree::size`), so an over-budget full tree is searched one
//! ply deeper at a time and refused as soon as the full depth is predicted far
//! over the budget.

/// Alpha-beta is refused when one of its next two plies is predicted at more
/// than this many times the budget; below that, the search runs and stops at
/// the budget. (The predictions seen two plies out are within a factor of 3.2
/// either way.)
pub const NEXT_PLY_MARGIN: u64 = 4;

/// ... or when its full depth, extrapolated from the plies searched so far, is
/// this many times over: many plies out the extrapolation can be 15 times too
/// high, but a hopeless depth (64 plies of Gomoku) is then refused at once.
pub const FULL_DEPTH_MARGIN: u64 = 1000;

/// The positions an alpha-beta search of `depth` plies is expected to examine,
/// from the counts of the shallower searches (`counts[d - 1]` for depth d; at
/// least three of them). Growth alternates with the parity of the depth (about
/// b, then about 2, for a well-ordered tree), so each ply is grown by the ratio
/// of two plies before it. Stops growing once past `enough`.
///
/// In floating point, not saturating at `u64::MAX`: a budget near it (`--max-nodes
/// 1e18`) times a margin is still passed by a hopeless prediction, which a
/// saturated count could never exceed (such a search then ran for minutes).
pub fn predict(counts: &[u64], depth: u8, enough: f64) -> Option<f64> {
    if counts.len() < 3 {
        return None;
    }
    let mut v: Vec<f64> = counts.iter().map(|&n| n.max(1) as f64).collect();
    while v.len() < usize::from(depth) && v[v.len() - 1] <= enough {
        let n = v.len();
        v.push(v[n - 1] * (v[n - 2] / v[n - 3]).max(1.0));
    }
    Some(v[v.len() - 1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prediction_grows_each_ply_by_the_ratio_of_the_same_parity() {
        let max = u64::MAX as f64;
        assert_eq!(predict(&[10, 100], 3, max), None);
        assert_eq!(predict(&[10, 20, 200], 4, max), Some(400.0));
        assert_eq!(predict(&[10, 100, 200, 2000], 5, max), Some(4000.0));
        // 2000 -> x2 -> x10 -> x2: alternating, as alpha-beta's counts do.
        assert_eq!(predict(&[10, 100, 200, 2000], 7, max), Some(80_000.0));
        // Shrinking counts (a game ending) predict no growth; growth stops past `enough`.
        assert_eq!(predict(&[100, 50, 20], 9, max), Some(20.0));
        assert_eq!(predict(&[1, 10, 100], 64, 5_000.0), Some(10_000.0));
        // Past what a u64 holds, as a budget of 10^18 times a margin of 1,000 is.
        assert!(predict(&[1, 10, 100], 64, 1e21).is_some_and(|p| p > 1e21));
    }
}
