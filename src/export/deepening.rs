//! Iterative deepening in the exports: the JSON's `deepening` object, and the
//! explorer's Deepening view (`explorer/deepening.js`), which steps from
//! iteration to iteration over the tree and shows the chart.

use std::collections::{HashMap, HashSet, VecDeque};

use serde_json::{Value, json};

use super::addon::Addon;
use super::small_tree::{DRAWN_LIMIT, searched, shape};
use crate::game::Game;
use crate::search::deepening::{Deepened, Iteration, Keep, Mark, Searched, Visited};
use crate::tree::{Bound, GameNode, Tree};

/// The most nodes of one iteration's search kept for drawing in a tree too
/// large to draw whole: a few hundred read at 16 px with some scrolling, and
/// a huge search never makes a huge page.
pub const SEARCHED_CAP: usize = 400;

/// What deepening's iterations over a tree of `len` nodes keep for the page:
/// every node's visit in a tree of at most [`DRAWN_LIMIT`] nodes, drawn
/// whole; otherwise the nodes each visited, [`SEARCHED_CAP`] of its top
/// levels and its line below them: what it searched is a small part of such
/// a tree, and drawing only that part is what lets a class see each
/// iteration of a real game's tree.
pub fn keep(len: usize) -> Keep {
    if len <= DRAWN_LIMIT {
        Keep { every_node: true, visited: None }
    } else {
        Keep { every_node: false, visited: Some(SEARCHED_CAP) }
    }
}

/// The moves of an iteration's `line` (node ids from below the root down,
/// as [`Iteration::line`]), in the game's notation.
pub fn moves<G: Game>(game: &G, tree: &Tree<'_, G>, line: &[u32]) -> Vec<String> {
    let mut node: &GameNode<G> = tree.root;
    line.iter()
        .map(|&id| {
            node = node.children().iter().find(|c| c.id() == id).expect("a line goes down from the root");
            game.format_action(node.action.expect("below the root"))
        })
        .collect()
}

/// The JSON's `deepening` object: the rule, the table's size, each iteration
/// (depth, nodes, leaves, cut-offs, table cut-offs, time, decision, value,
/// line, effective branching factor) and the chart's counts per depth.
pub fn json<G: Game>(game: &G, tree: &Tree<'_, G>, d: &Deepened) -> Value {
    let c = &d.counts;
    json!({
        "pruning": d.rule.name(),
        "table_positions": d.table_size,
        "iterations": d.iterations.iter().map(|i| iteration(i, &moves(game, tree, &i.line))).collect::<Vec<_>>(),
        "nodes_per_depth": {
            "depths": c.depths,
            "minimax": c.minimax,
            "alphabeta": c.alphabeta,
            "deepening": c.deepening,
            "minimal_tree": c.minimal,
            "minimal_tree_b": c.b,
        },
    })
}

fn mark(m: Mark) -> char {
    match m {
        Mark::None => '-',
        Mark::Cutoff => 'a',
        Mark::Table => 't',
    }
}

/// Each kept node's move and whether MAX moves there, by id: one pass over
/// the tree, however large.
fn names<G: Game>(game: &G, tree: &Tree<'_, G>, parts: &[&Searched]) -> HashMap<u32, (String, bool)> {
    let wanted: HashSet<u32> = parts.iter().flat_map(|p| p.nodes.iter().map(|v| v.id)).collect();
    let mut named = HashMap::new();
    tree.root.for_each(&mut |n| {
        if wanted.contains(&n.id()) {
            named.insert(
                n.id(),
                (n.action.map(|a| game.format_action(a)).unwrap_or_default(), n.maximising()),
            );
        }
    });
    named
}

/// One iteration's searched part of a large tree as a small tree of its own,
/// in the columns of [`shape`] and [`searched`] plus `cut` (`d` too: a grey
/// box for searched nodes below the levels kept), `note`, `below` (the
/// nodes each visited node searched under it) and `id` (each visited node's
/// id in the whole tree, whose order among siblings is the game's): the
/// nodes it visited, and under each, one grey node standing for all the
/// children it never searched (`+k not searched`) or, below the levels kept,
/// for what it searched there (`+k searched, not drawn`). A grey node per
/// skipped child would be most of the drawing. Ids run level by level, so
/// that each node's children are consecutive.
fn part(p: &Searched, named: &HashMap<u32, (String, bool)>) -> Value {
    enum Item<'a> {
        Node(&'a Visited),
        /// A grey box: its words, and whether it stands for searched nodes.
        Note(String, bool),
    }
    let kept: HashMap<u32, &Visited> = p.nodes.iter().map(|v| (v.id, v)).collect();
    let mut items: Vec<Item<'_>> = Vec::new();
    let mut first = Vec::new();
    let mut count = Vec::new();
    let mut queue: VecDeque<Item<'_>> = p.nodes.first().map(Item::Node).into_iter().collect();
    let mut next = 1u32;
    while let Some(item) = queue.pop_front() {
        let mut under = Vec::new();
        if let Item::Node(v) = &item {
            let shown: Vec<Item<'_>> =
                v.kids.iter().filter_map(|k| kept.get(k)).map(|v| Item::Node(v)).collect();
            if shown.is_empty() && !v.kids.is_empty() {
                under.push(Item::Note(format!("+{} searched, not drawn", v.below), true));
            }
            under.extend(shown);
            if v.unsearched > 0 {
                under.push(Item::Note(format!("+{} not searched", v.unsearched), false));
            }
        }
        first.push(if under.is_empty() { 0 } else { next });
        count.push(under.len());
        next += under.len() as u32;
        queue.extend(under);
        items.push(item);
    }
    let mut action = Vec::new();
    let mut max = String::new();
    let mut value = Vec::new();
    let mut bound = String::new();
    let mut cut = String::new();
    let mut note = Vec::new();
    let mut below = Vec::new();
    let mut ids = Vec::new();
    for item in &items {
        match item {
            Item::Node(v) => {
                ids.push(Some(v.id));
                let (a, m) = named.get(&v.id).cloned().unwrap_or_default();
                action.push(a);
                max.push(if m { '1' } else { '0' });
                value.push(Some(v.value));
                bound.push(match v.bound {
                    Bound::Exact => '=',
                    Bound::Lower => '>',
                    Bound::Upper => '<',
                });
                cut.push(mark(v.mark));
                note.push(String::new());
                below.push(v.below);
            }
            Item::Note(s, searched) => {
                ids.push(None);
                action.push(String::new());
                max.push('0');
                value.push(None);
                bound.push('.');
                cut.push(if *searched { 'd' } else { '-' });
                note.push(s.clone());
                below.push(0);
            }
        }
    }
    let children: Vec<usize> = count.iter().flat_map(|&k| 0..k).collect();
    let leaf: Vec<Option<i32>> = vec![None; items.len()];
    json!({
        "tree": {"root": 0, "first": first, "count": count, "action": action, "max": max, "leaf": leaf},
        "children": children,
        "value": value,
        "bound": bound,
        "cut": cut,
        "note": note,
        "below": below,
        "id": ids,
        "visited": p.visited,
        "drawn": p.nodes.len(),
        "levels": p.levels,
    })
}

fn iteration(i: &Iteration, line: &[String]) -> Value {
    json!({
        "depth": i.depth,
        "nodes": i.nodes,
        "leaves": i.leaves,
        "cutoffs": i.cutoffs,
        "table_cutoffs": i.table_cutoffs,
        "time_ms": (i.millis * 1000.0).round() / 1000.0,
        "decision": line.first(),
        "value": i.value,
        "principal_variation": line,
        "branching_factor": (i.branching * 1000.0).round() / 1000.0,
    })
}

/// The Deepening view over `tree`: the JSON's figures, the chart, and for a
/// tree of at most [`DRAWN_LIMIT`] nodes its shape and each iteration's search
/// of it (children in the order taken, values, bounds, and `cut`: one
/// character a node, `a` an alpha-beta cut-off, `t` answered by the table,
/// `-` neither).
pub fn view<G: Game>(game: &G, tree: &Tree<'_, G>, d: &Deepened) -> Addon {
    let mut data = json(game, tree, d);
    data["chart"] = Value::from(super::chart::svg(&d.counts));
    data["node_count"] = Value::from(tree.len);
    data["limit"] = Value::from(DRAWN_LIMIT);
    let drawn: Vec<Value> = d
        .iterations
        .iter()
        .filter_map(|i| i.drawn.as_ref())
        .map(|dr| {
            let mut v = searched(&dr.visits);
            v["cut"] = Value::from(dr.marks.iter().map(|&m| mark(m)).collect::<String>());
            v
        })
        .collect();
    let complete = drawn.len() == d.iterations.len();
    data["tree"] = if complete { shape(game, tree) } else { Value::Null };
    data["searches"] = if complete { Value::from(drawn) } else { Value::Null };
    let parts: Vec<&Searched> = d.iterations.iter().filter_map(|i| i.searched.as_ref()).collect();
    data["searched"] = if !complete && parts.len() == d.iterations.len() {
        let named = names(game, tree, &parts);
        Value::from(parts.iter().map(|p| part(p, &named)).collect::<Vec<_>>())
    } else {
        Value::Null
    };
    Addon { name: "deepening", data, module: Some("deepening.js") }
}
