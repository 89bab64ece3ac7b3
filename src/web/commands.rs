//! The commands the page offers, each the command line's of that name, run by
//! the library's own functions: `analyse` writes through
//! `gametree::export::analysis`, as `gametree analyse` does.
//!
//! Every answer is a JSON object: `{"ok": true, ...}` with the texts asked
//! for, or `{"ok": false, "key": "position", "error": "..."}` naming the
//! option that is wrong (null when it is none in particular).

use serde_json::{Value, json};

use gametree::game::Game;
use gametree::request::analyse::{self, AnalyseArgs, MctsArgs, Outputs};
use gametree::request::best::{self, BestArgs};
use gametree::request::perft::{self, PerftArgs};
use gametree::request::{Door, Opt, Refusal, Search};
use gametree::search::mcts::Rollout;
use gametree::words;

use crate::options::{Options, PAGE_HARD_MAX_NODES, PAGE_MAX_NODES, position};

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
        Some("games") => return Ok(json!({"ok": true, "games": games()})),
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

/// The list of games as the page offers them: name, what it is, its start
/// in its notation, its default depth and its options.
fn games() -> Vec<Value> {
    use gametree::games::{ALL, Settings};
    ALL.iter()
        .map(|&name| {
            let e = name.entry();
            let (start, depth) = gametree::with_game!(name, &Settings::default(), |g| (
                g.format_position(&g.start()),
                g.default_depth()
            ));
            let options: Vec<Value> = e
                .options
                .iter()
                .map(|o| json!({"name": o.name, "help": o.help, "min": o.min, "max": o.max}))
                .collect();
            json!({"name": e.name, "about": e.about, "start": start, "depth": depth, "options": options})
        })
        .collect()
}

/// The node budget, and whether it was given: the page's row of the table
/// unless `max-nodes` raises it, at most to what a tab's memory holds.
fn max_nodes(options: &mut Options) -> Result<(u64, bool), Refusal> {
    let given = options.integer("max-nodes", 1, PAGE_HARD_MAX_NODES as i64)?;
    Ok((given.map_or(PAGE_MAX_NODES, |n| n as u64), given.is_some()))
}

/// A tree over the page's own budget: said as the page's (sized for a phone).
fn page_budget(refusal: Refusal, given_nodes: bool) -> Refusal {
    if given_nodes || refusal.option != Some(Opt::Depth) {
        return refusal;
    }
    Refusal::budget(
        Opt::Depth,
        words![
            format!(
                "the tree would have more than {PAGE_MAX_NODES} nodes, over this page's budget (sized for a phone): choose a smaller "
            ),
            Opt::Depth,
            ", or a position nearer the end of the game"
        ],
    )
}

/// `analyse`: the texts of the exports wanted, as `gametree analyse ... --json -`
/// (and `--dot`, `--html`, `--efg`) writes them.
fn analyse<G: Game>(game: &G, mut o: Options, wanted: Outputs) -> Result<Value, Refusal> {
    let pos = position(game, &mut o)?;
    let (max_nodes, given_nodes) = max_nodes(&mut o)?;
    let search = search(&mut o, &Search::ALL, Search::Minimax)?;
    let args = AnalyseArgs {
        search,
        depth: o.whole("depth")?,
        // MCTS's tree is held to the page's budget too, one node an iteration.
        max_nodes: Some(max_nodes as i64),
        threads: Some(1),
        no_prune_on_ties: o.flag("no-prune-on-ties")?,
        compare_orders: o.flag("compare-orders")?,
        mcts: mcts_args(&mut o)?,
        show_depth: o.whole("show-depth")?,
        show_line: o.flag("show-line")?,
        outputs: wanted,
    };
    o.finish()?;
    let request = args.check()?;
    request.fits_in_memory::<G>()?;
    let written = analyse::texts(game, pos, &request).map_err(|r| page_budget(r, given_nodes))?;
    Ok(json!({
        "ok": true,
        "nodes": written.nodes,
        "depth": written.depth,
        "note": written.note,
        "json": written.json,
        "dot": written.dot,
        "html": written.html,
        "efg": written.efg,
    }))
}

/// The `search` option, one of `allowed`.
fn search(o: &mut Options, allowed: &[Search], default: Search) -> Result<Search, Refusal> {
    let names: Vec<&'static str> = allowed.iter().map(|s| s.name()).collect();
    Ok(o.choice("search", &names)?.and_then(Search::named).unwrap_or(default))
}

/// MCTS's options, as given.
fn mcts_args(o: &mut Options) -> Result<MctsArgs, Refusal> {
    Ok(MctsArgs {
        iterations: o.whole("iterations")?,
        think: None,
        seed: o.integer("seed", 0, i64::MAX)?.map(|s| s as u64),
        uct_c: o.number("uct-c")?,
        rollout: match o.choice("rollout", &["random", "heuristic"])? {
            Some("heuristic") => Some(Rollout::Heuristic),
            Some(_) => Some(Rollout::Random),
            None => None,
        },
        solver: o.flag("solver")?,
        compare: o.flag("compare")?,
    })
}

/// `perft`: the lines `gametree perft GAME DEPTH` prints, `--divide`'s too.
/// `perft-depth` (the worker's, to report each depth as it ends, as the
/// command line prints it) gives the line of `depth` alone, and its divide
/// when asked.
fn perft<G: Game>(game: &G, mut o: Options, only: bool) -> Result<Value, Refusal> {
    let pos = position(game, &mut o)?;
    let args = PerftArgs {
        depth: o.whole("depth")?,
        divide: o.flag("divide")?,
        max_nodes: o.whole("max-nodes")?,
        max_time: None,
        threads: Some(1),
    };
    o.finish()?;
    let request = args.check()?;
    let counted = perft::count(game, &pos, &request)?;
    let (lines, divided) = counted.lines(if only { request.depth } else { 1 }, request.divide);
    Ok(json!({"ok": true, "text": format!("{lines}{divided}"), "line": lines, "divide": divided}))
}

/// `best`: the line `gametree best` prints, the action and its value.
fn best<G: Game>(game: &G, mut o: Options) -> Result<Value, Refusal> {
    let pos = position(game, &mut o)?;
    let (max_nodes, given_nodes) = max_nodes(&mut o)?;
    let search = search(&mut o, &[Search::Minimax, Search::Alphabeta, Search::Mcts], Search::Alphabeta)?;
    let args = BestArgs {
        search,
        depth: o.whole("depth")?,
        max_nodes: Some(max_nodes as i64),
        threads: Some(1),
        mcts: mcts_args(&mut o)?,
    };
    o.finish()?;
    let request = args.check()?;
    let found = best::best(game, pos, &request).map_err(|r| page_budget(r, given_nodes))?;
    Ok(json!({"ok": true, "text": found.line()}))
}
