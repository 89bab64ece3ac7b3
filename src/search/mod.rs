//! Trees and searches over them, for any [`crate::game::Game`].

pub mod alphabeta;
pub mod budget;
pub mod machine;
pub mod minimax;
pub mod orders;
mod parallel;
pub mod perft;
mod placement;
mod prefault;
pub mod solve;
pub mod team;
pub mod trace;
pub mod tree;

pub use minimax::{back_propagate, back_propagate_observed, back_propagate_parallel};
pub use tree::{
    BuildOptions, DEFAULT_MAX_NODES, GameNode, Node, QUOTA_BLOCK, TooManyNodes, Tree, TreeArena,
    default_threads, prepare_build,
};
