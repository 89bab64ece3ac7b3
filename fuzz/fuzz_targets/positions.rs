//! Every game's position parser: the first byte picks the game, the rest is the text.
//! A position that parses must print back, and its actions keep every invariant.
#![no_main]

use gametree::games::{
    ataxx::Ataxx, checkers::Checkers, gomoku::Gomoku, niujiao::Niujiao, tictactoe::TicTacToe,
};
use gametree::invariants::position_text;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let result = match which % 5 {
        0 => position_text(&Checkers, text),
        1 => position_text(&TicTacToe, text),
        2 => position_text(&Niujiao::default(), text),
        3 => position_text(&Ataxx, text),
        _ => position_text(&Gomoku::default(), text),
    };
    if let Err(e) = result {
        panic!("{e}");
    }
});
