//! `gametree analyse`: build a position's whole tree, summarise and export it.

use std::io::{self, Write};
use std::path::Path;
use std::time::Instant;

use typed_arena::Arena;

use super::checkers::open_input;
use super::output::{print_stats, write_output};
use super::{TreeOptions, status};
use crate::export;
use crate::game::Game;
use crate::games::checkers::Checkers;
use crate::protocol;
use crate::search::{Tree, back_propagate};

pub struct Exports<'p> {
    pub json: Option<&'p Path>,
    pub dot: Option<&'p Path>,
}

pub fn run_checkers(
    position: Option<&str>,
    moves: Option<&Path>,
    opts: &TreeOptions,
    exports: &Exports<'_>,
) -> u8 {
    let game = Checkers;
    let pos = match (position, moves) {
        (Some(text), _) => match game.parse_position(text) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("gametree: --position: {e}");
                return status::USAGE;
            }
        },
        (None, path) => {
            let (reader, name) = match open_input(path) {
                Ok(r) => r,
                Err(code) => return code,
            };
            match protocol::replay(reader) {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("gametree: {name}: {e}");
                    return status::USAGE;
                }
            }
        }
    };
    analyse(&game, pos, opts, exports)
}

fn analyse<G: Game>(game: &G, pos: G::Position, opts: &TreeOptions, exports: &Exports<'_>) -> u8 {
    let arena = Arena::new();
    let started = Instant::now();
    let tree = match Tree::build(&arena, game, pos, opts.depth, opts.max_nodes) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("gametree: {e}");
            return status::TOO_MANY_NODES;
        }
    };
    let built = started.elapsed();
    back_propagate(tree.root);
    if opts.stats {
        print_stats("", &tree, built);
    }
    let to_stdout = |p: Option<&Path>| p == Some(Path::new("-"));
    if !to_stdout(exports.json)
        && !to_stdout(exports.dot)
        && let Err(e) = write_summary(&mut io::stdout().lock(), game, &tree)
    {
        eprintln!("gametree: {e}");
        return status::OUTPUT;
    }
    let written = exports
        .json
        .map(|path| {
            (
                path,
                write_output(path, |w| {
                    export::json::write_tree(w, game, &tree, "minimax")
                }),
            )
        })
        .into_iter()
        .chain(exports.dot.map(|path| {
            (
                path,
                write_output(path, |w| export::dot::write_tree(w, game, &tree)),
            )
        }));
    for (path, result) in written {
        if let Err(e) = result {
            eprintln!("gametree: cannot write {}: {e}", path.display());
            return status::OUTPUT;
        }
    }
    status::OK
}

fn write_summary<G: Game>(out: &mut impl Write, game: &G, tree: &Tree<'_, G>) -> io::Result<()> {
    writeln!(
        out,
        "position: {}",
        game.format_position(&tree.root_position)
    )?;
    writeln!(
        out,
        "to move: {}",
        game.player_name(game.to_move(&tree.root_position))
    )?;
    writeln!(out, "depth: {}", tree.depth)?;
    writeln!(out, "nodes: {}", tree.len)?;
    match tree.decision() {
        Some(n) => writeln!(
            out,
            "decision: {} value {}",
            game.format_action(n.action.expect("a decision has an action")),
            n.value()
        )?,
        None => writeln!(
            out,
            "decision: none (the side to move cannot act) value {}",
            tree.root.value()
        )?,
    }
    let line: Vec<String> = tree
        .principal_variation()
        .iter()
        .map(|n| game.format_action(n.action.expect("a line has actions")))
        .collect();
    writeln!(out, "line: {}", line.join(" "))
}
