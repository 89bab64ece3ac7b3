//! The checkers board as the course draws it: columns A-H, rows 1-8 from the top.

use super::Checkers;
use crate::game::drawing::{Drawing, Picture, Unit, letters, numbers};

impl Drawing for Checkers {
    fn picture(&self) -> Picture {
        Picture::grid(
            letters(b'A', 8),
            numbers(1, 8, false),
            |r, c| (r + c) % 2 == 1,
            vec![
                Unit { symbol: 'b', name: "black piece", fill: "#222", stroke: "#000", mark: "" },
                Unit { symbol: 'B', name: "black tower", fill: "#222", stroke: "#000", mark: "T" },
                Unit { symbol: 'w', name: "white piece", fill: "#fff", stroke: "#000", mark: "" },
                Unit { symbol: 'W', name: "white tower", fill: "#fff", stroke: "#000", mark: "T" },
            ],
        )
    }
}
