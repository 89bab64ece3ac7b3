//! Properties every game and reader must keep, as checks that return what broke.
//!
//! The property tests in `tests/` and the fuzz targets in `fuzz/` call the same
//! checks, so that what the fuzzer explores and what CI runs are one definition.
//! Built with the `oracles` feature, which the tests and the fuzz targets turn on.

use crate::game::{Game, Oracle};
use crate::protocol::{self, Ending, Options};
use crate::savegame::SavedGame;

/// A position text that parses must print back to a notation that parses to a
/// position printing the same way, and the position must pass [`position`].
pub fn position_text<G: Game + Oracle>(game: &G, text: &str) -> Result<(), String> {
    let Ok(pos) = game.parse_position(text) else { return Ok(()) };
    let printed = game.format_position(&pos);
    let again = game
        .parse_position(&printed)
        .map_err(|e| format!("{printed:?} (from {text:?}) does not parse: {e}"))?;
    let reprinted = game.format_position(&again);
    if reprinted != printed {
        return Err(format!("{text:?} prints as {printed:?}, which prints as {reprinted:?}"));
    }
    position(game, &pos)
}

/// At a position: every generated action is legal and every legal action is
/// generated (against the game's literal [`Oracle`]), each once;
/// each action's notation reads back as that action; applying one gives a position
/// that prints and reads back; `has_actions` and `count_actions` agree with the
/// list; the copy a tree
/// node keeps unpacks to the same position, and two copies are equal exactly
/// when their positions are (checked between each child, the one before it
/// and the position itself); each action's spots are points of
/// the picture, and the point it starts from, named as a person types it
/// ([`Drawing::point_name`](crate::game::Drawing::point_name)), has it among
/// its `targets` ([`Notation::actions_from`](crate::game::Notation::actions_from)).
pub fn position<G: Game + Oracle>(game: &G, pos: &G::Position) -> Result<(), String> {
    let at = game.format_position(pos);
    let unpacked = game.unpack(&game.pack(pos), game.to_move(pos));
    if unpacked != *pos {
        return Err(format!("at {at}: a node's packed copy unpacks to {}", game.format_position(&unpacked)));
    }
    let mut actions = Vec::new();
    game.actions(pos, &mut actions);
    let reference = game.reference_actions(pos);
    if reference != actions {
        let names = |v: &[G::Action]| v.iter().map(|&a| game.format_action(a)).collect::<Vec<_>>().join(" ");
        return Err(format!(
            "at {at}: generated [{}], the rules give [{}]",
            names(&actions),
            names(&reference)
        ));
    }
    if game.count_actions(pos) != actions.len() as u64 {
        return Err(format!(
            "at {at}: count_actions says {}, {} are listed",
            game.count_actions(pos),
            actions.len()
        ));
    }
    if game.has_actions(pos) == actions.is_empty() {
        return Err(format!("at {at}: has_actions disagrees with {} actions", actions.len()));
    }
    let points = game.picture().points.len();
    let mut before = None;
    for (i, &a) in actions.iter().enumerate() {
        let name = game.format_action(a);
        if actions[..i].contains(&a) {
            return Err(format!("at {at}: {name} is generated twice"));
        }
        spots(game, pos, a, points).map_err(|e| format!("at {at}, {name}: {e}"))?;
        match game.parse_action(pos, &name) {
            Ok(b) if b == a => {}
            Ok(b) => return Err(format!("at {at}: {name} reads back as {}", game.format_action(b))),
            Err(e) => return Err(format!("at {at}: {name} does not read back: {e}")),
        }
        let child = game.apply(pos, a);
        // The census counts positions by these copies.
        let copy = |p: &G::Position| (game.pack(p), game.to_move(p));
        for other in [Some(pos), before.as_ref()].into_iter().flatten() {
            if (copy(other) == copy(&child)) != (*other == child) {
                return Err(format!("at {at}, {name}: packed copies and positions disagree on equality"));
            }
        }
        let printed = game.format_position(&child);
        let again = game
            .parse_position(&printed)
            .map_err(|e| format!("at {at}, {name} gives {printed:?}, which does not parse: {e}"))?;
        if game.format_position(&again) != printed {
            return Err(format!("at {at}, {name} gives {printed:?}, which does not print back"));
        }
        before = Some(child);
    }
    if actions.is_empty() {
        // A finished game has an outcome and a cost; neither may panic.
        let _ = (game.terminal_outcome(pos), game.cost(pos, false));
    }
    Ok(())
}

/// The spots of `a` at `pos` are among the picture's `points`, and the point
/// it starts from names a cell whose targets include it.
fn spots<G: Game>(game: &G, pos: &G::Position, a: G::Action, points: usize) -> Result<(), String> {
    let s = game.spots(pos, a);
    if let Some(p) = s.from.into_iter().chain(s.to).find(|&p| p >= points) {
        return Err(format!("spots name point {p}, and the picture has {points}"));
    }
    let Some(from) = s.from else { return Ok(()) };
    let cell = game.point_name(from);
    match game.actions_from(pos, &cell) {
        None => Ok(()),
        Some(Ok(v)) if v.contains(&a) => Ok(()),
        Some(Ok(_)) => Err(format!("it starts on {cell}, whose targets do not include it")),
        Some(Err(e)) => Err(format!("it starts on {cell}, and targets {cell} says: {e}")),
    }
}

/// An action text that reads at a position must be a legal action there.
pub fn action_text<G: Game>(game: &G, pos: &G::Position, text: &str) -> Result<(), String> {
    let Ok(a) = game.parse_action(pos, text) else { return Ok(()) };
    if game.is_legal(pos, a) {
        Ok(())
    } else {
        Err(format!(
            "{text:?} reads as {} at {}, which is not legal there",
            game.format_action(a),
            game.format_position(pos)
        ))
    }
}

/// A saved game that reads must write out and read back as the same game.
pub fn saved_game_text<G: Game>(game: &G, text: &str) -> Result<(), String> {
    let Ok(saved) = SavedGame::parse(game, text) else { return Ok(()) };
    let written = saved.to_text(game);
    match SavedGame::parse(game, &written) {
        Ok(back) if back == saved => Ok(()),
        Ok(_) => Err(format!("{text:?} reads, but its written form reads as another game")),
        Err(e) => Err(format!("{text:?} reads, but its written form does not: {e}")),
    }
}

/// The checkers protocol on any input: the same output each time, the header
/// first, and an ending that matches the output (an `ERROR:` line exactly when it
/// says so, a winner line only at the very end).
pub fn protocol_input(input: &[u8]) -> Result<(), String> {
    let opts = Options::default();
    let run = || {
        let mut out = Vec::new();
        let ending = protocol::run(input, &mut out, &opts, &mut |_, _, _| Ok(()));
        (out, ending.map_err(|e| e.to_string()))
    };
    let (out, ending) = run();
    let ending = ending.map_err(|e| format!("reading from memory failed: {e}"))?;
    if run().0 != out {
        return Err("two runs printed different output".to_string());
    }
    let text = String::from_utf8(out).map_err(|_| "the output is not UTF-8".to_string())?;
    if !text.starts_with("BOARD SIZE: 8x8\n") {
        return Err("the output does not start with the header".to_string());
    }
    let last = text.lines().last().unwrap_or_default();
    let error_line = last.starts_with("ERROR: ");
    if error_line != (ending == Ending::IllegalAction) {
        return Err(format!("ending {ending:?} but the last line is {last:?}"));
    }
    let wins = text.lines().filter(|l| l.ends_with(" WIN!")).count();
    if wins > 1 || (wins == 1 && !last.ends_with(" WIN!")) {
        return Err("a winner line that is not the last line".to_string());
    }
    Ok(())
}
