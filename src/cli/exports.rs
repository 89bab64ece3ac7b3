//! The export options shared by `analyse` and `checkers`, and writing them.

use std::path::{Path, PathBuf};

use super::failure::Failure;
use super::options::search::SearchKind;
use super::output::{Durability, Place, write_output_with};
use crate::export::{self, scope::Scope, summary::Summary};
use crate::game::Game;
use crate::search::alphabeta::{self, Pruning, Window};
use crate::search::orders::Comparison;
use crate::search::trace::Event;
use crate::search::{back_propagate_observed, back_propagate_parallel};
use crate::tree::Tree;

/// A DOT drawing of more nodes than this is unreadable; suggest a scope.
pub const DOT_WARN_NODES: usize = 2000;

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
        }
        Ok(())
    }
}

/// The values a search set in a tree, and what it recorded on the way.
pub struct Searched {
    /// Alpha-beta's window for each node, `None` under minimax.
    pub windows: Option<Vec<Option<Window>>>,
    /// The search's events, when an export needs them.
    pub events: Option<Vec<Event>>,
    /// Alpha-beta under each move order, when `--compare-orders` asked.
    pub orders: Option<Comparison>,
}

/// Sets the tree's values with `kind` (alpha-beta cutting off by `rule`),
/// recording the events when `trace`. A
/// traced minimax runs on one thread, in the order it reports; untraced, it
/// runs on every core. Either way the values come from the same code.
pub fn search<G: crate::game::Game>(
    tree: &Tree<'_, G>,
    kind: SearchKind,
    rule: Pruning,
    threads: usize,
    trace: bool,
) -> Searched {
    match kind {
        SearchKind::Minimax if trace => {
            Searched { windows: None, events: Some(minimax_events(tree)), orders: None }
        }
        SearchKind::Minimax => {
            back_propagate_parallel(tree.root, tree.len, threads);
            Searched { windows: None, events: None, orders: None }
        }
        SearchKind::Alphabeta if trace => {
            let mut events = Vec::new();
            let windows = alphabeta::run_with_rule(tree, rule, &mut events);
            Searched { windows: Some(windows), events: Some(events), orders: None }
        }
        SearchKind::Alphabeta => Searched {
            windows: Some(alphabeta::run_with_rule(tree, rule, &mut ())),
            events: None,
            orders: None,
        },
    }
}

/// The events of back-propagation over `tree`, which it records by propagating
/// the values (again, if they are set already: they come out the same).
pub fn minimax_events<G: crate::game::Game>(tree: &Tree<'_, G>) -> Vec<Event> {
    let mut events = Vec::new();
    back_propagate_observed(tree.root, &mut events);
    events
}

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
    write_files(game, tree, searched, opts).map_err(|e| Failure::output(format!("cannot write {e}")))
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
    let orders = searched.orders.as_ref();
    let scope = opts.scope();
    if opts.dot.is_some() && scope == Scope::All && tree.len > DOT_WARN_NODES {
        super::stderr::say(format!(
            "warning: a DOT drawing of {} nodes is too large to read; --show-depth K or --show-line draws part of it",
            tree.len
        ));
    }
    let mut jobs: Vec<(&Path, Writer<'_>)> = Vec::new();
    if let Some(p) = &opts.json {
        jobs.push((p, Box::new(move |w| export::json::write_tree_compared(w, game, tree, windows, orders))));
    }
    if let Some(p) = &opts.dot {
        jobs.push((p, Box::new(move |w| export::dot::write_tree(w, game, tree, windows, scope))));
    }
    if let Some(p) = &opts.html {
        let addons: Vec<_> = orders.map(|c| export::orders::view(game, tree, c)).into_iter().collect();
        jobs.push((
            p,
            Box::new(move |w| {
                let opening = export::html::Opening::Explore;
                export::html::write_page_with(w, game, tree, windows, events, scope, opening, &addons)
            }),
        ));
    }
    if let Some(p) = &opts.efg {
        jobs.push((p, Box::new(move |w| export::efg::write_tree(w, game, tree))));
    }
    if let Some(p) = &opts.trace {
        let summary = Summary::of(game, tree, windows);
        let events = events.unwrap_or_default();
        jobs.push((p, Box::new(move |w| export::trace::write_trace(w, &summary, events))));
    }
    write_jobs(jobs)
}

/// Writes each export to its file in turn; an error names the file.
///
/// Each file is still written under a temporary name and renamed only when
/// whole, but not synced on its own: the file systems holding them are synced
/// once at the end ([`sync_written`]), as the exercise batch does, since one
/// `fsync` per export cost several times the work of a small tree's exports.
pub fn write_jobs(jobs: Vec<(&Path, Writer<'_>)>) -> std::io::Result<()> {
    let mut written = Vec::new();
    for (path, job) in jobs {
        write_output_with(path, Durability::Later, |w| job(w)).map_err(|e| {
            if super::output::closed_stdout(path, &e) {
                crate::runtime::signals::die_of_closed_pipe();
            }
            std::io::Error::new(e.kind(), format!("{}: {e}", path.display()))
        })?;
        written.push(path);
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
        let file = std::fs::File::open(path).or_else(|_| std::fs::File::open(folder_of(path)));
        file.and_then(|f| crate::runtime::system::sync_file_system(&f))
            .map_err(|e| std::io::Error::new(e.kind(), format!("{}: cannot sync: {e}", path.display())))?;
        synced.push(meta.dev());
    }
    Ok(())
}

/// The folder holding `path` (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}
