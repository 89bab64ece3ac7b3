//! The argument groups several commands share, each flattened into the
//! commands that take it.

pub mod game;
pub mod position;
pub mod search;
pub mod tree;
