//! The checks several requests share: each option's range, said once.

use super::option::Opt;
use super::refusal::{Refusal, Word};
use crate::exercise::generate::{Drawn, named};
use crate::export::scope::Scope;
use crate::game::{Game, quoted_start};
use crate::games::tree::MAX_VALUE;
use crate::games::{self, GameName, Settings};
use crate::limits::{DEFAULT_MAX_NODES, default_threads};
use crate::words;

/// The deepest tree or search any request accepts.
pub const MAX_DEPTH: u8 = 64;

/// The most threads a request may ask for.
pub const MAX_THREADS: i64 = 256;

/// `value`, when given, within `min..=max`.
pub fn within(opt: Opt, value: Option<i64>, min: i64, max: i64) -> Result<Option<i64>, Refusal> {
    match value {
        Some(v) if !(min..=max).contains(&v) => Err(Refusal::usage(
            opt,
            words![Word::set(opt, v), format!(": {}", expected(min.into(), max.into()))],
        )),
        v => Ok(v),
    }
}

/// What a whole number out of `min..=max` is told, in every door: "expected
/// 1 to 64", or "expected 1 or more" where the top is only what the type
/// holds.
pub fn expected(min: i128, max: i128) -> String {
    if max >= i128::from(i64::MAX) {
        format!("expected {min} or more")
    } else {
        format!("expected {min} to {max}")
    }
}

/// A whole number written as `text`, within `min..=max`; the error is in
/// [`expected`]'s words, for a door that reads its own text (the command
/// line's parser, which names the option before it).
pub fn whole(text: &str, min: i128, max: i128) -> Result<i128, String> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err("expected a whole number (digits only, no point or exponent)".into());
    }
    match text.parse::<i128>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        // Past what the option's type holds (or i128 itself).
        Ok(v) if v > max && max >= i128::from(i64::MAX) => Err(format!("expected at most {max}")),
        Err(_) if !text.starts_with('-') => Err(format!("expected at most {max}")),
        _ => Err(expected(min, max)),
    }
}

/// Plies in a tree or search.
pub fn depth(depth: Option<i64>) -> Result<Option<u8>, Refusal> {
    Ok(within(Opt::Depth, depth, 1, i64::from(MAX_DEPTH))?.map(|d| d as u8))
}

/// The node budget (the table's unless given).
pub fn max_nodes(max_nodes: Option<i64>) -> Result<u64, Refusal> {
    Ok(within(Opt::MaxNodes, max_nodes, 1, i64::MAX)?.map_or(DEFAULT_MAX_NODES, |n| n as u64))
}

/// Threads (every core unless given).
pub fn threads(threads: Option<i64>) -> Result<usize, Refusal> {
    Ok(within(Opt::Threads, threads, 1, MAX_THREADS)?.map_or_else(default_threads, |t| t as usize))
}

/// What a drawing draws: the whole tree, to a depth, or the line of best play.
pub fn scope(show_depth: Option<i64>, show_line: bool) -> Result<Scope, Refusal> {
    match (within(Opt::ShowDepth, show_depth, 0, 255)?, show_line) {
        (Some(_), true) => {
            Err(Refusal::usage(Opt::ShowLine, words![Opt::ShowDepth, " cannot be used with ", Opt::ShowLine]))
        }
        (Some(k), false) => Ok(Scope::Depth(k as u8)),
        (None, true) => Ok(Scope::Line),
        (None, false) => Ok(Scope::All),
    }
}

/// A textbook tree given as nested lists (Python's `[[3, 12, 8], [2, 4,
/// 6]]`), in the tree game's notation with the names textbooks and the
/// exercises give (`A:(B:(b1:3 ...) ...)`): with no labels of its own, every
/// view of it (the decision, the line, the explorer, a grader's messages)
/// names its nodes by the letters AIMA's figure shows, not by places
/// counted from 1 beside indices counted from 0.
pub fn nested_tree(tree: &Drawn) -> Result<String, Refusal> {
    fn leaves_out_of_range(t: &Drawn) -> Option<i64> {
        match t {
            Drawn::Leaf(v) => (v.unsigned_abs() > MAX_VALUE.unsigned_abs()).then_some(*v),
            Drawn::Inner(kids) => kids.iter().find_map(leaves_out_of_range),
        }
    }
    if let Some(v) = leaves_out_of_range(tree) {
        let why = format!("the tree's leaf {v} is out of range: leaf values lie within ±{MAX_VALUE}");
        return Err(Refusal::usage(Opt::Position, words![why]));
    }
    Ok(named(tree))
}

/// The game named `name`.
pub fn game(name: &str) -> Result<GameName, Refusal> {
    let names: Vec<&str> = games::ALL.iter().map(|g| g.as_str()).collect();
    GameName::named(name).ok_or_else(|| {
        Refusal::usage(Opt::Game, words![format!("no game {name:?}; the games are {}", names.join(", "))])
    })
}

/// The games' own options given, checked against `game`.
pub fn settings(game: GameName, settings: &Settings) -> Result<(), Refusal> {
    games::check(game, settings).map_err(|m| {
        let opt = settings.iter().map(|(n, _)| n).find(|n| m.contains(&format!("--{n} ")));
        match opt.and_then(|n| games::options().find(|o| o.name == n)) {
            Some(o) => Refusal::said(Opt::GameOption(o.name), super::Why::Usage, m),
            None => Refusal::said(None, super::Why::Usage, m),
        }
    })
}

/// The position given in the game's notation, or the game's start.
pub fn position<G: Game>(game: &G, text: Option<&str>) -> Result<G::Position, Refusal> {
    match text {
        None => Ok(game.start()),
        Some(t) => game.parse_position(t).map_err(|e| {
            Refusal::usage(Opt::Position, words![Word::set(Opt::Position, quoted_start(t)), format!(": {e}")])
        }),
    }
}

/// The options given, as a sentence's subject: "--a is", "--a and --b are".
pub fn listed(opts: &[Opt]) -> Vec<Word> {
    let mut w = Vec::new();
    for (i, &o) in opts.iter().enumerate() {
        if i > 0 {
            w.push(Word::from(if i + 1 == opts.len() { " and " } else { ", " }));
        }
        w.push(Word::from(o));
    }
    w.push(Word::from(if opts.len() > 1 { " are" } else { " is" }));
    w
}

/// The search named `name`, one of `allowed`.
pub fn search(name: &str, allowed: &[super::Search]) -> Result<super::Search, Refusal> {
    super::Search::named(name).filter(|s| allowed.contains(s)).ok_or_else(|| {
        let names: Vec<&str> = allowed.iter().map(|s| s.name()).collect();
        Refusal::usage(
            Opt::Search,
            words![
                Word::set(Opt::Search, format!("{name:?}")),
                format!(": the searches are {}", names.join(", "))
            ],
        )
    })
}

/// MCTS's playout policy named `name`.
pub fn rollout(name: &str) -> Result<crate::search::mcts::Rollout, Refusal> {
    use crate::search::mcts::Rollout;
    match name {
        "random" => Ok(Rollout::Random),
        "heuristic" => Ok(Rollout::Heuristic),
        _ => Err(Refusal::usage(
            Opt::Rollout,
            words![Word::set(Opt::Rollout, format!("{name:?}")), ": the playouts are random or heuristic"],
        )),
    }
}

/// The paper named `name`: a4 or letter.
pub fn paper(name: &str) -> Result<crate::exercise::page::Paper, Refusal> {
    use crate::exercise::page::Paper;
    match name {
        "a4" => Ok(Paper::A4),
        "letter" => Ok(Paper::Letter),
        _ => Err(Refusal::usage(
            Opt::Paper,
            words![Word::set(Opt::Paper, format!("{name:?}")), ": the papers are a4 and letter"],
        )),
    }
}
