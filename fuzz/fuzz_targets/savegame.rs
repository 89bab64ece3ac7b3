//! The saved-game reader: the first byte picks the game. A file that reads must
//! write out and read back as the same game.
#![no_main]

use gametree::games::{
    ataxx::Ataxx, checkers::Checkers, gomoku::Gomoku, niujiao::Niujiao, tictactoe::TicTacToe,
};
use gametree::invariants::saved_game_text;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let result = match which % 5 {
        0 => saved_game_text(&Checkers, text),
        1 => saved_game_text(&TicTacToe, text),
        2 => saved_game_text(&Niujiao::default(), text),
        3 => saved_game_text(&Ataxx, text),
        _ => saved_game_text(&Gomoku::default(), text),
    };
    if let Err(e) = result {
        panic!("{e}");
    }
});
