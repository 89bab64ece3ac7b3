//! Exports read a finished tree; they never change it.

pub mod dot;
pub mod json;
