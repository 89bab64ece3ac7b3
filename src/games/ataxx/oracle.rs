//! The slow, literal move generator that checks the fast one (tests and fuzzing).

use super::*;
use crate::game::Oracle;

impl Oracle for Ataxx {
    fn reference_actions(&self, pos: &Position) -> Vec<Action> {
        let cell = |m: u64, s: usize| m & (1 << s) != 0;
        let dist = |a: usize, b: usize| (a / SIZE).abs_diff(b / SIZE).max((a % SIZE).abs_diff(b % SIZE));
        let (mine, theirs) = pos.mine_theirs();
        let free = |s: usize| !cell(mine | theirs | pos.blocked, s);
        let moves_of = |stones: u64| {
            let mut v = Vec::new();
            for t in (0..CELLS).filter(|&t| free(t)) {
                if (0..CELLS).any(|s| cell(stones, s) && dist(s, t) == 1) {
                    v.push(Action::Clone(t as u8));
                }
            }
            for s in (0..CELLS).filter(|&s| cell(stones, s)) {
                for t in (0..CELLS).filter(|&t| free(t) && dist(s, t) == 2) {
                    v.push(Action::Jump(s as u8, t as u8));
                }
            }
            v
        };
        let (mut v, other) = (moves_of(mine), moves_of(theirs));
        if mine == 0 || theirs == 0 || pos.halfmove >= HALFMOVE_LIMIT || (v.is_empty() && other.is_empty()) {
            v.clear();
        } else if v.is_empty() {
            v.push(Action::Pass);
        }
        v
    }
}
