//! The slow, literal move generator that checks the fast one (tests and fuzzing).

use super::*;
use crate::game::Oracle;

impl Oracle for Checkers {
    fn reference_actions(&self, pos: &Position) -> Vec<Action> {
        moves::reference_actions(pos)
    }
}
