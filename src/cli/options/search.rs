//! `--search`: which search sets a tree's values.

use clap::ValueEnum;

/// The search a command runs over a tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SearchKind {
    /// Plain minimax over the whole explicit tree.
    Minimax,
    /// Alpha-beta: same value and decision, fewer nodes visited.
    Alphabeta,
}
