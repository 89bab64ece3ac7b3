//! The export options shared by `analyse` and `checkers`, and writing them.

use std::path::{Path, PathBuf};

use super::failure::Failure;
use super::options::search::Search;
use crate::export::{self, analysis, scope::Scope, summary::Summary};
use crate::game::Game;
pub use crate::request::plan::is_over_budget;
use crate::request::plan::{OutputPlan, OverBudget};
use crate::request::{Door, Opt};
use crate::search::alphabeta::{self, Pruning};
use crate::search::solve::Bytes;
use crate::tree::Tree;
use crate::tree::census::{self, Census};

/// The census is counted whenever the JSON or the page is asked for.
const COUNTED: &str = "the census, counted for the JSON and the page";

/// A DOT drawing of more nodes than this is unreadable; suggest a scope.
pub const DOT_WARN_NODES: usize = 2000;

/// The bytes each export may take unless `--max-bytes` raises it: the table's.
pub use crate::request::budget::DEFAULT_MAX_BYTES;

#[derive(clap::Args, Debug, Clone, Default)]
pub struct ExportOptions {
    /// Write the tree as JSON to FILE (`-` for stdout).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write the tree as Graphviz DOT to FILE (`-` for stdout).
    #[arg(long, value_name = "FILE")]
    pub dot: Option<PathBuf>,
    /// Write the tree explorer, one self-contained HTML page, to FILE (`-` for stdout).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Write the tree as a Gambit extensive-form game (.efg) to FILE (`-` for stdout).
    #[arg(long, value_name = "FILE")]
    pub efg: Option<PathBuf>,
    /// Write the search's events (enter, leaf, return, window, cut-off) as JSON to FILE
    /// (`-` for stdout).
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// DOT and HTML: draw levels 0 to K only, with "+N nodes" where the tree is cut.
    #[arg(long, value_name = "K", conflicts_with = "show_line")]
    pub show_depth: Option<u8>,
    /// DOT and HTML: draw the line of best play and the alternatives at each of its nodes.
    #[arg(long)]
    pub show_line: bool,
    /// DOT: draw the graph of the tree's distinct positions, each once with
    /// how many paths reach it, every edge kept, in place of the tree; HTML:
    /// open the explorer on that graph (its Positions graph view).
    #[arg(long, conflicts_with_all = ["show_depth", "show_line"])]
    pub merge_transpositions: bool,
    /// Refuse to write an export (JSON, DOT, .efg, page or trace) of more
    /// than SIZE bytes, e.g. 256M or 1G (default 64M).
    #[arg(long, value_name = "SIZE", value_parser = super::solve::parse_size)]
    pub max_bytes: Option<u64>,
}

impl ExportOptions {
    /// What `checkers --export-trees DIR` writes for the computed action `number`:
    /// `DIR/action-N.json`, `.dot` and `.html`, drawn within `scope`.
    pub fn for_action(dir: &Path, number: usize, scope: Scope) -> ExportOptions {
        let file = |ext: &str| Some(dir.join(format!("action-{number}.{ext}")));
        let (show_depth, show_line) = match scope {
            Scope::All => (None, false),
            Scope::Depth(k) => (Some(k), false),
            Scope::Line => (None, true),
        };
        ExportOptions {
            json: file("json"),
            dot: file("dot"),
            html: file("html"),
            show_depth,
            show_line,
            ..Default::default()
        }
    }

    pub fn scope(&self) -> Scope {
        match (self.show_depth, self.show_line) {
            (Some(k), _) => Scope::Depth(k),
            (None, true) => Scope::Line,
            (None, false) => Scope::All,
        }
    }

    fn files(&self) -> impl Iterator<Item = (Opt, &Path)> {
        [
            (Opt::Json, &self.json),
            (Opt::Dot, &self.dot),
            (Opt::Html, &self.html),
            (Opt::Efg, &self.efg),
            (Opt::Trace, &self.trace),
        ]
        .into_iter()
        .filter_map(|(opt, p)| p.as_deref().map(|p| (opt, p)))
    }

    /// Adds each export asked for to the request's output plan.
    pub fn plan(&self, plan: &mut OutputPlan) {
        for (opt, path) in self.files() {
            plan.output(opt, path);
        }
    }

    /// The output plan of these exports alone.
    pub fn planned(&self) -> OutputPlan {
        let mut plan = OutputPlan::new();
        self.plan(&mut plan);
        plan
    }

    /// A scope with no drawing to apply to does nothing: refused before
    /// anything is built. (Where the exports go is the output plan's to
    /// check, [`check_plan`], with every other file of the request.)
    pub fn check(&self) -> Result<(), Failure> {
        if self.scope() != Scope::All && self.dot.is_none() && self.html.is_none() {
            let flag = if self.show_line { "--show-line" } else { "--show-depth" };
            return Err(Failure::usage(format!(
                "{flag} chooses what --dot and --html draw; give one of them"
            )));
        }
        if self.merge_transpositions && self.dot.is_none() && self.html.is_none() {
            return Err(Failure::usage(
                "--merge-transpositions chooses what --dot and --html draw; give --dot FILE or --html FILE",
            ));
        }
        Ok(())
    }
}

/// Refuses a request's output plan (an output over an input or another
/// output, two on stdout) before anything is built, in the command line's words.
pub fn check_plan(plan: &OutputPlan) -> Result<(), Failure> {
    plan.check().map_err(Failure::from)
}

impl ExportOptions {
    /// The byte budget of each page and trace.
    pub fn byte_budget(&self) -> u64 {
        self.max_bytes.unwrap_or(DEFAULT_MAX_BYTES)
    }

    /// Refuses, before the search records anything, a page or a trace of
    /// `tree` that is sure to pass the byte budget: what each drawn node adds
    /// to a page at the least, and each event of the trace. Minimax has two
    /// events a node; alpha-beta's depend on what it visits, so they are
    /// counted by searching once without recording them (a pass over the
    /// built tree, a small part of building it). The check never refuses what
    /// would fit.
    pub fn check_byte_budget<G: Game>(
        &self,
        tree: &Tree<'_, G>,
        kind: Search,
        rule: Pruning,
    ) -> Result<(), Failure> {
        use crate::export::budget::{Export, check};
        let limit = self.byte_budget();
        let len = tree.len as u64;
        // The library's check, said in the command line's words.
        let refuse = |export: Export, path: &Path, items: u64| {
            check(export, &format!("--{} {}", export.opt().name(), path.display()), items, limit)
                .map_err(|r| Failure::budget(r.in_door(crate::request::Door::Cli)))
        };
        // Every node is written to the JSON and the .efg, and to the DOT
        // unless a scope draws part of it.
        let whole = [
            (&self.json, Export::Json),
            // The merged drawing has a node per position, not per node.
            (
                if self.scope() == Scope::All && !self.merge_transpositions { &self.dot } else { &None },
                Export::Dot,
            ),
            (&self.efg, Export::Efg),
            (if self.scope() == Scope::All { &self.html } else { &None }, Export::Page),
        ];
        for (path, export) in whole {
            if let Some(path) = path {
                refuse(export, path, len)?;
            }
        }
        let Some(path) = &self.trace else { return Ok(()) };
        let events = match kind.of_tree() {
            Search::Minimax => len.saturating_mul(2),
            _ => {
                let mut counted = crate::search::trace::Counted::default();
                alphabeta::run_with_rule(tree, rule, &mut counted);
                counted.0
            }
        };
        refuse(Export::Trace, path, events)
    }
}

/// A writer that passes at most `left` bytes on to `out` (or, without `out`,
/// only counts them) and fails with [`OverBudget`] at the first byte more.
struct Budgeted<'w> {
    out: Option<&'w mut dyn std::io::Write>,
    left: u64,
}

impl std::io::Write for Budgeted<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if buf.len() as u64 > self.left {
            return Err(std::io::Error::other(OverBudget(String::new())));
        }
        let n = match &mut self.out {
            Some(out) => out.write(buf)?,
            None => buf.len(),
        };
        self.left -= n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.as_mut().map_or(Ok(()), |out| out.flush())
    }
}

/// `job` held to `limit` bytes. A file is written under a temporary name, so
/// passing the budget on the way leaves nothing; a stream (stdout, a FIFO, a
/// device) cannot take back what it was given, so there the export is counted
/// first and only then written.
pub fn within_budget<'a>(opt: Opt, path: &'a Path, limit: u64, job: Writer<'a>) -> Writer<'a> {
    let stream = crate::request::plan::file::is_stream(path);
    let flag = Door::Cli.spell(opt);
    Box::new(move |w| {
        let over = |e: std::io::Error| {
            if is_over_budget(&e) {
                let what = match opt {
                    Opt::Html => "the page would",
                    Opt::Trace => "the trace would",
                    Opt::Chart => "the chart would",
                    _ => "the export would",
                };
                std::io::Error::other(OverBudget(format!(
                    "{flag} {}: {what} take more than --max-bytes {}; raise --max-bytes",
                    path.display(),
                    Bytes(limit)
                )))
            } else {
                e
            }
        };
        if stream {
            job(&mut Budgeted { out: None, left: limit }).map_err(over)?;
        }
        job(&mut Budgeted { out: Some(w), left: limit }).map_err(over)
    })
}

// Which search sets a tree's values, and what it records: the library's, so
// that the Python module's and the browser's exports are these byte for byte.
pub use crate::search::run::{Searched, minimax_events};

/// Whether the exports asked for need the search's events.
pub fn wants_trace(opts: &ExportOptions, len: usize) -> bool {
    opts.trace.is_some() || (opts.html.is_some() && len <= export::html::TRACE_LIMIT)
}

/// What deepening's iterations and the move orders' searches keep for
/// drawing: what the page draws of a tree of `len` nodes when one is asked
/// for, nothing otherwise.
pub fn keep(opts: &ExportOptions, len: usize) -> crate::search::deepening::Keep {
    if opts.html.is_some() { export::deepening::keep(len) } else { Default::default() }
}

/// One export, ready to write to whatever it is given: the plan's.
pub use crate::request::plan::Writer;

/// Writes every export asked for; a failure is reported on stderr.
/// `census`: the tree's, when the caller has counted it already (`--stats`).
pub fn write_all<G: Game>(
    game: &G,
    tree: &Tree<'_, G>,
    searched: &Searched,
    census: Option<&Census>,
    opts: &ExportOptions,
) -> Result<(), Failure> {
    write_files(game, tree, searched, census, opts).map_err(write_failure)
}

/// Whether the exports asked for show the tree's census (the JSON and the page).
pub fn wants_census(opts: &ExportOptions) -> bool {
    opts.json.is_some() || opts.html.is_some()
}

/// The failure of a batch of exports: over `--max-bytes` is a budget
/// (status 3), anything else an output error.
pub fn write_failure(e: std::io::Error) -> Failure {
    if is_over_budget(&e) { Failure::budget(e) } else { Failure::output(format!("cannot write {e}")) }
}

/// Writes every export asked for; an error names the file it concerns. The
/// JSON and the page show the tree's census: `census` when the caller counted
/// it, otherwise counted here, once for both.
pub fn write_files<G: Game>(
    game: &G,
    tree: &Tree<'_, G>,
    searched: &Searched,
    census: Option<&Census>,
    opts: &ExportOptions,
) -> std::io::Result<()> {
    let counted = census.is_none().then(|| wants_census(opts).then(|| census::census(game, tree))).flatten();
    let census = census.or(counted.as_ref());
    write_jobs(&opts.planned(), jobs(game, tree, searched, census, opts))
}

/// The job of each export asked for, held to `--max-bytes`, for the plan to
/// write; the JSON and the page show `census`.
pub fn jobs<'a, G: Game>(
    game: &'a G,
    tree: &'a Tree<'_, G>,
    searched: &'a Searched,
    census: Option<&'a Census>,
    opts: &'a ExportOptions,
) -> Vec<(Opt, Writer<'a>)> {
    let windows = searched.windows.as_deref();
    let events = searched.events.as_deref();
    let scope = opts.scope();
    if opts.dot.is_some() && scope == Scope::All && !opts.merge_transpositions && tree.len > DOT_WARN_NODES {
        super::stderr::say(format!(
            "warning: a DOT drawing of {} nodes is too large to read; --show-depth K or --show-line draws part of it",
            tree.len
        ));
    }
    let mut jobs: Vec<(Opt, Writer<'_>)> = Vec::new();
    let limit = opts.byte_budget();
    if let Some(p) = &opts.json {
        let json: Writer<'_> =
            Box::new(move |w| analysis::write_json(w, game, tree, searched, census.expect(COUNTED)));
        jobs.push((Opt::Json, within_budget(Opt::Json, p, limit, json)));
    }
    if let Some(p) = &opts.dot {
        let merged = opts.merge_transpositions;
        let dot: Writer<'_> = Box::new(move |w| {
            if merged {
                export::merged::write_dot(w, game, tree, windows)
            } else {
                export::dot::write_tree(w, game, tree, windows, scope)
            }
        });
        jobs.push((Opt::Dot, within_budget(Opt::Dot, p, limit, dot)));
    }
    if let Some(p) = &opts.html {
        let merged = opts.merge_transpositions;
        let page: Writer<'_> = Box::new(move |w| {
            analysis::write_page_merged(w, game, tree, searched, census.expect(COUNTED), scope, merged)
        });
        jobs.push((Opt::Html, within_budget(Opt::Html, p, limit, page)));
    }
    if let Some(p) = &opts.efg {
        let efg: Writer<'_> = Box::new(move |w| export::efg::write_tree(w, game, tree));
        jobs.push((Opt::Efg, within_budget(Opt::Efg, p, limit, efg)));
    }
    if let Some(p) = &opts.trace {
        let summary = Summary::of(game, tree, windows);
        let events = events.unwrap_or_default();
        let trace: Writer<'_> = Box::new(move |w| export::trace::write_trace(w, &summary, events));
        jobs.push((Opt::Trace, within_budget(Opt::Trace, p, limit, trace)));
    }
    jobs
}

/// Writes the jobs of `plan`'s outputs, all or none
/// ([`OutputPlan::write`]); stdout's reader having gone ends the process
/// quietly, as it ends other command-line tools.
pub fn write_jobs(plan: &OutputPlan, jobs: Vec<(Opt, Writer<'_>)>) -> std::io::Result<()> {
    plan.write(jobs).inspect_err(|e| {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            crate::runtime::signals::die_of_closed_pipe();
        }
    })
}
