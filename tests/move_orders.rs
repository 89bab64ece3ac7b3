//! `--compare-orders`: alpha-beta's work under each move order, checked by
//! hand on AIMA 5.2 and against Knuth and Moore's minimal tree on uniform
//! trees with distinct leaves.

use std::process::Command;

use gametree::game::prelude::*;
use gametree::games::tree::TextbookTree;
use gametree::limits::Limits;
use gametree::search::alphabeta::Pruning;
use gametree::search::orders::{Count, Order, compare};
use gametree::tree::{Tree, TreeArena};

const BIN: &str = env!("CARGO_BIN_EXE_gametree");

fn counts(text: &str, rule: Pruning) -> gametree::search::orders::Comparison {
    let game = TextbookTree::default();
    let pos = game.parse_position(text).unwrap();
    let mut arena = TreeArena::new();
    let depth = game.default_depth();
    let tree = Tree::build(&mut arena, &game, pos, depth, &Limits::default()).unwrap();
    compare(&game, &tree, rule, gametree::export::orders::keep(tree.len))
}

fn of(c: &gametree::search::orders::Comparison, order: Order) -> Count {
    c.orders.iter().find(|(o, _)| *o == order).unwrap().1
}

#[test]
fn aima_5_2_under_each_order_as_worked_by_hand() {
    let c = counts("((3 12 8) (2 4 6) (14 5 2))", Pruning::OnTies);
    assert_eq!(c.minimax, Count { nodes: 13, leaves: 9, cutoffs: 0 });
    // B's three leaves, then C and D cut after one leaf each (C's 2 first is
    // the book's order already for C).
    assert_eq!(of(&c, Order::Natural), Count { nodes: 11, leaves: 7, cutoffs: 1 });
    assert_eq!(of(&c, Order::BestFirst), Count { nodes: 9, leaves: 5, cutoffs: 2 });
    // C (2), D (2), B (3), each from its worst leaf for MIN: nothing is cut
    // before a last child.
    assert_eq!(of(&c, Order::WorstFirst), Count { nodes: 13, leaves: 9, cutoffs: 0 });
    assert_eq!(of(&c, Order::Engine), of(&c, Order::Natural), "textbook trees keep their order");
    assert_eq!(c.minimal_tree, Some((3, 2, 5)));
    assert_eq!(counts("((3 12) (2))", Pruning::OnTies).minimal_tree, None, "not uniform");
}

/// A uniform tree of branching `b` and depth `d` whose leaves are a shuffled
/// 0..b^d: all distinct.
fn uniform(b: usize, d: u32, seed: u64) -> String {
    let n = b.pow(d);
    let mut leaves: Vec<usize> = (0..n).collect();
    let mut s = seed;
    for i in (1..n).rev() {
        s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        leaves.swap(i, (s >> 33) as usize % (i + 1));
    }
    let mut text: Vec<String> = leaves.iter().map(|v| v.to_string()).collect();
    for _ in 0..d {
        text = text.chunks(b).map(|c| format!("({})", c.join(" "))).collect();
    }
    text.concat()
}

#[test]
fn perfect_ordering_evaluates_exactly_the_minimal_tree() {
    for (b, d) in [(2, 3), (3, 3), (3, 4), (4, 3), (2, 6), (5, 2)] {
        for seed in 0..20 {
            let text = uniform(b, d, seed);
            for rule in [Pruning::OnTies, Pruning::PastBound] {
                let c = counts(&text, rule);
                let bound = (b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1) as u64;
                assert_eq!(c.minimal_tree.map(|m| m.2), Some(u128::from(bound)));
                assert_eq!(of(&c, Order::BestFirst).leaves, bound, "{text} {rule:?}");
                for (order, n) in &c.orders {
                    assert!(n.leaves >= bound && n.leaves <= c.minimax.leaves, "{order:?} {text}");
                }
            }
        }
    }
}

#[test]
fn the_table_and_the_json_carry_the_counts() {
    let t = "((3 12 8) (2 4 6) (14 5 2))";
    let out =
        Command::new(BIN).args(["analyse", "tree", "--position", t, "--compare-orders"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("best-first              9            5         2"), "{text}");
    assert!(text.contains("= 5 leaves"), "{text}");
    let out = Command::new(BIN)
        .args(["analyse", "tree", "--position", t, "--compare-orders", "--no-prune-on-ties", "--json", "-"])
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let orders = &doc["move_orders"];
    assert_eq!(orders["pruning"], "no-prune-on-ties");
    assert_eq!(orders["minimax"]["leaves"], 9);
    assert_eq!(orders["alphabeta"]["natural"]["leaves"], 7);
    assert_eq!(orders["minimal_tree_leaves"], 5);
    // Any game: tic-tac-toe's engine order is its natural one.
    let out = Command::new(BIN)
        .args(["analyse", "tictactoe", "--depth", "4", "--compare-orders", "--json", "-"])
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["move_orders"]["alphabeta"]["engine"], doc["move_orders"]["alphabeta"]["natural"]);
    assert!(doc["move_orders"]["minimal_tree_leaves"].is_null());
}
