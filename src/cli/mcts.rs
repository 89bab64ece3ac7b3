//! `--search mcts` for `analyse` and `best`: its options, the summary with the
//! root children's N, Q and UCB terms, its exports, and `--compare`.

use std::io::{self, Write};
use std::time::Duration;

use super::exports::{ExportOptions, Writer, within_budget, write_jobs};
use super::failure::{Failure, Outcome};
use super::options::position::GamePosition;
use super::options::search::SearchKind;
use super::options::tree::TreeOptions;
use super::stderr::say;
use crate::export::analysis::Grown;
use crate::export::mcts::{Compared, Header, dot, json, trace};
use crate::game::prelude::*;
use crate::request::Opt;
use crate::request::plan::OutputPlan;
use crate::search::mcts::{self, Budget, End, Rollout, Searched, Settings, Terms};
use crate::search::run::TreeSearch;

pub use crate::export::analysis::TRACE_MAX_ITERATIONS;

/// `--search` of `analyse` and `best`: a search of the explicit minimax
/// tree, or MCTS, which grows a tree of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AnySearch {
    /// Plain minimax over the whole explicit tree.
    Minimax,
    /// Alpha-beta: same value and decision, fewer nodes visited.
    Alphabeta,
    /// Alpha-beta deepened one ply at a time to the depth, with a
    /// transposition table and the previous line searched first: each
    /// iteration's nodes, time, decision, value and line.
    Deepening,
    /// Monte Carlo tree search (UCT): a tree grown one node per iteration,
    /// each scored by a playout.
    Mcts,
}

impl AnySearch {
    /// The search of a minimax tree (MCTS is dispatched before this is asked).
    pub fn of_tree(self) -> SearchKind {
        self.tree_search().kind()
    }

    /// The library's search of a built tree that this names (MCTS is
    /// dispatched before this is asked).
    pub fn tree_search(self) -> TreeSearch {
        match self {
            AnySearch::Minimax => TreeSearch::Minimax,
            AnySearch::Deepening => TreeSearch::Deepening,
            AnySearch::Alphabeta | AnySearch::Mcts => TreeSearch::Alphabeta,
        }
    }
}

/// The playout policy, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RolloutKind {
    /// Each ply an action drawn uniformly.
    Random,
    /// Each ply the action best for the mover by the game's static cost, ties drawn uniformly.
    Heuristic,
}

/// The options of `--search mcts`.
#[derive(clap::Args, Debug, Clone, Copy, Default)]
pub struct MctsOptions {
    /// --search mcts: iterations to run (default 10000).
    #[arg(long, value_name = "N", conflicts_with = "think",
          value_parser = clap::value_parser!(u32).range(1..=i64::from(mcts::MAX_ITERATIONS)))]
    pub iterations: Option<u32>,
    /// --search mcts: iterate for this many milliseconds instead (the tree then
    /// depends on the machine's speed).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub think: Option<u64>,
    /// --search mcts: the seed of the playouts' random draws (default 1: the
    /// same seed and settings give the same tree).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// --search mcts: UCT's exploration constant (default √2).
    #[arg(long = "uct-c", value_name = "C", value_parser = exploration)]
    pub uct_c: Option<f64>,
    /// --search mcts: how playouts choose their moves (default random).
    #[arg(long, value_enum)]
    pub rollout: Option<RolloutKind>,
    /// --search mcts: prove wins, losses and draws and carry them up (MCTS-Solver).
    #[arg(long)]
    pub solver: bool,
    /// analyse --search mcts: alpha-beta's decision and value beside MCTS's,
    /// on the same position, to --depth (default: the game's).
    #[arg(long)]
    pub compare: bool,
}

/// `--uct-c`: a finite constant, not negative.
fn exploration(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(c) if c.is_finite() && c >= 0.0 => Ok(c),
        _ => Err("expected a number of 0 or more, e.g. 1.41".to_string()),
    }
}

impl MctsOptions {
    /// The first MCTS option given, by its flag.
    fn given(&self) -> Option<&'static str> {
        [
            (self.iterations.is_some(), "--iterations"),
            (self.think.is_some(), "--think"),
            (self.seed.is_some(), "--seed"),
            (self.uct_c.is_some(), "--uct-c"),
            (self.rollout.is_some(), "--rollout"),
            (self.solver, "--solver"),
            (self.compare, "--compare"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }

    /// MCTS's options with another search are a mistake: refuse them.
    pub fn check(&self, search: AnySearch) -> Outcome {
        match self.given() {
            Some(flag) if search != AnySearch::Mcts => {
                Err(Failure::usage(format!("{flag} is an option of --search mcts")))
            }
            _ => Ok(()),
        }
    }

    /// The search's settings, within `max_nodes` nodes.
    pub fn settings(&self, max_nodes: u64) -> Settings {
        let budget = match (self.iterations, self.think) {
            (_, Some(ms)) => Budget::Time(Duration::from_millis(ms)),
            (Some(n), None) => Budget::Iterations(n),
            (None, None) => Budget::Iterations(mcts::DEFAULT_ITERATIONS),
        };
        Settings {
            budget,
            seed: self.seed.unwrap_or(mcts::DEFAULT_SEED),
            c: self.uct_c.unwrap_or(mcts::DEFAULT_C),
            rollout: match self.rollout {
                Some(RolloutKind::Heuristic) => Rollout::Heuristic,
                _ => Rollout::Random,
            },
            solver: self.solver,
            max_nodes,
        }
    }
}

/// What `analyse --search mcts` is asked for.
pub struct Request<'a> {
    /// The files the request reads and writes, checked already.
    pub plan: &'a OutputPlan,
    pub tree: &'a TreeOptions,
    /// The alpha-beta lessons asked for (`--no-prune-on-ties`, `--compare-orders`).
    pub lessons: &'a [&'static str],
    pub exports: &'a ExportOptions,
    pub options: &'a MctsOptions,
}

/// The options a refusal names, only those the user gave: "--a is" or "--a and
/// --b are".
fn given(flags: &[&str]) -> String {
    match flags {
        [one] => format!("{one} is"),
        [first @ .., last] => format!("{} and {last} are", first.join(", ")),
        [] => String::new(),
    }
}

/// What `analyse --search mcts` cannot do, refused before searching.
fn refusal(req: &Request<'_>) -> Option<String> {
    let options = req.options;
    let e = req.exports;
    if e.efg.is_some() {
        return Some(
            "--search mcts: --efg writes a game whose payoffs are minimax values; an MCTS tree has only playout averages (docs/mcts.md), and is written by --json, --dot, --trace and --html"
                .into(),
        );
    }
    if e.merge_transpositions {
        return Some(
            "--merge-transpositions draws the explicit tree of minimax, alpha-beta or deepening; --search mcts grows a tree of its own, which it does not merge"
                .into(),
        );
    }
    if !req.lessons.is_empty() {
        return Some(format!("{} alpha-beta's, not --search mcts's", given(req.lessons)));
    }
    if req.tree.depth.is_some() && !options.compare {
        return Some("--search mcts grows its tree by iterations, not to a --depth (with --compare, --depth is alpha-beta's)".into());
    }
    let long = match options.settings(req.tree.max_nodes).budget {
        Budget::Iterations(n) => n > TRACE_MAX_ITERATIONS,
        Budget::Time(_) => true,
    };
    if long
        && let Some(flag) =
            [(e.trace.is_some(), "--trace"), (e.html.is_some(), "--html")].iter().find(|f| f.0)
    {
        return Some(format!(
            "{} records every phase of every iteration: give --iterations {TRACE_MAX_ITERATIONS} or fewer",
            flag.1
        ));
    }
    None
}

/// `analyse GAME --search mcts`, from `pos`.
pub fn analyse<G: Game>(game: &G, pos: G::Position, req: &Request<'_>) -> Outcome {
    req.tree.check_tree_capacity()?;
    if let Some(why) = refusal(req) {
        return Err(Failure::usage(why));
    }
    let game = &game.for_machine(game.to_move(&pos));
    let settings = req.options.settings(req.tree.max_nodes);
    fits_in_memory::<G>(&settings)?;
    let trace = req.exports.trace.is_some() || req.exports.html.is_some();
    let compare_depth = req.options.compare.then(|| req.tree.depth.unwrap_or_else(|| game.default_depth()));
    let grown = Grown::search(game, &pos, &settings, trace, compare_depth);
    let searched = &grown.searched;
    if req.tree.stats {
        print_stats(searched);
    }
    if searched.end == End::Budget {
        say(format!("warning: {}", searched.end_words()));
    }
    if !req.plan.to_stdout() {
        let mut out = super::output::stdout();
        write_summary(&mut out, game, searched).map_err(Failure::output)?;
        if let Some(c) = &grown.compared {
            write_compare(&mut out, c, game.player_name(game.to_move(&pos))).map_err(Failure::output)?;
        }
    }
    write_exports(game, &grown, req).map_err(super::exports::write_failure)
}

/// Refuses, before searching, iterations whose tree could pass the memory
/// this process may use (each iteration adds at most one node). A search for
/// a time instead stops growing its tree there, as at `--max-nodes`.
fn fits_in_memory<G: Game>(settings: &Settings) -> Outcome {
    let (nodes, memory) = mcts::node_budget::<G>(settings.max_nodes);
    match (settings.budget, memory) {
        (Budget::Iterations(n), Some(bytes)) if u64::from(n) >= nodes => Err(Failure::budget(format!(
            "--iterations {n} may grow a tree of {} nodes; {nodes} fit in the {} this process may use ({}); give fewer --iterations or more memory",
            u64::from(n) + 1,
            crate::search::solve::Bytes(bytes),
            crate::limits::MEMORY_LIMITS
        ))),
        _ => Ok(()),
    }
}

fn write_exports<G: Game>(game: &G, grown: &Grown<G>, req: &Request<'_>) -> io::Result<()> {
    let opts = req.exports;
    let scope = opts.scope();
    let mut jobs: Vec<(Opt, Writer<'_>)> = Vec::new();
    // Every export is held to --max-bytes, as the minimax tree's are.
    let limit = opts.byte_budget();
    if let Some(p) = &opts.json {
        let tree: Writer<'_> = Box::new(move |w| grown.write_json(w, game));
        jobs.push((Opt::Json, within_budget(Opt::Json, p, limit, tree)));
    }
    if let Some(p) = &opts.dot {
        let drawing: Writer<'_> = Box::new(move |w| dot::write_tree(w, game, &grown.searched, scope));
        jobs.push((Opt::Dot, within_budget(Opt::Dot, p, limit, drawing)));
    }
    if let Some(p) = &opts.trace {
        let header = Header::of(game, &grown.searched);
        let trace: Writer<'_> = Box::new(move |w| trace::write_trace(w, game, &header, &grown.events));
        jobs.push((Opt::Trace, within_budget(Opt::Trace, p, limit, trace)));
    }
    if let Some(p) = &opts.html {
        let page: Writer<'_> = Box::new(move |w| grown.write_page(w, game));
        jobs.push((Opt::Html, within_budget(Opt::Html, p, limit, page)));
    }
    write_jobs(req.plan, jobs)
}

fn print_stats<G: Game>(searched: &Searched<G>) {
    let secs = searched.time.as_secs_f64();
    let tree = &searched.tree;
    super::stderr::to_stderr(&format!(
        "nodes: {}, node size: {} bytes, arena bytes: {}, iterations: {}, time: {:.3} ms, rate: {:.0} iterations/s\n",
        tree.len(),
        tree.node_bytes() / tree.len(),
        tree.node_bytes(),
        searched.iterations,
        secs * 1e3,
        f64::from(searched.iterations) / secs.max(1e-9)
    ));
}

/// The summary: settings, the decision and why, and the root children's
/// visits, rewards and UCB terms.
fn write_summary<G: Game>(out: &mut impl Write, game: &G, searched: &Searched<G>) -> io::Result<()> {
    let h = Header::of(game, searched);
    let tree = &searched.tree;
    writeln!(out, "position: {}", h.position)?;
    writeln!(out, "to move: {}", h.to_move)?;
    writeln!(out, "search: {}", h.settings)?;
    writeln!(out, "iterations: {} (the root's visits)", h.iterations)?;
    if searched.end != End::Finished {
        writeln!(out, "stopped: {}", searched.end_words())?;
    }
    writeln!(out, "nodes: {} (one per expansion; ids in expansion order)", h.node_count)?;
    writeln!(out, "value: Q {:.4} for {} (win 1, draw 1/2, loss 0)", h.value, h.to_move)?;
    if let Some(p) = tree.node(0).proven() {
        writeln!(out, "proven: {} for {}", json::proven_name(p), h.to_move)?;
    }
    match (&h.decision, h.because) {
        (Some(a), Some(why)) => writeln!(out, "decision: {a} ({why})")?,
        _ => writeln!(out, "decision: none (the side to move cannot act)")?,
    }
    writeln!(out, "line: {}", h.line.join(" "))?;
    let root_visits = tree.node(0).visits();
    writeln!(
        out,
        "\nroot children: N visits, W total reward, Q = W/N for {} (the exploit term),\nexplore = c*sqrt(ln {root_visits} / N), UCB = Q + explore:",
        h.to_move
    )?;
    writeln!(
        out,
        "{:<10} {:>9} {:>11} {:>8} {:>8} {:>8}  proven",
        "action", "N", "W", "Q", "explore", "UCB"
    )?;
    for child in tree.children(0) {
        let n = tree.node(child);
        let t = Terms::of(tree, child, root_visits, searched.settings.c);
        let proven = n.proven().map_or("-", json::proven_name);
        writeln!(
            out,
            "{:<10} {:>9} {:>11.1} {:>8.4} {:>8.4} {:>8.4}  {proven}",
            game.format_action(n.action.expect("below the root")),
            n.visits(),
            n.total_reward(),
            t.exploit,
            t.explore,
            t.ucb()
        )?;
    }
    Ok(())
}

/// `--compare`: alpha-beta on the same position beside MCTS.
fn write_compare(out: &mut impl Write, c: &Compared, to_move: &str) -> io::Result<()> {
    writeln!(out, "\ncompare on the same position:")?;
    writeln!(out, "{:<11} {:<10} {:<40} {:>10} {:>11}", "search", "decision", "value", "nodes", "time")?;
    let ms = |t: f64| format!("{t:.3} ms");
    let none = || "none".to_string();
    writeln!(
        out,
        "{:<11} {:<10} {:<40} {:>10} {:>11}",
        "mcts",
        c.mcts_decision.clone().unwrap_or_else(none),
        format!("Q {:.4} for {to_move}", c.mcts_value),
        c.mcts_nodes,
        ms(c.mcts_time_ms)
    )?;
    match (c.alphabeta_value, c.alphabeta_nodes, &c.alphabeta_stopped) {
        (Some(v), Some(nodes), _) => {
            let action = c.alphabeta_decision.clone().unwrap_or_else(none);
            let result = c.alphabeta_result.as_deref().unwrap_or("");
            let value = format!("{v} ({result}, depth {})", c.alphabeta_depth);
            writeln!(
                out,
                "{:<11} {action:<10} {value:<40} {nodes:>10} {:>11}",
                "alpha-beta",
                ms(c.alphabeta_time_ms)
            )?;
            writeln!(out, "the decisions {}", if c.agree == Some(true) { "agree" } else { "differ" })?;
        }
        (_, _, stopped) => {
            writeln!(out, "{:<11} {}", "alpha-beta", stopped.as_deref().unwrap_or("no answer"))?
        }
    }
    if let Some(e) = &c.exact {
        writeln!(
            out,
            "exact: {} for {to_move} (reward {}), by solving every reachable position",
            e.result, e.reward
        )?;
    }
    Ok(())
}

/// `best GAME --search mcts`: the decision and the root's Q for the side to move.
pub fn best<G: Game>(game: &G, at: &GamePosition, tree: &TreeOptions, options: &MctsOptions) -> Outcome {
    let flags = [(options.compare, "--compare"), (tree.depth.is_some(), "--depth")];
    let named: Vec<&str> = flags.iter().filter(|f| f.0).map(|f| f.1).collect();
    if !named.is_empty() {
        return Err(Failure::usage(format!(
            "{} analyse's; best --search mcts prints the decision and its Q",
            given(&named)
        )));
    }
    let pos = at.of(game)?;
    let game = &game.for_machine(game.to_move(&pos));
    let searched = mcts::search(game, &pos, &options.settings(tree.max_nodes), &mut ());
    if tree.stats {
        print_stats(&searched);
    }
    if searched.end == End::Budget {
        say(format!("warning: {}", searched.end_words()));
    }
    let q = searched.tree.node(0).mean();
    match searched.decision() {
        Some((id, _)) => {
            let action = searched.tree.node(id).action.expect("below the root");
            println!("{} {q:.4}", game.format_action(action));
        }
        None => println!("none {q:.4}"),
    }
    Ok(())
}

pub use crate::search::levels::mcts_for_play as for_play;

/// A move of the `mcts` level, as play's opponent reports one.
pub struct Played<A> {
    pub action: A,
    /// The machine's view in words: how well the mover scores in the playouts.
    pub words: String,
    /// The search's numbers behind it, for play's verbose mode.
    pub note: String,
    /// Said before the move: the tree reached its node budget.
    pub fell_back: Option<String>,
    /// Q's lead over a draw for the first player, in thousandths of a half point.
    pub value: i32,
    /// A stop was asked for: the choice of the iterations made.
    pub interrupted: bool,
}

/// The `mcts` level's move at `pos` (which has actions), and its account of it.
pub fn play<G: Game>(game: &G, pos: &G::Position, settings: &Settings) -> Played<G::Action> {
    let game = &game.for_machine(game.to_move(pos));
    let searched = mcts::search(game, pos, settings, &mut ());
    let (id, because) = searched.decision().expect("a side with actions gets one");
    let node = searched.tree.node(id);
    let side = game.player_name(game.to_move(pos));
    let q = node.mean();
    let fell_back = (searched.end == End::Budget).then(|| format!("({})", searched.end_words()));
    // Q above 1/2 for the mover is an expected win: positive for the first player.
    let for_first = if game.to_move(pos).maximises() { q - 0.5 } else { 0.5 - q };
    Played {
        action: node.action.expect("below the root"),
        words: format!("{side} scores {:.0}% in the playouts after this move", q * 100.0),
        note: format!(
            "MCTS: {} of {} iterations, Q {q:.3} for {side}; {}",
            node.visits(),
            searched.iterations,
            because.words()
        ),
        fell_back,
        value: (for_first * 2000.0).round() as i32,
        interrupted: searched.end == End::Asked,
    }
}
