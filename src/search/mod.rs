//! Trees and searches over them, for any [`crate::game::Game`].

pub mod alphabeta;
pub mod machine;
pub mod minimax;
pub mod perft;
pub mod solve;
pub mod tree;

pub use minimax::back_propagate;
pub use tree::{DEFAULT_MAX_NODES, NO_PARENT, Node, NodeArena, TooManyNodes, Tree};
