//! Every game's action parser: the first byte picks the game; the text is a
//! position (the start if it does not parse), a newline, and an action. An action
//! that reads must be legal there.
#![no_main]

use gametree::game::Game;
use gametree::games::{
    ataxx::Ataxx, checkers::Checkers, gomoku::Gomoku, niujiao::Niujiao, tictactoe::TicTacToe,
};
use gametree::invariants::action_text;
use libfuzzer_sys::fuzz_target;

fn check<G: Game>(game: &G, text: &str) -> Result<(), String> {
    let (position, action) = text.split_once('\n').unwrap_or(("", text));
    let pos = game.parse_position(position).unwrap_or_else(|_| game.start());
    action_text(game, &pos, action)
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let result = match which % 5 {
        0 => check(&Checkers, text),
        1 => check(&TicTacToe, text),
        2 => check(&Niujiao::default(), text),
        3 => check(&Ataxx, text),
        _ => check(&Gomoku::default(), text),
    };
    if let Err(e) = result {
        panic!("{e}");
    }
});
