//! The module's functions, which gametree/_api.py signs and documents for
//! Python: each checks its arguments as the command line's command of the same
//! name does, with the same one-line messages, then calls the same library.

use gametree::exercise::generate::Drawn;
use gametree::games::Settings;
use gametree::games::tree::MAX_HEIGHT;
use gametree::request::analyse::{AnalyseArgs, MctsArgs};
use gametree::request::analysed::analysed;
use gametree::request::best::{BestArgs, best as best_of};
use gametree::request::exercise::{ExerciseArgs, QuizArgs};
use gametree::request::perft::{PerftArgs, count as perft_count};
use gametree::request::solve::{self as solving, SolveArgs};
use gametree::request::{Search as RequestSearch, check};
use gametree::search::stop::{self, Watched};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList, PyTuple};

use crate::pytree::{Tree, value_object};
use crate::{Answer, Failure};

/// Runs `job` without the GIL on a thread of its own, so that a long build
/// lets other Python threads run and Ctrl-C is heard: the calling thread
/// waits, looking at Python's signals every 50 ms; on one (a
/// `KeyboardInterrupt`) the library asks the job to stop, which a tree build,
/// the solver, MCTS, alpha-beta and perft heed within milliseconds, and it
/// is raised once the job has ended (`gametree::search::stop::watched`). A
/// panic, which would be a bug, becomes a `RuntimeError` rather than
/// crossing into Python.
pub(crate) fn released<T: Send>(
    py: Python<'_>,
    job: impl FnOnce() -> Result<T, Failure> + Send,
) -> Answer<T> {
    let mut interrupted = None;
    let release = |wait: &mut (dyn FnMut() + Send)| py.allow_threads(wait);
    let asked = || py.check_signals().map_err(|e| interrupted = Some(e)).is_err();
    match stop::watched(job, release, asked) {
        Watched::Done(r) => r,
        Watched::Asked => Err(interrupted.expect("a stop is asked on a signal's error").into()),
        Watched::Panicked(what) => {
            Err(PyRuntimeError::new_err(format!("gametree: internal error: {what}")).into())
        }
    }
}

/// A position argument: the game's notation, or for the textbook trees a
/// nested list (`[[3, 12, 8], [2, 4, 6]]`), which the request layer writes
/// in the notation with the textbook's names (A, B, b1...).
pub(crate) fn position_text(position: Option<&Bound<'_, PyAny>>) -> Answer<Option<String>> {
    fn nested(item: &Bound<'_, PyAny>, depth: usize) -> PyResult<Drawn> {
        if depth > MAX_HEIGHT {
            return Err(PyValueError::new_err(format!("a tree is at most {MAX_HEIGHT} levels deep")));
        }
        if item.is_instance_of::<PyList>() || item.is_instance_of::<PyTuple>() {
            Ok(Drawn::Inner(item.try_iter()?.map(|c| nested(&c?, depth + 1)).collect::<PyResult<_>>()?))
        } else if let (false, Ok(v)) = (item.is_instance_of::<PyBool>(), item.extract::<i64>()) {
            Ok(Drawn::Leaf(v))
        } else {
            let kind = item.get_type().name()?;
            Err(PyTypeError::new_err(format!("a tree's nodes are lists and its leaves integers, not {kind}")))
        }
    }
    match position {
        None => Ok(None),
        Some(p) if p.is_none() => Ok(None),
        Some(p) => match p.extract::<String>() {
            Ok(s) => Ok(Some(s)),
            Err(_) => Ok(Some(check::nested_tree(&nested(p, 0)?)?)),
        },
    }
}

/// `gametree.analyse` (documented in gametree/_api.py): `gametree analyse`.
#[pyfunction]
#[pyo3(signature = (game, position=None, depth=None, search="minimax", prune_on_ties=true, compare_orders=false, iterations=None, seed=None, uct_c=None, rollout=None, solver=false, compare=false, max_nodes=None, threads=None))]
#[allow(clippy::too_many_arguments)]
pub fn analyse(
    py: Python<'_>,
    game: &str,
    position: Option<&Bound<'_, PyAny>>,
    depth: Option<i64>,
    search: &str,
    prune_on_ties: bool,
    compare_orders: bool,
    iterations: Option<i64>,
    seed: Option<u64>,
    uct_c: Option<f64>,
    rollout: Option<&str>,
    solver: bool,
    compare: bool,
    max_nodes: Option<i64>,
    threads: Option<i64>,
) -> Answer<Tree> {
    let name = check::game(game)?;
    let args = AnalyseArgs {
        search: check::search(search, &RequestSearch::ALL)?,
        depth,
        max_nodes,
        threads,
        no_prune_on_ties: !prune_on_ties,
        compare_orders,
        mcts: MctsArgs {
            iterations,
            seed,
            uct_c,
            rollout: rollout.map(check::rollout).transpose()?,
            solver,
            compare,
            think: None,
        },
        ..AnalyseArgs::default()
    };
    let request = args.check()?;
    let position = position_text(position)?;
    let inner = released(py, move || {
        gametree::with_game!(name, &Settings::default(), |g| Ok(analysed(g, position.as_deref(), &request)?))
    })?;
    Ok(Tree::new(py, inner))
}

/// `gametree.perft` (documented in gametree/_api.py): `gametree perft`.
#[pyfunction]
#[pyo3(signature = (game, depth, position=None, threads=None, max_nodes=None, max_time=None))]
#[allow(clippy::too_many_arguments)]
pub fn perft(
    py: Python<'_>,
    game: &str,
    depth: i64,
    position: Option<&Bound<'_, PyAny>>,
    threads: Option<i64>,
    max_nodes: Option<i64>,
    max_time: Option<f64>,
) -> Answer<Vec<u64>> {
    let name = check::game(game)?;
    let position = position_text(position)?;
    let args = PerftArgs { depth: Some(depth), divide: false, max_nodes, max_time, threads };
    let request = args.check()?;
    released(py, move || {
        gametree::with_game!(name, &Settings::default(), |g| {
            let pos = check::position(g, position.as_deref())?;
            Ok(perft_count(g, &pos, &request)?.by_depth)
        })
    })
}

/// `gametree.best` (documented in gametree/_api.py): `gametree best`.
#[pyfunction]
#[pyo3(signature = (game, position=None, depth=None, search="alphabeta", iterations=None, seed=None, max_nodes=None))]
#[allow(clippy::too_many_arguments)]
pub fn best(
    py: Python<'_>,
    game: &str,
    position: Option<&Bound<'_, PyAny>>,
    depth: Option<i64>,
    search: &str,
    iterations: Option<i64>,
    seed: Option<u64>,
    max_nodes: Option<i64>,
) -> Answer<(Option<String>, PyObject)> {
    let name = check::game(game)?;
    let args = BestArgs {
        search: check::search(search, &RequestSearch::ALL)?,
        depth,
        max_nodes,
        threads: None,
        mcts: MctsArgs { iterations, seed, ..MctsArgs::default() },
    };
    let request = args.check()?;
    let position = position_text(position)?;
    let found = released(py, move || {
        gametree::with_game!(name, &Settings::default(), |g| {
            let pos = check::position(g, position.as_deref())?;
            Ok(best_of(g, pos, &request)?)
        })
    })?;
    Ok((found.action, value_object(py, found.value)))
}

/// `gametree.solve` (documented in gametree/_api.py): `gametree solve`.
#[pyfunction]
#[pyo3(signature = (game, position=None, max_memory=None, max_positions=None))]
pub fn solve(
    py: Python<'_>,
    game: &str,
    position: Option<&Bound<'_, PyAny>>,
    max_memory: Option<i64>,
    max_positions: Option<i64>,
) -> Answer<String> {
    let name = check::game(game)?;
    let position = position_text(position)?;
    let request = SolveArgs { max_memory, max_positions }.check()?;
    released(py, move || {
        gametree::with_game!(name, &solving::settings(name, &Settings::default()), |g| {
            let pos = check::position(g, position.as_deref())?;
            Ok(solving::solve(g, &pos, &request, &mut |_| {})?.to_string())
        })
    })
}

/// `gametree.games` (documented in gametree/_api.py): the request layer's list.
#[pyfunction]
pub fn games(py: Python<'_>) -> Answer<Vec<PyObject>> {
    gametree::request::games::list()
        .into_iter()
        .map(|listed| {
            let d = pyo3::types::PyDict::new(py);
            d.set_item("name", listed.name)?;
            d.set_item("about", listed.about)?;
            d.set_item("depth", listed.depth)?;
            d.set_item("start", listed.start)?;
            Ok(d.into_any().unbind())
        })
        .collect()
}

/// `gametree.textbook_tree` (documented in gametree/_api.py): `exercise --seed`'s tree.
#[pyfunction]
#[pyo3(signature = (seed, depth=3, branching=(2, 3), leaves=(0, 20), cutoffs=2, prune_on_ties=true, search="alphabeta"))]
#[allow(clippy::too_many_arguments)]
pub fn textbook_tree(
    py: Python<'_>,
    seed: u64,
    depth: i64,
    branching: (u64, u64),
    leaves: (i32, i32),
    cutoffs: i64,
    prune_on_ties: bool,
    search: &str,
) -> Answer<String> {
    let search = check::search(search, &[RequestSearch::Minimax, RequestSearch::Alphabeta])?;
    let args = ExerciseArgs {
        seed: Some(seed),
        depth: Some(depth),
        branching: Some(branching),
        leaves: Some(leaves),
        cutoffs: Some(cutoffs),
        search,
        no_prune_on_ties: !prune_on_ties,
        ..ExerciseArgs::default()
    };
    let exercise = args.check()?;
    released(py, move || Ok(exercise.tree_text(1)?))
}

/// The names of a class list's text, as `gametree exercise --class` reads
/// them (`quiz::roster`), held to the class budget (naming the file `list`).
/// `gametree.quiz` reads its file through it.
#[pyfunction]
#[pyo3(signature = (text, list=None))]
pub fn _roster(text: &str, list: Option<&str>) -> Answer<Vec<String>> {
    Ok(gametree::request::exercise::roster(text, list)?)
}

/// `grade`'s `trees`, held to the table's budget (1 to 10,000) before the
/// first tree is drawn: any Python int, however large.
#[pyfunction]
pub fn _check_trees(trees: &Bound<'_, PyAny>) -> Answer<u64> {
    let given = match trees.extract::<i64>() {
        Ok(n) => i128::from(n),
        Err(_) if trees.lt(0)? => i128::MIN,
        Err(_) => i128::MAX,
    };
    Ok(gametree::request::budget::trees(given, &trees.str()?.to_string())?)
}

/// The quiz of `names` (one tree each, from seeds `seed`, `seed + 1`, ...):
/// Moodle XML, GIFT, and the key as JSON (each student's name, tree and
/// answers as `gametree exercise` writes them). `gametree.quiz` wraps it.
#[pyfunction]
#[pyo3(signature = (names, seed=1, search="alphabeta", prune_on_ties=true, depth=3, category=None))]
pub fn _quiz(
    py: Python<'_>,
    names: Vec<String>,
    seed: u64,
    search: &str,
    prune_on_ties: bool,
    depth: u8,
    category: Option<String>,
) -> Answer<(String, String, String)> {
    let (search, no_prune_on_ties) = (search.to_string(), !prune_on_ties);
    let args = QuizArgs { names, seed, search, no_prune_on_ties, depth, category };
    let quiz = args.check()?;
    released(py, move || {
        let q = quiz.made()?;
        Ok((q.moodle, q.gift, q.key))
    })
}
