//! Exercise sheets: a tree to work by hand (the worksheet) and its answer key,
//! drawn from one searched tree of any game. `generate` makes random textbook
//! trees that meet a teacher's constraints; `sheet` lays a searched tree out
//! once, with the board of a game's position (`board`); `page` fits it to the paper and `marks` says what is drawn there;
//! the writers draw those marks as SVG and PDF, the tree as LaTeX, and
//! `answers` writes every step as JSON.

pub mod answers;
pub mod board;
pub mod files;
pub mod generate;
pub mod ink;
pub mod marks;
pub mod page;
pub mod pdf;
pub mod quiz;
pub mod sheet;
pub mod svg;
pub mod tex;
