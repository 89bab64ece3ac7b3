//! `gametree rules`: a game's rules.

use super::failure::Outcome;
use crate::games::{GameName, Settings};

/// `gametree rules`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game.
    game: GameName,
}

impl Args {
    pub fn run(self) -> Outcome {
        crate::with_game!(self.game, &Settings::default(), |g| {
            super::output::print(crate::game::Presentation::rules(g))
        })
    }
}
