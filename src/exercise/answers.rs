//! `answers.json`: the exercise's tree and every step of its search. A node
//! is numbered by its id, the tree's construction order, as the tree's JSON
//! numbers it and the explorer shows it (`#7`); the nodes are listed in the
//! sheets' order (preorder), in which students write their answers.

use serde::Serialize;

use super::sheet::Sheet;
use crate::search::trace::{Event, WindowEnd};

#[derive(Serialize)]
struct Node {
    /// The node's id (the tree JSON's `id`).
    id: usize,
    parent: Option<usize>,
    action: String,
    /// Its name in every view (`export::names`).
    name: String,
    max: bool,
    leaf: bool,
    value: Option<i32>,
    pruned: bool,
    /// Alpha-beta's α and β at an inner node it searched: the window it was
    /// entered with (as AIMA's and CS188's pseudocode pass them down);
    /// null elsewhere and under minimax.
    alpha: Option<WindowEnd>,
    beta: Option<WindowEnd>,
}

#[derive(Serialize)]
struct Visit {
    /// The id of the node entered.
    node: usize,
    /// Its window when entered (null under minimax); a number, or `"-∞"` and
    /// `"+∞"` for the infinities, as in the tree JSON.
    alpha: Option<WindowEnd>,
    beta: Option<WindowEnd>,
}

#[derive(Serialize)]
struct Answers<'a> {
    title: &'a str,
    tree: &'a str,
    search: &'static str,
    pruning: Option<&'static str>,
    /// What α and β at a node mean, and the tie convention, in one line.
    window_rule: Option<String>,
    value: Option<i32>,
    nodes: Vec<Node>,
    /// The nodes in the order the search entered them, with their windows.
    visits: Vec<Visit>,
    pruned: Vec<usize>,
}

/// The document. `sheet.index` maps a tree node id to its place in the
/// sheets' order; `events` is the search's trace.
pub fn write(sheet: &Sheet, tree_text: &str, events: &[Event]) -> serde_json::Result<String> {
    let mut id_of = vec![0; sheet.places.len()];
    for (id, &place) in sheet.index.iter().enumerate() {
        id_of[place] = id;
    }
    let nodes: Vec<Node> = sheet
        .places
        .iter()
        .enumerate()
        .map(|(place, p)| Node {
            id: id_of[place],
            parent: p.parent.map(|q| id_of[q]),
            action: p.action.clone(),
            name: p.name.clone(),
            max: p.maximising,
            leaf: p.leaf,
            value: p.value,
            pruned: p.pruned,
            alpha: p.window.map(|w| w.0),
            beta: p.window.map(|w| w.1),
        })
        .collect();
    let visits = events
        .iter()
        .filter_map(|e| match *e {
            Event::Enter { node, window } => {
                Some(Visit { node: node as usize, alpha: window.map(|w| w.0), beta: window.map(|w| w.1) })
            }
            _ => None,
        })
        .collect();
    let doc = Answers {
        title: &sheet.title,
        tree: tree_text,
        search: if sheet.rule.is_some() { "alphabeta" } else { "minimax" },
        pruning: sheet.rule.map(|r| r.name()),
        window_rule: sheet.rule.map(super::sheet::window_rule),
        value: sheet.places.first().and_then(|p| p.value),
        pruned: nodes.iter().filter(|n| n.pruned).map(|n| n.id).collect(),
        nodes,
        visits,
    };
    let mut text = serde_json::to_string_pretty(&doc)?;
    text.push('\n');
    Ok(text)
}
