//! Transpositions, nodes that hold a position another node holds too: marked
//! in the explorer (in a real headless Chromium), where selecting one
//! outlines the others, and drawn merged with `--merge-transpositions` (DOT,
//! rendered by the real Graphviz). Positions are told apart here from the
//! JSON export's boards and sides to move, not by the library's table.

use crate::support;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::Value;
use support::browser::Browser;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");
/// Four marks down and five empty squares: at depth 4, 130 nodes, and from
/// depth 3 on the same squares taken in another order meet again.
const TICTACTOE: &str = "xo.x.o... x";

fn analyse(dir: &Path, extra: &[&str]) -> Value {
    let json = dir.join("tree.json");
    let out = Command::new(BIN)
        .args(["analyse", "tictactoe", "--position", TICTACTOE, "--depth", "4", "--json"])
        .arg(&json)
        .args(extra)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&fs::read(&json).unwrap()).unwrap()
}

/// A node's position as the JSON shows it: its board and the side to move.
fn key(node: &Value) -> String {
    format!("{} {}", node["board"], node["to_move"])
}

/// The ids of the nodes holding each position, by position.
fn groups(doc: &Value) -> BTreeMap<String, Vec<u64>> {
    let mut g: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    for n in doc["nodes"].as_array().unwrap() {
        g.entry(key(n)).or_default().push(n["id"].as_u64().unwrap());
    }
    g
}

fn ids(v: Value) -> BTreeSet<u64> {
    v.as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect()
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_explorer_marks_transpositions_and_selecting_one_outlines_the_others() {
    let dir = support::Scratch::new("transpositions-page");
    let html = dir.join("tree.html");
    let doc = analyse(&dir, &["--html", html.to_str().unwrap()]);
    let groups = groups(&doc);
    let shared: BTreeSet<u64> = groups.values().filter(|g| g.len() > 1).flatten().copied().collect();
    assert!(shared.len() > 20, "the position has transpositions: {}", shared.len());
    let b = Browser::start();
    b.set_viewport(1366, 768);
    b.open(&format!("file://{}", html.display()));
    assert_eq!(b.console_errors(), Vec::<String>::new());
    b.click("#expand-all");
    assert_eq!(b.count(".node"), doc["node_count"].as_u64().unwrap() as usize);
    // Exactly the nodes whose position another node holds are marked.
    let marked = ids(
        b.run("return [...document.querySelectorAll('.node.transposition')].map(e => Number(e.dataset.id))")
    );
    assert_eq!(marked, shared);
    assert_eq!(b.count(".node.same-position"), 0, "nothing outlined before a selection");
    // Fitting the whole tree to the window shut the panel: open it again.
    if b.run("return document.body.classList.contains('panel-shut')") == Value::Bool(true) {
        b.click("#panel-toggle");
    }
    // Selecting one outlines the others of its position, and only them.
    let biggest = groups.values().max_by_key(|g| g.len()).unwrap();
    let chosen = biggest[1];
    b.click(&format!(".node[data-id='{chosen}']"));
    let outlined = ids(
        b.run("return [...document.querySelectorAll('.node.same-position')].map(e => Number(e.dataset.id))")
    );
    let others: BTreeSet<u64> = biggest.iter().copied().filter(|&i| i != chosen).collect();
    assert_eq!(outlined, others);
    // The panel says how many paths reach it and offers the others.
    let row = b.run("return document.querySelector(\"[data-field='same-position']\").textContent");
    let row = row.as_str().unwrap();
    assert!(row.contains(&format!("reached by {} paths", biggest.len())), "{row}");
    let offered = ids(b.run("return [...document.querySelectorAll('#panel [data-same]')].map(e => gametree.idOf(Number(e.dataset.same)))"));
    assert_eq!(offered, others);
    // Following one selects it, and the outline moves to the rest.
    let next = *others.iter().next().unwrap();
    b.click(&format!("#panel [data-same='{next}']"));
    assert_eq!(b.run("return gametree.idOf(gametree.selected())"), Value::from(next));
    let outlined = ids(
        b.run("return [...document.querySelectorAll('.node.same-position')].map(e => Number(e.dataset.id))")
    );
    assert_eq!(outlined, biggest.iter().copied().filter(|&i| i != next).collect());
    // A node no other node shares has no mark and no row.
    let alone = groups.values().find(|g| g.len() == 1).unwrap()[0];
    b.click(&format!(".node[data-id='{alone}']"));
    assert_eq!(b.count(".node.same-position"), 0);
    assert_eq!(b.count("[data-field='same-position']"), 0);
    // A worksheet shows no marks: they would tell which nodes share a value.
    b.click("#mode-practice");
    assert_eq!(b.count(".node.transposition"), 0);
    b.click("#mode-explore");
    // The Positions view holds the census, as the JSON does.
    b.click("#mode-positions");
    let total: Vec<String> = b
        .run("return [...document.querySelectorAll('#census tr.total td')].map(td => td.textContent)")
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().replace(',', ""))
        .collect();
    let t = &doc["census"]["total"];
    let want: Vec<String> = [
        "nodes",
        "finished",
        "positions",
        "positions_up_to_symmetry",
        "finished_positions",
        "finished_positions_up_to_symmetry",
    ]
    .iter()
    .map(|k| t[k].to_string())
    .collect();
    assert_eq!(total[0], "total");
    assert_eq!(total[1..], want[..]);
    assert_eq!(t["positions"].as_u64().unwrap() as usize, groups.len());
    let screenshot = dir.join("positions.png");
    b.click("#mode-explore");
    b.click(&format!(".node[data-id='{chosen}']"));
    b.screenshot(&screenshot);
    if let Ok(keep) = std::env::var("GAMETREE_KEEP_SCREENSHOTS") {
        let _ = fs::copy(&screenshot, Path::new(&keep).join("census-transpositions.png"));
    }
}

#[test]
#[cfg_attr(not(has_dot), ignore = "needs Graphviz's dot")]
fn merge_transpositions_draws_each_position_once_with_its_paths_and_every_edge() {
    support::require_graphviz();
    let dir = support::Scratch::new("transpositions-dot");
    let dot_path = dir.join("merged.dot");
    let doc = analyse(&dir, &["--dot", dot_path.to_str().unwrap(), "--merge-transpositions"]);
    let dot = fs::read_to_string(&dot_path).unwrap();
    let svg = Command::new("dot").arg("-Tsvg").arg(&dot_path).output().unwrap();
    assert!(svg.status.success());
    assert_eq!(String::from_utf8_lossy(&svg.stderr), "", "Graphviz warned");
    let groups = groups(&doc);
    // One drawn node per position, at its first node's id, with its paths.
    let nodes = doc["nodes"].as_array().unwrap();
    let mut drawn = BTreeMap::new();
    for line in dot.lines().filter(|l| l.contains("id=\"position-")) {
        let id: u64 =
            line.split("id=\"position-").nth(1).unwrap().split('"').next().unwrap().parse().unwrap();
        let paths: u64 = line.split("<B>").nth(2).unwrap().split(" path").next().unwrap().parse().unwrap();
        drawn.insert(id, paths);
    }
    let want: BTreeMap<u64, u64> = groups.values().map(|g| (g[0], g.len() as u64)).collect();
    assert_eq!(drawn, want);
    assert_eq!(drawn.values().sum::<u64>(), doc["node_count"].as_u64().unwrap());
    // Every edge of the tree is kept, as one edge per pair of positions and action.
    let first: BTreeMap<String, u64> = groups.iter().map(|(k, g)| (k.clone(), g[0])).collect();
    let mut edges = BTreeSet::new();
    for n in nodes.iter().skip(1) {
        let parent = &nodes[n["parent"].as_u64().unwrap() as usize];
        edges.insert((first[&key(parent)], first[&key(n)], n["action"].as_str().unwrap().to_string()));
    }
    let svg = String::from_utf8(svg.stdout).unwrap();
    assert_eq!(svg.matches("class=\"edge\"").count(), edges.len());
    assert!(edges.len() < nodes.len() - 1, "some edges merged");
    // The positions of the line of best play are red.
    let line = doc["principal_variation"].as_array().unwrap().len();
    assert_eq!(
        dot.lines().filter(|l| l.contains("id=\"position-") && l.contains("color=\"red\"")).count(),
        line + 1
    );
}

#[test]
fn merge_transpositions_needs_a_drawing_to_merge() {
    let out = Command::new(BIN)
        .args(["analyse", "tictactoe", "--depth", "2", "--merge-transpositions", "--json", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--merge-transpositions") && err.contains("--dot"), "{err}");
    assert!(out.stdout.is_empty());
}
