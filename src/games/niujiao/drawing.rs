//! The niujiao ladder: point 0 on the horn, 1 below it, then pairs 2-3 ... 8-9,
//! joined by the game's lines; each point is labelled with its number, the
//! game's only coordinates, on its outer side.

use super::{Action, LINES, Niujiao, Position, ROW, point_symbol};
use crate::game::drawing::{Drawing, Picture, Spots, Unit, board_text};
use crate::game::{Notation, Player};

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
    fn setup(&self, cells: &str, to_move: Player) -> Option<Result<Position, String>> {
        let side = if to_move == Player::First { 'r' } else { 'b' };
        let board = board_text(cells, 1, 10, str::to_string, "");
        Some(board.and_then(|b| self.parse_position(&format!("{b} {side}")).map_err(|e| e.0)))
    }

    fn picture(&self) -> Picture {
        let points: Vec<[f32; 2]> = (0..10).map(place).collect();
        Picture {
            width: 4.0,
            height: 6.2,
            // A point's number beside it, away from the ladder: left of the
            // left-hand points, right of the others.
            labels: points
                .iter()
                .enumerate()
                .map(|(i, &[x, y])| (if x < 1.5 { x - 0.75 } else { x + 0.75 }, y, i.to_string()))
                .collect(),
            points,
            squares: Vec::new(),
            lines: LINES.iter().map(|&(a, b)| [a as usize, b as usize]).collect(),
            units: vec![
                Unit::plain('r', "red stone", "R", ["#d22", "#600"]),
                Unit::plain('b', "blue stone", "B", ["#27d", "#013"]),
            ],
            grid: None,
        }
    }

    fn cells(&self, pos: &Position) -> String {
        (0..10).map(|i| point_symbol(pos, i)).collect()
    }

    fn spots(&self, _: &Position, action: Action) -> Spots {
        Spots { from: Some(usize::from(action.from)), to: Some(usize::from(action.to)) }
    }
}
