//! The commands the page offers, each the command line's of that name, run by
//! the library's own functions: `analyse` writes through
//! `gametree::export::analysis`, as `gametree analyse` does.
//!
//! Every answer is a JSON object: `{"ok": true, ...}` with the texts asked
//! for, or `{"ok": false, "key": "position", "error": "..."}` naming the
//! option that is wrong (null when it is none in particular).

use serde_json::{Value, json};

use gametree::export::analysis::{self, Refused, Search, SearchKind, Wanted};
use gametree::export::scope::Scope;
use gametree::game::{Game, quoted_start};
use gametree::limits::Limits;
use gametree::search::alphabeta::{self, Pruning};
use gametree::search::mcts::{self, Budget, Rollout};
use gametree::search::perft::perft_while;
use gametree::tree::{Tree, TreeArena};

use crate::options::{Options, PAGE_HARD_MAX_NODES, PAGE_MAX_NODES, Refusal};

/// The deepest tree or search asked for (the command line's `--depth` range).
const MAX_DEPTH: i64 = 64;

/// The answer to the request `bytes`.
pub fn answer(bytes: &[u8]) -> String {
    let answer = match serde_json::from_slice::<Value>(bytes) {
        Ok(request) => {
            run(&request).unwrap_or_else(|r| json!({"ok": false, "key": r.key, "error": r.message}))
        }
        Err(e) => json!({"ok": false, "key": null, "error": format!("the request is not JSON: {e}")}),
    };
    answer.to_string()
}

fn run(request: &Value) -> Result<Value, Refusal> {
    let mut options = Options::new(request.get("options"))?;
    let want = |name: &str| {
        request.get("want").and_then(Value::as_array).is_some_and(|w| w.iter().any(|v| v == name))
    };
    let wanted = Wanted { json: want("json"), dot: want("dot"), html: want("html"), efg: want("efg") };
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
        other => Err(Refusal::general(format!(
            "no command {other:?}: analyse, perft, best, exercise, board, setup or machine"
        ))),
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

/// The `position` option, or the start.
pub fn position<G: Game>(game: &G, options: &mut Options) -> Result<G::Position, Refusal> {
    match options.text("position")? {
        None => Ok(game.start()),
        Some(t) => game
            .parse_position(&t)
            .map_err(|e| Refusal::of("position", format!("--position {}: {e}", quoted_start(&t)))),
    }
}

fn depth(options: &mut Options) -> Result<Option<u8>, Refusal> {
    Ok(options.integer("depth", 1, MAX_DEPTH)?.map(|d| d as u8))
}

/// The node budget, and whether it was given.
fn max_nodes(options: &mut Options) -> Result<(u64, bool), Refusal> {
    let given = options.integer("max-nodes", 1, PAGE_HARD_MAX_NODES as i64)?;
    Ok((given.map_or(PAGE_MAX_NODES, |n| n as u64), given.is_some()))
}

/// A tree over the budget: what to change to make it fit.
fn too_big(refused: Refused, nodes: u64) -> Refusal {
    match refused {
        Refused::TooManyNodes(_) => Refusal::of(
            "depth",
            format!(
                "the tree would have more than {nodes} nodes, over this page's budget (sized for a phone): choose a smaller depth, or a position nearer the end of the game"
            ),
        ),
        Refused::Asked(why) => Refusal::general(why),
    }
}

/// `analyse`: the texts of `wanted`, as `gametree analyse ... --json -` (and
/// `--dot`, `--html`, `--efg`) writes them.
fn analyse<G: Game>(game: &G, mut o: Options, wanted: Wanted) -> Result<Value, Refusal> {
    let pos = position(game, &mut o)?;
    let depth = depth(&mut o)?;
    let (max_nodes, given_nodes) = max_nodes(&mut o)?;
    let search = o.choice("search", &["minimax", "alphabeta", "deepening", "mcts"])?.unwrap_or("minimax");
    let no_prune_on_ties = o.flag("no-prune-on-ties")?;
    let compare_orders = o.flag("compare-orders")?;
    let scope = match (o.integer("show-depth", 0, 255)?, o.flag("show-line")?) {
        (Some(_), true) => {
            return Err(Refusal::of("show-line", "--show-depth and --show-line exclude each other"));
        }
        (Some(k), false) => Scope::Depth(k as u8),
        (None, true) => Scope::Line,
        (None, false) => Scope::All,
    };
    // MCTS's budget is in its JSON: the command line's unless given (its tree
    // has at most one node an iteration, so the iterations bound it anyway).
    let mcts_nodes = if given_nodes { max_nodes } else { gametree::limits::DEFAULT_MAX_NODES };
    let mcts = mcts_settings(&mut o, mcts_nodes)?;
    let compare = o.flag("compare")?;
    o.finish()?;
    let rule = if no_prune_on_ties { Pruning::PastBound } else { Pruning::OnTies };
    let search = match search {
        "mcts" => {
            if no_prune_on_ties || compare_orders {
                // Only the options given are named.
                let named = match (no_prune_on_ties, compare_orders) {
                    (true, true) => "--no-prune-on-ties and --compare-orders are",
                    (true, false) => "--no-prune-on-ties is",
                    _ => "--compare-orders is",
                };
                return Err(Refusal::of("search", format!("{named} alpha-beta's, not --search mcts's")));
            }
            if depth.is_some() && !compare {
                return Err(Refusal::of(
                    "depth",
                    "--search mcts grows its tree by iterations, not to a --depth (with --compare, --depth is alpha-beta's)",
                ));
            }
            if wanted.efg {
                return Err(Refusal::general(
                    "--efg writes a game whose payoffs are minimax values; an MCTS tree has only playout averages",
                ));
            }
            Search::Mcts { settings: mcts.settings, compare }
        }
        tree => {
            if let Some(key) = mcts.given {
                return Err(Refusal::of(key, format!("--{key} is an option of --search mcts")));
            }
            if compare {
                return Err(Refusal::of("compare", "--compare is an option of --search mcts"));
            }
            let kind = if tree == "minimax" { SearchKind::Minimax } else { SearchKind::Alphabeta };
            if no_prune_on_ties && kind != SearchKind::Alphabeta && !compare_orders {
                return Err(Refusal::of(
                    "no-prune-on-ties",
                    "--no-prune-on-ties changes alpha-beta's cut-offs; add --search alphabeta or --compare-orders",
                ));
            }
            if tree == "deepening" {
                Search::Deepening { rule, compare_orders }
            } else {
                Search::Tree { kind, rule, compare_orders }
            }
        }
    };
    let limits = Limits { max_nodes, threads: 1, deadline: None };
    let request = analysis::Request { depth, limits, search, scope };
    let written = analysis::analyse(game, pos, &request, wanted).map_err(|r| too_big(r, max_nodes))?;
    Ok(json!({
        "ok": true,
        "nodes": written.nodes,
        "json": written.json,
        "dot": written.dot,
        "html": written.html,
        "efg": written.efg,
    }))
}

/// MCTS's settings, and the first of its options given (which other
/// searches refuse).
struct MctsGiven {
    settings: mcts::Settings,
    given: Option<&'static str>,
}

fn mcts_settings(o: &mut Options, max_nodes: u64) -> Result<MctsGiven, Refusal> {
    let iterations = o.integer("iterations", 1, i64::from(mcts::MAX_ITERATIONS))?;
    let seed = o.integer("seed", 0, i64::MAX)?;
    let c = o.number("uct-c")?;
    let rollout = o.choice("rollout", &["random", "heuristic"])?;
    let solver = o.flag("solver")?;
    let given = [
        (iterations.is_some(), "iterations"),
        (seed.is_some(), "seed"),
        (c.is_some(), "uct-c"),
        (rollout.is_some(), "rollout"),
        (solver, "solver"),
    ]
    .into_iter()
    .find_map(|(g, k)| g.then_some(k));
    let settings = mcts::Settings {
        budget: Budget::Iterations(iterations.map_or(mcts::DEFAULT_ITERATIONS, |n| n as u32)),
        seed: seed.map_or(mcts::DEFAULT_SEED, |s| s as u64),
        c: c.unwrap_or(mcts::DEFAULT_C),
        rollout: if rollout == Some("heuristic") { Rollout::Heuristic } else { Rollout::Random },
        solver,
        max_nodes,
    };
    Ok(MctsGiven { settings, given })
}

/// `perft`: the lines `gametree perft GAME DEPTH` prints, `--divide`'s too.
/// `perft-depth` (the worker's, to report each depth as it ends, as the
/// command line prints it) counts at `depth` alone: its line, and the divide
/// lines when asked.
fn perft<G: Game>(game: &G, mut o: Options, only: bool) -> Result<Value, Refusal> {
    let pos = position(game, &mut o)?;
    let Some(depth) = depth(&mut o)? else {
        return Err(Refusal::of("depth", "give the depth to count to"));
    };
    let divide = o.flag("divide")?;
    o.finish()?;
    let mut lines = String::new();
    let mut last = Vec::new();
    for d in if only { depth..=depth } else { 1..=depth } {
        let counts = perft_while(game, &pos, d, 1, &|_| true).expect("no budget to stop at");
        lines.push_str(&format!("{d} {}\n", counts.by_depth[usize::from(d) - 1]));
        last = counts.divide;
    }
    let mut divided = String::new();
    if divide {
        let mut actions = Vec::new();
        game.actions(&pos, &mut actions);
        divided.push('\n');
        for (&a, n) in actions.iter().zip(&last) {
            divided.push_str(&format!("{}: {n}\n", game.format_action(a)));
        }
    }
    Ok(json!({"ok": true, "text": format!("{lines}{divided}"), "line": lines, "divide": divided}))
}

/// `best`: the line `gametree best` prints, the action and its value.
fn best<G: Game>(game: &G, mut o: Options) -> Result<Value, Refusal> {
    let pos = position(game, &mut o)?;
    let depth = depth(&mut o)?;
    let (max_nodes, given_nodes) = max_nodes(&mut o)?;
    let search = o.choice("search", &["minimax", "alphabeta", "mcts"])?.unwrap_or("alphabeta");
    let mcts_nodes = if given_nodes { max_nodes } else { gametree::limits::DEFAULT_MAX_NODES };
    let mcts = mcts_settings(&mut o, mcts_nodes)?;
    o.finish()?;
    let game = &game.for_machine(game.to_move(&pos));
    let name = |a: Option<G::Action>| a.map_or_else(|| "none".to_string(), |a| game.format_action(a));
    let line = match search {
        "mcts" => {
            if depth.is_some() {
                return Err(Refusal::of("depth", "best --search mcts prints the decision and its Q"));
            }
            let searched = mcts::search(game, &pos, &mcts.settings, &mut ());
            let q = searched.tree.node(0).mean();
            let action = searched.decision().and_then(|(id, _)| searched.tree.node(id).action);
            format!("{} {q:.4}\n", name(action))
        }
        tree => {
            if let Some(key) = mcts.given {
                return Err(Refusal::of(key, format!("--{key} is an option of --search mcts")));
            }
            let depth = depth.unwrap_or_else(|| game.default_depth());
            if tree == "alphabeta" {
                let found = alphabeta::search(game, &pos, &alphabeta::Search::to(depth).within(max_nodes));
                let choice = found.map_err(|e| Refusal::of("depth", e.to_string()))?.choice;
                format!("{} {}\n", name(choice.action), choice.value)
            } else {
                let mut arena = TreeArena::new();
                let limits = Limits { max_nodes, threads: 1, deadline: None };
                let tree = Tree::build(&mut arena, game, pos, depth, &limits)
                    .map_err(|e| too_big(Refused::TooManyNodes(e), max_nodes))?;
                let value = gametree::search::back_propagate(tree.root);
                format!("{} {value}\n", name(tree.decision().and_then(|n| n.action)))
            }
        }
    };
    Ok(json!({"ok": true, "text": line}))
}
