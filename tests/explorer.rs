//! The explorer page in a real headless Chromium (Debian's chromium and
//! chromium-driver, which `.ci/run` installs): it is tested as a person meets
//! it, by clicking and reading, never by reading the HTML as text.

mod support;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use support::browser::Browser;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");
const WORKED: &str = "......../......../......../......../......../B.w...../.w....../..b..... b";
/// Official test4's position after its ten input actions, black to move.
const TEST4_AFTER_TEN: &str = ".w.w.w.w/w.w...../.w.w.w../......w./.....w.b/b.b.b.../.b.b.b.b/b.b.b... b";

fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gametree-explorer-{tag}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

/// Writes the explorer page and the JSON export of one tree; returns both paths.
fn export(dir: &Path, args: &[&str]) -> (PathBuf, PathBuf) {
    let (html, json) = (dir.join("tree.html"), dir.join("tree.json"));
    let out = Command::new(BIN)
        .args(["analyse"])
        .args(args)
        .arg("--html")
        .arg(&html)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    (html, json)
}

fn url(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// One tree's explorer page open in a fresh headless browser, with the nodes of
/// the same tree's JSON export; its scratch folder goes when it does.
struct Page {
    b: Browser,
    nodes: Vec<Value>,
    html: PathBuf,
    /// How long the page took to open, as the driver saw it.
    took: std::time::Duration,
    dir: PathBuf,
}

impl Page {
    fn open(tag: &str, args: &[&str]) -> Page {
        let dir = scratch(tag);
        let (html, json) = export(&dir, args);
        let b = Browser::start();
        let took = b.open(&url(&html));
        Page { b, nodes: nodes(&json), html, took, dir }
    }

    /// When the page, by its own clock, had drawn its first view.
    fn ready_ms(&self) -> Value {
        self.b.run("return document.body.dataset.readyMs")
    }
}

impl Drop for Page {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
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

    // It opens with the root, its children, and the children of each node on
    // the line of best play.
    let mut on_line = vec![0];
    while let Some(best) = nodes[*on_line.last().unwrap()]["best_child"].as_u64() {
        on_line.push(best as usize);
    }
    let opened: usize = on_line.iter().map(|&n| nodes[n]["children"].as_array().unwrap().len()).sum();
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
            let field = |k: &str| b.text(&format!("#panel [data-field='{k}']"));
            assert_eq!(field("id"), id.to_string());
            assert_eq!(field("depth"), n["depth"].to_string());
            assert_eq!(field("parent"), n["parent"].as_u64().map_or("—".to_string(), |p| p.to_string()));
            assert_eq!(field("action"), n["action"].as_str().unwrap_or("(root)"));
            assert_eq!(field("cost"), minus(&n["cost"].to_string()), "{search} node {id} cost");
            let value = n["value"].as_i64().map_or("pruned".to_string(), |v| minus(&v.to_string()));
            assert_eq!(field("value"), value, "{search} node {id} value");
            if let Some(best) = n["best_child"].as_u64() {
                assert!(field("best").starts_with(&format!("#{best} ")), "{search} node {id} best child");
            }
            if search == "alphabeta" && !n["pruned"].as_bool().unwrap() {
                assert_eq!(field("alpha"), bound(n["alpha"].as_i64().unwrap()), "node {id} alpha");
                assert_eq!(field("beta"), bound(n["beta"].as_i64().unwrap()), "node {id} beta");
            }
        }
        assert_eq!(b.console_errors(), Vec::<String>::new());
    }
}

/// Numbers as the page writes them: a true minus sign, infinite bounds as ∞.
fn minus(s: &str) -> String {
    s.replace('-', "−")
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
    assert!(b.text("#step-text").contains("enter #0"), "{}", b.text("#step-text"));
    b.click("#to-end");
    assert_eq!(b.text(".node[data-id='0'] .value"), "value 1");
    assert_eq!(drawn_pruned(b), pruned);
    // Every searched node ends with the value the export gives it.
    for n in nodes.iter().filter(|n| n["pruned"] == false) {
        let id = n["id"].as_u64().unwrap();
        let shown = b.text(&format!(".node[data-id='{id}'] .value"));
        assert_eq!(shown, format!("value {}", minus(&n["value"].to_string())), "node {id}");
    }
    // A cut-off names the children it skipped.
    assert!(b.text(".node[data-id='2'] .cut").contains("children 18-19 skipped"));
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
        // Reveal fills in the engine's answers, which check as all right.
        b.click("#reveal");
        let score = b.text("#practice-score");
        let (right, total) = score.split_once(" of ").unwrap();
        assert_eq!(right, total.trim_end_matches(" right"), "{search}: {score}");
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
    // (game, depth, whether its start position has units on the board)
    for (game, depth, units) in [
        ("tictactoe", "2", false),
        ("niujiao", "3", true),
        ("ataxx", "1", true),
        ("gomoku", "1", false),
        ("checkers", "2", true),
    ] {
        let page = Page::open(game, &[game, "--depth", depth]);
        let b = &page.b;
        assert_eq!(b.console_errors(), Vec::<String>::new(), "{game}");
        assert_eq!(b.text("#game"), game);
        // Every drawn node has a board with coordinates; the children's boards
        // show the units their actions put there.
        let boards = b.count(".node svg.board");
        assert_eq!(boards, b.count(".node"), "{game}");
        assert!(b.count(".node svg.board .coord") > 0, "{game}: coordinates");
        let root_units = b.count("#summary svg.board circle[fill]");
        assert_eq!(root_units > 0, units, "{game}: units on the root's board");
        assert!(
            b.count(".node[data-id='1'] svg.board circle[fill]") > 0,
            "{game}: units after the first action"
        );
    }
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn a_depth_6_tree_opens_and_pages_its_children() {
    let page = Page::open("deep", &["checkers", "--position", TEST4_AFTER_TEN, "--depth", "6"]);
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
#[cfg_attr(not(all(has_course_fixtures, has_chromium)), ignore = "needs the course fixtures and Chromium")]
fn test1s_eleventh_action_page_shows_its_decision() {
    let input = Path::new(support::OFFICIAL).join("test1.txt");
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
    assert_eq!(b.console_errors(), Vec::<String>::new());
    fs::remove_dir_all(&dir).unwrap();
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
        assert_eq!(b.text("#panel [data-field='parent']"), second.to_string());
        assert_eq!(b.text("#panel [data-field='action']"), nodes[c]["action"].as_str().unwrap());
        assert_eq!(b.text("#panel [data-field='value']"), minus(&nodes[c]["value"].to_string()));
    }
    assert_eq!(b.console_errors(), Vec::<String>::new());
}
