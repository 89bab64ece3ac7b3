//! The game and the position a command starts from.

use crate::cli::failure::Failure;
use crate::game::Game;
use crate::games::GameName;

/// `GAME [--position TEXT]`, shared by the commands that look at one position.
#[derive(clap::Args, Debug, Clone)]
pub struct GamePosition {
    /// The game.
    pub game: GameName,
    /// The position in the game's notation (default: the start).
    // An Ataxx position may start with `-` (an empty cell): taken as the value,
    // not as an unknown flag.
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
}

impl GamePosition {
    /// The position given, or the game's start.
    pub fn of<G: Game>(&self, game: &G) -> Result<G::Position, Failure> {
        position_or_start(game, self.position.as_deref())
    }
}

/// The position given with `--position`, or the game's start.
pub fn position_or_start<G: Game>(game: &G, text: Option<&str>) -> Result<G::Position, Failure> {
    match text {
        None => Ok(game.start()),
        Some(t) => game
            .parse_position(t)
            .map_err(|e| Failure::usage(format!("--position {}: {e}", crate::game::quoted_start(t)))),
    }
}
