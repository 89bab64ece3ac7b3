//! The tree as Graphviz DOT, streamed: each node and edge is written as the
//! tree is walked in id order, so a drawing of any size needs no more memory
//! than a small one.
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

use super::scope::{Scope, Shown};
use super::summary::Summary;
use crate::drawing;
use crate::game::Game;
use crate::game::drawing::Picture;
use crate::search::alphabeta::{Window, WindowEnd};
use crate::tree::{GameNode, Tree};

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

fn describe<G: Game>(
    game: &G,
    picture: &Picture,
    node: &GameNode<'_, G>,
    window: Option<Window>,
    hidden: u64,
    path: &str,
) -> (String, String) {
    let pos = node.position(game);
    let mut rows = vec![format!("<B>{}</B> #{}", role(node.maximising()), node.id())];
    let mut tip = format!("#{} {} depth {}; line: {path}", node.id(), role(node.maximising()), node.depth);
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

/// A drawn node as [`walk_drawn`] gives it: its index among the drawn nodes
/// (Graphviz's name for it), its parent's index and id, the actions from the
/// root to it, and how many nodes below it the scope leaves out.
struct Drawn<'p> {
    index: u32,
    parent: Option<(u32, u32)>,
    path: &'p str,
    hidden: u64,
}

/// Visits the nodes `shown` draws in id order (a node's children, then each
/// child's subtree in turn, the order the tree was built in), keeping only the
/// path being walked: the drawing is written as it is walked and holds nothing
/// per node, so it needs the same memory for a tree of any size.
fn walk_drawn<'a, G: Game>(
    game: &G,
    tree: &Tree<'a, G>,
    shown: &Shown,
    f: &mut dyn FnMut(&'a GameNode<'a, G>, Drawn<'_>) -> io::Result<()>,
) -> io::Result<()> {
    f(tree.root, Drawn { index: 0, parent: None, path: "", hidden: hidden_below(shown, tree.root) })?;
    let mut next = 1;
    walk_children(game, shown, tree.root, 0, "", &mut next, f)
}

fn walk_children<'a, G: Game>(
    game: &G,
    shown: &Shown,
    node: &'a GameNode<'a, G>,
    index: u32,
    path: &str,
    next: &mut u32,
    f: &mut dyn FnMut(&'a GameNode<'a, G>, Drawn<'_>) -> io::Result<()>,
) -> io::Result<()> {
    if !shown.opens(node) {
        return Ok(());
    }
    let first = *next;
    let paths: Vec<String> = node
        .children()
        .iter()
        .map(|c| {
            let action = game.format_action(c.action.expect("below the root"));
            if path.is_empty() { action } else { format!("{path} {action}") }
        })
        .collect();
    for (c, p) in node.children().iter().zip(&paths) {
        f(
            c,
            Drawn { index: *next, parent: Some((index, node.id())), path: p, hidden: hidden_below(shown, c) },
        )?;
        *next += 1;
    }
    for (i, (c, p)) in node.children().iter().zip(&paths).enumerate() {
        walk_children(game, shown, c, first + i as u32, p, next, f)?;
    }
    Ok(())
}

/// Nodes below a drawn node that the drawing leaves out.
fn hidden_below<A, P>(shown: &Shown, node: &crate::tree::Node<'_, A, P>) -> u64 {
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
        attrs.push_str(", color=\"red\", fontcolor=\"red\", penwidth=2");
    }
    attrs
}

fn edge_attributes(edge: &DotEdge, target_pruned: bool) -> String {
    let mut attrs = format!("label=\"{}\"", quoted(&edge.action));
    if edge.on_line {
        attrs.push_str(", color=\"red\", fontcolor=\"red\", penwidth=2");
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
    // Every node, then every edge, as Graphviz reads them best; the two
    // walks number the drawn nodes alike.
    walk_drawn(game, tree, &shown, &mut |node, drawn| {
        let id = node.id();
        let window = windows.and_then(|w| w[id as usize]);
        let path = if drawn.path.is_empty() { "(the root)" } else { drawn.path };
        let (label, tooltip) = describe(game, &picture, node, window, drawn.hidden, path);
        let dot = DotNode {
            id,
            label,
            tooltip,
            maximising: node.maximising(),
            leaf: node.is_leaf(),
            on_line: line.contains(&id),
            pruned: node.pruned(),
        };
        writeln!(out, "    {} [ {}]", drawn.index, node_attributes(&dot))
    })?;
    walk_drawn(game, tree, &shown, &mut |node, drawn| {
        let Some((parent, parent_id)) = drawn.parent else { return Ok(()) };
        let edge = DotEdge {
            action: game.format_action(node.action.expect("below the root")),
            on_line: line.contains(&node.id()) && line.contains(&parent_id),
        };
        writeln!(out, "    {parent} -> {} [ {}]", drawn.index, edge_attributes(&edge, node.pruned()))
    })?;
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
