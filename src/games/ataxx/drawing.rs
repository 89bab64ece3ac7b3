//! The Ataxx board: files a-g, ranks 7 (top) to 1.

use super::Ataxx;
use crate::game::drawing::{Drawing, Picture, Unit, letters, numbers};

impl Drawing for Ataxx {
    fn picture(&self) -> Picture {
        Picture::grid(
            letters(b'a', 7),
            numbers(7, 7, true),
            |_, _| false,
            vec![
                Unit { symbol: 'x', name: "x stone", fill: "#222", stroke: "#000", mark: "" },
                Unit { symbol: 'o', name: "o stone", fill: "#fff", stroke: "#000", mark: "" },
                Unit { symbol: '-', name: "blocked cell", fill: "#999", stroke: "#666", mark: "■" },
            ],
        )
    }
}
