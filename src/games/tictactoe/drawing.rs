//! The tic-tac-toe board: columns a-c, rows 1-3 from the top.

use super::TicTacToe;
use crate::game::drawing::{Drawing, Picture, Unit, letters, numbers};

impl Drawing for TicTacToe {
    fn picture(&self) -> Picture {
        Picture::grid(
            letters(b'a', 3),
            numbers(1, 3, false),
            |_, _| false,
            vec![
                Unit { symbol: 'x', name: "x", fill: "none", stroke: "#c00", mark: "×" },
                Unit { symbol: 'o', name: "o", fill: "none", stroke: "#00c", mark: "○" },
            ],
        )
    }
}
