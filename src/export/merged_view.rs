//! The explorer's Positions graph (`explorer/merged.js`): the tree drawn as
//! the graph of its distinct positions, each once with how many paths reach
//! it, every edge kept, as `--merge-transpositions --dot` draws it. The graph
//! is `export::merged::merge`'s, the DOT's own; this only writes it down for
//! the page, which lays it out by depth.

use petgraph::visit::EdgeRef;
use serde_json::{Value, json};

use super::addon::Addon;
use super::merged::merge;
use super::scope::Scope;
use crate::game::Game;
use crate::tree::Tree;
use crate::tree::positions::Distinct;

/// The most positions the view draws: a level of a few hundred boxes is
/// already many screens wide at a size a class reads.
pub const DRAWN_LIMIT: usize = 400;

/// The most node ids each position lists (the panel says how many more).
const LISTED: usize = 100;

/// The view for the page of `tree` drawn within `scope`, or `None` where the
/// page has no use for it. `open`: the page was asked for the merged graph
/// (`--merge-transpositions --html`), so it carries the view whatever the
/// tree, and opens on it; otherwise the view is offered beside the tree when
/// the whole tree is on the page, some position is reached by more than one
/// path, and the graph is small enough to draw.
pub fn view<G: Game>(
    game: &G,
    tree: &Tree<'_, G>,
    distinct: &Distinct,
    scope: Scope,
    open: bool,
) -> Option<Addon> {
    let count = distinct.len();
    let offered = scope == Scope::All && count < tree.len && count <= DRAWN_LIMIT;
    if !open && !offered {
        return None;
    }
    let graph = (count <= DRAWN_LIMIT).then(|| graph(game, tree, distinct));
    Some(Addon {
        name: "merged",
        module: Some("merged.js"),
        data: json!({
            "open": open,
            "positions": count,
            "nodes": tree.len,
            "limit": DRAWN_LIMIT,
            "graph": graph,
        }),
    })
}

/// The graph as the page reads it: `positions`, numbered from 0 in the order
/// of their first node (`first` its id, `paths` how many nodes hold it,
/// `depth` the least depth of one, `max`, `values` (distinct, least first;
/// empty when every node holding it was pruned), `leaf`, `line`, and `nodes`,
/// the ids of the first [`LISTED`] nodes holding it); and `edges`, each
/// `[from, to, action, tree edges, on the line]`.
fn graph<G: Game>(game: &G, tree: &Tree<'_, G>, distinct: &Distinct) -> Value {
    let graph = merge(game, tree, distinct, |_| ());
    let mut nodes: Vec<Vec<u32>> = vec![Vec::new(); distinct.len()];
    for (id, &k) in distinct.of_node.iter().enumerate() {
        let held = &mut nodes[k as usize];
        if held.len() < LISTED {
            held.push(id as u32);
        }
    }
    let positions: Vec<Value> = graph
        .node_weights()
        .zip(nodes)
        .map(|(m, nodes)| {
            let mut values = m.values.clone();
            values.sort_unstable();
            json!({
                "first": m.first,
                "paths": m.paths,
                "depth": m.depth,
                "max": m.maximising,
                "values": values,
                "leaf": m.leaf,
                "line": m.on_line,
                "nodes": nodes,
            })
        })
        .collect();
    let edges: Vec<Value> = graph
        .edge_references()
        .map(|e| {
            let j = e.weight();
            json!([e.source().index(), e.target().index(), j.action, j.edges, j.on_line])
        })
        .collect();
    json!({ "positions": positions, "edges": edges })
}
