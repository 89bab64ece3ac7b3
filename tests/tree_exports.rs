//! `analyse` and the tree exports: the course's worked example node by node, DOT
//! that Graphviz renders cleanly, `--export-trees` beside the protocol, budgets.

use crate::support;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;
use support::naive_checkers as naive;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");
const OWN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/checkers");

fn worked_example() -> String {
    fs::read_to_string(Path::new(OWN).join("worked-example.pos")).unwrap().trim().to_string()
}

fn gametree(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

fn analyse_json(position: &str, depth: u32) -> Value {
    let depth = depth.to_string();
    let out = gametree(&["analyse", "checkers", "--position", position, "--depth", &depth, "--json", "-"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn temp_dir(tag: &str) -> support::Scratch {
    support::Scratch::new(tag)
}

/// What one node should be, derived independently with the naive oracle.
struct Expected {
    parent: Option<usize>,
    depth: u32,
    action: Option<String>,
    board: Vec<String>,
    cost: i64,
    value: i64,
}

fn naive_value(b: &naive::Board, black: bool, depth: u32) -> i64 {
    let acts = naive::actions(b, black);
    if depth == 0 || acts.is_empty() {
        return naive::cost(b, black) as i64;
    }
    let vals = acts.iter().map(|&a| naive_value(&naive::apply(b, a), !black, depth - 1));
    if black { vals.max().unwrap() } else { vals.min().unwrap() }
}

fn rows(b: &naive::Board) -> Vec<String> {
    b.iter().map(|r| String::from_utf8(r.to_vec()).unwrap()).collect()
}

fn action_name(a: (usize, usize, usize, usize)) -> String {
    format!("{}{}-{}{}", (b'A' + a.1 as u8) as char, a.0 + 1, (b'A' + a.3 as u8) as char, a.2 + 1)
}

/// The nodes in construction order: a node's children are created together, then
/// each child's subtree in turn.
fn expected_nodes(board: naive::Board, black: bool, depth: u32) -> Vec<Expected> {
    fn grow(nodes: &mut Vec<Expected>, id: usize, b: naive::Board, black: bool, left: u32, total: u32) {
        if left == 0 {
            return;
        }
        let acts = naive::actions(&b, black);
        let first = nodes.len();
        for &a in &acts {
            let child = naive::apply(&b, a);
            nodes.push(Expected {
                parent: Some(id),
                depth: total - left + 1,
                action: Some(action_name(a)),
                board: rows(&child),
                cost: naive::cost(&child, !black) as i64,
                value: naive_value(&child, !black, left - 1),
            });
        }
        for (i, &a) in acts.iter().enumerate() {
            grow(nodes, first + i, naive::apply(&b, a), !black, left - 1, total);
        }
    }
    let mut nodes = vec![Expected {
        parent: None,
        depth: 0,
        action: None,
        board: rows(&board),
        cost: naive::cost(&board, black) as i64,
        value: naive_value(&board, black, depth),
    }];
    grow(&mut nodes, 0, board, black, depth, depth);
    nodes
}

fn board_from(position: &str) -> (naive::Board, bool) {
    let (rows, side) = position.split_once(' ').unwrap();
    let mut b = [[b'.'; 8]; 8];
    for (r, row) in rows.split('/').enumerate() {
        b[r].copy_from_slice(row.as_bytes());
    }
    (b, side == "b")
}

fn check_against_oracle(doc: &Value, position: &str, depth: u32) {
    let (board, black) = board_from(position);
    let expected = expected_nodes(board, black, depth);
    let nodes = doc["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), expected.len());
    assert_eq!(doc["node_count"], expected.len());
    for (i, (n, e)) in nodes.iter().zip(&expected).enumerate() {
        assert_eq!(n["id"], i, "ids are construction order");
        assert_eq!(n["parent"].as_u64().map(|p| p as usize), e.parent, "node {i} parent");
        assert_eq!(n["depth"], e.depth, "node {i} depth");
        assert_eq!(n["action"].as_str().map(String::from), e.action, "node {i} action");
        let board: Vec<String> = serde_json::from_value(n["board"].clone()).unwrap();
        assert_eq!(board, e.board, "node {i} board");
        assert_eq!(n["cost"], e.cost, "node {i} cost");
        assert_eq!(n["value"], e.value, "node {i} value");
        // Children are listed, consecutive, and point back at their parent.
        for c in n["children"].as_array().unwrap() {
            assert_eq!(nodes[c.as_u64().unwrap() as usize]["parent"], i);
        }
    }
}

#[test]
fn worked_example_tree_matches_the_spec_node_by_node() {
    let pos = worked_example();
    let doc = analyse_json(&pos, 3);
    assert_eq!(doc["game"], "checkers");
    assert_eq!(doc["position"], pos.as_str());
    assert_eq!(doc["to_move"], "black");
    assert_eq!(doc["depth"], 3);
    assert_eq!(doc["node_count"], 30);
    assert_eq!(doc["decision"]["action"], "A6-B5");
    assert_eq!(doc["decision"]["value"], 1);
    assert_eq!(doc["principal_variation"], serde_json::json!(["A6-B5", "B7-A8", "B5-D7"]));
    let nodes = doc["nodes"].as_array().unwrap();
    let by_id = |id: &Value| &nodes[id.as_u64().unwrap() as usize];
    let level1: Vec<&Value> = nodes[0]["children"].as_array().unwrap().iter().map(by_id).collect();
    let actions: Vec<&str> = level1.iter().map(|n| n["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["A6-B5", "C8-D7"]);
    assert_eq!(level1.iter().map(|n| n["value"].as_i64().unwrap()).collect::<Vec<_>>(), [1, 0]);
    let level2 = |n: &Value| -> Vec<(String, i64)> {
        n["children"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (by_id(c)["action"].as_str().unwrap().to_string(), by_id(c)["value"].as_i64().unwrap()))
            .collect()
    };
    assert_eq!(level2(level1[0]), [("C6-D7".into(), 3), ("B7-A8".into(), 1)]);
    assert_eq!(level2(level1[1]), [("C6-E8".into(), 0), ("B7-C8".into(), 1), ("B7-A8".into(), 1)]);
    let counts = (0..=3).map(|d| nodes.iter().filter(|n| n["depth"] == d).count()).collect::<Vec<_>>();
    assert_eq!(counts, [1, 2, 5, 22]);
    // C6-E8 lands on row 8 by a capture: a white tower.
    let crowned = nodes.iter().find(|n| n["action"] == "C6-E8").unwrap();
    assert_eq!(crowned["board"][7], "....W...");
    assert_eq!(nodes[0]["best_child"], 1);
    check_against_oracle(&doc, &pos, 3);
}

#[test]
fn deeper_and_white_to_move_trees_match_the_oracle() {
    let pos = worked_example();
    for depth in [1, 2, 4, 5] {
        check_against_oracle(&analyse_json(&pos, depth), &pos, depth);
    }
    let white = "......../..w...../......../....b.../.B....../......../.w....../........ w";
    check_against_oracle(&analyse_json(white, 4), white, 4);
}

#[test]
fn worked_example_goldens_are_stable() {
    let pos = worked_example();
    for (flag, golden) in [("--json", "worked-example.json"), ("--dot", "worked-example.dot")] {
        let out = gametree(&["analyse", "checkers", "--position", &pos, flag, "-"]);
        let expected = fs::read_to_string(Path::new(OWN).join(golden)).unwrap();
        assert_eq!(String::from_utf8(out.stdout).unwrap(), expected, "{golden}");
    }
}

#[test]
#[cfg_attr(not(has_dot), ignore = "needs Graphviz's dot")]
fn dot_renders_with_graphviz_without_warnings() {
    support::require_graphviz();
    let dir = temp_dir("dot");
    let dot_path = dir.join("tree.dot");
    let out = gametree(&[
        "analyse",
        "checkers",
        "--position",
        &worked_example(),
        "--dot",
        dot_path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let dot = fs::read_to_string(&dot_path).unwrap();
    assert_eq!(dot.matches(" -> ").count(), 29);
    let svg = Command::new("dot").arg("-Tsvg").arg(&dot_path).output().unwrap();
    assert!(svg.status.success());
    assert_eq!(String::from_utf8_lossy(&svg.stderr), "", "Graphviz warned");
    let svg = String::from_utf8(svg.stdout).unwrap();
    // The 30 nodes of the tree and the legend's 5.
    assert_eq!(svg.matches("class=\"node\"").count(), 30 + 5);
    assert_eq!(svg.matches("class=\"edge\"").count(), 29);
    // The principal variation is drawn red, the 22 leaves grey (and one of each
    // in the legend).
    assert_eq!(dot.matches("fillcolor=\"lightgrey\"").count(), 22 + 1);
    assert_eq!(dot.matches("color=\"red\", fontcolor").count(), 4 + 3 + 1);
    // Every node of the tree carries its details for the SVG's hover and a link.
    assert_eq!(svg.matches("xlink:title=\"#").count(), 30);
    assert_eq!(svg.matches("xlink:href=\"#node-").count(), 30);
}

#[test]
fn dot_for_teaching_has_a_title_roles_coordinates_and_no_uncomputed_values() {
    let pos = worked_example();
    let out = gametree(&["analyse", "checkers", "--position", &pos, "--search", "alphabeta", "--dot", "-"]);
    let dot = String::from_utf8(out.stdout).unwrap();
    let title = dot.lines().find(|l| l.contains("graph [label=")).expect("a title");
    for part in
        ["checkers", "black to move", "depth 3", "alphabeta", "30 nodes", "10 pruned", "decision A6-B5"]
    {
        assert!(title.contains(part), "title lacks {part:?}: {title}");
    }
    assert!(title.contains("positive favours black"), "whose point of view: {title}");
    assert!(dot.contains("cluster_legend"));
    let nodes: Vec<&str> = dot.lines().filter(|l| l.contains("tooltip=")).collect();
    assert_eq!(nodes.len(), 30);
    let json = analyse_json(&pos, 3);
    let black = json["nodes"].as_array().unwrap().iter().filter(|n| n["to_move"] == "black").count();
    assert_eq!(nodes.iter().filter(|l| l.contains("shape=house") && l.contains("▲ MAX")).count(), black);
    assert_eq!(
        nodes.iter().filter(|l| l.contains("shape=invhouse") && l.contains("▼ MIN")).count(),
        30 - black
    );
    for l in &nodes {
        let coordinates = ["A", "H", "1", "8"].map(|c| format!("<TD>{c}</TD>"));
        assert!(coordinates.iter().all(|c| l.contains(c.as_str())), "coordinates: {l}");
        assert!(l.contains("URL=\"#node-"), "{l}");
        let pruned = l.contains("pruned: never searched");
        assert_eq!(pruned, l.contains("dashed"), "{l}");
        assert_eq!(pruned, !l.contains("value "), "a pruned node shows no value: {l}");
        assert_eq!(pruned, !l.contains("cost "), "a pruned node shows no cost: {l}");
    }
    assert_eq!(nodes.iter().filter(|l| l.contains("pruned: never searched")).count(), 10);
}

#[test]
fn dot_scopes_draw_part_of_a_big_tree_and_say_what_they_hide() {
    let depth1 = gametree(&["analyse", "checkers", "--depth", "4", "--show-depth", "1", "--dot", "-"]);
    let dot = String::from_utf8(depth1.stdout).unwrap();
    let nodes: Vec<&str> = dot.lines().filter(|l| l.contains("tooltip=")).collect();
    assert_eq!(nodes.len(), 1 + 7, "the root and its 7 children");
    // Each child hides its own subtree; together with the drawn nodes, the whole tree.
    let hidden: u64 = nodes
        .iter()
        .filter_map(|l| l.split("+").nth(1)?.split(" nodes not drawn").next()?.parse::<u64>().ok())
        .sum();
    let all = gametree(&["analyse", "checkers", "--depth", "4"]);
    let total: u64 = String::from_utf8(all.stdout)
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("nodes: ")?.parse().ok())
        .unwrap();
    assert_eq!(hidden + 8, total);
    assert!(dot.contains("showing levels 0 to 1"));

    let line =
        gametree(&["analyse", "checkers", "--position", &worked_example(), "--show-line", "--dot", "-"]);
    let dot = String::from_utf8(line.stdout).unwrap();
    // The root, and the children of every node on the line of best play.
    let json = analyse_json(&worked_example(), 3);
    let nodes = json["nodes"].as_array().unwrap();
    let mut on_line = vec![0];
    while let Some(best) = nodes[*on_line.last().unwrap()]["best_child"].as_u64() {
        on_line.push(best as usize);
    }
    let opened: usize = on_line.iter().map(|&n| nodes[n]["children"].as_array().unwrap().len()).sum();
    assert_eq!(dot.lines().filter(|l| l.contains("tooltip=")).count(), 1 + opened);

    // A big tree drawn whole still writes, with a warning that names the scopes.
    let big = gametree(&["analyse", "checkers", "--depth", "4", "--dot", "-"]);
    assert!(big.status.success());
    let err = String::from_utf8(big.stderr).unwrap();
    assert!(err.contains("warning") && err.contains("--show-depth") && err.contains("--show-line"), "{err}");
    assert!(String::from_utf8(big.stdout).unwrap().starts_with("digraph"));
    let small = gametree(&["analyse", "checkers", "--depth", "4", "--show-line", "--dot", "-"]);
    assert_eq!(String::from_utf8(small.stderr).unwrap(), "");
}

#[test]
#[cfg_attr(not(has_course_fixtures), ignore = "needs the course fixtures: set GAMETREE_COURSE_FIXTURES")]
fn export_trees_beside_the_protocol_leaves_stdout_unchanged() {
    let official = support::course_data("official");
    let dir = temp_dir("export");
    let input = official.join("test1.txt");
    let plain = Command::new(BIN).arg("checkers").arg(&input).output().unwrap();
    let out = Command::new(BIN).arg("checkers").arg(&input).arg("--export-trees").arg(&dir).output().unwrap();
    assert_eq!(out.stdout, plain.stdout);
    assert_eq!(out.stdout, fs::read(official.join("test1-out.txt")).unwrap());
    let doc: Value = serde_json::from_slice(&fs::read(dir.join("action-11.json")).unwrap()).unwrap();
    assert_eq!(doc["node_count"], 767);
    assert_eq!(doc["decision"]["action"], "H3-F1");
    let moves: String = fs::read_to_string(&input).unwrap().lines().take(10).collect::<Vec<_>>().join("\n");
    let mut b = naive::start();
    let mut black = true;
    for line in moves.lines() {
        let s = line.as_bytes();
        let a =
            ((s[1] - b'1') as usize, (s[0] - b'A') as usize, (s[4] - b'1') as usize, (s[3] - b'A') as usize);
        b = naive::apply(&b, a);
        black = !black;
    }
    assert_eq!(naive::tree_size(&b, black, 3), 767);
    assert!(fs::read_to_string(dir.join("action-11.dot")).unwrap().starts_with("digraph tree {"));
    let names: Vec<String> =
        fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    assert_eq!(names.len(), 3, "only the three exports, no temporary files: {names:?}");
    let page = fs::read_to_string(dir.join("action-11.html")).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") && page.contains("\"decision\":\"H3-F1\""));

    // P exports one pair per computed action, numbered as printed.
    let dir = temp_dir("export-p");
    let out = Command::new(BIN)
        .arg("checkers")
        .arg(official.join("test4.txt"))
        .arg("--export-trees")
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.stdout, fs::read(official.join("test4-out.txt")).unwrap());
    for n in 11..=20 {
        assert!(
            ["json", "dot", "html"].iter().all(|ext| dir.join(format!("action-{n}.{ext}")).is_file()),
            "action {n}"
        );
    }
}

#[test]
fn node_budget_stops_a_tree_with_a_clear_message() {
    let out = gametree(&["analyse", "checkers", "--position", &worked_example(), "--max-nodes", "29"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8(out.stderr).unwrap().contains("budget of 29 nodes"));
    let ok = gametree(&["analyse", "checkers", "--position", &worked_example(), "--max-nodes", "30"]);
    assert_eq!(ok.status.code(), Some(0));

    let dir = temp_dir("budget");
    let input = dir.join("in.txt");
    fs::write(&input, "G6-F5\nA\n").unwrap();
    let out = Command::new(BIN).arg("checkers").arg(&input).args(["--max-nodes", "100"]).output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("action 2") && err.contains("--max-nodes"), "{err}");
}

#[test]
fn stats_report_nodes_bytes_time_and_rate() {
    let out = gametree(&["analyse", "checkers", "--position", &worked_example(), "--stats"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("nodes: 30,"), "{err}");
    assert!(
        err.contains("node size: ")
            && err.contains("arena bytes: ")
            && err.contains("build time: ")
            && err.contains("million nodes/s"),
        "{err}"
    );
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(out.contains("decision: A6-B5 value 1") && out.contains("line: A6-B5 B7-A8 B5-D7"), "{out}");
}

#[test]
fn bad_positions_and_depths_are_refused() {
    for args in [
        &["analyse", "checkers", "--position", "nonsense"][..],
        &["analyse", "checkers", "--position", "......../ b"],
        &[
            "analyse",
            "checkers",
            "--position",
            "......../......../......../......../......../B.w...../.w....../..b..... b",
            "--depth",
            "0",
        ],
        &[
            "analyse",
            "checkers",
            "--position",
            "......../......../......../......../......../B.w...../.w....../..b..... b",
            "--depth",
            "1000",
        ],
    ] {
        let out = gametree(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!String::from_utf8(out.stderr).unwrap().contains("panicked"));
    }
}

#[test]
fn moves_start_from_the_replayed_position() {
    let dir = temp_dir("moves");
    let input = dir.join("in.txt");
    fs::write(&input, "G6-F5\nH3-G4\nA\n").unwrap();
    let out = Command::new(BIN)
        .args(["analyse", "checkers", "--moves"])
        .arg(&input)
        .args(["--json", "-"])
        .output()
        .unwrap();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut b = naive::start();
    b = naive::apply(&b, (5, 6, 4, 5));
    b = naive::apply(&b, (2, 7, 3, 6));
    assert_eq!(doc["node_count"], naive::tree_size(&b, true, 3));
    fs::write(&input, "G6-F5\nH3-G5\n").unwrap();
    let out = Command::new(BIN).args(["analyse", "checkers", "--moves"]).arg(&input).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("line 2: ERROR: Illegal action."));
}

#[test]
fn every_games_json_has_exactly_the_schemas_keys_and_counts_its_nodes() {
    use std::collections::BTreeSet;
    let schema: Value = serde_json::from_str(
        &fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/tree.schema.json")).unwrap(),
    )
    .unwrap();
    let keys = |o: &Value| o.as_object().unwrap().keys().cloned().collect::<BTreeSet<String>>();
    let listed = |a: &Value| a.as_array().unwrap().iter().map(|k| k.as_str().unwrap().to_string()).collect();
    let (top, node) = (keys(&schema["properties"]), keys(&schema["$defs"]["node"]["properties"]));
    assert_eq!(top, listed(&schema["required"]), "every top-level key is required");
    assert_eq!(node, listed(&schema["$defs"]["node"]["required"]), "every node key is required");
    assert_eq!(schema["additionalProperties"], false);
    assert_eq!(schema["$defs"]["node"]["additionalProperties"], false);
    let counts = &schema["$defs"]["census_counts"];
    assert_eq!(keys(&counts["properties"]), listed(&counts["required"]), "every census key is required");
    // The schema names the list's games and lets a library user's own game
    // (the nim example) name itself; its pattern is `^[a-z][a-z0-9_-]*$`.
    let game_schema = &schema["properties"]["game"];
    let games = game_schema["examples"].as_array().unwrap();
    let listed: Vec<&str> = gametree::games::ALL.iter().map(|g| g.as_str()).collect();
    assert_eq!(games.iter().map(|g| g.as_str().unwrap()).collect::<Vec<_>>(), listed);
    assert_eq!(game_schema["pattern"], "^[a-z][a-z0-9_-]*$");
    let fits = |name: &str| {
        name.starts_with(|c: char| c.is_ascii_lowercase())
            && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
    };
    for name in listed.iter().chain(&["nim"]) {
        assert!(fits(name), "{name} does not fit the schema's pattern");
    }
    assert!(!fits("Nim") && !fits("") && !fits("9x"));
    for game in games {
        for search in ["minimax", "alphabeta"] {
            let name = game.as_str().unwrap();
            let out = gametree(&["analyse", name, "--depth", "2", "--search", search, "--json", "-"]);
            let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(keys(&doc), top, "{name}");
            assert_eq!(&doc["game"], game);
            let nodes = doc["nodes"].as_array().unwrap();
            assert_eq!(doc["node_count"].as_u64().unwrap() as usize, nodes.len(), "{name} {search}");
            let census = &doc["census"];
            assert_eq!(
                census["by_depth"].as_array().unwrap().len(),
                doc["depth"].as_u64().unwrap() as usize + 1,
                "{name}"
            );
            for c in census["by_depth"].as_array().unwrap().iter().chain([&census["total"]]) {
                assert_eq!(keys(c), keys(&counts["properties"]), "{name} census");
            }
            assert_eq!(census["total"]["nodes"], doc["node_count"], "{name}");
            for (i, n) in nodes.iter().enumerate() {
                assert_eq!(keys(n), node, "{name} node {i}");
                assert_eq!(n["id"].as_u64().unwrap() as usize, i);
            }
        }
    }
}

#[test]
fn the_gambit_export_parses_and_is_the_same_tree() {
    use gambit_parser::{ExtensiveFormGame, Node};
    for (game, position) in [("checkers", Some(worked_example())), ("tictactoe", None), ("niujiao", None)] {
        let mut args = vec!["analyse", game, "--depth", "3"];
        if let Some(p) = &position {
            args.extend(["--position", p]);
        }
        let efg = gametree(&[&args[..], &["--efg", "-"]].concat());
        let text = String::from_utf8(efg.stdout).unwrap();
        let parsed = ExtensiveFormGame::try_from_str(&text).unwrap_or_else(|e| panic!("{game}: {e}"));
        let json: Value =
            serde_json::from_slice(&gametree(&[&args[..], &["--json", "-"]].concat()).stdout).unwrap();
        let nodes = json["nodes"].as_array().unwrap();
        let names: Vec<String> = parsed.player_names().iter().map(|n| n.to_string()).collect();
        assert_eq!(names.len(), 2, "{game}");
        // Walk both in preorder: each decision node is the side to move's, with the
        // node's actions in order; each leaf pays its value and its negation.
        let mut stack = vec![(parsed.root(), 0usize)];
        let mut seen = 0;
        while let Some((node, id)) = stack.pop() {
            seen += 1;
            let n = &nodes[id];
            let children: Vec<usize> =
                n["children"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap() as usize).collect();
            match node {
                Node::Player(p) => {
                    assert_eq!(names[p.player_num() - 1], n["to_move"].as_str().unwrap(), "{game} #{id}");
                    let actions: Vec<(String, _)> = p.actions().map(|(a, c)| (a.to_string(), c)).collect();
                    assert_eq!(actions.len(), children.len(), "{game} #{id}");
                    for ((a, child), &c) in actions.into_iter().zip(&children).rev() {
                        assert_eq!(a, nodes[c]["action"].as_str().unwrap());
                        stack.push((child, c));
                    }
                }
                Node::Terminal(t) => {
                    assert!(children.is_empty(), "{game} #{id}");
                    let pay: Vec<String> =
                        t.outcome_payoffs().unwrap().iter().map(|p| p.to_string()).collect();
                    let v = n["value"].as_i64().unwrap();
                    assert_eq!(pay, [v.to_string(), (-v).to_string()], "{game} #{id}");
                }
                Node::Chance(_) => panic!("{game}: no chance in these games"),
            }
        }
        assert_eq!(seen, nodes.len(), "{game}");
    }
}

#[test]
fn the_trace_replays_to_the_exported_values_and_pruned_set() {
    let pos = worked_example();
    for search in ["minimax", "alphabeta"] {
        let args = ["analyse", "checkers", "--position", &pos, "--search", search];
        let trace: Value =
            serde_json::from_slice(&gametree(&[&args[..], &["--trace", "-"]].concat()).stdout).unwrap();
        let json: Value =
            serde_json::from_slice(&gametree(&[&args[..], &["--json", "-"]].concat()).stdout).unwrap();
        let nodes = json["nodes"].as_array().unwrap();
        let events = trace["events"].as_array().unwrap();
        assert_eq!(trace["event_count"].as_u64().unwrap() as usize, events.len());
        assert_eq!(trace["search"], search);
        // Every node is entered exactly when the search did not prune it, and
        // returns the value the export gives it.
        let mut entered = vec![0; nodes.len()];
        let mut returned = vec![None; nodes.len()];
        let mut skipped = Vec::new();
        for e in events {
            let n = e["node"].as_u64().unwrap() as usize;
            match e["type"].as_str().unwrap() {
                "enter" => entered[n] += 1,
                "return" => returned[n] = e["value"].as_i64(),
                "cutoff" => {
                    let [a, b] = [&e["skipped"][0], &e["skipped"][1]].map(|v| v.as_u64().unwrap() as usize);
                    skipped.extend(a..=b);
                    assert_eq!(e["cutoff"], nodes[n]["cutoff"], "node {n}");
                }
                "leaf" => assert!(nodes[n]["children"].as_array().unwrap().is_empty()),
                "window" => assert_eq!(search, "alphabeta"),
                other => panic!("unknown event {other}"),
            }
        }
        for (i, n) in nodes.iter().enumerate() {
            let pruned = n["pruned"].as_bool().unwrap();
            assert_eq!(entered[i], usize::from(!pruned), "node {i}");
            assert_eq!(returned[i], n["value"].as_i64(), "node {i}");
        }
        // The last event is the root returning the decision's value.
        assert_eq!(events.last().unwrap()["node"], 0);
        assert_eq!(events.last().unwrap()["value"], json["decision"]["value"]);
        let pruned_children: Vec<usize> = (0..nodes.len())
            .filter(|&i| {
                nodes[i]["pruned"] == true
                    && nodes[i]["parent"].as_u64().is_some_and(|p| nodes[p as usize]["pruned"] == false)
            })
            .collect();
        skipped.sort_unstable();
        assert_eq!(skipped, pruned_children, "{search}: the cut-offs name exactly the pruned children");
    }
}

#[test]
fn exports_refuse_bad_targets_before_writing_anything() {
    let pos = worked_example();
    let dir = temp_dir("bad-targets");
    let page = dir.join("tree.html");
    // An unwritable path: one line, exit 4, nothing left behind.
    let out = gametree(&["analyse", "checkers", "--position", &pos, "--html", "/nonexistent/dir/tree.html"]);
    assert_eq!(out.status.code(), Some(4));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("/nonexistent/dir/tree.html"), "{err}");
    // Over the node budget: refused before the page is written.
    let out = gametree(&[
        "analyse",
        "checkers",
        "--position",
        &pos,
        "--max-nodes",
        "29",
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(3));
    assert!(!page.exists());
    // Two exports aimed at one file.
    let p = page.to_str().unwrap();
    let out = gametree(&["analyse", "checkers", "--position", &pos, "--json", p, "--html", p]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("--json and --html both write"));
    assert!(!page.exists());
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0, "nothing half-written");
}

/// The nodes of `game`'s tree from `position` as JSON, searched by `search`
/// with the extra `flags`.
fn json_nodes(game: &str, position: &str, search: &str, flags: &[&str]) -> Vec<Value> {
    let mut args = vec!["analyse", game, "--position", position, "--search", search, "--json", "-"];
    args.extend_from_slice(flags);
    let out = gametree(&args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    doc["nodes"].as_array().unwrap().clone()
}

/// Checks every bound alpha-beta recorded (`ab`) against minimax's exact value
/// of the same node (`mm`); returns how many values differ from minimax's.
fn check_bounds(ab: &[Value], mm: &[Value]) -> usize {
    assert_eq!(ab.len(), mm.len());
    let mut differ = 0;
    for (a, m) in ab.iter().zip(mm) {
        assert_eq!(m["bound"], "exact", "minimax values are exact");
        let Some(v) = a["value"].as_i64() else {
            assert_eq!(a["bound"], Value::Null, "a pruned node has no bound");
            continue;
        };
        let truth = m["value"].as_i64().unwrap();
        match a["bound"].as_str().unwrap() {
            "exact" => assert_eq!(v, truth, "node {}", a["id"]),
            "lower" => assert!(truth >= v, "node {}: {truth} < lower bound {v}", a["id"]),
            "upper" => assert!(truth <= v, "node {}: {truth} > upper bound {v}", a["id"]),
            other => panic!("bound {other}"),
        }
        differ += usize::from(v != truth);
        if a["children"].as_array().unwrap().is_empty() {
            assert_eq!(a["bound"], "exact", "a leaf's value is its cost");
        }
    }
    differ
}

#[test]
fn alpha_betas_bounds_hold_against_the_minimax_values_of_the_same_tree() {
    // Tic-tac-toe where x wins at once in some lines: alpha-beta stops early at
    // many nodes, and plain minimax over the same tree gives each node's true value.
    let position = "x...o.... x";
    let mm = json_nodes("tictactoe", position, "minimax", &[]);
    let ab = json_nodes("tictactoe", position, "alphabeta", &[]);
    let differ = check_bounds(&ab, &mm);
    // Node 21 (x to move, b3) is cut off at once: x's win is worth 1002, but
    // the search stopped at its first child, already at or above its beta.
    assert_eq!((ab[21]["value"].as_i64(), ab[21]["bound"].as_str()), (Some(-1001), Some("lower")));
    assert_eq!(mm[21]["value"], 1002);
    assert_eq!(differ, 59, "every value that differs from minimax's is marked a bound");
}

/// A textbook tree (MAX at the root) whose values tie with the window's edges.
const TIES: &str = "((3 5 4) (3 4 6) (7 3 3))";

#[test]
fn bounds_hold_when_alpha_beta_cuts_only_past_the_bound() {
    // Under CS188's rule a value equal to a window edge caused no cut, so it is
    // exact, not a bound; the check against minimax says whether that holds.
    // Tic-tac-toe has many equal values; so has the textbook tree.
    let cases = [("tictactoe", "x...o.... x"), ("tree", TIES)];
    for (game, position) in cases {
        let mm = json_nodes(game, position, "minimax", &[]);
        let on_ties = json_nodes(game, position, "alphabeta", &[]);
        let past = json_nodes(game, position, "alphabeta", &["--no-prune-on-ties"]);
        check_bounds(&past, &mm);
        check_bounds(&on_ties, &mm);
        let exact = |nodes: &[Value]| nodes.iter().filter(|n| n["bound"] == "exact").count();
        let visited = |nodes: &[Value]| nodes.iter().filter(|n| !n["value"].is_null()).count();
        assert!(visited(&past) > visited(&on_ties), "{game}: ties cut under AIMA's rule only");
        assert!(exact(&past) > exact(&on_ties), "{game}: more values are exact when ties do not cut");
    }
    // By hand: a = (3 5 4) is exactly 3, so b = (3 4 6) is searched with alpha
    // 3. Its first leaf, 3, reaches alpha: AIMA's rule cuts b there, and 3 is
    // only an upper bound; CS188's goes on to 4 and 6, and b is exactly 3.
    let b = |flags: &[&str]| {
        let nodes = json_nodes("tree", TIES, "alphabeta", flags);
        let b = nodes.iter().find(|n| n["depth"] == 1 && n["action"] == "2").expect("b is in the tree");
        (b["value"].as_i64(), b["bound"].as_str().map(str::to_string))
    };
    assert_eq!(b(&[]), (Some(3), Some("upper".to_string())));
    assert_eq!(b(&["--no-prune-on-ties"]), (Some(3), Some("exact".to_string())));
}

#[test]
fn checkers_exports_its_trees_under_alpha_beta_and_prints_the_same_protocol() {
    let input = Path::new(OWN).join("ends-during-p.txt");
    let run = |tag: &str, search: &[&str]| {
        let dir = temp_dir(tag);
        let out = Command::new(BIN)
            .arg("checkers")
            .arg(&input)
            .arg("--export-trees")
            .arg(&dir)
            .args(search)
            .output()
            .unwrap();
        (out, dir)
    };
    let (minimax, mm_dir) = run("export-minimax", &[]);
    let (alphabeta, ab_dir) = run("export-alphabeta", &["--search", "alphabeta"]);
    assert_eq!(alphabeta.status.code(), minimax.status.code());
    assert_eq!(alphabeta.stdout, minimax.stdout, "the protocol's output does not depend on the exports");
    let (mut checked, mut pruning) = (0, 0);
    for entry in fs::read_dir(&ab_dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let ab: Value = serde_json::from_slice(&fs::read(&path).unwrap()).unwrap();
        let mm: Value =
            serde_json::from_slice(&fs::read(mm_dir.join(path.file_name().unwrap())).unwrap()).unwrap();
        assert_eq!((ab["search"].as_str(), mm["search"].as_str()), (Some("alphabeta"), Some("minimax")));
        assert_eq!(ab["decision"], mm["decision"], "{}", path.display());
        // A tree whose root wins at its first child may have nothing to prune:
        // with true infinities the window never closes there, as in a textbook.
        pruning += usize::from(ab["nodes"].as_array().unwrap().iter().any(|n| n["pruned"] == true));
        assert!(path.with_extension("html").is_file());
        checked += 1;
    }
    assert!(checked > 0);
    assert!(pruning * 2 > checked, "alpha-beta pruned in {pruning} of {checked} trees");
    // Without --export-trees there is nothing for --search to apply to.
    let out = Command::new(BIN).arg("checkers").arg(&input).args(["--search", "alphabeta"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
}
