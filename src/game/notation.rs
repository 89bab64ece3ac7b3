//! Positions and actions as text, read and written: what a person types, what
//! saved games and exports hold. `format` then `parse` gives back what was
//! formatted.

use super::{PositionError, Rules};

/// A game's notation.
pub trait Notation: Rules {
    fn format_action(&self, action: Self::Action) -> String;

    /// The legal action written `text` in the game's notation, or why there is none.
    fn parse_action(&self, pos: &Self::Position, text: &str) -> Result<Self::Action, String> {
        let mut legal = Vec::new();
        self.actions(pos, &mut legal);
        let wanted = text.trim();
        legal.iter().copied().find(|&a| self.format_action(a).eq_ignore_ascii_case(wanted)).ok_or_else(|| {
            if legal.is_empty() {
                format!("{wanted:?} is not legal: the game is over")
            } else {
                self.why_illegal(pos, wanted)
            }
        })
    }

    /// Why `text` is no legal action at `pos` (which has some), in one line for
    /// a person: not your stone, taken, too far... The full list is for `moves`.
    fn why_illegal(&self, pos: &Self::Position, text: &str) -> String {
        let _ = pos;
        format!("{text:?} is not a legal action here (moves lists them)")
    }

    fn parse_position(&self, text: &str) -> Result<Self::Position, PositionError>;

    fn format_position(&self, pos: &Self::Position) -> String;

    /// The actions of the unit on the cell named `from` ("where can this stone
    /// go?"): `None` for a game whose units never move, else the actions (at
    /// least one) or why there are none (an empty cell, the opponent's stone,
    /// a stone with nowhere to go, no such cell).
    fn actions_from(&self, pos: &Self::Position, from: &str) -> Option<Result<Vec<Self::Action>, String>> {
        let _ = (pos, from);
        None
    }
}
