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
            let windows = if name.contains("worked") { None } else { Some(".node input.wguess") };
            readable(&b, &format!("{name} practice"), size, ".node .value, .node input.guess", windows);
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
        if b.run("return !!document.querySelector('#orders:not([hidden])')") != true {
            pressed(&b, "#orders-open");
        }
        readable(&b, "move orders", size, "#orders .drawing .node text", None);
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
            pressed(&b, "#mode-practice");
            b.click("#check");
            look(&format!("{name} practice, checked"), &b);
        }
        b.open(&url(&orders));
        if b.run("return !!document.querySelector('#orders:not([hidden])')") != true {
            pressed(&b, "#orders-open");
        }
        look("move orders", &b);
        b.open(&url(&mcts));
        look("MCTS", &b);
        b.open(&url(&ex.join("practice.html")));
        look("exercise worksheet", &b);
        assert_eq!(all, Vec::<String>::new());
    }
}
