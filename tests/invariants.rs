//! The readers' invariants of `src/invariants.rs` on damaged and random input:
//! saved games of every game cut short or spliced with junk, and the checkers
//! protocol on any bytes (the fuzz targets call the same checks with what the
//! fuzzer finds). Each game's rules and notation are checked in conformance.rs.

use gametree::games::{ALL, Settings};
use gametree::invariants;
use gametree::savegame::SavedGame;
use gametree::with_game;
use proptest::prelude::*;

use crate::support::playing;
use playing::random_game;

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn saved_games_round_trip_and_damaged_ones_are_refused(
        choices in prop::collection::vec(any::<u32>(), 0..40), cut in any::<usize>(), junk in "[a-z0-9 \n#-]{0,12}",
    ) {
        for &name in ALL {
            with_game!(name, &Settings::default(), |g| {
                let text = random_game(g, &choices).to_text(g);
                // Cut short or with junk spliced in: refused with a line, or a
                // game that round-trips.
                let at = cut % (text.len() + 1);
                for damaged in [text[..at].to_string(), format!("{}{junk}{}", &text[..at], &text[at..])] {
                    invariants::saved_game_text(g, &damaged).map_err(TestCaseError::fail)?;
                    if let Err(e) = SavedGame::parse(g, &damaged) {
                        prop_assert!(e.line <= damaged.lines().count(), "{}: {}", name, e);
                    }
                }
            });
        }
    }

    #[test]
    fn the_protocol_reader_survives_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        invariants::protocol_input(&bytes).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn the_protocol_reader_survives_near_miss_inputs(
        lines in prop::collection::vec("[A-J]?[0-9]?-?[A-Ja-h]?[0-9]?|A|P| |\r", 0..30),
    ) {
        invariants::protocol_input(lines.join("\n").as_bytes()).map_err(TestCaseError::fail)?;
    }
}
