//! The tic-tac-toe board: columns a-c, rows 1-3 from the top.

use super::{Position, TicTacToe};
use crate::game::drawing::{Drawing, Picture, Spots, Unit, letters, numbers};

impl Drawing for TicTacToe {
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

    /// A cell is numbered 0-8 in reading order, as the picture's points are.
    fn spots(&self, _: &Position, cell: u8) -> Spots {
        Spots { from: None, to: Some(usize::from(cell)) }
    }
}
