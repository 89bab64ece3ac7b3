//! The course's text output: header, boards and action records, byte for byte.

use std::io::{self, Write};

use crate::games::checkers::{Color, Position};

/// The line printed before each action record.
pub const SEPARATOR: &str = "=====================================";

/// The output's first lines: the board size, each side's piece count, and the
/// board before the first action.
pub fn write_header(out: &mut impl Write, pos: &Position) -> io::Result<()> {
    writeln!(out, "BOARD SIZE: 8x8")?;
    writeln!(out, "#BLACK PIECES: {}", pos.black.count_ones())?;
    writeln!(out, "#WHITE PIECES: {}", pos.white.count_ones())?;
    write_board(out, pos)
}

/// The course's board drawing, byte for byte: the course protocol's own, apart
/// from the boards a game draws for play and exports.
pub fn write_board(out: &mut impl Write, pos: &Position) -> io::Result<()> {
    const RULE: &str = "   +---+---+---+---+---+---+---+---+\n";
    let mut s = String::from("     A   B   C   D   E   F   G   H\n");
    s.push_str(RULE);
    for row in 0..8 {
        s.push_str(&format!(" {} |", row + 1));
        for col in 0..8 {
            s.push_str(&format!(" {} |", pos.cell_at(row, col).symbol()));
        }
        s.push('\n');
        s.push_str(RULE);
    }
    out.write_all(s.as_bytes())
}

/// One action record: separator, the action line (with `*** ` when computed), the
/// cost of the board after it, and that board.
pub fn write_action(
    out: &mut impl Write,
    computed: bool,
    mover: Color,
    number: usize,
    notation: &str,
    cost: i32,
    after: &Position,
) -> io::Result<()> {
    writeln!(out, "{SEPARATOR}")?;
    let marker = if computed { "*** " } else { "" };
    writeln!(out, "{marker}{} ACTION #{number}: {notation}", mover.upper_name())?;
    writeln!(out, "BOARD COST: {cost}")?;
    write_board(out, after)
}

/// The last line: who won.
pub fn write_winner(out: &mut impl Write, winner: Color) -> io::Result<()> {
    writeln!(out, "{} WIN!", winner.upper_name())
}
