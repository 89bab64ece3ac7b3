//! What MCTS is set beside: alpha-beta on the same position (`--compare`), and
//! the game's exact result where a solve finds it cheaply (the explorer's
//! convergence chart draws the root's Q against it).

use std::time::Duration;

use crate::runtime::clock::Instant;

use crate::game::Game;
use crate::search::alphabeta::{self, Choice, Search, Stopped};
use crate::search::solve::{self, Solution};

/// A solve for the exact result gives up past this many distinct positions:
/// tic-tac-toe has 5,478 and niujiao's are few, so it answers for those
/// (and late positions of the others) in milliseconds, and refuses the rest
/// as quickly.
pub const EXACT_MAX_POSITIONS: u64 = 200_000;
/// ... or past this many bytes of the solver's tables.
pub const EXACT_MAX_BYTES: u64 = 64 << 20;

/// Alpha-beta's answer on the position MCTS searched, and its cost.
#[derive(Clone, Copy, Debug)]
pub struct AlphaBeta<A> {
    /// The plies it searched.
    pub depth: u8,
    /// Its choice, or why it gave none (its node budget).
    pub found: Result<Choice<A>, Stopped>,
    /// How long it took.
    pub time: Duration,
}

/// Alpha-beta from `pos` to `depth` plies, within `max_nodes` positions.
pub fn alphabeta<G: Game>(game: &G, pos: &G::Position, depth: u8, max_nodes: u64) -> AlphaBeta<G::Action> {
    let started = Instant::now();
    let found = alphabeta::search(game, pos, &Search::to(depth).within(max_nodes)).map(|t| t.choice);
    AlphaBeta { depth, found, time: started.elapsed() }
}

/// The result of best play from `pos` for its side to move, when every
/// position reachable from it fits [`EXACT_MAX_POSITIONS`]; `None` otherwise.
pub fn exact<G: Game>(game: &G, pos: &G::Position) -> Option<Solution> {
    let budget = solve::Budget { max_positions: EXACT_MAX_POSITIONS, max_bytes: EXACT_MAX_BYTES };
    solve::solve(game, pos, &budget, &mut |_| {}).ok()?.get(pos)
}

/// A solution as MCTS's reward for the side to move: win 1, draw 1/2, loss 0,
/// the scale of the root's Q.
pub fn reward(solution: Solution) -> f64 {
    match solution {
        Solution::Win { .. } => 1.0,
        Solution::Draw => 0.5,
        Solution::Loss { .. } => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;
    use crate::games::checkers::Checkers;
    use crate::games::tictactoe::TicTacToe;

    #[test]
    fn the_exact_result_is_found_for_tictactoe_and_given_up_for_checkers() {
        let game = TicTacToe;
        assert_eq!(exact(&game, &game.start()), Some(Solution::Draw));
        // x to move with two in a row and the third cell free wins at once.
        let pos = game.parse_position("xx.oo.... x").unwrap();
        assert_eq!(exact(&game, &pos), Some(Solution::Win { plies: 1 }));
        assert_eq!(exact(&Checkers, &Checkers.start()), None);
    }
}
