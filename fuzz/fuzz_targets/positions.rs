//! Every game's position parser: the first byte picks the game, the rest is the text.
//! A position that parses must print back, and its actions keep every invariant.
#![no_main]

use gametree::invariants::position_text;
use gametree_fuzz::check_any_game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    check_any_game!(which, |g| position_text(g, text));
});
