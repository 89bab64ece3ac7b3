//! Who plays each side, and how well the machine plays (`play` and `match`).

use clap::ValueEnum;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Who {
    Human,
    Machine,
}

/// How well the machine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Level {
    /// Any legal action, at random.
    Random,
    /// Search 1 ply.
    Easy,
    /// Search 2 plies.
    Medium,
    /// Search 3 plies.
    Hard,
    /// Alpha-beta deeper and deeper for --think milliseconds, at least to
    /// the game's own depth.
    Strong,
}
