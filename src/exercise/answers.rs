//! `answers.json`: the exercise's tree and every step of its search.

use serde::Serialize;

use super::sheet::Sheet;
use crate::search::trace::{Event, WindowEnd};

#[derive(Serialize)]
struct Node {
    /// Preorder index (the sheets' order).
    index: usize,
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
    /// Preorder index of the node entered.
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

/// The document. `ids` maps a tree node id to its preorder index; `events`
/// is the search's trace.
pub fn write(sheet: &Sheet, tree_text: &str, ids: &[usize], events: &[Event]) -> serde_json::Result<String> {
    let nodes: Vec<Node> = sheet
        .places
        .iter()
        .enumerate()
        .map(|(index, p)| Node {
            index,
            parent: p.parent,
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
            Event::Enter { node, window } => Some(Visit {
                node: ids[node as usize],
                alpha: window.map(|w| w.0),
                beta: window.map(|w| w.1),
            }),
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
        pruned: nodes.iter().filter(|n| n.pruned).map(|n| n.index).collect(),
        nodes,
        visits,
    };
    let mut text = serde_json::to_string_pretty(&doc)?;
    text.push('\n');
    Ok(text)
}
