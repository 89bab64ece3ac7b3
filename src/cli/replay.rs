//! `gametree replay`: a saved game, action by action.

use std::path::{Path, PathBuf};

use clap::ValueEnum;

use super::failure::{Failure, Outcome};
use super::lines::{input_name, quoted_start};
use super::play::saved_header;
use crate::games::{GameName, Settings};

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

/// The game a saved-game file names on its `game NAME` line.
fn saved_game_name(path: &Path) -> Result<GameName, Failure> {
    let name = saved_header(path)?.game;
    GameName::from_str(&name, true)
        .map_err(|_| Failure::usage(format!("{}: unknown game {}", input_name(path), quoted_start(&name))))
}
