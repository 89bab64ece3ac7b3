//! `perft` as every door asks for it: positions counted 1 to DEPTH plies deep,
//! within the budgets.

use std::time::Duration;

use super::check;
use super::option::Opt;
use super::refusal::{Refusal, Word};
use crate::game::Game;
use crate::search::perft::{Counts, PerftBudget, perft_by_depth};
use crate::words;

pub use crate::search::perft::DEFAULT_MAX_COUNT;

/// A `perft` as a door gives it.
#[derive(Clone, Copy, Debug, Default)]
pub struct PerftArgs {
    /// Plies to count to.
    pub depth: Option<i64>,
    /// Each first action's count at the last depth.
    pub divide: bool,
    /// Positions one depth may count.
    pub max_nodes: Option<i64>,
    /// Seconds the whole request may take.
    pub max_time: Option<f64>,
    /// Threads to count on.
    pub threads: Option<i64>,
}

/// A `perft` checked.
#[derive(Clone, Copy, Debug)]
pub struct Perft {
    /// Plies to count to.
    pub depth: u8,
    /// Each first action's count at the last depth.
    pub divide: bool,
    /// The budgets, running from the check.
    pub budget: PerftBudget,
    /// Threads to count on.
    pub threads: usize,
}

impl PerftArgs {
    /// The request checked; its time budget starts now.
    pub fn check(&self) -> Result<Perft, Refusal> {
        let Some(depth) = check::depth(self.depth)? else {
            return Err(Refusal::usage(Opt::Depth, words!["give the depth to count to"]));
        };
        let max_count = check::within(Opt::MaxNodes, self.max_nodes, 1, i64::MAX)?
            .map_or(DEFAULT_MAX_COUNT, |n| n as u64);
        let max_time = match self.max_time {
            Some(t) if !(t.is_finite() && t > 0.0) => {
                return Err(Refusal::usage(
                    Opt::MaxTime,
                    words![Word::set(Opt::MaxTime, t), ": give seconds, more than 0"],
                ));
            }
            t => t.map(Duration::from_secs_f64),
        };
        Ok(Perft {
            depth,
            divide: self.divide,
            budget: PerftBudget::new(max_count, max_time),
            threads: check::threads(self.threads)?,
        })
    }
}

/// What a count gave: each depth's total, 1 first, and the last depth's divide.
#[derive(Clone, Debug, Default)]
pub struct Counted {
    /// Positions at each depth.
    pub by_depth: Vec<u64>,
    /// Each first action (in the game's notation) and its count at the last depth.
    pub divide: Vec<(String, u64)>,
}

impl Counted {
    /// The lines `gametree perft` prints: `DEPTH COUNT`, then with `divide`
    /// a blank line and `ACTION: COUNT`.
    pub fn lines(&self, from: u8, divide: bool) -> (String, String) {
        let mut lines = String::new();
        for (d, n) in self.by_depth.iter().enumerate().skip(usize::from(from) - 1) {
            lines.push_str(&format!("{} {n}\n", d + 1));
        }
        let mut divided = String::new();
        if divide {
            divided.push('\n');
            for (a, n) in &self.divide {
                divided.push_str(&format!("{a}: {n}\n"));
            }
        }
        (lines, divided)
    }
}

/// Counts below `pos` to the request's depth, within its budgets.
pub fn count<G: Game>(game: &G, pos: &G::Position, req: &Perft) -> Result<Counted, Refusal> {
    let mut last: Option<Counts> = None;
    for counts in perft_by_depth(game, pos, req.depth, req.threads, &req.budget, "", &|_, _| {}) {
        last = Some(counts?);
    }
    let Some(last) = last else { return Ok(Counted::default()) };
    let mut actions = Vec::new();
    game.actions(pos, &mut actions);
    let divide = actions.iter().zip(&last.divide).map(|(&a, &n)| (game.format_action(a), n)).collect();
    Ok(Counted { by_depth: last.by_depth, divide })
}
