//! The pages as a class meets them, on a projector: every page kind opened
//! at 1280x720, 1366x768 and 1920x1080 CSS px, the rendered size of what a
//! room must read measured in real Chromium (type size times the zoom it is
//! drawn at, and the height of the text's glyph box), and printed. Run with
//! `-- --nocapture` to see the sizes; GAMETREE_SHOTS=DIR keeps a screenshot
//! of each page at 1366x768 to look at.

use crate::support;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use support::browser::Browser;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");
const AIMA: &str = "@fixtures/textbook/aima-5.2.txt";
const WORKED: &str = "......../......../......../......../......../B.w...../.w....../..b..... b";
/// A 40-node exercise tree: three levels of three, 27 leaves.
const LEAVES_27: &str =
    "(((3 17 6) (12 2 9) (14 5 1)) ((8 20 4) (0 11 16) (7 13 2)) ((19 6 10) (3 15 8) (1 18 5)))";
const SIZES: [(u32, u32); 3] = [(1280, 720), (1366, 768), (1920, 1080)];

fn scratch(tag: &str) -> support::Scratch {
    support::Scratch::new(&format!("classroom-{tag}"))
}

/// `gametree ARGS`, which must succeed.
fn gametree(args: &[&str]) {
    let out = Command::new(BIN).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap();
    assert!(out.status.success(), "gametree {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// The explorer page of `analyse ARGS`.
fn page(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let html = dir.join(format!("{name}.html"));
    let mut all = vec!["analyse"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--html", html.to_str().unwrap()]);
    gametree(&all);
    html
}

fn url(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// The least rendered size, in px, of the elements matching `css` that are
/// drawn on screen, two ways: the type size times the element's effective
/// zoom, and the height of its text's glyph box. Also how many there are and
/// how many of them lie outside the viewport.
const MEASURE: &str = r#"
const css = arguments[0];
const els = [...document.querySelectorAll(css)].filter((e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden' && !e.closest('[hidden], [aria-hidden="true"]');
});
let font = Infinity, glyph = Infinity, off = 0;
for (const e of els) {
  const f = parseFloat(getComputedStyle(e).fontSize) * (e.currentCSSZoom || 1);
  let k = 1;
  if (e instanceof SVGElement && e.ownerSVGElement) { const m = e.ownerSVGElement.getScreenCTM(); if (m) k = Math.hypot(m.a, m.b); }
  font = Math.min(font, f * k);
  const range = document.createRange();
  range.selectNodeContents(e);
  const h = e.tagName === 'INPUT' ? e.getBoundingClientRect().height : range.getBoundingClientRect().height;
  glyph = Math.min(glyph, h);
  const r = e.getBoundingClientRect();
  if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) off++;
}
return { n: els.length, font: els.length ? font : 0, glyph: els.length ? glyph : 0, off };
"#;

#[derive(Debug)]
struct Size {
    n: u64,
    font: f64,
    glyph: f64,
    off: u64,
}

fn measure(b: &Browser, css: &str) -> Size {
    let script = format!("return (function () {{ {MEASURE} }})({})", Value::from(css));
    let v = b.run(&script);
    Size {
        n: v["n"].as_u64().unwrap(),
        font: v["font"].as_f64().unwrap(),
        glyph: v["glyph"].as_f64().unwrap(),
        off: v["off"].as_u64().unwrap(),
    }
}

/// Checks that the values (`values`) and windows (`windows`, if any) of the
/// page as it stands are drawn large enough and all on screen, and prints them.
fn readable(b: &Browser, what: &str, (w, h): (u32, u32), values: &str, windows: Option<&str>) {
    let v = measure(b, values);
    let zoom = b.run("const c = document.getElementById('canvas'); return c ? c.style.zoom : ''");
    let shot = std::env::var_os("GAMETREE_SHOTS");
    if let (Some(dir), (1366, 768)) = (shot, (w, h)) {
        let name: String = what.chars().map(|c| if c.is_alphanumeric() { c } else { '-' }).collect();
        b.screenshot(&Path::new(&dir).join(format!("{name}.png")));
    }
    let mut line = format!(
        "{w}x{h} {what}: zoom {zoom}, {} values at least {:.1} px (glyph box {:.1} px)",
        v.n, v.font, v.glyph
    );
    assert!(v.n > 0, "{line}: no value drawn");
    assert!(v.font >= 20.0, "{line}: values under 20 px");
    assert_eq!(v.off, 0, "{line}: values off screen");
    if let Some(css) = windows {
        let a = measure(b, css);
        line += &format!(", {} α/β at least {:.1} px (glyph box {:.1} px)", a.n, a.font, a.glyph);
        assert!(a.n > 0, "{line}: no window drawn");
        assert!(a.font >= 16.0, "{line}: α/β under 16 px");
        assert_eq!(a.off, 0, "{line}: windows off screen");
    }
    eprintln!("{line}");
}

const VALUES: &str = ".node .value, .node .running";
const WINDOWS: &str = ".node .window";

fn pressed(b: &Browser, css: &str) {
    b.click(css);
    b.run("return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))");
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn every_explorer_mode_opens_readable_from_the_back_of_the_room() {
    let dir = scratch("projector");
    let trees: [(&str, Vec<&str>); 3] = [
        ("AIMA 5.2", vec!["tree", "--position", AIMA, "--search", "alphabeta"]),
        ("worked example", vec!["checkers", "--position", WORKED, "--search", "alphabeta"]),
        ("27 leaves", vec!["tree", "--position", LEAVES_27, "--search", "alphabeta"]),
    ];
    let b = Browser::start();
    for (k, (name, args)) in trees.iter().enumerate() {
        let html = page(&dir, &format!("t{k}"), args);
        for size in SIZES {
            b.set_viewport(size.0, size.1);
            b.open(&url(&html));
            readable(&b, &format!("{name} explore"), size, VALUES, Some(WINDOWS));
            pressed(&b, "#expand-all");
            readable(&b, &format!("{name} expand all"), size, VALUES, Some(WINDOWS));
            pressed(&b, "#zoom-fit");
            readable(&b, &format!("{name} fit"), size, VALUES, Some(WINDOWS));
            pressed(&b, "#mode-step");
            b.press("\u{E00F}"); // PageDown: the first step
            readable(&b, &format!("{name} step"), size, VALUES, Some(WINDOWS));
            pressed(&b, "#mode-practice");
            readable(
                &b,
                &format!("{name} practice"),
                size,
                ".node .value, .node input.guess",
                Some(".node input.wguess"),
            );
        }
    }
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// The ids of the nodes drawn, and of those of them wholly inside the tree's
/// visible area and the viewport.
fn drawn_and_on_screen(b: &Browser) -> (Vec<u64>, Vec<u64>) {
    let v = b.run(
        "const t = document.getElementById('tree').getBoundingClientRect(); \
         const all = [...document.querySelectorAll('#canvas .node')]; \
         const seen = all.filter((e) => { const r = e.getBoundingClientRect(); \
           return r.width > 0 && r.left >= t.left && r.right <= t.right && r.top >= t.top && r.bottom <= t.bottom \
             && r.bottom <= innerHeight && r.right <= innerWidth; }); \
         return [all.map((e) => Number(e.dataset.id)), seen.map((e) => Number(e.dataset.id))]",
    );
    let ids = |k: usize| {
        let mut ids: Vec<u64> = v[k].as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).collect();
        ids.sort_unstable();
        ids
    };
    (ids(0), ids(1))
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn a_tree_of_at_most_40_nodes_opens_whole_and_a_bigger_one_folds() {
    let dir = scratch("whole");
    // LEAVES_27 with one more leaf under its first inner node: 41 nodes.
    let leaves_28 = LEAVES_27.replacen("(3 17 6)", "(3 17 6 4)", 1);
    let trees = [("AIMA 5.2", AIMA, 13), ("27 leaves", LEAVES_27, 40), ("28 leaves", leaves_28.as_str(), 41)];
    let b = Browser::start();
    for (name, position, nodes) in trees {
        let html =
            page(&dir, &format!("n{nodes}"), &["tree", "--position", position, "--search", "alphabeta"]);
        for (w, h) in [(1366, 768), (1280, 720)] {
            b.set_viewport(w, h);
            b.open(&url(&html));
            let (drawn, seen) = drawn_and_on_screen(&b);
            eprintln!("{w}x{h} {name}: {} of {nodes} nodes drawn, {} on screen", drawn.len(), seen.len());
            if nodes <= 40 {
                assert_eq!(
                    drawn,
                    (0..nodes).collect::<Vec<u64>>(),
                    "{w}x{h} {name}: the first view is the whole tree"
                );
                assert_eq!(seen, drawn, "{w}x{h} {name}: nodes off screen at first view");
                readable(&b, &format!("{name} whole at first view"), (w, h), VALUES, Some(WINDOWS));
            } else {
                assert!(drawn.len() < nodes as usize, "{w}x{h} {name}: a bigger tree opens folded");
                assert!(drawn.contains(&0), "{w}x{h} {name}: the root is drawn");
            }
        }
    }
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn an_exercises_worksheet_and_the_move_orders_open_readable() {
    let dir = scratch("projector-more");
    let out = dir.join("ex");
    gametree(&[
        "exercise",
        "--seed",
        "42",
        "--depth",
        "3",
        "--branching",
        "3..3",
        "--out",
        out.to_str().unwrap(),
    ]);
    let orders = page(&dir, "orders", &["tree", "--position", AIMA, "--compare-orders"]);
    let b = Browser::start();
    for size in SIZES {
        b.set_viewport(size.0, size.1);
        b.open(&url(&out.join("practice.html")));
        let leaves = b.count(".node.leaf");
        assert_eq!(leaves, 27, "the worksheet draws its 27 leaves");
        readable(
            &b,
            "exercise worksheet",
            size,
            ".node .value, .node input.guess",
            Some(".node input.wguess"),
        );
        b.open(&url(&orders));
        if b.run("return !!document.querySelector('#view-orders:not([hidden])')") != true {
            pressed(&b, "#mode-orders");
        }
        readable(&b, "move orders", size, "#view-orders .drawing .node text", None);
    }
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// axe-core's serious and critical findings on the page as it stands.
#[cfg(has_axe)]
fn axe_violations(b: &Browser) -> Vec<String> {
    static AXE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let js = AXE.get_or_init(|| std::fs::read_to_string(env!("GAMETREE_AXE_JS")).expect("axe.min.js reads"));
    b.run(&format!("{js}\n;return true"));
    let found = b.run_async(
        "const done = arguments[arguments.length - 1]; \
         axe.run(document, { resultTypes: ['violations'] }).then((r) => done(r.violations \
           .filter((v) => v.impact === 'serious' || v.impact === 'critical') \
           .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)), \
           (e) => done([`axe failed: ${e}`]));",
    );
    found.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
#[cfg_attr(
    not(has_axe),
    ignore = "needs axe-core: npm install --prefix /tmp/gametree-ci-npm axe-core, then GAMETREE_AXE=/tmp/gametree-ci-npm/node_modules/axe-core/axe.min.js"
)]
fn no_page_kind_has_a_serious_accessibility_violation() {
    // Run anyway (--include-ignored) where axe-core was not found: a failure,
    // never a pass that checked nothing.
    #[cfg(not(has_axe))]
    panic!("axe-core was not found when the tests were built: set GAMETREE_AXE (see the ignore reason)");
    #[cfg(has_axe)]
    {
        let dir = scratch("axe");
        let aima = page(&dir, "aima", &["tree", "--position", AIMA, "--search", "alphabeta"]);
        let worked = page(&dir, "worked", &["checkers", "--position", WORKED, "--search", "alphabeta"]);
        let orders = page(&dir, "orders", &["tree", "--position", AIMA, "--compare-orders"]);
        let mcts = page(
            &dir,
            "mcts",
            &["tictactoe", "--position", "x...xo... o", "--search", "mcts", "--iterations", "40"],
        );
        let deepening = page(
            &dir,
            "deepening",
            &["tictactoe", "--position", "xo.ox.... x", "--depth", "5", "--search", "deepening"],
        );
        let positions = page(&dir, "positions", &["tictactoe", "--position", "xo.x.o... x", "--depth", "4"]);
        let ex = dir.join("ex");
        gametree(&["exercise", "--seed", "7", "--out", ex.to_str().unwrap()]);
        let b = Browser::start();
        b.set_viewport(1366, 768);
        let mut all = Vec::new();
        let mut look = |what: &str, b: &Browser| {
            let v = axe_violations(b);
            eprintln!("axe on {what}: {} serious or critical", v.len());
            all.extend(v.into_iter().map(|v| format!("{what}: {v}")));
        };
        for (name, html) in [("AIMA", &aima), ("worked example", &worked)] {
            b.open(&url(html));
            look(&format!("{name} explore"), &b);
            pressed(&b, "#mode-step");
            b.press("\u{E00F}");
            look(&format!("{name} step"), &b);
            b.press("\u{E010}"); // End: the last step, every cut drawn
            look(&format!("{name} last step"), &b);
            pressed(&b, "#mode-practice");
            b.click("#check");
            look(&format!("{name} practice, checked"), &b);
            // The student's own cut above a subtree: the nodes under it stay
            // readable, greyed as a pruned node is, not faded.
            b.click("#edges g[data-edge='1'] line.hit");
            assert!(b.count(".box.cut-out") > 0, "{name}: a cut above node 1 puts its subtree out");
            look(&format!("{name} practice, a subtree cut"), &b);
        }
        b.open(&url(&orders));
        if b.run("return !!document.querySelector('#view-orders:not([hidden])')") != true {
            pressed(&b, "#mode-orders");
        }
        look("move orders", &b);
        b.open(&url(&mcts));
        look("MCTS", &b);
        for _ in 0..3 {
            pressed(&b, "#forward");
        }
        look("MCTS stepping", &b);
        pressed(&b, "#practice");
        look("MCTS practice", &b);
        b.open(&url(&deepening));
        if b.run("return !!document.querySelector('#view-deepening:not([hidden])')") != true {
            pressed(&b, "#mode-deepening");
        }
        look("Iterations", &b);
        pressed(&b, "#mode-positions");
        look("Positions", &b);
        b.open(&url(&positions));
        pressed(&b, "#mode-positions");
        look("Positions of a transposing tree", &b);
        pressed(&b, "#mode-step");
        for _ in 0..5 {
            b.press("\u{E00F}");
        }
        look("tic-tac-toe step", &b);
        b.open(&url(&ex.join("practice.html")));
        look("exercise worksheet", &b);
        assert_eq!(all, Vec::<String>::new());
    }
}

/// Every step's text, from the first to the last, stepping with PageDown.
fn all_steps(b: &Browser) -> Vec<String> {
    let total = b.run("return Number(document.getElementById('slider').max)").as_u64().unwrap();
    (0..total)
        .map(|_| {
            b.press("\u{E00F}");
            b.text("#step-text")
        })
        .collect()
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn a_step_explains_by_name_and_shows_what_it_explains() {
    let dir = scratch("steps");
    let aima = page(&dir, "aima", &["tree", "--position", AIMA, "--search", "alphabeta"]);
    let b = Browser::start();
    b.set_viewport(1366, 768);
    b.open(&url(&aima));
    pressed(&b, "#mode-step");
    // The given leaf values stay on screen from the start: the class predicts from them.
    let leaves = b.run("return [...document.querySelectorAll('.node.leaf .value')].map(e => e.textContent)");
    assert_eq!(leaves, serde_json::json!(["3", "12", "8", "2", "4", "6", "14", "5", "2"]));
    let texts = all_steps(&b);
    for t in &texts {
        assert!(!t.contains("children"), "an id range: {t}");
        // A window is written low end first, never as an inverted "[3, 2]".
        assert!(!t.contains("[3, 2]") && !t.contains("window ["), "{t}");
    }
    let cut = texts.iter().position(|t| t.contains("never looked at")).expect("a cut-off step");
    assert_eq!(
        texts[cut],
        format!(
            "step {} of {}: c2 and c3 are never looked at: MIN at C already has 2, and MAX at A has 3 from B (2 ≤ 3)",
            cut + 1,
            texts.len()
        )
    );
    // Back at the cut: C is the step's node, marked for a screen reader, and
    // it, its skipped children and the root are drawn on screen.
    b.click("#to-start");
    for _ in 0..=cut {
        b.press("\u{E014}"); // →
    }
    if let Some(dir) = std::env::var_os("GAMETREE_SHOTS") {
        b.screenshot(&Path::new(&dir).join("aima-at-the-cut.png"));
    }
    let current =
        b.run("return [...document.querySelectorAll('[aria-current=\"step\"]')].map(e => e.dataset.id)");
    assert_eq!(current, serde_json::json!(["2"]), "C carries aria-current=step");
    for id in [0, 2, 8, 9] {
        let on = b.run(&format!(
            "const e = document.querySelector(\".node[data-id='{id}']\"); if (!e) return false; \
             const r = e.getBoundingClientRect(), t = document.getElementById('tree').getBoundingClientRect(); \
             return r.left >= t.left && r.right <= t.right && r.top >= t.top && r.bottom <= t.bottom"
        ));
        assert_eq!(on, true, "node {id} is not on screen at the cut");
    }
    // The edge into c2 carries the cut's mark.
    assert!(b.text("#edges g.cutmark text").starts_with('✂'));
    // Under CS188's rule a tie says why nothing is cut.
    let ties = page(
        &dir,
        "ties",
        &["tree", "--position", "((3 9) (3 1))", "--search", "alphabeta", "--no-prune-on-ties"],
    );
    b.open(&url(&ties));
    pressed(&b, "#mode-step");
    let texts = all_steps(&b);
    assert!(
        texts.iter().any(|t| t.contains("a tie, and ties do not prune here")),
        "no step says why the tie cuts nothing: {texts:#?}"
    );
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn a_clicker_steps_from_anywhere_and_tab_follows_the_tree() {
    let dir = scratch("keys");
    let html = page(&dir, "t27", &["tree", "--position", LEAVES_27, "--search", "alphabeta"]);
    let b = Browser::start();
    b.open(&url(&html));
    // Enter on "Step through" leaves the focus on that button: the clicker's
    // keys step all the same.
    b.run("document.getElementById('mode-step').focus()");
    b.press("\u{E007}"); // Enter
    let at = || b.run("return Number(document.getElementById('slider').value)").as_u64().unwrap();
    let mut seen = vec![at()];
    for key in ["\u{E00F}", "\u{E014}", " ", "\u{E012}", "\u{E00E}"] {
        b.press(key);
        seen.push(at());
    }
    // PageDown, →, space forward; ←, PageUp back.
    assert_eq!(seen, vec![0, 1, 2, 3, 2, 1]);
    assert_eq!(b.run("return document.getElementById('step-text').getAttribute('aria-live')"), "polite");
    // In practice, Tab visits the answer boxes in the tree's order, left to right.
    pressed(&b, "#mode-practice");
    let preorder = b.run(
        "const g = gametree.nodes, out = []; \
         for (const todo = [0]; todo.length;) { const n = todo.pop(); if (g.count[n]) out.push(String(n)); \
           for (let k = g.count[n] - 1; k >= 0; k--) todo.push(g.first[n] + k); } return out",
    );
    b.run("document.querySelector(\"input[data-guess='0']\").focus()");
    let mut order = Vec::new();
    // (Each node's value, α and β, then its fold button, which is no answer box.)
    for _ in 0..(13 * 4) {
        let f = b.run("const e = document.activeElement; return e.dataset.guess ?? e.dataset.alpha ?? e.dataset.beta ?? null");
        if !f.is_null() && order.last() != Some(&f) {
            order.push(f);
        }
        b.press("\u{E004}");
    }
    assert_eq!(Value::Array(order), preorder, "Tab follows the tree");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn numbers_are_honest_and_ids_stay_out_of_the_values_way() {
    let dir = scratch("honest");
    let html = page(&dir, "aima", &["tree", "--position", AIMA, "--search", "alphabeta"]);
    let plain = page(&dir, "plain", &["tree", "--position", LEAVES_27, "--search", "alphabeta"]);
    let b = Browser::start();
    b.set_viewport(1366, 768);
    b.open(&url(&html));
    b.click("#expand-all");
    // D saw all of 14, 5 and 2: exactly 2, as AIMA prints it; C stopped after its 2: at most 2.
    assert_eq!(b.text(".node[data-id='3'] .value"), "2");
    assert_eq!(b.text(".node[data-id='2'] .value"), "≤ 2");
    // Leaves move nobody: no MAX or MIN on them, and every inner node says its side in words too.
    assert_eq!(b.count(".node.leaf .role"), 0);
    let sides =
        b.run("return [...document.querySelectorAll('.node:not(.leaf) .role')].map(e => e.textContent)");
    for s in sides.as_array().unwrap() {
        let s = s.as_str().unwrap();
        assert!(s.contains("MAX") || s.contains("MIN"), "a side by colour and shape alone: {s}");
    }
    // No label is over another (crossings are checked on every tree below).
    let over = b.run(
        "const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom; \
         const t = [...document.querySelectorAll('#edges text')].filter(e => e.textContent), out = []; \
         for (let i = 0; i < t.length; i++) for (let j = i + 1; j < t.length; j++) \
           if (hit(t[i].getBoundingClientRect(), t[j].getBoundingClientRect())) out.push(t[i].textContent + ' ' + t[j].textContent); \
         return out",
    );
    assert_eq!(over, serde_json::json!([]), "edge labels over each other");
    // In an unlabelled tree the id never overlaps the value or the action.
    b.open(&url(&plain));
    b.click("#expand-all");
    let overlaps = b.run(
        "const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom; \
         const out = []; for (const n of document.querySelectorAll('.node')) { \
           const id = n.querySelector('.id').getBoundingClientRect(); \
           for (const e of n.querySelectorAll('.value, .act, .window')) if (hit(id, e.getBoundingClientRect())) out.push(n.dataset.id); \
           for (const t of document.querySelectorAll('#edges text')) if (t.textContent && hit(id, t.getBoundingClientRect())) out.push(n.dataset.id + ' edge'); } \
         return out",
    );
    assert_eq!(overlaps, serde_json::json!([]));
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn practice_checks_alpha_and_beta_says_why_and_reveals_one_node_at_a_time() {
    let dir = scratch("practice");
    let html = page(&dir, "aima", &["tree", "--position", AIMA, "--search", "alphabeta"]);
    let b = Browser::start();
    b.open(&url(&html));
    pressed(&b, "#mode-practice");
    // D = 3 is wrong, and the page says why; A's window on entry is [−∞, +∞].
    b.type_into("input[data-guess='3']", "3");
    b.type_into("input[data-alpha='0']", "-inf");
    b.type_into("input[data-beta='0']", "5");
    b.click("#check");
    if let Some(dir) = std::env::var_os("GAMETREE_SHOTS") {
        b.screenshot(&Path::new(&dir).join("aima-practice-checked.png"));
    }
    let why = b.text("#practice-why");
    assert!(why.contains("D = min(14, 5, 2) = 2"), "{why}");
    assert!(why.contains("A") || why.contains("the root is entered with [α, β] = [−∞, +∞]"), "{why}");
    let score = b.text("#practice-score");
    assert!(score.contains("α and β 1 right, 1 wrong"), "{score}");
    assert_eq!(
        b.run("return document.querySelector(\"label.ab.wrong input[data-beta='0']\") !== null"),
        true
    );
    // Reveal one: the next node in the search's order not yet right (the root), and only it.
    b.click("#reveal-one");
    assert_eq!(b.run("return document.querySelector(\"input[data-guess='0']\").value"), "3");
    assert_eq!(b.run("return document.querySelector(\"input[data-guess='1']\").value"), "");
    b.click("#reveal-one");
    assert_eq!(b.run("return document.querySelector(\"input[data-guess='1']\").value"), "3");
    assert_eq!(b.run("return document.querySelector(\"input[data-guess='2']\").value"), "");
    // Leaving for Explore, which shows the answers, asks first; Stay stays.
    b.click("#mode-explore");
    assert_eq!(b.run("return document.body.dataset.mode"), "practice");
    assert_eq!(b.run("return document.getElementById('leave-practice').hidden"), false);
    b.click("#leave-no");
    assert_eq!(b.run("return document.body.dataset.mode"), "practice");
    b.click("#mode-explore");
    b.click("#leave-yes");
    assert_eq!(b.run("return document.body.dataset.mode"), "explore");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(
    not(all(has_chromium, has_pdftotext)),
    ignore = "needs Debian's chromium, chromium-driver and poppler-utils"
)]
fn the_mcts_page_hides_its_answers_in_practice_reads_on_a_projector_and_prints_on_one_page() {
    let dir = scratch("mcts");
    let html = page(
        &dir,
        "mcts",
        &["tictactoe", "--position", "x...xo... o", "--search", "mcts", "--iterations", "60"],
    );
    let b = Browser::start();
    for (w, h) in SIZES {
        b.set_viewport(w, h);
        b.open(&url(&html));
        if let (Some(dir), 1366) = (std::env::var_os("GAMETREE_SHOTS"), w) {
            b.screenshot(&Path::new(&dir).join("mcts.png"));
        }
        // N · Q and the actions are the values; the UCB terms stand to them
        // as α/β do on the other pages.
        let labels = measure(&b, "#tree svg text.act, #tree svg text.nq");
        let terms = measure(&b, "#tree svg text.terms");
        // What stands above the tree: the title and decision, the controls, the step's words.
        let above =
            b.run("return document.getElementById('tree').getBoundingClientRect().top").as_f64().unwrap();
        let chart = b.run(
            "const r = document.getElementById('chart').getBoundingClientRect(); return [r.top, r.bottom]",
        );
        eprintln!(
            "{w}x{h} MCTS: {} labels at least {:.1} px (glyph box {:.1} px), {} UCB terms at least {:.1} px, {above:.0} px above the tree, the chart at {chart}",
            labels.n, labels.font, labels.glyph, terms.n, terms.font
        );
        assert!(labels.font >= 20.0, "{w}x{h}: MCTS labels under 20 px");
        assert!(terms.n > 0 && terms.font >= 16.0, "{w}x{h}: UCB terms under 16 px");
        assert_eq!(labels.off + terms.off, 0, "{w}x{h}: labels off screen");
        assert!(above <= 120.0, "{w}x{h}: {above} px above the tree");
        assert!(
            chart[0].as_f64().unwrap() >= 0.0 && chart[1].as_f64().unwrap() <= f64::from(h),
            "the chart is out of view"
        );
        // No edge through a label (a lone child's edge ran down through its
        // parent's N · Q), and no sideways scrollbar on the panel.
        assert_eq!(crate::mcts_explorer::edges_through_labels(&b), Vec::<String>::new(), "{w}x{h}");
        assert_eq!(
            crate::mcts_explorer::panel_overflow(&b),
            Value::Null,
            "{w}x{h}: the side panel scrolls sideways"
        );
    }
    b.set_viewport(1366, 768);
    b.open(&url(&html));
    // No "ln 0": before the first iteration the root has no visits.
    b.press("\u{E011}"); // Home
    assert!(!b.text("#panel").contains("ln 0"), "{}", b.text("#panel"));
    b.press("\u{E010}"); // End
    // Practice: the question is on screen, its answer nowhere.
    b.click("#practice");
    for _ in 0..3 {
        let page_text = b.run("return document.body.innerText");
        let page_text = page_text.as_str().unwrap();
        assert!(page_text.contains("Which child does UCT take next?"));
        assert!(!page_text.contains("greatest UCB"), "the answer is on screen:\n{page_text}");
        assert_eq!(b.count("#tree text.terms"), 0, "UCB terms drawn in the tree");
        let titles = b.run(
            "return [...document.querySelectorAll('#tree title')].some(t => t.textContent.includes('UCB'))",
        );
        assert_eq!(titles, false, "UCB in a node's tooltip");
        for id in ["banner", "compare", "chart-box"] {
            let shown = b.run(&format!("return document.getElementById('{id}').offsetHeight > 0"));
            assert_eq!(shown, false, "{id} shows the search's outcome during practice");
        }
        // The green path ends at the question's node.
        // (Named as the page names nodes, "the root" or "#5 (b2)": its id is the element's.)
        let asked = b.run("return document.querySelector('#question b').dataset.id");
        let path_end = b.run("const p = [...document.querySelectorAll('#tree circle.mnode.path')].map(c => Number(c.dataset.id)); return String(Math.max(...p))");
        assert_eq!(path_end, asked, "the path goes past the question's node");
        b.click("#practice-box button.child");
        assert!(b.text("#verdict").contains("UCT takes"));
        b.click("#next-question");
    }
    b.click("#practice");
    // On paper: one page, no controls.
    let pdf = b.print_pdf(support::browser::PrintSize::A4, true);
    let path = match std::env::var_os("GAMETREE_SHOTS") {
        Some(shots) => Path::new(&shots).join("mcts.pdf"),
        None => dir.join("mcts.pdf"),
    };
    std::fs::write(&path, &pdf).unwrap();
    let info = Command::new("pdfinfo").arg(&path).output().unwrap();
    let pages = String::from_utf8_lossy(&info.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("Pages:").map(|p| p.trim().parse::<u32>().unwrap()))
        .unwrap();
    let text = Command::new("pdftotext").arg(&path).arg("-").output().unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert_eq!(pages, 1, "{text}");
    for control in ["▶ play", "Practice", "show N", "play by"] {
        assert!(!text.contains(control), "{control} printed:\n{text}");
    }
    // The whole tree as drawn, and the chart, are on the paper.
    // (Each node's action label a line of the PDF's text, as often as drawn.)
    let drawn = b.run("return [...document.querySelectorAll('#tree text.act')].map(t => t.textContent)");
    for label in drawn.as_array().unwrap() {
        let label = label.as_str().unwrap();
        let on_page = drawn.as_array().unwrap().iter().filter(|l| *l == label).count();
        let printed = text.lines().filter(|l| l.trim() == label).count();
        assert!(printed >= on_page, "{label}: {on_page} drawn, {printed} printed:\n{text}");
    }
    assert!(text.contains("The root's Q for o against iterations"), "{text}");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// Every drawn edge line that runs through text a class reads: a node's id,
/// side and action, value and α/β, and the edge labels (a straight edge's
/// own label excepted, which stands on a white ground over its line). Each
/// line is sampled in screen coordinates from its box (an edge runs from its
/// box's top corner to the opposite bottom one), each text as its glyphs'
/// boxes above the baseline (the font's descent, a fifth of the box, is
/// empty: no action, id or number has a descender), one px in from each side.
const CROSSINGS: &str = r#"
// The open range of t where a + d·t lies strictly between lo and hi.
const range = (a, d, lo, hi) => d === 0 ? (a > lo && a < hi ? [-Infinity, Infinity] : [1, 0]) : d > 0 ? [(lo - a) / d, (hi - a) / d] : [(hi - a) / d, (lo - a) / d];
// Whether some sample k = 0..400 of the line (x0 + dx·k/400, y0 + dy·k/400)
// lies inside box r, one px in from each side and above the descent.
const samplesInside = (r, x0, dx, y0, dy) => {
  const [a, b] = range(x0, dx, r.left + 1, r.right - 1), [c, d] = range(y0, dy, r.top + 1, r.bottom - 0.2 * r.height - 1);
  const lo = Math.max(a, c, -1e-9) * 400, hi = Math.min(b, d, 1 + 1e-9) * 400;
  const k = Math.max(0, Math.floor(lo) + 1);
  return k <= 400 && k < hi;
};
const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden' && !e.closest('[hidden]'); };
const glyphs = (e) => { const g = document.createRange(); g.selectNodeContents(e); return [...g.getClientRects()].filter((r) => r.width > 0 && r.height > 0); };
const texts = [];
for (const n of document.querySelectorAll('.node')) {
  if (!shown(n)) continue;
  for (const e of n.querySelectorAll('.id, .head, .lact, .value, .running, .window')) if (shown(e)) texts.push([`${e.className} of #${n.dataset.id} (${e.textContent.trim()})`, glyphs(e), null]);
}
for (const t of document.querySelectorAll('#edges g[data-edge] text')) if (t.textContent && shown(t)) texts.push([`label ${t.textContent} of the edge into #${t.closest('g').dataset.edge}`, [t.getBoundingClientRect()], t.closest('g')]);
const out = [];
for (const g of document.querySelectorAll('#edges g[data-edge]')) {
  const l = g.querySelector('line');
  if (!shown(g) || !shown(l)) continue;
  const r = l.getBoundingClientRect(), left = +l.getAttribute('x2') < 0;
  const x1 = left ? r.right : r.left, x2 = left ? r.left : r.right;
  for (const [what, boxes, own] of texts) {
    if (own === g && g.querySelector('rect.ground')) continue;
    // The line sampled at 401 points, k / 400 of the way along: the samples
    // inside a box are those of one interval of k (a box is convex, the
    // line straight), found by arithmetic rather than by trying each point.
    const hit = boxes.some((b) => samplesInside(b, x1, x2 - x1, r.top, r.height));
    if (hit) out.push(`the edge into #${g.dataset.edge} crosses the ${what}`);
  }
}
return out;
"#;

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn no_edge_line_crosses_a_label_an_id_or_a_value() {
    let dir = scratch("crossings");
    let trees: [(&str, Vec<&str>); 3] = [
        ("AIMA 5.2", vec!["tree", "--position", AIMA, "--search", "alphabeta"]),
        ("worked example", vec!["checkers", "--position", WORKED, "--search", "alphabeta"]),
        ("27 leaves", vec!["tree", "--position", LEAVES_27, "--search", "alphabeta"]),
    ];
    let b = Browser::start();
    b.set_viewport(1366, 768);
    let script = format!("return (function () {{ {CROSSINGS} }})()");
    let mut all = Vec::new();
    for (k, (name, args)) in trees.iter().enumerate() {
        let html = page(&dir, &format!("t{k}"), args);
        b.open(&url(&html));
        let mut look = |what: &str| {
            let texts = b.run("return document.querySelectorAll('.node .id').length").as_u64().unwrap();
            assert!(texts > 0, "{name} {what}: no ids drawn");
            for c in b.run(&script).as_array().unwrap() {
                all.push(format!("{name} {what}: {}", c.as_str().unwrap()));
            }
        };
        look("as opened");
        pressed(&b, "#expand-all");
        look("expanded");
        pressed(&b, "#zoom-fit");
        look("fitted");
        if let Some(shots) = std::env::var_os("GAMETREE_SHOTS") {
            b.screenshot(&Path::new(&shots).join(format!("crossings-t{k}-fitted.png")));
        }
        pressed(&b, "#mode-step");
        let steps = b.run("return Number(document.getElementById('slider').max)").as_u64().unwrap();
        for _ in 0..steps {
            b.press("\u{E00F}");
            look("stepping");
        }
    }
    all.dedup();
    assert_eq!(all, Vec::<String>::new());
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// `smallTargets(doc)`: every control of the document `doc` in sight whose
/// target, where a tap lands on it, holds no 44x44 px square (WCAG 2.5.5),
/// and how many were measured by tapping. A check box or radio counts as its
/// label. A control at least 44x44 px is its own target; a smaller one (a
/// node's fold button, whose target reaches past it) is probed with
/// `elementFromPoint`, so that what covers part of its target (a label,
/// another box) takes that part away: the run of taps on it straight down
/// through its middle, then across the middle of that run, 1 px apart, and
/// a 44x44 px square centred in what they span, on a 4 px lattice. One too
/// near the edge of the screen, or of the tree's scrolled area, to be probed
/// whole is judged where it is in sight.
pub(crate) const SMALL_TARGETS: &str = r#"
const smallTargets = (d) => {
  const w = d.defaultView, tree = d.getElementById('tree'), R = 60, S = 44;
  const sight = (e) => {
    const r = { left: 0, top: 0, right: w.innerWidth, bottom: w.innerHeight };
    if (!tree || !tree.contains(e)) return r;
    const t = tree.getBoundingClientRect();
    return { left: Math.max(r.left, t.left), top: Math.max(r.top, t.top),
             right: Math.min(r.right, t.left + tree.clientWidth), bottom: Math.min(r.bottom, t.top + tree.clientHeight) };
  };
  const small = [];
  let probed = 0;
  for (const c of d.querySelectorAll('button, select, input, textarea, a[href]')) {
    if (c.offsetParent === null || c.closest('[hidden]')) continue;
    const e = (c.type === 'checkbox' || c.type === 'radio') ? c.closest('label') || c : c;
    const r = e.getBoundingClientRect();
    const name = e.id || e.getAttribute('aria-label') || e.className || e.textContent.trim().slice(0, 20);
    if (r.width === 0 || (r.width >= S - 0.5 && r.height >= S - 0.5)) continue;
    const cx = Math.round((r.left + r.right) / 2) + 0.5, cy = Math.round((r.top + r.bottom) / 2) + 0.5, v = sight(e);
    if (cx - R < v.left || cx + R > v.right || cy - R < v.top || cy + R > v.bottom) continue;
    probed++;
    const on = (x, y) => { const h = d.elementFromPoint(x, y); return !!h && (h === e || e.contains(h)); };
    // The run of taps on it through (x, y), along x or y: [from, to].
    const run = (x, y, dx, dy) => {
      let a = 0, b = 0;
      while (a < R && on(x - (a + 1) * dx, y - (a + 1) * dy)) a++;
      while (b < R && on(x + (b + 1) * dx, y + (b + 1) * dy)) b++;
      return [a, b];
    };
    const [up, down] = run(cx, cy, 0, 1), my = cy + (down - up) / 2;
    const [left, right] = run(cx, my, 1, 0), mx = cx + (right - left) / 2;
    let whole = on(cx, cy) && up + down + 1 >= S && left + right + 1 >= S;
    for (let i = 0; i <= 11 && whole; i++) for (let j = 0; j <= 11 && whole; j++)
      whole = on(mx - S / 2 + 0.5 + j * (S - 1) / 11, my - S / 2 + 0.5 + i * (S - 1) / 11);
    if (!whole) small.push(`${name}: ${Math.round(r.width)}x${Math.round(r.height)} px, its taps ${left + right + 1}x${up + down + 1} px`);
  }
  return { small, probed };
};
"#;

/// The phone's checks (390 CSS px wide, touch): what runs past the screen's
/// right edge or makes the toolbar scroll sideways, every control in sight
/// whose target is under 44x44 px (the nodes' fold buttons included), and
/// every word of the tree, the ids included, drawn under 14 px at the zoom.
const PHONE_CHECKS: &str = r#"
const bar = document.getElementById('toolbar');
const wide = [...bar.querySelectorAll('*')].filter(e => e.offsetParent && e.getBoundingClientRect().right > window.innerWidth + 0.5)
  .map(e => e.id || e.textContent.trim().slice(0, 20));
const { small, probed } = smallTargets(document);
const toggles = [...document.querySelectorAll('#canvas .box .toggle')].filter(e => e.getClientRects().length).length;
const zoom = parseFloat(document.getElementById('canvas').style.zoom || '1');
const texts = [...document.querySelectorAll('#canvas .box .head, #canvas .box .lact, #canvas .box .value, #canvas .box .window, #canvas .box .running, #canvas .box .ab, #canvas .box .id, #edges text')]
  .filter(e => e.getClientRects().length && e.textContent.trim());
const tiny = texts.map(e => [e.className.baseVal ?? e.className, parseFloat(getComputedStyle(e).fontSize) * zoom])
  .filter(([, px]) => px < 14 - 0.01).map(([n, px]) => `${n}: ${px.toFixed(1)} px`);
const ids = texts.filter(e => e.classList.contains('id')).length;
const tree = document.getElementById('tree').getBoundingClientRect();
return { wide, scrolls: bar.scrollWidth > bar.clientWidth, page: document.documentElement.scrollWidth, small, probed, toggles, tiny,
         texts: texts.length, ids, zoom, treeHeight: tree.height, treeTop: tree.top };
"#;

/// On a phone (390x844 CSS px, touch) the toolbar wraps, never scrolling
/// sideways, its less-used controls behind "More"; every control, the
/// practice boxes and the nodes' fold buttons included, is a 44x44 px tap
/// target (WCAG 2.5.5); the first view of a 40-node tree keeps its words,
/// ids included, at 14 px or more, the tree panning rather than shrinking,
/// and no edge through them; and the tree keeps most of the screen's height,
/// starting high on it.
#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn on_a_phone_the_toolbar_wraps_every_control_is_a_44_px_target_and_tree_text_is_14_px() {
    let dir = scratch("phone");
    let b = Browser::start_touch();
    b.set_viewport(390, 844);
    let trees: [(&str, Vec<&str>); 2] = [
        ("aima", vec!["tree", "--position", AIMA, "--search", "alphabeta"]),
        ("leaves27", vec!["tree", "--position", LEAVES_27, "--search", "alphabeta"]),
    ];
    let script = format!("return (function () {{ {SMALL_TARGETS} {PHONE_CHECKS} }})()");
    let crossings = format!("return (function () {{ {CROSSINGS} }})()");
    for (name, args) in &trees {
        let html = page(&dir, name, args);
        b.open(&url(&html));
        assert_eq!(b.run("return matchMedia('(pointer: coarse)').matches"), serde_json::json!(true));
        if let Some(shots) = std::env::var_os("GAMETREE_SHOTS") {
            b.screenshot(&Path::new(&shots).join(format!("phone-390x844-{name}.png")));
        }
        for mode in ["explore", "step", "practice"] {
            if mode != "explore" {
                b.tap(&format!("#mode-{mode}"));
                b.settle();
            }
            let m = b.run(&script);
            let what = format!("{name}, {mode}");
            eprintln!(
                "390x844 {what}: zoom {}, tree from {} px, {} px high, {} texts",
                m["zoom"], m["treeTop"], m["treeHeight"], m["texts"]
            );
            assert_eq!(m["wide"], serde_json::json!([]), "{what}: past the screen's right edge");
            assert_eq!(m["scrolls"], false, "{what}: the toolbar scrolls sideways");
            assert!(m["page"].as_u64().unwrap() <= 390, "{what}: the page is {} px wide", m["page"]);
            assert_eq!(m["small"], serde_json::json!([]), "{what}: tap targets under 44x44 px");
            // The fold buttons are smaller than their targets: some were probed by tapping.
            if mode == "explore" {
                assert!(m["toggles"].as_u64().unwrap() > 0, "{what}: no fold button drawn");
                assert!(m["probed"].as_u64().unwrap() > 0, "{what}: no fold button's target probed");
            }
            assert!(m["texts"].as_u64().unwrap() > 0, "{what}: no tree text measured");
            assert!(m["ids"].as_u64().unwrap() > 0, "{what}: no id measured");
            assert_eq!(m["tiny"], serde_json::json!([]), "{what}: tree text under 14 px");
            // The larger ids and the fold buttons' room: no edge runs through a word.
            assert_eq!(b.run(&crossings), serde_json::json!([]), "{what}: edges through text");
            assert!(
                m["treeHeight"].as_f64().unwrap() >= 0.6 * 844.0,
                "{what}: the tree is {} px high",
                m["treeHeight"]
            );
            // (With every control in the bar, the tree started 364 px down.)
            if mode == "explore" {
                let top = m["treeTop"].as_f64().unwrap();
                assert!(top <= 0.4 * 844.0, "{what}: the tree starts {top} px down the screen");
            }
            if let (Some(shots), "practice") = (std::env::var_os("GAMETREE_SHOTS"), mode) {
                b.screenshot(&Path::new(&shots).join(format!("phone-390x844-{name}-practice.png")));
            }
        }
        // The less-used controls wait behind "More": shut, they take no room;
        // open, each is in sight, a 44 px target, and works (find, the last).
        b.tap("#mode-explore");
        b.settle();
        if b.run("return document.getElementById('leave-practice').hidden") == serde_json::json!(false) {
            b.tap("#leave-yes");
        }
        let shown = "return ['expand-all', 'zoom-fit', 'panel-toggle', 'find'].map(id => document.getElementById(id).offsetParent !== null)";
        assert_eq!(b.run(shown), serde_json::json!([false, false, false, false]), "{name}: behind More");
        b.tap("#more-tools");
        b.settle();
        assert_eq!(
            b.run("return document.getElementById('more-tools').getAttribute('aria-expanded')"),
            "true"
        );
        assert_eq!(b.run(shown), serde_json::json!([true, true, true, true]), "{name}: More opened");
        let m = b.run(&script);
        assert_eq!(m["wide"], serde_json::json!([]), "{name}, More: past the screen's right edge");
        assert_eq!(m["scrolls"], false, "{name}, More: the toolbar scrolls sideways");
        assert_eq!(m["small"], serde_json::json!([]), "{name}, More: tap targets under 44x44 px");
        b.type_into("#find", "#2\u{E007}");
        assert_eq!(b.text("#find-result"), "#2", "{name}: find");
        b.tap("#more-tools");
        b.settle();
        assert_eq!(b.run(shown), serde_json::json!([false, false, false, false]), "{name}: More shut again");
        // Zoomed out far past the first view, a worksheet still reads: every
        // answer box inside its node, no two ids over each other.
        b.tap("#mode-practice");
        // An edge, which a student taps to cut, is a finger wide on screen.
        let band = b.run(
            "const z = parseFloat(document.getElementById('canvas').style.zoom); \
             return Math.min(...[...document.querySelectorAll('#edges line.hit')].map(l => parseFloat(getComputedStyle(l).strokeWidth) * z))",
        );
        assert!(band.as_f64().unwrap() >= 44.0, "{name}: an edge's tap band is {band} px on screen");
        b.tap("#more-tools");
        for _ in 0..4 {
            b.tap("#zoom-out");
        }
        b.settle();
        let spilled = b.run(
            "const inside = (r, o) => r.left >= o.left - 1 && r.right <= o.right + 1 && r.top >= o.top - 1 && r.bottom <= o.bottom + 1; \
             const out = [...document.querySelectorAll('.box input.guess, .box input.wguess')] \
               .filter(i => i.getClientRects().length && !inside(i.getBoundingClientRect(), i.closest('.box').getBoundingClientRect())) \
               .map(i => i.closest('.box').dataset.index); \
             const ids = [...document.querySelectorAll('.box > .id')].filter(e => e.getClientRects().length).map(e => e.getBoundingClientRect()); \
             const over = ids.filter((r, i) => ids.some((q, j) => j > i && r.left < q.right - 1 && q.left < r.right - 1 && r.top < q.bottom - 1 && q.top < r.bottom - 1)).length; \
             return { zoom: document.getElementById('zoom-level').textContent, out, over }",
        );
        assert_eq!(
            spilled["out"],
            serde_json::json!([]),
            "{name} zoomed out: answer boxes out of their nodes: {spilled}"
        );
        assert_eq!(spilled["over"], 0, "{name} zoomed out: ids over each other: {spilled}");
        b.tap("#more-tools");
        b.tap("#mode-explore");
        if b.run("return document.getElementById('leave-practice').hidden") == serde_json::json!(false) {
            b.tap("#leave-yes");
        }
    }
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// Every pair of a practice mark (✓, ✗, ✂, an answer box) or an edge label
/// and another thing to read (an edge label, a node's text or another
/// node's mark or box)
/// whose boxes overlap, by the glyphs' boxes above the baseline as in
/// CROSSINGS; a mark and its own node's or edge's text are apart by design.
const MARK_OVERLAPS: &str = r#"
const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
const glyph = (e) => { if (e.tagName === 'INPUT' || e.tagName === 'LABEL') return e.getBoundingClientRect(); const g = document.createRange(); g.selectNodeContents(e); const r = g.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom - 0.2 * r.height }; };
const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
const owner = (e) => { const n = e.closest('.node'); if (n) return 'n' + n.dataset.id; const g = e.closest('g[data-edge]'); return g ? 'n' + g.dataset.edge : ''; };
const marks = [...document.querySelectorAll('.node .vmark, .node input.guess, .node label.ab, #edges g[data-edge] text')].filter(shown);
const others = [...document.querySelectorAll('.node .id, .node .head, .node .lact, .node .value, .node .vmark, .node input.guess, .node label.ab, #edges g[data-edge] text')].filter(shown);
const name = (e) => `${e.className.baseVal ?? e.className} of #${owner(e).slice(1)} (${(e.value ?? e.textContent).trim()})`;
const out = [];
for (const m of marks) {
  const a = glyph(m);
  for (const o of others) {
    if (o === m || o.contains(m) || m.contains(o) || owner(o) === owner(m)) continue;
    if (hit(a, glyph(o))) out.push(`${name(m)} over ${name(o)}`);
  }
}
return out;
"#;

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn no_practice_mark_overlaps_an_edge_label_or_another_nodes_text() {
    let dir = scratch("practice-marks");
    let trees: [(&str, Vec<&str>, &str); 3] = [
        ("AIMA 5.2", vec!["tree", "--position", AIMA, "--search", "alphabeta"], "9"),
        ("worked example", vec!["checkers", "--position", WORKED, "--search", "alphabeta"], "18"),
        ("27 leaves", vec!["tree", "--position", LEAVES_27, "--search", "alphabeta"], "2"),
    ];
    let b = Browser::start();
    let script = format!("return (function () {{ {MARK_OVERLAPS} }})()");
    let mut all = Vec::new();
    for (k, (name, args, wrong_cut)) in trees.iter().enumerate() {
        let html = page(&dir, &format!("t{k}"), args);
        for size in SIZES {
            b.set_viewport(size.0, size.1);
            b.open(&url(&html));
            pressed(&b, "#mode-practice");
            // A wrong cut (AIMA: c3, where the cut is c2), every value answered
            // (some wrong), then checked: every kind of mark is drawn.
            b.click(&format!("#edges text[data-cut='{wrong_cut}']"));
            b.run(
                "for (const e of document.querySelectorAll('input.guess, input.wguess')) \
                   { e.value = e.dataset.guess === '0' ? '99' : '0'; e.dispatchEvent(new Event('input', { bubbles: true })); }",
            );
            pressed(&b, "#check");
            let marked = b.count(".node .vmark") + b.count("#edges text.emark");
            assert!(marked > 0, "{name}: no marks after a check");
            if let (Some(shots), (1366, 768)) = (std::env::var_os("GAMETREE_SHOTS"), size) {
                b.screenshot(&Path::new(&shots).join(format!("practice-marks-t{k}.png")));
            }
            for o in b.run(&script).as_array().unwrap() {
                all.push(format!("{name} {}x{}: {}", size.0, size.1, o.as_str().unwrap()));
            }
        }
    }
    assert_eq!(all, Vec::<String>::new());
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// Presses the presenter's keys in turn (PageDown, →, space, then ←, PageUp)
/// and reads `at` after each: three steps forward and two back, in any view.
fn clicker(b: &Browser, view: &str, at: &str) {
    let read = || b.run(at).as_i64().unwrap_or_else(|| panic!("{view}: {at} gave no number"));
    let mut seen = vec![read()];
    for key in ["\u{E00F}", "\u{E014}", " ", "\u{E012}", "\u{E00E}"] {
        b.press(key);
        seen.push(read());
    }
    assert!(
        seen[0] < seen[1] && seen[1] < seen[2] && seen[2] < seen[3],
        "{view}: PageDown, → and space step forward: {seen:?}"
    );
    assert_eq!((seen[4], seen[5]), (seen[2], seen[1]), "{view}: ← and PageUp step back: {seen:?}");
    assert_eq!(b.console_errors(), Vec::<String>::new(), "{view}");
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_presenters_keys_are_the_same_in_every_view() {
    let dir = scratch("clicker");
    let aima = page(&dir, "aima", &["tree", "--position", AIMA, "--search", "alphabeta"]);
    let mcts = page(&dir, "mcts", &["tictactoe", "--search", "mcts", "--iterations", "50"]);
    let deep = page(
        &dir,
        "deep",
        &["tictactoe", "--position", "xo.ox.... x", "--depth", "5", "--search", "deepening"],
    );
    let merged = page(
        &dir,
        "merged",
        &["tictactoe", "--position", "x...o.... x", "--depth", "4", "--merge-transpositions"],
    );
    let b = Browser::start();
    b.set_viewport(1366, 768);
    // The explorer's step-through, and p, autoplay's own key.
    b.open(&url(&aima));
    b.click("#mode-step");
    clicker(&b, "step-through", "return Number(document.getElementById('slider').value)");
    b.press("p");
    assert_eq!(b.text("#play"), "❚❚", "p plays");
    b.press("p");
    assert_eq!(b.text("#play"), "▶", "p pauses");
    // Explore, where the arrows move about the tree: the clicker's PageDown
    // and space walk it in the order the search visits it, PageUp back.
    b.click("#mode-explore");
    b.click("#collapse-all");
    b.run("document.getElementById('tree').focus()");
    let selected = || b.run("return Number(document.querySelector('.node.selected').dataset.id)");
    let mut walked = vec![selected()];
    for key in ["\u{E00F}", " ", "\u{E00E}"] {
        b.press(key);
        walked.push(selected());
    }
    // A, then B, B's first leaf, and back to B.
    assert_eq!(walked, [0, 1, 4, 1].map(Value::from), "explore");
    // MCTS: space steps, as a clicker's does; p plays.
    b.open(&url(&mcts));
    b.press("\u{E011}"); // Home: the page opens after the last iteration
    clicker(
        &b,
        "MCTS",
        "return 1000 * Number(document.body.dataset.step || 0) + Number(document.body.dataset.ply || 0)",
    );
    b.press("p");
    assert!(b.text("#play").contains("pause"), "p plays the MCTS page");
    b.press("p");
    // The Iterations view, from the first iteration.
    b.open(&url(&deep));
    b.click("#iteration-1");
    clicker(&b, "Iterations", "return Number(document.getElementById('view-deepening').dataset.shown)");
    // The Positions graph, from no position chosen.
    b.open(&url(&merged));
    assert_eq!(b.run("return document.body.dataset.mode"), Value::from("merged"));
    clicker(
        &b,
        "Positions",
        "const c = document.querySelector('#merged-canvas .mbox.chosen'); return c ? Number(c.dataset.position) : -1",
    );
}

/// At every step the caption (`css`) is read in type of 20 px or more and
/// holds all its lines: the least type size and every step whose caption
/// scrolls, after each click of `next` until `done()` (at most 5000 clicks),
/// and the captions' texts.
const CAPTIONS: &str = r#"
const [css, next] = arguments;
let least = Infinity; const clipped = [], texts = [];
for (let k = 0; k <= 5000; k++) {
  const e = document.querySelector(css);
  least = Math.min(least, parseFloat(getComputedStyle(e).fontSize));
  if (e.scrollHeight > e.clientHeight + 1) clipped.push(`${k}: ${e.scrollHeight} > ${e.clientHeight}: ${e.textContent}`);
  texts.push(e.textContent);
  if (done()) break;
  document.querySelector(next).click();
}
return { least, clipped, texts };
"#;

/// A view's steps: its caption's element, the button to the next step, when
/// the last is reached (a script's expression), and how to go to the first.
struct Steps<'a> {
    caption: &'a str,
    next: &'a str,
    done: &'a str,
    first: &'a str,
}

/// The caption of every step, at each projector's size: never under 20 px,
/// never clipped. Returns the texts.
fn captions(b: &Browser, name: &str, s: &Steps) -> Vec<String> {
    let mut texts = Vec::new();
    for size in [(1366, 768), (1280, 720)] {
        b.set_viewport(size.0, size.1);
        b.run(s.first);
        let args = format!("[{}, {}]", Value::from(s.caption), Value::from(s.next));
        let got =
            b.run(&format!("const done = () => ({});\n{}", s.done, CAPTIONS.replace("arguments", &args)));
        let least = got["least"].as_f64().unwrap();
        assert!(least >= 20.0, "{name} at {size:?}: the caption is {least} px");
        assert_eq!(got["clipped"], Value::Array(vec![]), "{name} at {size:?}: a caption clipped");
        texts = got["texts"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_string()).collect();
        if let Some(dir) = std::env::var_os("GAMETREE_SHOTS") {
            b.screenshot(
                &Path::new(&dir).join(format!("caption-{name}-{}x{}.png", size.0, size.1).replace(' ', "-")),
            );
        }
    }
    texts
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn every_steps_caption_is_large_whole_and_names_nodes_as_the_lesson_does() {
    let dir = scratch("captions");
    let b = Browser::start();
    for (name, args) in [
        ("AIMA 5.2", vec!["tree", "--position", AIMA, "--search", "alphabeta"]),
        ("worked example", vec!["checkers", "--position", WORKED, "--search", "alphabeta"]),
    ] {
        let html = page(&dir, "tree", &args);
        b.open(&url(&html));
        b.click("#mode-step");
        let steps = b.run("return Number(document.getElementById('slider').max)").as_u64().unwrap();
        assert!(steps > 5, "{name}: {steps} steps");
        let done = format!("Number(document.getElementById('slider').value) === {steps}");
        let first = "document.getElementById('to-start').click()";
        let texts =
            captions(&b, name, &Steps { caption: "#step-text", next: "#step-forward", done: &done, first });
        assert_eq!(texts.len() as u64, steps + 1, "{name}: every step");
        for t in &texts {
            assert!(!t.contains("(root)"), "{name}: {t}");
            if name == "AIMA 5.2" {
                // The letters of the book's figure: A, B, C, D; never an id beside them.
                assert!(!t.contains('#'), "{name}: {t}");
            }
        }
        if name == "AIMA 5.2" {
            assert!(texts[1].contains("the root A"), "{}", texts[1]);
            assert!(texts.last().unwrap().contains("The decision: B"), "{}", texts.last().unwrap());
        }
    }
    let mcts = page(&dir, "mcts", &["tictactoe", "--search", "mcts", "--iterations", "30"]);
    b.open(&url(&mcts));
    let done = "document.body.dataset.step === '120'";
    let first = "document.getElementById('to-start').click()";
    let texts = captions(&b, "MCTS", &Steps { caption: "#step-text", next: "#forward", done, first });
    assert!(
        texts.len() > 120,
        "MCTS: every phase of 30 iterations, and the playouts' moves: {}",
        texts.len()
    );
    for t in &texts {
        assert!(!t.contains(" from #") && !t.contains(" at #"), "MCTS names nodes by their moves: {t}");
    }
    let deep = page(
        &dir,
        "deep",
        &["tictactoe", "--position", "xo.ox.... x", "--depth", "5", "--search", "deepening"],
    );
    b.open(&url(&deep));
    let its = b.count("#view-deepening [role=tab]");
    assert!(its >= 3, "{its} iterations");
    let done = format!("document.getElementById('view-deepening').dataset.shown === '{its}'");
    let first = "document.getElementById('iteration-1').click()";
    let caption = "#view-deepening .said";
    let texts = captions(&b, "Iterations", &Steps { caption, next: "#iteration-next", done: &done, first });
    assert_eq!(texts.len(), its, "Iterations: every iteration");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}
