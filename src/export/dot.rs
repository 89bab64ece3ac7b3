//! The tree as Graphviz DOT, through a `petgraph::Graph` built in id order.
//!
//! Each node shows its id, whether its level maximises or minimises, its value and
//! cost, and the board; leaves are grey, the principal variation is red, and nodes a
//! pruning search skipped are dashed.

use std::collections::HashSet;
use std::io::{self, Write};

use petgraph::dot::Dot;
use petgraph::graph::{EdgeReference, Graph, NodeIndex};
use petgraph::visit::EdgeRef;

use crate::game::Game;
use crate::search::alphabeta::Window;
use crate::search::{Node, Tree};

struct DotNode {
    label: String,
    leaf: bool,
    on_line: bool,
    pruned: bool,
}

struct DotEdge {
    action: String,
    on_line: bool,
}

/// The label text: one line per row, each ending in a newline so that petgraph
/// turns it into Graphviz's left-justified `\l` break.
fn label<A, P>(node: &Node<'_, A, P>, cost: i32, window: Option<Window>, board: &[String]) -> String {
    let role = if node.maximising() { "MAX" } else { "MIN" };
    let mut s = format!("#{} {role}\n", node.id());
    if node.pruned() {
        s.push_str("pruned\n");
    } else {
        s.push_str(&format!("value {}\n", node.value()));
    }
    s.push_str(&format!("cost {cost}\n"));
    if let Some(w) = window {
        let bound = |v: i32| match v {
            i32::MIN => "-inf".to_string(),
            i32::MAX => "+inf".to_string(),
            v => v.to_string(),
        };
        s.push_str(&format!("alpha {} beta {}\n", bound(w.alpha), bound(w.beta)));
        if let Some(c) = w.cutoff {
            s.push_str(&format!("{} cut-off\n", c.name()));
        }
    }
    for row in board {
        s.push_str(row);
        s.push('\n');
    }
    s
}

fn build_graph<G: Game>(
    game: &G,
    tree: &Tree<'_, G>,
    windows: Option<&[Option<Window>]>,
) -> Graph<DotNode, DotEdge> {
    let line: HashSet<u32> =
        std::iter::once(tree.root.id()).chain(tree.principal_variation().iter().map(|n| n.id())).collect();
    let mut graph = Graph::with_capacity(tree.len, tree.len.saturating_sub(1));
    tree.walk(|node, parent| {
        let pos = &node.position(game);
        let id = node.id();
        let index = graph.add_node(DotNode {
            label: label(
                node,
                game.cost(pos, game.has_actions(pos)),
                windows.and_then(|w| w[id as usize]),
                &game.board_rows(pos),
            ),
            leaf: node.is_leaf(),
            on_line: line.contains(&id),
            pruned: node.pruned(),
        });
        debug_assert_eq!(index.index(), id as usize, "walk visits nodes in id order");
        if let Some(parent) = parent {
            let action = game.format_action(node.action.expect("non-root nodes have actions"));
            let on_line = line.contains(&id) && line.contains(&parent);
            graph.add_edge(NodeIndex::new(parent as usize), index, DotEdge { action, on_line });
        }
    });
    graph
}

impl std::fmt::Display for DotNode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label)
    }
}

impl std::fmt::Display for DotEdge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.action)
    }
}

fn node_attributes(node: &DotNode) -> String {
    let mut style = vec!["filled"];
    if node.pruned {
        style.push("dashed");
    }
    let fill = if node.leaf { "lightgrey" } else { "white" };
    let mut attrs =
        format!("shape=box, fontname=\"Courier\", style=\"{}\", fillcolor=\"{fill}\"", style.join(","));
    if node.on_line {
        attrs.push_str(", color=\"red\", fontcolor=\"red\", penwidth=2");
    }
    attrs
}

fn edge_attributes(edge: &DotEdge, target: &DotNode) -> String {
    let mut attrs = String::from("fontname=\"Courier\"");
    if edge.on_line {
        attrs.push_str(", color=\"red\", fontcolor=\"red\", penwidth=2");
    }
    if target.pruned {
        attrs.push_str(", style=\"dashed\"");
    }
    attrs
}

/// Writes the tree; `windows` as for [`super::json::write_tree`].
pub fn write_tree<G: Game>(
    out: &mut dyn Write,
    game: &G,
    tree: &Tree<'_, G>,
    windows: Option<&[Option<Window>]>,
    _scope: super::scope::Scope,
) -> io::Result<()> {
    let graph = build_graph(game, tree, windows);
    let edge_attrs = |g: &Graph<DotNode, DotEdge>, e: EdgeReference<'_, DotEdge>| {
        edge_attributes(e.weight(), &g[e.target()])
    };
    let node_attrs = |_: &Graph<DotNode, DotEdge>, (_, n): (NodeIndex, &DotNode)| node_attributes(n);
    let dot = Dot::with_attr_getters(&graph, &[], &edge_attrs, &node_attrs);
    write!(out, "{dot}")
}
