//! `--compare-orders`: alpha-beta's work under each move order, checked by
//! hand on AIMA 5.2 and against Knuth and Moore's minimal tree on uniform
//! trees with distinct leaves.

use crate::support;

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
    compare(&game, &tree, rule)
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

/// The page's orders view in a real headless Chromium: each order's tab shows
/// its tree, with the nodes it never visited greyed. The unvisited leaves are
/// worked by hand on AIMA 5.2 (natural: the book's c2 and c3; best-first: MIN
/// takes C's 2 and D's 2 first, so c2, c3, d1 and d2 are skipped; worst-first
/// cuts nothing before a last child).
#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_explorer_draws_each_orders_tree_with_its_unvisited_nodes() {
    let dir = crate::support::Scratch::new("orders-view");
    let html = dir.join("orders.html");
    let out = Command::new(BIN)
        .args([
            "analyse",
            "tree",
            "--position",
            "A:(B:(b1:3 b2:12 b3:8) C:(c1:2 c2:4 c3:6) D:(d1:14 d2:5 d3:2))",
        ])
        .args(["--compare-orders", "--html"])
        .arg(&html)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let b = support::browser::Browser::start();
    b.open(&format!("file://{}", html.display()));
    let unvisited = || {
        let v = b.run(
            "return [...document.querySelectorAll('#view-orders g.unseen')].map(g => g.dataset.action).sort().join(' ')",
        );
        v.as_str().unwrap().to_string()
    };
    // The page asked for the comparison opens on it, in the natural order.
    assert_eq!(b.run("return document.getElementById('view-orders').hidden"), false);
    assert_eq!(unvisited(), "c2 c3");
    assert!(
        b.text("#view-orders .said").contains("11 of 13 nodes visited"),
        "{}",
        b.text("#view-orders .said")
    );
    assert_eq!(b.count("#view-orders line.cut"), 2, "one cut-off, marked by two strokes");
    // The cut's strokes stay clear of the edges' action labels.
    let overlaps = b.run(
        "const boxes = (css) => [...document.querySelectorAll(css)].map(e => e.getBoundingClientRect()); \
         const cuts = boxes('#view-orders line.cut'), acts = boxes('#view-orders text.act'); \
         return acts.length > 0 ? cuts.filter(c => acts.some(a => c.left < a.right && a.left < c.right && \
         c.top < a.bottom && a.top < c.bottom)).length : -1",
    );
    assert_eq!(overlaps, 0, "cut strokes overlapping an action label (-1: no labels drawn)");
    b.click("#order-best-first");
    assert_eq!(unvisited(), "c2 c3 d1 d2");
    assert!(b.text("#order-best-first").contains("9 visited"));
    b.click("#order-worst-first");
    assert_eq!(unvisited(), "");
    // Worst-first takes C (2), D (2) then B (3) at the root: drawn in that order.
    let first = b.run(
        "const xs = {}; for (const g of document.querySelectorAll('#view-orders g.node[data-action]')) \
         xs[g.dataset.action] = g.getBoundingClientRect().x; return xs.C < xs.D && xs.D < xs.B",
    );
    assert_eq!(first, true);
    b.click("#orders-close");
    assert_eq!(b.run("return document.getElementById('view-orders').hidden"), true);
    b.click("#mode-orders");
    assert_eq!(b.run("return document.getElementById('view-orders').dataset.shown"), "worst-first");
    assert!(b.console_errors().is_empty(), "{:?}", b.console_errors());

    // A tree far wider than the screen (branching 3, depth 6: 729 leaves)
    // opens on its root, at 1366x768 as on a projector.
    fn uniform(depth: u32, next: &mut u32) -> String {
        if depth == 0 {
            *next = next.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            return ((*next >> 16) % 199).to_string();
        }
        let children: Vec<String> = (0..3).map(|_| uniform(depth - 1, next)).collect();
        format!("({})", children.join(" "))
    }
    let wide = dir.join("wide.html");
    let out = Command::new(BIN)
        .args(["analyse", "tree", "--position", &uniform(6, &mut 7), "--compare-orders", "--html"])
        .arg(&wide)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    b.set_size(1366, 768);
    b.open(&format!("file://{}", wide.display()));
    let root_in_view = b.run(
        "const d = document.querySelector('#view-orders .drawing'), r = d.querySelector('g.node[data-id=\"0\"]'); \
         const a = d.getBoundingClientRect(), c = r.getBoundingClientRect(); \
         return [d.scrollWidth > d.clientWidth, c.left >= a.left && c.right <= a.right && c.top >= a.top]",
    );
    assert_eq!(
        root_in_view,
        serde_json::json!([true, true]),
        "[the tree is wider than the view, its root is in view]"
    );
    drop(b);
}
