//! `exercise`: one exercise's files, as `gametree exercise --out DIR` writes
//! them (a random textbook tree from a seed, or a game's position), by the
//! library's `exercise::files`. The package's `gametree.exercise` wraps them
//! as an `Exercise`.

use gametree::exercise::files::{self, Asked, Unfit};
use gametree::exercise::generate::{Constraints, generate};
use gametree::exercise::page::Paper;
use gametree::export::analysis::SearchKind;
use gametree::game::prelude::*;
use gametree::games::Settings;
use gametree::games::tree::TextbookTree;
use gametree::search::alphabeta::Pruning;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::Failure;
use crate::run::{game_named, position_or_start, position_text, released};

/// The deepest exercise (the command line's `--depth` range for `exercise`).
const MAX_DEPTH: i64 = 8;

/// The page's "New exercise", past the last of a batch, says how to make
/// more; from Python, as a call rather than a command.
fn python_navigation(seed: u64) -> gametree::export::html::Addon {
    let mut nav = files::navigation(1, 1, seed);
    nav.data["more"] = format!("the same gametree.exercise call with seed={}.", seed.wrapping_add(1)).into();
    nav
}

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
) -> PyResult<Vec<(String, PyObject)>> {
    if !(1..=MAX_DEPTH).contains(&depth) {
        return Err(
            Failure::Usage(format!("--depth {depth}: an exercise has 1 to {MAX_DEPTH} levels")).into()
        );
    }
    let depth = depth as u8;
    let search = match search {
        "alphabeta" => SearchKind::Alphabeta,
        "minimax" => SearchKind::Minimax,
        other => {
            return Err(Failure::Usage(format!(
                "--search {other:?}: an exercise is searched by \"minimax\" or \"alphabeta\""
            ))
            .into());
        }
    };
    let rule = if prune_on_ties { Pruning::OnTies } else { Pruning::PastBound };
    if search == SearchKind::Minimax && rule != Pruning::default() {
        return Err(Failure::Usage(
            "--no-prune-on-ties is about alpha-beta; drop it or use --search alphabeta".into(),
        )
        .into());
    }
    let paper = match paper {
        "a4" => Paper::A4,
        "letter" => Paper::Letter,
        other => {
            return Err(
                Failure::Usage(format!("--paper {other:?}: the papers are \"a4\" and \"letter\"")).into()
            );
        }
    };
    let position = position_text(position)?;
    let game = match game {
        Some(name) => Some(game_named(name)?),
        None if position.is_some() => {
            return Err(Failure::Usage(
                "position is a game's: give game= too (\"tree\" for a tree of your own)".into(),
            )
            .into());
        }
        None => None,
    };
    if game.is_some()
        && let Some(what) =
            [(seed.is_some(), "seed"), (branching.is_some(), "branching"), (leaves.is_some(), "leaves")]
                .into_iter()
                .find_map(|(given, what)| given.then_some(what))
    {
        return Err(Failure::Usage(format!(
            "{what} shapes a random tree; a game's position is drawn as it is (drop {what} or game)"
        ))
        .into());
    }
    // As the command line: a game's position must have a cut-off to show, a
    // random tree the two it is drawn with, unless told otherwise.
    let cutoffs = cutoffs.unwrap_or(if game.is_some() { 1 } else { 2 });
    let asked = Asked { search, rule, paper, cutoffs, cut_above_leaves, from_position: game.is_some() };
    let unfit = |e: Unfit| match e {
        Unfit::TooBig(why) => Failure::Budget(why),
        Unfit::Unsuitable(why) => Failure::Usage(why),
    };
    let made = released(py, move |_| match game {
        Some(name) => gametree::with_game!(name, &Settings::default(), |g| {
            let pos = position_or_start(g, position.as_deref())?;
            let g = &g.for_machine(g.to_move(&pos));
            let title = format!("Exercise: {} to move", g.player_name(g.to_move(&pos)));
            files::files(g, pos, depth, title, asked, &[]).map_err(unfit)
        }),
        None => {
            let seed = seed.unwrap_or(1);
            let constraints = Constraints {
                depth,
                branching: branching.unwrap_or((2, 3)),
                leaves: leaves.unwrap_or((0, 20)),
                cutoffs,
                cut_above_leaves,
                rule,
                ..Constraints::default()
            };
            let text =
                generate(seed, &constraints, search == SearchKind::Alphabeta).map_err(Failure::Usage)?;
            let tree = TextbookTree::default();
            let pos = tree.parse_position(&text).expect("generated trees are well formed");
            let nav = [python_navigation(seed)];
            files::files(&tree, pos, depth, "Exercise 1".to_string(), asked, &nav).map_err(unfit)
        }
    })?;
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
