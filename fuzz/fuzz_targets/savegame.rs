//! The saved-game reader: the first byte picks the game. A file that reads must
//! write out and read back as the same game.
#![no_main]

use gametree::invariants::saved_game_text;
use gametree_fuzz::check_any_game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    check_any_game!(which, |g| saved_game_text(g, text));
});
