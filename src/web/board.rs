//! A board game in the page: its board as the game describes it (`board`),
//! a board set up point by point (`setup`), and the machine's move at a level
//! of play (`machine`), as `gametree play --level LEVEL` chooses it.

use std::time::Duration;

use serde_json::{Value, json};

use gametree::game::{Game, Player};
use gametree::limits::DEFAULT_MAX_NODES;
use gametree::rng::Rng;
use gametree::search::levels::{self, DEFAULT_THINK, Level};
use gametree::search::machine::Machine;
use gametree::search::mcts;

use gametree::request::{Opt, Refusal, Why};

use crate::options::{Options, position};

/// `board`: the position's picture (the explorer's description of the
/// board), its cells, who is to move, and each legal action with the points
/// it starts from and ends on, so that the page draws the board and takes a
/// move by its points.
pub fn board<G: Game>(game: &G, mut o: Options) -> Result<Value, Refusal> {
    let pos = position(game, &mut o)?;
    o.finish()?;
    let mut legal = Vec::new();
    game.actions(&pos, &mut legal);
    let actions: Vec<Value> = legal
        .iter()
        .map(|&a| {
            let s = game.spots(&pos, a);
            json!({"name": game.format_action(a), "from": s.from, "to": s.to})
        })
        .collect();
    let mover = game.to_move(&pos);
    Ok(json!({
        "ok": true,
        "position": game.format_position(&pos),
        "picture": game.picture(),
        "cells": game.cells(&pos),
        "to_move": side_name(mover),
        "players": [game.player_name(Player::First), game.player_name(Player::Second)],
        "actions": actions,
        "over": legal.is_empty().then(|| game.why_over(&pos)),
        "tally": game.tally(&pos),
        "names": (0..game.picture().points.len()).map(|i| game.point_name(i)).collect::<Vec<_>>(),
        "editable": game.setup(&game.cells(&pos), mover).is_some(),
    }))
}

fn side_name(p: Player) -> &'static str {
    if p == Player::First { "first" } else { "second" }
}

/// `setup`: the position whose board is `cells` with `to-move` (`first` or
/// `second`) to move, in the game's notation; what is wrong with it if none.
pub fn setup<G: Game>(game: &G, mut o: Options) -> Result<Value, Refusal> {
    let cells = o.text("cells")?.unwrap_or_default();
    let mover = match o.choice("to-move", &["first", "second"])? {
        Some("second") => Player::Second,
        _ => Player::First,
    };
    o.finish()?;
    match game.setup(&cells, mover) {
        None => Err(Refusal::said(Opt::Game, Why::Usage, format!("{} has no board to set up", game.name()))),
        Some(Err(why)) => {
            Err(Refusal::said(Opt::Position, Why::Usage, format!("this board is no position: {why}")))
        }
        Some(Ok(pos)) => Ok(json!({"ok": true, "position": game.format_position(&pos)})),
    }
}

/// `machine`: the move the machine plays at `level` from `position`, as
/// `gametree play --level LEVEL --seed SEED --think MS` plays its first move
/// (the levels are the library's, `search::levels`), and the position after it.
pub fn machine<G: Game>(game: &G, mut o: Options) -> Result<Value, Refusal> {
    let pos = position(game, &mut o)?;
    let names: Vec<&str> = Level::ALL.iter().map(|(_, n)| *n).collect();
    let level = match o.choice("level", &names)? {
        Some(n) => Level::ALL.iter().find(|(_, m)| *m == n).map(|(l, _)| *l).expect("a level named"),
        None => Level::Strong,
    };
    let seed = o.integer("seed", 0, i64::MAX)?.map(|s| s as u64);
    let think = Duration::from_millis(o.integer("think", 1, 600_000)?.map_or(DEFAULT_THINK, |t| t as u64));
    let depth = o.integer("depth", 1, 64)?.map(|d| d as u8);
    o.finish()?;
    let mut legal = Vec::new();
    game.actions(&pos, &mut legal);
    if legal.is_empty() {
        return Err(Refusal::said(
            Opt::Position,
            Why::Usage,
            format!("the game is over: {}", game.why_over(&pos)),
        ));
    }
    // What the machine searched, for the page to show its tree: nothing at
    // random; MCTS's iterations and seed; alpha-beta's depth.
    let (action, note, searched) = match level {
        Level::Random => {
            let mut rng = Rng::new(seed.unwrap_or(1));
            (legal[rng.below(legal.len())], "at random".to_string(), Value::Null)
        }
        Level::Mcts => {
            let settings = levels::mcts_for_play(think, seed, DEFAULT_MAX_NODES);
            let g = &game.for_machine(game.to_move(&pos));
            let searched = mcts::search(g, &pos, &settings, &mut ());
            let (id, _) = searched.decision().expect("a side with actions gets one");
            let node = searched.tree.node(id);
            let side = game.player_name(game.to_move(&pos));
            let note = format!(
                "MCTS, {} iterations: {side} scores {:.0}% in the playouts after this move",
                searched.iterations,
                node.mean() * 100.0
            );
            let searched =
                json!({"search": "mcts", "iterations": searched.iterations, "seed": settings.seed});
            (node.action.expect("below the root"), note, searched)
        }
        _ => {
            let depth_searched = depth.unwrap_or_else(|| levels::level_depth(game, level));
            let think = (level == Level::Strong && depth.is_none()).then_some(think);
            let mut machine = Machine {
                depth: depth_searched,
                rng: seed.map(Rng::new),
                max_nodes: DEFAULT_MAX_NODES,
                think,
            };
            let played =
                machine.play(game, &pos).map_err(|e| Refusal::said(None, Why::Usage, e.to_string()))?;
            let c = played.choice;
            let plies = if played.depth == 1 { "ply" } else { "plies" };
            let note = format!(
                "value {}; searched {} {plies}, {} positions examined",
                c.value, played.depth, c.nodes
            );
            let searched = json!({"search": "alphabeta", "depth": played.depth, "nodes": c.nodes});
            (c.action.expect("a side with actions gets one"), note, searched)
        }
    };
    let after = game.apply(&pos, action);
    Ok(json!({
        "ok": true,
        "action": game.format_action(action),
        "note": note,
        "searched": searched,
        "position": game.format_position(&after),
    }))
}

/// `apply`: the position after `action` (in the game's notation) is played.
pub fn apply<G: Game>(game: &G, mut o: Options) -> Result<Value, Refusal> {
    let pos = position(game, &mut o)?;
    let text = o.text("action")?.unwrap_or_default();
    o.finish()?;
    let action = game.parse_action(&pos, &text).map_err(|e| Refusal::said(Opt::Action, Why::Usage, e))?;
    Ok(json!({"ok": true, "position": game.format_position(&game.apply(&pos, action))}))
}
