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

fn walk<G: Game>(game: &G, pos: &G::Position, depth: u8, w: &mut Walked) {
    let text = game.format_position(pos);
    let mut actions = Vec::new();
    game.actions(pos, &mut actions);
    w.nodes += 1;
    w.classes.insert(class(&text));
    if actions.is_empty() {
        w.finished += 1;
        w.finished_positions.insert(text.clone());
        w.finished_classes.insert(class(&text));
    }
    w.positions.insert(text);
    if depth > 0 {
        for a in actions {
            walk(game, &game.apply(pos, a), depth - 1, w);
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
    walk(game, &pos, depth, &mut w);
    let expected = vec![
        w.nodes,
        w.finished,
        w.positions.len() as u64,
        w.classes.len() as u64,
        w.finished_positions.len() as u64,
        w.finished_classes.len() as u64,
    ];
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
