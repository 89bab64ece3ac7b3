//! Exports read a finished tree; they never change it.

pub mod addon;
pub mod analysis;
pub mod budget;
pub mod chart;
pub mod deepening;
pub mod dot;
mod drawn;
pub mod efg;
pub mod html;
pub mod json;
pub mod mcts;
pub mod merged;
pub mod merged_view;
pub mod modules;
pub mod names;
pub mod orders;
pub mod positions;
pub mod saved;
pub mod scope;
pub mod seal;
pub mod sketch;
pub mod small_tree;
pub mod summary;
pub mod trace;
