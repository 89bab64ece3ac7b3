//! Trees and searches over them, for any [`crate::game::Game`].

pub mod minimax;
pub mod tree;

pub use minimax::back_propagate;
pub use tree::{DEFAULT_MAX_NODES, NO_PARENT, Node, NodeArena, TooManyNodes, Tree};
