//! `--search`: which search sets a tree's values (the library's own list, which
//! the browser takes too).

pub use crate::export::analysis::SearchKind;
