//! The Python module `gametree._gametree`, which the package `gametree` (the
//! Python beside this crate) re-exports: the library's games, trees, searches
//! and exports, wired to Python. No engine code of its own: each function
//! does what the command line's command of the same name does, through the
//! same library functions, so that `Tree.to_json()` is the bytes `gametree
//! analyse ... --json -` writes.

mod exercise;
mod pytree;
mod run;

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use gametree::request::{Door, Refusal, Why};

// A budget refused (documented in gametree/_api.py).
create_exception!(gametree, BudgetError, PyRuntimeError);

/// A failure to report to Python: a refusal of the request layer, said in
/// Python's words (`depth=`, not `--depth`), as `ValueError` (bad input) or
/// `BudgetError`; or an error of Python's own.
pub enum Failure {
    Refused(Refusal),
    Python(PyErr),
}

/// What a function of the module gives: its value, or a failure.
pub type Answer<T> = Result<T, Failure>;

impl From<Refusal> for Failure {
    fn from(r: Refusal) -> Failure {
        Failure::Refused(r)
    }
}

impl From<PyErr> for Failure {
    fn from(e: PyErr) -> Failure {
        Failure::Python(e)
    }
}

impl From<Failure> for PyErr {
    fn from(f: Failure) -> PyErr {
        match f {
            Failure::Python(e) => e,
            Failure::Refused(r) if r.why == Why::Budget => BudgetError::new_err(r.in_door(Door::Python)),
            Failure::Refused(r) => PyValueError::new_err(r.in_door(Door::Python)),
        }
    }
}

#[pymodule]
fn _gametree(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(run::analyse, m)?)?;
    m.add_function(wrap_pyfunction!(run::perft, m)?)?;
    m.add_function(wrap_pyfunction!(run::best, m)?)?;
    m.add_function(wrap_pyfunction!(run::solve, m)?)?;
    m.add_function(wrap_pyfunction!(run::games, m)?)?;
    m.add_function(wrap_pyfunction!(run::textbook_tree, m)?)?;
    m.add_function(wrap_pyfunction!(run::_quiz, m)?)?;
    m.add_function(wrap_pyfunction!(run::_roster, m)?)?;
    m.add_function(wrap_pyfunction!(run::_check_trees, m)?)?;
    m.add_function(wrap_pyfunction!(exercise::_exercise, m)?)?;
    m.add_class::<pytree::Tree>()?;
    m.add_class::<pytree::Node>()?;
    m.add("BudgetError", m.py().get_type::<BudgetError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
