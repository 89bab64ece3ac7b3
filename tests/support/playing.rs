//! Random games for property tests: the actions picked by a list of choices.

use gametree::game::prelude::*;
use gametree::savegame::SavedGame;

/// A game from the start, each action the one `choices` picks among the legal
/// ones, until the choices or the game run out.
pub fn random_game<G: Game>(game: &G, choices: &[u32]) -> SavedGame<G> {
    let mut saved = SavedGame { settings: Vec::new(), start: game.start(), actions: Vec::new() };
    let mut pos = game.start();
    let mut actions = Vec::new();
    for &c in choices {
        game.actions(&pos, &mut actions);
        if actions.is_empty() {
            break;
        }
        let a = actions[c as usize % actions.len()];
        saved.actions.push(a);
        pos = game.apply(&pos, a);
    }
    saved
}

/// The position [`random_game`] ends in.
pub fn playout<G: Game>(game: &G, choices: &[u32]) -> G::Position {
    random_game(game, choices).positions(game).pop().expect("a game has a start")
}
