//! What a game is: positions, whose turn it is, the actions in their order, and
//! what they do. Everything else about a game is built on this.

use std::fmt;

use super::{Outcome, Player};

/// The rules of a game. Games are shared by the threads of a parallel tree build,
/// hence `Sync`; small settings structs, hence `Clone`.
pub trait Rules: Sync + Clone {
    /// A whole game state: the board and the side to move, and whatever else
    /// decides what happens next (a half-move clock, a ply count). Positions are
    /// compared and hashed by play's repetition rules and by the exact solver.
    type Position: Clone + Eq + std::hash::Hash + fmt::Debug + Send + Sync + 'static;
    /// One move of one side, small enough to copy (a from-to pair, a point, a
    /// child's place). Equality means the same move in the same position.
    type Action: Copy + PartialEq + fmt::Debug + Send + Sync + 'static;

    /// The position a new game starts from, and the default of every command's
    /// `--position`.
    fn start(&self) -> Self::Position;

    /// The side whose turn it is at `pos`; its actions are the ones
    /// [`Rules::actions`] lists.
    fn to_move(&self, pos: &Self::Position) -> Player;

    /// Clears `out` and fills it with the legal actions of the side to move, in the
    /// game's defined order (the order children appear in the tree). Empty when the
    /// game is over or the side to move cannot act.
    fn actions(&self, pos: &Self::Position, out: &mut Vec<Self::Action>);

    /// Whether the side to move has at least one action. Games override it when they
    /// can answer faster than by generating every action.
    fn has_actions(&self, pos: &Self::Position) -> bool {
        let mut v = Vec::new();
        self.actions(pos, &mut v);
        !v.is_empty()
    }

    /// The position after the side to move plays `action`, one of the actions
    /// [`Rules::actions`] listed at `pos` (anything else may give a position the
    /// rules cannot reach, or panic: callers check legality first).
    fn apply(&self, pos: &Self::Position, action: Self::Action) -> Self::Position;

    /// How many actions the side to move has: perft's last ply counts these
    /// without listing or applying them. Games override it when they can count
    /// faster than they list (with population counts of bit masks).
    fn count_actions(&self, pos: &Self::Position) -> u64 {
        let mut v = Vec::new();
        self.actions(pos, &mut v);
        v.len() as u64
    }

    /// How the game ended, for the side to move, at a position where it has no
    /// action. No default: a side that cannot act has lost in checkers, but the
    /// game is drawn when a tic-tac-toe board fills up, and a default would score
    /// every such draw as a loss.
    fn terminal_outcome(&self, pos: &Self::Position) -> Outcome;

    /// Whether a person may play `action` here. Usually exactly the generated actions;
    /// a game whose search considers fewer moves than the rules allow (Gomoku's
    /// candidates near stones) says so here.
    fn is_legal(&self, pos: &Self::Position, action: Self::Action) -> bool {
        let mut v = Vec::new();
        self.actions(pos, &mut v);
        v.contains(&action)
    }

    /// A key that is the same for this position and every position a symmetry
    /// of the board maps it to, and differs for any other; `None` for a game
    /// whose board has no symmetry its rules respect. The tree's census counts
    /// positions up to symmetry with it. `game::symmetry` has the square
    /// board's eight.
    fn symmetry_class(&self, pos: &Self::Position) -> Option<Vec<u8>> {
        let _ = pos;
        None
    }

    /// The symmetries [`Rules::symmetry_class`] respects, as a lesson says them
    /// after "positions that ... makes the same": the square board's turns and
    /// mirrors unless the game says otherwise.
    fn symmetry_words(&self) -> &'static str {
        crate::game::symmetry::SQUARE_WORDS
    }

    /// [`Rules::symmetry_class`] written into `key` (cleared first) instead of
    /// a new vector, `false` for a game without symmetries: the census asks it
    /// for every distinct position, and games whose key is a few bytes
    /// override it to allocate nothing.
    fn symmetry_class_into(&self, pos: &Self::Position, key: &mut Vec<u8>) -> bool {
        key.clear();
        match self.symmetry_class(pos) {
            Some(k) => {
                key.extend_from_slice(&k);
                true
            }
            None => false,
        }
    }
}
