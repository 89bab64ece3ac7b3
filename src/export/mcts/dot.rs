//! An MCTS tree as Graphviz DOT: edge width by visits, node colour by Q (red
//! for a mean reward of 0, yellow for 1/2, green for 1, for the player who
//! moved into the node), a double border on proven nodes, each node's N, Q,
//! UCB terms and board. A scope draws part of a big tree, as for minimax trees.

use std::io::{self, Write};

use super::Header;
use crate::export::dot::{board_label, quoted, write_preamble};
use crate::export::scope::Scope;
use crate::game::Game;
use crate::search::mcts::{Searched, Terms};

/// Which nodes are drawn: `open[id]` when its children are.
fn open_nodes<G: Game>(searched: &Searched<G>, scope: Scope) -> Vec<bool> {
    let tree = &searched.tree;
    let mut open = vec![false; tree.len()];
    match scope {
        Scope::All => open.fill(true),
        Scope::Depth(k) => {
            for (i, n) in tree.nodes().iter().enumerate() {
                open[i] = n.depth() < u16::from(k);
            }
        }
        Scope::Line => {
            open[0] = true;
            for id in searched.line() {
                open[id as usize] = true;
            }
        }
    }
    open
}

/// Each node's subtree size (a child's id is always greater than its parent's).
fn subtree_sizes<G: Game>(searched: &Searched<G>) -> Vec<u64> {
    let tree = &searched.tree;
    let mut size = vec![1u64; tree.len()];
    for id in (1..tree.len() as u32).rev() {
        let parent = tree.parent(id).expect("below the root") as usize;
        size[parent] += size[id as usize];
    }
    size
}

/// Graphviz's HSV colour for a mean reward: hue from red (0) to green (1).
fn colour(q: f64, light: bool) -> String {
    let hue = q.clamp(0.0, 1.0) / 3.0;
    if light { format!("{hue:.3} 0.350 1.000") } else { format!("{hue:.3} 1.000 0.750") }
}

fn node_line<G: Game>(game: &G, searched: &Searched<G>, id: u32, hidden: u64) -> String {
    let tree = &searched.tree;
    let n = tree.node(id);
    let pos = n.position(game);
    let mover = game.player_name(n.scored_for());
    let mut rows = vec![format!("<B>#{id}</B> {} to move", game.player_name(n.player()))];
    rows.push(format!("N {} Q {:.3} (for {mover})", n.visits(), n.mean()));
    let mut tip = format!(
        "#{id}: created at iteration {}, N {}, Q {:.4} for {mover}",
        n.created(),
        n.visits(),
        n.mean()
    );
    if let Some(parent) = tree.parent(id) {
        let t = Terms::of(tree, id, tree.node(parent).visits(), searched.settings.c);
        rows.push(format!("UCB {:.3} = {:.3} + {:.3}", t.ucb(), t.exploit, t.explore));
        tip.push_str(&format!("; UCB {:.4} = exploit {:.4} + explore {:.4}", t.ucb(), t.exploit, t.explore));
    }
    if let Some(p) = n.proven() {
        rows.push(format!("proven: {} for {mover}", super::json::proven_name(p)));
    }
    let board = board_label(game, &game.picture(), &pos);
    let mut label = String::from("<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">");
    for r in rows {
        label.push_str(&format!("<TR><TD>{}</TD></TR>", r));
    }
    if !board.is_empty() {
        label.push_str(&format!("<TR><TD>{board}</TD></TR>"));
    }
    if hidden > 0 {
        label.push_str(&format!("<TR><TD><I>+{hidden} nodes not drawn</I></TD></TR>"));
    }
    label.push_str("</TABLE>");
    let peripheries = if n.proven().is_some() { 2 } else { 1 };
    format!(
        "  n{id} [shape=box, style=\"filled,rounded\", fillcolor=\"{}\", peripheries={peripheries}, label=<{label}>, tooltip=\"{}\", id=\"node-{id}\"];",
        colour(n.mean(), true),
        quoted(&tip)
    )
}

const LEGEND: &str = r#"  subgraph cluster_legend {
    label="Legend"; fontname="Helvetica"; fontsize=11; style="rounded"; color="grey";
    node [fontname="Helvetica", fontsize=10, shape=box, style="filled,rounded"];
    legend_proven [peripheries=2, fillcolor="white", label="proven result\n(MCTS-Solver or\nthe game over)"];
    legend_good [fillcolor="0.333 0.350 1.000", label="Q near 1: good for\nthe player who\nmoved here"];
    legend_bad [fillcolor="0.000 0.350 1.000", label="Q near 0: bad for\nthe player who\nmoved here"];
    legend_width [fillcolor="white", label="edge width:\nvisits"];
  }
"#;

/// Writes the tree (or the part `scope` keeps).
pub fn write_tree<G: Game>(
    out: &mut dyn Write,
    game: &G,
    searched: &Searched<G>,
    scope: Scope,
) -> io::Result<()> {
    let header = Header::of(game, searched);
    let tree = &searched.tree;
    let open = open_nodes(searched, scope);
    let sizes = subtree_sizes(searched);
    let root_visits = f64::from(tree.node(0).visits().max(1));
    let title = format!("{}\nposition {}\n{}.", header.title(), header.position, header.evaluation);
    write_preamble(out, "mcts", &title)?;
    for id in 0..tree.len() as u32 {
        let drawn = tree.parent(id).is_none_or(|p| open[p as usize]);
        if !drawn {
            continue;
        }
        let hidden = if open[id as usize] { 0 } else { sizes[id as usize] - 1 };
        writeln!(out, "{}", node_line(game, searched, id, hidden))?;
        if let Some(parent) = tree.parent(id) {
            let n = tree.node(id);
            let width = 1.0 + 7.0 * f64::from(n.visits()) / root_visits;
            let action = game.format_action(n.action.expect("below the root"));
            writeln!(
                out,
                "  n{parent} -> n{id} [label=\"{}\", penwidth={width:.2}, color=\"{}\"];",
                quoted(&action),
                colour(n.mean(), false)
            )?;
        }
    }
    write!(out, "{LEGEND}")?;
    writeln!(out, "}}")
}
