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
    /// Search 2 plies, or a third of the game's own depth if more (3 in tic-tac-toe and niujiao).
    Medium,
    /// Search 3 plies, or two thirds of the game's own depth if more (6 in tic-tac-toe and niujiao).
    Hard,
    /// Alpha-beta deeper and deeper for --think milliseconds, at least to
    /// the game's own depth.
    Strong,
    /// Monte Carlo tree search (UCT, random playouts), 50 iterations per
    /// --think millisecond, seeded (default seed 1).
    Mcts,
}
