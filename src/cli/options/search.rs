//! `--search`: which search sets a tree's values (the library's kinds, which
//! the Python module takes too).

pub use crate::search::run::Search;
