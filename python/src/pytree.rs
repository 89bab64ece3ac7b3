//! `Tree` and `Node`, the Python classes. A `Tree` holds the searched tree in
//! Rust; a `Node` is made only when one is asked for (indexing or iterating),
//! so a tree of 550,000 nodes is not 550,000 Python objects unless a program
//! walks them all.

use gametree::export::scope::Scope;
use gametree::request::check;
use gametree::search::trace::WindowEnd;
use pyo3::exceptions::{PyIndexError, PyMemoryError, PyValueError};
use pyo3::prelude::*;

use crate::{Answer, Failure};
use gametree::request::analysed::{Analysed, Asked, NodeFacts, NotWritten, Value};

// A searched tree, documented (and its exports signed) in gametree/_tree.py.
// A sequence: iterating is Python's own over `tree[0]`, `tree[1]`, ..., each
// node made as it is reached.
#[pyclass(module = "gametree", frozen, sequence)]
pub struct Tree {
    inner: Box<dyn Analysed>,
    /// The game's name.
    #[pyo3(get)]
    game: &'static str,
    /// The root position in the game's notation.
    #[pyo3(get)]
    position: String,
    /// The side to move at the root.
    #[pyo3(get)]
    to_move: &'static str,
    /// "minimax", "alphabeta", "deepening" or "mcts".
    #[pyo3(get)]
    search: &'static str,
    /// The depth the tree was built to (MCTS: its deepest node's).
    #[pyo3(get)]
    depth: u32,
    /// The action chosen at the root, None when the side to move cannot act.
    #[pyo3(get)]
    decision: Option<String>,
    /// The root's value: an int from the first player's point of view, or for
    /// MCTS the root's mean reward for the side to move (win 1, draw 1/2).
    #[pyo3(get)]
    value: PyObject,
    /// The line of best play from the root, as actions.
    #[pyo3(get)]
    line: Vec<String>,
    title: String,
}

impl Tree {
    pub fn new(py: Python<'_>, inner: Box<dyn Analysed>) -> Tree {
        let f = inner.facts();
        let (game, position, to_move, search, depth) = (f.game, f.position, f.to_move, f.search, f.depth);
        let (decision, value, line, title) = (f.decision, value_object(py, f.value), f.line, f.title);
        Tree { inner, game, position, to_move, search, depth, decision, value, line, title }
    }
}

/// A value as Python sees it: an int, or MCTS's mean reward as a float.
pub fn value_object(py: Python<'_>, v: Value) -> PyObject {
    match v {
        Value::Int(i) => i.into_pyobject(py).expect("an int").into_any().unbind(),
        Value::Mean(m) => m.into_pyobject(py).expect("a float").into_any().unbind(),
    }
}

/// A window's end: an int, or -inf and inf as floats.
fn end_object(py: Python<'_>, e: WindowEnd) -> PyObject {
    let inf = |x: f64| x.into_pyobject(py).expect("a float").into_any().unbind();
    match e {
        WindowEnd::MinusInfinity => inf(f64::NEG_INFINITY),
        WindowEnd::PlusInfinity => inf(f64::INFINITY),
        WindowEnd::Value(v) => v.into_pyobject(py).expect("an int").into_any().unbind(),
    }
}

/// What a drawing draws, from `show_depth=` and `show_line=`.
fn scope(show_depth: Option<u8>, show_line: bool) -> Answer<Scope> {
    Ok(check::scope(show_depth.map(i64::from), show_line)?)
}

impl Tree {
    /// The export `asked` for, `named` as Python calls it, within
    /// `max_bytes` (the library's `Analysed::export`), the GIL released;
    /// memory the allocator cannot give is a MemoryError.
    fn export(&self, py: Python<'_>, asked: Asked, named: &str, max_bytes: Option<i64>) -> Answer<String> {
        let inner = &*self.inner;
        py.allow_threads(|| inner.export(asked, named, max_bytes)).map_err(|e| match e {
            NotWritten::Refused(r) => Failure::from(r),
            NotWritten::OutOfMemory(m) => PyMemoryError::new_err(m).into(),
            NotWritten::Failed(m) => PyValueError::new_err(m).into(),
        })
    }
}

#[pymethods]
impl Tree {
    // `Tree.iterations` (documented in gametree/_tree.py): deepening's, or None.
    #[getter]
    fn iterations(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let Some(d) = self.inner.deepening() else { return Ok(None) };
        // The JSON writer's own object, read by Python's json: the same keys,
        // numbers and rounding as `--json`.
        let text = d["iterations"].to_string();
        let loads = py.import("json")?.getattr("loads")?;
        Ok(Some(loads.call1((text,))?.unbind()))
    }

    /// The root, node 0.
    #[getter]
    fn root(&self, py: Python<'_>) -> Node {
        Node::of(py, self.inner.node(0))
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    /// Node `i` (negative counts from the end, as for a list).
    fn __getitem__(&self, py: Python<'_>, i: isize) -> PyResult<Node> {
        let len = self.inner.len() as isize;
        let at = if i < 0 { i + len } else { i };
        if !(0..len).contains(&at) {
            return Err(PyIndexError::new_err(format!("node {i} is not in a tree of {len} nodes")));
        }
        Ok(Node::of(py, self.inner.node(at as u32)))
    }

    fn __repr__(&self) -> String {
        format!("<gametree.Tree {}>", self.title)
    }

    // The exports, documented in gametree/_tree.py: `--json -`, `--dot`, ...
    #[pyo3(signature = (max_bytes=None))]
    fn to_json(&self, py: Python<'_>, max_bytes: Option<i64>) -> Answer<String> {
        self.export(py, Asked::Json, "to_json()", max_bytes)
    }

    #[pyo3(signature = (show_depth=None, show_line=false, max_bytes=None))]
    fn to_dot(
        &self,
        py: Python<'_>,
        show_depth: Option<u8>,
        show_line: bool,
        max_bytes: Option<i64>,
    ) -> Answer<String> {
        self.export(py, Asked::Dot(scope(show_depth, show_line)?), "to_dot()", max_bytes)
    }

    #[pyo3(signature = (max_bytes=None))]
    fn to_efg(&self, py: Python<'_>, max_bytes: Option<i64>) -> Answer<String> {
        self.export(py, Asked::Efg, "to_efg()", max_bytes)
    }

    #[pyo3(signature = (show_depth=None, show_line=false, max_bytes=None))]
    fn to_html(
        &self,
        py: Python<'_>,
        show_depth: Option<u8>,
        show_line: bool,
        max_bytes: Option<i64>,
    ) -> Answer<String> {
        self.export(py, Asked::Html(scope(show_depth, show_line)?), "to_html()", max_bytes)
    }

    /// The explorer inline in a notebook, after a still drawing for untrusted ones.
    fn _repr_html_(&self, py: Python<'_>) -> String {
        let inner = &*self.inner;
        py.allow_threads(|| gametree::request::notebook::cell(inner))
    }
}

// A node of a Tree, documented in gametree/_tree.py.
#[pyclass(module = "gametree", frozen, get_all)]
pub struct Node {
    id: u32,
    parent: Option<u32>,
    children: Vec<u32>,
    depth: u32,
    action: Option<String>,
    name: String,
    position: String,
    to_move: &'static str,
    board: Vec<String>,
    value: Option<PyObject>,
    alpha: Option<PyObject>,
    beta: Option<PyObject>,
    pruned: bool,
    visits: Option<u32>,
}

impl Node {
    fn of(py: Python<'_>, n: NodeFacts) -> Node {
        Node {
            id: n.id,
            parent: n.parent,
            children: n.children,
            depth: n.depth,
            action: n.action,
            name: n.name,
            position: n.position,
            to_move: n.to_move,
            board: n.board,
            value: n.value.map(|v| value_object(py, v)),
            alpha: n.alpha.map(|e| end_object(py, e)),
            beta: n.beta.map(|e| end_object(py, e)),
            pruned: n.pruned,
            visits: n.visits,
        }
    }
}

#[pymethods]
impl Node {
    fn __repr__(&self, py: Python<'_>) -> String {
        let shown = |o: &Option<PyObject>| match o {
            Some(v) => v.bind(py).repr().map_or_else(|_| "?".into(), |r| r.to_string()),
            None => "None".into(),
        };
        format!(
            "<gametree.Node {} action={} value={} alpha={} beta={} pruned={}>",
            self.id,
            self.action.as_deref().unwrap_or("None"),
            shown(&self.value),
            shown(&self.alpha),
            shown(&self.beta),
            if self.pruned { "True" } else { "False" }
        )
    }
}
