//! The `tree` game: textbook trees written as text, with their published
//! answers (fixtures/textbook/: AIMA's Figure 5.2, Wikipedia's alpha-beta
//! illustration, Poole and Mackworth's Figure 10.5, two trees of Berkeley
//! CS188's autograder with their published solutions, each citing its source),
//! through every command and export, under both pruning rules. The answers
//! asserted here are the sources', entered from them, not from our output.

use crate::support;

use std::fs;

use std::process::{Command, Output};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");
const TREES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/textbook");

fn gametree(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

fn fixture(name: &str) -> String {
    format!("@{TREES}/{name}")
}

fn ok(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(&gametree(&[args, &["--json", "-"]].concat()))).unwrap()
}

fn temp_dir(tag: &str) -> support::Scratch {
    support::Scratch::new(&format!("trees-{tag}"))
}

/// The node reached from the root by `path` (action names).
fn node<'a>(doc: &'a Value, path: &[&str]) -> &'a Value {
    let nodes = doc["nodes"].as_array().unwrap();
    let mut n = &nodes[0];
    for step in path {
        let child = n["children"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| &nodes[c.as_u64().unwrap() as usize])
            .find(|c| c["action"] == *step)
            .unwrap_or_else(|| panic!("no {step} below {}", n["id"]));
        n = child;
    }
    n
}

/// The actions leading to the nodes alpha-beta pruned, in id order.
fn pruned_actions(doc: &Value) -> Vec<&str> {
    doc["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["pruned"] == true)
        .map(|n| n["action"].as_str().unwrap())
        .collect()
}

/// The actions from the root to node `id`, space-separated ("" for the root).
fn path_of(doc: &Value, id: u64) -> String {
    let nodes = doc["nodes"].as_array().unwrap();
    let mut steps = Vec::new();
    let mut n = &nodes[id as usize];
    while let Some(parent) = n["parent"].as_u64() {
        steps.push(n["action"].as_str().unwrap());
        n = &nodes[parent as usize];
    }
    steps.reverse();
    steps.join(" ")
}

/// The paths of the nodes alpha-beta never explored (`all`) or only of the
/// branches it crossed out (a pruned node whose parent was searched), sorted.
fn pruned_paths(doc: &Value, all: bool) -> Vec<String> {
    let nodes = doc["nodes"].as_array().unwrap();
    let mut paths: Vec<String> = nodes
        .iter()
        .filter(|n| n["pruned"] == true)
        .filter(|n| all || nodes[n["parent"].as_u64().unwrap() as usize]["pruned"] == false)
        .map(|n| path_of(doc, n["id"].as_u64().unwrap()))
        .collect();
    paths.sort();
    paths
}

/// Asserts each node's backed-up value, the node named by its path.
fn assert_values(doc: &Value, values: &[(&str, i64)]) {
    for &(path, value) in values {
        let steps: Vec<&str> = path.split_whitespace().collect();
        assert_eq!(node(doc, &steps)["value"], value, "the node at {path:?}");
    }
}

#[test]
fn aima_5_2_has_its_published_minimax_values() {
    let doc = json(&["analyse", "tree", "--position", &fixture("aima-5.2.txt")]);
    assert_eq!(doc["game"], "tree");
    assert_eq!(doc["depth"], 2, "the depth is the tree's own height");
    assert_eq!(doc["node_count"], 13);
    assert_eq!(doc["decision"]["action"], "B");
    assert_eq!(doc["decision"]["value"], 3);
    for (child, value) in [("B", 3), ("C", 2), ("D", 2)] {
        assert_eq!(node(&doc, &[child])["value"], value, "{child}");
    }
    assert_eq!(node(&doc, &["C", "c2"])["value"], 4);
}

#[test]
fn aima_5_5_alpha_beta_prunes_c2_and_c3_only() {
    let doc = json(&["analyse", "tree", "--position", &fixture("aima-5.2.txt"), "--search", "alphabeta"]);
    assert_eq!(pruned_actions(&doc), ["c2", "c3"]);
    assert_eq!(doc["decision"]["value"], 3);
    assert_eq!(node(&doc, &["C"])["cutoff"], "alpha");
}

#[test]
fn wikipedias_illustration_has_its_published_values_and_grey_subtrees() {
    let args =
        ["analyse", "tree", "--position", &fixture("wikipedia-alpha-beta.txt"), "--search", "alphabeta"];
    let doc = json(&args);
    assert_eq!(doc["pruning"], "prune-on-ties", "the figure prunes on ties");
    assert_eq!((&doc["decision"]["action"], &doc["decision"]["value"]), (&Value::from("2"), &Value::from(6)));
    // The number the figure writes in each node the search explored.
    assert_values(
        &doc,
        &[
            ("", 6),
            ("1", 3),
            ("2", 6),
            ("3", 5),
            ("1 1", 5),
            ("1 2", 3),
            ("2 1", 6),
            ("2 2", 7),
            ("3 1", 5),
            ("1 1 1", 5),
            ("1 1 2", 4),
            ("1 2 1", 3),
            ("2 1 1", 6),
            ("2 1 2", 6),
            ("2 2 1", 7),
            ("3 1 1", 5),
        ],
    );
    // The three red crossings, and every grey node.
    assert_eq!(pruned_paths(&doc, false), ["1 1 2 3", "2 1 2 2", "3 2"]);
    assert_eq!(
        pruned_paths(&doc, true),
        ["1 1 2 3", "2 1 2 2", "3 2", "3 2 1", "3 2 1 1", "3 2 1 2", "3 2 2", "3 2 2 1"]
    );
    // Not published, but what CS188's rule means here: the 9 beside a 6 that
    // only equals MAX's 6 is looked at; the other two cuts pass their bound.
    let strict = json(&[&args[..], &["--no-prune-on-ties"]].concat());
    assert_eq!(pruned_paths(&strict, false), ["1 1 2 3", "3 2"]);
    assert_eq!(strict["decision"]["value"], 6);
}

#[test]
fn poole_and_mackworths_figure_prunes_the_leaves_it_leaves_blank() {
    let text = fs::read_to_string(format!("{TREES}/poole-mackworth-10.5.txt")).unwrap();
    // The leaves the figure leaves blank: the authors' placeholder 888.
    let mut blank: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter_map(|w| w.strip_suffix(":888"))
        .collect();
    blank.sort_unstable();
    assert_eq!(blank.len(), 9);
    let position = fixture("poole-mackworth-10.5.txt");
    for rule in [None, Some("--no-prune-on-ties")] {
        let mut args = vec!["analyse", "tree", "--position", &position, "--search", "alphabeta"];
        args.extend(rule);
        let doc = json(&args);
        assert_eq!(doc["decision"]["action"], "b", "{rule:?}");
        assert_values(&doc, &[("", 7), ("b", 7), ("b d", 7), ("b d h", 7)]);
        assert_eq!(
            pruned_paths(&doc, false),
            ["b d i i2", "b e k", "c f l l2", "c f m m2", "c g"],
            "{rule:?}"
        );
        let nodes = doc["nodes"].as_array().unwrap();
        let mut pruned_leaves: Vec<&str> = nodes
            .iter()
            .filter(|n| n["pruned"] == true && n["children"].as_array().unwrap().is_empty())
            .map(|n| n["action"].as_str().unwrap())
            .collect();
        pruned_leaves.sort_unstable();
        assert_eq!(pruned_leaves, blank, "{rule:?}: exactly the blank leaves are pruned");
    }
}

#[test]
fn unlabelled_children_are_numbered_and_min_roots_read() {
    let doc = json(&["analyse", "tree", "--position", "((3 12 8) (2 4 6) (14 5 2)) min"]);
    assert_eq!(doc["to_move"], "min");
    // MIN at the root: min(max(3,12,8), max(2,4,6), max(14,5,2)) = min(12, 6, 14).
    assert_eq!(doc["decision"]["action"], "2");
    assert_eq!(doc["decision"]["value"], 6);
    assert_eq!(node(&doc, &["3", "1"])["value"], 14);
}

#[test]
fn best_perft_and_solve_take_a_tree() {
    let t = "((3 12 8) (2 4 6) (14 5 2 7))";
    assert_eq!(ok(&gametree(&["best", "tree", "--position", t])), "1 3\n");
    assert_eq!(ok(&gametree(&["best", "tree", "--position", t, "--search", "minimax"])), "1 3\n");
    assert_eq!(ok(&gametree(&["perft", "tree", "2", "--position", t])), "1 3\n2 10\n");
    // The leaves favour MAX (all positive): MAX to move wins.
    assert!(ok(&gametree(&["solve", "tree", "--position", t])).starts_with("win"));
}

#[test]
fn a_shallower_depth_sees_the_exact_value_of_the_nodes_it_stops_at() {
    let doc = json(&["analyse", "tree", "--position", &fixture("aima-5.2.txt"), "--depth", "1"]);
    assert_eq!(doc["node_count"], 4);
    assert_eq!(doc["decision"]["value"], 3);
}

#[test]
fn a_malformed_tree_gets_one_line_with_its_column_and_status_2() {
    for (text, says) in [
        ("((3 12 8) (2 4 6)", "column 1: this ( is never closed"),
        ("((3 12 8) (2 x 6))", "column 14: \"x\" is not a number"),
    ] {
        let out = gametree(&["analyse", "tree", "--position", text]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn a_hundred_thousand_nested_parentheses_are_refused_without_overflow() {
    let dir = temp_dir("deep");
    let file = dir.join("deep.txt");
    fs::write(&file, format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000))).unwrap();
    let out = gametree(&["analyse", "tree", "--position", &format!("@{}", file.display())]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("column 65: the tree is more than 64 levels deep"), "{err}");
    // The deepest tree accepted goes through every export.
    fs::write(&file, format!("{}1 2{}", "(".repeat(64), ")".repeat(64))).unwrap();
    let doc =
        json(&["analyse", "tree", "--position", &format!("@{}", file.display()), "--search", "alphabeta"]);
    assert_eq!(doc["depth"], 64);
    assert_eq!(doc["node_count"], 66);
}

#[test]
fn every_export_of_a_tree_is_written() {
    let dir = temp_dir("exports");
    let path = |ext: &str| dir.join(format!("aima.{ext}")).display().to_string();
    let out = gametree(&[
        "analyse",
        "tree",
        "--position",
        &fixture("aima-5.2.txt"),
        "--search",
        "alphabeta",
        "--json",
        &path("json"),
        "--dot",
        &path("dot"),
        "--html",
        &path("html"),
        "--efg",
        &path("efg"),
        "--trace",
        &path("trace.json"),
    ]);
    ok(&out);
    let efg = fs::read_to_string(path("efg")).unwrap();
    gambit_parser::ExtensiveFormGame::try_from_str(&efg).unwrap();
    let trace: Value = serde_json::from_str(&fs::read_to_string(path("trace.json")).unwrap()).unwrap();
    assert!(trace.to_string().contains("cutoff"));
    let html = fs::read_to_string(path("html")).unwrap();
    assert!(html.contains("<html"));
}

/// The DOT drawing names each node as the JSON, the explorer and the sheets
/// do: a labelled tree's nodes by their names (A, B, c2), an unlabelled one's
/// by their ids, the moves on the edges in both.
#[test]
fn the_dot_drawing_names_nodes_as_every_view_does() {
    for position in [fixture("aima-5.2.txt"), "((3 12 8) (2 4 6) (14 5 2))".to_string()] {
        let args = ["analyse", "tree", "--position", &position, "--search", "alphabeta"];
        let doc: Value =
            serde_json::from_str(&ok(&gametree(&[&args[..], &["--json", "-"]].concat()))).unwrap();
        let dot = ok(&gametree(&[&args[..], &["--dot", "-"]].concat()));
        // (The fixture is AIMA's labelled tree; the list, the same tree unlabelled.)
        let labelled = doc["nodes"][0]["name"] == "A";
        assert_eq!(labelled, position.starts_with('@'), "{position}");
        for n in doc["nodes"].as_array().unwrap() {
            let (id, name) = (n["id"].as_u64().unwrap(), n["name"].as_str().unwrap());
            let line = dot.lines().find(|l| l.starts_with(&format!("    {id} ["))).expect("the node's line");
            let header = if labelled { format!("</B> {name}</TD>") } else { format!("</B> #{id}</TD>") };
            assert!(line.contains(&header), "node {id} ({name}): {line}");
        }
    }
}

#[test]
#[cfg_attr(not(has_dot), ignore = "needs Graphviz's dot (.ci/run installs it)")]
fn a_trees_dot_renders_with_graphviz_without_warnings() {
    support::require_graphviz();
    let dir = temp_dir("dot");
    let dot = dir.join("t.dot");
    for position in [fixture("aima-5.2.txt"), "((3 12 8) (2 4 6) (14 5 2))".to_string()] {
        ok(&gametree(&["analyse", "tree", "--position", &position, "--dot", dot.to_str().unwrap()]));
        let svg = Command::new("dot").arg("-Tsvg").arg(&dot).output().unwrap();
        assert!(svg.status.success());
        assert_eq!(String::from_utf8_lossy(&svg.stderr), "", "Graphviz warned");
        assert_eq!(String::from_utf8(svg.stdout).unwrap().matches("class=\"edge\"").count(), 12);
    }
}

#[test]
fn the_command_line_exports_say_which_rule_cut() {
    // After the first MIN child backs up 3, the second's first leaf 3 ties
    // with alpha: AIMA cuts its second leaf, CS188 looks at it.
    let t = "((3 9) (3 1))";
    for (flag, rule, pruned) in
        [(None, "prune-on-ties", vec!["2"]), (Some("--no-prune-on-ties"), "no-prune-on-ties", vec![])]
    {
        let mut args = vec!["analyse", "tree", "--position", t, "--search", "alphabeta"];
        args.extend(flag);
        let out = Command::new(BIN).args(&args).args(["--json", "-"]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(doc["pruning"], rule);
        assert_eq!(pruned_actions(&doc), pruned, "{rule}");
        let page = Command::new(BIN).args(&args).args(["--html", "-"]).output().unwrap();
        let page = String::from_utf8(page.stdout).unwrap();
        assert!(page.contains(&format!("\"pruning\":\"{rule}\"")), "the page's header says {rule}");
    }
    let minimax =
        Command::new(BIN).args(["analyse", "tree", "--position", t, "--no-prune-on-ties"]).output().unwrap();
    assert_eq!(minimax.status.code(), Some(2));
}

/// The names of the nodes alpha-beta reached (the root included), sorted.
fn reached(doc: &Value) -> Vec<String> {
    let nodes = doc["nodes"].as_array().unwrap();
    let mut names: Vec<String> = nodes
        .iter()
        .filter(|n| n["pruned"] == false)
        .map(|n| n["action"].as_str().map_or_else(|| "root".to_string(), String::from))
        .collect();
    names.sort();
    names
}

/// CS188's autograder lists the states its alpha-beta expanded, and the move;
/// both trees are checked under CS188's rule, which does not prune on ties.
#[test]
fn berkeley_cs188_trees_expand_the_states_their_solutions_list() {
    // (fixture, the root's name, the solution's move, its expanded states)
    let cases = [
        ("cs188-tied-root.txt", "max", "min1", "A B C max min1 min2"),
        ("cs188-one-ghost-3level.txt", "a", "b1", "a b1 b2 c1 c2 c3 d1 d2 d3 d5 d6"),
    ];
    for (file, root, action, expanded) in cases {
        let position = fixture(file);
        let doc = json(&[
            "analyse",
            "tree",
            "--position",
            &position,
            "--search",
            "alphabeta",
            "--no-prune-on-ties",
        ]);
        assert_eq!(doc["decision"]["action"], action, "{file}");
        let mut want: Vec<String> =
            expanded.split_whitespace().map(|s| if s == root { "root".into() } else { s.into() }).collect();
        want.sort();
        assert_eq!(reached(&doc), want, "{file}");
    }
    // The tie that tells the rules apart: AIMA's rule prunes C, whose sibling
    // B's 10 already equals MAX's 10.
    let position = fixture("cs188-tied-root.txt");
    let doc = json(&["analyse", "tree", "--position", &position, "--search", "alphabeta"]);
    assert_eq!(pruned_actions(&doc), ["C"]);
}
