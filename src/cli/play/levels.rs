//! Who plays each side, and how well the machine plays (`play` and `match`).

use clap::ValueEnum;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Who {
    Human,
    Machine,
}

pub use crate::search::levels::Level;
