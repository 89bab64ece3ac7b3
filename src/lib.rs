//! gametree: explicit minimax trees for small board games, and the course's
//! checkers protocol reproduced byte for byte.

pub mod cli;
pub mod drawing;
pub mod exercise;
pub mod export;
pub mod fixtures;
pub mod game;
pub mod games;
#[cfg(target_os = "linux")]
pub mod hugepages;
pub mod invariants;
pub mod protocol;
pub mod savegame;
pub mod search;
