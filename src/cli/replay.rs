//! `gametree replay`: a saved game, action by action.

use std::path::{Path, PathBuf};

use clap::ValueEnum;

use super::failure::{Failure, Outcome};
use super::lines::{input_name, quoted_start, read_small_file};
use crate::games::{GameName, Settings};
use crate::savegame::Header;

/// `gametree replay`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A file written by `save FILE` in `gametree play` (`-` for stdin).
    file: PathBuf,
    /// Draw boards in plain ASCII.
    #[arg(long)]
    ascii: bool,
}

impl Args {
    pub fn run(self) -> Outcome {
        let game = saved_game_name(&self.file)?;
        crate::with_game!(game, &Settings::default(), |g| super::play::replay(g, &self.file, self.ascii))
    }
}

/// What a saved game says before its moves: its game and settings.
pub fn saved_header(path: &Path) -> Result<Header, Failure> {
    let text = read_small_file(path).map_err(Failure::usage)?;
    crate::savegame::header(&text).map_err(|e| Failure::usage(format!("{}: {e}", input_name(path))))
}

/// The game a saved-game file names on its `game NAME` line.
fn saved_game_name(path: &Path) -> Result<GameName, Failure> {
    let name = saved_header(path)?.game;
    GameName::from_str(&name, true)
        .map_err(|_| Failure::usage(format!("{}: unknown game {}", input_name(path), quoted_start(&name))))
}
