//! Every game's action parser: the first byte picks the game; the text is a
//! position (the start if it does not parse), a newline, and an action. An action
//! that reads must be legal there.
#![no_main]

use gametree::game::prelude::*;
use gametree::invariants::action_text;
use gametree_fuzz::check_any_game;
use libfuzzer_sys::fuzz_target;

fn check<G: Game>(game: &G, text: &str) -> Result<(), String> {
    let (position, action) = text.split_once('\n').unwrap_or(("", text));
    let pos = game.parse_position(position).unwrap_or_else(|_| game.start());
    action_text(game, &pos, action)
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    check_any_game!(which, |g| check(g, text));
});
