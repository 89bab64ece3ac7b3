//! The byte budget of an export, the same in every door (the command line's
//! `--max-bytes`, Python's `max_bytes=`): an export sure to pass it is refused
//! from the tree's size before anything is built, and one that passes it on
//! the way is stopped at the first byte more ([`Capped`]), with the memory it
//! grows into asked for first, so that a failed allocation is an error, not
//! an abort.

use std::io;

use crate::request::{Opt, Refusal};
use crate::search::solve::Bytes;

/// Bytes of the page's data that each drawn node takes at the least: a child
/// count, an action, flags and a cost (9 bytes), in base64.
pub const PAGE_BYTES_PER_NODE: u64 = 12;

/// Bytes of a trace that each event takes at the least: the shortest record,
/// `{"type":"enter","node":0}`, and its separator.
pub const TRACE_BYTES_PER_EVENT: u64 = 30;

/// Bytes that each node takes at the least in the JSON (its fixed keys and
/// punctuation alone, `{"id": , "parent": , "depth": , ...}`, are over 170),
/// in DOT (a node statement with its label and the edge to it), and in a
/// Gambit .efg (a node's line with its quoted names).
pub const JSON_BYTES_PER_NODE: u64 = 150;
/// See [`JSON_BYTES_PER_NODE`].
pub const DOT_BYTES_PER_NODE: u64 = 100;
/// See [`JSON_BYTES_PER_NODE`].
pub const EFG_BYTES_PER_NODE: u64 = 20;

/// An export whose least size follows from a minimax tree's nodes (the whole
/// tree drawn) or a search's events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Export {
    /// The JSON.
    Json,
    /// The Graphviz drawing of every node.
    Dot,
    /// The Gambit .efg.
    Efg,
    /// The explorer page of every node.
    Page,
    /// The trace: counted in events, not nodes.
    Trace,
}

impl Export {
    /// The option that asks for it.
    pub fn opt(self) -> Opt {
        match self {
            Export::Json => Opt::Json,
            Export::Dot => Opt::Dot,
            Export::Efg => Opt::Efg,
            Export::Page => Opt::Html,
            Export::Trace => Opt::Trace,
        }
    }

    /// Bytes each node (each event, for the trace) takes at the least.
    pub fn least_per_item(self) -> u64 {
        match self {
            Export::Json => JSON_BYTES_PER_NODE,
            Export::Dot => DOT_BYTES_PER_NODE,
            Export::Efg => EFG_BYTES_PER_NODE,
            Export::Page => PAGE_BYTES_PER_NODE,
            Export::Trace => TRACE_BYTES_PER_EVENT,
        }
    }
}

/// Refuses `export` of `items` nodes (events, for the trace) when it is sure
/// to take more than `limit` bytes; `named` is the export as the door names
/// it (`--json out.json`, `to_json()`). It never refuses what would fit.
pub fn check(export: Export, named: &str, items: u64, limit: u64) -> Result<(), Refusal> {
    let least = items.saturating_mul(export.least_per_item());
    if least <= limit {
        return Ok(());
    }
    let what = if export == Export::Trace { "events" } else { "nodes" };
    let mut words = crate::words![
        format!("{named}: {items} {what} take at least {}, over ", Bytes(least)),
        Opt::MaxBytes,
        format!(" {}; raise ", Bytes(limit)),
        Opt::MaxBytes,
        ", or "
    ];
    words.extend(match export {
        Export::Dot | Export::Page => {
            crate::words!["draw part of the tree with ", Opt::ShowDepth, " K or ", Opt::ShowLine]
        }
        Export::Trace => crate::words!["trace a smaller tree (a lower ", Opt::Depth, ")"],
        Export::Json | Export::Efg => crate::words!["export a smaller tree (a lower ", Opt::Depth, ")"],
    });
    Err(Refusal::budget(Opt::MaxBytes, words))
}

/// An export that passed its byte budget as it was written ([`Capped`]).
#[derive(Debug)]
pub struct OverBudget;

impl std::fmt::Display for OverBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the export would pass its byte budget")
    }
}

impl std::error::Error for OverBudget {}

/// Whether `e` is a [`Capped`] writer's budget passed.
pub fn is_over_budget(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|r| r.is::<OverBudget>())
}

/// The refusal of an export `named` that passed `limit` bytes as it was written.
pub fn passed(named: &str, limit: u64) -> Refusal {
    Refusal::budget(
        Opt::MaxBytes,
        crate::words![
            format!("{named}: the export would take more than "),
            Opt::MaxBytes,
            format!(" {}; raise ", Bytes(limit)),
            Opt::MaxBytes
        ],
    )
}

/// Bytes written into memory, at most `limit` of them: a write past it fails
/// with [`OverBudget`], and one the allocator cannot make room for with
/// `ErrorKind::OutOfMemory` (the room is asked for with `try_reserve`, so a
/// failed allocation is an error to report rather than an abort).
#[derive(Debug)]
pub struct Capped {
    /// What was written.
    pub bytes: Vec<u8>,
    limit: u64,
}

impl Capped {
    /// An empty buffer that takes at most `limit` bytes.
    pub fn new(limit: u64) -> Capped {
        Capped { bytes: Vec::new(), limit }
    }
}

impl io::Write for Capped {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if (self.bytes.len() + buf.len()) as u64 > self.limit {
            return Err(io::Error::other(OverBudget));
        }
        if self.bytes.capacity() - self.bytes.len() < buf.len() {
            // Doubling, as a vector grows, but never past the budget.
            let want = (self.bytes.len() + buf.len()).max(self.bytes.capacity() * 2).max(4096);
            let want = want.min(usize::try_from(self.limit).unwrap_or(usize::MAX));
            self.bytes
                .try_reserve_exact(want - self.bytes.len())
                .map_err(|e| io::Error::new(io::ErrorKind::OutOfMemory, e.to_string()))?;
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;
    use crate::request::Door;

    #[test]
    fn an_export_sure_to_pass_the_budget_is_refused_in_each_doors_words() {
        assert!(check(Export::Json, "to_json()", 1000, 150_000).is_ok());
        let r = check(Export::Json, "to_json()", 1_801_129, 64 << 20).unwrap_err();
        assert_eq!(
            r.in_door(Door::Python),
            "to_json(): 1801129 nodes take at least 257.7 MiB, over max_bytes= 64.0 MiB; raise max_bytes=, or export a smaller tree (a lower depth=)"
        );
        let r = check(Export::Page, "--html p.html", 10_000_000, 64 << 20).unwrap_err();
        assert_eq!(
            r.in_door(Door::Cli),
            "--html p.html: 10000000 nodes take at least 114.4 MiB, over --max-bytes 64.0 MiB; raise --max-bytes, or draw part of the tree with --show-depth K or --show-line"
        );
    }

    #[test]
    fn a_capped_buffer_stops_at_its_budget() {
        let mut c = Capped::new(10);
        c.write_all(b"0123456789").unwrap();
        assert!(is_over_budget(&c.write_all(b"x").unwrap_err()));
        assert_eq!(c.bytes, b"0123456789");
    }
}
