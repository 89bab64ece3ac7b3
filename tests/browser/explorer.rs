//! The explorer page in a real headless Chromium (Debian's chromium and
//! chromium-driver, which `.ci/run` installs): it is tested as a person meets
//! it, by clicking and reading, never by reading the HTML as text.

use crate::support;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};
use support::browser::{Browser, PrintSize};

const BIN: &str = env!("CARGO_BIN_EXE_gametree");
const WORKED: &str = "......../......../......../......../......../B.w...../.w....../..b..... b";
/// Official test4's position after its ten input actions, black to move.
const TEST4_AFTER_TEN: &str = ".w.w.w.w/w.w...../.w.w.w../......w./.....w.b/b.b.b.../.b.b.b.b/b.b.b... b";

fn scratch(tag: &str) -> support::Scratch {
    support::Scratch::new(&format!("explorer-{tag}"))
}

/// Writes the explorer page and the JSON export of one tree; returns both paths.
fn export(dir: &Path, args: &[&str]) -> (PathBuf, PathBuf) {
    let json = dir.join("tree.json");
    (export_page(dir, args, Some(&json)), json)
}

/// The explorer page of `analyse ARGS`, and the JSON export too where asked.
fn export_page(dir: &Path, args: &[&str], json: Option<&Path>) -> PathBuf {
    let html = dir.join("tree.html");
    let mut cmd = Command::new(BIN);
    cmd.args(["analyse"]).args(args).arg("--html").arg(&html);
    if let Some(json) = json {
        cmd.arg("--json").arg(json);
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    html
}

fn url(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// One tree's explorer page open in a headless browser (shared between tests,
/// see support::browser), with the nodes of the same tree's JSON export; its
/// scratch folder goes when it does.
struct Page {
    b: Browser,
    nodes: Vec<Value>,
    html: PathBuf,
    /// How long the page took to open, as the driver saw it.
    took: std::time::Duration,
    /// Goes with the page (after the browser has let go of it: fields drop in order).
    dir: support::Scratch,
}

impl Page {
    fn open(tag: &str, args: &[&str]) -> Page {
        Page::opened(tag, args, true, Browser::start)
    }

    /// The page alone, without the JSON export: for trees whose JSON, read
    /// whole into memory, would cost the test more than the page itself.
    fn open_page_only(tag: &str, args: &[&str]) -> Page {
        Page::opened(tag, args, false, Browser::start)
    }

    /// In a browser of its own, whose memory is this page's alone.
    fn open_alone(tag: &str, args: &[&str], with_json: bool) -> Page {
        Page::opened(tag, args, with_json, Browser::start_alone)
    }

    fn opened(tag: &str, args: &[&str], with_json: bool, browser: fn() -> Browser) -> Page {
        let dir = scratch(tag);
        let json = dir.join("tree.json");
        let html = export_page(&dir, args, with_json.then_some(json.as_path()));
        let b = browser();
        let took = b.open(&url(&html));
        let nodes = if with_json { nodes(&json) } else { Vec::new() };
        Page { b, nodes, html, took, dir }
    }

    /// When the page, by its own clock, had drawn its first view.
    fn ready_ms(&self) -> Value {
        self.b.run("return document.body.dataset.readyMs")
    }
}

fn nodes(json: &Path) -> Vec<Value> {
    let doc: Value = serde_json::from_slice(&fs::read(json).unwrap()).unwrap();
    doc["nodes"].as_array().unwrap().clone()
}

/// Ids of the nodes drawn with the `pruned` look.
fn drawn_pruned(b: &Browser) -> Vec<u64> {
    let v = b.run("return [...document.querySelectorAll('.node.pruned')].map(e => Number(e.dataset.id))");
    let mut ids: Vec<u64> = v.as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
    ids.sort_unstable();
    ids
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_worked_example_page_loads_alone_and_shows_the_decision() {
    let page = Page::open("load", &["checkers", "--position", WORKED, "--search", "alphabeta"]);
    let (b, nodes) = (&page.b, &page.nodes);
    eprintln!(
        "worked example: ready in {} ms ({} ms after navigation began)",
        page.took.as_millis(),
        page.ready_ms()
    );
    assert_eq!(b.console_errors(), Vec::<String>::new());
    assert_eq!(b.requests(&url(&page.html)), Vec::<String>::new(), "the page fetched something");
    assert_eq!(b.text("#decision"), "A6-B5");
    assert_eq!(b.text("#decision-value"), "1");
    assert_eq!(b.text("#search"), "alpha-beta");

    // Its 30 nodes open whole (a tree of at most 40 does); "Collapse all"
    // folds it to the root, its children, and the children of each node on
    // the line of best play.
    assert_eq!(b.count(".node"), nodes.len());
    let mut on_line = vec![0];
    while let Some(best) = nodes[*on_line.last().unwrap()]["best_child"].as_u64() {
        on_line.push(best as usize);
    }
    let opened: usize = on_line.iter().map(|&n| nodes[n]["children"].as_array().unwrap().len()).sum();
    b.click("#collapse-all");
    let before = b.count(".node");
    assert_eq!(before, 1 + opened);
    // Expanding and collapsing changes what is drawn.
    b.click(".node[data-id='2'] .toggle");
    let expanded = b.count(".node");
    assert!(expanded > before, "{expanded} nodes after expanding #2, {before} before");
    b.click(".node[data-id='2'] .toggle");
    assert_eq!(b.count(".node"), before);
    b.click(".node[data-id='1'] .toggle");
    assert_eq!(b.count(".node"), 3, "collapsing #1 leaves the root and its two children");
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_node_panel_shows_the_json_exports_values_for_every_node() {
    for search in ["minimax", "alphabeta"] {
        let page = Page::open("panel", &["checkers", "--position", WORKED, "--search", search]);
        let (b, nodes) = (&page.b, &page.nodes);
        b.click("#expand-all");
        assert_eq!(b.count(".node"), nodes.len());
        for n in nodes {
            let id = n["id"].as_u64().unwrap();
            b.click(&format!(".node[data-id='{id}'] .act"));
            // The panel's fields read in one round trip to the browser.
            let fields = b.run(
                "return Object.fromEntries([...document.querySelectorAll('#panel [data-field]')]\
                 .map(e => [e.dataset.field, e.innerText]))",
            );
            let field = |k: &str| {
                fields[k].as_str().unwrap_or_else(|| panic!("no field {k} for node {id}")).to_string()
            };
            assert_eq!(field("id"), id.to_string());
            assert_eq!(field("depth"), n["depth"].to_string());
            // The parent and the best child by their names, as every view names
            // them, with their ids ("C (#2)", "#5 (b2)").
            match n["parent"].as_u64() {
                None => assert_eq!(field("parent"), "—"),
                Some(p) => {
                    let (said, name) = (field("parent"), nodes[p as usize]["name"].as_str().unwrap());
                    assert!(
                        said.contains(name) && said.contains(&format!("#{p}")),
                        "node {id}'s parent: {said}"
                    );
                }
            }
            assert_eq!(field("action"), n["action"].as_str().unwrap_or("(root)"));
            assert_eq!(field("cost"), minus(&n["cost"].to_string()), "{search} node {id} cost");
            assert_eq!(field("value"), shown_value(n), "{search} node {id} value");
            if let Some(best) = n["best_child"].as_u64() {
                let (said, name) = (field("best"), nodes[best as usize]["name"].as_str().unwrap());
                assert!(
                    said.contains(name) && said.contains(&format!("#{best}")),
                    "{search} node {id} best: {said}"
                );
            }
            if search == "alphabeta" && !n["pruned"].as_bool().unwrap() {
                assert_eq!(field("alpha"), window_end(&n["alpha"]), "node {id} alpha");
                assert_eq!(field("beta"), window_end(&n["beta"]), "node {id} beta");
            }
        }
        assert_eq!(b.console_errors(), Vec::<String>::new());
    }
}

/// Numbers as the page writes them: a true minus sign, infinite bounds as ∞.
fn minus(s: &str) -> String {
    s.replace('-', "−")
}

/// A node's value as the page writes it, from the JSON export: `pruned`, or the
/// number with `≥` or `≤` before it where alpha-beta returned a bound.
fn shown_value(n: &Value) -> String {
    let Some(v) = n["value"].as_i64() else { return "pruned".into() };
    let v = bound(v);
    match n["bound"].as_str() {
        Some("lower") => format!("≥ {v}"),
        Some("upper") => format!("≤ {v}"),
        _ => v,
    }
}

/// The value a drawn node shows: compact nodes leave out the word "value".
fn drawn_value(b: &Browser, id: u64) -> String {
    let text = b.text(&format!(".node[data-id='{id}'] .value"));
    text.strip_prefix("value ").unwrap_or(&text).to_string()
}

/// The line of best play, by id, from the JSON export's best children.
fn line_of(nodes: &[Value]) -> Vec<usize> {
    let mut line = vec![0];
    while let Some(best) = nodes[*line.last().unwrap()]["best_child"].as_u64() {
        line.push(best as usize);
    }
    line
}

/// A window end of the JSON or the trace as the page writes it: the infinities
/// are the strings "-∞" and "+∞" there.
fn window_end(v: &Value) -> String {
    v.as_i64().map_or_else(|| minus(v.as_str().unwrap()), bound)
}

fn bound(v: i64) -> String {
    match v {
        v if v == i64::from(i32::MIN) => "−∞".into(),
        v if v == i64::from(i32::MAX) => "+∞".into(),
        v => minus(&v.to_string()),
    }
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn stepping_through_alpha_beta_ends_with_the_exports_values_and_pruned_set() {
    let page = Page::open("step", &["checkers", "--position", WORKED, "--search", "alphabeta"]);
    let (b, nodes) = (&page.b, &page.nodes);
    let mut pruned: Vec<u64> =
        nodes.iter().filter(|n| n["pruned"] == true).map(|n| n["id"].as_u64().unwrap()).collect();
    pruned.sort_unstable();
    assert_eq!(pruned.len(), 10);
    b.click("#expand-all");
    b.click("#mode-step");
    // At the start nothing is known.
    assert_eq!(drawn_pruned(b), Vec::<u64>::new());
    assert_eq!(b.count(".node .value"), nodes.len());
    assert!(b.text(".node[data-id='0'] .value").ends_with('?'));
    b.click("#step-forward");
    assert!(b.text("#step-text").contains("start at the root"), "{}", b.text("#step-text"));
    b.click("#to-end");
    assert_eq!(drawn_value(b, 0), "1");
    assert_eq!(drawn_pruned(b), pruned);
    // Every searched node ends with the value the export gives it, bounds as bounds.
    for n in nodes.iter().filter(|n| n["pruned"] == false) {
        let id = n["id"].as_u64().unwrap();
        assert_eq!(drawn_value(b, id), shown_value(n), "node {id}");
    }
    // The last step names the decision and marks its node.
    assert!(b.text("#step-text").contains("The decision: A6-B5, value 1"), "{}", b.text("#step-text"));
    assert_eq!(b.count(".node.decision[data-id='1']"), 1);
    // A cut-off names the children it skipped, and why, in the panel.
    b.click(".node[data-id='2'] .act");
    let cut = b.text("#panel [data-field='cut']");
    assert!(
        cut.contains("#18 (B7-C8) and #19 (B7-A8) are never looked at: MIN at #2 (C8-D7) already has 0"),
        "{cut}"
    );
    b.click("#to-start");
    assert_eq!(drawn_pruned(b), Vec::<u64>::new());
    assert!(b.text(".node[data-id='0'] .value").ends_with('?'));
    b.click("#step-forward");
    b.click("#step-back");
    assert!(b.text("#step-text").contains("step 0"));
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn practice_marks_wrong_values_wrong_and_right_values_right() {
    for search in ["minimax", "alphabeta"] {
        let page = Page::open("practice", &["checkers", "--position", WORKED, "--search", search]);
        let b = &page.b;
        b.click("#mode-practice");
        // Propagated values are hidden: inner nodes ask for them.
        assert!(b.count(".node input.guess") > 0);
        assert_eq!(b.count(".node .value"), b.count(".node.leaf"));
        b.type_into("input[data-guess='0']", "7");
        b.click("#check");
        assert_eq!(
            b.run("return document.querySelector('.node[data-id=\"0\"]').classList.contains('wrong')"),
            true
        );
        b.type_into("input[data-guess='0']", "1");
        b.click("#check");
        assert_eq!(
            b.run("return document.querySelector('.node[data-id=\"0\"]').classList.contains('right')"),
            true
        );
        // Reveal keeps the student's score, and fills in the engine's
        // answers, which then check as all right.
        let before = b.text("#practice-score");
        b.click("#reveal");
        let revealed = b.text("#practice-score");
        assert!(revealed.starts_with(&format!("Your answers: {before}")), "{search}: {revealed}");
        assert_eq!(b.run("return document.querySelector(\"input[data-guess='0']\").value"), "1");
        b.click("#check");
        let score = b.text("#practice-score");
        let (right, rest) = score.split_once(" of ").unwrap();
        assert_eq!(Some(right), rest.split(' ').next(), "{search}: {score}");
        assert_eq!(b.console_errors(), Vec::<String>::new());
    }
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn find_and_keys_move_through_the_tree() {
    let page = Page::open("keys", &["checkers", "--position", WORKED]);
    let b = &page.b;
    b.type_into("#find", "A6-B5 B7-A8\n");
    assert_eq!(b.text("#panel [data-field='path']"), "A6-B5 B7-A8");
    b.type_into("#find", "17\n");
    assert_eq!(b.text("#panel [data-field='id']"), "17");
    b.run("document.getElementById('tree').focus()");
    b.run("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowUp'}))");
    assert_eq!(b.text("#panel [data-field='id']"), "2");
    b.run("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'}))");
    assert_eq!(b.text("#panel [data-field='id']"), "1");
    b.run("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowDown'}))");
    assert_eq!(b.text("#panel [data-field='id']"), "3");
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn every_game_draws_its_board() {
    use gametree::games::{ALL, Settings};
    for &name in ALL {
        let game = name.as_str();
        // From the game's own board description: whether it has a board, and
        // whether units stand on it at the start and after its first action.
        let (board, units_at_start, units_after_first) =
            gametree::with_game!(name, &Settings::default(), |g| {
                let start = g.start();
                let mut actions = Vec::new();
                g.actions(&start, &mut actions);
                let picture = g.picture();
                let has_units = |cells: String| cells.chars().any(|c| picture.unit(c).is_some());
                let first = actions.first().map(|&a| g.apply(&start, a));
                (
                    !picture.points.is_empty(),
                    has_units(g.cells(&start)),
                    first.is_some_and(|p| has_units(g.cells(&p))),
                )
            });
        let page = Page::open(game, &[game, "--depth", "1"]);
        let b = &page.b;
        assert_eq!(b.console_errors(), Vec::<String>::new(), "{game}");
        // Boards on the nodes: the compact view has them only on hover and in the panel.
        if b.run("return document.getElementById('compact').getAttribute('aria-pressed')") == "true" {
            b.click("#compact");
        }
        assert_eq!(b.text("#game"), game);
        if !board {
            assert_eq!(b.count(".node svg.board"), 0, "{game} has no board to draw");
            continue;
        }
        // Every drawn node has a board with coordinates; the children's boards
        // show the units their actions put there.
        let boards = b.count(".node svg.board");
        assert_eq!(boards, b.count(".node"), "{game}");
        assert!(b.count(".node svg.board .coord") > 0, "{game}: coordinates");
        let root_units = b.count("#summary svg.board circle[fill]");
        assert_eq!(root_units > 0, units_at_start, "{game}: units on the root's board");
        assert_eq!(
            b.count(".node[data-id='1'] svg.board circle[fill]") > 0,
            units_after_first,
            "{game}: units after the first action"
        );
    }
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn a_depth_6_tree_opens_and_pages_its_children() {
    let page = Page::open_page_only("deep", &["checkers", "--position", TEST4_AFTER_TEN, "--depth", "6"]);
    let b = &page.b;
    let size = fs::metadata(&page.html).unwrap().len();
    eprintln!(
        "depth-6 tree of test4 (246,959 nodes, {size} bytes): ready in {} ms ({} ms after navigation began)",
        page.took.as_millis(),
        page.ready_ms()
    );
    assert_eq!(b.text("#nodes"), "246959");
    assert_eq!(b.console_errors(), Vec::<String>::new());

    // A node of 200 or more children is shown 50 at a time.
    let centre = "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 o";
    let page = Page::open("wide", &["gomoku", "--position", centre, "--depth", "1", "--radius", "14"]);
    let b = &page.b;
    assert_eq!(page.nodes.len(), 1 + 224);
    assert_eq!(b.count(".node"), 1 + 50);
    b.click("button.more");
    assert_eq!(b.count(".node"), 1 + 100);
}

#[test]
#[cfg_attr(not(has_course_fixtures), ignore = "needs the course fixtures: set GAMETREE_COURSE_FIXTURES")]
#[cfg_attr(
    not(any(has_chromium, not(has_course_fixtures))),
    ignore = "needs Debian's chromium and chromium-driver"
)]
fn test1s_eleventh_action_page_shows_its_decision() {
    let input = support::course_data("official").join("test1.txt");
    assert!(input.is_file(), "the course fixtures are missing: {}", input.display());
    let dir = scratch("test1");
    let out = Command::new(BIN).arg("checkers").arg(&input).arg("--export-trees").arg(&dir).output().unwrap();
    assert!(out.status.success());
    let html = dir.join("action-11.html");
    let b = Browser::start();
    let took = b.open(&url(&html));
    let page = b.run("return document.body.dataset.readyMs");
    eprintln!(
        "test1 action 11 (767 nodes): ready in {} ms ({page} ms after navigation began)",
        took.as_millis()
    );
    assert_eq!(b.text("#decision"), "H3-F1");
    assert_eq!(b.text("#nodes"), "767");
    // A click on the fully drawn tree: its time is reported, not asserted.
    b.click("#expand-all");
    assert_eq!(b.count(".node"), 767);
    let ms = b.run(
        "const t = performance.now(); document.querySelector(\".node[data-id='1'] .toggle\").click(); \
         document.body.getBoundingClientRect(); return performance.now() - t;",
    );
    let after = b.count(".node");
    assert!(after < 767, "collapsing #1 hides its subtree ({after} nodes drawn)");
    eprintln!("test1 action 11, all 767 nodes drawn: a click that collapses #1 took {ms} ms");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn a_scoped_page_keeps_the_trees_ids_and_says_what_it_leaves_out() {
    let page = Page::open("scope", &["checkers", "--position", WORKED, "--show-line"]);
    let (b, nodes) = (&page.b, &page.nodes);
    // The page holds the root and the children of each node on the line of best
    // play, under their ids in the whole tree.
    let mut on_line = vec![0];
    while let Some(best) = nodes[*on_line.last().unwrap()]["best_child"].as_u64() {
        on_line.push(best as usize);
    }
    let mut expected: Vec<u64> = vec![0];
    for &n in &on_line {
        expected.extend(nodes[n]["children"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()));
    }
    expected.sort_unstable();
    b.click("#expand-all");
    let v = b.run("return [...document.querySelectorAll('.node')].map(e => Number(e.dataset.id))");
    let mut drawn: Vec<u64> = v.as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
    drawn.sort_unstable();
    assert_eq!(drawn, expected);
    assert!(b.text("#nodes").starts_with("30 ("), "{}", b.text("#nodes"));
    // Node 2 (C8-D7) is off the line: its 13 descendants are not in the page.
    assert_eq!(b.text(".node[data-id='2'] .cut"), "+13 nodes not in this page");
    // Below a cut the ids skip what it hides: the children of the line's second
    // node come after node 3's hidden subtree, and the panel names them rightly.
    let second = on_line[2];
    for c in nodes[second]["children"].as_array().unwrap() {
        let c = c.as_u64().unwrap() as usize;
        b.click(&format!(".node[data-id='{c}'] .act"));
        assert_eq!(b.text("#panel [data-field='id']"), c.to_string());
        assert_eq!(b.text("#panel [data-field='parent']"), nodes[second]["name"].as_str().unwrap());
        assert_eq!(b.text("#panel [data-field='action']"), nodes[c]["action"].as_str().unwrap());
        assert_eq!(b.text("#panel [data-field='value']"), minus(&nodes[c]["value"].to_string()));
    }
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// Whether the drawn node `id` lies wholly inside the tree's visible area.
fn on_screen(b: &Browser, id: usize) -> bool {
    let script = format!(
        "const t = document.getElementById('tree').getBoundingClientRect(); \
         const e = document.querySelector(\".node[data-id='{id}']\"); if (!e) return false; \
         const r = e.getBoundingClientRect(); \
         return r.width > 0 && r.left >= t.left && r.right <= t.right && r.top >= t.top && r.bottom <= t.bottom \
           && r.bottom <= window.innerHeight && r.right <= window.innerWidth;"
    );
    b.run(&script) == true
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn on_a_1366_by_768_projector_the_first_view_shows_the_whole_line_of_best_play() {
    let dir = scratch("projector");
    let (html, json) = export(&dir, &["checkers", "--position", WORKED, "--search", "alphabeta"]);
    let nodes = nodes(&json);
    let b = Browser::start();
    b.set_size(1366, 768);
    b.open(&url(&html));
    let line = line_of(&nodes);
    assert_eq!(line.len(), 4, "root, A6-B5, B7-A8, B5-D7");
    for &id in &line {
        assert!(on_screen(&b, id), "node {id} of the line is off screen at first view");
    }
    assert_eq!(b.text("#decision"), "A6-B5");
    // Zoomed to fit, but not so small that a room cannot read it.
    let zoom: f64 =
        b.run("return parseFloat(document.getElementById('canvas').style.zoom)").as_f64().unwrap();
    assert!(zoom >= 0.75, "fitted at {zoom}");
    // Expand all, then fit: the whole tree is in view.
    b.click("#expand-all");
    for id in [0, 5, 29] {
        assert!(on_screen(&b, id), "node {id} off screen after expand all");
    }
    // 200% browser zoom on the same screen, and a 400 px phone: the tree keeps room.
    for (w, h) in [(683, 527), (400, 800)] {
        b.set_size(w, h);
        let (tw, th) = (
            b.run("return document.getElementById('tree').clientWidth"),
            b.run("return document.getElementById('tree').clientHeight"),
        );
        let (tw, th) = (tw.as_f64().unwrap(), th.as_f64().unwrap());
        let inner = b.run("return window.innerWidth").as_f64().unwrap();
        assert!(tw >= inner * 0.9, "{w}x{h}: the tree is {tw} px wide of {inner}");
        assert!(th >= 200.0, "{w}x{h}: the tree is {th} px high");
    }
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// The text of a PDF and its page count, with poppler's pdftotext and pdfinfo.
fn pdf_text(dir: &Path, pdf: &[u8]) -> (String, usize) {
    let path = dir.join("print.pdf");
    fs::write(&path, pdf).unwrap();
    let text =
        Command::new("pdftotext").arg(&path).arg("-").output().expect("pdftotext (poppler-utils) runs");
    let info = Command::new("pdfinfo").arg(&path).output().expect("pdfinfo (poppler-utils) runs");
    let info = String::from_utf8(info.stdout).unwrap();
    let pages = info.lines().find_map(|l| l.strip_prefix("Pages:")).unwrap().trim().parse().unwrap();
    (String::from_utf8(text.stdout).unwrap(), pages)
}

#[test]
#[cfg_attr(
    not(all(has_chromium, has_pdftotext)),
    ignore = "needs Debian's chromium, chromium-driver and poppler-utils"
)]
fn practice_gives_no_answer_away_on_screen_in_the_title_or_in_print() {
    let page = Page::open("worksheet", &["checkers", "--position", WORKED, "--search", "alphabeta"]);
    let b = &page.b;
    b.click("#mode-practice");
    let title = b.run("return document.title").as_str().unwrap().to_string();
    let text = b.run("return document.body.innerText").as_str().unwrap().to_string();
    let (printed, pages) = pdf_text(&page.dir, &b.print_pdf(PrintSize::A4, true));
    assert_eq!(pages, 1);
    assert!(printed.contains("Name:"), "a worksheet has room for a name:\n{printed}");
    // The decision, its value, the line and the counts of visited and pruned nodes.
    for (what, shown) in [("title", &title), ("page", &text), ("print", &printed)] {
        for answer in [
            "A6-B5 B7-A8 B5-D7",
            "ecision",
            "line of best play",
            "20 / 10",
            "visited",
            "cut-off",
            "pruned",
            "≤ 0",
        ] {
            assert!(!shown.contains(answer), "the {what} gives away {answer:?}:\n{shown}");
        }
    }
    assert_eq!(b.count(".node.pruned"), 0);
    assert_eq!(b.count(".node.line"), 0);
    assert_eq!(b.count(".node:not(.leaf) .value"), 0, "inner nodes ask for their values");
    assert_eq!(b.count(".node:not(.leaf) input.guess"), 8, "the worked example's 8 inner nodes, all drawn");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn practice_on_a_textbook_tree_shows_no_inner_nodes_static_cost() {
    // A textbook tree's inner node has no evaluation but its minimax value:
    // the panel must not show it while the student is asked for it.
    let page = Page::open(
        "tree-practice",
        &["tree", "--position", "((3 12 8) (2 4 6) (14 5 2))", "--search", "alphabeta"],
    );
    let b = &page.b;
    b.type_into("#find", "0\n");
    assert_eq!(b.count("#panel [data-field='cost']"), 1, "explore shows it");
    b.click("#mode-practice");
    b.type_into("#find", "0\n");
    assert_eq!(b.count("#panel [data-field='cost']"), 0, "practice hides the root's");
    b.type_into("#find", "4\n");
    assert_eq!(b.count("#panel [data-field='cost']"), 1, "a leaf's cost is given");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn a_tic_tac_toe_cut_off_shows_its_bound_as_a_bound() {
    let page = Page::open("bound", &["tictactoe", "--position", "x...o.... x", "--search", "alphabeta"]);
    let (b, nodes) = (&page.b, &page.nodes);
    // Node 21: x to move could win at once (minimax: 1002), but alpha-beta
    // stopped at its first reply, already at or above β: a lower bound.
    assert_eq!(nodes[21]["bound"], "lower");
    // (This wide first view opens with the panel shut, the tree taking the width.)
    if b.run("return document.body.classList.contains('panel-shut')") == true {
        b.click("#panel-toggle");
    }
    b.type_into("#find", "21\n");
    assert_eq!(b.text("#panel [data-field='value']"), "≥ −1001");
    assert!(b.text("#panel [data-field='bound']").starts_with("a lower bound"));
    assert_eq!(drawn_value(b, 21), "≥ −1001");
    // An α cut-off leaves an upper bound.
    let upper = nodes.iter().find(|n| n["bound"] == "upper").unwrap();
    let id = upper["id"].as_u64().unwrap();
    b.type_into("#find", &format!("{id}\n"));
    assert_eq!(drawn_value(b, id), shown_value(upper));
    assert!(drawn_value(b, id).starts_with('≤'));
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(
    not(all(has_chromium, has_pdftotext)),
    ignore = "needs Debian's chromium, chromium-driver and poppler-utils"
)]
fn printing_gives_one_page_with_the_whole_tree_and_no_controls() {
    let page = Page::open("print", &["checkers", "--position", WORKED, "--search", "alphabeta"]);
    let b = &page.b;
    // The page asks for landscape paper for this wide tree, and fits it to
    // either size. It writes its print style a moment after a click (a changed
    // style sheet restyles every node), and at once when printing begins.
    // The tree (30 nodes) opens whole, so landscape; folded to its line it
    // is narrow (portrait), and landscape again once expanded.
    // (Waited for up to a minute, not five seconds: a loaded machine may give
    // the page's timer nothing for a while.)
    b.click("#collapse-all");
    b.wait_until("return !document.getElementById('page-style').textContent.includes('landscape')");
    b.click("#expand-all");
    b.wait_until("return document.getElementById('page-style').textContent.includes('landscape')");
    for size in [PrintSize::A4, PrintSize::US_LETTER] {
        let (text, pages) = pdf_text(&page.dir, &b.print_pdf(size, true));
        assert_eq!(pages, 1, "{size:?}");
        let ids: std::collections::BTreeSet<u64> = text
            .split(|c: char| !(c == '#' || c.is_ascii_digit()))
            .filter_map(|w| w.strip_prefix('#')?.parse().ok())
            .collect();
        assert_eq!(ids, (0..30).collect(), "every node's id is printed ({size:?}):\n{text}");
        for control in ["Expand all", "Step through", "Reset view", "Find", "Node #", "Details"] {
            assert!(!text.contains(control), "{control:?} printed:\n{text}");
        }
        // An answer key: the decision and the bound at the cut.
        assert!(text.contains("Decision"), "{text}");
        assert!(text.replace(' ', "").contains("≤0"), "{text}");
    }
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn stepping_with_the_panel_following_gives_the_traces_windows() {
    let dir = scratch("follow");
    let (html, trace) = (dir.join("tree.html"), dir.join("trace.json"));
    let out = Command::new(BIN)
        .args(["analyse", "checkers", "--position", WORKED, "--search", "alphabeta", "--html"])
        .arg(&html)
        .arg("--trace")
        .arg(&trace)
        .output()
        .unwrap();
    assert!(out.status.success());
    let doc: Value = serde_json::from_slice(&fs::read(&trace).unwrap()).unwrap();
    let events = doc["events"].as_array().unwrap();
    let b = Browser::start();
    b.open(&url(&html));
    b.click("#mode-step");
    // From the trace alone: where the search is, and each node's window now.
    let mut parent = std::collections::HashMap::new();
    let mut path: Vec<u64> = Vec::new();
    let mut window = std::collections::HashMap::new();
    let mut current = 0;
    for (k, e) in events.iter().enumerate() {
        let node = e["node"].as_u64().unwrap();
        match e["type"].as_str().unwrap() {
            "enter" => {
                if let Some(&p) = path.last() {
                    parent.insert(node, p);
                }
                path.push(node);
                current = node;
                window.insert(node, (window_end(&e["alpha"]), window_end(&e["beta"])));
            }
            "window" => {
                window.insert(node, (window_end(&e["alpha"]), window_end(&e["beta"])));
            }
            "return" => {
                path.pop();
                current = parent.get(&node).copied().unwrap_or(node);
            }
            _ => {}
        }
        b.click("#step-forward");
        // What the page shows, read in one round trip to the browser.
        let seen = b.run(
            "const f = (k) => document.querySelector(`#panel [data-field='${k}']`)?.innerText; \
             return { id: f('id'), window: f('window'), \
                      current: [...document.querySelectorAll('.node.current')].map(e => e.dataset.id), \
                      path: document.querySelectorAll('.node.path').length }",
        );
        assert_eq!(seen["id"], current.to_string(), "step {}", k + 1);
        let (a, z) = &window[&current];
        // A window that has closed (α ≥ β: the node cuts off) is no range, and says so.
        let end = |s: &str| s.replace('−', "-").parse::<i64>().ok();
        let closed = matches!((end(a), end(z)), (Some(a), Some(z)) if a > z);
        let want = if closed { "α ≥ β ✂".to_string() } else { format!("[{a}, {z}]") };
        assert_eq!(seen["window"], want, "step {}: node {current}", k + 1);
        // The current node is drawn and the path to it highlighted.
        assert_eq!(seen["current"], json!([current.to_string()]), "step {}", k + 1);
        assert!(seen["path"].as_u64().unwrap() >= 1);
    }
    // Step over and the cut-off jumps: from the start, over the root's first
    // child's subtree, then to the one cut-off and back.
    b.click("#to-start");
    b.click("#step-forward");
    b.click("#step-forward");
    assert!(b.text("#step-text").contains("enter #1 (A6-B5)"), "{}", b.text("#step-text"));
    b.click("#step-over");
    assert!(b.text("#step-text").contains("#1 (A6-B5) returns 1 to the root"), "{}", b.text("#step-text"));
    b.click("#next-cut");
    // The cut-off by name and with its reason: what MIN has, and MAX's bound with where it came from.
    assert!(
        b.text("#step-text").contains(
            "#18 (B7-C8) and #19 (B7-A8) are never looked at: MIN at #2 (C8-D7) already has 0, \
             and MAX at the root has 1 from #1 (A6-B5)"
        ),
        "{}",
        b.text("#step-text")
    );
    b.click("#next-cut");
    assert!(b.text("#step-text").contains("no later cut-off"), "{}", b.text("#step-text"));
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn practice_scores_the_textbook_answer_to_the_worked_example_right() {
    let page = Page::open("textbook", &["checkers", "--position", WORKED, "--search", "alphabeta"]);
    let (b, nodes) = (&page.b, &page.nodes);
    b.click("#mode-practice");
    // Nothing entered: nothing right, and each question counted once.
    b.click("#check");
    // The textbook answer (docs/teaching.md): the values 1 at the root, 1 and
    // "at most 0" on level 1, 3 and 1 under A6-B5 and 0 under C8-D7; and
    // nodes 18 and 19 cut off under C8-D7.
    let answer = [(0, "1"), (1, "1"), (2, "<=0"), (3, "3"), (4, "1"), (17, "0")];
    let asked =
        nodes.iter().filter(|n| n["pruned"] == false && !n["children"].as_array().unwrap().is_empty());
    assert_eq!(asked.map(|n| n["id"].as_u64().unwrap()).collect::<Vec<_>>(), [0, 1, 2, 3, 4, 17]);
    let total = answer.len() + 2;
    assert!(
        b.text("#practice-score").starts_with(&format!("0 of {total} right")),
        "{}",
        b.text("#practice-score")
    );
    for (id, v) in answer {
        b.type_into(&format!("input[data-guess='{id}']"), v);
    }
    // The cuts by their labels, as a student clicks them: on an upright edge
    // the label stands on the line's middle, where it takes the click (and
    // cuts the same edge).
    b.click("#edges text[data-cut='18']");
    b.click("#edges text[data-cut='19']");
    // The subtrees under the cuts follow: their inner nodes ask nothing.
    assert_eq!(b.count(".node.cut-out"), 2 + 8);
    b.click("#check");
    let score = b.text("#practice-score");
    assert!(score.starts_with(&format!("{total} of {total} right")), "{score}");
    assert_eq!(b.count(".node.wrong"), 0);
    // "≥"/"≤" as typed symbols, and a plain number for a bound, are right too;
    // the wrong bound is not.
    b.type_into("input[data-guess='2']", "≤ 0");
    b.click("#check");
    assert!(b.text("#practice-score").starts_with(&format!("{total} of {total} right")));
    b.type_into("input[data-guess='2']", "0");
    b.click("#check");
    assert!(b.text("#practice-score").starts_with(&format!("{total} of {total} right")));
    b.type_into("input[data-guess='2']", ">=0");
    b.click("#check");
    assert!(b.text("#practice-score").contains("values 5 right, 1 wrong"), "{}", b.text("#practice-score"));
    // A wrong cut is marked on its edge, apart from the values.
    b.type_into("input[data-guess='2']", "<=0");
    b.click("#edges g[data-edge='3'] line.hit");
    b.click("#check");
    let score = b.text("#practice-score");
    // (Node 3, under the student's own cut, asks nothing: it is not counted blank.)
    assert!(score.contains("values 5 right, 0 wrong, 0 blank; cuts 2 right, 1 wrong, 0 missed"), "{score}");
    assert_eq!(b.count("#edges g.c-wrong[data-edge='3']"), 1);
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// Runs `action` (JavaScript, with `i` its round) `times` times in the page,
/// each timed by the page's clock with the style and layout it causes; returns
/// the times in ms, sorted.
fn timed(b: &Browser, action: &str, times: usize) -> Vec<f64> {
    let mut ms: Vec<f64> = (0..times)
        .map(|i| {
            let script = format!(
                "const i = {i}; const t = performance.now(); {action}; \
                 document.body.getBoundingClientRect(); return performance.now() - t;"
            );
            b.run(&script).as_f64().unwrap()
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    ms
}

fn spread(ms: &[f64]) -> String {
    format!("median {:.1} ms, max {:.1} ms over {}", ms[ms.len() / 2], ms[ms.len() - 1], ms.len())
}

/// Plays the step-through at its fastest speed (50 steps a second) for three
/// seconds from the start; returns the steps taken a second, by the page's clock.
fn playback(b: &Browser) -> f64 {
    b.click("#mode-step");
    let t0 = b.run(
        "const s = document.getElementById('speed'); s.value = '20';          document.getElementById('to-start').click(); document.getElementById('play').click(); return performance.now()",
    );
    std::thread::sleep(std::time::Duration::from_secs(3));
    let end = b.run(
        "const t = performance.now(); const n = Number(document.getElementById('slider').value);          document.getElementById('play').click(); return [t, n]",
    );
    let ms = end[0].as_f64().unwrap() - t0.as_f64().unwrap();
    end[1].as_f64().unwrap() / (ms / 1000.0)
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn interactions_on_a_4032_node_tree_are_measured() {
    // test4's position after ten actions, depth 4 under alpha-beta: 4,032 nodes, all drawn.
    let page = Page::open_alone(
        "big",
        &["checkers", "--position", TEST4_AFTER_TEN, "--depth", "4", "--search", "alphabeta"],
        true,
    );
    let b = &page.b;
    assert_eq!(b.text("#nodes"), "4032");
    let expand = timed(b, "document.getElementById('expand-all').click()", 1);
    assert_eq!(b.count(".node"), 4032);
    let click = timed(b, "document.querySelector(\".node[data-id='1'] .toggle\").click()", 20);
    assert_eq!(b.count(".node"), 4032, "an even number of clicks leaves #1 open");
    let select = timed(b, "document.querySelector(\".node[data-id='2'] .act\").click()", 20);
    let keys = timed(
        b,
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: i % 2 ? 'ArrowUp' : 'ArrowDown'}))",
        20,
    );
    b.click("#mode-step");
    let steps = timed(b, "document.getElementById('step-forward').click()", 50);
    assert_eq!(b.run("return document.getElementById('slider').value"), "50");
    let memory = b.renderer_memory();
    let rate = playback(b);
    eprintln!("4,032 nodes drawn: expand all {}", spread(&expand));
    eprintln!("  a click on a toggle: {}", spread(&click));
    eprintln!("  a click that selects a node: {}", spread(&select));
    eprintln!("  an arrow key: {}", spread(&keys));
    eprintln!("  a step: {}", spread(&steps));
    eprintln!("  the tab: {memory}");
    eprintln!("  playback at 50 steps a second: {rate:.1} steps a second");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn playback_on_a_29269_node_tree_is_measured() {
    // The same position at depth 5 (29,269 nodes), whose page carries its
    // trace: playback from the first view.
    let page = Page::open_page_only(
        "depth5",
        &["checkers", "--position", TEST4_AFTER_TEN, "--depth", "5", "--search", "alphabeta"],
    );
    eprintln!(
        "depth-5 tree ({} nodes): playback at 50 steps a second: {:.1} steps a second",
        page.b.text("#nodes"),
        playback(&page.b)
    );
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn interactions_on_the_depth_7_tree_are_measured() {
    // The depth-7 tree of the same position (about 1.85 million nodes): 100
    // interactions, then the tab's memory.
    let page =
        Page::open_alone("depth7", &["checkers", "--position", TEST4_AFTER_TEN, "--depth", "7"], false);
    let b = &page.b;
    let size = fs::metadata(&page.html).unwrap().len();
    let before = b.renderer_memory();
    let mut ms = timed(b, "document.querySelector(\".node[data-id='1'] .toggle\").click()", 40);
    ms.extend(timed(b, "document.querySelector(\".node[data-id='2'] .act\").click()", 20));
    ms.extend(timed(
        b,
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: i % 2 ? 'ArrowUp' : 'ArrowDown'}))",
        20,
    ));
    ms.extend(timed(b, "document.querySelector('button.mode[aria-pressed=\"false\"]').click()", 20));
    ms.sort_by(f64::total_cmp);
    let after = b.renderer_memory();
    eprintln!(
        "depth-7 tree ({} nodes, {size} bytes): opened in {} ms; 100 interactions {}; the tab after opening: {before}; after: {after}",
        b.text("#nodes"),
        page.took.as_millis(),
        spread(&ms)
    );
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// The ids of the subtree under `top` in the JSON export, `top` included.
fn subtree_of(nodes: &[Value], top: usize) -> Vec<usize> {
    let mut out = vec![top];
    let mut k = 0;
    while k < out.len() {
        out.extend(
            nodes[out[k]]["children"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap() as usize),
        );
        k += 1;
    }
    out
}

fn ids(b: &Browser, css: &str) -> Vec<usize> {
    let v =
        b.run(&format!("return [...document.querySelectorAll(\"{css}\")].map(e => Number(e.dataset.id))"));
    let mut ids: Vec<usize> = v.as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as usize).collect();
    ids.sort_unstable();
    ids
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn tic_tac_toe_practice_is_a_bounded_worksheet_drawn_whole() {
    let page =
        Page::open("ttt-practice", &["tictactoe", "--position", "x...o.... x", "--search", "alphabeta"]);
    let (b, nodes) = (&page.b, &page.nodes);
    b.set_size(1366, 768);
    b.click("#mode-practice");
    // The worksheet is one subtree, drawn whole: every node under its top, and
    // nothing else, so that the drawing shows no line of best play.
    let drawn = ids(b, ".node");
    let top = drawn.iter().copied().min_by_key(|&id| nodes[id]["depth"].as_u64().unwrap()).unwrap();
    let mut whole = subtree_of(nodes, top);
    whole.sort_unstable();
    assert_eq!(drawn, whole, "the worksheet under #{top} is drawn whole");
    // Its questions, counted from the export: a value for each inner node the
    // search visited, a cut for each edge it never followed.
    let values = whole
        .iter()
        .filter(|&&n| nodes[n]["pruned"] == false && !nodes[n]["children"].as_array().unwrap().is_empty())
        .count();
    let cuts = whole
        .iter()
        .filter(|&&n| {
            n != top
                && nodes[n]["pruned"] == true
                && nodes[nodes[n]["parent"].as_u64().unwrap() as usize]["pruned"] == false
        })
        .count();
    assert!(values + cuts <= 40 && values >= 3 && cuts >= 1, "{values} values and {cuts} cuts asked");
    // Every inner node has a box, the pruned ones too: which they are is asked.
    let inner = whole.iter().filter(|&&n| !nodes[n]["children"].as_array().unwrap().is_empty()).count();
    assert_eq!(b.count(".node input.guess"), inner);
    // A blank check counts every box blank, and judges no cut: which nodes
    // the search skips, and where it cuts, is what is asked.
    b.click("#check");
    let score = b.text("#practice-score");
    assert!(
        score.starts_with(&format!(
            "0 of {inner} right: values 0 right, 0 wrong, {inner} blank; cuts 0 right, 0 wrong, 0 missed"
        )),
        "{score}"
    );
    assert_eq!(b.count("#edges g[class*='c-']"), 0, "a blank check marks no edge");
    // Another part of the tree on request: a node nearer the root asks too much,
    // a smaller one becomes the worksheet.
    b.type_into("#find", "1\n");
    b.click("#practise-here");
    assert!(
        b.text("#practice-score").contains("questions; select a node lower down"),
        "{}",
        b.text("#practice-score")
    );
    let other = whole
        .iter()
        .copied()
        .find(|&n| {
            n != top && nodes[n]["pruned"] == false && !nodes[n]["children"].as_array().unwrap().is_empty()
        })
        .unwrap();
    b.type_into("#find", &format!("{other}\n"));
    b.click("#practise-here");
    let mut under = subtree_of(nodes, other);
    under.sort_unstable();
    assert_eq!(ids(b, ".node"), under);
    // The arrows stay on the worksheet: its top has no parent or siblings on it.
    b.click(&format!(".node[data-id='{other}'] .role"));
    let selected =
        "const e = document.querySelector('.node.selected'); return e ? e.dataset.id : 'none drawn'";
    for key in ["\u{E013}", "\u{E012}", "\u{E014}"] {
        b.press(key);
        assert_eq!(b.run(selected), other.to_string(), "an arrow key left the worksheet's top #{other}");
    }
    b.press("\u{E015}");
    let below = b.run(selected).as_str().unwrap().parse::<usize>().unwrap();
    assert_eq!(nodes[below]["parent"], other, "down goes to the first child");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_keyboard_never_reaches_a_folded_away_node() {
    // Folded nodes stay in the page, out of sight: their buttons and answer
    // boxes must be out of reach of Tab too, in every mode.
    let page = Page::open("fold-tab", &["checkers", "--position", WORKED, "--search", "alphabeta"]);
    let b = &page.b;
    b.set_size(1366, 768);
    for mode in ["#mode-explore", "#mode-practice"] {
        b.click(mode);
        b.click("#expand-all");
        let before = b.count(".node");
        b.click(".node[data-id='1'] .toggle, .node[data-id='2'] .toggle");
        let drawn = b.count(".node");
        assert!(drawn < before, "{mode}: a fold hides nodes ({drawn} of {before} drawn)");
        b.run("document.getElementById('tree').focus()");
        let mut reached = 0;
        for _ in 0..60 {
            b.press("\u{E004}");
            let hidden = b.run(
                "const e = document.activeElement; return !!(e && e.closest('[data-index]') && !e.closest('.node'))",
            );
            assert_eq!(hidden, false, "{mode}: Tab reached a control of a folded-away node");
            reached += b
                .run("const e = document.activeElement; return e && e.closest('.node') ? 1 : 0")
                .as_u64()
                .unwrap();
        }
        assert!(reached > 0, "{mode}: Tab reaches the drawn nodes' own controls");
    }
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn tic_tac_toes_first_view_on_a_projector_is_readable_with_a_mouse_or_a_finger() {
    let dir = scratch("ttt-first");
    let (html, json) = export(&dir, &["tictactoe", "--position", "x...o.... x", "--search", "alphabeta"]);
    let nodes = nodes(&json);
    let line = line_of(&nodes);
    assert_eq!(line.len(), 8, "the root and seven plies");
    // A laptop's projector, and a classroom's interactive whiteboard, whose
    // 44 px touch targets make the bars above the tree taller.
    for (screen, b) in [("a mouse", Browser::start()), ("a touch screen", Browser::start_touch())] {
        b.set_size(1366, 768);
        b.open(&url(&html));
        first_view_is_readable(&b, &line, screen);
    }
}

fn first_view_is_readable(b: &Browser, line: &[usize], screen: &str) {
    for &id in line {
        assert!(on_screen(b, id), "with {screen}: node {id} of the line is off screen at first view");
    }
    let zoom: f64 =
        b.run("return parseFloat(document.getElementById('canvas').style.zoom)").as_f64().unwrap();
    // (54% before the tidy layout; 64% in chromedriver's 1366x768 window, 84% in a
    // full 1366x768 viewport, with 18 px values: 11.5 px on screen. The
    // projector-sized boxes are larger and fit at a smaller zoom, and their
    // values come out larger: what the room reads is the size on screen.)
    assert!(zoom >= 0.5, "with {screen}: fitted at {zoom}, too small for the back of the room");
    // What the class reads, the value and the action, is at least 12 px on
    // screen once zoomed (the browser's own default minimum is 12 px).
    let least = b.run(
        "const z = parseFloat(document.getElementById('canvas').style.zoom); \
         const px = (css) => Math.min(...[...document.querySelectorAll(css)].map(e => parseFloat(getComputedStyle(e).fontSize) * z)); \
         return [px('.node .value'), px('.node .act'), px('#edges text')]",
    );
    eprintln!("tic-tac-toe's first view with {screen} at {zoom}: value, action and edge text at {least} px");
    let value = least[0].as_f64().unwrap();
    assert!(
        value >= 14.0,
        "with {screen}: values at {value} px on screen, smaller than before the projector's sizes"
    );
    for px in least.as_array().unwrap() {
        assert!(
            px.as_f64().unwrap() >= 12.0,
            "with {screen}: text at {least} px on screen, too small to read from the back"
        );
    }
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn stepping_keeps_the_path_in_view_and_the_decision_for_the_last_step() {
    let page = Page::open("ttt-steps", &["tictactoe", "--position", "x...o.... x", "--search", "alphabeta"]);
    let b = &page.b;
    b.set_size(1366, 768);
    b.click("#mode-step");
    let banner = "return !document.getElementById('banner').hidden && document.getElementById('banner').offsetHeight > 0";
    assert_eq!(b.run(banner), false, "the decision is not news at step 0");
    let height = b.run("return document.getElementById('steps').offsetHeight");
    for step in 1..=60 {
        b.click("#step-forward");
        // The path from the root to the current node, all of it, on screen.
        let path = b.run(
            "const p = []; let e = document.querySelector('.node.current'); \
             return [...document.querySelectorAll('.node.path')].map(e => Number(e.dataset.id))",
        );
        // A path of up to five levels fits the view whole; a deeper one keeps
        // the current node in view (the page centres it).
        let path = path.as_array().unwrap();
        let current = b.run("return Number(document.querySelector('.node.current').dataset.id)");
        assert!(
            on_screen(b, current.as_u64().unwrap() as usize),
            "step {step}: the current node is off screen"
        );
        if path.len() <= 5 {
            for id in path {
                assert!(
                    on_screen(b, id.as_u64().unwrap() as usize),
                    "step {step}: node {id} of the path is off screen"
                );
            }
        }
        // However deep the path, the breadcrumb above the tree keeps the root
        // and the current node in sight.
        let crumbs = b.run(
            "const r = document.getElementById('breadcrumb').getBoundingClientRect(); \
             const c = [...document.querySelectorAll('#breadcrumb .crumb')]; \
             return [r.top >= 0 && r.bottom <= innerHeight && r.height > 0, \
                     c.map(e => Number(e.dataset.crumb)), \
                     c.every(e => { const q = e.getBoundingClientRect(); return q.width > 20 && q.right <= r.right + 1; })]",
        );
        assert_eq!(crumbs[0], true, "step {step}: the breadcrumb is off screen");
        let ids: Vec<u64> = crumbs[1].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
        assert_eq!(ids.first(), Some(&0), "step {step}: the breadcrumb starts at the root");
        assert_eq!(
            ids.last(),
            current.as_u64().as_ref(),
            "step {step}: the breadcrumb ends at the current node"
        );
        if path.len() <= 6 {
            let mut want: Vec<u64> = path.iter().map(|v| v.as_u64().unwrap()).collect();
            want.sort_unstable();
            let mut got = ids.clone();
            got.sort_unstable();
            assert_eq!(got, want, "step {step}: the breadcrumb is the highlighted path");
        }
        assert_eq!(crumbs[2], true, "step {step}: a crumb is squeezed out of sight");
        // A long message moves nothing.
        assert_eq!(b.run("return document.getElementById('steps').offsetHeight"), height, "step {step}");
        // No text runs out of its box.
        let over = b.run(
            "return [...document.querySelectorAll('.node > div')].filter(d => d.scrollWidth > d.clientWidth + 1 && getComputedStyle(d).textOverflow !== 'ellipsis').map(d => d.parentElement.dataset.id + ': ' + d.textContent)",
        );
        assert_eq!(over, serde_json::json!([]), "step {step}");
    }
    assert_eq!(b.run(banner), false);
    b.click("#to-end");
    assert_eq!(b.run(banner), true, "the last step shows the decision");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn a_real_cost_at_the_32_bit_limit_is_a_number_and_not_infinity() {
    // Black takes white's last piece with its first move: white cannot move,
    // which costs 2147483647 (the course's INT_MAX), a real value. The second
    // move is searched with α = 2147483647 and β = +∞.
    let page = Page::open(
        "limit",
        &[
            "checkers",
            "--position",
            "......../..w...../.b....../......../......../......../......../......b. b",
            "--depth",
            "2",
            "--search",
            "alphabeta",
        ],
    );
    let (b, nodes) = (&page.b, &page.nodes);
    assert_eq!(nodes[2]["alpha"], 2147483647);
    assert_eq!(nodes[2]["beta"], "+∞");
    b.type_into("#find", "2\n");
    assert_eq!(b.text("#panel [data-field='alpha']"), "2147483647");
    assert_eq!(b.text("#panel [data-field='beta']"), "+∞");
    assert_eq!(
        b.text("#panel [data-field='value']").replace('−', "-"),
        shown_value(&nodes[2]).replace('−', "-")
    );
    // Stepping, the window the search enters node 2 with says the same.
    b.click("#mode-step");
    let mut entered = String::new();
    for _ in 0..40 {
        b.click("#step-forward");
        let t = b.text("#step-text");
        if t.contains("enter #2 ") {
            entered = t;
            break;
        }
    }
    assert!(entered.ends_with("[α, β] = [2147483647, +∞]"), "{entered}");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn an_exercises_page_opens_as_its_worksheet() {
    let dir = scratch("exercise");
    let out = Command::new(BIN).args(["exercise", "--seed", "5", "--out"]).arg(&dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let answers: Value = serde_json::from_slice(&fs::read(dir.join("answers.json")).unwrap()).unwrap();
    let b = Browser::start();
    b.set_size(1366, 768);
    b.open(&url(&dir.join("practice.html")));
    assert_eq!(b.run("return document.body.dataset.mode"), "practice");
    assert_eq!(b.run("return document.getElementById('mode-practice').getAttribute('aria-pressed')"), "true");
    assert!(b.count(".node input.guess") > 0);
    assert_eq!(b.count(".node.pruned"), 0);
    let text = b.run("return document.body.innerText").as_str().unwrap().to_string();
    assert!(!text.contains("ecision"), "{text}");
    assert!(answers.is_object());
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// Each word pdftotext finds with its box, and the page's height.
fn pdf_words(dir: &Path, pdf: &[u8]) -> (Vec<(String, f64, f64)>, f64) {
    let path = dir.join("words.pdf");
    fs::write(&path, pdf).unwrap();
    let out = Command::new("pdftotext").arg("-bbox").arg(&path).arg("-").output().expect("pdftotext runs");
    let html = String::from_utf8(out.stdout).unwrap();
    let attr = |tag: &str, name: &str| -> f64 {
        let at = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        tag[at..].split('"').next().unwrap().parse().unwrap()
    };
    let page = html.split("<page ").nth(1).unwrap();
    let height = attr(page, "height");
    let words = html
        .split("<word ")
        .skip(1)
        .map(|w| {
            let text = w.split('>').nth(1).unwrap().split('<').next().unwrap().to_string();
            (text, attr(w, "yMin"), attr(w, "yMax"))
        })
        .collect();
    (words, height)
}

#[test]
#[cfg_attr(
    not(all(has_chromium, has_pdftotext)),
    ignore = "needs Debian's chromium, chromium-driver and poppler-utils"
)]
fn a_printed_worksheet_fills_the_page_and_keeps_the_screens_marks_off_paper() {
    let page = Page::open("print-sheet", &["checkers", "--position", WORKED, "--search", "alphabeta"]);
    let b = &page.b;
    b.click("#mode-practice");
    b.type_into("input[data-guess='0']", "7");
    b.click("#check");
    for (size, landscape) in [(PrintSize::A4, true), (PrintSize::US_LETTER, true)] {
        let pdf = b.print_pdf(size, landscape);
        let (text, pages) = pdf_text(&page.dir, &pdf);
        assert_eq!(pages, 1);
        for screen_only in ["click", "Click", "✓", "✗", "missed", "right:", "Practise here"] {
            assert!(!text.contains(screen_only), "the worksheet prints {screen_only:?}:\n{text}");
        }
        assert!(text.contains("cross out"), "{text}");
        // The tree, from the root's box to its leaves' moves, spreads over most of the page.
        let (words, height) = pdf_words(&page.dir, &pdf);
        let moves: Vec<_> =
            words.iter().filter(|(w, _, _)| w.len() == 5 && w.as_bytes()[2] == b'-').collect();
        let lowest = moves.iter().map(|m| m.2).fold(0.0, f64::max);
        let highest = words.iter().find(|w| w.0 == "(root)").expect("the root's box is printed").1;
        assert!(
            (lowest - highest) / height > 0.55,
            "the tree takes {:.0}% of the page's height",
            100.0 * (lowest - highest) / height
        );
    }
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn an_addons_view_reaches_the_page_through_the_hook_and_gives_the_tree_back() {
    use gametree::export::html::{Addon, Opening, write_page_with};
    use gametree::export::scope::Scope;
    use gametree::game::prelude::*;
    use gametree::games::checkers::Checkers;
    use gametree::limits::Limits;
    use gametree::tree::{Tree, TreeArena};

    let game = Checkers;
    let mut arena = TreeArena::new();
    let tree =
        Tree::build(&mut arena, &game, game.parse_position(WORKED).unwrap(), 3, &Limits::default()).unwrap();
    let windows = gametree::search::alphabeta::run_on_tree(&tree);
    // A view that shows its own data beside what it reads of the tree.
    let script = "gametree.addView({ id: 'probe', label: 'Probe', show(el) { \
        const d = gametree.data('probe'); \
        el.textContent = d.word + ' ' + gametree.n + ' ' + gametree.actionName(1) + ' ' + \
          gametree.nodes.count[0] + ' ' + ((gametree.nodes.flags[0] & gametree.FLAGS.MAXIMISING) ? 'max' : 'min'); } });";
    let addon = Addon { name: "probe", module: None, data: serde_json::json!({ "word": "</script>&" }) };
    let dir = scratch("addon");
    let html = dir.join("tree.html");
    let mut out = Vec::new();
    write_page_with(&mut out, &game, &tree, Some(&windows), None, Scope::All, Opening::Explore, &[addon])
        .unwrap();
    fs::write(&html, out).unwrap();

    let b = Browser::start();
    b.open(&url(&html));
    // (A script of its own, run once the page has drawn, as a script added
    // after the page's would be: the page carries the probe's data alone.)
    b.run(script);
    b.click("#mode-probe");
    assert_eq!(b.run("return document.querySelector('main').hidden"), true, "the view has the tree's area");
    let kids = tree.root.children();
    let expected = format!(
        "</script>& {} {} {} {}",
        tree.len,
        game.format_action(kids[0].action.unwrap()),
        kids.len(),
        if tree.root.maximising() { "max" } else { "min" }
    );
    assert_eq!(b.text("#view-probe"), expected);
    b.click("#mode-explore");
    assert_eq!(b.run("return document.querySelector('main').hidden"), false);
    assert_eq!(b.run("return document.getElementById('view-probe').hidden"), true);
    assert!(b.count(".node") > 1);
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn an_abstract_trees_page_names_its_pruning_rule_and_shows_its_subtrees_text() {
    // AIMA 5.2 with a tie (the second MIN child reaches 3 = α at its first leaf)
    // and a cut under both rules (the third passes it at its first).
    let aima = "((3 12 8) (3 4 6) (2 5 14))";
    for (flag, words, sign) in
        [(None, "ties prune", "≤"), (Some("--no-prune-on-ties"), "ties do not prune", "<")]
    {
        let mut args = vec!["tree", "--position", aima, "--search", "alphabeta"];
        args.extend(flag);
        let page = Page::open("rule", &args);
        let b = &page.b;
        assert_eq!(b.text("#pruning"), words);
        // With no board to draw, the panel shows the subtree in the tree's own text.
        assert_eq!(b.text("#panel .subtree"), aima);
        b.click(".node[data-id='2'] .act");
        assert_eq!(b.text("#panel .subtree"), "(3 4 6)");
        b.click("#more-facts");
        assert!(b.text("#details").contains(if flag.is_some() {
            "passes its bound"
        } else {
            "reaches its bound"
        }));
        b.click("#mode-practice");
        assert!(b.text("#practice-help").contains(words), "{}", b.text("#practice-help"));
        // The cut-off's own words follow the rule, where there is one.
        b.click("#mode-explore");
        b.click("#expand-all");
        // (Marked ✂ on the first edge each cut-off skips; its words are in the panel.)
        let cut_at = b.run(
            "return [...document.querySelectorAll('#edges g.cutmark')].map(g => \
             gametree.idOf(gametree.nodes.parent[Number(g.dataset.edge)]))",
        );
        let cut_at = cut_at.as_array().unwrap();
        assert_eq!(cut_at.len(), if flag.is_some() { 1 } else { 2 }, "{cut_at:?}");
        for id in cut_at {
            b.click(&format!(".node[data-id='{id}'] .act"));
            let c = b.text("#panel [data-field='cut']");
            assert!(c.contains(&format!(" {sign} α")), "{c}");
            assert!(c.contains("never searched") && !c.contains("children"), "{c}");
        }
        assert_eq!(b.console_errors(), Vec::<String>::new());
    }
}

/// The side panel's heading names the selected node as the JSON's `name`
/// and the captions do: a labelled tree's root is its label (A) and a node
/// its move (b1); in a game's tree, where moves repeat, "#5 (a1)" and "The
/// root". (It said "Node #2" whatever the tree.)
#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_panel_names_the_selected_node_as_the_json_does() {
    let aima = "A:(B:(b1:3 b2:12 b3:8) C:(c1:2 c2:4 c3:6) D:(d1:14 d2:5 d3:2))";
    for (tag, args, first) in [
        ("names-aima", vec!["tree", "--position", aima, "--search", "alphabeta"], "A"),
        ("names-checkers", vec!["checkers", "--position", WORKED, "--search", "alphabeta"], "The root"),
    ] {
        let page = Page::open(tag, &args);
        let (b, nodes) = (&page.b, &page.nodes);
        let heading = |i: usize| {
            b.run(&format!("gametree.select({i}); return document.querySelector('#panel h3').textContent"))
        };
        assert_eq!(heading(0), first, "{tag}");
        for i in 1..nodes.len().min(14) {
            let id = b.run(&format!("return gametree.idOf({i})")).as_u64().unwrap() as usize;
            assert_eq!(heading(i), nodes[id]["name"], "{tag}: node #{id}");
        }
        assert_eq!(b.console_errors(), Vec::<String>::new());
    }
}

/// What the step's board card shows and where, as the class sees it: the
/// card's node, whether its board is drawn, inside the viewport and on top at
/// its centre, its width and least coordinate size on screen, the last
/// action's ringed points, whether the step's node is still seen at its own
/// centre, whether the panel is shut, and whether the caption is clipped.
const STEP_BOARD: &str = r#"
const card = document.getElementById('step-board');
const svg = card ? card.querySelector('svg.board') : null;
const out = { shown: !!svg && !card.hidden && getComputedStyle(card).display !== 'none' };
const cur = document.querySelector('.node[aria-current="step"]');
out.current = cur ? Number(cur.dataset.index) : -1;
if (cur) {
  const c = cur.getBoundingClientRect();
  const e = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
  out.currentSeen = !!e && cur.contains(e);
}
const panel = document.getElementById('panel');
out.panelShut = getComputedStyle(panel).display === 'none' && document.getElementById('panel-toggle').getAttribute('aria-expanded') === 'false';
const caption = document.getElementById('step-text');
out.clipped = caption.scrollHeight > caption.clientHeight + 1;
if (!out.shown) return out;
out.index = Number(card.dataset.index);
const r = svg.getBoundingClientRect();
out.width = r.width;
out.inside = r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
out.onTop = !!top && (top === svg || svg.contains(top));
const m = svg.getScreenCTM(), k = Math.hypot(m.a, m.b);
const coords = [...svg.querySelectorAll('.coord')];
out.coords = coords.length;
out.coord = Math.min(...coords.map((t) => parseFloat(getComputedStyle(t).fontSize) * (t.currentCSSZoom || 1) * k));
out.moved = svg.querySelectorAll('rect.moved').length;
return out;
"#;

/// Steps through `html`'s search with a clicker's PageDown at each of
/// 1366x768 and 1280x720, up to `most` steps, checking the step's board at every step.
fn every_steps_board(b: &Browser, html: &Path, name: &str, most: u64) {
    for (w, h) in [(1366, 768), (1280, 720)] {
        b.set_viewport(w, h);
        b.open(&url(html));
        b.click("#mode-step");
        let steps = b.run("return Number(document.getElementById('slider').max)").as_u64().unwrap();
        assert!(steps > 30, "{name}: {steps} steps");
        for k in 0..=steps.min(most) {
            let s = b.run(&format!("return (function () {{ {STEP_BOARD} }})()"));
            let at = format!("{name} at {w}x{h}, step {k}: {s}");
            assert_eq!(s["shown"], true, "{at}: no board");
            // The step's node's board: the root's before the first step.
            assert_eq!(s["index"], s["current"].as_i64().unwrap().max(0), "{at}: another node's board");
            assert_eq!(s["inside"], true, "{at}: the board is not inside the viewport");
            assert_eq!(s["onTop"], true, "{at}: something covers the board");
            assert!(s["width"].as_f64().unwrap() >= 200.0, "{at}: the board is under 200 px");
            assert!(s["coords"].as_u64().unwrap() >= 14, "{at}: the board's coordinates");
            assert!(s["coord"].as_f64().unwrap() >= 14.0, "{at}: coordinates under 14 px");
            // The move just made is ringed (an ataxx clone changes one point).
            if s["index"] != 0 {
                assert!(s["moved"].as_u64().unwrap() >= 1, "{at}: the move is not ringed");
            }
            // The board covers neither the step's node nor needs the panel.
            if s["current"].as_i64().unwrap() >= 0 {
                assert_eq!(s["currentSeen"], true, "{at}: the board covers the step's node");
            }
            assert_eq!(s["panelShut"], true, "{at}: the panel is open");
            assert_eq!(s["clipped"], false, "{at}: the caption is clipped");
            b.press("\u{E00F}"); // PageDown: a clicker's next
        }
        if let Some(shots) = std::env::var_os("GAMETREE_SHOTS") {
            b.screenshot(&Path::new(&shots).join(format!("step-board-{name}-{w}x{h}.png").replace(' ', "-")));
        }
        // Back to exploring, the card goes: the boxes and the panel are the view.
        b.click("#mode-explore");
        assert_eq!(b.run(&format!("return (function () {{ {STEP_BOARD} }})()"))["shown"], false, "{name}");
    }
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn stepping_through_a_board_game_shows_the_steps_board_large_without_opening_the_panel() {
    let dir = scratch("step-board");
    let b = Browser::start();
    // Every step of the worked example, and ataxx's first, whose tree is too
    // big to open whole: the board goes where the steps leave room.
    let worked = export_page(&dir, &["checkers", "--position", WORKED, "--search", "alphabeta"], None);
    every_steps_board(&b, &worked, "worked example", u64::MAX);
    let ataxx = export_page(&dir, &["ataxx", "--depth", "2", "--search", "alphabeta"], None);
    every_steps_board(&b, &ataxx, "ataxx", 40);
    // An abstract tree has no board to show, and no card for one.
    let abstract_tree = export_page(
        &dir,
        &["tree", "--position", "((3 12 8) (2 4 6) (14 5 2))", "--search", "alphabeta"],
        None,
    );
    b.open(&url(&abstract_tree));
    b.click("#mode-step");
    b.press("\u{E00F}");
    assert_eq!(b.run("return document.getElementById('step-board').hidden"), true);
    assert_eq!(b.console_errors(), Vec::<String>::new());
}
