//! gametree: explicit minimax trees for small board games, and the course's
//! checkers protocol reproduced byte for byte.
//!
//! OS-level `unsafe` lives in [`runtime`] alone; the tree's node and arena
//! files hold the only other `unsafe`, for compact nodes written in place.

#![deny(unsafe_code)]

#[cfg(feature = "cli")]
pub mod cli;
pub mod drawing;
pub mod exercise;
pub mod export;
pub mod fixtures;
pub mod game;
pub mod games;
#[cfg(feature = "oracles")]
pub mod invariants;
pub mod limits;
pub mod protocol;
pub mod rng;
#[allow(unsafe_code)]
pub mod runtime;
pub mod savegame;
pub mod search;
pub mod tree;
