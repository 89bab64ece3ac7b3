//! A game for a person: its names, its rules, and how a game ended in words
//! (its board is its [`Drawing`](super::Drawing)). Nothing here changes a value or a tree.

use super::{Notation, Player};

/// Names and prose. A game writes only [`Presentation::NAME`].
pub trait Presentation: Notation {
    /// The name used on the command line, in saved games and in exports:
    /// lower-case letters, digits, `-` and `_` (the schema's pattern).
    const NAME: &'static str;

    /// [`Presentation::NAME`], for a game at hand (`g.name()`); not overridden.
    fn name(&self) -> &'static str {
        Self::NAME
    }

    /// The name a game gives to a side ("black", "x", ...), for exports.
    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "first",
            Player::Second => "second",
        }
    }

    /// Whose point of view values take and how they are scored, with the settings
    /// in force: one sentence for the head of every export.
    fn evaluation(&self) -> String {
        format!(
            "values favour {} (who maximises) when positive and {} (who minimises) when negative",
            self.player_name(Player::First),
            self.player_name(Player::Second)
        )
    }

    /// Why the game is over at `pos` (which has no actions), for a person:
    /// "x has no move left", "five in a row at e14..i14", "the board is full".
    fn why_over(&self, pos: &Self::Position) -> String {
        format!("{} has no move left", self.player_name(self.to_move(pos)))
    }

    /// The score as a person counts it, where the game keeps one (Ataxx's stones).
    fn score(&self, pos: &Self::Position) -> Option<String> {
        let _ = pos;
        None
    }
}
