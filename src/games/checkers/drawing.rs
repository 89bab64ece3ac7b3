//! The checkers board as the course draws it: columns A-H, rows 1-8 from the
//! top, units on the dark squares. A tower shows as B* or W* at a terminal (a
//! lone B could be read as column B), in brackets too.

use super::board::{col_of, row_of};
use super::{Action, Checkers, Color, Position};
use crate::game::char_grid;
use crate::game::counted;
use crate::game::drawing::{Drawing, Picture, Spots, Unit, board_text, letters, numbers};
use crate::game::{Notation, Player};

/// The point of a square (0-31) in the picture's reading order.
fn point(square: u8) -> usize {
    row_of(square) * 8 + col_of(square)
}

impl Drawing for Checkers {
    fn setup(&self, cells: &str, to_move: Player) -> Option<Result<Position, String>> {
        let side = if to_move == Player::First { 'b' } else { 'w' };
        let board = board_text(cells, 8, 8, str::to_string, "/");
        Some(board.and_then(|b| self.parse_position(&format!("{b} {side}")).map_err(|e| e.0)))
    }

    fn picture(&self) -> Picture {
        let (dark, light) = (["#222", "#000"], ["#fff", "#000"]);
        Picture::grid(
            letters(b'A', 8),
            numbers(1, 8, false),
            |r, c| (r + c) % 2 == 1,
            vec![
                Unit::plain('b', "black piece", "b", dark),
                Unit { mark: "T", ..Unit::plain('B', "black tower", "B*", dark) },
                Unit::plain('w', "white piece", "w", light),
                Unit { mark: "T", ..Unit::plain('W', "white tower", "W*", light) },
            ],
        )
    }

    fn cells(&self, pos: &Position) -> String {
        char_grid(8, 8, |r, c| pos.cell_at(r, c).symbol()).concat()
    }

    fn spots(&self, _: &Position, action: Action) -> Spots {
        Spots { from: Some(point(action.from())), to: Some(point(action.to())) }
    }

    /// What each side has left: "black 12 pieces, 1 tower; white ...".
    fn tally(&self, pos: &Position) -> Option<String> {
        let count = |c: Color| {
            let units = pos.units(c);
            let towers = (units & pos.towers).count_ones();
            let (pieces, towers) = (units.count_ones() - towers, towers);
            let name = c.upper_name().to_lowercase();
            format!("{name} {}, {}", counted(pieces, "piece", "pieces"), counted(towers, "tower", "towers"))
        };
        Some(format!("{}; {}", count(Color::Black), count(Color::White)))
    }
}
