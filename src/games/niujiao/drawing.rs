//! The niujiao ladder: point 0 on the horn, 1 below it, then pairs 2-3 ... 8-9;
//! each point is labelled with its number, the game's only coordinates.

use super::{LINES, Niujiao, Position, ROW, point_symbol};
use crate::game::drawing::{Drawing, Picture, Unit};

/// Where each point stands: the left of a pair at x 1, the right at x 3; the
/// horn's points on the left, 1 half way.
fn place(p: usize) -> [f32; 2] {
    let x = match p {
        0 => 1.0,
        1 => 2.0,
        p if p % 2 == 0 => 1.0,
        _ => 3.0,
    };
    [x, f32::from(ROW[p]) + 0.6]
}

impl Drawing for Niujiao {
    fn picture(&self) -> Picture {
        let points: Vec<[f32; 2]> = (0..10).map(place).collect();
        Picture {
            width: 4.0,
            height: 6.2,
            labels: points
                .iter()
                .enumerate()
                .map(|(i, &[x, y])| (x - 0.55, y - 0.3, i.to_string()))
                .collect(),
            points,
            squares: Vec::new(),
            lines: LINES.iter().map(|&(a, b)| [a as usize, b as usize]).collect(),
            units: vec![
                Unit { symbol: 'r', name: "red stone", fill: "#d22", stroke: "#600", mark: "" },
                Unit { symbol: 'b', name: "blue stone", fill: "#27d", stroke: "#013", mark: "" },
            ],
            grid: None,
        }
    }

    fn cells(&self, pos: &Position) -> String {
        (0..10).map(|i| point_symbol(pos, i)).collect()
    }
}
