//! `analyse` (and `best`) as every door asks for it: the options as given,
//! checked here alone, into the one validated request the library runs.

use std::io::{self, Write};
use std::time::Duration;

use super::check;
use super::option::Opt;
use super::refusal::{Refusal, Why, Word};
use super::search::Search;
use crate::export::analysis::{self, Grown};
use crate::export::{self, scope::Scope};
use crate::game::Game;
use crate::limits::{Limits, MAX_TREE_NODES, TooManyNodes};
use crate::search::alphabeta::Pruning;
use crate::search::deepening::Keep;
use crate::search::mcts::{self, Budget, Rollout};
use crate::search::run::{Asked, search_tree};
use crate::tree::census::census;
use crate::tree::{Tree, TreeArena};
use crate::words;

pub use crate::export::analysis::TRACE_MAX_ITERATIONS;

/// MCTS's options, as given.
#[derive(Clone, Copy, Debug, Default)]
pub struct MctsArgs {
    /// Iterations to run.
    pub iterations: Option<i64>,
    /// Milliseconds to iterate for instead.
    pub think: Option<u64>,
    /// The playouts' seed.
    pub seed: Option<u64>,
    /// UCT's exploration constant.
    pub uct_c: Option<f64>,
    /// The playout policy.
    pub rollout: Option<Rollout>,
    /// MCTS-Solver.
    pub solver: bool,
    /// Alpha-beta beside MCTS.
    pub compare: bool,
}

impl MctsArgs {
    /// The first MCTS option given.
    pub(super) fn given(&self) -> Option<Opt> {
        [
            (self.iterations.is_some(), Opt::Iterations),
            (self.think.is_some(), Opt::Think),
            (self.seed.is_some(), Opt::Seed),
            (self.uct_c.is_some(), Opt::UctC),
            (self.rollout.is_some(), Opt::Rollout),
            (self.solver, Opt::Solver),
            (self.compare, Opt::Compare),
        ]
        .into_iter()
        .find_map(|(given, opt)| given.then_some(opt))
    }

    /// The search's settings within `max_nodes`.
    pub(super) fn settings(&self, max_nodes: u64) -> Result<mcts::Settings, Refusal> {
        let iterations = check::within(Opt::Iterations, self.iterations, 1, i64::from(mcts::MAX_ITERATIONS))?;
        let c = match self.uct_c {
            Some(c) if !(c.is_finite() && c >= 0.0) => {
                return Err(Refusal::usage(
                    Opt::UctC,
                    words![Word::set(Opt::UctC, c), ": expected a number of 0 or more, e.g. 1.41"],
                ));
            }
            c => c.unwrap_or(mcts::DEFAULT_C),
        };
        let budget = match (iterations, self.think) {
            (_, Some(ms)) => Budget::Time(Duration::from_millis(ms)),
            (Some(n), None) => Budget::Iterations(n as u32),
            (None, None) => Budget::Iterations(mcts::DEFAULT_ITERATIONS),
        };
        Ok(mcts::Settings {
            budget,
            seed: self.seed.unwrap_or(mcts::DEFAULT_SEED),
            c,
            rollout: self.rollout.unwrap_or(Rollout::Random),
            solver: self.solver,
            max_nodes,
        })
    }
}

/// The outputs an `analyse` asks for, by kind (where they go is the output
/// plan's business): what the search must record and may not be asked.
#[derive(Clone, Copy, Debug, Default)]
pub struct Outputs {
    /// The JSON document.
    pub json: bool,
    /// The Graphviz drawing.
    pub dot: bool,
    /// The explorer page.
    pub html: bool,
    /// The Gambit game.
    pub efg: bool,
    /// The search's events.
    pub trace: bool,
    /// Iterative deepening's chart.
    pub chart: bool,
    /// The drawing and page as the graph of distinct positions.
    pub merge_transpositions: bool,
}

/// An `analyse` as a door gives it: every option as given, none checked.
#[derive(Clone, Debug, Default)]
pub struct AnalyseArgs {
    /// The search (minimax unless given).
    pub search: Search,
    /// Plies in the tree.
    pub depth: Option<i64>,
    /// The node budget.
    pub max_nodes: Option<i64>,
    /// Threads to build and search on.
    pub threads: Option<i64>,
    /// Alpha-beta cuts off past the bound only.
    pub no_prune_on_ties: bool,
    /// Alpha-beta under each move order beside it.
    pub compare_orders: bool,
    /// MCTS's options.
    pub mcts: MctsArgs,
    /// Draw to this depth only.
    pub show_depth: Option<i64>,
    /// Draw the line of best play only.
    pub show_line: bool,
    /// The outputs asked for.
    pub outputs: Outputs,
}

/// An `analyse` checked: what the library runs.
#[derive(Clone, Debug)]
pub struct Analyse {
    /// The search.
    pub search: Search,
    /// Plies in the tree (the game's default when `None`); MCTS's only with `compare`.
    pub depth: Option<u8>,
    /// The node budget and threads.
    pub limits: Limits,
    /// Alpha-beta's cut-off rule.
    pub rule: Pruning,
    /// Alpha-beta under each move order beside it.
    pub compare_orders: bool,
    /// MCTS's settings (used by `Search::Mcts` alone).
    pub mcts: mcts::Settings,
    /// Alpha-beta beside MCTS.
    pub compare: bool,
    /// What the drawing and the page draw.
    pub scope: Scope,
    /// The outputs asked for.
    pub outputs: Outputs,
}

impl AnalyseArgs {
    /// The request checked, or the first thing wrong with it.
    pub fn check(&self) -> Result<Analyse, Refusal> {
        let depth = check::depth(self.depth)?;
        let max_nodes = check::max_nodes(self.max_nodes)?;
        let threads = check::threads(self.threads)?;
        let scope = check::scope(self.show_depth, self.show_line)?;
        let mcts = self.mcts.settings(max_nodes)?;
        if self.search == Search::Mcts {
            // A grown tree numbers its nodes in 32 bits too.
            capacity(max_nodes)?;
            self.check_mcts(depth, &mcts)?;
        } else {
            self.check_tree(max_nodes)?;
        }
        Ok(Analyse {
            search: self.search,
            depth,
            limits: Limits { max_nodes, threads, deadline: None },
            rule: if self.no_prune_on_ties { Pruning::PastBound } else { Pruning::OnTies },
            compare_orders: self.compare_orders,
            mcts,
            compare: self.mcts.compare,
            scope,
            outputs: self.outputs,
        })
    }

    /// What a search of the explicit tree cannot be asked.
    fn check_tree(&self, max_nodes: u64) -> Result<(), Refusal> {
        if let Some(opt) = self.mcts.given() {
            return Err(Refusal::usage(
                opt,
                words![opt, " is an option of ", Word::set(Opt::Search, "mcts")],
            ));
        }
        capacity(max_nodes)?;
        if self.no_prune_on_ties && !self.search.prunes() && !self.compare_orders {
            return Err(Refusal::usage(
                Opt::NoPruneOnTies,
                words![
                    Opt::NoPruneOnTies,
                    " changes alpha-beta's cut-offs; add ",
                    Word::set(Opt::Search, "alphabeta"),
                    " or ",
                    Opt::CompareOrders
                ],
            ));
        }
        if self.outputs.chart && self.search != Search::Deepening {
            return Err(Refusal::usage(
                Opt::Chart,
                words![
                    Opt::Chart,
                    " draws the iterations of ",
                    Word::set(Opt::Search, "deepening"),
                    "; add it"
                ],
            ));
        }
        if self.outputs.trace && self.search == Search::Deepening {
            return Err(Refusal::usage(
                Opt::Trace,
                words![
                    Opt::Trace,
                    " records one search's events; ",
                    Word::set(Opt::Search, "deepening"),
                    " keeps each iteration in ",
                    Opt::Json,
                    " and ",
                    Opt::Html,
                    " instead"
                ],
            ));
        }
        Ok(())
    }

    /// What MCTS, which grows a tree of its own, cannot be asked.
    fn check_mcts(&self, depth: Option<u8>, settings: &mcts::Settings) -> Result<(), Refusal> {
        let mcts = Word::set(Opt::Search, "mcts");
        let o = &self.outputs;
        if o.efg {
            return Err(Refusal::usage(
                Opt::Efg,
                words![
                    mcts,
                    ": ",
                    Opt::Efg,
                    " writes a game whose payoffs are minimax values; an MCTS tree has only playout averages (docs/mcts.md)"
                ],
            ));
        }
        if o.merge_transpositions || o.chart {
            let opt = if o.chart { Opt::Chart } else { Opt::MergeTranspositions };
            return Err(Refusal::usage(
                opt,
                words![opt, " is for the explicit tree of minimax, alpha-beta or deepening, not ", mcts],
            ));
        }
        let lessons: Vec<Opt> =
            [(self.no_prune_on_ties, Opt::NoPruneOnTies), (self.compare_orders, Opt::CompareOrders)]
                .into_iter()
                .filter_map(|(given, opt)| given.then_some(opt))
                .collect();
        if let Some(&first) = lessons.first() {
            let mut w = check::listed(&lessons);
            w.extend(words![" alpha-beta's, not ", mcts, "'s"]);
            return Err(Refusal::usage(first, w));
        }
        if depth.is_some() && !self.mcts.compare {
            return Err(Refusal::usage(
                Opt::Depth,
                words![
                    mcts,
                    " grows its tree by iterations, not to a ",
                    Opt::Depth,
                    " (with ",
                    Opt::Compare,
                    ", ",
                    Opt::Depth,
                    " is alpha-beta's)"
                ],
            ));
        }
        let long = match settings.budget {
            Budget::Iterations(n) => n > TRACE_MAX_ITERATIONS,
            Budget::Time(_) => true,
        };
        if long
            && let Some(opt) = [(o.trace, Opt::Trace), (o.html, Opt::Html)].iter().find(|f| f.0).map(|f| f.1)
        {
            return Err(Refusal::usage(
                opt,
                words![
                    opt,
                    " records every phase of every iteration: give ",
                    Word::set(Opt::Iterations, TRACE_MAX_ITERATIONS),
                    " or fewer"
                ],
            ));
        }
        Ok(())
    }
}

impl Default for Analyse {
    fn default() -> Analyse {
        AnalyseArgs::default().check().expect("the defaults are a request")
    }
}

/// A node budget over what a tree can number is refused, not cut silently.
pub fn capacity(max_nodes: u64) -> Result<(), Refusal> {
    if max_nodes > MAX_TREE_NODES {
        return Err(Refusal::usage(
            Opt::MaxNodes,
            words![
                Word::set(Opt::MaxNodes, max_nodes),
                format!(": a tree holds at most {MAX_TREE_NODES} nodes")
            ],
        ));
    }
    Ok(())
}

/// The texts of the exports a door without files asks for.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Written {
    /// The JSON document.
    pub json: Option<String>,
    /// The Graphviz drawing.
    pub dot: Option<String>,
    /// The explorer page.
    pub html: Option<String>,
    /// The Gambit game.
    pub efg: Option<String>,
    /// The tree's node count.
    pub nodes: u64,
    /// The depth the tree was built to (none for MCTS's grown tree).
    pub depth: Option<u8>,
    /// What a person reads beside the answer when the tree is not the
    /// game's own ([`depth::Depth::note`](super::depth::Depth::note)).
    pub note: Option<String>,
}

/// Builds and searches `pos`'s tree as `analyse` does (the game evaluating for
/// the side to move; MCTS's iterations refused first when their tree could
/// not fit in memory) and writes the exports its outputs ask for as texts
/// (the page's door; the command line writes the same bytes to files).
pub fn texts<G: Game>(game: &G, pos: G::Position, req: &Analyse) -> Result<Written, Refusal> {
    req.fits_in_memory::<G>()?;
    let game = &game.for_machine(game.to_move(&pos));
    let wanted = req.outputs;
    let text = |write: &dyn Fn(&mut dyn Write) -> io::Result<()>| -> Result<String, Refusal> {
        let mut out = Vec::new();
        write(&mut out).map_err(|e| Refusal::said(None, Why::Budget, e))?;
        String::from_utf8(out).map_err(|e| Refusal::said(None, Why::Usage, e))
    };
    let pick =
        |on: bool, write: &dyn Fn(&mut dyn Write) -> io::Result<()>| on.then(|| text(write)).transpose();
    if req.search == Search::Mcts {
        let compare_depth = req.compare.then(|| req.depth.unwrap_or_else(|| game.default_depth()));
        let grown = Grown::search(game, &pos, &req.mcts, wanted.html || wanted.trace, compare_depth);
        let g = &grown;
        return Ok(Written {
            json: pick(wanted.json, &|w| g.write_json(w, game))?,
            dot: pick(wanted.dot, &|w| export::mcts::dot::write_tree(w, game, &g.searched, req.scope))?,
            html: pick(wanted.html, &|w| g.write_page(w, game))?,
            efg: None,
            nodes: g.searched.tree.len() as u64,
            depth: None,
            note: None,
        });
    }
    // The page's budget is its own (sized for a phone): a tree without a depth
    // is fitted to it rather than refused.
    let chosen = super::depth::choose(game, &pos, req.depth, req.limits.max_nodes, true);
    let mut arena = TreeArena::new();
    let tree = Tree::build(&mut arena, game, pos, chosen.depth, &req.limits).map_err(|e| too_many(&e))?;
    let trace = wanted.html && tree.len <= export::html::TRACE_LIMIT;
    let keep = if wanted.html { export::deepening::keep(tree.len) } else { Keep::default() };
    let searched = search_tree(game, &tree, &req.asked(req.limits.threads, trace, keep));
    let (s, windows) = (&searched, searched.windows.as_deref());
    // Counted once, for the JSON and the page.
    let counted = (wanted.json || wanted.html).then(|| census(game, &tree));
    let census = || counted.as_ref().expect("counted for the JSON and the page");
    Ok(Written {
        json: pick(wanted.json, &|w| analysis::write_json(w, game, &tree, s, census()))?,
        dot: pick(wanted.dot, &|w| export::dot::write_tree(w, game, &tree, windows, req.scope))?,
        html: pick(wanted.html, &|w| analysis::write_page(w, game, &tree, s, census(), req.scope))?,
        efg: pick(wanted.efg, &|w| export::efg::write_tree(w, game, &tree))?,
        nodes: tree.len as u64,
        depth: Some(chosen.depth),
        note: chosen.note(game, &tree, req.limits.max_nodes),
    })
}

impl Analyse {
    /// Refuses, before searching, MCTS iterations whose tree could pass the
    /// memory this process may use (each iteration adds at most one node).
    pub fn fits_in_memory<G: Game>(&self) -> Result<(), Refusal> {
        if self.search != Search::Mcts {
            return Ok(());
        }
        let (nodes, memory) = mcts::node_budget::<G>(self.mcts.max_nodes);
        match (self.mcts.budget, memory) {
            (Budget::Iterations(n), Some(bytes)) if u64::from(n) >= nodes => Err(Refusal::budget(
                Opt::Iterations,
                words![
                    Word::set(Opt::Iterations, n),
                    format!(
                        " may grow a tree of {} nodes; {nodes} fit in the {} this process may use ({}); give fewer ",
                        u64::from(n) + 1,
                        crate::search::solve::Bytes(bytes),
                        crate::limits::MEMORY_LIMITS
                    ),
                    Opt::Iterations,
                    " or more memory"
                ],
            )),
            _ => Ok(()),
        }
    }

    /// What the search of the built tree is asked (not for MCTS): `keep`,
    /// what deepening and the move orders keep for a page to draw.
    pub fn asked(&self, threads: usize, trace: bool, keep: Keep) -> Asked {
        Asked {
            search: self.search,
            rule: self.rule,
            compare_orders: self.compare_orders,
            threads,
            trace,
            keep,
        }
    }
}

/// How an MCTS search ended, in words that name the budget it met (none
/// when it made every iteration).
pub fn mcts_end<G: Game>(searched: &mcts::Searched<G>) -> Vec<Word> {
    let n = searched.iterations;
    match searched.end {
        mcts::End::Finished => Vec::new(),
        mcts::End::Proven => words![format!("the root was proven after {n} iterations; the search stopped")],
        mcts::End::Budget => words![
            "the tree reached ",
            Word::set(Opt::MaxNodes, searched.settings.max_nodes),
            format!(" after {n} iterations; the search stopped there")
        ],
        mcts::End::Asked => words![format!("the search was stopped after {n} iterations")],
    }
}

/// A tree over its node budget, as a refusal: what to make smaller or raise.
pub fn too_many(e: &TooManyNodes) -> Refusal {
    match (e.stopped, e.memory) {
        (true, _) => Refusal::said(None, Why::Budget, e.what()),
        (false, Some(_)) => Refusal::budget(
            Opt::Depth,
            words![e.what(), "; use a smaller ", Opt::Depth, " or give the process more memory"],
        ),
        (false, None) => Refusal::budget(
            Opt::Depth,
            words![e.what(), "; use a smaller ", Opt::Depth, " or raise ", Opt::MaxNodes],
        ),
    }
}
