//! What a person playing needs of a game beyond what trees need: passes,
//! moves the search does not consider, and rules that end a drawn endgame.
//! Only `play`, `match` and replay read these; a game that has none of them
//! writes `impl Play for MyGame {}`.

use super::Rules;

/// Play's own rules: every method has a default, right for most games.
pub trait Play: Rules {
    /// Whether `action` is a pass (Ataxx's 0000, the one action of a side that
    /// cannot move).
    fn is_pass(&self, action: Self::Action) -> bool {
        let _ = action;
        false
    }

    /// Every action a person may play at `pos`, where [`Rules::actions`] gives
    /// only the ones the machine considers (Gomoku's points near the stones);
    /// `None` where the two are the same.
    fn every_action(&self, pos: &Self::Position) -> Option<Vec<Self::Action>> {
        let _ = pos;
        None
    }

    /// Play's rules that end a drawn endgame, in a game that does not end by
    /// itself (checkers' shuffling towers). Only `play`, `match` and replay
    /// apply them: the search and the course protocol do not. `None`: the
    /// game always ends by its own rules.
    fn draw_rules(&self) -> Option<DrawRules> {
        None
    }

    /// Whether `action` at `pos` can never be taken back by later actions (a
    /// capture, a crowning): it restarts the count of
    /// [`DrawRules::quiet_plies`].
    fn is_irreversible(&self, pos: &Self::Position, action: Self::Action) -> bool {
        let _ = (pos, action);
        true
    }
}

/// How play ends a game that could go on for ever: see [`Play::draw_rules`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRules {
    /// The same position (the same side to move) this many times is a draw.
    pub repetitions: usize,
    /// This many plies in a row without an irreversible action is a draw.
    pub quiet_plies: usize,
    /// What an irreversible action is, in words: "a capture or a crowning".
    pub irreversible: &'static str,
}
