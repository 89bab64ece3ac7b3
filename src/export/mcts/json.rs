//! An MCTS tree as one JSON document, with the keys of the minimax tree's
//! document (`docs/tree-json.md`), `search` `"mcts"`, the settings under
//! `mcts`, and MCTS nodes (`docs/tree.schema.json`, `$defs/mcts_node`).

use std::io::{self, Write};

use serde::Serialize;

use super::{Compared, Header};
use crate::export::json::SCHEMA_VERSION;
use crate::game::{Game, Outcome};
use crate::search::mcts::{Budget, ROLLOUT_PLIES, Searched};

#[derive(Serialize)]
struct Decision {
    action: String,
    visits: u32,
    mean_reward: f64,
    because: &'static str,
}

#[derive(Serialize)]
struct Settings<'c> {
    iterations: u32,
    asked: Option<u32>,
    think_ms: Option<u64>,
    seed: u64,
    uct_c: f64,
    rollout: &'static str,
    rollout_plies: u32,
    solver: bool,
    max_nodes: u64,
    end: &'static str,
    root_value: f64,
    compare: Option<&'c Compared>,
}

#[derive(Serialize)]
struct JsonNode {
    id: u32,
    parent: Option<u32>,
    depth: u16,
    action: Option<String>,
    to_move: &'static str,
    board: Vec<String>,
    created: u32,
    visits: u32,
    total_reward: f64,
    mean_reward: f64,
    prior: Option<f64>,
    proven: Option<&'static str>,
    terminal: bool,
    actions: u16,
    children: Vec<u32>,
    best_child: Option<u32>,
}

fn field(out: &mut dyn Write, key: &str, value: &impl Serialize) -> io::Result<()> {
    write!(out, "  \"{key}\": ")?;
    serde_json::to_writer(&mut *out, value)?;
    writeln!(out, ",")
}

/// A proven result's name in exports, for the player a node is scored for.
pub fn proven_name(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::Loss => "loss",
        Outcome::Draw => "draw",
    }
}

/// Writes the document: the same settings and seed give the same bytes, but
/// for the times in `compare` (alpha-beta beside MCTS, when asked for).
pub fn write_tree<G: Game>(
    out: &mut dyn Write,
    game: &G,
    searched: &Searched<G>,
    compare: Option<&Compared>,
) -> io::Result<()> {
    let header = Header::of(game, searched);
    let tree = &searched.tree;
    let s = &searched.settings;
    let decision = searched.decision().map(|(id, because)| Decision {
        action: game.format_action(tree.node(id).action.expect("below the root")),
        visits: tree.node(id).visits(),
        mean_reward: tree.node(id).mean(),
        because: because.words(),
    });
    let (asked, think_ms) = match s.budget {
        Budget::Iterations(n) => (Some(n), None),
        Budget::Time(t) => (None, Some(t.as_millis() as u64)),
    };
    let settings = Settings {
        iterations: searched.iterations,
        asked,
        think_ms,
        seed: s.seed,
        uct_c: s.c,
        rollout: s.rollout.name(),
        rollout_plies: ROLLOUT_PLIES,
        solver: s.solver,
        max_nodes: s.max_nodes,
        end: header.end,
        root_value: header.value,
        compare,
    };
    let depth = tree.nodes().iter().map(|n| n.depth()).max().unwrap_or(0);
    writeln!(out, "{{")?;
    field(out, "schema_version", &SCHEMA_VERSION)?;
    field(out, "game", &header.game)?;
    field(out, "position", &header.position)?;
    field(out, "to_move", &header.to_move)?;
    field(out, "depth", &depth)?;
    field(out, "search", &"mcts")?;
    field(out, "pruning", &None::<()>)?;
    field(out, "evaluation", &header.evaluation)?;
    field(out, "decision", &decision)?;
    field(out, "principal_variation", &header.line)?;
    field(out, "node_count", &header.node_count)?;
    field(out, "move_orders", &None::<()>)?;
    field(out, "deepening", &None::<()>)?;
    // The census counts an explicit tree's positions; MCTS's tree has none.
    field(out, "census", &None::<()>)?;
    field(out, "mcts", &settings)?;
    writeln!(out, "  \"nodes\": [")?;
    let picture = game.picture();
    for (i, node) in tree.nodes().iter().enumerate() {
        let id = i as u32;
        let pos = node.position(game);
        let record = JsonNode {
            id,
            parent: tree.parent(id),
            depth: node.depth(),
            action: node.action.map(|a| game.format_action(a)),
            to_move: game.player_name(node.player()),
            board: picture.rows(&game.cells(&pos)),
            created: node.created(),
            visits: node.visits(),
            total_reward: node.total_reward(),
            mean_reward: node.mean(),
            prior: None,
            proven: node.proven().map(proven_name),
            terminal: node.is_terminal(),
            actions: node.expansion().1,
            children: tree.children(id).collect(),
            best_child: crate::search::mcts::uct::decision(tree, id, s.solver).map(|(c, _)| c),
        };
        out.write_all(if i == 0 { b"    " } else { b",\n    " })?;
        serde_json::to_writer(&mut *out, &record)?;
    }
    writeln!(out, "\n  ]\n}}")
}
