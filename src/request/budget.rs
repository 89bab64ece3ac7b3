//! The budgets a request runs within, with one table of defaults for every
//! door (docs/budgets.md prints it, and a test holds the two together). A
//! door may raise a budget through its option, never lower the table's
//! safeguards silently: what a request reads and builds belongs to it and is
//! freed with its result.

use super::option::{Door, Opt};
use super::refusal::{Refusal, Word};

/// The bytes any one output (an export, a page, a chart, a quiz) may take
/// unless raised: an output past it is refused before it is written.
pub const DEFAULT_MAX_BYTES: u64 = 64 << 20;

/// The most names a class list may hold: one exercise or quiz question each.
pub const MAX_CLASS: u64 = 1000;

/// The most trees one grading runs a student's search on.
pub const MAX_TREES: u64 = 10_000;

/// One row of the table of budgets: the option that sets it, its default and
/// its most, in words.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    /// The option.
    pub opt: Opt,
    /// What it bounds.
    pub what: &'static str,
    /// Its default, in words.
    pub default: &'static str,
    /// The most it may be raised to, in words.
    pub most: &'static str,
    /// The doors that take the option (the others hold the default).
    pub doors: &'static [Door],
}

const ALL: &[Door] = &[Door::Cli, Door::Python, Door::Page];
const CLI_PYTHON: &[Door] = &[Door::Cli, Door::Python];

/// The table of budgets, the same in every door.
pub const TABLE: &[Row] = &[
    Row {
        opt: Opt::MaxNodes,
        what: "nodes a tree may have, positions a search may examine",
        default: "50,000,000 (the page: 200,000, a phone's tab)",
        most: "4,294,967,294 for a tree (the page: 5,000,000)",
        doors: ALL,
    },
    Row {
        opt: Opt::MaxNodes,
        what: "positions perft counts at one depth",
        default: "100,000,000,000",
        most: "no limit",
        doors: ALL,
    },
    Row {
        opt: Opt::MaxBytes,
        what: "bytes of each output: an export, a page, a chart, a quiz",
        default: "64 MiB",
        most: "no limit",
        doors: CLI_PYTHON,
    },
    Row {
        opt: Opt::MaxTime,
        what: "seconds perft may take",
        default: "no limit",
        most: "no limit",
        doors: CLI_PYTHON,
    },
    Row {
        opt: Opt::MaxMemory,
        what: "bytes the solver's tables may take",
        default: "what the machine has",
        most: "half the address space `ulimit -v` leaves",
        doors: CLI_PYTHON,
    },
    Row {
        opt: Opt::Iterations,
        what: "MCTS's iterations (its tree stops growing at the node budget)",
        default: "10,000",
        most: "2,147,483,647",
        doors: ALL,
    },
    Row {
        opt: Opt::Class,
        what: "names in a class list",
        default: "1,000",
        most: "1,000",
        doors: CLI_PYTHON,
    },
    Row {
        opt: Opt::Trees,
        what: "trees one grading runs",
        default: "40",
        most: "10,000",
        doors: &[Door::Python],
    },
];

/// The nodes a tree in the page may have unless `max-nodes` says otherwise:
/// the page's one row of its own in the table, sized for a phone's tab (the
/// JSON and the explorer of 200,000 nodes are some 60 MB of text).
pub const PAGE_MAX_NODES: u64 = 200_000;

/// The most `max-nodes` may raise it to in the page: wasm32's memory is 4 GB
/// at most, and a tab's far less.
pub const PAGE_HARD_MAX_NODES: u64 = 5_000_000;

/// The page's node budget: its row of the table unless `max-nodes` raises
/// it, at most to what a tab's memory holds.
#[derive(Clone, Copy, Debug)]
pub struct PageNodes {
    /// The nodes a tree may have.
    pub max: u64,
    given: bool,
}

impl PageNodes {
    /// The budget, `given` or the page's own.
    pub fn of(given: Option<i64>) -> Result<PageNodes, Refusal> {
        let given = super::check::within(Opt::MaxNodes, given, 1, PAGE_HARD_MAX_NODES as i64)?;
        Ok(PageNodes { max: given.map_or(PAGE_MAX_NODES, |n| n as u64), given: given.is_some() })
    }

    /// A tree over the page's own budget, said as the page's (sized for a phone).
    pub fn said(&self, refusal: Refusal) -> Refusal {
        if self.given || refusal.option != Some(Opt::Depth) {
            return refusal;
        }
        Refusal::budget(
            Opt::Depth,
            crate::words![
                format!(
                    "the tree would have more than {PAGE_MAX_NODES} nodes, over this page's budget (sized for a phone): choose a smaller "
                ),
                Opt::Depth,
                ", or a position nearer the end of the game"
            ],
        )
    }
}

/// The table as docs/budgets.md prints it: each budget in each door's words.
pub fn markdown() -> String {
    let mut out = String::from(
        "| what it bounds | command line | Python | page | default | most |\n| --- | --- | --- | --- | --- | --- |\n",
    );
    for row in TABLE {
        let spelt = |door: Door| {
            if row.doors.contains(&door) {
                format!("`{}`", door.spell(row.opt).trim_end_matches('='))
            } else {
                "(the default)".to_string()
            }
        };
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            row.what,
            spelt(Door::Cli),
            spelt(Door::Python),
            spelt(Door::Page),
            row.default,
            row.most
        ));
    }
    out
}

/// The bytes of one output: [`DEFAULT_MAX_BYTES`] unless given, and then 1 or more.
pub fn max_bytes(given: Option<i64>) -> Result<u64, Refusal> {
    match given {
        None => Ok(DEFAULT_MAX_BYTES),
        Some(n) if n >= 1 => Ok(n as u64),
        Some(n) => {
            Err(Refusal::usage(Opt::MaxBytes, crate::words![Word::set(Opt::MaxBytes, n), ": give 1 or more"]))
        }
    }
}

/// The trees one grading runs, `given` as written (`written`): 1 to
/// [`MAX_TREES`], refused at once otherwise (a grading of 2^64 trees would
/// run for days before its seeds ran out).
pub fn trees(given: i128, written: &str) -> Result<u64, Refusal> {
    match u64::try_from(given) {
        Ok(n) if (1..=MAX_TREES).contains(&n) => Ok(n),
        _ => Err(Refusal::usage(
            Opt::Trees,
            crate::words![Word::set(Opt::Trees, written), format!(": a grading runs 1 to {MAX_TREES} trees")],
        )),
    }
}

/// A class list of `names` names, read from the file `list` if it was one:
/// at most [`MAX_CLASS`], each name a tree, so that a class list of 20,000
/// names is refused before the first tree is drawn.
pub fn class(names: usize, list: Option<&str>) -> Result<(), Refusal> {
    if names as u64 <= MAX_CLASS {
        return Ok(());
    }
    let more = format!(" has {names} names, more than the {MAX_CLASS} one request takes; split the class");
    Err(Refusal::usage(
        Opt::Class,
        match list {
            Some(path) => crate::words!["the class list ", Word::set(Opt::Class, path), more],
            None => crate::words!["the class list (", Opt::Class, ")", more],
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::Door;

    #[test]
    fn trees_and_class_lists_are_held_to_the_table() {
        assert_eq!(trees(40, "40"), Ok(40));
        let past = trees(1 << 64, "18446744073709551616").unwrap_err();
        assert_eq!(past.in_door(Door::Python), "trees=18446744073709551616: a grading runs 1 to 10000 trees");
        assert!(trees(0, "0").is_err() && trees(10_001, "10001").is_err());
        assert_eq!(class(1000, None), Ok(()));
        assert_eq!(
            class(20_000, Some("c.txt")).unwrap_err().in_door(Door::Python),
            "the class list students=\"c.txt\" has 20000 names, more than the 1000 one request takes; split the class"
        );
        assert_eq!(
            class(1001, None).unwrap_err().in_door(Door::Cli),
            "the class list (--class) has 1001 names, more than the 1000 one request takes; split the class"
        );
    }
}
