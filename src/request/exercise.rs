//! `exercise` and `quiz` as every door asks for them: the rules their options
//! follow, said once.

use super::check;
use super::option::Opt;
use super::refusal::{Refusal, Word};
use super::search::Search;
use crate::exercise::generate::{parse_counts, parse_range};
use crate::search::alphabeta::Pruning;
use crate::words;

/// The most levels an exercise's tree has.
pub const MAX_LEVELS: i64 = 8;

/// Alpha-beta's cut-off rule for an exercise of `search`: the CS188 rule is
/// alpha-beta's alone.
pub fn rule(search: Search, no_prune_on_ties: bool) -> Result<Pruning, Refusal> {
    if no_prune_on_ties && !search.prunes() {
        return Err(Refusal::usage(
            Opt::NoPruneOnTies,
            words![
                Opt::NoPruneOnTies,
                " is about alpha-beta; drop it or use ",
                Word::set(Opt::Search, "alphabeta")
            ],
        ));
    }
    Ok(if no_prune_on_ties { Pruning::PastBound } else { Pruning::OnTies })
}

/// An exercise's levels (plies below a game's position).
pub fn levels(depth: Option<i64>) -> Result<Option<u8>, Refusal> {
    Ok(check::within(Opt::Depth, depth, 1, MAX_LEVELS)?.map(|d| d as u8))
}

/// A range of leaf values, `LO..HI` or `LO,HI`, as `opt` gives it.
pub fn range(opt: Opt, text: Option<&str>, default: (i32, i32)) -> Result<(i32, i32), Refusal> {
    match text {
        None => Ok(default),
        Some(t) => parse_range(t)
            .map_err(|e| Refusal::usage(opt, words![Word::set(opt, format!("{t:?}")), format!(": {e}")])),
    }
}

/// Children per node, as `branching` gives them.
pub fn branching(text: Option<&str>, default: (u64, u64)) -> Result<(u64, u64), Refusal> {
    match text {
        None => Ok(default),
        Some(t) => parse_counts(t).map_err(|e| {
            Refusal::usage(
                Opt::Branching,
                words![Word::set(Opt::Branching, format!("{t:?}")), format!(": {e}")],
            )
        }),
    }
}
