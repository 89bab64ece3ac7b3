//! `analyse --stats`'s census of a tree, against counts made another way: a
//! plain walk of the game through the library (no tree), positions told apart
//! by their notation, and the board's symmetries applied to the notation's
//! grid of cells, not to the game's own bit masks. Games up to symmetry are
//! also counted by a tic-tac-toe of this file's own (board, lines and
//! symmetries; nothing of the library's but the command it checks).

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
    /// finished up to symmetry: the order of `--stats`'s first six columns.
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

/// Walks the game `depth` plies down from `pos` as a lesson draws its tree up
/// to symmetry: of a node's moves, only the first into each class of
/// positions (by [`class`]) is followed. Adds the finished games met, by
/// depth, to `games`.
fn walk_up_to_symmetry<G: Game>(game: &G, pos: &G::Position, depth: u8, games: &mut Vec<u64>, d: usize) {
    let mut actions = Vec::new();
    game.actions(pos, &mut actions);
    if games.len() <= d {
        games.resize(d + 1, 0);
    }
    if actions.is_empty() {
        games[d] += 1;
    }
    if depth == 0 {
        return;
    }
    let mut taken = HashSet::new();
    for a in actions {
        let child = game.apply(pos, a);
        if taken.insert(class(&game.format_position(&child))) {
            walk_up_to_symmetry(game, &child, depth - 1, games, d + 1);
        }
    }
}

/// The rows of `analyse --stats`'s table, by depth and then `total`: nodes,
/// finished, positions, up to symmetry, finished positions, finished up to
/// symmetry, games up to symmetry; and the whole report.
fn stats_rows(args: &[&str]) -> (Vec<Vec<u64>>, String) {
    let out = Command::new(BIN).arg("analyse").args(args).arg("--stats").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let rows = err
        .lines()
        .map(str::split_whitespace)
        .filter_map(|mut w| w.next().filter(|d| d.parse::<usize>().is_ok() || *d == "total").map(|_| w))
        .map(|w| w.map(|n| n.parse().unwrap_or_else(|_| panic!("{err}"))).collect())
        .collect();
    (rows, err)
}

/// The rows `--stats` should print for `position` at `depth`, counted by the
/// walks: one per depth, then the total; each the six counts of
/// [`Walked::row`] and the games up to symmetry.
fn expected_rows<G: Game>(game: &G, position: &str, depth: u8) -> Vec<Vec<u64>> {
    let pos = game.parse_position(position).unwrap();
    let (mut total, mut by_depth, mut games) = (Walked::default(), Vec::new(), Vec::new());
    walk(game, &pos, depth, &mut total, &mut by_depth, 0);
    walk_up_to_symmetry(game, &pos, depth, &mut games, 0);
    assert_eq!(games.len(), by_depth.len(), "the tree up to symmetry reaches every depth the tree does");
    let with = |w: &Walked, g: u64| w.row().into_iter().chain([g]).collect();
    by_depth.iter().zip(&games).map(|(w, &g)| with(w, g)).chain([with(&total, games.iter().sum())]).collect()
}

fn check<G: Game>(game: &G, name: &str, position: &str, depth: u8) {
    let (rows, err) = stats_rows(&[name, "--position", position, "--depth", &depth.to_string()]);
    assert_eq!(rows, expected_rows(game, position, depth), "{name} {position:?} depth {depth}");
    // The figure is named under the table.
    assert!(err.contains("games up to sym.: the finished games once, at every node"), "{err}");
}

#[test]
fn the_census_agrees_with_a_walk_of_the_game_and_symmetries_of_the_notation() {
    check(&TicTacToe, "tictactoe", "......... x", 5);
    check(&TicTacToe, "tictactoe", "x...o.... x", 7);
    check(&Ataxx, "ataxx", "x5o/7/7/7/7/7/o5x x 0 1", 3);
    check(&Ataxx, "ataxx", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", 3);
    check(&Gomoku::default(), "gomoku", "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 o", 2);
}

/// One of the JSON's `census` counts, in the order of `--stats`'s columns
/// (the Positions table's six, then games up to symmetry); `None` for a game
/// without symmetries is the table's `-`, which no walk gives, so it must not
/// appear for these games.
fn json_row(counts: &serde_json::Value) -> Vec<u64> {
    (crate::support::written::CENSUS_COLUMNS.iter().chain(&["games_up_to_symmetry"]))
        .map(|k| counts[k].as_u64().unwrap_or_else(|| panic!("{k} in {counts}")))
        .collect()
}

#[test]
fn the_json_holds_the_census_per_depth_and_in_total_as_the_walk_counts_it() {
    for (name, position, depth) in
        [("tictactoe", "x...o.... x", 5u8), ("ataxx", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", 2)]
    {
        let expected = match name {
            "tictactoe" => expected_rows(&TicTacToe, position, depth),
            _ => expected_rows(&Ataxx, position, depth),
        };
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
        let rows = census["by_depth"].as_array().unwrap();
        let json: Vec<Vec<u64>> = rows.iter().chain([&census["total"]]).map(json_row).collect();
        assert_eq!(json, expected, "{name}: the JSON, per depth and in total");
        // The same figures as the table on stderr, row for row.
        let err = String::from_utf8_lossy(&out.stderr);
        let table: Vec<Vec<u64>> = err
            .lines()
            .map(str::split_whitespace)
            .filter_map(|mut w| w.next().filter(|d| d.parse::<usize>().is_ok() || *d == "total").map(|_| w))
            .map(|w| w.map(|n| n.parse().unwrap()).collect())
            .collect();
        assert_eq!(table, json, "{name}: --stats and the JSON");
    }
}

#[test]
fn a_game_without_symmetries_has_null_for_them_in_the_json() {
    let out = Command::new(BIN).args(["analyse", "niujiao", "--depth", "3", "--json", "-"]).output().unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let total = &doc["census"]["total"];
    for k in ["positions_up_to_symmetry", "finished_positions_up_to_symmetry", "games_up_to_symmetry"] {
        assert!(total[k].is_null(), "{k}: {total}");
    }
    // And `--stats` says so with a dash, and names no figure it did not count.
    let out = Command::new(BIN).args(["analyse", "niujiao", "--depth", "3", "--stats"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let row = err.lines().find(|l| l.trim_start().starts_with("total")).unwrap_or_else(|| panic!("{err}"));
    assert_eq!(row.split_whitespace().filter(|w| *w == "-").count(), 3, "{row}");
    assert!(!err.contains("games up to sym.:"), "{err}");
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

/// Tic-tac-toe of this file's own, to count games up to symmetry without the
/// library: nine cells row by row ('x', 'o' or '.'), the eight lines, and
/// the board's eight symmetries as tables of where each cell goes.
mod own_tictactoe {
    use std::collections::HashSet;

    const LINES: [[usize; 3]; 8] =
        [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
    /// A quarter turn: row r, column c goes to row c, column 2 - r.
    const TURN: [usize; 9] = [2, 5, 8, 1, 4, 7, 0, 3, 6];
    /// A mirror: column c goes to column 2 - c.
    const MIRROR: [usize; 9] = [2, 1, 0, 5, 4, 3, 8, 7, 6];

    /// The eight symmetries: each of four turns, alone and after the mirror.
    pub fn symmetries() -> Vec<[usize; 9]> {
        let mut all = Vec::new();
        for first in [[0, 1, 2, 3, 4, 5, 6, 7, 8], MIRROR] {
            let mut map = first;
            for _ in 0..4 {
                all.push(map);
                map = map.map(|cell| TURN[cell]);
            }
        }
        assert_eq!(all.iter().collect::<HashSet<_>>().len(), 8, "eight different symmetries");
        all
    }

    type Board = [u8; 9];

    fn over(b: &Board) -> bool {
        LINES.iter().any(|l| b[l[0]] != b'.' && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]])
            || !b.contains(&b'.')
    }

    /// The least of a board's eight images: the same for the boards a
    /// symmetry maps to one another.
    fn class(b: &Board, maps: &[[usize; 9]]) -> Board {
        let image = |m: &[usize; 9]| {
            let mut out = [b'.'; 9];
            for (cell, &to) in m.iter().enumerate() {
                out[to] = b[cell];
            }
            out
        };
        maps.iter().map(image).min().unwrap()
    }

    fn parse(notation: &str) -> (Board, u8) {
        let (cells, side) = notation.split_once(' ').unwrap();
        (cells.as_bytes().try_into().unwrap(), side.as_bytes()[0])
    }

    fn down(b: Board, side: u8, depth: u8, d: usize, maps: &[[usize; 9]], games: &mut Vec<u64>) {
        if games.len() <= d {
            games.resize(d + 1, 0);
        }
        if over(&b) {
            games[d] += 1;
            return;
        }
        if depth == 0 {
            return;
        }
        let mut taken = HashSet::new();
        for cell in (0..9).filter(|&c| b[c] == b'.') {
            let mut child = b;
            child[cell] = side;
            if taken.insert(class(&child, maps)) {
                down(child, if side == b'x' { b'o' } else { b'x' }, depth - 1, d + 1, maps, games);
            }
        }
    }

    /// Finished games by depth, `depth` plies down from `notation`, of each
    /// node's moves only the first into each class of boards followed.
    pub fn games_up_to_symmetry(notation: &str, depth: u8) -> Vec<u64> {
        let (b, side) = parse(notation);
        let mut games = Vec::new();
        down(b, side, depth, 0, &symmetries(), &mut games);
        games
    }

    /// Every whole game from the empty board, as its cells in the order taken.
    pub fn whole_games() -> Vec<Vec<usize>> {
        fn more(b: Board, side: u8, line: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            if over(&b) {
                out.push(line.clone());
                return;
            }
            for cell in (0..9).filter(|&c| b[c] == b'.') {
                let mut child = b;
                child[cell] = side;
                line.push(cell);
                more(child, if side == b'x' { b'o' } else { b'x' }, line, out);
                line.pop();
            }
        }
        let mut out = Vec::new();
        more([b'.'; 9], b'x', &mut Vec::new(), &mut out);
        out
    }
}

#[test]
fn games_up_to_symmetry_are_those_of_a_tictactoe_of_this_files_own_and_the_published_figure() {
    let whole = own_tictactoe::games_up_to_symmetry("......... x", 9);
    // Wikipedia's "Tic-tac-toe", after Schaefer's MathRec solutions: "26,830
    // possible games up to rotations and reflections".
    assert_eq!(whole.iter().sum::<u64>(), 26_830);
    // The figures it is taken for: 255,168 / 8, which is also the number of
    // classes of whole games under the eight symmetries (no game is its own
    // image, so each class holds eight).
    let games = own_tictactoe::whole_games();
    assert_eq!(games.len(), 255_168);
    let maps = own_tictactoe::symmetries();
    let classes: HashSet<Vec<usize>> =
        games.iter().map(|g| maps.iter().map(|m| g.iter().map(|&c| m[c]).collect()).min().unwrap()).collect();
    assert_eq!(classes.len(), 255_168 / 8);
    assert_ne!(whole.iter().sum::<u64>(), classes.len() as u64);
    // The census, per depth and in total: the whole game, a tree cut off
    // before most games end, and from a board its mirror across a diagonal
    // keeps (a corner, the centre, the opposite corner: O's moves either side
    // of the other diagonal are one).
    for (position, depth) in [("......... x", 9), ("......... x", 6), ("x...o.... x", 7), ("x...o...x o", 6)]
    {
        let (rows, _) = stats_rows(&["tictactoe", "--position", position, "--depth", &depth.to_string()]);
        let (total, by_depth) = rows.split_last().unwrap();
        let own = own_tictactoe::games_up_to_symmetry(position, depth);
        assert_eq!(by_depth.iter().map(|r| r[6]).collect::<Vec<_>>(), own, "{position} depth {depth}");
        assert_eq!(total[6], own.iter().sum::<u64>(), "{position} depth {depth}");
    }
}
