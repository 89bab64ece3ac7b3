//! Grafting in the explorer (src/export/explorer/graft.js): the tree the
//! command line builds from an edge node's position hung under that node in
//! the page, without the browser's engine (tests/browser/web.rs grafts through the
//! page in the browser). The line of best play's last node is searched deeper
//! again and again, as a student follows it.

use crate::support;

use std::process::Command;

use serde_json::{Value, json};
use support::browser::Browser;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");
const START: &str = "x...o.... x";

fn analyse(position: &str, depth: &str, more: &[&str]) -> String {
    let out = Command::new(BIN)
        .args(["analyse", "tictactoe", "--position", position, "--depth", depth, "--search", "alphabeta"])
        .args(more)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_line_of_best_play_searched_deeper_three_times_holds_the_clis_trees_and_backs_up_the_line() {
    let dir = support::Scratch::new("graft");
    let html = dir.join("tree.html");
    analyse(START, "2", &["--html", html.to_str().unwrap()]);
    let first: Value = serde_json::from_str(&analyse(START, "2", &["--json", "-"])).unwrap();
    let b = Browser::start();
    b.open(&format!("file://{}", html.display()));
    let mut changed_above = 0;
    for round in 0..3 {
        // The node the line of best play now ends at, and its position
        // (tic-tac-toe's: the board's cells, then the side to move).
        let at = b.run(
            "const g = gametree, n = g.nodes; let m = 0;
             for (;;) { let b = -1; for (let k = 0; k < n.count[m]; k++) { const c = n.first[m] + k; if (!(n.flags[c] & g.FLAGS.PRUNED) && n.value[c] === n.value[m]) { b = c; break; } } if (b < 0) break; m = b; }
             return {n: m, can: g.graft.can(m), line: g.graft.line(m)}",
        );
        if at["can"] != json!(true) {
            assert!(round > 0, "the first tree's line ends at a node at its edge: {at}");
            break;
        }
        let n = at["n"].as_i64().unwrap();
        b.run(&format!("gametree.select({n})"));
        assert_eq!(b.count("#panel svg.board"), 1, "the panel draws the node's board");
        // The position: the first tree's root with the line played, through
        // the JSON of the trees grafted so far (the CLI's own boards).
        let line: Vec<String> =
            at["line"].as_array().unwrap().iter().map(|a| a.as_str().unwrap().to_string()).collect();
        let position = position_after(&line);
        let sub = analyse(&position, "2", &["--json", "-"]);
        let before = b.run("return Array.from(gametree.nodes.value)");
        b.run(&format!("gametree.graft.at({n}, {sub}, 2)"));
        // Node by node, the graft is the CLI's tree of that position.
        let differences = b.run(&format!(
            "const g = gametree, T = {sub}, F = g.FLAGS, nodes = g.nodes, out = [];
             const walk = (j, i) => {{
               const c = T.nodes[j];
               const say = (what, page, cli) => out.push(`${{g.graft.line(i).join(' ')}}: ${{what}} ${{page}} in the page, ${{cli}} in the CLI`);
               if (j && g.actionName(i) !== c.action) say('action', g.actionName(i), c.action);
               if (!!(nodes.flags[i] & F.PRUNED) !== c.pruned) say('pruned', nodes.flags[i] & F.PRUNED, c.pruned);
               if (j && nodes.cost[i] !== c.cost) say('cost', nodes.cost[i], c.cost);
               if (!c.pruned && nodes.value[i] !== c.value) say('value', nodes.value[i], c.value);
               if (nodes.count[i] !== c.children.length) say('children', nodes.count[i], c.children.length);
               c.children.forEach((cj, k) => walk(cj, nodes.first[i] + k));
             }};
             walk(0, {n});
             return out"
        ));
        assert_eq!(differences, json!([]), "round {round}: the graft at {line:?}");
        // Above it: each value the greatest (MAX) or least (MIN) of its
        // searched children's; each one changed is marked and says both values.
        let above = b.run(&format!(
            "const g = gametree, n = g.nodes, F = g.FLAGS, before = {before}, out = {{wrong: [], changed: []}};
             for (let p = n.parent[{n}]; p >= 0; p = n.parent[p]) {{
               let v = null;
               for (let k = 0; k < n.count[p]; k++) {{ const c = n.first[p] + k; if (!(n.flags[c] & F.PRUNED)) v = v === null ? n.value[c] : n.flags[p] & F.MAXIMISING ? Math.max(v, n.value[c]) : Math.min(v, n.value[c]); }}
               if (v !== n.value[p]) out.wrong.push(`#${{g.idOf(p)}}: ${{n.value[p]}}, its children back up ${{v}}`);
               if (n.value[p] !== before[p]) {{
                 g.select(p);
                 const box = document.querySelector(`[data-index=\"${{p}}\"]`);
                 out.changed.push({{p, marked: box.classList.contains('rebacked'), panel: document.getElementById('panel').textContent}});
               }}
             }}
             return out"
        ));
        assert_eq!(above["wrong"], json!([]), "round {round}");
        for c in above["changed"].as_array().unwrap() {
            changed_above += 1;
            assert_eq!(c["marked"], json!(true), "{c}");
            let panel = c["panel"].as_str().unwrap();
            assert!(
                panel.contains("value first searched") && panel.contains("with the line searched deeper"),
                "{panel}"
            );
        }
        let panel =
            b.run(&format!("gametree.select({n}); return document.getElementById('panel').textContent"));
        let panel = panel.as_str().unwrap();
        assert!(panel.contains("before the graft") && panel.contains("2 plies deeper"), "{panel}");
        assert!(b.count(&format!("[data-index=\"{n}\"].grafted")) == 1, "the grafted node is marked");
    }
    // This line's values move: o's a3 after x's c1 loses at once, two plies
    // on, and the tree's value and line with it; the banner keeps the first
    // search's decision and says what the tree now backs up.
    assert!(changed_above > 0, "no value above a graft changed");
    let banner = b.run("return document.getElementById('banner').textContent");
    let banner = banner.as_str().unwrap();
    assert!(
        banner.contains("Decision c1, value −1") && banner.contains("with the line searched deeper: value "),
        "{banner}"
    );
    // Stepping and practice are the first search's: the grafts fold away
    // (each first tree's node has its first value and children again), and
    // come back as they were in explore.
    let grafted = b.run("return Array.from(gametree.nodes.value)");
    for m in ["step", "practice", "explore"] {
        let seen = b.run(&format!(
            "const g = gametree; g.setMode('{m}'); const n = g.nodes;
             return {{values: Array.from(n.value), counts: Array.from(n.count).slice(0, 50), boxes: document.querySelectorAll('#tree .node[data-index]').length, outside: [...document.querySelectorAll('#tree .node[data-index]')].filter(e => Number(e.dataset.index) >= 50).length}}"
        ));
        if m == "explore" {
            assert_eq!(seen["values"], grafted, "explore shows the grafts again");
            continue;
        }
        assert!(seen["boxes"].as_u64() > Some(1), "{m} draws the first tree");
        assert_eq!(seen["outside"], json!(0), "{m} draws no grafted node");
        for (i, node) in first["nodes"].as_array().unwrap().iter().enumerate() {
            assert_eq!(
                seen["counts"][i],
                json!(node["children"].as_array().unwrap().len()),
                "{m}: node {i}'s children"
            );
            if node["pruned"] == json!(false) {
                assert_eq!(seen["values"][i], node["value"], "{m}: node {i}'s value is the first search's");
            }
        }
    }
    assert_eq!(first["node_count"], json!(50));
    assert!(b.console_errors().is_empty(), "{:?}", b.console_errors());
}

/// Tic-tac-toe's position after `line` from START: the cells as the
/// command line writes a node's board, and the side to move.
fn position_after(line: &[String]) -> String {
    let mut position = START.to_string();
    for action in line {
        let json: Value = serde_json::from_str(&analyse(&position, "1", &["--json", "-"])).unwrap();
        let nodes = json["nodes"].as_array().unwrap();
        let child = nodes
            .iter()
            .find(|c| c["parent"] == json!(0) && c["action"] == json!(action))
            .unwrap_or_else(|| panic!("no action {action} from {position}"));
        let cells: String = child["board"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
        position = format!("{cells} {}", child["to_move"].as_str().unwrap());
    }
    position
}
