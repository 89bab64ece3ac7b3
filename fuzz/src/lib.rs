//! What the fuzz targets share: choosing a game from the first input byte.

/// Runs `$body` with `$g` bound to the game picked by the byte `$which`, and panics
/// with the message of an `Err` it returns (the fuzzer's notion of a failure).
#[macro_export]
macro_rules! check_any_game {
    ($which:expr, |$g:ident| $body:expr) => {{
        use gametree::games::{
            ataxx::Ataxx, checkers::Checkers, gomoku::Gomoku, niujiao::Niujiao, tictactoe::TicTacToe,
        };
        let result: Result<(), String> = match $which % 5 {
            0 => {
                let $g = &Checkers;
                $body
            }
            1 => {
                let $g = &TicTacToe;
                $body
            }
            2 => {
                let $g = &Niujiao::default();
                $body
            }
            3 => {
                let $g = &Ataxx;
                $body
            }
            _ => {
                let $g = &Gomoku::default();
                $body
            }
        };
        if let Err(e) = result {
            panic!("{e}");
        }
    }};
}
