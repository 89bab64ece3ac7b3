//! The Gomoku board: columns a-o, rows 15 (top) to 1.

use super::{Gomoku, SIZE};
use crate::game::drawing::{Drawing, Picture, Unit, letters, numbers};

impl Drawing for Gomoku {
    fn picture(&self) -> Picture {
        Picture::grid(
            letters(b'a', SIZE),
            numbers(SIZE, SIZE, true),
            |_, _| false,
            vec![
                Unit { symbol: 'x', name: "x stone", fill: "#222", stroke: "#000", mark: "" },
                Unit { symbol: 'o', name: "o stone", fill: "#fff", stroke: "#000", mark: "" },
            ],
        )
    }
}
