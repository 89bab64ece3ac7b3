//! `--search mcts` for `analyse` and `best`: its options, the summary with the
//! root children's N, Q and UCB terms, its exports, and `--compare`.

use std::io::{self, Write};

use super::exports::{ExportOptions, Writer, within_budget, write_jobs};
use super::failure::{Failure, Outcome};
use super::options::position::GamePosition;
use super::options::tree::TreeOptions;
use super::stderr::say;
use crate::export::analysis::Grown;
use crate::export::mcts::{Compared, Header, dot, json, trace};
use crate::game::prelude::*;
use crate::request::Opt;
use crate::request::analyse::{Analyse, MctsArgs};
use crate::request::plan::OutputPlan;
use crate::search::mcts::{self, End, Rollout, Searched, Settings, Terms};

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
          value_parser = super::options::whole::<u32>(1, mcts::MAX_ITERATIONS))]
    pub iterations: Option<u32>,
    /// --search mcts: iterate for this many milliseconds instead (the tree then
    /// depends on the machine's speed).
    #[arg(long, value_name = "MS", value_parser = super::options::whole::<u64>(1, crate::request::machine::MAX_THINK_MS))]
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
    /// The options as the request layer takes them, which checks them.
    pub fn args(&self) -> MctsArgs {
        MctsArgs {
            iterations: self.iterations.map(i64::from),
            think: self.think,
            seed: self.seed,
            uct_c: self.uct_c,
            rollout: self.rollout.map(|r| match r {
                RolloutKind::Heuristic => Rollout::Heuristic,
                RolloutKind::Random => Rollout::Random,
            }),
            solver: self.solver,
            compare: self.compare,
        }
    }
}

/// What `analyse --search mcts` is asked for.
pub struct Request<'a> {
    /// The files the request reads and writes, checked already.
    pub plan: &'a OutputPlan,
    pub tree: &'a TreeOptions,
    pub exports: &'a ExportOptions,
    /// The request, checked.
    pub checked: &'a Analyse,
}

/// `analyse GAME --search mcts`, from `pos`.
pub fn analyse<G: Game>(game: &G, pos: G::Position, req: &Request<'_>) -> Outcome {
    let game = &game.for_machine(game.to_move(&pos));
    let settings = req.checked.mcts;
    req.checked.fits_in_memory::<G>()?;
    let trace = req.exports.trace.is_some() || req.exports.html.is_some();
    let compare_depth = req.checked.compare.then(|| req.tree.depth.unwrap_or_else(|| game.default_depth()));
    let grown = Grown::search(game, &pos, &settings, trace, compare_depth);
    let searched = &grown.searched;
    if req.tree.stats {
        print_stats(searched);
    }
    if searched.end == End::Budget {
        say(format!("warning: {}", ended(searched)));
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

/// How the search ended, in the command line's words.
fn ended<G: Game>(searched: &Searched<G>) -> String {
    crate::request::refusal::say(&crate::request::analyse::mcts_end(searched), crate::request::Door::Cli)
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
        writeln!(out, "stopped: {}", ended(searched))?;
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
pub fn best<G: Game>(game: &G, at: &GamePosition, tree: &TreeOptions, settings: &Settings) -> Outcome {
    let pos = at.of(game)?;
    let game = &game.for_machine(game.to_move(&pos));
    let searched = mcts::search(game, &pos, settings, &mut ());
    if tree.stats {
        print_stats(&searched);
    }
    if searched.end == End::Budget {
        say(format!("warning: {}", ended(&searched)));
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
