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
    // The tree's own controls (expand, reset, compact, zoom, find) are
    // switched off and out of sight while the iterations have the tree's
    // area, and so is the panel's button (the view has no panel): the
    // toolbar is the modes alone. All are back with the tree.
    let tree_controls = "return ['expand-all', 'collapse-all', 'compact', 'zoom-out', 'zoom-fit', 'zoom-in', 'find']\
        .map(id => document.getElementById(id).disabled)";
    assert_eq!(b.run(tree_controls), serde_json::Value::from(vec![true; 7]));
    assert_eq!(b.toolbar_shown(), serde_json::Value::from(Vec::<String>::new()));
    b.click("#mode-explore");
    assert_eq!(b.run(tree_controls), serde_json::Value::from(vec![false; 7]));
    let all =
        ["expand-all", "collapse-all", "compact", "zoom-out", "zoom-fit", "zoom-in", "panel-toggle", "find"];
    assert_eq!(b.toolbar_shown(), serde_json::Value::from(all.to_vec()));
    b.click("#mode-deepening");
    assert_eq!(b.run(tree_controls), serde_json::Value::from(vec![true; 7]));
    assert_eq!(b.toolbar_shown(), serde_json::Value::from(Vec::<String>::new()));
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
/// drawing it whole; at 1366x768 each iteration still draws what it searched,
/// open along its line of best play: the nodes on the line show every child
/// (unsearched ones as one grey "+k not searched" box), the others say under
/// them how many nodes they searched ("+k"), and clicking one opens the line
/// to it. Readable as the small trees are: 16 px or more, every move named,
/// no text over another, nothing out of sight either way. (Drawn whole, the
/// fifth iteration was 45,000 px wide without a move named; before that, a
/// note and an empty area.)
#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn a_game_over_the_limit_draws_each_iteration_open_along_its_line_at_1366x768() {
    let dir = support::Scratch::new("deepening-big");
    let (doc, page) =
        deepened_page(&dir, "checkers5.html", &["checkers", "--position", CHECKERS, "--depth", "5"]);
    let its = doc["deepening"]["iterations"].as_array().unwrap().clone();
    let b = on_a_projector(&page);
    assert_eq!(b.console_errors(), Vec::<String>::new());
    let shots = std::env::var_os("GAMETREE_SHOTS");
    // The tree's size grouped as the rest of the page writes it (29,269).
    let size = doc["node_count"].as_u64().unwrap().to_string();
    let grouped: Vec<String> =
        size.as_bytes().rchunks(3).rev().map(|c| String::from_utf8_lossy(c).into()).collect();
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
        assert!(part[1].as_u64().unwrap() <= 400, "{said}: more than the cap kept");
        trimmed += usize::from(part[2].is_number());
        let told = b.text("#view-deepening aside .said");
        assert!(
            told.contains(&format!("{} nodes searched of the tree's {}", it["nodes"], grouped.join(","))),
            "{said}: {told}"
        );
        assert!(told.contains("Click a node"), "{said}: {told}");
        // The line drawn open is the iteration's line of best play, to its
        // end (below the levels kept too): every move of it named on the
        // drawing, each open node's children drawn, the rest closed.
        let line: Vec<String> = it["principal_variation"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        let open = opened(&b);
        assert_eq!(open[1..], line[..], "{said}: the line drawn open");
        // Its moves are red, as the banner's line.
        let red = "return [...document.querySelectorAll('#view-deepening .drawing .node.open .act')] \
            .map(t => getComputedStyle(t).fill)";
        let fills = b.run(red);
        assert!(
            !fills.as_array().unwrap().is_empty()
                && fills.as_array().unwrap().iter().all(|f| f == "rgb(204, 0, 0)"),
            "{said}: the line of best play's moves {fills}"
        );
        // The banner over the page is this iteration's: its decision and
        // its line, not the whole tree's.
        assert_eq!(b.text("#banner #line"), line.join(" "), "{said}: the banner's line");
        assert_eq!(b.text("#banner #decision"), it["decision"].as_str().unwrap(), "{said}");
        assert!(b.text("#banner").starts_with(&format!("depth {depth}:")), "{said}: {}", b.text("#banner"));
        closed_nodes_say_what_they_searched(&b, k, &said);
        let seen = look(&b, "#view-deepening");
        if let Some(dir) = &shots {
            b.screenshot(&std::path::Path::new(dir).join(format!("checkers5-iteration-{depth}.png")));
        }
        let said = format!("{said}: {seen}");
        eprintln!("{said}");
        reads_whole(&b, &seen, &said);
    }
    // The last iteration searched 593 nodes: more than the page keeps.
    assert!(trimmed > 0, "no iteration over the cap");
    // Its line goes to B5-C4 after B5-A4 came back with the same value: the
    // page says why wherever the line does so, and each time it is so.
    let ties = b.run(&format!(
        r#"const P = window.gametree.data('deepening').searched[{}], t = P.tree, wrong = [];
        const said = [...document.querySelectorAll('#view-deepening .tie b')];
        const node = (a) => [...document.querySelectorAll(`#view-deepening .node.seen[data-action="${{a}}"]`)]
          .map(e => Number(e.dataset.id));
        const siblings = (x, y) => t.first.some((f, p) => t.count[p] > 0 && x >= f && x < f + t.count[p] && y >= f && y < f + t.count[p]);
        for (const b of said) {{
          const text = b.parentNode.textContent;
          const m = text.slice(text.indexOf(b.textContent)).match(/^(\S+) takes the line from (\S+), searched before it with the same value/);
          if (!m) {{ wrong.push('unreadable: ' + b.textContent); continue; }}
          // Siblings, the one taking the line drawn after the other, first in
          // the game's order, with the same exact value.
          const ok = node(m[1]).some(x => node(m[2]).some(y => siblings(x, y) && y < x && P.id[x] < P.id[y]
            && P.value[x] === P.value[y] && P.bound[x] === '=' && P.bound[y] === '='));
          if (!ok) wrong.push(m[0]);
        }}
        return [said.length, wrong]"#,
        its.len() - 1
    ));
    // The chart, a third smaller beside the figures, takes the drawing's room
    // at a click: every word of it 16 px or more, all of it in sight.
    b.click("#chart-large");
    let chart = b.run(
        "const svg = document.querySelector('#view-deepening .drawing .chart-large svg'); \
         const scale = svg.getScreenCTM().a; \
         const px = [...svg.querySelectorAll('text')].map(t => Number(t.getAttribute('font-size')) * scale); \
         const r = svg.getBoundingClientRect(), box = svg.closest('.drawing'); \
         return [Math.min(...px), r.bottom <= innerHeight && r.right <= innerWidth && box.scrollHeight <= box.clientHeight, \
           document.querySelectorAll('#view-deepening .drawing .node').length]",
    );
    if let Some(dir) = &shots {
        b.screenshot(&std::path::Path::new(dir).join("checkers5-chart.png"));
    }
    assert!(chart[0].as_f64().unwrap() >= 16.0, "the chart's smallest words: {chart}");
    assert_eq!(chart[1], true, "the chart out of sight: {chart}");
    assert_eq!(chart[2], 0, "the tree drawn with the chart: {chart}");
    b.press("c");
    assert!(b.count("#view-deepening .drawing .node") > 0, "c did not bring the tree back");
    assert!(ties[0].as_u64().unwrap() > 0, "no tie said at depth 5: {ties}");
    assert_eq!(ties[1], serde_json::Value::from(Vec::<String>::new()), "ties said wrongly");
    // A click on a closed node of the last iteration opens the line to it:
    // its children drawn, the line it was beside closed.
    let other = b.run(
        "const n = [...document.querySelectorAll('#view-deepening .node.closed')].find(n => n.dataset.action && n.dataset.id !== '0'); \
         return [n.dataset.id, n.dataset.action]",
    );
    let (id, action) = (other[0].as_str().unwrap().to_string(), other[1].as_str().unwrap().to_string());
    let before = opened(&b);
    b.click(&format!("#view-deepening .node[data-id=\"{id}\"]"));
    let after = opened(&b);
    assert_eq!(after.last(), Some(&action), "the line opened to {action}: {after:?}");
    // A line clicked open is not the line of best play: not red.
    assert_eq!(b.count("#view-deepening .drawing .node.open.best"), 0);
    assert_ne!(after, before);
    let children = b.run(&format!(
        "const p = window.gametree.data('deepening').searched[{}]; return p.tree.count[{id}]",
        its.len() - 1
    ));
    assert!(children.as_u64().unwrap() > 0);
    assert!(
        b.count(&format!("#view-deepening .node[data-id=\"{id}\"].closed")) == 0,
        "{action} still closed after a click"
    );
    closed_nodes_say_what_they_searched(&b, its.len() - 1, &format!("after opening {action}"));
    let seen = look(&b, "#view-deepening");
    reads_whole(&b, &seen, &format!("after opening {action}: {seen}"));
    // The way back to the line of best play is said where the figures are,
    // and takes one click; the chosen iteration's tab does the same.
    assert!(b.text("#view-deepening aside .said").contains("back to the line of best play"));
    b.click("#best-line");
    assert_eq!(opened(&b), before, "the line of best play again");
    assert!(!b.text("#view-deepening aside .said").contains("back to the line of best play"));
    b.click(&format!("#view-deepening .node[data-id=\"{id}\"]"));
    b.click(&format!("#iteration-{}", its.len()));
    assert_eq!(opened(&b), before, "the chosen tab opens the line of best play again");
    // The keyboard opens a line too: a closed node is a button named by its
    // moves from the root, Tab reaches it, Enter opens the line to it, and
    // the focus stays on it.
    let node = format!("#view-deepening .node[data-id=\"{id}\"]");
    assert_eq!(b.run(&format!("return document.querySelector('{node}').getAttribute('role')")), "button");
    let label = b.run(&format!("return document.querySelector('{node}').getAttribute('aria-label')"));
    assert!(label.as_str().unwrap().contains(&format!("{action}: open the line to it")), "{label}");
    b.run(&format!(
        "const all = [...document.querySelectorAll('#view-deepening [tabindex]')]; \
         all[all.indexOf(document.querySelector('{node}')) - 1].focus()"
    ));
    b.press("\u{E004}");
    assert_eq!(b.run("return document.activeElement.dataset.id"), id.as_str(), "Tab to the node");
    b.press("\u{E007}");
    assert_eq!(opened(&b).last(), Some(&action), "Enter opened the line to {action}");
    assert_eq!(b.run("return document.activeElement.dataset.id"), id.as_str(), "the focus kept");
    if let Some(dir) = &shots {
        b.screenshot(&std::path::Path::new(dir).join("checkers5-opened-by-keyboard.png"));
    }
    // And b goes back to the line of best play without a Tab.
    b.press("b");
    assert_eq!(opened(&b), before, "b opened the line of best play again");
    // Back in the explorer, the banner is the whole tree's again.
    b.click("#deepening-close");
    let tree_line: Vec<&str> =
        doc["principal_variation"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    assert_eq!(b.text("#banner #line"), tree_line.join(" "));
    assert!(!b.text("#banner").starts_with("depth"), "{}", b.text("#banner"));
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// The moves along the line drawn open, from the root (whose move is
/// empty), in order of depth.
fn opened(b: &Browser) -> Vec<String> {
    let v = b.run(
        "return [...document.querySelectorAll('#view-deepening .drawing .node.open')] \
           .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top) \
           .map(n => n.dataset.action || '')",
    );
    v.as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect()
}

/// Every closed node that searched below it says how many nodes, as its
/// iteration's figures have them; every grey box is "+k not searched".
fn closed_nodes_say_what_they_searched(b: &Browser, k: usize, said: &str) {
    let closed = b.run(&format!(
        "const p = window.gametree.data('deepening').searched[{k}]; \
         return [...document.querySelectorAll('#view-deepening .node.closed')].map(n => \
           [n.querySelector('.searched-below').textContent.trim(), '+' + p.below[+n.dataset.id].toLocaleString('en')])"
    ));
    for pair in closed.as_array().unwrap() {
        assert_eq!(pair[0], pair[1], "{said}: a closed node's count");
    }
    let greys = b.run(
        "return [...document.querySelectorAll('#view-deepening .node.unseen text')].map(t => t.textContent)",
    );
    for g in greys.as_array().unwrap() {
        let g = g.as_str().unwrap();
        assert!(g.starts_with('+') && g.ends_with(" not searched"), "{said}: {g}");
    }
}

/// The drawing as [`look`] saw it reads from the back of the room: 16 px or
/// more, every move named, no text over another, nothing cut off, no scroll
/// either way.
fn reads_whole(b: &Browser, seen: &serde_json::Value, said: &str) {
    assert!(seen["font"].as_f64().unwrap() >= 16.0, "{said}: text under 16 px");
    assert_eq!(seen["overlaps"], serde_json::json!([]), "{said}: texts over each other");
    assert_eq!(seen["clipped"], serde_json::json!(0), "{said}: the tree cut off on the left");
    assert_eq!(seen["scrolls"], serde_json::json!([false, false]), "{said}: the tree scrolls");
    assert_eq!(
        b.run("return document.querySelector('#view-deepening .drawing svg').dataset.moves"),
        "all",
        "{said}"
    );
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

/// Checkers from the start to depth 6, open along its line: seven levels,
/// which scrolled down at 22 px at 1366x768, so that a class never saw the
/// last rows with the root. At 1366x768 and 1280x720 it is seen whole, at
/// 12 px or more, no text over another or out of sight; the tabs one line
/// each, all in one row and all in sight.
#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn checkers_to_depth_6_is_seen_whole_on_a_laptop_and_a_projector() {
    let dir = support::Scratch::new("deepening-fit");
    // (The page alone: the JSON of its 216,033 nodes is over --max-bytes.)
    let html = dir.join("checkers6.html");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["analyse", "checkers", "--depth", "6", "--search", "deepening", "--html"])
        .arg(&html)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let page = format!("file://{}", html.display());
    let b = Browser::start();
    let shots = std::env::var_os("GAMETREE_SHOTS");
    for (w, h) in [(1366, 768), (1280, 720)] {
        b.set_viewport(w, h);
        b.open(&page);
        assert_eq!(b.run("return document.body.dataset.mode"), "deepening");
        if let Some(dir) = &shots {
            b.screenshot(&std::path::Path::new(dir).join(format!("iterations-checkers-6-{w}x{h}.png")));
        }
        let seen = look(&b, "#view-deepening");
        let said = format!("checkers depth 6 at {w}x{h}: {seen}");
        eprintln!("{said}");
        assert!(seen["font"].as_f64().unwrap() >= 12.0, "{said}: text under 12 px");
        assert_eq!(seen["overlaps"], serde_json::json!([]), "{said}: texts over each other");
        assert_eq!(seen["outside"], serde_json::json!([]), "{said}: texts out of sight");
        assert_eq!(seen["scrolls"], serde_json::json!([false, false]), "{said}: [across, down]");
        assert_eq!(
            b.run("return document.querySelector('#view-deepening .drawing svg').dataset.moves"),
            "all"
        );
        assert_eq!(b.count("#view-deepening [role=tab]"), 6, "an iteration to each depth");
        // The tabs: one line each, one row, every one in sight.
        let tabs = b.run(
            "const list = document.querySelector('#view-deepening [role=tablist]'), l = list.getBoundingClientRect(); \
             const tabs = [...list.querySelectorAll('[role=tab]')].map(t => t.getBoundingClientRect()); \
             const line = parseFloat(getComputedStyle(list.querySelector('[role=tab] b')).lineHeight) || 22; \
             return { rows: new Set(tabs.map(r => Math.round(r.top))).size, \
               tall: Math.max(...tabs.map(r => r.height)) > 2 * line, \
               hidden: tabs.filter(r => r.left < l.left - 0.5 || r.right > l.right + 0.5).length }",
        );
        assert_eq!(tabs, serde_json::json!({ "rows": 1, "tall": false, "hidden": 0 }), "{w}x{h}");
    }
    assert_eq!(b.console_errors(), Vec::<String>::new());
}
