//! `gametree analyse`: build a position's whole tree, summarise and export it.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::checkers::open_input;
use super::deepening::{ChartOptions, write_iterations};
use super::exports::{self, ExportOptions};
use super::failure::{Failure, Outcome};
use super::mcts::MctsOptions;
use super::options::game::GameOptions;
use super::options::position::GamePosition;
use super::options::tree::TreeOptions;
use super::output::{print_census, print_stats};
use crate::export::summary::Summary;
use crate::game::prelude::*;
use crate::protocol;
use crate::request::Opt;
use crate::request::analyse::too_many;
use crate::request::analyse::{Analyse, AnalyseArgs, Outputs};
use crate::request::check;
use crate::request::plan::OutputPlan;
use crate::search::Search;
use crate::search::alphabeta::Pruning;
use crate::search::orders::{Comparison, Count};
use crate::search::run::{Asked, search_tree};
use crate::tree::census::census;
use crate::tree::{Tree, TreeArena, prepare_build};

/// `gametree analyse`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    at: GamePosition,
    /// Checkers: start from the position after replaying a protocol input (`-` for stdin).
    #[arg(long, value_name = "INPUT", conflicts_with = "position")]
    moves: Option<PathBuf>,
    #[command(flatten)]
    tree: TreeOptions,
    #[command(flatten)]
    game_options: GameOptions,
    /// Which search sets the values; alpha-beta marks the nodes it skips as
    /// pruned; MCTS grows a tree of its own.
    #[arg(long, value_enum, default_value_t = Search::Minimax)]
    search: Search,
    #[command(flatten)]
    lessons: Lessons,
    #[command(flatten)]
    exports: ExportOptions,
    #[command(flatten)]
    mcts: MctsOptions,
    #[command(flatten)]
    chart: ChartOptions,
}

impl Args {
    pub fn run(self) -> Outcome {
        check::settings(self.at.game, &self.game_options.settings())?;
        let checked = self.checked()?;
        if self.search == Search::Mcts {
            return crate::with_game!(self.at.game, &self.game_options.settings(), |g| self
                .mcts_search(g, &checked));
        }
        crate::with_game!(self.at.game, &self.game_options.settings(), |g| {
            // Helper threads start while the position is still being read.
            prepare_build(self.tree.depth.unwrap_or_else(|| g.default_depth()), &self.tree.build_options());
            run(g, &self)
        })
    }

    /// The request, checked by the request layer as every door's is.
    fn checked(&self) -> Result<Analyse, Failure> {
        let e = &self.exports;
        let args = AnalyseArgs {
            search: self.search,
            depth: self.tree.depth.map(i64::from),
            max_nodes: Some(i64::try_from(self.tree.max_nodes).unwrap_or(i64::MAX)),
            threads: self.tree.threads.map(i64::from),
            no_prune_on_ties: self.lessons.no_prune_on_ties,
            compare_orders: self.lessons.compare_orders,
            mcts: self.mcts.args(),
            show_depth: e.show_depth.map(i64::from),
            show_line: e.show_line,
            outputs: Outputs {
                json: e.json.is_some(),
                dot: e.dot.is_some(),
                html: e.html.is_some(),
                efg: e.efg.is_some(),
                trace: e.trace.is_some(),
                chart: self.chart.chart.is_some(),
                merge_transpositions: e.merge_transpositions,
            },
        };
        Ok(args.check()?)
    }

    /// The request's output plan: the files it reads (a replayed game, a
    /// tree read from `@FILE`) and writes (the exports, the chart).
    fn plan(&self) -> OutputPlan {
        let mut plan = OutputPlan::new();
        if let Some(moves) = &self.moves {
            plan.input(Opt::Moves, moves);
        }
        if let Some(file) = self.at.position.as_deref().and_then(|p| p.strip_prefix('@')) {
            plan.input(Opt::Position, file);
        }
        self.exports.plan(&mut plan);
        self.chart.plan(&mut plan);
        plan
    }

    /// `--search mcts`, from the position given.
    fn mcts_search<G: Game>(&self, game: &G, checked: &Analyse) -> Outcome {
        self.exports.check()?;
        let plan = self.plan();
        exports::check_plan(&plan)?;
        let pos = match &self.moves {
            Some(path) => replayed(game, path)?,
            None => self.at.of(game)?,
        };
        let request = super::mcts::Request { plan: &plan, tree: &self.tree, exports: &self.exports, checked };
        super::mcts::analyse(game, pos, &request)
    }
}

/// What `analyse` shows of alpha-beta for a lesson.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct Lessons {
    /// Alpha-beta cuts off only when a value passes the bound, not when it
    /// reaches it (Berkeley CS188's rule; the default is AIMA's).
    #[arg(long)]
    pub no_prune_on_ties: bool,
    /// Also run alpha-beta with the children taken in natural, best-first,
    /// worst-first and the engine's order, and print what each visits
    /// beside minimax (and in the JSON).
    #[arg(long)]
    pub compare_orders: bool,
}

impl Lessons {
    /// Alpha-beta's cut-off rule.
    pub fn pruning(self) -> Pruning {
        if self.no_prune_on_ties { Pruning::PastBound } else { Pruning::OnTies }
    }
}

/// The position after replaying a checkers protocol input, in `game`'s type (only
/// checkers can have one).
fn replayed<G: Game>(game: &G, path: &Path) -> Result<G::Position, Failure> {
    if game.name() != protocol::GAME {
        return Err(Failure::usage(format!(
            "--moves replays a checkers protocol input; use --position for {}",
            game.name()
        )));
    }
    let (reader, name) = open_input(Some(path))?;
    let text = protocol::replay_notation(reader).map_err(|e| Failure::usage(format!("{name}: {e}")))?;
    Ok(game.parse_position(&text).expect("checkers notation round-trips"))
}

fn run<G: Game>(game: &G, req: &Args) -> Outcome {
    // Every file the request reads and writes, checked together before
    // anything is built: a position read from a file (`@FILE`, the tree
    // game's) and a replayed game are inputs; the exports and the chart are
    // written all or none.
    req.exports.check()?;
    let plan = req.plan();
    exports::check_plan(&plan)?;
    let pos = match &req.moves {
        Some(path) => replayed(game, path)?,
        None => req.at.of(game)?,
    };
    let game = &game.for_machine(game.to_move(&pos));
    let max_nodes = req.tree.build_options().max_nodes;
    let chosen = crate::request::depth::choose(game, &pos, req.tree.depth, max_nodes, false);
    let depth = chosen.depth;
    let mut arena = TreeArena::new();
    let started = Instant::now();
    let tree = Tree::build(&mut arena, game, pos, depth, &req.tree.build_options())
        .map_err(|e| Failure::from(too_many(&e)))?;
    let built = started.elapsed();
    req.exports.check_byte_budget(&tree, req.search.of_tree(), req.lessons.pruning())?;
    let asked = Asked {
        search: req.search,
        rule: req.lessons.pruning(),
        compare_orders: req.lessons.compare_orders,
        threads: req.tree.build_options().threads,
        trace: exports::wants_trace(&req.exports, tree.len),
        keep: exports::keep(&req.exports, tree.len),
    };
    let searched = search_tree(game, &tree, &asked);
    // Counted once, for `--stats` and the exports that show it.
    let census = (req.tree.stats || exports::wants_census(&req.exports)).then(|| census(game, &tree));
    if req.tree.stats {
        print_stats("", &tree, built);
        print_census(census.as_ref().expect("counted for --stats"));
    }
    // Nothing but the export that goes to stdout goes there.
    let quiet = plan.to_stdout();
    if !quiet {
        let visitor = if searched.deepening.is_some() { "the last iteration" } else { "alpha-beta" };
        write_summary(&mut super::output::stdout(), game, &tree, searched.windows.as_deref(), visitor)
            .map_err(Failure::output)?;
        if let Some(note) = chosen.note(game, &tree, max_nodes) {
            writeln!(super::output::stdout(), "note: {note}").map_err(Failure::output)?;
        }
    }
    if let Some(c) = searched.orders.as_ref().filter(|_| !quiet) {
        write_orders(&mut super::output::stdout(), c).map_err(Failure::output)?;
    }
    if let Some(d) = searched.deepening.as_ref().filter(|_| !quiet) {
        write_iterations(&mut super::output::stdout(), game, &tree, d).map_err(Failure::output)?;
    }
    let mut jobs = exports::jobs(game, &tree, &searched, census.as_ref(), &req.exports);
    if let Some(d) = &searched.deepening {
        jobs.extend(req.chart.job(d, req.exports.byte_budget()));
    }
    exports::write_jobs(&plan, jobs).map_err(exports::write_failure)
}

fn write_summary<G: Game>(
    out: &mut impl Write,
    game: &G,
    tree: &Tree<'_, G>,
    windows: Option<&[Option<crate::search::alphabeta::Window>]>,
    visitor: &str,
) -> io::Result<()> {
    let s = Summary::of(game, tree, windows);
    writeln!(out, "position: {}", s.position)?;
    writeln!(out, "to move: {}", s.to_move)?;
    writeln!(out, "depth: {}", s.depth)?;
    writeln!(out, "nodes: {}", s.node_count)?;
    if let Some(rule) = s.pruning {
        writeln!(out, "visited by {visitor}: {} (pruned {})", s.node_count - s.pruned, s.pruned)?;
        if rule != Pruning::default().name() {
            writeln!(out, "pruning: {rule}")?;
        }
    }
    match &s.decision {
        Some(action) => writeln!(out, "decision: {action} value {}", s.value)?,
        None => writeln!(out, "decision: none (the side to move cannot act) value {}", s.value)?,
    }
    writeln!(out, "line: {}", s.line.join(" "))
}

/// The move-ordering table: what alpha-beta visits under each order, beside
/// minimax and, for a uniform tree, the minimal tree.
fn write_orders(out: &mut impl Write, c: &Comparison) -> io::Result<()> {
    writeln!(out, "\nmove ordering (alpha-beta, {}):", c.rule.words())?;
    writeln!(out, "{:<12} {:>12} {:>12} {:>9}", "order", "nodes", "leaves", "cut-offs")?;
    let row = |out: &mut dyn Write, name: &str, n: &Count| {
        writeln!(out, "{name:<12} {:>12} {:>12} {:>9}", n.nodes, n.leaves, n.cutoffs)
    };
    row(out, "minimax", &c.minimax)?;
    for (order, n) in &c.orders {
        row(out, order.name(), n)?;
    }
    match c.minimal_tree {
        Some((b, d, leaves)) => {
            writeln!(out, "minimal tree (b = {b}, d = {d}): b^ceil(d/2) + b^floor(d/2) - 1 = {leaves} leaves")
        }
        None => writeln!(out, "minimal tree: no bound (the tree is not uniform)"),
    }
}
