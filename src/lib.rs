//! gametree: explicit minimax trees for small board games, and the course's
//! checkers protocol reproduced byte for byte.
//!
//! A program of its own goes build, then search, then export:
//! [`tree::Tree::build`] makes the explicit tree of a position in a
//! [`tree::TreeArena`]; [`search::back_propagate`] (minimax) or
//! [`search::alphabeta::run_on_tree`] sets its values; the writers of
//! [`export`] read the searched tree and refuse one no search has set
//! ([`tree::NotSearched`]). [`search::alphabeta::search`] searches a position
//! without building a tree, and [`search::perft::perft`] counts positions. The
//! games are in [`games`]; a game of your own implements the traits of
//! [`game`] (the README and `docs/adding-a-game.md` walk through both).
//!
//! OS-level `unsafe` lives in [`runtime`] alone; the tree's node and arena
//! files hold the only other `unsafe`, for compact nodes written in place,
//! with the textbook trees' reader, whose nodes the game that read them owns.

#![deny(unsafe_code)]
// Every public item says what it is for; CI's clippy turns this into an error.
#![warn(missing_docs)]

// The command line is the binary's wiring, behind the default-on `cli` feature:
// its argument structs are documented for `--help` by clap, not for readers of
// the library API.
#[cfg(feature = "cli")]
#[allow(missing_docs)]
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
pub mod request;
pub mod rng;
#[allow(unsafe_code)]
pub mod runtime;
pub mod savegame;
pub mod search;
pub mod tree;
