//! The browser tier: every test that opens a page in a real headless Chromium
//! through the suite's WebDriver client (tests/support/browser.rs), built as a
//! binary of its own that a plain `cargo test` neither builds nor runs.
//!
//! Run it with `cargo test --profile quick --test browser` (.ci/run does, after
//! the suite). Its tests take about five CPU-minutes on 2 cores, most of it in
//! Chromium and in building the browser app's wasm; the README's test command
//! is kept to the quick tier. Where Chromium (or the wasm toolchain, or
//! axe-core) is absent, the tests that need it are ignored with the reason,
//! as in the suite.

#[path = "../support/mod.rs"]
mod support;

mod classroom;
mod deepening_pages;
mod exercises;
mod explorer;
mod graft;
mod mcts_explorer;
mod move_orders;
mod transpositions;
mod web;
mod web_student;
