//! An MCTS tree as one self-contained HTML page (`docs/mcts.md`, "The
//! explorer"): the tree sized by visits, step-through by iteration and by
//! phase, the convergence chart and practice. The page replays the search
//! from what each iteration did, so it carries no per-iteration copy of the
//! tree: the nodes' shape, and for every iteration the node it ended at (the
//! path is that node's ancestors) and its result.
//!
//! Binary columns, little-endian, base64 (as the minimax explorer's): per node
//! parent u32, action u16, created u32, flags u8, actions u16 and changed
//! points u16; then the changes (point u16, symbol code u8); per iteration the
//! end node u32 and the outcome u8 (result in half points for the first
//! player, plus 4 times how it was scored); then, when the page carries them,
//! each playout's length u16 and, for each of its moves, the action u16, how
//! many points it changes u8 and those changes (point u16, symbol code u8): the
//! page draws the playout on the board move by move without knowing the rules.

use std::collections::HashMap;
use std::io::{self, Write};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::Serialize;

use super::{Compared, Exact, Header};
use crate::export::html::{BOARD_STYLE, escape_html, fill, script, script_json};
use crate::game::drawing::Picture;
use crate::game::{Game, Player};
use crate::search::mcts::events::Scored;
use crate::search::mcts::{Event, Searched};

const TEMPLATE: &str = include_str!("page.html");

/// A page carries the playouts' moves only when they are at most this many in
/// all; past it each playout shows its result alone.
pub const PLAYOUT_MOVES_LIMIT: usize = 300_000;

const FIRST_TO_MOVE: u8 = 1;
const FOR_FIRST: u8 = 2;
const TERMINAL: u8 = 4;

#[derive(Serialize)]
struct PageHeader<'a> {
    header: &'a Header,
    first: &'static str,
    second: &'static str,
    uct_c: f64,
    solver: bool,
    picture: &'a Picture,
    root_cells: String,
    symbols: Vec<char>,
    actions: Vec<String>,
    /// The root's own name, where the game's notation gives it one (a
    /// textbook tree's `A:(...)`): the page calls the root by it, as the
    /// explorer does (`export::names`).
    root_name: Option<String>,
    /// `[iteration, node, result in half points for the first player]`, in
    /// the order the search proved them (a node over is proven when made).
    proven: Vec<[u32; 3]>,
    playouts: bool,
    compare: Option<&'a Compared>,
    exact: Option<&'a Exact>,
}

/// Distinct action names, numbered in the order first met.
#[derive(Default)]
struct Names {
    numbers: HashMap<String, u16>,
    actions: Vec<String>,
}

impl Names {
    fn number(&mut self, name: String) -> io::Result<u16> {
        if let Some(&k) = self.numbers.get(&name) {
            return Ok(k);
        }
        let k = u16::try_from(self.actions.len())
            .ok()
            .filter(|&k| k < u16::MAX)
            .ok_or_else(|| io::Error::other("the tree has more distinct actions than the page can number"))?;
        self.numbers.insert(name.clone(), k);
        self.actions.push(name);
        Ok(k)
    }
}

/// The node columns: parent, action, iteration made, flags, actions, and
/// each node's board as the points changed from its parent's.
fn node_columns<G: Game>(
    game: &G,
    searched: &Searched<G>,
    symbols: &[char],
    names: &mut Names,
    blob: &mut Vec<u8>,
) -> io::Result<()> {
    let tree = &searched.tree;
    let code = |ch: char| symbols.iter().position(|&s| s == ch).unwrap_or(0) as u8;
    let nodes = tree.nodes();
    let cells: Vec<Vec<u8>> = nodes.iter().map(|n| game.cells(&n.position(game)).into_bytes()).collect();
    for i in 0..nodes.len() as u32 {
        blob.extend(tree.parent(i).unwrap_or(u32::MAX).to_le_bytes());
    }
    for n in nodes {
        let a = match n.action {
            Some(a) => names.number(game.format_action(a))?,
            None => u16::MAX,
        };
        blob.extend(a.to_le_bytes());
    }
    blob.extend(nodes.iter().flat_map(|n| n.created().to_le_bytes()));
    blob.extend(nodes.iter().map(|n| {
        let mut f = if n.player() == Player::First { FIRST_TO_MOVE } else { 0 };
        f |= if n.scored_for() == Player::First { FOR_FIRST } else { 0 };
        f | if n.is_terminal() { TERMINAL } else { 0 }
    }));
    blob.extend(nodes.iter().flat_map(|n| n.expansion().1.to_le_bytes()));
    let mut changes: Vec<u8> = Vec::new();
    for i in 0..nodes.len() {
        let before = tree.parent(i as u32).map(|p| &cells[p as usize]);
        let points = before.map(|b| changed(b, &cells[i], &code)).unwrap_or_default();
        for &(p, c) in &points {
            changes.extend(p.to_le_bytes());
            changes.push(c);
        }
        blob.extend((points.len() as u16).to_le_bytes());
    }
    blob.extend(changes);
    Ok(())
}

/// The points where `after` differs from `before`, with the code of the
/// symbol now on each.
fn changed(before: &[u8], after: &[u8], code: &dyn Fn(char) -> u8) -> Vec<(u16, u8)> {
    let diff = before.iter().zip(after).enumerate().filter(|(_, (b, a))| b != a);
    diff.map(|(p, (_, &a))| (p as u16, code(char::from(a)))).collect()
}

/// A playout from `node`: each move's action and the points it changes.
fn playout_column<G: Game>(
    game: &G,
    searched: &Searched<G>,
    node: u32,
    moves: &[G::Action],
    symbols: &[char],
    names: &mut Names,
    out: &mut Vec<u8>,
) -> io::Result<()> {
    let code = |ch: char| symbols.iter().position(|&s| s == ch).unwrap_or(0) as u8;
    let mut position = searched.tree.node(node).position(game);
    let mut cells = game.cells(&position).into_bytes();
    out.extend((moves.len() as u16).to_le_bytes());
    for &a in moves {
        out.extend(names.number(game.format_action(a))?.to_le_bytes());
        position = game.apply(&position, a);
        let next = game.cells(&position).into_bytes();
        let changes = changed(&cells, &next, &code);
        let n = u8::try_from(changes.len())
            .map_err(|_| io::Error::other("a playout's move changes more points than the page can carry"))?;
        out.push(n);
        for (p, c) in changes {
            out.extend(p.to_le_bytes());
            out.push(c);
        }
        cells = next;
    }
    Ok(())
}

/// The iteration columns (end node, outcome, and the playouts when
/// `with_moves`); returns the nodes proven, with the iteration that proved them.
fn iteration_columns<G: Game>(
    game: &G,
    searched: &Searched<G>,
    events: &[Event<G::Action>],
    with_moves: bool,
    symbols: &[char],
    names: &mut Names,
    blob: &mut Vec<u8>,
) -> io::Result<Vec<[u32; 3]>> {
    let tree = &searched.tree;
    let (mut ends, mut outcomes, mut proven, mut playouts) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    if tree.node(0).is_terminal() {
        proven.push([0, 0, tree.node(0).proven_half_points().unwrap_or(1)]);
    }
    for e in events {
        match e {
            Event::Simulate { iteration, node, moves, how, result } => {
                ends.extend(node.to_le_bytes());
                let code = match how {
                    Scored::Rollout => 0,
                    Scored::Cut => 1,
                    Scored::Terminal => 2,
                    Scored::Proven => 3,
                };
                outcomes.push(*result as u8 | code << 2);
                if *how == Scored::Terminal && tree.node(*node).created() == *iteration {
                    proven.push([*iteration, *node, *result]);
                }
                if with_moves {
                    playout_column(game, searched, *node, moves, symbols, names, &mut playouts)?;
                }
            }
            Event::Backup { iteration, proven: p, .. } => {
                proven.extend(p.iter().map(|&(n, r)| [*iteration, n, r]));
            }
            _ => {}
        }
    }
    blob.extend(ends);
    blob.extend(outcomes);
    blob.extend(playouts);
    Ok(proven)
}

/// Writes the page of `searched`, whose every phase is in `events`.
pub fn write_page<G: Game>(
    out: &mut dyn Write,
    game: &G,
    searched: &Searched<G>,
    events: &[Event<G::Action>],
    compare: Option<&Compared>,
    exact: Option<&Exact>,
) -> io::Result<()> {
    let header = Header::of(game, searched);
    let picture = game.picture();
    let mut symbols = vec!['.'];
    symbols.extend(picture.units.iter().map(|u| u.symbol));
    let mut names = Names::default();
    let mut blob: Vec<u8> = Vec::new();
    node_columns(game, searched, &symbols, &mut names, &mut blob)?;
    let moves: usize =
        events.iter().map(|e| if let Event::Simulate { moves, .. } = e { moves.len() } else { 0 }).sum();
    let with_moves = moves <= PLAYOUT_MOVES_LIMIT;
    let proven = iteration_columns(game, searched, events, with_moves, &symbols, &mut names, &mut blob)?;
    let page = PageHeader {
        header: &header,
        first: game.player_name(Player::First),
        second: game.player_name(Player::Second),
        uct_c: searched.settings.c,
        solver: searched.settings.solver,
        picture: &picture,
        root_cells: game.cells(&searched.tree.root_position),
        symbols,
        actions: names.actions,
        root_name: game.position_name(&searched.tree.root_position),
        proven,
        playouts: with_moves,
        compare,
        exact,
    };
    let data = STANDARD.encode(&blob);
    drop(blob);
    let title = escape_html(&format!(
        "MCTS tree: {} {} to move, {} iterations, {} nodes",
        header.game, header.to_move, header.iterations, header.node_count
    ));
    let json = script_json(&page)?;
    fill(out, TEMPLATE, &|name, out| match name {
        "title" => out.write_all(title.as_bytes()),
        "header" => out.write_all(json.as_bytes()),
        "data" => out.write_all(data.as_bytes()),
        "board_style" => out.write_all(BOARD_STYLE.as_bytes()),
        "script" => out.write_all(script(&["mcts.js"])?.as_bytes()),
        other => Err(io::Error::other(format!("the page template names an unknown part {other:?}"))),
    })
}
