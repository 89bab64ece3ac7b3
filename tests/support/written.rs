//! What the gametree binary writes into a test's folder, read back: shared by
//! the suite and the browser tier, whose tests open the same files in a page.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");

/// `gametree analyse ARGS --json DIR/tree.json`: the JSON document and what
/// was printed.
pub fn analysed(dir: &Path, args: &[&str]) -> (Value, String) {
    let json = dir.join("tree.json");
    let out = Command::new(BIN).arg("analyse").args(args).arg("--json").arg(&json).output().unwrap();
    assert!(out.status.success(), "analyse {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    (serde_json::from_slice(&fs::read(&json).unwrap()).unwrap(), String::from_utf8(out.stdout).unwrap())
}

/// `analyse ARGS --search deepening EXTRA --json DIR/tree.json`: the JSON
/// document and the printed summary.
pub fn deepened(dir: &Path, args: &[&str], extra: &[&str]) -> (Value, String) {
    analysed(dir, &[args, &["--search", "deepening"], extra].concat())
}

/// A node's position as the JSON shows it: its board and the side to move.
pub fn position_key(node: &Value) -> String {
    format!("{} {}", node["board"], node["to_move"])
}

/// The ids of the nodes holding each position, by position.
pub fn ids_by_position(doc: &Value) -> BTreeMap<String, Vec<u64>> {
    let mut g: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    for n in doc["nodes"].as_array().unwrap() {
        g.entry(position_key(n)).or_default().push(n["id"].as_u64().unwrap());
    }
    g
}

/// A JSON array of node ids as a set.
pub fn ids(v: Value) -> BTreeSet<u64> {
    v.as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect()
}

/// `gametree exercise --seed 7 --out DIR EXTRA`: the course's seventh sheet.
pub fn exercise_into(dir: &Path, extra: &[&str]) {
    let out = Command::new(BIN)
        .args(["exercise", "--seed", "7", "--out", dir.to_str().unwrap()])
        .args(extra)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}

/// Four marks down and five empty squares: at depth 4, 130 nodes, and from
/// depth 3 on the same squares taken in another order meet again.
pub const TRANSPOSING: &str = "xo.x.o... x";

/// `analyse tictactoe --position TRANSPOSING --depth 4 EXTRA`: the JSON.
pub fn transposing_tree(dir: &Path, extra: &[&str]) -> Value {
    let args = [&["tictactoe", "--position", TRANSPOSING, "--depth", "4"], extra].concat();
    analysed(dir, &args).0
}

/// The JSON's `census` counts, in the order of the Positions view's columns
/// and of `--stats`'s first six (its seventh: `games_up_to_symmetry`).
pub const CENSUS_COLUMNS: [&str; 6] = [
    "nodes",
    "finished",
    "positions",
    "positions_up_to_symmetry",
    "finished_positions",
    "finished_positions_up_to_symmetry",
];
