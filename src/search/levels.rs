//! The machine's levels of play, as `play`, `match` and the browser's page
//! offer them: what each searches, so that every front door plays a level
//! alike.

use std::time::Duration;

use super::mcts::{self, Budget, Settings};
use crate::game::Game;

/// How well the machine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
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

impl Level {
    /// Every level, weakest first, each with the name a person gives it.
    pub const ALL: [(Level, &'static str); 6] = [
        (Level::Random, "random"),
        (Level::Easy, "easy"),
        (Level::Medium, "medium"),
        (Level::Hard, "hard"),
        (Level::Strong, "strong"),
        (Level::Mcts, "mcts"),
    ];
}

/// How long `strong` thinks a move by default, in milliseconds (and so how
/// many iterations `mcts` makes).
pub const DEFAULT_THINK: u64 = 1000;

/// The depth a level searches to: easy one ply; medium and hard a third and
/// two thirds of the game's own depth, but at least 2 and 3 plies. Games
/// searched deep by default are played no better at 2 or 3 plies than at 1 or
/// 2: in `match`, tic-tac-toe's 2 plies beat 3 and niujiao's 1 beat 2
/// (docs/play.md has the figures for every game).
pub fn level_depth<G: Game>(game: &G, level: Level) -> u8 {
    let own = game.default_depth();
    match level {
        Level::Random | Level::Strong | Level::Mcts => own,
        Level::Easy => 1,
        Level::Medium => (own / 3).max(2),
        Level::Hard => (2 * own / 3).max(3),
    }
}

/// Iterations `--level mcts` makes per millisecond of `--think`: counted, not
/// timed, so that a game can be played again move for move.
pub const PLAY_ITERATIONS_PER_MS: u64 = 50;

/// The settings of the `mcts` play level: `think` counted in iterations.
///
/// `max_nodes` is kept as given, never cut to what a tree can hold: each
/// iteration adds at most one node, so `n` iterations make at most `n + 1`
/// nodes, and a larger budget (up to `u64::MAX`) is never reached. Holding it
/// at `n + 1` changes no move, and keeps it within a tree's 32-bit ids, since
/// `n` is at most `MAX_ITERATIONS`.
pub fn mcts_for_play(think: Duration, seed: Option<u64>, max_nodes: u64) -> Settings {
    let n = (think.as_millis() as u64)
        .saturating_mul(PLAY_ITERATIONS_PER_MS)
        .clamp(1, u64::from(mcts::MAX_ITERATIONS));
    Settings {
        budget: Budget::Iterations(n as u32),
        seed: seed.unwrap_or(mcts::DEFAULT_SEED),
        max_nodes: max_nodes.min(n + 1),
        ..Settings::default()
    }
}
