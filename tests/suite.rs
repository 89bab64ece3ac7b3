//! The integration tests, one module a file of this folder, built as one
//! test binary: thirty-odd binaries each linking the library and its
//! dependencies again were most of a fresh `cargo test`'s build. Run one
//! file's tests with `cargo test --profile quick --test suite FILE::`.

mod support;

mod ataxx_gomoku;
mod bare_machine;
mod boards;
mod census;
mod checkers_fixtures;
mod classroom;
mod cli;
mod conformance;
mod deepening;
mod deepening_pages;
mod engine;
mod example_connect_four;
mod example_nim;
mod exercises;
mod explore_saved;
mod explorer;
mod fuzz_regressions;
mod gambit;
mod generated;
mod graft;
mod honest;
mod hostile;
mod illegal_moves;
mod invariants;
mod mcts;
mod mcts_explorer;
mod move_orders;
mod perft;
mod perft_against;
mod play_and_analyse;
mod protocol_oracle;
mod pruning_rules;
mod pty;
mod readme;
mod references;
mod refusals;
mod sweep;
mod textbook_alphabeta;
mod textbook_trees;
mod transpositions;
mod tree_exports;
mod unsearched_export;
mod web;
