//! `exercise`: one exercise's files, as `gametree exercise --out DIR` writes
//! them (a random textbook tree from a seed, or a game's position), by the
//! library's `exercise::files`. The package's `gametree.exercise` wraps them
//! as an `Exercise`.

use gametree::request::exercise::ExerciseArgs;
use gametree::request::{Door, Search, check};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::Answer;
use crate::run::{position_text, released};

/// The files of one exercise, by the names `gametree exercise` gives them:
/// text as str, the PDFs as bytes. `gametree.exercise` wraps it.
#[pyfunction]
#[pyo3(signature = (seed=None, depth=3, branching=None, leaves=None, cutoffs=None, cut_above_leaves=false, search="alphabeta", prune_on_ties=true, paper="a4", game=None, position=None))]
#[allow(clippy::too_many_arguments)]
pub fn _exercise(
    py: Python<'_>,
    seed: Option<u64>,
    depth: i64,
    branching: Option<(u64, u64)>,
    leaves: Option<(i32, i32)>,
    cutoffs: Option<u32>,
    cut_above_leaves: bool,
    search: &str,
    prune_on_ties: bool,
    paper: &str,
    game: Option<&str>,
    position: Option<&Bound<'_, PyAny>>,
) -> Answer<Vec<(String, PyObject)>> {
    let search = check::search(search, &[Search::Minimax, Search::Alphabeta])?;
    let args = ExerciseArgs {
        seed,
        depth: Some(depth),
        branching,
        leaves,
        cutoffs: cutoffs.map(i64::from),
        cut_above_leaves,
        search,
        no_prune_on_ties: !prune_on_ties,
        paper: check::paper(paper)?,
        game: game.map(check::game).transpose()?,
        position: position_text(position)?,
    };
    let exercise = args.check()?;
    let made = released(py, move || Ok(exercise.files(1, 1, Door::Python)?))?;
    made.into_iter()
        .map(|(name, bytes)| {
            let value = if name.ends_with(".pdf") {
                PyBytes::new(py, &bytes).into_any().unbind()
            } else {
                let text = String::from_utf8(bytes).expect("the text files are UTF-8");
                PyString::new(py, &text).into_any().unbind()
            };
            Ok((name.to_string(), value))
        })
        .collect()
}
