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
use support::written::{ids_by_position, position_key, transposing_tree};

const BIN: &str = env!("CARGO_BIN_EXE_gametree");
#[test]
#[cfg_attr(not(has_dot), ignore = "needs Graphviz's dot")]
fn merge_transpositions_draws_each_position_once_with_its_paths_and_every_edge() {
    support::require_graphviz();
    let dir = support::Scratch::new("transpositions-dot");
    let dot_path = dir.join("merged.dot");
    let doc = transposing_tree(&dir, &["--dot", dot_path.to_str().unwrap(), "--merge-transpositions"]);
    let dot = fs::read_to_string(&dot_path).unwrap();
    let svg = Command::new("dot").arg("-Tsvg").arg(&dot_path).output().unwrap();
    assert!(svg.status.success());
    assert_eq!(String::from_utf8_lossy(&svg.stderr), "", "Graphviz warned");
    let groups = ids_by_position(&doc);
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
        edges.insert((
            first[&position_key(parent)],
            first[&position_key(n)],
            n["action"].as_str().unwrap().to_string(),
        ));
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
    assert!(
        err.contains("--merge-transpositions") && err.contains("--dot") && err.contains("--html"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn merge_transpositions_is_refused_for_mcts_whose_tree_it_does_not_merge() {
    let dir = support::Scratch::new("transpositions-mcts");
    for flag in ["--dot", "--html"] {
        let file = dir.join("out");
        let out = Command::new(BIN)
            .args([
                "analyse",
                "tictactoe",
                "--search",
                "mcts",
                "--iterations",
                "50",
                "--merge-transpositions",
                flag,
            ])
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("--merge-transpositions") && err.contains("mcts"), "{err}");
        assert!(!file.exists(), "{flag} wrote a file");
    }
}

#[test]
fn merge_transpositions_with_html_writes_the_page_with_the_dots_graph() {
    // The page carries the graph the DOT draws, read here from the page's
    // data (the browser tier holds what Chromium draws of it to the same).
    let dir = support::Scratch::new("transpositions-merged-data");
    let html = dir.join("merged.html");
    let doc = transposing_tree(&dir, &["--merge-transpositions", "--html", html.to_str().unwrap()]);
    let data = merged_data(&html).expect("the page carries the graph");
    assert_eq!(data["open"], Value::Bool(true));
    let groups = ids_by_position(&doc);
    let positions = data["graph"]["positions"].as_array().unwrap();
    let drawn: BTreeMap<u64, u64> =
        positions.iter().map(|p| (p["first"].as_u64().unwrap(), p["paths"].as_u64().unwrap())).collect();
    let want: BTreeMap<u64, u64> = groups.values().map(|g| (g[0], g.len() as u64)).collect();
    assert_eq!(drawn, want);
    let held: BTreeSet<Vec<u64>> = positions
        .iter()
        .map(|p| p["nodes"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect())
        .collect();
    assert_eq!(held, groups.values().cloned().collect());
    let edges: u64 = data["graph"]["edges"].as_array().unwrap().iter().map(|e| e[3].as_u64().unwrap()).sum();
    assert_eq!(edges, doc["node_count"].as_u64().unwrap() - 1);
    // The ordinary page of the same tree offers the view but opens on the tree.
    let plain = dir.join("plain.html");
    transposing_tree(&dir, &["--html", plain.to_str().unwrap()]);
    let data = merged_data(&plain).expect("the page offers the graph");
    assert_eq!(data["open"], Value::Bool(false));
}

/// The data of the page's Positions graph, if it has one.
fn merged_data(page: &Path) -> Option<Value> {
    let page = fs::read_to_string(page).unwrap();
    let data = page.split("<script type=\"application/json\" id=\"addon-merged\">").nth(1)?;
    Some(serde_json::from_str(data.split("</script>").next().unwrap()).unwrap())
}
