//! The trace of an MCTS search (`docs/trace.md`, "MCTS"): one event per phase
//! of every iteration, one per line.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::{Value, json};

use super::Header;
use crate::export::trace::SCHEMA_VERSION;
use crate::game::{Game, Player};
use crate::search::mcts::Event;
use crate::search::mcts::events::Step;

/// A result in half points for the first player, in words.
fn result_words<G: Game>(game: &G, first: u32) -> String {
    match first {
        2 => format!("{} wins", game.player_name(Player::First)),
        0 => format!("{} wins", game.player_name(Player::Second)),
        _ => "draw".to_string(),
    }
}

#[derive(Serialize)]
struct Record {
    #[serde(rename = "type")]
    kind: &'static str,
    iteration: u32,
    node: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<Vec<Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    parent: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    action: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    how: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reward_first: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    proven: Option<Vec<Value>>,
}

fn step(s: &Step) -> Value {
    json!({
        "node": s.node,
        "parent_visits": s.parent_visits,
        "visits": s.visits,
        "exploit": s.exploit,
        "explore": s.explore,
        "ucb": s.exploit + s.explore,
    })
}

fn record<G: Game>(game: &G, e: &Event<G::Action>) -> Record {
    let mut r = Record {
        kind: e.kind(),
        iteration: 0,
        node: 0,
        path: None,
        parent: None,
        action: None,
        how: None,
        moves: None,
        result: None,
        reward_first: None,
        proven: None,
    };
    match e {
        Event::Select { iteration, path } => {
            (r.iteration, r.node) = (*iteration, path.last().map_or(0, |s| s.node));
            r.path = Some(path.iter().map(step).collect());
        }
        Event::Expand { iteration, node, parent, action } => {
            (r.iteration, r.node, r.parent) = (*iteration, *node, Some(*parent));
            r.action = Some(game.format_action(*action));
        }
        Event::Simulate { iteration, node, moves, how, result } => {
            (r.iteration, r.node, r.how) = (*iteration, *node, Some(how.name()));
            r.moves = Some(moves.iter().map(|&a| game.format_action(a)).collect());
            r.result = Some(result_words(game, *result));
            r.reward_first = Some(f64::from(*result) / 2.0);
        }
        Event::Backup { iteration, path, proven } => {
            (r.iteration, r.node) = (*iteration, path.last().map_or(0, |p| p.0));
            let visit = |&(n, v, h): &(u32, u32, u32)| json!({"node": n, "visits": v, "total_reward": f64::from(h) / 2.0});
            r.path = Some(path.iter().map(visit).collect());
            let result = |&(n, h): &(u32, u32)| json!({"node": n, "result": result_words(game, h)});
            r.proven = Some(proven.iter().map(result).collect());
        }
    }
    r
}

/// Writes the document, one event per line.
pub fn write_trace<G: Game>(
    out: &mut dyn Write,
    game: &G,
    header: &Header,
    events: &[Event<G::Action>],
) -> io::Result<()> {
    writeln!(out, "{{")?;
    writeln!(out, "  \"schema_version\": {SCHEMA_VERSION},")?;
    for (key, value) in [
        ("game", serde_json::to_string(header.game)?),
        ("position", serde_json::to_string(&header.position)?),
        ("search", serde_json::to_string("mcts")?),
        ("pruning", "null".to_string()),
        ("settings", serde_json::to_string(&header.settings)?),
        ("iterations", header.iterations.to_string()),
        ("node_count", header.node_count.to_string()),
        ("evaluation", serde_json::to_string(&header.evaluation)?),
        ("event_count", events.len().to_string()),
    ] {
        writeln!(out, "  \"{key}\": {value},")?;
    }
    write!(out, "  \"events\": [")?;
    for (i, e) in events.iter().enumerate() {
        out.write_all(if i == 0 { b"\n    " } else { b",\n    " })?;
        serde_json::to_writer(&mut *out, &record(game, e))?;
    }
    writeln!(out, "\n  ]\n}}")
}
