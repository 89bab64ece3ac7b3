//! The slow, literal move generator that checks the fast one (tests and fuzzing).

use super::*;
use crate::game::Oracle;

impl Oracle for TicTacToe {
    fn reference_actions(&self, pos: &Position) -> Vec<u8> {
        let lines = |m: u16| LINES.iter().filter(|&&l| m & l == l).count();
        let over = lines(pos.x) > 0 || lines(pos.o) > 0;
        (0..9u8).filter(|&c| !over && (pos.x | pos.o) & (1 << c) == 0).collect()
    }
}
