//! The integration tests, one module a file of this folder, built as one
//! test binary: thirty-odd binaries each linking the library and its
//! dependencies again were most of a fresh `cargo test`'s build. Run one
//! file's tests with `cargo test --profile quick --test suite FILE::`.
//!
//! The tests that drive the pages in Chromium are the browser tier, a binary
//! of their own (tests/browser/main.rs), which `cargo test` builds and runs
//! only when asked: `cargo test --profile quick --test browser`.

mod support;

mod ataxx_gomoku;
mod bare_machine;
mod boards;
mod census;
mod checkers_fixtures;
mod cli;
mod conformance;
mod deepening;
mod deepening_pages;
mod doors;
mod engine;
mod example_connect_four;
mod example_nim;
mod exercises;
mod explore_saved;
mod fuzz_regressions;
mod gambit;
mod generated;
mod honest;
mod hostile;
mod illegal_moves;
mod imports;
mod invariants;
mod mcts;
mod move_orders;
mod output_plan;
mod owned_tree;
mod perft;
mod perft_against;
mod play_and_analyse;
mod protocol_oracle;
mod pruning_rules;
mod pty;
mod quizzes;
mod readme;
mod references;
mod refusals;
mod requests;
mod sweep;
mod textbook_alphabeta;
mod textbook_trees;
mod transpositions;
mod tree_exports;
mod unsearched_export;
