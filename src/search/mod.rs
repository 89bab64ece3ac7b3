//! Algorithms over trees and positions, for any [`crate::game::Game`]: minimax
//! back-propagation, alpha-beta, perft, exact solutions, search budgets and the
//! machine player. The trees themselves are in [`crate::tree`].

pub mod alphabeta;
pub mod budget;
pub mod deepening;
pub mod kind;
pub mod levels;
pub mod machine;
pub mod mcts;
pub mod minimax;
pub mod orders;
pub mod perft;
pub mod perft_diff;
pub mod run;
pub mod solve;
pub mod trace;

pub use kind::Search;

// Where the searches have always found it; it lives with the limits, below
// the tree builders, which heed it too.
pub use crate::limits::stop;

pub use minimax::{back_propagate, back_propagate_observed, back_propagate_parallel};
