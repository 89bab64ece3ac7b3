//! The move orders' trees on the explorer page (`--compare-orders --html`):
//! the data of the orders view that `explorer/orders.js` draws, one tree per
//! move order with what alpha-beta visited, returned and cut off in it.

use serde_json::{Value, json};

use super::addon::Addon;
use super::small_tree::DRAWN_LIMIT;
use super::small_tree::{searched, shape};
use crate::game::Game;
use crate::search::orders::{Comparison, Count};
use crate::tree::Tree;

/// Whether the move orders' searches of a tree of `len` nodes keep what they
/// did at every node for the page ([`crate::search::orders::compare`]'s
/// `every_node`): a tree of at most [`DRAWN_LIMIT`] nodes is drawn.
pub fn keep(len: usize) -> bool {
    len <= DRAWN_LIMIT
}

/// The orders view of `comparison`, made over `tree`.
pub fn view<G: Game>(game: &G, tree: &Tree<'_, G>, comparison: &Comparison) -> Addon {
    Addon { name: "orders", data: data(game, tree, comparison), module: Some("orders.js") }
}

/// The view's data: the counts of minimax and of each order, the rule, and for
/// a tree of at most [`DRAWN_LIMIT`] nodes its shape (`tree`) and each order's
/// search of it (children in order, values and bounds).
fn data<G: Game>(game: &G, tree: &Tree<'_, G>, c: &Comparison) -> Value {
    let count = |n: &Count| json!({"nodes": n.nodes, "leaves": n.leaves, "cutoffs": n.cutoffs});
    let orders: Vec<Value> = c
        .orders
        .iter()
        .enumerate()
        .map(|(k, (order, n))| {
            let mut o = json!({"name": order.name(), "words": order.words(), "count": count(n)});
            if let Some(v) = c.visits.get(k) {
                o["search"] = searched(v);
            }
            o
        })
        .collect();
    json!({
        "rule": c.rule.name(),
        "rule_words": c.rule.words(),
        "node_count": tree.len,
        "limit": DRAWN_LIMIT,
        "minimax": count(&c.minimax),
        "minimal_tree": c.minimal_tree.map(|(b, d, leaves)| json!({
            "b": b,
            "d": d,
            "leaves": leaves.min(u128::from(u64::MAX)) as u64,
        })),
        "tree": (!c.visits.is_empty()).then(|| shape(game, tree)),
        "orders": orders,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;
    use crate::games::tree::TextbookTree;
    use crate::limits::Limits;
    use crate::search::alphabeta::Pruning;
    use crate::tree::TreeArena;

    #[test]
    fn aima_5_2_natural_order_leaves_c2_and_c3_unvisited() {
        let game = TextbookTree::default();
        let pos =
            game.parse_position("A:(B:(b1:3 b2:12 b3:8) C:(c1:2 c2:4 c3:6) D:(d1:14 d2:5 d3:2))").unwrap();
        let mut arena = TreeArena::new();
        let tree = Tree::build(&mut arena, &game, pos, game.default_depth(), &Limits::default()).unwrap();
        let c = crate::search::orders::compare(&game, &tree, Pruning::OnTies, keep(tree.len));
        let d = data(&game, &tree, &c);
        let shape = &d["tree"];
        let natural = &d["orders"][0];
        assert_eq!(natural["name"], "natural");
        // The book's answer: of the leaves only c2 and c3 are not examined.
        let unvisited: Vec<&str> = (0..tree.len)
            .filter(|&id| natural["search"]["bound"].as_str().unwrap().as_bytes()[id] == b'.')
            .map(|id| shape["action"][id].as_str().unwrap())
            .collect();
        assert_eq!(unvisited, ["c2", "c3"]);
        let root = shape["root"].as_u64().unwrap() as usize;
        assert_eq!(natural["search"]["value"][root], 3);
        // C returns an upper bound: at most 2.
        let c_id = (0..tree.len).find(|&id| shape["action"][id] == "C").unwrap();
        assert_eq!(&natural["search"]["bound"].as_str().unwrap()[c_id..=c_id], "<");
        assert_eq!(shape["max"].as_str().unwrap().as_bytes()[root], b'1');
    }
}
