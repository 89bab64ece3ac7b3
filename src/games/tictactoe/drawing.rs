//! The tic-tac-toe board: columns a-c, rows 1-3 from the top.

use super::{Position, TicTacToe};
use crate::game::drawing::{Drawing, Picture, Unit, letters, numbers};

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

    // `spots` is the default's: the cell that a mark fills.
}
