//! `gametree rules`: a game's rules.

use super::failure::Outcome;
use crate::games::GameName;

/// `gametree rules`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game.
    game: GameName,
}

impl Args {
    pub fn run(self) -> Outcome {
        super::output::print(self.game.entry().rules)
    }
}
