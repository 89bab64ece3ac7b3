//! A board game in the page: its board as the game describes it (`board`),
//! a board set up point by point (`setup`), and the machine's move at a level
//! of play (`machine`), as `gametree play --level LEVEL` chooses it.

use serde_json::{Value, json};

use gametree::game::{Game, Player};
use gametree::request::machine::{MachineArgs, Searched, game_over, machine_move};
use gametree::request::{Opt, Refusal, Why};
use gametree::search::levels::Level;

use crate::options::{Options, position};

/// `board`: the position's picture (the explorer's description of the
/// board), its cells, who is to move, and each legal action with the points
/// it starts from and ends on, so that the page draws the board and takes a
/// move by its points.
pub fn board<G: Game>(game: &G, mut o: Options) -> Result<Value, Refusal> {
    let pos = position(game, &mut o)?;
    // The side the person plays against the machine, if a game is played:
    // the end is then said as `play` says it to them ("you win").
    let you = o
        .choice("you", &["first", "second"])?
        .map(|s| if s == "first" { Player::First } else { Player::Second });
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
        "over": legal.is_empty().then(|| {
            game_over(game, &pos, |p| match you {
                Some(y) if y == p => "you".to_string(),
                Some(_) => "the machine".to_string(),
                None => game.player_name(p).to_string(),
            })
        }),
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
/// (the library's machine player), and the position after it.
pub fn machine<G: Game>(game: &G, mut o: Options) -> Result<Value, Refusal> {
    let pos = position(game, &mut o)?;
    let names: Vec<&str> = Level::ALL.iter().map(|(_, n)| *n).collect();
    let level = match o.choice("level", &names)? {
        Some(n) => Level::ALL.iter().find(|(_, m)| *m == n).map_or(Level::Strong, |(l, _)| *l),
        None => Level::Strong,
    };
    let args = MachineArgs {
        level,
        depth: o.whole("depth")?,
        seed: o.integer("seed", 0, i64::MAX)?.map(|s| s as u64),
        think: o.whole("think")?,
        max_nodes: None,
    };
    o.finish()?;
    let played = machine_move(game, &pos, &args.check()?)?;
    // What the machine searched, for the page to show its tree.
    let searched = match played.searched {
        Searched::Random => Value::Null,
        Searched::Mcts { iterations, seed } => {
            json!({"search": "mcts", "iterations": iterations, "seed": seed})
        }
        Searched::Alphabeta { depth, nodes } => {
            json!({"search": "alphabeta", "depth": depth, "nodes": nodes})
        }
    };
    let after = game.apply(&pos, played.action);
    Ok(json!({
        "ok": true,
        "action": game.format_action(played.action),
        "note": format!("{}; {}", played.note, played.detail),
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
