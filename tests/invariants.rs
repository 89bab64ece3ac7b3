//! The invariants of `src/invariants.rs` on random valid positions, random text and
//! random bytes, for every game and every reader (the fuzz targets call the same
//! checks with what the fuzzer finds).

use gametree::game::Oracle;
use gametree::game::prelude::*;
use gametree::games::ataxx::Ataxx;
use gametree::games::checkers::Checkers;
use gametree::games::gomoku::Gomoku;
use gametree::games::niujiao::Niujiao;
use gametree::games::tictactoe::TicTacToe;
use gametree::invariants;
use gametree::savegame::SavedGame;
use proptest::prelude::*;

/// A random playout of up to `choices.len()` actions, checking every position on
/// the way, and the saved form of the game.
fn playout_checked<G: Game + Oracle>(game: &G, choices: &[u32]) -> Result<SavedGame<G>, TestCaseError> {
    let mut pos = game.start();
    let mut saved = SavedGame { settings: Vec::new(), start: pos.clone(), actions: Vec::new() };
    let mut actions = Vec::new();
    for &c in choices {
        invariants::position(game, &pos).map_err(TestCaseError::fail)?;
        game.actions(&pos, &mut actions);
        if actions.is_empty() {
            break;
        }
        let a = actions[c as usize % actions.len()];
        saved.actions.push(a);
        pos = game.apply(&pos, a);
    }
    invariants::position(game, &pos).map_err(TestCaseError::fail)?;
    invariants::position_text(game, &game.format_position(&pos)).map_err(TestCaseError::fail)?;
    Ok(saved)
}

fn all_games(choices: &[u32]) -> Result<(), TestCaseError> {
    playout_checked(&Checkers, choices)?;
    playout_checked(&TicTacToe, choices)?;
    playout_checked(&Niujiao::default(), choices)?;
    playout_checked(&Ataxx, choices)?;
    playout_checked(&Gomoku::default(), &choices[..choices.len().min(25)])?;
    Ok(())
}

/// Text in the alphabet of position notations, so that some of it parses.
fn notation_text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(&b"bwBWxor.-/ 0123456789\n"[..]), 0..140)
        .prop_map(|v| String::from_utf8(v).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn every_position_of_random_games_keeps_the_invariants(choices in prop::collection::vec(any::<u32>(), 0..90)) {
        all_games(&choices)?;
    }

    #[test]
    fn position_texts_round_trip_or_are_refused(text in notation_text(), valid in prop::collection::vec(any::<u32>(), 0..40)) {
        for t in [text.as_str(), text.trim()] {
            invariants::position_text(&Checkers, t).map_err(TestCaseError::fail)?;
            invariants::position_text(&TicTacToe, t).map_err(TestCaseError::fail)?;
            invariants::position_text(&Niujiao::default(), t).map_err(TestCaseError::fail)?;
            invariants::position_text(&Ataxx, t).map_err(TestCaseError::fail)?;
            invariants::position_text(&Gomoku::default(), t).map_err(TestCaseError::fail)?;
        }
        // Valid texts with one character changed: mostly refused, never wrong.
        let saved = playout_checked(&Ataxx, &valid)?;
        let fen = Ataxx.format_position(saved.positions(&Ataxx).last().unwrap());
        for i in 0..fen.len() {
            let mut bytes = fen.clone().into_bytes();
            bytes[i] = text.as_bytes().get(i).copied().unwrap_or(b'9');
            if let Ok(t) = String::from_utf8(bytes) {
                invariants::position_text(&Ataxx, &t).map_err(TestCaseError::fail)?;
            }
        }
    }

    #[test]
    fn action_texts_that_read_are_legal(text in "[a-oA-O0-9 -]{0,6}", choices in prop::collection::vec(any::<u32>(), 0..30)) {
        let c = playout_checked(&Checkers, &choices)?;
        invariants::action_text(&Checkers, c.positions(&Checkers).last().unwrap(), &text).map_err(TestCaseError::fail)?;
        let a = playout_checked(&Ataxx, &choices)?;
        invariants::action_text(&Ataxx, a.positions(&Ataxx).last().unwrap(), &text).map_err(TestCaseError::fail)?;
        let n = Niujiao::default();
        let s = playout_checked(&n, &choices)?;
        invariants::action_text(&n, s.positions(&n).last().unwrap(), &text).map_err(TestCaseError::fail)?;
        let t = playout_checked(&TicTacToe, &choices)?;
        invariants::action_text(&TicTacToe, t.positions(&TicTacToe).last().unwrap(), &text).map_err(TestCaseError::fail)?;
        let k = Gomoku::default();
        let g = playout_checked(&k, &choices[..choices.len().min(10)])?;
        invariants::action_text(&k, g.positions(&k).last().unwrap(), &text).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn saved_games_round_trip_and_damaged_ones_are_refused(
        choices in prop::collection::vec(any::<u32>(), 0..40), cut in any::<usize>(), junk in "[a-z0-9 \n#-]{0,12}",
    ) {
        let saved = playout_checked(&Ataxx, &choices)?;
        let text = saved.to_text(&Ataxx);
        prop_assert_eq!(SavedGame::parse(&Ataxx, &text).unwrap(), saved);
        // Cut short or with junk spliced in: refused with a line, or a game that round-trips.
        let at = cut % (text.len() + 1);
        for damaged in [text[..at].to_string(), format!("{}{junk}{}", &text[..at], &text[at..])] {
            invariants::saved_game_text(&Ataxx, &damaged).map_err(TestCaseError::fail)?;
            if let Err(e) = SavedGame::parse(&Ataxx, &damaged) {
                prop_assert!(e.line <= damaged.lines().count());
            }
        }
        let n = Niujiao::default();
        let s = playout_checked(&n, &choices)?;
        invariants::saved_game_text(&n, &s.to_text(&n)).map_err(TestCaseError::fail)?;
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
