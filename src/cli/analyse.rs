//! `gametree analyse`: build a position's whole tree, summarise and export it.

use std::io::{self, Write};
use std::path::Path;
use std::time::Instant;

use super::checkers::open_input;
use super::exports::{self, ExportOptions};
use super::output::print_stats;
use super::positions::position_or_start;
use super::{SearchKind, TreeOptions, status};
use crate::drawing::Drawing;
use crate::export::summary::Summary;
use crate::game::prelude::*;
use crate::protocol;
use crate::tree::{Tree, TreeArena};

pub struct Request<'a> {
    pub position: Option<&'a str>,
    pub moves: Option<&'a Path>,
    pub tree: TreeOptions,
    pub search: SearchKind,
    pub exports: &'a ExportOptions,
}

/// The position after replaying a checkers protocol input, in `game`'s type (only
/// checkers can have one).
fn replayed<G: Game>(game: &G, path: &Path) -> Result<G::Position, u8> {
    if game.name() != protocol::GAME {
        eprintln!("gametree: --moves replays a checkers protocol input; use --position for {}", game.name());
        return Err(status::USAGE);
    }
    let (reader, name) = open_input(Some(path))?;
    let text = protocol::replay_notation(reader).map_err(|e| {
        eprintln!("gametree: {name}: {e}");
        status::USAGE
    })?;
    Ok(game.parse_position(&text).expect("checkers notation round-trips"))
}

pub fn run<G: Drawing>(game: &G, req: &Request<'_>) -> u8 {
    if let Err(code) = req.tree.check_tree_capacity().and_then(|()| req.exports.check(req.moves.as_slice())) {
        return code;
    }
    let pos = match req.moves {
        Some(path) => replayed(game, path),
        None => position_or_start(game, req.position),
    };
    let pos = match pos {
        Ok(p) => p,
        Err(code) => return code,
    };
    let game = &game.for_machine(game.to_move(&pos));
    let depth = req.tree.depth.unwrap_or_else(|| game.default_depth());
    let mut arena = TreeArena::new();
    let started = Instant::now();
    let tree = match Tree::build(&mut arena, game, pos, depth, &req.tree.build_options()) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("gametree: {e}");
            return status::TOO_MANY_NODES;
        }
    };
    let built = started.elapsed();
    let trace = exports::wants_trace(req.exports, tree.len);
    let searched = exports::search(&tree, req.search, req.tree.build_options().threads, trace);
    if req.tree.stats {
        print_stats("", &tree, built);
    }
    if !req.exports.to_stdout()
        && let Err(e) = write_summary(&mut super::output::stdout(), game, &tree, searched.windows.is_some())
    {
        eprintln!("gametree: {e}");
        return status::OUTPUT;
    }
    match exports::write_all(game, &tree, &searched, req.exports) {
        Ok(()) => status::OK,
        Err(code) => code,
    }
}

fn write_summary<G: Game>(
    out: &mut impl Write,
    game: &G,
    tree: &Tree<'_, G>,
    pruning: bool,
) -> io::Result<()> {
    let s = Summary::new(game, tree, pruning);
    writeln!(out, "position: {}", s.position)?;
    writeln!(out, "to move: {}", s.to_move)?;
    writeln!(out, "depth: {}", s.depth)?;
    writeln!(out, "nodes: {}", s.node_count)?;
    if pruning {
        writeln!(out, "visited by alpha-beta: {} (pruned {})", s.node_count - s.pruned, s.pruned)?;
    }
    match &s.decision {
        Some(action) => writeln!(out, "decision: {action} value {}", s.value)?,
        None => writeln!(out, "decision: none (the side to move cannot act) value {}", s.value)?,
    }
    writeln!(out, "line: {}", s.line.join(" "))
}
