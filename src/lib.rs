//! gametree: explicit minimax trees for small board games, and the course's
//! checkers protocol reproduced byte for byte.

pub mod cli;
pub mod drawing;
pub mod export;
pub mod fixtures;
pub mod game;
pub mod games;
pub mod invariants;
pub mod limits;
pub mod protocol;
pub mod rng;
pub mod runtime;
pub mod savegame;
pub mod search;
pub mod tree;
