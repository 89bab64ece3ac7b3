//! The built tree a Python object keeps between calls: the library's
//! [`gametree::tree::OwnedTree`], which owns the arena its nodes live in (a
//! `#[pyclass]` has no lifetimes, so it cannot hold a `Tree` that borrows one).

pub use gametree::tree::OwnedTree;
