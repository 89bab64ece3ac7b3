//! The search's events as one JSON document (`docs/trace.md`): what the
//! explorer's step-through replays, for other tools.

use std::io::{self, Write};

use serde::Serialize;

use super::summary::Summary;
use crate::search::alphabeta::{Cutoff, WindowEnd};
use crate::search::trace::Event;

/// Bumped only when a key changes meaning or disappears.
pub const SCHEMA_VERSION: u32 = 1;

#[derive(Serialize)]
struct Record {
    #[serde(rename = "type")]
    kind: &'static str,
    node: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    alpha: Option<WindowEnd>,
    #[serde(skip_serializing_if = "Option::is_none")]
    beta: Option<WindowEnd>,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cutoff: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<[u32; 2]>,
}

fn record(e: &Event) -> Record {
    let mut r = Record {
        kind: e.kind(),
        node: e.node(),
        alpha: None,
        beta: None,
        value: None,
        cutoff: None,
        skipped: None,
    };
    match *e {
        Event::Enter { window, .. } => {
            r.alpha = window.map(|w| w.0);
            r.beta = window.map(|w| w.1);
        }
        Event::Leaf { value, .. } | Event::Return { value, .. } => r.value = Some(value),
        Event::Window { alpha, beta, .. } => {
            r.alpha = Some(alpha);
            r.beta = Some(beta);
        }
        Event::Cutoff { kind, first, last, .. } => {
            r.cutoff = Some(match kind {
                Cutoff::Beta => "beta",
                Cutoff::Alpha => "alpha",
            });
            r.skipped = Some([first, last]);
        }
    }
    r
}

/// Writes the document, one event per line.
pub fn write_trace(out: &mut dyn Write, summary: &Summary, events: &[Event]) -> io::Result<()> {
    writeln!(out, "{{")?;
    writeln!(out, "  \"schema_version\": {SCHEMA_VERSION},")?;
    for (key, value) in [
        ("game", serde_json::to_string(summary.game)?),
        ("position", serde_json::to_string(&summary.position)?),
        ("search", serde_json::to_string(summary.search)?),
        ("pruning", serde_json::to_string(&summary.pruning)?),
        ("node_count", summary.node_count.to_string()),
        ("evaluation", serde_json::to_string(&summary.evaluation)?),
        ("event_count", events.len().to_string()),
    ] {
        writeln!(out, "  \"{key}\": {value},")?;
    }
    write!(out, "  \"events\": [")?;
    for (i, e) in events.iter().enumerate() {
        out.write_all(if i == 0 { b"\n    " } else { b",\n    " })?;
        serde_json::to_writer(&mut *out, &record(e))?;
    }
    writeln!(out, "\n  ]\n}}")
}
