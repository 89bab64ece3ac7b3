//! `--merge-transpositions`: the tree drawn as the graph of its distinct
//! positions. The explicit tree holds a position once for each path that
//! reaches it; here each position is drawn once, at its first node's place,
//! with how many paths reach it, and every edge of the tree is kept as an
//! edge between the two positions it joins (the same action from the same
//! position reaches the same position, so repeated edges are one). Written,
//! as the tree's own drawing is, by `petgraph::dot`.

use std::collections::HashSet;
use std::io::{self, Write};

use petgraph::Graph;
use petgraph::dot::{Config, Dot};
use petgraph::graph::{EdgeIndex, EdgeReference, NodeIndex};

use super::dot::{ON_LINE, board_label, html, quoted, write_preamble};
use super::summary::Summary;
use crate::game::Game;
use crate::search::alphabeta::Window;
use crate::tree::positions::{Distinct, FastMap};
use crate::tree::{GameNode, Tree};

/// One distinct position: its first node, and what the nodes holding it
/// share; `L` is what a drawing keeps of its board (the DOT's label).
pub(crate) struct Merged<L> {
    pub first: u32,
    pub paths: u32,
    /// The least depth of a node holding it: its level in a drawing by depth.
    pub depth: u8,
    pub maximising: bool,
    /// The values the searched nodes holding it took (at different depths a
    /// position can take different values), in the order met; empty when
    /// every one was pruned.
    pub values: Vec<i32>,
    pub leaf: bool,
    pub on_line: bool,
    pub label: L,
}

/// One edge of the graph: an action from one position to another.
pub(crate) struct Joined {
    pub action: String,
    /// How many edges of the tree this one stands for.
    pub edges: u32,
    pub on_line: bool,
}

// petgraph's `Dot` asks for `Display`; the labels are attributes instead
// (`Config::NodeNoLabel`, `Config::EdgeNoLabel`), so these are never printed.
impl<L> std::fmt::Display for Merged<L> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}", self.first)
    }
}

impl std::fmt::Display for Joined {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.action)
    }
}

/// The graph of a tree's distinct positions: position `k` of
/// [`Distinct`] is node index `k`; edges in the order of their first tree
/// edge.
pub(crate) type Positions<L> = Graph<Merged<L>, Joined>;

/// The graph of `tree`'s distinct positions (numbered as in `distinct`),
/// with `label(node)` kept for each position's first node. The same action
/// from the same position reaches the same position, so the tree's edges
/// that repeat one are one edge, which counts them.
pub(crate) fn merge<'a, G: Game, L>(
    game: &G,
    tree: &Tree<'a, G>,
    distinct: &Distinct,
    mut label: impl FnMut(&'a GameNode<G>) -> L,
) -> Positions<L> {
    let line: HashSet<u32> =
        std::iter::once(tree.root.id()).chain(tree.principal_variation().iter().map(|n| n.id())).collect();
    let mut graph: Positions<L> = Graph::with_capacity(distinct.len(), tree.len);
    let mut edges: FastMap<(u32, u32, String), EdgeIndex> = FastMap::default();
    tree.walk(|node, parent| {
        let k = distinct.of_node[node.id() as usize];
        if k as usize == graph.node_count() {
            graph.add_node(Merged {
                first: node.id(),
                paths: distinct.paths[k as usize],
                depth: node.depth,
                maximising: node.maximising(),
                values: Vec::new(),
                leaf: true,
                on_line: false,
                label: label(node),
            });
        }
        let m = &mut graph[NodeIndex::new(k as usize)];
        if !node.pruned() && !m.values.contains(&node.value()) {
            m.values.push(node.value());
        }
        m.depth = m.depth.min(node.depth);
        m.leaf &= node.is_leaf();
        m.on_line |= line.contains(&node.id());
        if let Some(parent) = parent {
            let from = distinct.of_node[parent as usize];
            let action = game.format_action(node.action.expect("below the root"));
            let on_line = line.contains(&node.id()) && line.contains(&parent);
            let key = (from, k, action);
            match edges.get(&key) {
                Some(&e) => {
                    graph[e].edges += 1;
                    graph[e].on_line |= on_line;
                }
                None => {
                    let joined = Joined { action: key.2.clone(), edges: 1, on_line };
                    let e = graph.add_edge(NodeIndex::new(from as usize), NodeIndex::new(k as usize), joined);
                    edges.insert(key, e);
                }
            }
        }
    });
    graph
}

fn shown(v: i32) -> String {
    match v {
        i32::MIN => "−∞".to_string(),
        i32::MAX => "+∞".to_string(),
        v => v.to_string(),
    }
}

/// Writes the graph of `tree`'s distinct positions; `windows` as for
/// [`super::json::write_tree`] (alpha-beta's: a node it skipped adds no
/// value to its position).
pub fn write_dot<G: Game>(
    out: &mut dyn Write,
    game: &G,
    tree: &Tree<'_, G>,
    windows: Option<&[Option<Window>]>,
) -> io::Result<()> {
    tree.check_searched().map_err(io::Error::other)?;
    let summary = Summary::of(game, tree, windows);
    let distinct = Distinct::of(game, tree);
    let picture = game.picture();
    let graph = merge(game, tree, &distinct, |node| board_label(game, &picture, &node.position(game)));
    let title = format!(
        "{}\nposition {}\n{} nodes hold {} distinct positions: each is drawn once, with the number of paths from the root that reach it\n{}.",
        summary.title(),
        summary.position,
        tree.len,
        distinct.len(),
        summary.evaluation
    );
    write_preamble(out, "positions", &title)?;
    let node_attrs = |_: &Positions<String>, (_, m): (NodeIndex, &Merged<String>)| node_attrs(m);
    let edge_attrs = |_: &Positions<String>, e: EdgeReference<'_, Joined>| edge_attrs(e.weight());
    let config = [Config::GraphContentOnly, Config::NodeNoLabel, Config::EdgeNoLabel];
    write!(out, "{}", Dot::with_attr_getters(&graph, &config, &edge_attrs, &node_attrs))?;
    write!(out, "{LEGEND}")?;
    writeln!(out, "}}")
}

/// A position's values as its drawing says them.
fn values_text(m: &Merged<String>) -> String {
    let mut values = m.values.clone();
    values.sort_unstable();
    match values.as_slice() {
        [] => "pruned: never searched".to_string(),
        [v] => format!("value {}", shown(*v)),
        vs => format!(
            "values {} (at different depths)",
            vs.iter().map(|v| shown(*v)).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// A position's node statement's attributes: its label (role, first node,
/// paths, values, board), shape, fill and outline.
fn node_attrs(m: &Merged<String>) -> String {
    let value = values_text(m);
    let role = if m.maximising { "▲ MAX" } else { "▼ MIN" };
    let paths = if m.paths == 1 { "1 path".to_string() } else { format!("{} paths", m.paths) };
    let mut label = format!(
        "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\"><TR><TD><B>{role}</B> #{}</TD></TR><TR><TD><B>{paths}</B></TD></TR><TR><TD>{}</TD></TR>",
        m.first,
        html(&value)
    );
    if !m.label.is_empty() {
        label.push_str(&format!("<TR><TD>{}</TD></TR>", m.label));
    }
    label.push_str("</TABLE>");
    let tip = format!("position of node #{} and {} more; {value}", m.first, m.paths - 1);
    let mut attrs = format!(
        "shape={}, label=<{label}>, style=\"{}\", fillcolor=\"{}\", tooltip=\"{}\", id=\"position-{}\"",
        if m.maximising { "house" } else { "invhouse" },
        if m.values.is_empty() { "filled,dashed" } else { "filled" },
        if m.leaf {
            "lightgrey"
        } else if m.paths > 1 {
            "#f1e6ff"
        } else {
            "white"
        },
        quoted(&tip),
        m.first
    );
    if m.paths > 1 {
        attrs.push_str(", penwidth=2");
    }
    if m.on_line {
        attrs.push_str(ON_LINE);
    }
    attrs
}

/// An edge's attributes: its action, with how many tree edges it stands for
/// where more than one.
fn edge_attrs(j: &Joined) -> String {
    let mut attrs = format!("label=\"{}\"", quoted(&j.action));
    if j.edges > 1 {
        attrs = format!(
            "label=\"{} (×{})\", tooltip=\"{} edges of the tree\"",
            quoted(&j.action),
            j.edges,
            j.edges
        );
    }
    if j.on_line {
        attrs.push_str(ON_LINE);
    }
    attrs
}

/// The key to the drawing.
const LEGEND: &str = r##"  subgraph cluster_legend {
    label="Legend"; fontname="Helvetica"; fontsize=11; style="rounded"; color="grey";
    node [fontname="Helvetica", fontsize=10, style="filled", fillcolor="white"];
    legend_line [shape=box, color="red", fontcolor="red", penwidth=2, label="line of\nbest play"];
    legend_leaf [shape=box, fillcolor="lightgrey", label="leaf: value =\nstatic cost"];
    legend_shared [shape=box, fillcolor="#f1e6ff", penwidth=2, label="reached by\nseveral paths"];
    legend_min [shape=invhouse, label="▼ MIN: takes the\nleast child value"];
    legend_max [shape=house, label="▲ MAX: takes the\ngreatest child value"];
  }
"##;
