//! Tic-tac-toe: rules (in words: `Registered::RULES` below, which
//! `gametree rules tictactoe` prints); the board's picture is in `drawing.rs`.
//!
//! Cells are numbered 0..9 row by row from the top left; a position is two 9-bit
//! masks and the side to move. X is the maximising side whoever starts.

mod drawing;
#[cfg(feature = "oracles")]
mod oracle;
mod original;

use std::sync::LazyLock;

use super::Registered;
use crate::game::symmetry;
use crate::game::{
    Drawing, Evaluation, Notation, Outcome, Play, Player, PositionError, Presentation, Rules, Storage,
    quoted_start,
};

const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];
const FULL: u16 = 0b111_111_111;

/// A won board scores this plus the number of empty cells, so a quicker win is
/// worth more, and any win outweighs the open-line count (at most 8).
pub const WIN: i32 = 1000;

/// A tic-tac-toe position: each side's marks as a 9-bit mask (bit `row * 3 +
/// col`, row 0 at the top), never overlapping, and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// x's marks.
    pub x: u16,
    /// o's marks.
    pub o: u16,
    /// Whether x (the maximising side) is to move.
    pub x_to_move: bool,
}

impl Position {
    fn has_line(mask: u16) -> bool {
        for line in LINES {
            if mask & line == line {
                return true;
            }
        }
        false
    }

    fn empties(&self) -> i32 {
        (FULL & !(self.x | self.o)).count_ones() as i32
    }
}

/// Tic-tac-toe: three in a row wins, a full board is a draw. An action is the
/// cell marked, 0..9 row by row from the top left, written `a1` (top left) to
/// `c3` (bottom right): column a-c, row 1-3 from the top.
#[derive(Clone, Copy, Debug, Default)]
pub struct TicTacToe;

impl Rules for TicTacToe {
    type Position = Position;
    type Action = u8;

    fn start(&self) -> Position {
        Position { x: 0, o: 0, x_to_move: true }
    }

    fn to_move(&self, pos: &Position) -> Player {
        if pos.x_to_move { Player::First } else { Player::Second }
    }

    fn actions(&self, pos: &Position, out: &mut Vec<u8>) {
        out.clear();
        if Position::has_line(pos.x) || Position::has_line(pos.o) {
            return;
        }
        let mut free = FULL & !(pos.x | pos.o);
        while free != 0 {
            out.push(free.trailing_zeros() as u8);
            free &= free - 1;
        }
    }

    fn has_actions(&self, pos: &Position) -> bool {
        pos.x | pos.o != FULL && !Position::has_line(pos.x) && !Position::has_line(pos.o)
    }

    fn apply(&self, pos: &Position, cell: u8) -> Position {
        let mut p = *pos;
        if p.x_to_move {
            p.x |= 1 << cell;
        } else {
            p.o |= 1 << cell;
        }
        p.x_to_move = !p.x_to_move;
        p
    }

    fn terminal_outcome(&self, pos: &Position) -> Outcome {
        if Position::has_line(pos.x) || Position::has_line(pos.o) {
            // Only the side that just moved can have completed a line.
            Outcome::Loss
        } else {
            Outcome::Draw
        }
    }

    /// The board's eight turns and mirrors.
    fn symmetry_class(&self, pos: &Position) -> Option<Vec<u8>> {
        let mut key = Vec::with_capacity(5);
        self.symmetry_class_into(pos, &mut key).then_some(key)
    }

    fn symmetry_class_into(&self, pos: &Position, out: &mut Vec<u8>) -> bool {
        static MAPS: LazyLock<[Vec<usize>; 8]> = LazyLock::new(|| symmetry::square_maps(3));
        let (x, o) = symmetry::least_image_by(&MAPS, |m| {
            (symmetry::map_bits(pos.x.into(), m) as u16, symmetry::map_bits(pos.o.into(), m) as u16)
        });
        out.clear();
        out.extend_from_slice(&x.to_le_bytes());
        out.extend_from_slice(&o.to_le_bytes());
        out.push(u8::from(pos.x_to_move));
        true
    }
}

impl Play for TicTacToe {}

impl Storage for TicTacToe {
    /// The cell, 0..9.
    /// The x and o masks.
    type Packed = [u16; 2];

    fn pack(&self, pos: &Position) -> [u16; 2] {
        [pos.x, pos.o]
    }

    fn unpack(&self, &[x, o]: &[u16; 2], to_move: Player) -> Position {
        Position { x, o, x_to_move: to_move.maximises() }
    }
}

impl Evaluation for TicTacToe {
    /// Lines still open, out of 8: one more than the opponent is a lead, three a wide one.
    fn lead(&self, value: i32) -> crate::game::Lead {
        crate::game::Lead::by_margins(value, 1, 3)
    }

    /// The original's evaluation: lines still open for X minus lines open for O.
    fn heuristic(&self, pos: &Position) -> i32 {
        let open = |theirs: u16| LINES.iter().filter(|&&l| l & theirs == 0).count() as i32;
        open(pos.o) - open(pos.x)
    }

    fn terminal_cost(&self, pos: &Position) -> i32 {
        if Position::has_line(pos.x) {
            WIN + pos.empties()
        } else if Position::has_line(pos.o) {
            -(WIN + pos.empties())
        } else {
            0
        }
    }

    fn decided_at(&self) -> i32 {
        WIN
    }

    fn default_depth(&self) -> u8 {
        9
    }
}

impl Notation for TicTacToe {
    fn original_notation(&self, _pos: &Position, text: &str) -> Option<String> {
        original::row_then_column(text)
    }

    fn why_illegal(&self, pos: &Position, text: &str) -> String {
        // `2 2` is said as the cell it names; two numbers that name none are
        // told the range of that notation, not of ours.
        if let Some(name) = original::row_then_column(text) {
            let column = name.as_bytes()[0] - b'a' + 1;
            return format!("{} (row {}, column {column})", self.why_illegal(pos, &name), &name[1..]);
        }
        if original::two_numbers(text) {
            return format!("{} is off the board: rows and columns 1-3, like 2 3", quoted_start(text));
        }
        let b = text.to_ascii_lowercase().into_bytes();
        match b[..] {
            [c @ b'a'..=b'c', r @ b'1'..=b'3'] => {
                let cell = (r - b'1') * 3 + (c - b'a');
                if (pos.x | pos.o) & (1 << cell) != 0 {
                    format!("{text} is taken")
                } else {
                    format!("{text} is not legal here", text = crate::game::quoted_start(text))
                }
            }
            _ if b.contains(&b'-') => {
                format!(
                    "{text} names a move: tic-tac-toe places a mark on one cell, like b2",
                    text = crate::game::quoted_start(text)
                )
            }
            // Only a two-character name is shown unquoted: it cannot hide a control character.
            [b'a'..=b'z', b'0'..=b'9'] => format!("{text} is off the board: columns a-c, rows 1-3"),
            _ => format!(
                "{text} is not a cell: expected a column a-c and a row 1-3, like b2",
                text = crate::game::quoted_start(text)
            ),
        }
    }

    fn format_action(&self, cell: u8) -> String {
        format!("{}{}", (b'a' + cell % 3) as char, cell / 3 + 1)
    }

    /// Nine cells row by row from the top left (`x`, `o`, `.`), a space, and the side
    /// to move: `x.o.x.... o`.
    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let err = |m: String| Err(PositionError(m));
        let Some((cells, side)) = text.trim().split_once(' ') else {
            return err(format!(
                "expected 9 cells (x, o, .), a space and the side to move (x or o), got {text}",
                text = crate::game::quoted_start(text)
            ));
        };
        let x_to_move = match side.trim() {
            "x" => true,
            "o" => false,
            other => {
                return err(format!(
                    "side to move must be 'x' or 'o', got {other}",
                    other = crate::game::quoted_start(other)
                ));
            }
        };
        let chars: Vec<char> = cells.chars().collect();
        if chars.len() != 9 {
            return err(format!(
                "expected 9 cells, got {} in {cells}",
                chars.len(),
                cells = crate::game::quoted_start(cells)
            ));
        }
        let mut p = Position { x: 0, o: 0, x_to_move };
        for (i, c) in chars.into_iter().enumerate() {
            match c {
                'x' => p.x |= 1 << i,
                'o' => p.o |= 1 << i,
                '.' => {}
                _ => return err(format!("cell {} is {c:?}; expected x, o or .", i + 1)),
            }
        }
        let (nx, no) = (p.x.count_ones() as i32, p.o.count_ones() as i32);
        if (nx - no).abs() > 1 {
            return err(format!("{nx} x and {no} o cannot arise when the sides alternate"));
        }
        // The side with more marks has just moved; it cannot be its turn again.
        if (nx > no && x_to_move) || (no > nx && !x_to_move) {
            let side = if x_to_move { 'x' } else { 'o' };
            return err(format!("{nx} x and {no} o: {side} has more marks, so it cannot be {side}'s turn"));
        }
        if Position::has_line(p.x) && Position::has_line(p.o) {
            return err("both sides have three in a row".to_string());
        }
        Ok(p)
    }

    fn format_position(&self, pos: &Position) -> String {
        format!("{} {}", self.cells(pos), if pos.x_to_move { 'x' } else { 'o' })
    }
}

impl Presentation for TicTacToe {
    const NAME: &'static str = "tictactoe";

    fn evaluation(&self) -> String {
        "values favour x (who maximises) when positive and o when negative: the lines still open for x \
         minus those still open for o; a won board scores ±(1000 + its empty cells)"
            .to_string()
    }

    fn why_over(&self, pos: &Position) -> String {
        if Position::has_line(pos.x) || Position::has_line(pos.o) {
            "three in a row".to_string()
        } else {
            "the board is full".to_string()
        }
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "x",
            Player::Second => "o",
        }
    }
}

impl Registered for TicTacToe {
    const ABOUT: &'static str = "tic-tac-toe, 3x3";
    const NOTATION: &'static str =
        "9 cells from the top left (`x o .`), a space, `x` or `o`; an action `b2` (column a-c, row 1-3 from the top)";
    const RULES: &'static str = "\
Tic-tac-toe. 3x3 grid; x and o take turns putting a mark on an empty cell. Three
in a row, column or diagonal wins; a full grid without one is a draw. Cells are
named by column a-c and row 1-3 from the top: b2 is the centre; or by row then
column as digits, 2 3 (row 2, column 3: c2). The machine's
evaluation counts lines still open for it minus lines open for the opponent; at the
default depth (9) it searches the whole game and plays perfectly.
";

}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Marks;

    #[test]
    fn the_last_mark_is_bracketed() {
        let g = TicTacToe;
        let before = g.parse_position("x........ o").unwrap();
        let pos = g.apply(&before, 4);
        let shown = crate::drawing::board(&g, &pos, &Marks::after(Some((&before, 4)), true));
        assert!(shown.contains(" 1 | x | . | . |\n"), "{shown}");
        assert!(shown.contains(" 2 | . |[o]| . |\n"), "{shown}");
        assert!(shown.ends_with("last move b2 (at [ ])\n"), "{shown}");
        let plain = crate::drawing::board(&g, &pos, &Marks::after(None, true));
        assert!(plain.contains(" 2 | . | o | . |\n") && !plain.contains("last"), "{plain}");
    }

    #[test]
    fn notation_round_trips() {
        let g = TicTacToe;
        let p = g.parse_position("x.o.x.... o").unwrap();
        assert_eq!(g.format_position(&p), "x.o.x.... o");
        assert_eq!(g.format_action(4), "b2");
        assert_eq!(g.parse_action(&p, "c3"), Ok(8));
        assert!(g.parse_action(&p, "a1").is_err());
        for bad in ["x.o.x.... z", "x.o.x... o", "xxxx..... o", "xxxooo... x", "x.o?x.... o"] {
            assert!(g.parse_position(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_line_ends_the_game() {
        let g = TicTacToe;
        let p = g.parse_position("xxx.oo... o").unwrap();
        let mut v = Vec::new();
        g.actions(&p, &mut v);
        assert!(v.is_empty() && !g.has_actions(&p));
        assert_eq!(g.terminal_outcome(&p), Outcome::Loss);
        assert_eq!(g.terminal_cost(&p), WIN + 4);
        let full = g.parse_position("xoxxoooxx o").unwrap();
        assert_eq!(g.terminal_outcome(&full), Outcome::Draw);
        assert_eq!(g.terminal_cost(&full), 0);
    }

    #[test]
    fn open_lines_heuristic() {
        let g = TicTacToe;
        // x in the centre: x keeps 8 open lines, o only the 4 that avoid the centre.
        let p = g.parse_position("....x.... o").unwrap();
        assert_eq!(g.heuristic(&p), 8 - 4);
    }
}
