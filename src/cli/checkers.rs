//! `gametree checkers`: the course protocol, with optional tree exports.

use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use super::exports::{self, ExportOptions, Searched};
use super::failure::{Failure, Kind, Outcome};
use super::lines::{STDIO, input_name, is_stdio};
use super::options::tree::TreeOptions;
use super::output::print_stats;
use crate::export::scope::Scope;
use crate::game::Evaluation;
use crate::games::checkers::Checkers;
use crate::protocol::{self, Ending, Options};
use crate::request::Opt;
use crate::request::plan::OutputPlan;
use crate::search::alphabeta::Pruning;
use crate::search::run::{Asked, Search, search_tree};
use crate::tree::prepare_build;

/// `gametree checkers`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Input file of actions and an optional A or P command; stdin when absent or `-`.
    input: Option<PathBuf>,
    #[command(flatten)]
    tree: TreeOptions,
    /// Also write DIR/action-N.json, .dot and .html (the explorer) for each
    /// computed action N.
    #[arg(long, value_name = "DIR")]
    export_trees: Option<PathBuf>,
    /// With --export-trees: draw levels 0 to K only in the DOT and HTML files.
    #[arg(long, value_name = "K", conflicts_with = "show_line", requires = "export_trees")]
    show_depth: Option<u8>,
    /// With --export-trees: draw the line of best play and its alternatives only.
    #[arg(long, requires = "export_trees")]
    show_line: bool,
    /// With --export-trees: the search whose values the exports show (the
    /// protocol's own choice is minimax's, which alpha-beta's always equals).
    #[arg(long, default_value = "minimax", value_parser = super::options::search::by_hand(), requires = "export_trees")]
    search: Search,
}

impl Args {
    pub fn run(self) -> Outcome {
        prepare_build(self.tree.depth.unwrap_or_else(default_depth), &self.tree.build_options());
        let scope =
            ExportOptions { show_depth: self.show_depth, show_line: self.show_line, ..Default::default() }
                .scope();
        run(self.input.as_deref(), &self.tree, self.export_trees.as_deref(), scope, self.search)
    }
}

/// A protocol input: the file, or standard input when there is none or it is `-`.
pub fn open_input(input: Option<&Path>) -> Result<(Box<dyn BufRead>, String), Failure> {
    match input.filter(|p| !is_stdio(p)) {
        None => Ok((Box::new(BufReader::new(io::stdin().lock())), input_name(Path::new(STDIO)))),
        Some(path) => match File::open(path) {
            Ok(f) => Ok((Box::new(BufReader::new(f)), path.display().to_string())),
            Err(e) => Err(Failure::usage(format!("cannot read {}: {e}", path.display()))),
        },
    }
}

fn run(
    input: Option<&Path>,
    tree: &TreeOptions,
    export_dir: Option<&Path>,
    scope: Scope,
    search: Search,
) -> Outcome {
    tree.check_tree_capacity()?;
    // An input among the files the exports write would be replaced while
    // it is read.
    if let Some(dir) = export_dir {
        let mut plan = OutputPlan::new();
        plan.input(None, input.unwrap_or(Path::new(STDIO)));
        plan.check_folder(Opt::ExportTrees, dir, is_action_export).map_err(Failure::from)?;
    }
    let (reader, name) = open_input(input)?;
    if let Some(dir) = export_dir
        && let Err(e) = fs::create_dir_all(dir)
    {
        return Err(Failure::output(format!("cannot create {}: {e}", dir.display())));
    }
    let opts = Options { depth: tree.depth.unwrap_or_else(default_depth), build: tree.build_options() };
    let mut out = BufWriter::new(super::output::stdout());
    let mut on_tree = |number: usize, t: &crate::tree::Tree<'_, Checkers>, built| {
        if tree.stats {
            print_stats(&format!("action {number}: "), t, built);
        }
        if let Some(dir) = export_dir {
            // The protocol has set minimax's values already; the page's
            // step-through replays back-propagation, recorded by propagating
            // once more. Alpha-beta searches the tree again, and its root value
            // and decision are minimax's, so the protocol's choice stands.
            let exports = ExportOptions::for_action(dir, number, scope);
            let trace = exports::wants_trace(&exports, t.len);
            let searched = match search {
                Search::Minimax => Searched {
                    windows: None,
                    events: trace.then(|| exports::minimax_events(t)),
                    orders: None,
                    deepening: None,
                },
                Search::Alphabeta | Search::Deepening | Search::Mcts => {
                    let search = Search::Alphabeta;
                    let asked = Asked {
                        search,
                        rule: Pruning::default(),
                        compare_orders: false,
                        threads: 1,
                        trace,
                        keep: Default::default(),
                    };
                    search_tree(&Checkers, t, &asked)
                }
            };
            exports::write_files(&Checkers, t, &searched, None, &exports)?;
        }
        Ok(())
    };
    let ending = protocol::run(reader, &mut out, &opts, &mut on_tree);
    // Whatever happened, what was printed so far must reach stdout before stderr speaks.
    let flushed = out.flush();
    let ending = match (ending, flushed) {
        (Ok(e), Ok(())) => e,
        (Err(e), _) if exports::is_over_budget(&e) => return Err(Failure::budget(e)),
        (Err(e), _) | (_, Err(e)) => return Err(Failure::output(e)),
    };
    match ending {
        Ending::Finished => Ok(()),
        // The protocol's own `ERROR:` line has said it.
        Ending::IllegalAction => Err(Failure::quiet(Kind::Refused)),
        Ending::Malformed { line, text } => {
            Err(Failure::usage(format!("{name}:{line}: {}", protocol::malformed_message(&text))))
        }
        Ending::TooManyNodes { action_number, error } => Err(Failure::budget(format!(
            "action {action_number}: {}",
            crate::request::analyse::too_many(&error).in_door(crate::request::Door::Cli)
        ))),
        Ending::Unreadable { line, message } => {
            Err(Failure::usage(format!("{name}: cannot read past line {line}: {message}")))
        }
    }
}

/// The protocol's depth when none is given: checkers' own.
fn default_depth() -> u8 {
    Checkers.default_depth()
}

/// Whether `name` is one of the files `--export-trees` writes: `action-N.json`,
/// `.dot` or `.html`.
fn is_action_export(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("action-") else { return false };
    let Some((number, ext)) = rest.split_once('.') else { return false };
    !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) && matches!(ext, "json" | "dot" | "html")
}
