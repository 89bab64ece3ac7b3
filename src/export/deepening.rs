//! Iterative deepening in the exports: the JSON's `deepening` object, and the
//! explorer's Deepening view (`explorer/deepening.js`), which steps from
//! iteration to iteration over the tree and shows the chart.

use serde_json::{Value, json};

use super::addon::Addon;
use super::small_tree::{searched, shape};
use crate::game::Game;
use crate::search::deepening::{Deepened, Iteration, Mark};
use crate::search::orders::DRAWN_LIMIT;
use crate::tree::Tree;

/// The view's script, run after the explorer's.
pub const SCRIPT: &str = include_str!("explorer/deepening.js");

/// The JSON's `deepening` object: the rule, the table's size, each iteration
/// (depth, nodes, leaves, cut-offs, table cut-offs, time, decision, value,
/// line, effective branching factor) and the chart's counts per depth.
pub fn json(d: &Deepened) -> Value {
    let c = &d.counts;
    json!({
        "pruning": d.rule.name(),
        "table_positions": d.table_size,
        "iterations": d.iterations.iter().map(iteration).collect::<Vec<_>>(),
        "nodes_per_depth": {
            "depths": c.depths,
            "minimax": c.minimax,
            "alphabeta": c.alphabeta,
            "deepening": c.deepening,
            "minimal_tree": c.minimal,
            "minimal_tree_b": c.b,
        },
    })
}

fn iteration(i: &Iteration) -> Value {
    json!({
        "depth": i.depth,
        "nodes": i.nodes,
        "leaves": i.leaves,
        "cutoffs": i.cutoffs,
        "table_cutoffs": i.table_cutoffs,
        "time_ms": (i.millis * 1000.0).round() / 1000.0,
        "decision": i.action,
        "value": i.value,
        "principal_variation": i.line,
        "branching_factor": (i.branching * 1000.0).round() / 1000.0,
    })
}

/// The Deepening view over `tree`: the JSON's figures, the chart, and for a
/// tree of at most [`DRAWN_LIMIT`] nodes its shape and each iteration's search
/// of it (children in the order taken, values, bounds, and `cut`: one
/// character a node, `a` an alpha-beta cut-off, `t` answered by the table,
/// `-` neither).
pub fn view<G: Game>(game: &G, tree: &Tree<'_, G>, d: &Deepened) -> Addon {
    let mut data = json(d);
    data["chart"] = Value::from(super::chart::svg(&d.counts));
    data["node_count"] = Value::from(tree.len);
    data["limit"] = Value::from(DRAWN_LIMIT);
    let drawn: Vec<Value> = d
        .iterations
        .iter()
        .filter_map(|i| i.drawn.as_ref())
        .map(|dr| {
            let mut v = searched(&dr.visits);
            v["cut"] = Value::from(
                dr.marks
                    .iter()
                    .map(|m| match m {
                        Mark::None => '-',
                        Mark::Cutoff => 'a',
                        Mark::Table => 't',
                    })
                    .collect::<String>(),
            );
            v
        })
        .collect();
    let complete = drawn.len() == d.iterations.len();
    data["tree"] = if complete { shape(game, tree) } else { Value::Null };
    data["searches"] = if complete { Value::from(drawn) } else { Value::Null };
    Addon { name: "deepening", data, script: SCRIPT }
}
