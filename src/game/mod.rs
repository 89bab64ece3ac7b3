//! The contract between a game and everything generic, split by who uses it.
//!
//! A game knows positions, actions and costs; it knows nothing about trees, files or
//! printing trees. Everything generic (tree building, back-propagation, exports, the
//! CLI) is written once against [`Game`], which is all of the traits below:
//!
//! | trait | used by | a game must write |
//! | --- | --- | --- |
//! | [`Rules`] | everything | `start`, `to_move`, `actions`, `apply`, `terminal_outcome` |
//! | [`Storage`] | tree nodes | `pack`, `unpack` |
//! | [`Evaluation`] | searches | nothing (`heuristic` 0, `terminal_cost` from the outcome) |
//! | [`Notation`] | input, saved games, exports | `format_action`, `parse_position`, `format_position` |
//! | [`Presentation`] | exports, the terminal | the constant `NAME` |
//! | [`Play`] | play, match, replay | nothing (`impl Play for MyGame {}`) |
//! | [`Drawing`] | every board drawn | nothing (`impl Drawing for MyGame {}`: no board) |
//!
//! Everything else has a default and is there for a game that can do better
//! (a heuristic, faster counts, a cheaper leaf, move ordering, a board, prose).
//! A tree needs `Rules`, `Storage` and `Evaluation`; its exports add
//! `Notation`, `Presentation` and the board described by `Drawing`. A game of
//! the command line adds [`Registered`](crate::games::Registered) (its texts
//! and options) and, for the tests, `Oracle`: docs/adding-a-game.md walks
//! through a whole game.

pub mod drawing;
mod evaluation;
mod notation;
#[cfg(feature = "oracles")]
mod oracle;
mod play;
mod presentation;
mod rules;
mod storage;
pub mod symmetry;

use std::fmt;

pub use drawing::{Drawing, Marks};
pub use evaluation::{Evaluation, Lead};
pub use notation::Notation;
#[cfg(feature = "oracles")]
pub use oracle::Oracle;
pub use play::{DrawRules, Play};
pub use presentation::Presentation;
pub use rules::Rules;
pub use storage::Storage;

/// Every trait a game implements, for `use gametree::game::prelude::*`: methods
/// of a concrete game (`Checkers.start()`) need their trait in scope.
pub mod prelude {
    pub use super::{Drawing, Evaluation, Game, Notation, Play, Presentation, Rules, Storage};
}

/// All that generic code asks of a game: implemented for every type that
/// implements the seven traits.
pub trait Game: Rules + Storage + Evaluation + Notation + Presentation + Play + Drawing {}

impl<G: Rules + Storage + Evaluation + Notation + Presentation + Play + Drawing> Game for G {}

/// The two sides. `First` is the side whose cost the engine maximises (black in
/// checkers, X in tic-tac-toe); `Second` minimises it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The maximising side, who moves first from every game's start.
    First,
    /// The minimising side.
    Second,
}

impl Player {
    /// The opponent: whose turn it is after this side acts (no game here passes
    /// the turn to the same side twice).
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// Whether this side picks the child of greatest value.
    pub fn maximises(self) -> bool {
        self == Player::First
    }
}

/// A board as rows of one character per cell, `cell(row, col)` giving each:
/// what grid games write their notation and [`Drawing::cells`] from.
pub fn char_grid(rows: usize, cols: usize, cell: impl Fn(usize, usize) -> char) -> Vec<String> {
    (0..rows).map(|r| (0..cols).map(|c| cell(r, c)).collect()).collect()
}

/// How much of a person's input a message quotes back.
pub const QUOTED: usize = 40;

/// The start of `text` for a message: at most [`QUOTED`] characters, quoted,
/// with `...` when there was more (a line may be a megabyte long). Every
/// message that quotes what a person or a file gave goes through here (or
/// [`quoted_prefix`]), so that nothing a terminal would act on reaches it.
pub fn quoted_start(text: &str) -> String {
    quoted_prefix(text, QUOTED)
}

/// The first `chars` characters of `text`, quoted and escaped as
/// [`quoted_start`] does, with `...` when there was more.
pub fn quoted_prefix(text: &str, chars: usize) -> String {
    let (shown, more) = match text.char_indices().nth(chars) {
        Some((cut, _)) => (&text[..cut], "..."),
        None => (text, ""),
    };
    let mut out = String::with_capacity(shown.len() + 2 + more.len());
    out.push('"');
    escape_into(&mut out, shown, true);
    out.push('"');
    out.push_str(more);
    out
}

/// `text` as it is when every character in it is harmless on a terminal, or
/// else with the harmful ones escaped as [`quoted_start`] escapes them (`\u{1b}`
/// for an ESC): for text shown without quotes, such as a file name, and for a
/// whole message on its way to the terminal.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| needs_escape(c) && !matches!(c, '\n' | '\t')) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    escape_into(&mut out, text, false);
    std::borrow::Cow::Owned(out)
}

/// Whether a terminal could act on `c` (a control character, an escape, a
/// direction override, an invisible or unassigned one): Rust's own rule for
/// `{:?}`, which escapes exactly those besides quotes and backslashes.
fn needs_escape(c: char) -> bool {
    !matches!(c, '"' | '\'' | '\\') && c.escape_debug().nth(1).is_some()
}

/// Appends `text` to `out` with every character [`needs_escape`] names
/// escaped; `quoting` also escapes `"` and `\` (and the line breaks and tabs a
/// message of several lines keeps otherwise).
fn escape_into(out: &mut String, text: &str, quoting: bool) {
    for c in text.chars() {
        let escape = if quoting {
            c == '"' || c == '\\' || needs_escape(c)
        } else {
            needs_escape(c) && !matches!(c, '\n' | '\t')
        };
        if escape {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
}

/// A row of cells with each run of empty cells (`.`) written as its length, as
/// FEN-like notations do: `x..o...` becomes `x2o3`.
pub fn run_length(row: &str) -> String {
    let mut out = String::new();
    let mut run = 0;
    for ch in row.chars() {
        if ch == '.' {
            run += 1;
            continue;
        }
        if run > 0 {
            out.push_str(&run.to_string());
            run = 0;
        }
        out.push(ch);
    }
    if run > 0 {
        out.push_str(&run.to_string());
    }
    out
}

/// `n` things in words: "1 stone", "2 stones".
pub fn counted(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A position that could not be read, with the reason in words a user can act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError(pub String);

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PositionError {}

/// How a finished game ended, from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move has won (in these games, only when the opponent's last
    /// action ended the game in a way that counts for the side to move, as an
    /// Ataxx board filled with more of its stones).
    Win,
    /// The side to move has lost: it cannot act in checkers, the opponent made
    /// a line in tic-tac-toe or Gomoku, took the last stone in Nim.
    Loss,
    /// Neither side won: a full tic-tac-toe board, niujiao's ply limit.
    Draw,
}

#[cfg(test)]
mod quoting_tests {
    use super::*;

    #[test]
    fn quotes_escape_as_rusts_debug_does_and_are_short() {
        for text in ["e4", "a\"b\\c", "\u{1b}]0;x\u{7}", "\u{9b}2J", "\u{202e}cba", "tab\there"] {
            assert_eq!(quoted_start(text), format!("{text:?}"), "{text:?}");
        }
        // A combining mark is escaped wherever it stands, not only first.
        assert_eq!(quoted_start("e\u{301}"), "\"e\\u{301}\"");
        assert_eq!(quoted_start(&"é".repeat(100)), format!("{:?}...", "é".repeat(40)));
        assert_eq!(quoted_prefix("abcdef", 3), "\"abc\"...");
    }

    #[test]
    fn printable_text_is_left_alone_and_the_rest_escaped() {
        assert!(matches!(printable("plain é ▲ \"quoted\"\nnext\tcol"), std::borrow::Cow::Borrowed(_)));
        assert_eq!(printable("a\u{1b}[2Jb\u{7}"), "a\\u{1b}[2Jb\\u{7}");
        assert_eq!(printable("\u{9b}\u{202e}\r"), "\\u{9b}\\u{202e}\\r");
    }
}
