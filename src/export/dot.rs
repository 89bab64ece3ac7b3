//! The tree as Graphviz DOT, written by `petgraph::dot` from a lazy graph
//! view of the drawn tree (`export/drawn.rs`): each node's and edge's
//! attributes are made when petgraph asks for them, as it walks the tree in id
//! order, so a drawing of any size needs no more memory than a small one.
//!
//! Drawn for teaching: a title (game, position, depth, search, size, decision,
//! and whose point of view the values take) and a legend; MAX nodes point up
//! (`house`), MIN nodes point down (`invhouse`), each with ▲ or ▼; boards with the
//! game's coordinates; leaves grey, the principal variation red, nodes a pruning
//! search skipped dashed and showing nothing it never computed. Every node has a
//! `tooltip` and a `URL`, so that `dot -Tsvg` shows its details on hover.
//! A scope ([`super::scope`]) draws part of a big tree.

use std::collections::HashSet;
use std::io::{self, Write};

use petgraph::dot::{Config, Dot};
use petgraph::visit::{EdgeRef, NodeRef};

use super::drawn::{DrawnEdge, DrawnNode, DrawnTree};
use super::scope::{Scope, Shown};
use super::summary::Summary;
use crate::drawing;
use crate::game::Game;
use crate::game::drawing::Picture;
use crate::search::alphabeta::{Window, WindowEnd};
use crate::tree::{GameNode, Tree};

/// How a node or an edge on the line of best play is drawn, in the tree's
/// DOT and the merged graph's alike.
pub(super) const ON_LINE: &str = ", color=\"red\", fontcolor=\"red\", penwidth=2";

struct DotNode {
    id: u32,
    /// A Graphviz HTML-like label, without its outer `<>`.
    label: String,
    tooltip: String,
    maximising: bool,
    leaf: bool,
    on_line: bool,
    pruned: bool,
}

struct DotEdge {
    action: String,
    on_line: bool,
}

/// Text for a Graphviz HTML-like label.
pub(crate) fn html(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Text for a quoted DOT attribute.
pub(crate) fn quoted(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

fn bound(v: i32) -> String {
    match v {
        i32::MIN => "−∞".to_string(),
        i32::MAX => "+∞".to_string(),
        v => v.to_string(),
    }
}

/// A window's end: only the window's own infinities are shown as ±∞.
fn window_end(b: WindowEnd) -> String {
    match b {
        WindowEnd::MinusInfinity => "−∞".to_string(),
        WindowEnd::PlusInfinity => "+∞".to_string(),
        WindowEnd::Value(v) => v.to_string(),
    }
}

fn role(maximising: bool) -> &'static str {
    if maximising { "▲ MAX" } else { "▼ MIN" }
}

/// A node's label and tooltip; `name`: what every view calls it, where
/// that is more than its id (a labelled textbook tree's B, c2, its root A).
fn describe<G: Game>(
    game: &G,
    picture: &Picture,
    node: &GameNode<G>,
    window: Option<Window>,
    hidden: u64,
    path: &str,
    name: Option<String>,
) -> (String, String) {
    let pos = node.position(game);
    let (id, side) = (node.id(), role(node.maximising()));
    let (mut rows, mut tip) = match name {
        Some(name) => (vec![format!("<B>{side}</B> {}", html(&name))], format!("{name} (#{id}) {side}")),
        None => (vec![format!("<B>{side}</B> #{id}")], format!("#{id} {side}")),
    };
    tip.push_str(&format!(" depth {}; line: {path}", node.depth));
    if node.pruned() {
        rows.push("pruned: never searched".to_string());
        tip.push_str("; pruned: alpha-beta never searched it");
    } else {
        let cost = game.cost(&pos, game.has_actions(&pos));
        let value = node.bound().show(&bound(node.value()));
        rows.push(format!("value {}, cost {cost}", html(&value)));
        tip.push_str(&format!("; value {value}; static cost {cost}"));
        if let Some(w) = window {
            rows.push(format!("α {} β {}", window_end(w.alpha), window_end(w.beta)));
            tip.push_str(&format!("; window [{}, {}]", window_end(w.alpha), window_end(w.beta)));
            if let Some(c) = w.cutoff {
                let skipped = node.children().iter().filter(|c| c.pruned()).count();
                rows.push(format!("{} cut-off: {skipped} skipped", c.name()));
                tip.push_str(&format!("; {} cut-off, {skipped} children skipped", c.name()));
            }
        }
    }
    let board = board_label(game, picture, &pos);
    let mut label = String::from("<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">");
    for r in rows {
        label.push_str(&format!("<TR><TD>{r}</TD></TR>"));
    }
    // A node with nothing to show (an unlabelled textbook node) has no board
    // row: Graphviz refuses an empty <FONT>.
    if !board.is_empty() {
        label.push_str(&format!("<TR><TD>{board}</TD></TR>"));
    }
    if hidden > 0 {
        label.push_str(&format!("<TR><TD><I>+{hidden} nodes not drawn</I></TD></TR>"));
        tip.push_str(&format!("; {hidden} nodes below it not drawn"));
    }
    label.push_str("</TABLE>");
    (label, tip)
}

/// A digraph's opening lines: its name, the title over the drawing, and the
/// fonts every tree drawing uses (for the minimax and the MCTS tree alike).
pub(crate) fn write_preamble(out: &mut dyn Write, name: &str, title: &str) -> io::Result<()> {
    writeln!(out, "digraph {name} {{")?;
    writeln!(out, "  graph [label=\"{}\", labelloc=t, fontname=\"Helvetica\", fontsize=14];", quoted(title))?;
    writeln!(out, "  node [fontname=\"Helvetica\", fontsize=11];")?;
    writeln!(out, "  edge [fontname=\"Courier\", fontsize=11];")
}

/// The board with its coordinates: on a grid, a table of one cell per square
/// (dark squares shaded), so that the columns line up whatever the font; else
/// the terminal's plain drawing of its points and lines (niujiao's ladder),
/// line by line. Both read the game's one description of its board.
pub(crate) fn board_label<G: Game>(game: &G, picture: &Picture, pos: &G::Position) -> String {
    let cells = game.cells(pos);
    let Some(grid) = &picture.grid else {
        let lines: String = drawing::plain(picture, &cells)
            .iter()
            .map(|r| format!("{}<BR ALIGN=\"LEFT\"/>", html(r)))
            .collect();
        if lines.is_empty() {
            return lines;
        }
        return format!("<FONT FACE=\"Courier\">{lines}</FONT>");
    };
    let cell = |text: &str, shade: bool| {
        let bg = if shade { " BGCOLOR=\"#d8b48c\"" } else { "" };
        format!("<TD{bg}>{}</TD>", html(text))
    };
    let mut t = String::from(
        "<FONT FACE=\"Courier\" POINT-SIZE=\"10\"><TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\"><TR><TD></TD>",
    );
    for c in &grid.columns {
        t.push_str(&cell(c, false));
    }
    t.push_str("</TR>");
    let mut squares = picture.squares.iter();
    for (name, row) in grid.rows.iter().zip(picture.rows(&cells)) {
        t.push_str("<TR>");
        t.push_str(&cell(name, false));
        for ch in row.chars() {
            let dark = squares.next().is_some_and(|s| s.2);
            t.push_str(&cell(&ch.to_string(), dark));
        }
        t.push_str("</TR>");
    }
    t.push_str("</TABLE></FONT>");
    t
}

/// Nodes below a drawn node that the drawing leaves out.
fn hidden_below<A, P>(shown: &Shown, node: &crate::tree::Node<A, P>) -> u64 {
    if shown.opens(node) { 0 } else { super::scope::subtree_size(node) - 1 }
}

fn node_attributes(node: &DotNode) -> String {
    let mut style = vec!["filled"];
    if node.pruned {
        style.push("dashed");
    }
    let fill = if node.leaf { "lightgrey" } else { "white" };
    let shape = if node.maximising { "house" } else { "invhouse" };
    let mut attrs = format!(
        "shape={shape}, label=<{}>, style=\"{}\", fillcolor=\"{fill}\", tooltip=\"{}\", URL=\"#node-{}\", id=\"node-{}\"",
        node.label,
        style.join(","),
        quoted(&node.tooltip),
        node.id,
        node.id
    );
    if node.on_line {
        attrs.push_str(ON_LINE);
    }
    attrs
}

fn edge_attributes(edge: &DotEdge, target_pruned: bool) -> String {
    let mut attrs = format!("label=\"{}\"", quoted(&edge.action));
    if edge.on_line {
        attrs.push_str(ON_LINE);
    }
    if target_pruned {
        attrs.push_str(", style=\"dashed\"");
    }
    attrs
}

/// The key to the drawing, as a cluster of sample nodes.
const LEGEND: &str = r#"  subgraph cluster_legend {
    label="Legend"; fontname="Helvetica"; fontsize=11; style="rounded"; color="grey";
    node [fontname="Helvetica", fontsize=10, style="filled", fillcolor="white"];
    // Graphviz lays a rank out right to left here: the last is drawn first.
    legend_pruned [shape=box, style="filled,dashed", label="pruned: never\nsearched"];
    legend_line [shape=box, color="red", fontcolor="red", penwidth=2, label="line of\nbest play"];
    legend_leaf [shape=box, fillcolor="lightgrey", label="leaf: value =\nstatic cost"];
    legend_min [shape=invhouse, label="▼ MIN: takes the\nleast child value"];
    legend_max [shape=house, label="▲ MAX: takes the\ngreatest child value"];
  }
"#;

/// Writes the tree (or the part `scope` keeps); `windows` as for
/// [`super::json::write_tree`].
pub fn write_tree<G: Game>(
    out: &mut dyn Write,
    game: &G,
    tree: &Tree<'_, G>,
    windows: Option<&[Option<Window>]>,
    scope: Scope,
) -> io::Result<()> {
    tree.check_searched().map_err(io::Error::other)?;
    let summary = Summary::of(game, tree, windows);
    let shown = Shown::new(tree, scope);
    let scope_note = match scope {
        Scope::All => String::new(),
        Scope::Depth(k) => format!("\nshowing levels 0 to {k}"),
        Scope::Line => {
            "\nshowing the line of best play and the alternatives at each of its nodes".to_string()
        }
    };
    let title =
        format!("{}\nposition {}{scope_note}\n{}.", summary.title(), summary.position, summary.evaluation);
    write_preamble(out, "tree", &title)?;
    let line: HashSet<u32> =
        std::iter::once(tree.root.id()).chain(tree.principal_variation().iter().map(|n| n.id())).collect();
    let picture = game.picture();
    // Nodes named as the explorer, the JSON and the sheets name them.
    let names = super::names::Names::of(game, tree);
    let graph = DrawnTree::new(tree, &shown);
    let node_attrs = |g: &DrawnTree<'_, '_, G>, n: DrawnNode<'_, G>| {
        let node = n.weight().node;
        let id = node.id();
        let window = windows.and_then(|w| w[id as usize]);
        let actions: Vec<String> =
            g.line_to(node).iter().map(|n| game.format_action(n.action.expect("below the root"))).collect();
        let path = if actions.is_empty() { "(the root)".to_string() } else { actions.join(" ") };
        let name = (names.by_move || (id == 0 && names.root.is_some()))
            .then(|| names.name(id, node.action.map(|a| game.format_action(a)).as_deref()));
        let (label, tooltip) =
            describe(game, &picture, node, window, hidden_below(&shown, node), &path, name);
        node_attributes(&DotNode {
            id,
            label,
            tooltip,
            maximising: node.maximising(),
            leaf: node.is_leaf(),
            on_line: line.contains(&id),
            pruned: node.pruned(),
        })
    };
    let edge_attrs = |_: &DrawnTree<'_, '_, G>, e: DrawnEdge<'_, G>| {
        let (node, parent) = (e.weight().node, e.weight().parent.expect("an edge has a parent"));
        let edge = DotEdge {
            action: game.format_action(node.action.expect("below the root")),
            on_line: line.contains(&node.id()) && line.contains(&parent.id()),
        };
        edge_attributes(&edge, node.pruned())
    };
    // Every node, then every edge, as Graphviz reads them best; the labels
    // are attributes, so petgraph's own are off.
    let config = [Config::GraphContentOnly, Config::NodeNoLabel, Config::EdgeNoLabel];
    write!(out, "{}", Dot::with_attr_getters(&graph, &config, &edge_attrs, &node_attrs))?;
    write!(out, "{LEGEND}")?;
    writeln!(out, "}}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_in_labels_and_attributes_cannot_break_out() {
        assert_eq!(html("<b>&\""), "&lt;b&gt;&amp;&quot;");
        assert_eq!(quoted("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
    }
}
