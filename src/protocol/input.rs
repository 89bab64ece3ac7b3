//! Reading the course's input format: actions `G6-F5`, then optionally `A` or `P`.
//!
//! The course programs read with `scanf`; these rules keep their behaviour for every
//! well-formed input and turn everything else into an explicit error (spec, "Input").

use std::io::{self, BufRead, Read};

/// A cell as written, before any check: a letter and a digit, possibly off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawCell {
    /// The column letter as typed (any ASCII letter; `A`-`H` are on the board).
    pub letter: u8,
    /// The row digit as typed (any ASCII digit; `1`-`8` are on the board).
    pub digit: u8,
}

impl RawCell {
    /// Row and column (0-based) when the cell lies on the 8x8 board.
    pub fn on_board(self) -> Option<(usize, usize)> {
        let on = (b'A'..=b'H').contains(&self.letter) && (b'1'..=b'8').contains(&self.digit);
        on.then(|| ((self.digit - b'1') as usize, (self.letter - b'A') as usize))
    }
}

/// What the input asks for after its actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Stage 1: compute and print the next action.
    Next,
    /// Stage 2: play on with computed actions.
    Play,
}

/// One non-blank line of the input, classified, with its number (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// `G6-F5`: two cells, not yet checked against the board.
    Action {
        /// The line's number.
        line: usize,
        /// The cell before the dash.
        from: RawCell,
        /// The cell after the dash.
        to: RawCell,
    },
    /// `A` or `P`.
    Command {
        /// The line's number.
        line: usize,
        /// Which command.
        command: Command,
    },
    /// A line that is neither an action nor a command.
    Malformed {
        /// The line's number.
        line: usize,
        /// The line, trimmed.
        text: String,
    },
}

/// Classifies one line (already stripped of its newline). `None` for a blank line.
pub fn parse_line(line: usize, raw: &[u8]) -> Option<Item> {
    let text = trim_c_space(raw);
    match text {
        [] => None,
        b"A" => Some(Item::Command { line, command: Command::Next }),
        b"P" => Some(Item::Command { line, command: Command::Play }),
        &[l1, d1, b'-', l2, d2]
            if l1.is_ascii_alphabetic()
                && l2.is_ascii_alphabetic()
                && d1.is_ascii_digit()
                && d2.is_ascii_digit() =>
        {
            Some(Item::Action {
                line,
                from: RawCell { letter: l1, digit: d1 },
                to: RawCell { letter: l2, digit: d2 },
            })
        }
        _ => Some(Item::Malformed { line, text: String::from_utf8_lossy(text).into_owned() }),
    }
}

/// White space as C's `isspace` (and so `scanf`) sees it: Rust's ASCII white
/// space and the vertical tab, which Rust leaves out.
fn is_c_space(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0x0b
}

/// `raw` without the C white space around it.
fn trim_c_space(raw: &[u8]) -> &[u8] {
    let start = raw.iter().position(|&b| !is_c_space(b)).unwrap_or(raw.len());
    let end = raw.iter().rposition(|&b| !is_c_space(b)).map_or(start, |i| i + 1);
    &raw[start..end]
}

/// The non-blank lines of an input, read lazily so that output for earlier lines is
/// produced before a later line is even looked at (a bad line must not hide it).
pub struct Items<R> {
    reader: R,
    line: usize,
    buf: Vec<u8>,
    /// A line was too long: nothing after it is read.
    overlong: bool,
}

impl<R: BufRead> Items<R> {
    /// The items of `reader`, none read yet.
    pub fn new(reader: R) -> Self {
        Items { reader, line: 0, buf: Vec::new(), overlong: false }
    }

    /// How many lines have been read so far.
    pub fn lines_read(&self) -> usize {
        self.line
    }
}

/// The UTF-8 byte-order mark.
pub const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// No well-formed line is longer; a longer one is malformed, and reading stops there
/// rather than holding an endless line in memory.
pub const MAX_LINE: usize = 1024;

impl<R: BufRead> Iterator for Items<R> {
    type Item = io::Result<Item>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.overlong {
                return None;
            }
            self.buf.clear();
            match (&mut self.reader).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut self.buf) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => return Some(Err(e)),
            }
            self.line += 1;
            if self.buf.len() > MAX_LINE && !self.buf.ends_with(b"\n") {
                self.overlong = true;
                // The first MAX_LINE + 1 bytes: the message quotes its start
                // and says that it is over the limit.
                let text = String::from_utf8_lossy(&self.buf).into_owned();
                return Some(Ok(Item::Malformed { line: self.line, text }));
            }
            let mut raw = self.buf.strip_suffix(b"\n").unwrap_or(&self.buf);
            // Editors on Windows start a file with a byte-order mark: not part of the line.
            if self.line == 1 {
                raw = raw.strip_prefix(UTF8_BOM).unwrap_or(raw);
            }
            if let Some(item) = parse_line(self.line, raw) {
                return Some(Ok(item));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(text: &str) -> Vec<Item> {
        Items::new(text.as_bytes()).map(Result::unwrap).collect()
    }

    #[test]
    fn crlf_blank_lines_and_missing_final_newline_are_accepted() {
        let a = items("G6-F5\nH3-G4\nA\n");
        let b = items("\r\n  G6-F5 \r\n\n\tH3-G4\r\nA");
        let strip = |v: Vec<Item>| {
            v.into_iter()
                .map(|i| match i {
                    Item::Action { from, to, .. } => format!("{from:?}{to:?}"),
                    Item::Command { command, .. } => format!("{command:?}"),
                    Item::Malformed { text, .. } => text,
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(strip(a), strip(b));
    }

    #[test]
    fn a_byte_order_mark_before_the_first_line_is_ignored() {
        let with = items("\u{feff}G6-F5\nA\n");
        assert_eq!(with, items("G6-F5\nA\n"));
        // Only at the start of the file: elsewhere it is a malformed line.
        assert!(matches!(items("G6-F5\n\u{feff}A\n")[1], Item::Malformed { line: 2, .. }));
    }

    #[test]
    fn lines_are_numbered_counting_blank_ones() {
        let v = items("\nG6-F5\n\nX\n");
        assert_eq!(v.len(), 2);
        assert_eq!(v[1], Item::Malformed { line: 4, text: "X".into() });
    }

    #[test]
    fn off_board_letters_and_digits_are_still_actions() {
        let v = items("I4-E6\na1-b2\nA9-B0\n");
        assert!(v.iter().all(|i| matches!(i, Item::Action { .. })));
        let Item::Action { from, to, .. } = v[0] else { unreachable!() };
        assert_eq!(from.on_board(), None);
        assert_eq!(to.on_board(), Some((5, 4)));
    }

    #[test]
    fn an_endless_line_is_malformed_without_being_read_whole() {
        let mut input = b"G6-F5\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 10 * MAX_LINE));
        let v = items(std::str::from_utf8(&input).unwrap());
        assert_eq!(v.len(), 2);
        let Item::Malformed { line: 2, text } = &v[1] else { panic!("{v:?}") };
        let message = crate::protocol::malformed_message(text);
        assert!(message.len() < 200 && message.contains("... (over 1024 bytes)"), "{message}");
    }

    #[test]
    fn a_vertical_tab_is_white_space_as_for_scanf() {
        assert_eq!(items("\x0bG6-F5\x0b\n\x0b\x0c\n A\x0b"), items("G6-F5\n\nA"));
        assert_eq!(items("\x0b"), []);
    }

    #[test]
    fn malformed_lines_are_reported() {
        for bad in ["X", "a", "AP", "G6F5", "G6-F10", "G6 -F5", "p", "G6-F5-E4", "é6-F5"] {
            let v = items(bad);
            assert!(matches!(v[0], Item::Malformed { line: 1, .. }), "{bad}");
        }
    }
}
