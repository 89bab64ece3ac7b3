//! `gametree play`'s arguments.

use std::path::PathBuf;
use std::time::Duration;

use super::levels::{Level, Who};
use super::settings::Given;
use crate::cli::failure::Outcome;
use crate::cli::options::game::GameOptions;
use crate::cli::options::tree::MAX_DEPTH;
use crate::games::GameName;

/// `gametree play`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game; without it, a person at a terminal is asked which.
    game: Option<GameName>,
    /// Who plays the first side (black, x, red); default human, or the saved game's.
    #[arg(long, value_enum)]
    first: Option<Who>,
    /// Who plays the second side (white, o, blue); default machine, or the saved game's.
    #[arg(long, value_enum)]
    second: Option<Who>,
    /// Start from this position (its side to move starts).
    #[arg(long, conflicts_with = "resume")]
    position: Option<String>,
    /// Go on with a game saved with `save FILE`, with its sides, level and
    /// settings (options given here replace them, and say so); `-` reads it
    /// from stdin when the machine plays both sides.
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
    /// How well the machine plays (default strong, or the saved game's).
    #[arg(long, value_enum)]
    level: Option<Level>,
    /// The machine's search depth (overrides --level's).
    #[arg(long, value_parser = crate::cli::options::whole::<u8>(1, MAX_DEPTH))]
    depth: Option<u8>,
    /// Pick at random among equally good machine actions, reproducibly.
    #[arg(long)]
    seed: Option<u64>,
    /// The most positions the machine may examine for one action; past it,
    /// it plays the choice of the deepest search that fits (default 50000000).
    #[arg(long, value_parser = crate::cli::options::at_least::<u64>(1))]
    max_nodes: Option<u64>,
    /// Milliseconds `--level strong` thinks per move, searching deeper while
    /// time allows (default 1000; a --depth searches that depth instead).
    /// With --seed the time is counted in positions, at the game's usual
    /// rate, so that a seed plays the same game on any machine.
    #[arg(long, value_name = "MS", value_parser = crate::cli::options::whole::<u64>(1, crate::request::machine::MAX_THINK_MS))]
    think: Option<u64>,
    /// Milliseconds to wait after each move when the machine plays both sides
    /// (at most 60000: a minute a move).
    #[arg(long, value_name = "MS", default_value_t = 0, value_parser = crate::cli::options::whole::<u64>(0, 60_000))]
    delay: u64,
    /// Draw boards in plain ASCII (x and o, +-|) for terminals without
    /// box-drawing characters or ●/○.
    #[arg(long)]
    ascii: bool,
    /// Tell the machine's values as numbers too, and how deep it searched (the `verbose` command toggles it).
    #[arg(long)]
    verbose: bool,
    #[command(flatten)]
    game_options: GameOptions,
}

impl Args {
    pub fn run(self) -> Outcome {
        let Some(game) = self.game.map(Some).map_or_else(super::pick_game, Ok)? else { return Ok(()) };
        self.game_options.check(game)?;
        let given = Given {
            first: self.first,
            second: self.second,
            level: self.level,
            depth: self.depth,
            seed: self.seed,
            max_nodes: self.max_nodes,
            think: self.think,
            game: self.game_options.settings(),
        };
        let delay = Duration::from_millis(self.delay);
        let view = super::View { ascii: self.ascii, verbose: self.verbose };
        super::start(game, given, self.position.as_deref(), self.resume, delay, view)
    }
}
