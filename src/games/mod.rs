//! The rules of each game, one folder each, and the one list of games; nothing
//! here knows about trees or output.
//!
//! To add a game: write its folder (its rules, notation and drawing, and
//! [`Registered`]: a line about it, its rules text, options, configuration),
//! then add one line, `folder::Type,`, to the list below: it declares the
//! folder's module and puts the game in its place. The command line's choices
//! and options, saved games, the fuzz targets, the `--depth` help, the
//! README's tables of games (rewritten by `GAMETREE_REWRITE=1 cargo test
//! --profile quick --test suite generated::`), the schema's names of games and
//! every test "for every game" follow the list. docs/adding-a-game.md walks
//! through it.

mod registry;

pub use registry::{
    Entry, GameName, GameOption, Registered, Settings, check, for_solve, games_taking, options,
};

/// The one list of games, one line each: the game's folder (a module of
/// `games`) and its type. Calls `$callback!` with its arguments and each line;
/// read through [`ALL`], [`ENTRIES`] and [`crate::with_game!`].
#[doc(hidden)]
#[macro_export]
macro_rules! __each_game {
    ($callback:ident! $args:tt) => {
        $crate::$callback! { $args
            checkers::Checkers,
            tictactoe::TicTacToe,
            niujiao::Niujiao,
            ataxx::Ataxx,
            gomoku::Gomoku,
            tree::TextbookTree,
        }
    };
}

crate::__each_game!(__game_modules! {});

/// Every game, in the list's order.
pub const ALL: &[GameName] = crate::__each_game!(__game_names! {});

/// What the list says of each game, in the same order.
pub const ENTRIES: &[Entry] = crate::__each_game!(__game_entries! {});
