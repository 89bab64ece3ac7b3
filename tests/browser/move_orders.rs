//! The move orders' view in Chromium (the counts themselves are
//! tests/move_orders.rs's, in the suite).

use crate::support;

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");

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

/// A 40-node tree (three levels of three, 27 leaves) in each order at
/// 1366x768, as a projector shows it: drawn whole in the view's area, every
/// value and move at 16 px or more and none over another. (Its 27 leaves
/// had equal slots of the width and 12 px type, and its two-digit values
/// ran over the triangles' sides.)
#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn a_27_leaf_tree_reads_whole_from_the_back_of_the_room_in_every_order() {
    let dir = crate::support::Scratch::new("orders-projector");
    let html = dir.join("orders.html");
    let tree = "(((3 17 6) (12 2 9) (14 5 1)) ((8 20 4) (0 11 16) (7 13 2)) ((19 6 10) (3 15 8) (1 18 5)))";
    let out = Command::new(BIN)
        .args(["analyse", "tree", "--position", tree, "--compare-orders", "--html"])
        .arg(&html)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let b = support::browser::Browser::start();
    b.set_viewport(1366, 768);
    b.open(&format!("file://{}", html.display()));
    for order in ["natural", "best-first", "worst-first", "engine"] {
        b.click(&format!("#order-{order}"));
        let seen = crate::deepening_pages::look(&b, "#view-orders");
        if let Some(dir) = std::env::var_os("GAMETREE_SHOTS") {
            b.screenshot(&std::path::Path::new(&dir).join(format!("orders-27-{order}.png")));
        }
        let said = format!("{order}: {seen}");
        eprintln!("{said}");
        // The 39 moves, and a value for every node visited.
        assert!(seen["n"].as_u64().unwrap() as usize >= 39 + b.count("#view-orders .node.seen"), "{said}");
        assert!(seen["font"].as_f64().unwrap() >= 16.0, "{said}: text under 16 px");
        assert_eq!(seen["overlaps"], serde_json::json!([]), "{said}: texts over each other");
        assert_eq!(seen["outside"], serde_json::json!([]), "{said}: texts out of sight");
        assert_eq!(seen["scrolls"], serde_json::json!([false, false]), "{said}: [across, down]");
        // A value in a triangle stays inside it: the text's box is within the shape's.
        let spill = b.run(
            "return [...document.querySelectorAll('#view-orders .node:not(.leaf)')].filter((g) => { \
               const s = g.querySelector('polygon').getBoundingClientRect(), t = g.querySelector('text:not(.act)'); \
               if (!t || !t.textContent) return false; const r = t.getBoundingClientRect(); \
               const inside = r.left >= s.left && r.right <= s.right && r.top >= s.top && r.bottom <= s.bottom; \
               const below = r.top >= s.bottom - 0.5; return !inside && !below; }).length",
        );
        assert_eq!(spill, 0, "{said}: a value across its triangle's side");
    }
    assert!(b.console_errors().is_empty(), "{:?}", b.console_errors());
}
