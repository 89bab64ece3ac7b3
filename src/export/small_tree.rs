//! A small searched tree as the explorer's `small_tree.js` draws it: the
//! tree's shape by node id, and one search of it (the children in the order
//! taken, the values and bounds returned). The move orders' view and
//! deepening's Iterations view both send their trees this way.

use serde_json::{Value, json};

use crate::game::Game;
use crate::search::orders::Visits;
use crate::tree::{Bound, Tree};

/// The most nodes of a tree drawn whole with each search of it (the move
/// orders' view, deepening's Iterations view): enough for any tree drawn for
/// a class, and a page that still opens at once.
pub const DRAWN_LIMIT: usize = 5_000;

/// The tree's shape by node id: each node's first child and child count
/// (children have consecutive ids), its action's name, who moves there (a
/// string of `1` for MAX and `0` for MIN) and, for a leaf, its value.
pub fn shape<G: Game>(game: &G, tree: &Tree<'_, G>) -> Value {
    let mut first = vec![0u32; tree.len];
    let mut count = vec![0usize; tree.len];
    let mut action = vec![String::new(); tree.len];
    let mut max = vec![b'0'; tree.len];
    let mut leaf = vec![None; tree.len];
    tree.root.for_each(&mut |n| {
        let id = n.id() as usize;
        let children = n.children();
        first[id] = children.first().map_or(0, |c| c.id());
        count[id] = children.len();
        action[id] = n.action.map(|a| game.format_action(a)).unwrap_or_default();
        if n.maximising() {
            max[id] = b'1';
        }
        if n.is_leaf() {
            leaf[id] = Some(n.value());
        }
    });
    json!({
        "root": tree.root.id(),
        "first": first,
        "count": count,
        "action": action,
        "max": String::from_utf8(max).unwrap_or_default(),
        "leaf": leaf,
    })
}

/// One order's search by node id: `children`, each node's children as
/// positions in the order taken, all concatenated; `value`, what each visited
/// node returned (`null` where the search never came); `bound`, one character
/// a node: `=` exact, `>` at least the value, `<` at most it, `.` not visited.
pub fn searched(v: &Visits) -> Value {
    let children: Vec<u16> = v.children.iter().flatten().copied().collect();
    let value: Vec<Option<i32>> = v.result.iter().map(|r| r.map(|(value, _)| value)).collect();
    let bound: String = v
        .result
        .iter()
        .map(|r| match r {
            None => '.',
            Some((_, Bound::Exact)) => '=',
            Some((_, Bound::Lower)) => '>',
            Some((_, Bound::Upper)) => '<',
        })
        .collect();
    json!({"children": children, "value": value, "bound": bound})
}
