//! The rules of each game; nothing here knows about trees or output.

pub mod checkers;
