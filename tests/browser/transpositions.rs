//! Transpositions marked in the explorer, in Chromium (the DOT and the JSON
//! are tests/transpositions.rs's, in the suite).

use crate::support;

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use serde_json::Value;
use support::browser::Browser;
use support::written::{ids, ids_by_position};

/// Four marks down and five empty squares: at depth 4, 130 nodes, and from
/// depth 3 on the same squares taken in another order meet again.
const TICTACTOE: &str = "xo.x.o... x";

fn analyse(dir: &Path, extra: &[&str]) -> Value {
    let args = [&["tictactoe", "--position", TICTACTOE, "--depth", "4"], extra].concat();
    support::written::analysed(dir, &args).0
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_explorer_marks_transpositions_and_selecting_one_outlines_the_others() {
    let dir = support::Scratch::new("transpositions-page");
    let html = dir.join("tree.html");
    let doc = analyse(&dir, &["--html", html.to_str().unwrap()]);
    let groups = ids_by_position(&doc);
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
