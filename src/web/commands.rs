//! The commands the page offers, each the command line's of that name, run by
//! the library's own functions: `analyse` writes through
//! `gametree::export::analysis`, as `gametree analyse` does.
//!
//! Every answer is a JSON object: `{"ok": true, ...}` with the texts asked
//! for, or `{"ok": false, "key": "position", "error": "..."}` naming the
//! option that is wrong (null when it is none in particular).

use serde_json::{Value, json};

use gametree::game::Game;
use gametree::request::analyse::{self, AnalyseArgs, Outputs};
use gametree::request::best::{self, BestArgs};
use gametree::request::budget::PageNodes;
use gametree::request::given::Given;
use gametree::request::perft::{self, PerftArgs};
use gametree::request::{Door, Opt, Refusal, Search};
use gametree::words;

use crate::options::Options;

/// The answer to the request `bytes`: a line of JSON, then its long texts
/// as they are, each named in the line's `raw` with its length in bytes.
/// (Escaped into the JSON, a tree's tens of megabytes of JSON or page were
/// escaped here and parsed again in the worker, which took longer than the
/// search: docs/performance.md, "In the browser".)
pub fn answer(bytes: &[u8]) -> Vec<u8> {
    let mut answer = match serde_json::from_slice::<Value>(bytes) {
        Ok(request) => run(&request).unwrap_or_else(
            |r| json!({"ok": false, "key": r.option.map(Opt::name), "error": r.in_door(Door::Page)}),
        ),
        Err(e) => json!({"ok": false, "key": null, "error": format!("the request is not JSON: {e}")}),
    };
    let mut texts = Vec::new();
    if let Some(map) = answer.as_object_mut() {
        let long: Vec<String> = map
            .iter()
            .filter(|(_, v)| v.as_str().is_some_and(|t| t.len() > 256))
            .map(|(k, _)| k.clone())
            .collect();
        for k in long {
            if let Some(Value::String(t)) = map.remove(&k) {
                texts.push((k, t));
            }
        }
        let raw: Vec<Value> = texts.iter().map(|(k, t)| json!([k, t.len()])).collect();
        map.insert("raw".into(), Value::Array(raw));
    }
    let mut out = answer.to_string().into_bytes();
    out.reserve_exact(1 + texts.iter().map(|(_, t)| t.len()).sum::<usize>());
    out.push(b'\n');
    for (_, t) in texts {
        out.extend_from_slice(t.as_bytes());
    }
    out
}

fn run(request: &Value) -> Result<Value, Refusal> {
    let mut options = Options::new(request.get("options"))?;
    let want = |name: &str| {
        request.get("want").and_then(Value::as_array).is_some_and(|w| w.iter().any(|v| v == name))
    };
    let wanted = Outputs {
        json: want("json"),
        dot: want("dot"),
        html: want("html"),
        efg: want("efg"),
        ..Outputs::default()
    };
    match request.get("command").and_then(Value::as_str) {
        Some("games") => return Ok(json!({"ok": true, "games": gametree::request::games::list()})),
        Some("exercise") => return crate::exercise::exercise(options),
        _ => {}
    }
    let game = options.game()?;
    let settings = options.settings(game)?;
    match request.get("command").and_then(Value::as_str) {
        Some("analyse") => gametree::with_game!(game, &settings, |g| analyse(g, options, wanted)),
        Some("perft") => gametree::with_game!(game, &settings, |g| perft(g, options, false)),
        Some("perft-depth") => gametree::with_game!(game, &settings, |g| perft(g, options, true)),
        Some("best") => gametree::with_game!(game, &settings, |g| best(g, options)),
        Some("board") => gametree::with_game!(game, &settings, |g| crate::board::board(g, options)),
        Some("setup") => gametree::with_game!(game, &settings, |g| crate::board::setup(g, options)),
        Some("apply") => gametree::with_game!(game, &settings, |g| crate::board::apply(g, options)),
        Some("machine") => gametree::with_game!(game, &settings, |g| crate::board::machine(g, options)),
        Some("panic") => panic!("a panic asked for, to show the page survives one"),
        other => Err(Refusal::usage(
            None,
            words![format!("no command {other:?}: analyse, perft, best, exercise, board, setup or machine")],
        )),
    }
}

/// `analyse`: the texts of the exports wanted, as `gametree analyse ... --json -`
/// (and `--dot`, `--html`, `--efg`) writes them, within the page's budget.
fn analyse<G: Game>(game: &G, mut o: Options, wanted: Outputs) -> Result<Value, Refusal> {
    let pos = o.position(game)?;
    let nodes = PageNodes::of(o.whole(Opt::MaxNodes)?)?;
    // MCTS's tree is held to the page's budget too, one node an iteration.
    let args = AnalyseArgs { max_nodes: Some(nodes.max as i64), threads: Some(1), ..o.analyse(wanted)? };
    o.finish()?;
    let request = args.check()?;
    let mut written = json!(analyse::texts(game, pos, &request).map_err(|r| nodes.said(r))?);
    written["ok"] = json!(true);
    Ok(written)
}

/// `perft`: the lines `gametree perft GAME DEPTH` prints, `--divide`'s too.
/// `perft-depth` (the worker's, to report each depth as it ends, as the
/// command line prints it) gives the line of `depth` alone, and its divide
/// when asked.
fn perft<G: Game>(game: &G, mut o: Options, only: bool) -> Result<Value, Refusal> {
    let pos = o.position(game)?;
    let args = PerftArgs { threads: Some(1), ..o.perft()? };
    o.finish()?;
    let request = args.check()?;
    let counted = perft::count(game, &pos, &request)?;
    let (lines, divided) = counted.lines(if only { request.depth } else { 1 }, request.divide);
    Ok(json!({"ok": true, "text": format!("{lines}{divided}"), "line": lines, "divide": divided}))
}

/// `best`: the line `gametree best` prints, the action and its value.
fn best<G: Game>(game: &G, mut o: Options) -> Result<Value, Refusal> {
    let pos = o.position(game)?;
    let nodes = PageNodes::of(o.whole(Opt::MaxNodes)?)?;
    let searches = [Search::Minimax, Search::Alphabeta, Search::Mcts];
    let args = BestArgs { max_nodes: Some(nodes.max as i64), threads: Some(1), ..o.best(&searches)? };
    o.finish()?;
    let found = best::best(game, pos, &args.check()?).map_err(|r| nodes.said(r))?;
    Ok(json!({"ok": true, "text": found.line()}))
}
