//! `exercise`: one exercise's files, as `gametree exercise --out DIR` writes
//! them (a random textbook tree from a seed, or a game's position with
//! `game`), by the library's exercise request. Text files come as text, the
//! PDFs in base64.

use serde_json::{Map, Value, json};

use gametree::exercise::page::Paper;
use gametree::request::exercise::{self as request, ExerciseArgs};
use gametree::request::{Door, Opt, Refusal, Search, check};

use crate::options::Options;

pub fn exercise(mut o: Options) -> Result<Value, Refusal> {
    let args = ExerciseArgs {
        seed: o.integer("seed", 0, i64::MAX)?.map(|s| s as u64),
        depth: o.whole("depth")?,
        branching: o.text("branching")?.map(|t| request::branching(Some(&t), (2, 3))).transpose()?,
        leaves: o.text("leaves")?.map(|t| request::range(Opt::Leaves, Some(&t), (0, 20))).transpose()?,
        cutoffs: o.whole("cutoffs")?,
        cut_above_leaves: o.flag("cut-above-leaves")?,
        search: match o.choice("search", &["minimax", "alphabeta"])? {
            Some("minimax") => Search::Minimax,
            _ => Search::Alphabeta,
        },
        no_prune_on_ties: o.flag("no-prune-on-ties")?,
        paper: if o.choice("paper", &["a4", "letter"])? == Some("letter") {
            Paper::Letter
        } else {
            Paper::A4
        },
        game: o.text("game")?.map(|name| check::game(&name)).transpose()?,
        position: o.text("position")?,
    };
    o.finish()?;
    let made = args.check()?.files(1, 1, Door::Page)?;
    let mut out = Map::new();
    for (name, bytes) in made {
        let value = match String::from_utf8(bytes) {
            Ok(text) if !name.ends_with(".pdf") => json!(text),
            Ok(text) => json!({"base64": base64_of(text.as_bytes())}),
            Err(e) => json!({"base64": base64_of(e.as_bytes())}),
        };
        out.insert(name.to_string(), value);
    }
    Ok(json!({"ok": true, "files": out}))
}

fn base64_of(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}
