//! The Gomoku board as the original drew it: stones on the crossings of 15
//! lines by 15 (● x, ○ o), columns a-o, rows 15 (top) to 1.

use super::{Gomoku, O, Position, SIZE, X, cell_name};
use crate::game::counted;
use crate::game::drawing::{Drawing, Picture, Spots, Unit, board_text, letters, numbers};
use crate::game::{Notation, Player, run_length};

impl Drawing for Gomoku {
    fn setup(&self, cells: &str, to_move: Player) -> Option<Result<Position, String>> {
        let side = if to_move == Player::First { 'x' } else { 'o' };
        let board = board_text(cells, SIZE, SIZE, run_length, "/");
        Some(board.and_then(|b| self.parse_position(&format!("{b} {side}")).map_err(|e| e.0)))
    }

    fn picture(&self) -> Picture {
        Picture::crossings(
            letters(b'a', SIZE),
            numbers(SIZE, SIZE, true),
            vec![
                Unit { glyph: "●", ..Unit::plain('x', "x stone", "x", ["#222", "#000"]) },
                Unit { glyph: "○", ..Unit::plain('o', "o stone", "o", ["#fff", "#000"]) },
            ],
        )
    }

    fn cells(&self, pos: &Position) -> String {
        pos.cells
            .iter()
            .map(|&c| match c {
                X => 'x',
                O => 'o',
                _ => '.',
            })
            .collect()
    }

    /// A point is numbered in reading order from a15, as the picture's are.
    fn spots(&self, _: &Position, cell: u8) -> Spots {
        Spots { from: None, to: Some(usize::from(cell)) }
    }

    /// The stones each side has, the number of the move to play, and a
    /// winning line.
    fn tally(&self, pos: &Position) -> Option<String> {
        let count = |side| pos.cells.iter().filter(|&&c| c == side).count() as u32;
        let mut s = format!(
            "x {}, o {}; move {}",
            counted(count(X), "stone", "stones"),
            counted(count(O), "stone", "stones"),
            pos.stones / 2 + 1
        );
        if let Some(line) = pos.winning_line() {
            let names: Vec<String> = line.iter().map(|&i| cell_name(i as u8)).collect();
            s.push_str(&format!("; five in a row: {}", names.join(" ")));
        }
        Some(s)
    }
}
