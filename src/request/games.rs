//! The list of games as every door shows it: each game's name, what it is,
//! its start position, its default depth and its own options.

use serde::Serialize;

use crate::games::{ALL, Settings};

/// One game of the list.
#[derive(Clone, Debug, Serialize)]
pub struct Listed {
    /// Its name.
    pub name: &'static str,
    /// What it is, in a line.
    pub about: &'static str,
    /// Its start, in its notation.
    pub start: String,
    /// The depth it searches to when none is given.
    pub depth: u8,
    /// Its own options (`max-plies`, `radius`, ...).
    pub options: Vec<ListedOption>,
}

/// One of a game's own options: its name, help and range.
#[derive(Clone, Debug, Serialize)]
pub struct ListedOption {
    /// Its name: `max-plies`.
    pub name: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// The least value accepted.
    pub min: i64,
    /// The greatest.
    pub max: i64,
}

/// The games, in the list's order.
pub fn list() -> Vec<Listed> {
    ALL.iter()
        .map(|&name| {
            let e = name.entry();
            let (start, depth) = crate::with_game!(name, &Settings::default(), |g| (
                g.format_position(&g.start()),
                g.default_depth()
            ));
            let options = e
                .options
                .iter()
                .map(|o| ListedOption { name: o.name, help: o.help, min: o.min, max: o.max })
                .collect();
            Listed { name: e.name, about: e.about, start, depth, options }
        })
        .collect()
}
