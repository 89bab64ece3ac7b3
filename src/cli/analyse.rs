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
use crate::search::alphabeta::Pruning;
use crate::search::orders::{self, Comparison, Count};
use crate::tree::{Tree, TreeArena};

/// What `analyse` shows of alpha-beta for a lesson.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct Lessons {
    /// Alpha-beta cuts off only when a value passes the bound, not when it
    /// reaches it (Berkeley CS188's rule; the default is AIMA's).
    #[arg(long)]
    pub no_prune_on_ties: bool,
    /// Also run alpha-beta with the children taken in natural, best-first,
    /// worst-first and the engine's order, and print what each visits
    /// beside minimax (and in the JSON).
    #[arg(long)]
    pub compare_orders: bool,
}

impl Lessons {
    /// Alpha-beta's cut-off rule.
    pub fn pruning(self) -> Pruning {
        if self.no_prune_on_ties { Pruning::PastBound } else { Pruning::OnTies }
    }
}

pub struct Request<'a> {
    pub position: Option<&'a str>,
    pub moves: Option<&'a Path>,
    pub tree: TreeOptions,
    pub search: SearchKind,
    pub lessons: Lessons,
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
    // A position read from a file (`@FILE`, the tree game's) is an input too.
    let from_file = req.position.and_then(|p| p.strip_prefix('@')).map(Path::new);
    let inputs: Vec<&Path> = req.moves.into_iter().chain(from_file).collect();
    if let Err(code) = req.tree.check_tree_capacity().and_then(|()| req.exports.check(&inputs)) {
        return code;
    }
    if req.lessons.pruning() != Pruning::default()
        && req.search != SearchKind::Alphabeta
        && !req.lessons.compare_orders
    {
        eprintln!(
            "gametree: --no-prune-on-ties changes alpha-beta's cut-offs; add --search alphabeta or --compare-orders"
        );
        return status::USAGE;
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
    let mut searched =
        exports::search(&tree, req.search, req.lessons.pruning(), req.tree.build_options().threads, trace);
    if req.lessons.compare_orders {
        searched.orders = Some(orders::compare(game, &tree, req.lessons.pruning()));
    }
    if req.tree.stats {
        print_stats("", &tree, built);
    }
    if !req.exports.to_stdout()
        && let Err(e) = write_summary(&mut super::output::stdout(), game, &tree, searched.windows.as_deref())
    {
        eprintln!("gametree: {e}");
        return status::OUTPUT;
    }
    if let Some(c) = searched.orders.as_ref().filter(|_| !req.exports.to_stdout())
        && let Err(e) = write_orders(&mut super::output::stdout(), c)
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
    windows: Option<&[Option<crate::search::alphabeta::Window>]>,
) -> io::Result<()> {
    let s = Summary::of(game, tree, windows);
    writeln!(out, "position: {}", s.position)?;
    writeln!(out, "to move: {}", s.to_move)?;
    writeln!(out, "depth: {}", s.depth)?;
    writeln!(out, "nodes: {}", s.node_count)?;
    if let Some(rule) = s.pruning {
        writeln!(out, "visited by alpha-beta: {} (pruned {})", s.node_count - s.pruned, s.pruned)?;
        if rule != Pruning::default().name() {
            writeln!(out, "pruning: {rule}")?;
        }
    }
    match &s.decision {
        Some(action) => writeln!(out, "decision: {action} value {}", s.value)?,
        None => writeln!(out, "decision: none (the side to move cannot act) value {}", s.value)?,
    }
    writeln!(out, "line: {}", s.line.join(" "))
}

/// The move-ordering table: what alpha-beta visits under each order, beside
/// minimax and, for a uniform tree, the minimal tree.
fn write_orders(out: &mut impl Write, c: &Comparison) -> io::Result<()> {
    writeln!(out, "\nmove ordering (alpha-beta, {}):", c.rule.words())?;
    writeln!(out, "{:<12} {:>12} {:>12} {:>9}", "order", "nodes", "leaves", "cut-offs")?;
    let row = |out: &mut dyn Write, name: &str, n: &Count| {
        writeln!(out, "{name:<12} {:>12} {:>12} {:>9}", n.nodes, n.leaves, n.cutoffs)
    };
    row(out, "minimax", &c.minimax)?;
    for (order, n) in &c.orders {
        row(out, order.name(), n)?;
    }
    match c.minimal_tree {
        Some((b, d, leaves)) => {
            writeln!(out, "minimal tree (b = {b}, d = {d}): b^ceil(d/2) + b^floor(d/2) - 1 = {leaves} leaves")
        }
        None => writeln!(out, "minimal tree: no bound (the tree is not uniform)"),
    }
}
