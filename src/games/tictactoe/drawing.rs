//! The tic-tac-toe board: columns a-c, rows 1-3 from the top.

use super::{Position, TicTacToe};
use crate::game::drawing::{Drawing, Picture, Unit, board_text, letters, numbers};
use crate::game::{Notation, Player};

impl Drawing for TicTacToe {
    fn setup(&self, cells: &str, to_move: Player) -> Option<Result<Position, String>> {
        let side = if to_move == Player::First { 'x' } else { 'o' };
        let board = board_text(cells, 3, 3, str::to_string, "");
        Some(board.and_then(|b| self.parse_position(&format!("{b} {side}")).map_err(|e| e.0)))
    }

    fn picture(&self) -> Picture {
        Picture::grid(
            letters(b'a', 3),
            numbers(1, 3, false),
            |_, _| false,
            vec![
                Unit { mark: "×", ..Unit::plain('x', "x", "x", ["none", "#c00"]) },
                Unit { mark: "○", ..Unit::plain('o', "o", "o", ["none", "#00c"]) },
            ],
        )
    }

    fn cells(&self, pos: &Position) -> String {
        (0..9)
            .map(|i| {
                let bit = 1 << i;
                if pos.x & bit != 0 {
                    'x'
                } else if pos.o & bit != 0 {
                    'o'
                } else {
                    '.'
                }
            })
            .collect()
    }

    // `spots` is the default's: the cell that a mark fills.
}
