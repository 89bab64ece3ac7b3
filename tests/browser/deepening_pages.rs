//! Iterative deepening's page in Chromium: stepping from iteration to
//! iteration, table cut-offs marked apart from alpha-beta's (the JSON, the
//! table and the chart are tests/deepening_pages.rs's, in the suite).

use crate::support;

use std::fs;

use support::browser::Browser;

/// Tic-tac-toe with five empty points, x to move: small, and full of
/// transpositions from the third ply on.
const TICTACTOE: &str = "xo.ox.... x";
/// A checkers middle game whose tree to depth 4 (4032 nodes) is drawn, and
/// whose last iteration searches 272 of them.
const CHECKERS: &str = ".w.w.w.w/w.w...../.w.w.w../......w./.....w.b/b.b.b.../.b.b.b.b/b.b.b... b";

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_explorer_steps_through_the_iterations_and_marks_table_cutoffs_apart() {
    let dir = support::Scratch::new("deepening-page");
    let html = dir.join("tree.html");
    let (doc, _) = support::written::deepened(
        &dir,
        &["tictactoe", "--position", TICTACTOE, "--depth", "5"],
        &["--html", html.to_str().unwrap()],
    );
    let its = doc["deepening"]["iterations"].as_array().unwrap().clone();
    let b = Browser::start();
    b.open(&format!("file://{}", html.display()));
    assert_eq!(b.console_errors(), Vec::<String>::new());
    // The page opens on the last iteration, in the tree's area: Iterations is
    // one of the explorer's modes, pressed.
    assert_eq!(b.run("return !document.getElementById('view-deepening').hidden"), true);
    assert_eq!(b.run("return document.querySelector('main').hidden"), true);
    assert_eq!(
        b.run("return document.getElementById('mode-deepening').getAttribute('aria-pressed')"),
        "true"
    );
    assert_eq!(b.text("#toolbar [role=radiogroup] #mode-deepening"), "Iterations");
    // The tree's own controls (expand, reset, compact, zoom, find) are greyed
    // out while the iterations have the tree's area, and back with the tree.
    let tree_controls = "return ['expand-all', 'collapse-all', 'compact', 'zoom-out', 'zoom-fit', 'zoom-in', 'find']\
        .map(id => document.getElementById(id).disabled)";
    assert_eq!(b.run(tree_controls), serde_json::Value::from(vec![true; 7]));
    assert_eq!(b.run("return document.getElementById('panel-toggle').disabled"), false);
    b.click("#mode-explore");
    assert_eq!(b.run(tree_controls), serde_json::Value::from(vec![false; 7]));
    b.click("#mode-deepening");
    assert_eq!(b.run(tree_controls), serde_json::Value::from(vec![true; 7]));
    assert_eq!(b.run("return document.getElementById('view-deepening').dataset.shown"), "5");
    assert_eq!(b.count("#view-deepening [role=tab]"), its.len());
    let mut tables_seen = 0;
    for (k, it) in its.iter().enumerate() {
        b.click(&format!("#iteration-{}", k + 1));
        assert_eq!(
            b.run("return document.getElementById('view-deepening').dataset.shown"),
            (k + 1).to_string()
        );
        // Every node drawn is within the iteration's depth; the visited ones are its count.
        assert_eq!(
            b.count("#view-deepening .node.seen") as u64,
            it["nodes"].as_u64().unwrap(),
            "depth {}",
            k + 1
        );
        let tables = b.count("#view-deepening .node.table");
        let cuts = b.count("#view-deepening .node.cutoff");
        assert_eq!(tables as u64, it["table_cutoffs"].as_u64().unwrap(), "depth {}", k + 1);
        assert_eq!(cuts as u64, it["cutoffs"].as_u64().unwrap(), "depth {}", k + 1);
        // Each kind has its own mark and its own word, not a colour alone.
        assert_eq!(b.count("#view-deepening .node.table .mark[data-kind=table] rect"), tables);
        assert_eq!(b.count("#view-deepening .node.cutoff .mark[data-kind=table]"), 0);
        let words = b.run(
            "return [...document.querySelectorAll('#view-deepening .node .mark .word')].map(e => e.textContent)",
        );
        let words: Vec<&str> = words.as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
        assert_eq!(words.iter().filter(|w| **w == "table").count(), tables);
        assert_eq!(words.iter().filter(|w| **w == "cut").count(), cuts);
        tables_seen += tables;
        let said = b.text("#view-deepening .said");
        assert!(said.contains(&format!("Depth {}", k + 1)), "{said}");
        assert!(said.contains(it["decision"].as_str().unwrap()), "{said}");
    }
    assert!(tables_seen > 0, "tic-tac-toe transposes: some iteration uses the table");
    // The arrow keys step between iterations, as the buttons do.
    b.click("#iteration-1");
    b.press("\u{E014}");
    assert_eq!(b.run("return document.getElementById('view-deepening').dataset.shown"), "2");
    b.click("#iteration-prev");
    assert_eq!(b.run("return document.getElementById('view-deepening').dataset.shown"), "1");
    // The chart is in the page, with its four series.
    assert_eq!(b.count("#view-deepening .chart svg .series"), 4);
    b.set_viewport(1366, 768);
    b.click("#iteration-5");
    b.screenshot(&dir.join("iterations.png"));
    if let Some(keep) = std::env::var_os("GAMETREE_KEEP_SCREENSHOT") {
        fs::copy(dir.join("iterations.png"), keep).unwrap();
    }
    b.click("#deepening-close");
    assert_eq!(b.run("return document.getElementById('view-deepening').hidden"), true);
    assert_eq!(b.run("return document.getElementById('mode-explore').getAttribute('aria-pressed')"), "true");
    assert_eq!(b.run("return document.querySelector('main').hidden"), false);
    // Its mode button opens it again on the iteration chosen; Esc goes back.
    b.click("#mode-deepening");
    assert_eq!(b.run("return document.getElementById('view-deepening').dataset.shown"), "5");
    b.press("\u{E00C}");
    assert_eq!(b.run("return document.getElementById('view-deepening').hidden"), true);
    assert_eq!(b.run("return document.activeElement.id"), "mode-deepening");
    // Step mode says what can be stepped here, and how to step alpha-beta.
    b.click("#mode-step");
    let said = b.text("#step-text");
    assert!(said.contains("press Iterations") && said.contains("--search alphabeta"), "{said}");
    assert!(!said.contains("without the search's events"), "{said}");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// A view's drawn tree (`view`: the view's element) as the room sees it: the
/// least rendered type size of the drawing's texts (type size times the drawing's scale), how many texts
/// there are, which pairs of them overlap, which lie outside the drawing's
/// visible area, how far the drawing's left edge is left of that area's, and
/// whether the area scrolls across and down.
const LOOK: &str = r#"
const box = document.querySelector(view + ' .drawing');
const svg = box.querySelector('svg');
const area = box.getBoundingClientRect();
const inner = { left: area.left + box.clientLeft, top: area.top + box.clientTop };
inner.right = inner.left + box.clientWidth; inner.bottom = inner.top + box.clientHeight;
const texts = [...box.querySelectorAll('svg text')].filter((t) => t.textContent.trim() !== '');
let font = Infinity;
const boxes = texts.map((t) => {
  const m = t.getScreenCTM();
  font = Math.min(font, parseFloat(getComputedStyle(t).fontSize) * (m ? Math.hypot(m.a, m.b) : 1));
  const r = t.getBoundingClientRect();
  return { text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
});
const overlaps = [];
for (let i = 0; i < boxes.length; i++) {
  for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5) {
      overlaps.push(`${a.text} / ${b.text}`);
    }
  }
}
const outside = boxes.filter((r) => r.left < inner.left - 0.5 || r.right > inner.right + 0.5 ||
  r.top < inner.top - 0.5 || r.bottom > inner.bottom + 0.5).map((r) => r.text);
return { n: boxes.length, font: boxes.length ? font : 0, overlaps, outside,
  clipped: Math.max(0, inner.left - svg.getBoundingClientRect().left),
  scrolls: [box.scrollWidth > box.clientWidth, box.scrollHeight > box.clientHeight] };
"#;

/// What [`LOOK`] sees in the view `view` (a CSS selector) as it stands.
pub(crate) fn look(b: &Browser, view: &str) -> serde_json::Value {
    b.run(&format!("return (function (view) {{ {LOOK} }})({})", serde_json::Value::from(view)))
}

/// At 1366x768, as a projector shows it, every iteration of tic-tac-toe's
/// five-empty-square position is drawn whole in its area: every value, move
/// and mark at 16 px or more, none over another, none out of sight, the tree
/// not cut off on the left. (It was 10 px leaf values written over each
/// other, in a tree wider than its area and scrolled to its middle.)
#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn every_iteration_reads_from_the_back_of_the_room_at_1366x768() {
    let dir = support::Scratch::new("deepening-projector");
    let (doc, page) =
        deepened_page(&dir, "tree.html", &["tictactoe", "--position", TICTACTOE, "--depth", "5"]);
    let its = doc["deepening"]["iterations"].as_array().unwrap().len();
    let b = on_a_projector(&page);
    let shots = std::env::var_os("GAMETREE_SHOTS");
    for k in 1..=its {
        b.click(&format!("#iteration-{k}"));
        let seen = look(&b, "#view-deepening");
        if let Some(dir) = &shots {
            b.screenshot(&std::path::Path::new(dir).join(format!("iteration-{k}.png")));
        }
        let said = format!("depth {k}: {seen}");
        eprintln!("{said}");
        // Every searched node has its value written; the marks add to them.
        assert!(seen["n"].as_u64().unwrap() as usize >= b.count("#view-deepening .node.seen"), "{said}");
        assert!(seen["font"].as_f64().unwrap() >= 16.0, "{said}: text under 16 px");
        assert_eq!(seen["overlaps"], serde_json::json!([]), "{said}: texts over each other");
        assert_eq!(seen["outside"], serde_json::json!([]), "{said}: texts out of sight");
        assert_eq!(seen["clipped"], serde_json::json!(0), "{said}: the tree cut off on the left");
        // Thirty nodes fit the area whole: nothing to scroll to.
        assert_eq!(seen["scrolls"], serde_json::json!([false, false]), "{said}: [across, down]");
    }
    // Checkers' 272 nodes at depth 4 cannot fit at 16 px: the tree scrolls
    // across, still at 16 px and with no text over another, and opens at
    // its left with the root in sight (each node over its first child, the
    // line searched first).
    let (_, page) =
        deepened_page(&dir, "checkers.html", &["checkers", "--position", CHECKERS, "--depth", "4"]);
    b.open(&page);
    let seen = look(&b, "#view-deepening");
    if let Some(dir) = &shots {
        b.screenshot(&std::path::Path::new(dir).join("iteration-checkers-4.png"));
    }
    let said = format!("checkers depth 4: {seen}");
    eprintln!("{said}");
    assert!(seen["font"].as_f64().unwrap() >= 16.0, "{said}: text under 16 px");
    assert_eq!(seen["overlaps"], serde_json::json!([]), "{said}: texts over each other");
    assert_eq!(seen["clipped"], serde_json::json!(0), "{said}: the tree cut off on the left");
    assert_eq!(seen["scrolls"][0], true, "{said}: a tree this wide scrolls across");
    // The figures beside: at 16 px or more, as wide as their side, each
    // move of a line whole on one line (A6-B5 broke at its hyphen).
    let figures = b.run(
        "const a = document.querySelector('#view-deepening aside'); \
         const cells = [...a.querySelectorAll('table th, table td')]; \
         return { font: Math.min(...cells.map(c => parseFloat(getComputedStyle(c).fontSize))), \
           across: a.scrollWidth - a.clientWidth, \
           broken: [...a.querySelectorAll('td.line span')].filter(s => s.getClientRects().length > 1).map(s => s.textContent), \
           moves: a.querySelectorAll('td.line span').length }",
    );
    eprintln!("checkers figures: {figures}");
    assert!(figures["font"].as_f64().unwrap() >= 16.0, "figures under 16 px: {figures}");
    assert_eq!(figures["across"], 0, "the figures wider than their side: {figures}");
    assert_eq!(figures["moves"], 1 + 2 + 3 + 4, "each iteration's line: {figures}");
    assert_eq!(figures["broken"], serde_json::json!([]), "a move broken across lines: {figures}");
    let root_in_sight = b.run(
        "const d = document.querySelector('#view-deepening .drawing'), a = d.getBoundingClientRect(); \
         const r = d.querySelector('.node[data-id=\"0\"]').getBoundingClientRect(); \
         return r.left >= a.left && r.right <= a.left + d.clientWidth && r.top >= a.top && r.bottom <= a.top + d.clientHeight",
    );
    assert_eq!(root_in_sight, true, "{said}: the root out of sight");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// The course's game at depth 5 is a tree of 29,269 nodes, over the limit for
/// drawing it whole; at 1366x768 each iteration still draws what it searched
/// (its visited nodes, each one's unsearched children as one grey "+k not
/// searched" box), readable as the small trees are: 16 px or more, no text
/// over another, not cut off on the left, the root in sight. An iteration
/// that searched more than the page keeps is drawn to its top levels and says
/// so. (It was a note and an empty area in every iteration.)
#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn a_game_over_the_limit_draws_what_each_iteration_searched_at_1366x768() {
    let dir = support::Scratch::new("deepening-big");
    let (doc, page) =
        deepened_page(&dir, "checkers5.html", &["checkers", "--position", CHECKERS, "--depth", "5"]);
    let its = doc["deepening"]["iterations"].as_array().unwrap().clone();
    let b = on_a_projector(&page);
    assert_eq!(b.console_errors(), Vec::<String>::new());
    let shots = std::env::var_os("GAMETREE_SHOTS");
    let mut trimmed = 0;
    for (k, it) in its.iter().enumerate() {
        let depth = k + 1;
        b.click(&format!("#iteration-{depth}"));
        assert_eq!(b.count("#view-deepening .drawing svg"), 1, "depth {depth}: no tree drawn");
        let part = b.run(&format!(
            "const p = window.gametree.data('deepening').searched[{k}]; return [p.visited, p.drawn, p.levels]"
        ));
        let said = format!("checkers depth 5, iteration {depth}: {part}");
        // What the page says it drew is what the iteration searched.
        assert_eq!(part[0].as_u64(), it["nodes"].as_u64(), "{said}");
        let drawn = part[1].as_u64().unwrap();
        assert_eq!(b.count("#view-deepening .node.seen") as u64, drawn, "{said}");
        assert!(drawn <= 400, "{said}: more than the cap drawn");
        let note = b.text("#view-deepening .drawing .part");
        // The tree's size grouped as the rest of the page writes it (29,269).
        let size = doc["node_count"].as_u64().unwrap().to_string();
        let grouped: Vec<String> =
            size.as_bytes().rchunks(3).rev().map(|c| String::from_utf8_lossy(c).into()).collect();
        assert!(note.starts_with(&format!("Of this tree's {} nodes", grouped.join(","))), "{said}: {note}");
        if part[2].is_null() {
            assert_eq!(drawn, part[0].as_u64().unwrap(), "{said}");
            assert_eq!(
                b.count("#view-deepening .node.table") as u64,
                it["table_cutoffs"].as_u64().unwrap(),
                "{said}"
            );
            assert_eq!(
                b.count("#view-deepening .node.cutoff") as u64,
                it["cutoffs"].as_u64().unwrap(),
                "{said}"
            );
            assert!(note.contains(&format!("visited {drawn}, all drawn")), "{said}: {note}");
        } else {
            trimmed += 1;
            assert!(
                note.contains(&format!(
                    "visited {}: drawn are its top {} levels, {drawn} nodes",
                    part[0], part[2]
                )),
                "{said}: {note}"
            );
        }
        // Each grey box stands for several children and says how many.
        let greys = b.run(
            "return [...document.querySelectorAll('#view-deepening .node.unseen text')].map(t => t.textContent)",
        );
        for g in greys.as_array().unwrap() {
            let g = g.as_str().unwrap();
            assert!(
                g.starts_with('+') && (g.ends_with(" not searched") || g.ends_with(" searched, not drawn")),
                "{said}: {g}"
            );
        }
        if it["cutoffs"].as_u64().unwrap() > 0 {
            assert!(!greys.as_array().unwrap().is_empty(), "{said}: cut-offs and no grey box");
        }
        // What was searched below the levels drawn is not drawn as what was
        // never searched: its box solid, the edge to it solid, as searched ones.
        let below = b.run(
            "const d = document.querySelector('#view-deepening .drawing');              const boxes = [...d.querySelectorAll('.node.unseen')].filter(n => n.textContent.endsWith(' searched, not drawn'));              const lines = [...d.querySelectorAll('line')];              return boxes.map(n => { const r = n.querySelector('rect'), b = r.getBBox();                const x = b.x + b.width / 2, into = lines.find(l => Math.abs(+l.getAttribute('x2') - x) < 0.5 && +l.getAttribute('y2') <= b.y + 0.5 && +l.getAttribute('y2') > b.y - 40);                return [getComputedStyle(r).strokeDasharray, into ? into.getAttribute('class') : null]; })",
        );
        for (dash, edge) in below.as_array().unwrap().iter().map(|v| (&v[0], &v[1])) {
            assert_eq!(dash, "none", "{said}: a dashed box for nodes that were searched");
            assert_eq!(edge, "e-seen", "{said}: a dashed edge to nodes that were searched");
        }
        if part[2].is_number() {
            assert!(!below.as_array().unwrap().is_empty(), "{said}: levels left out and no box says so");
        }
        let seen = look(&b, "#view-deepening");
        if let Some(dir) = &shots {
            b.screenshot(&std::path::Path::new(dir).join(format!("checkers5-iteration-{depth}.png")));
        }
        let said = format!("{said}: {seen}");
        eprintln!("{said}");
        assert!(seen["font"].as_f64().unwrap() >= 16.0, "{said}: text under 16 px");
        assert_eq!(seen["overlaps"], serde_json::json!([]), "{said}: texts over each other");
        assert_eq!(seen["clipped"], serde_json::json!(0), "{said}: the tree cut off on the left");
        let root_in_sight = b.run(
            "const d = document.querySelector('#view-deepening .drawing'), a = d.getBoundingClientRect(); \
             const r = d.querySelector('.node[data-id=\"0\"]').getBoundingClientRect(); \
             return r.left >= a.left && r.right <= a.left + d.clientWidth && r.top >= a.top && r.bottom <= a.top + d.clientHeight",
        );
        assert_eq!(root_in_sight, true, "{said}: the root out of sight");
        // Every row in sight without scrolling down: the last one, the grey
        // boxes, too (1.5 px: the half of a box's outline that is drawn
        // outside it).
        let rows_in_sight = b.run(
            "const d = document.querySelector('#view-deepening .drawing'), a = d.getBoundingClientRect(); \
             const low = Math.max(...[...d.querySelectorAll('.node')].map(n => n.getBoundingClientRect().bottom)); \
             return low <= a.top + d.clientHeight + 1.5",
        );
        assert_eq!(rows_in_sight, true, "{said}: the last row out of sight");
    }
    // The last iteration searched 593 nodes: more than the page keeps.
    assert!(trimmed > 0, "no iteration over the cap");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// `analyse ARGS --search deepening` with its page written to `file` in
/// `dir`: the JSON, and the page's address.
fn deepened_page(dir: &support::Scratch, file: &str, args: &[&str]) -> (serde_json::Value, String) {
    let html = dir.join(file);
    let (doc, _) = support::written::deepened(dir, args, &["--html", html.to_str().unwrap()]);
    (doc, format!("file://{}", html.display()))
}

/// Chromium at 1366x768, as a classroom projector shows a page, opened on `page`.
fn on_a_projector(page: &str) -> Browser {
    let b = Browser::start();
    b.set_viewport(1366, 768);
    b.open(page);
    b
}
