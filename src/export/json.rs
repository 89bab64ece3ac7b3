//! The tree as one JSON document (schema: `docs/tree-json.md`, `docs/tree.schema.json`).
//!
//! The document is streamed node by node, one node per line, so a tree of millions
//! of nodes never exists twice in memory.

use std::io::{self, Write};

use serde::Serialize;

use super::summary::Summary;
use crate::game::Game;
use crate::search::alphabeta::{Window, WindowEnd};
use crate::search::deepening::Deepened;
use crate::search::orders::{Comparison, Count};
use crate::tree::Tree;
use crate::tree::census::{Census, census};

/// Bumped only when a key changes meaning or disappears.
pub const SCHEMA_VERSION: u32 = 1;

#[derive(Serialize)]
struct Decision {
    action: String,
    value: i32,
}

#[derive(Serialize)]
struct JsonNode {
    id: u32,
    parent: Option<u32>,
    depth: u8,
    action: Option<String>,
    /// The node's name in every view (`export::names`).
    name: String,
    to_move: &'static str,
    board: Vec<String>,
    cost: i32,
    value: Option<i32>,
    bound: Option<&'static str>,
    children: Vec<u32>,
    best_child: Option<u32>,
    pruned: bool,
    alpha: Option<WindowEnd>,
    beta: Option<WindowEnd>,
    cutoff: Option<&'static str>,
}

fn field(out: &mut dyn Write, key: &str, value: &impl Serialize) -> io::Result<()> {
    write!(out, "  \"{key}\": ")?;
    serde_json::to_writer(&mut *out, value)?;
    writeln!(out, ",")
}

/// Writes the whole document. `windows` holds alpha-beta's window for each node
/// when alpha-beta set the values (see [`crate::search::alphabeta::run_on_tree`]);
/// `None` means plain minimax.
///
/// ```
/// use gametree::export::json::write_tree;
/// use gametree::game::prelude::*;
/// use gametree::games::niujiao::Niujiao;
/// use gametree::limits::Limits;
/// use gametree::search::back_propagate;
/// use gametree::tree::{Tree, TreeArena};
///
/// let game = Niujiao::default();
/// let mut arena = TreeArena::new();
/// let tree = Tree::build(&mut arena, &game, game.start(), 2, &Limits::default()).unwrap();
/// back_propagate(tree.root);
/// let mut out = Vec::new();
/// write_tree(&mut out, &game, &tree, None).unwrap();
/// let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
/// assert_eq!(doc["node_count"], tree.len);
/// assert_eq!(doc["nodes"][0]["board"][0], "r");
/// ```
pub fn write_tree<G: Game>(
    out: &mut dyn Write,
    game: &G,
    tree: &Tree<'_, G>,
    windows: Option<&[Option<Window>]>,
) -> io::Result<()> {
    write_tree_compared(out, game, tree, windows, None)
}

/// [`write_tree`], with alpha-beta's counts under each move order (the
/// `move_orders` key, null when `orders` is `None`).
pub fn write_tree_compared<G: Game>(
    out: &mut dyn Write,
    game: &G,
    tree: &Tree<'_, G>,
    windows: Option<&[Option<Window>]>,
    orders: Option<&Comparison>,
) -> io::Result<()> {
    tree.check_searched().map_err(io::Error::other)?;
    write_tree_deepened(out, game, tree, windows, orders, None, &census(game, tree))
}

/// [`write_tree_compared`], with each iteration of `--search deepening` (the
/// `deepening` key, null when `deepening` is `None`), and the tree's census
/// as the caller counted it ([`census`]: as costly as the build, so counted
/// once for every export and `--stats` that show it).
#[allow(clippy::too_many_arguments)]
pub fn write_tree_deepened<G: Game>(
    out: &mut dyn Write,
    game: &G,
    tree: &Tree<'_, G>,
    windows: Option<&[Option<Window>]>,
    orders: Option<&Comparison>,
    deepening: Option<&Deepened>,
    census: &Census,
) -> io::Result<()> {
    tree.check_searched().map_err(io::Error::other)?;
    let summary = Summary::of(game, tree, windows);
    let decision =
        summary.decision.as_ref().map(|action| Decision { action: action.clone(), value: summary.value });
    writeln!(out, "{{")?;
    field(out, "schema_version", &SCHEMA_VERSION)?;
    field(out, "game", &summary.game)?;
    field(out, "position", &summary.position)?;
    field(out, "to_move", &summary.to_move)?;
    field(out, "depth", &summary.depth)?;
    field(out, "search", &summary.search)?;
    field(out, "pruning", &summary.pruning)?;
    field(out, "evaluation", &summary.evaluation)?;
    field(out, "decision", &decision)?;
    field(out, "principal_variation", &summary.line)?;
    field(out, "node_count", &summary.node_count)?;
    field(out, "move_orders", &orders.map(orders_json))?;
    field(out, "deepening", &deepening.map(|d| super::deepening::json(game, tree, d)))?;
    field(out, "census", census)?;
    // MCTS's settings (`export::mcts::json`); a minimax tree has none.
    field(out, "mcts", &None::<()>)?;
    writeln!(out, "  \"nodes\": [")?;
    let window = |id: u32| windows.and_then(|w| w[id as usize]);
    let mut result: io::Result<()> = Ok(());
    let mut first = true;
    let picture = game.picture();
    let names = super::names::Names::of(game, tree);
    tree.walk(|node, parent| {
        let pos = &node.position(game);
        if result.is_err() {
            return;
        }
        let record = JsonNode {
            id: node.id(),
            parent,
            depth: node.depth,
            action: node.action.map(|a| game.format_action(a)),
            name: names.name(node.id(), node.action.map(|a| game.format_action(a)).as_deref()),
            to_move: game.player_name(game.to_move(pos)),
            board: picture.rows(&game.cells(pos)),
            cost: game.cost(pos, game.has_actions(pos)),
            value: (!node.pruned()).then(|| node.value()),
            bound: (!node.pruned()).then(|| node.bound().name()),
            children: node.children().iter().map(|c| c.id()).collect(),
            best_child: node.best_child().map(|c| c.id()),
            pruned: node.pruned(),
            alpha: window(node.id()).map(|w| w.alpha),
            beta: window(node.id()).map(|w| w.beta),
            cutoff: window(node.id()).and_then(|w| w.cutoff).map(|c| c.name()),
        };
        result = (|| {
            out.write_all(if first { b"    " } else { b",\n    " })?;
            first = false;
            serde_json::to_writer(&mut *out, &record)?;
            Ok(())
        })();
    });
    result?;
    writeln!(out, "\n  ]\n}}")
}

/// The `move_orders` object: minimax's counts, each order's, and the minimal
/// tree's leaves for a uniform tree.
fn orders_json(c: &Comparison) -> serde_json::Value {
    let count = |c: &Count| serde_json::json!({"nodes": c.nodes, "leaves": c.leaves, "cutoffs": c.cutoffs});
    let orders: serde_json::Map<String, serde_json::Value> =
        c.orders.iter().map(|(o, n)| (o.name().to_string(), count(n))).collect();
    serde_json::json!({
        "pruning": c.rule.name(),
        "minimax": count(&c.minimax),
        "alphabeta": orders,
        "minimal_tree_leaves": c.minimal_tree.map(|(_, _, leaves)| leaves.min(u128::from(u64::MAX)) as u64),
    })
}
