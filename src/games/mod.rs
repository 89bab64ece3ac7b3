//! The rules of each game, one folder each, and the one list of games; nothing
//! here knows about trees or output.
//!
//! To add a game: write its folder (its rules, notation and drawing, and
//! [`Registered`]: name, options, configuration), then add one line to the list
//! below. The command line's choices and options, saved games, the fuzz targets,
//! the `--depth` help and every test "for every game" follow the list.

pub mod ataxx;
pub mod checkers;
pub mod gomoku;
pub mod niujiao;
mod registry;
pub mod tictactoe;
pub mod tree;

pub use registry::{
    Entry, GameName, GameOption, Registered, Settings, check, for_solve, games_taking, options,
};

/// The one list of games: calls `$callback!` with its arguments and each game's
/// type. Read through [`ALL`], [`ENTRIES`] and [`crate::with_game!`].
#[doc(hidden)]
#[macro_export]
macro_rules! __each_game {
    ($callback:ident! $args:tt) => {
        $crate::$callback! { $args
            $crate::games::checkers::Checkers,
            $crate::games::tictactoe::TicTacToe,
            $crate::games::niujiao::Niujiao,
            $crate::games::ataxx::Ataxx,
            $crate::games::gomoku::Gomoku,
            $crate::games::tree::TextbookTree,
        }
    };
}

/// Every game, in the list's order.
pub const ALL: &[GameName] = crate::__each_game!(__game_names! {});

/// What the list says of each game, in the same order.
pub const ENTRIES: &[Entry] = crate::__each_game!(__game_entries! {});
