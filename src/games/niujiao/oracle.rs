//! The slow, literal move generator that checks the fast one (tests and fuzzing).

use super::*;
use crate::game::Oracle;

impl Oracle for Niujiao {
    fn reference_actions(&self, pos: &Position) -> Vec<Action> {
        if pos.red >= 8 || self.out_of_plies(pos) {
            return Vec::new();
        }
        let occupied = |p: u8| p == pos.red || pos.blue & (1 << p) != 0;
        let mut v = Vec::new();
        let stones: Vec<u8> = if pos.red_to_move {
            vec![pos.red]
        } else {
            (0..10).filter(|&p| pos.blue & (1 << p) != 0).collect()
        };
        for from in stones {
            for to in 0..10u8 {
                let joined = LINES.contains(&(from.min(to), from.max(to)));
                let upward = pos.red_to_move || ROW[to as usize] <= ROW[from as usize];
                if joined && upward && !occupied(to) {
                    v.push(Action { from, to });
                }
            }
        }
        v
    }
}
