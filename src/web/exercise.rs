//! `exercise`: one exercise's files, as `gametree exercise --out DIR` writes
//! them (a random textbook tree from a seed, or a game's position with
//! `game`), by the library's `exercise::files`. Text files come as text, the
//! PDFs in base64.

use serde_json::{Map, Value, json};

use gametree::exercise::files::{self, Asked};
use gametree::exercise::generate::{Constraints, generate};
use gametree::exercise::page::Paper;
use gametree::export::analysis::SearchKind;
use gametree::game::Notation;
use gametree::games::Settings;
use gametree::games::tree::TextbookTree;

use gametree::request::exercise as request;
use gametree::request::{Opt, Refusal, Search, Why, check};

use crate::options::{Options, position};

pub fn exercise(mut o: Options) -> Result<Value, Refusal> {
    let seed = o.integer("seed", 0, i64::MAX)?.map_or(1, |s| s as u64);
    let depth = request::levels(o.whole("depth")?)?.unwrap_or(3);
    let branching = request::branching(o.text("branching")?.as_deref(), (2, 3))?;
    let leaves = request::range(Opt::Leaves, o.text("leaves")?.as_deref(), (0, 20))?;
    let cutoffs = o.integer("cutoffs", 0, i64::from(u32::MAX))?.map(|c| c as u32);
    let cut_above_leaves = o.flag("cut-above-leaves")?;
    let no_prune_on_ties = o.flag("no-prune-on-ties")?;
    let search = match o.choice("search", &["minimax", "alphabeta"])? {
        Some("minimax") => Search::Minimax,
        _ => Search::Alphabeta,
    };
    let paper =
        if o.choice("paper", &["a4", "letter"])? == Some("letter") { Paper::Letter } else { Paper::A4 };
    let rule = request::rule(search, no_prune_on_ties)?;
    let search = if search == Search::Minimax { SearchKind::Minimax } else { SearchKind::Alphabeta };
    let game_name = o.text("game")?;
    // As the command line: a game's position must have a cut-off to show,
    // a random tree the two it is drawn with, unless told otherwise.
    let cutoffs = cutoffs.unwrap_or(if game_name.is_some() { 1 } else { 2 });
    let from_position = game_name.is_some();
    let asked = Asked { search, rule, paper, cutoffs, cut_above_leaves, from_position };
    let made = if let Some(name) = game_name {
        let g = check::game(&name)?;
        gametree::with_game!(g, &Settings::default(), |game| {
            let pos = position(game, &mut o)?;
            o.finish()?;
            let game = &game.for_machine(game.to_move(&pos));
            let title = format!("Exercise: {} to move", game.player_name(game.to_move(&pos)));
            files::files(game, pos, depth, title, asked, &[])
                .map_err(|e| Refusal::said(None, Why::Usage, e))?
        })
    } else {
        let constraints =
            Constraints { depth, branching, leaves, cutoffs, cut_above_leaves, rule, ..Default::default() };
        o.finish()?;
        let text = generate(seed, &constraints, search == SearchKind::Alphabeta)
            .map_err(|e| Refusal::said(None, Why::Usage, e))?;
        let game = TextbookTree::default();
        let pos = game.parse_position(&text).expect("generated trees are well formed");
        let nav = [files::navigation(1, 1, seed)];
        files::files(&game, pos, depth, "Exercise 1".to_string(), asked, &nav)
            .map_err(|e| Refusal::said(None, Why::Usage, e))?
    };
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
