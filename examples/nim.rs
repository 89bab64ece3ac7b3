//! A game defined outside the crate, with only its public API: Nim, three piles,
//! take one or more stones from one pile, whoever takes the last stone wins.
//!
//! It builds the explicit tree of the whole game, runs alpha-beta over it, and
//! writes the tree as JSON and as Graphviz DOT:
//!
//! ```sh
//! cargo run --example nim                      # piles 1 3 5, files in the current folder
//! cargo run --example nim -- 2 4 6 /tmp/nim    # other piles, files under /tmp/nim
//! ```
//!
//! A game implements the small traits of `gametree::game` (together they are
//! `Game`), writing only the methods without a default:
//!
//! - `Rules`: `start`, `to_move`, `actions`, `apply`, `terminal_outcome`;
//! - `Storage`: `pack` and `unpack`, the copy of a position each tree node keeps;
//! - `Evaluation`: nothing (Nim gives `heuristic` and `terminal_cost` anyway,
//!   to show them);
//! - `Notation`: `format_action`, `parse_position`, `format_position`;
//! - `Presentation`: the constant `NAME`;
//! - `Play` and `Drawing`: nothing (`impl Play for Nim {}`).
//!
//! Building and searching a tree needs the first three; the exports add the
//! others. Nim also writes `default_depth` (its longest game) and describes
//! its board in `Drawing` (`picture`: three rows of places; `cells`: a stone
//! or an empty place on each), from which the JSON `board`, DOT and the
//! explorer draw it; every other method has a default. The command line's own games are registered in
//! `src/games/mod.rs`; a program of its own, like this one, just calls the
//! library.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use gametree::export;
use gametree::game::drawing::{Drawing, Picture, Unit};
use gametree::game::{
    Evaluation, Notation, Outcome, Play, Player, PositionError, Presentation, Rules, Storage,
};
use gametree::limits::Limits;
use gametree::search::alphabeta;
use gametree::tree::{Tree, TreeArena};

/// A won game scores this: far above any evaluation.
const WIN: i32 = 100;

/// The game: Nim has no settings, so the type is empty.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

/// The stones left in each pile, and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Stones in piles a, b and c.
    pub piles: [u8; 3],
    /// Whether the first player (who maximises) is to move.
    pub first_to_move: bool,
}

/// Take `count` stones from pile `pile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Take {
    /// 0, 1 or 2 for piles a, b and c.
    pub pile: u8,
    /// At least one, at most the pile's stones.
    pub count: u8,
}

impl Rules for Nim {
    type Position = Position;
    type Action = Take;

    fn start(&self) -> Position {
        Position { piles: [1, 3, 5], first_to_move: true }
    }

    fn to_move(&self, pos: &Position) -> Player {
        if pos.first_to_move { Player::First } else { Player::Second }
    }

    /// Pile by pile, one stone first.
    fn actions(&self, pos: &Position, out: &mut Vec<Take>) {
        out.clear();
        for (pile, &n) in pos.piles.iter().enumerate() {
            out.extend((1..=n).map(|count| Take { pile: pile as u8, count }));
        }
    }

    fn apply(&self, pos: &Position, a: Take) -> Position {
        let mut piles = pos.piles;
        piles[usize::from(a.pile)] -= a.count;
        Position { piles, first_to_move: !pos.first_to_move }
    }

    /// No stones left: the other side took the last one, and the side to move
    /// has lost.
    fn terminal_outcome(&self, _: &Position) -> Outcome {
        Outcome::Loss
    }
}

impl Play for Nim {}

impl Storage for Nim {
    /// The three piles, one byte each (at most 255 stones a pile).
    type Packed = [u8; 3];

    fn pack(&self, pos: &Position) -> [u8; 3] {
        pos.piles
    }

    fn unpack(&self, &piles: &[u8; 3], to_move: Player) -> Position {
        Position { piles, first_to_move: to_move == Player::First }
    }
}

impl Evaluation for Nim {
    /// Nothing is known before the end.
    fn heuristic(&self, _: &Position) -> i32 {
        0
    }

    /// No stones left: the side to move has lost (the other took the last one).
    fn terminal_cost(&self, pos: &Position) -> i32 {
        if pos.first_to_move { -WIN } else { WIN }
    }

    fn default_depth(&self) -> u8 {
        // Every stone taken singly: the longest game.
        15
    }
}

impl Notation for Nim {
    fn format_action(&self, a: Take) -> String {
        format!("{}{}", (b'a' + a.pile) as char, a.count)
    }

    /// Three numbers and the side to move: `1 3 5 first`.
    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let [a, b, c, side] = words[..] else {
            return Err(PositionError(format!(
                "expected three pile sizes and first or second, got {text:?}"
            )));
        };
        let pile = |w: &str| w.parse::<u8>().map_err(|e| PositionError(format!("pile {w:?}: {e}")));
        let first_to_move = match side {
            "first" => true,
            "second" => false,
            other => {
                return Err(PositionError(format!("side to move must be first or second, got {other:?}")));
            }
        };
        Ok(Position { piles: [pile(a)?, pile(b)?, pile(c)?], first_to_move })
    }

    fn format_position(&self, pos: &Position) -> String {
        let [a, b, c] = pos.piles;
        format!("{a} {b} {c} {}", if pos.first_to_move { "first" } else { "second" })
    }
}

impl Presentation for Nim {
    const NAME: &'static str = "nim";
}

impl Drawing for Nim {
    /// Three rows of nine places, named a, b, c; stones as dark circles.
    fn picture(&self) -> Picture {
        let columns = (1..=9).map(|i| i.to_string()).collect();
        let rows = ["a", "b", "c"].map(String::from).to_vec();
        let stone = Unit::plain('o', "stone", "o", ["#444", "#000"]);
        Picture::grid(columns, rows, |_, _| false, vec![stone])
    }

    /// A pile per row, an `o` per stone.
    fn cells(&self, pos: &Position) -> String {
        pos.piles.iter().map(|&n| format!("{:.<9}", "o".repeat(usize::from(n)))).collect()
    }
}

/// Builds the tree of `start`, runs alpha-beta over it, writes `nim.json` and
/// `nim.dot` in `dir`; returns the decision, its value, and the node count.
pub fn run(start: Position, dir: &Path) -> io::Result<(Option<String>, i32, usize)> {
    let game = Nim;
    let mut arena = TreeArena::new();
    let tree = Tree::build(&mut arena, &game, start, game.default_depth(), &Limits::default())
        .map_err(io::Error::other)?;
    let windows = alphabeta::run_on_tree(&tree);
    let mut json = BufWriter::new(File::create(dir.join("nim.json"))?);
    export::json::write_tree(&mut json, &game, &tree, Some(&windows))?;
    json.flush()?;
    let mut dot = BufWriter::new(File::create(dir.join("nim.dot"))?);
    export::dot::write_tree(&mut dot, &game, &tree, Some(&windows), export::scope::Scope::Line)?;
    dot.flush()?;
    let decision = tree.decision().and_then(|n| n.action).map(|a| game.format_action(a));
    Ok((decision, tree.root.value(), tree.len))
}

#[allow(dead_code)]
fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (start, dir) = match &args[..] {
        [] => (Nim.start(), "."),
        [a, b, c, rest @ ..] => {
            let text = format!("{a} {b} {c} first");
            let start = Nim.parse_position(&text).map_err(io::Error::other)?;
            (start, rest.first().map_or(".", String::as_str))
        }
        _ => return Err(io::Error::other("usage: nim [PILE PILE PILE [DIR]]")),
    };
    let (decision, value, nodes) = run(start, Path::new(dir))?;
    println!("piles {:?}: {nodes} nodes", start.piles);
    match decision {
        Some(d) => {
            println!("first takes {d} (value {value}: {})", if value > 0 { "a win" } else { "a loss" })
        }
        None => println!("no stones: first has lost"),
    }
    println!("wrote {dir}/nim.json and {dir}/nim.dot");
    Ok(())
}
