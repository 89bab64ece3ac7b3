//! The rules of each game; nothing here knows about trees or output.
//!
//! To add a game: write its module, then add it to `GameName` and to `with_game!`
//! below (one line each).

pub mod ataxx;
pub mod checkers;
mod framed;
pub mod gomoku;
pub mod niujiao;
pub mod tictactoe;
pub mod tree;

/// The games the command line knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GameName {
    Checkers,
    Tictactoe,
    Niujiao,
    Ataxx,
    Gomoku,
    Tree,
}

/// Settings some games take; each game reads what concerns it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameSettings {
    /// Niujiao: plies before a game is drawn; `Some(0)` means no limit.
    pub max_plies: Option<u16>,
    /// Gomoku: the weight of the opponent's patterns.
    pub defence: Option<i32>,
    /// Gomoku: candidate points lie within this distance of a stone.
    pub radius: Option<u8>,
}

/// Runs `$body` with `$g` bound to a reference to the named game, configured from
/// `$settings`: the one place where game names meet game types.
#[macro_export]
macro_rules! with_game {
    ($name:expr, $settings:expr, |$g:ident| $body:expr) => {{
        use $crate::games::{GameName, ataxx, checkers, gomoku, niujiao, tictactoe, tree as textbook};
        let settings: &$crate::games::GameSettings = $settings;
        match $name {
            GameName::Checkers => {
                let $g = &checkers::Checkers;
                $body
            }
            GameName::Tictactoe => {
                let $g = &tictactoe::TicTacToe;
                $body
            }
            GameName::Niujiao => {
                let $g = &niujiao::Niujiao {
                    max_plies: match settings.max_plies {
                        None => Some(niujiao::DEFAULT_MAX_PLIES),
                        Some(0) => None,
                        limit => limit,
                    },
                };
                $body
            }
            GameName::Ataxx => {
                let $g = &ataxx::Ataxx;
                $body
            }
            GameName::Gomoku => {
                let defaults = gomoku::Gomoku::default();
                let $g = &gomoku::Gomoku {
                    defence: settings.defence.unwrap_or(defaults.defence),
                    radius: settings.radius.unwrap_or(defaults.radius),
                    ..defaults
                };
                $body
            }
            GameName::Tree => {
                let $g = &textbook::TextbookTree::default();
                $body
            }
        }
    }};
}
