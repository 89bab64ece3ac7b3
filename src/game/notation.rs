//! Positions and actions as text, read and written: what a person types, what
//! saved games and exports hold. `format` then `parse` gives back what was
//! formatted.

use super::{PositionError, Rules};

/// A game's notation.
///
/// ```
/// use gametree::game::prelude::*;
/// use gametree::games::checkers::Checkers;
///
/// let game = Checkers;
/// // The course's worked example: rows 1 to 8, black to move.
/// let text = "......../......../......../......../......../B.w...../.w....../..b..... b";
/// let pos = game.parse_position(text).unwrap();
/// assert_eq!(game.format_position(&pos), text);
/// let action = game.parse_action(&pos, "A6-B5").unwrap();
/// assert_eq!(game.format_action(action), "A6-B5");
/// // Bad text is an error in words, never a panic.
/// assert!(game.parse_position("not a board").is_err());
/// assert!(game.parse_action(&pos, "H8-G7").is_err());
/// ```
pub trait Notation: Rules {
    /// `action` as a person writes it (`G6-F5`, `b2`, `h8`): what the CLI prints,
    /// the exports label edges with and [`Notation::parse_action`] reads back.
    fn format_action(&self, action: Self::Action) -> String;

    /// The legal action written `text` in the game's notation, or why there is none.
    fn parse_action(&self, pos: &Self::Position, text: &str) -> Result<Self::Action, String> {
        let mut legal = Vec::new();
        self.actions(pos, &mut legal);
        let wanted = text.trim();
        let find = |w: &str| legal.iter().copied().find(|&a| self.format_action(a).eq_ignore_ascii_case(w));
        let original = || self.original_notation(pos, wanted).and_then(|t| find(&t));
        find(wanted).or_else(original).ok_or_else(|| {
            if legal.is_empty() {
                format!("{wanted:?} is not legal: the game is over")
            } else {
                self.why_illegal(pos, wanted)
            }
        })
    }

    /// What `pos` is called in the game's own notation, if anything: a
    /// textbook tree's labelled node (`A:(...)` is A). The explorer names the
    /// root by it, as the book's figure does.
    fn position_name(&self, pos: &Self::Position) -> Option<String> {
        let _ = pos;
        None
    }

    /// `text` in this game's own notation, if it is written in the original
    /// program's (Ataxx's `a7b6` for the clone `b6`, niujiao's `02` for
    /// `0-2`), so that people may type either.
    fn original_notation(&self, pos: &Self::Position, text: &str) -> Option<String> {
        let _ = (pos, text);
        None
    }

    /// Why `text` is no legal action at `pos` (which has some), in one line for
    /// a person: not your stone, taken, too far... The full list is for `moves`.
    ///
    /// Play reads the start of the message: when the person's line is one word
    /// of letters and the message begins with that line quoted (as
    /// [`quoted_start`](super::quoted_start) quotes it, `"hello" is not a
    /// cell`), the game did not recognise the text at all, and play answers
    /// `unknown command "hello": type help for the commands` instead. Begin
    /// otherwise when the game did recognise it (`b2 is taken`).
    fn why_illegal(&self, pos: &Self::Position, text: &str) -> String {
        let _ = pos;
        format!("{text:?} is not a legal action here (moves lists them)")
    }

    /// Reads a position in the game's notation (the `--position` argument, a
    /// saved game's position line). Bad text of any kind is an `Err` naming what
    /// is wrong, never a panic.
    fn parse_position(&self, text: &str) -> Result<Self::Position, PositionError>;

    /// `pos` in the notation [`Notation::parse_position`] reads: parsing the
    /// result gives `pos` back.
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
