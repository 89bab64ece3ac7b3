use std::fs::File;
use std::io::{BufWriter, Write};

use gametree::export::json;
use gametree::game::prelude::*;
use gametree::games::checkers::Checkers;
use gametree::limits::Limits;
use gametree::search::alphabeta;
use gametree::tree::{Tree, TreeArena};

pub fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The course's worked example: rows 1 to 8, black to move.
    let game = Checkers;
    let start =
        game.parse_position("......../......../......../......../......../B.w...../.w....../..b..... b")?;

    // Build: every node a real object in the arena, with its own copy of its board.
    let mut arena = TreeArena::new();
    let tree = Tree::build(&mut arena, &game, start, 3, &Limits::default())?;

    // Search: alpha-beta sets the values, marks what it skipped and returns each
    // node's window (search::back_propagate would be plain minimax).
    let windows = alphabeta::run_on_tree(&tree);
    let best = tree.decision().expect("black has moves");
    println!(
        "{} nodes; black plays {} (value {})",
        tree.len,
        game.format_action(best.action.unwrap()),
        best.value()
    );

    // Export: a tree no search has set the values of is refused (NotSearched).
    let path = std::env::temp_dir().join("worked-example.json");
    let mut out = BufWriter::new(File::create(&path)?);
    json::write_tree(&mut out, &game, &tree, Some(&windows))?;
    out.flush()?;
    println!("wrote {}", path.display());
    Ok(())
}
