//! `analyse --stats`'s census of a tree, against counts made another way: a
//! plain walk of the game through the library (no tree), positions told apart
//! by their notation, and the board's symmetries applied to the notation's
//! grid of cells, not to the game's own bit masks.

use std::collections::HashSet;
use std::process::Command;

use gametree::game::prelude::*;
use gametree::games::ataxx::Ataxx;
use gametree::games::gomoku::Gomoku;
use gametree::games::tictactoe::TicTacToe;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");

/// The rows of cells of a position's notation, and the rest of it (side to move,
/// clocks): rows split at '/' (or, for tic-tac-toe's one run of nine, in
/// threes), runs of digits standing for that many empty cells.
fn grid(notation: &str) -> (Vec<Vec<char>>, String) {
    let (cells, rest) = notation.split_once(' ').unwrap();
    let rows: Vec<&str> = if cells.contains('/') { cells.split('/').collect() } else { vec![cells] };
    let mut grid: Vec<Vec<char>> = rows
        .iter()
        .map(|row| {
            let mut out = Vec::new();
            let mut digits = String::new();
            for c in row.chars().chain(['|']) {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                if !digits.is_empty() {
                    out.extend(std::iter::repeat_n('.', digits.parse().unwrap()));
                    digits.clear();
                }
                if c != '|' {
                    out.push(c);
                }
            }
            out
        })
        .collect();
    if grid.len() == 1 && grid[0].len() == 9 {
        grid = grid[0].chunks(3).map(<[char]>::to_vec).collect();
    }
    (grid, rest.to_string())
}

/// The least of the eight turned and mirrored grids, written out, with the rest.
fn class(notation: &str) -> String {
    let (g, rest) = grid(notation);
    let n = g.len();
    let mut images = Vec::new();
    let mut cur = g;
    for _ in 0..4 {
        // A quarter turn, then the mirror of each turn.
        cur = (0..n).map(|r| (0..n).map(|c| cur[n - 1 - c][r]).collect()).collect();
        let mirrored: Vec<Vec<char>> = cur.iter().map(|row| row.iter().rev().copied().collect()).collect();
        images.push(cur.clone());
        images.push(mirrored);
    }
    let text =
        |g: &Vec<Vec<char>>| g.iter().map(|r| r.iter().collect::<String>()).collect::<Vec<_>>().join("/");
    format!("{} {rest}", images.iter().map(text).min().unwrap())
}

#[derive(Default, Debug, PartialEq)]
struct Walked {
    nodes: u64,
    finished: u64,
    positions: HashSet<String>,
    classes: HashSet<String>,
    finished_positions: HashSet<String>,
    finished_classes: HashSet<String>,
}

impl Walked {
    fn add(&mut self, text: &str, finished: bool) {
        self.nodes += 1;
        self.classes.insert(class(text));
        if finished {
            self.finished += 1;
            self.finished_positions.insert(text.to_string());
            self.finished_classes.insert(class(text));
        }
        self.positions.insert(text.to_string());
    }

    /// nodes, finished, positions, up to symmetry, finished positions,
    /// finished up to symmetry: the order of `--stats`'s columns.
    fn row(&self) -> Vec<u64> {
        vec![
            self.nodes,
            self.finished,
            self.positions.len() as u64,
            self.classes.len() as u64,
            self.finished_positions.len() as u64,
            self.finished_classes.len() as u64,
        ]
    }
}

/// Walks the game `depth` plies down from `pos`, counting into `total` and
/// into `by_depth[d]` for the positions `d` plies down.
fn walk<G: Game>(
    game: &G,
    pos: &G::Position,
    depth: u8,
    total: &mut Walked,
    by_depth: &mut Vec<Walked>,
    d: usize,
) {
    let text = game.format_position(pos);
    let mut actions = Vec::new();
    game.actions(pos, &mut actions);
    total.add(&text, actions.is_empty());
    if by_depth.len() <= d {
        by_depth.resize_with(d + 1, Walked::default);
    }
    by_depth[d].add(&text, actions.is_empty());
    if depth > 0 {
        for a in actions {
            walk(game, &game.apply(pos, a), depth - 1, total, by_depth, d + 1);
        }
    }
}

/// The `total` row of `analyse --stats`: nodes, finished, positions, up to
/// symmetry, finished positions, finished up to symmetry.
fn total_row(args: &[&str]) -> Vec<u64> {
    let out = Command::new(BIN).arg("analyse").args(args).arg("--stats").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let err = String::from_utf8_lossy(&out.stderr);
    let row = err.lines().find(|l| l.trim_start().starts_with("total")).unwrap_or_else(|| panic!("{err}"));
    row.split_whitespace().skip(1).map(|n| n.parse().unwrap()).collect()
}

fn check<G: Game>(game: &G, name: &str, position: &str, depth: u8) {
    let pos = game.parse_position(position).unwrap();
    let mut w = Walked::default();
    walk(game, &pos, depth, &mut w, &mut Vec::new(), 0);
    let expected = w.row();
    let got = total_row(&[name, "--position", position, "--depth", &depth.to_string()]);
    assert_eq!(got, expected, "{name} {position:?} depth {depth}");
}

#[test]
fn the_census_agrees_with_a_walk_of_the_game_and_symmetries_of_the_notation() {
    check(&TicTacToe, "tictactoe", "......... x", 5);
    check(&TicTacToe, "tictactoe", "x...o.... x", 7);
    check(&Ataxx, "ataxx", "x5o/7/7/7/7/7/o5x x 0 1", 3);
    check(&Ataxx, "ataxx", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", 3);
    check(&Gomoku::default(), "gomoku", "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 o", 2);
}

/// One of the JSON's `census` counts, in the order of `--stats`'s columns;
/// `None` for a game without symmetries is the table's `-`, which no walk
/// gives, so it must not appear for these games.
fn json_row(counts: &serde_json::Value) -> Vec<u64> {
    crate::support::written::CENSUS_COLUMNS
        .iter()
        .map(|k| counts[k].as_u64().unwrap_or_else(|| panic!("{k} in {counts}")))
        .collect()
}

#[test]
fn the_json_holds_the_census_per_depth_and_in_total_as_the_walk_counts_it() {
    for (name, position, depth) in
        [("tictactoe", "x...o.... x", 5u8), ("ataxx", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", 2)]
    {
        let (mut total, mut by_depth) = (Walked::default(), Vec::new());
        match name {
            "tictactoe" => walk(
                &TicTacToe,
                &TicTacToe.parse_position(position).unwrap(),
                depth,
                &mut total,
                &mut by_depth,
                0,
            ),
            _ => walk(&Ataxx, &Ataxx.parse_position(position).unwrap(), depth, &mut total, &mut by_depth, 0),
        }
        let out = Command::new(BIN)
            .args([
                "analyse",
                name,
                "--position",
                position,
                "--depth",
                &depth.to_string(),
                "--json",
                "-",
                "--stats",
            ])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let census = &doc["census"];
        assert_eq!(json_row(&census["total"]), total.row(), "{name} total");
        let rows = census["by_depth"].as_array().unwrap();
        assert_eq!(rows.len(), by_depth.len(), "{name}: one row per depth");
        for (d, (row, walked)) in rows.iter().zip(&by_depth).enumerate() {
            assert_eq!(json_row(row), walked.row(), "{name} depth {d}");
        }
        // The same figures as the table on stderr, row for row.
        let err = String::from_utf8_lossy(&out.stderr);
        let table: Vec<Vec<u64>> = err
            .lines()
            .map(str::split_whitespace)
            .filter_map(|mut w| w.next().filter(|d| d.parse::<usize>().is_ok() || *d == "total").map(|_| w))
            .map(|w| w.map(|n| n.parse().unwrap()).collect())
            .collect();
        let json: Vec<Vec<u64>> = rows.iter().chain([&census["total"]]).map(json_row).collect();
        assert_eq!(table, json, "{name}: --stats and the JSON");
    }
}

#[test]
fn a_game_without_symmetries_has_null_for_them_in_the_json() {
    let out = Command::new(BIN).args(["analyse", "niujiao", "--depth", "3", "--json", "-"]).output().unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let total = &doc["census"]["total"];
    assert!(
        total["positions_up_to_symmetry"].is_null() && total["finished_positions_up_to_symmetry"].is_null()
    );
    assert_eq!(total["nodes"], doc["node_count"]);
    assert!(total["positions"].as_u64().unwrap() <= total["nodes"].as_u64().unwrap());
    // MCTS grows a tree of its own, without a census.
    let out = Command::new(BIN)
        .args(["analyse", "tictactoe", "--search", "mcts", "--iterations", "50", "--json", "-"])
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(doc["census"].is_null(), "{}", doc["census"]);
}
