//! Checkers' draw rules in play: the course variant has none, so a drawn
//! endgame (towers shuffling) would go on for ever. Only play applies them;
//! the search and the course protocol do not.

use super::board::Position;
use super::moves::{Action, apply};
use crate::game::DrawRules;

/// Threefold repetition, and 50 moves each (100 plies) without a capture or a
/// crowning, as in draughts' and chess's rules.
pub const RULES: DrawRules =
    DrawRules { repetitions: 3, quiet_plies: 100, irreversible: "a capture or a crowning" };

/// A capture or a crowning: the only actions that change the material.
pub fn is_irreversible(pos: &Position, action: Action) -> bool {
    apply(pos, action).material() != pos.material()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;
    use crate::games::checkers::Checkers;

    #[test]
    fn captures_and_crownings_are_irreversible_and_steps_are_not() {
        let g = Checkers;
        // Black moves towards row 1: G2 crowns on F1, E4 captures D3 onto C2.
        let pos = g
            .parse_position("......../......b./...w..../....b.../......../......../......../........ b")
            .unwrap();
        let is = |text: &str| is_irreversible(&pos, g.parse_action(&pos, text).unwrap());
        assert!(!is("E4-F3"));
        assert!(is("G2-F1"));
        assert!(is("E4-C2"));
    }
}
