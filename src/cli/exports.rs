//! The export options shared by `analyse` and `checkers`, and writing them.

use std::path::{Path, PathBuf};

use super::failure::Failure;
use super::options::search::SearchKind;
use super::output::Place;
use crate::export::{self, analysis, scope::Scope, summary::Summary};
use crate::game::Game;
use crate::search::alphabeta::{self, Pruning};
use crate::search::solve::Bytes;
use crate::tree::Tree;

/// A DOT drawing of more nodes than this is unreadable; suggest a scope.
pub const DOT_WARN_NODES: usize = 2000;

/// The most bytes an explorer page or a trace may take unless `--max-bytes`
/// says otherwise: the depth-7 page of a checkers middle game (53 MB) fits,
/// and writing a page this size needs well under 200 MB.
pub const DEFAULT_MAX_BYTES: u64 = 64 << 20;

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

    fn files(&self) -> impl Iterator<Item = (&'static str, &Path)> {
        [
            ("--json", &self.json),
            ("--dot", &self.dot),
            ("--html", &self.html),
            ("--efg", &self.efg),
            ("--trace", &self.trace),
        ]
        .into_iter()
        .filter_map(|(flag, p)| p.as_deref().map(|p| (flag, p)))
    }

    /// Whether anything goes to stdout, in place of the summary.
    pub fn to_stdout(&self) -> bool {
        let stdout = Place::of(Path::new("-"));
        self.files().any(|(_, p)| p == Path::new("-") || (stdout.is_some() && Place::of(p) == stdout))
    }

    /// Two exports aimed at one file (by any of its names: the device and
    /// inode are compared, not the strings) would leave only the last, an
    /// export over one of the `inputs` would destroy it, and a scope with no
    /// drawing to apply to does nothing: refuse all three before anything is
    /// built or written.
    pub fn check(&self, inputs: &[&Path]) -> Result<(), Failure> {
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
        let files: Vec<_> = self.files().map(|(flag, p)| (flag, p, Place::of(p))).collect();
        let shown = |path: &Path| {
            if path == Path::new("-") { "stdout".to_string() } else { path.display().to_string() }
        };
        for (i, (flag, path, place)) in files.iter().enumerate() {
            let same = |p: &Path, q: &Option<Place>| p == *path || (q.is_some() && q == place);
            if let Some((other, first, _)) = files[..i].iter().find(|(_, p, q)| same(p, q)) {
                let (a, b) = (shown(first), shown(path));
                let what = if a == b { a } else { format!("{a} and {b}, one file") };
                return Err(Failure::usage(format!(
                    "{other} and {flag} both write {what}; give each export its own file"
                )));
            }
            if let Some(input) = inputs.iter().find(|p| place.is_some() && Place::of_input(p) == *place) {
                return Err(Failure::usage(format!(
                    "{flag} {} would overwrite the input {}; give the export another file",
                    shown(path),
                    super::lines::input_name(input)
                )));
            }
            if let Some(input) = super::output::held_for_reading(path) {
                return Err(Failure::usage(format!(
                    "{flag} {} would write over {input}, which is open only for reading; give the export another file",
                    shown(path)
                )));
            }
        }
        Ok(())
    }
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
        kind: SearchKind,
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
        let events = match kind {
            SearchKind::Minimax => len.saturating_mul(2),
            SearchKind::Alphabeta => {
                let mut counted = crate::search::trace::Counted::default();
                alphabeta::run_with_rule(tree, rule, &mut counted);
                counted.0
            }
        };
        refuse(Export::Trace, path, events)
    }
}

/// An export that would pass its byte budget: it is refused with status 3.
#[derive(Debug)]
struct OverBudget(String);

impl std::fmt::Display for OverBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OverBudget {}

/// Whether an export failed because it would pass `--max-bytes` (status 3,
/// not an output error).
pub fn is_over_budget(e: &std::io::Error) -> bool {
    e.get_ref().is_some_and(|r| r.is::<OverBudget>())
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
pub fn within_budget<'a>(flag: &'static str, path: &'a Path, limit: u64, job: Writer<'a>) -> Writer<'a> {
    let stream = is_stream(path);
    Box::new(move |w| {
        let over = |e: std::io::Error| {
            if is_over_budget(&e) {
                let what = match flag {
                    "--html" => "the page would",
                    "--trace" => "the trace would",
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

/// Whether `path` is written in place rather than replaced whole.
fn is_stream(path: &Path) -> bool {
    if path == Path::new("-") || path.starts_with("/dev") || path.starts_with("/proc") {
        return true;
    }
    let stdio = [Place::of(Path::new("-")), Place::of(Path::new("/dev/stderr"))];
    match std::fs::metadata(path) {
        Ok(meta) => !meta.is_file() || stdio.iter().any(|p| p.is_some() && *p == Place::of(path)),
        Err(_) => false,
    }
}

// Which search sets a tree's values, and what it records: the library's, so
// that the Python module's and the browser's exports are these byte for byte.
pub use crate::search::run::{Searched, minimax_events};

/// Whether the exports asked for need the search's events.
pub fn wants_trace(opts: &ExportOptions, len: usize) -> bool {
    opts.trace.is_some() || (opts.html.is_some() && len <= export::html::TRACE_LIMIT)
}

/// One export, ready to write to whatever it is given.
pub type Writer<'a> = Box<dyn Fn(&mut dyn std::io::Write) -> std::io::Result<()> + 'a>;

/// Writes every export asked for; a failure is reported on stderr.
pub fn write_all<G: Game>(
    game: &G,
    tree: &Tree<'_, G>,
    searched: &Searched,
    opts: &ExportOptions,
) -> Result<(), Failure> {
    write_files(game, tree, searched, opts).map_err(write_failure)
}

/// The failure of a batch of exports: over `--max-bytes` is a budget
/// (status 3), anything else an output error.
pub fn write_failure(e: std::io::Error) -> Failure {
    if is_over_budget(&e) { Failure::budget(e) } else { Failure::output(format!("cannot write {e}")) }
}

/// Writes every export asked for; an error names the file it concerns.
pub fn write_files<G: Game>(
    game: &G,
    tree: &Tree<'_, G>,
    searched: &Searched,
    opts: &ExportOptions,
) -> std::io::Result<()> {
    let windows = searched.windows.as_deref();
    let events = searched.events.as_deref();
    let scope = opts.scope();
    if opts.dot.is_some() && scope == Scope::All && !opts.merge_transpositions && tree.len > DOT_WARN_NODES {
        super::stderr::say(format!(
            "warning: a DOT drawing of {} nodes is too large to read; --show-depth K or --show-line draws part of it",
            tree.len
        ));
    }
    let mut jobs: Vec<(&Path, Writer<'_>)> = Vec::new();
    let limit = opts.byte_budget();
    if let Some(p) = &opts.json {
        let json: Writer<'_> = Box::new(move |w| analysis::write_json(w, game, tree, searched));
        jobs.push((p, within_budget("--json", p, limit, json)));
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
        jobs.push((p, within_budget("--dot", p, limit, dot)));
    }
    if let Some(p) = &opts.html {
        let merged = opts.merge_transpositions;
        let page: Writer<'_> =
            Box::new(move |w| analysis::write_page_merged(w, game, tree, searched, scope, merged));
        jobs.push((p, within_budget("--html", p, limit, page)));
    }
    if let Some(p) = &opts.efg {
        let efg: Writer<'_> = Box::new(move |w| export::efg::write_tree(w, game, tree));
        jobs.push((p, within_budget("--efg", p, limit, efg)));
    }
    if let Some(p) = &opts.trace {
        let summary = Summary::of(game, tree, windows);
        let events = events.unwrap_or_default();
        let trace: Writer<'_> = Box::new(move |w| export::trace::write_trace(w, &summary, events));
        jobs.push((p, within_budget("--trace", p, limit, trace)));
    }
    write_jobs(jobs)
}

/// Writes every export, all or none: each file under a temporary name
/// first, then the streams (stdout, a FIFO, a device: they cannot take back
/// what they were given, so they come only once every file is whole), and
/// only then are the files renamed into place. A failure anywhere (a page
/// over its budget or the format's limits, a full disk) leaves every file as
/// it was. An error names the file.
///
/// The files are not synced one by one: the file systems holding them are
/// synced once at the end ([`sync_written`]), as the exercise batch does,
/// since one `fsync` per export cost several times the work of a small
/// tree's exports.
pub fn write_jobs(mut jobs: Vec<(&Path, Writer<'_>)>) -> std::io::Result<()> {
    jobs.sort_by_key(|(path, _)| is_stream(path));
    let mut staged = Vec::new();
    let mut written = Vec::new();
    for (path, job) in jobs {
        let done = super::output::write_staged(path, |w| job(w)).map_err(|e| {
            if is_over_budget(&e) {
                return e;
            }
            if super::output::closed_stdout(path, &e) {
                crate::runtime::signals::die_of_closed_pipe();
            }
            std::io::Error::new(e.kind(), format!("{}: {e}", path.display()))
        })?;
        staged.extend(done);
        written.push(path);
    }
    for file in staged {
        file.put_in_place()?;
    }
    sync_written(&written)
}

/// Puts the regular files among `paths` on disk: one sync of each file system
/// that holds some of them (streams, pipes and devices need none).
fn sync_written(paths: &[&Path]) -> std::io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let mut synced = Vec::new();
    for path in paths {
        let Ok(meta) = std::fs::metadata(path) else { continue };
        if !meta.is_file() || synced.contains(&meta.dev()) {
            continue;
        }
        let file = std::fs::File::open(path).or_else(|_| std::fs::File::open(super::output::folder_of(path)));
        file.and_then(|f| crate::runtime::system::sync_file_system(&f))
            .map_err(|e| std::io::Error::new(e.kind(), format!("{}: cannot sync: {e}", path.display())))?;
        synced.push(meta.dev());
    }
    Ok(())
}
