#![allow(dead_code)]

pub mod naive_checkers;

/// The official checkers fixtures, read in place (never copied into the project).
pub const OFFICIAL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/fixtures/checkers/official");
pub const RULINGS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/fixtures/checkers/rulings");
