//! The slow, literal move generator that checks the fast one (tests and fuzzing).

use super::*;
use crate::game::Oracle;

impl Oracle for Gomoku {
    fn reference_actions(&self, pos: &Position) -> Vec<u8> {
        if pos.winner != EMPTY || (0..CELLS).all(|i| pos.cells[i] != EMPTY) {
            return Vec::new();
        }
        if (0..CELLS).all(|i| pos.cells[i] == EMPTY) {
            return vec![(SIZE / 2 * SIZE + SIZE / 2) as u8];
        }
        let rad = self.radius as usize;
        let near = |i: usize| {
            (0..CELLS).any(|j| {
                pos.cells[j] != EMPTY
                    && (i / SIZE).abs_diff(j / SIZE) <= rad
                    && (i % SIZE).abs_diff(j % SIZE) <= rad
            })
        };
        (0..CELLS).filter(|&i| pos.cells[i] == EMPTY && near(i)).map(|i| i as u8).collect()
    }
}
