//! Command-line wiring: parse arguments, open files, call the library, print.
//! No game logic lives here.

mod analyse;
mod checkers;
mod fixtures;
mod output;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use crate::search::DEFAULT_MAX_NODES;

/// Exit statuses shared by every command (documented in docs/exit-status.md).
pub mod status {
    pub const OK: u8 = 0;
    /// The protocol printed an `ERROR:` line; `fixtures`: a fixture failed.
    pub const ILLEGAL_ACTION: u8 = 1;
    /// Bad arguments, an unreadable or malformed input, a bad position.
    pub const USAGE: u8 = 2;
    /// A tree would have exceeded `--max-nodes`.
    pub const TOO_MANY_NODES: u8 = 3;
    /// An output (export file, stdout) could not be written.
    pub const OUTPUT: u8 = 4;
}

/// The deepest tree any command accepts; deeper ones are refused before building.
pub const MAX_DEPTH: u8 = 64;

#[derive(Parser, Debug)]
#[command(
    name = "gametree",
    version,
    about = "Explicit minimax trees for small board games"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum GameName {
    Checkers,
}

/// Options shared by every command that builds a tree.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct TreeOptions {
    /// Plies in the tree (1 to 64).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=MAX_DEPTH as i64))]
    depth: u8,
    /// Refuse to build a tree of more nodes than this.
    #[arg(long, default_value_t = DEFAULT_MAX_NODES, value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: u64,
    /// Print node count, arena bytes, build time and build rate to stderr.
    #[arg(long)]
    stats: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the course's checkers protocol (stages 0, 1 and 2) on INPUT or stdin.
    Checkers {
        /// Input file of actions and an optional A or P command; stdin when absent.
        input: Option<PathBuf>,
        #[command(flatten)]
        tree: TreeOptions,
        /// Also write DIR/action-N.json and DIR/action-N.dot for each computed action N.
        #[arg(long, value_name = "DIR")]
        export_trees: Option<PathBuf>,
    },
    /// Build the full tree of a position and show or export it.
    Analyse {
        game: GameName,
        /// The position in the game's notation.
        #[arg(long, required_unless_present = "moves", conflicts_with = "moves")]
        position: Option<String>,
        /// Start from the position after replaying a protocol input (checkers).
        #[arg(long, value_name = "INPUT")]
        moves: Option<PathBuf>,
        #[command(flatten)]
        tree: TreeOptions,
        /// Write the tree as JSON to FILE (`-` for stdout).
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
        /// Write the tree as Graphviz DOT to FILE (`-` for stdout).
        #[arg(long, value_name = "FILE")]
        dot: Option<PathBuf>,
    },
    /// Run every INPUT.txt in DIR that has an INPUT-out.txt through a program and
    /// compare its stdout byte for byte.
    Fixtures {
        dir: PathBuf,
        /// The program and its arguments, split at white space (default: this
        /// gametree's `checkers` command). Each input is given on stdin.
        #[arg(long, value_name = "PROGRAM ARGS")]
        cmd: Option<String>,
        /// Seconds each run may take before it is stopped and counted as failed.
        #[arg(long, default_value_t = 60)]
        timeout: u64,
    },
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Checkers {
            input,
            tree,
            export_trees,
        } => checkers::run(input.as_deref(), &tree, export_trees.as_deref()),
        Command::Analyse {
            game,
            position,
            moves,
            tree,
            json,
            dot,
        } => {
            let exports = analyse::Exports {
                json: json.as_deref(),
                dot: dot.as_deref(),
            };
            match game {
                GameName::Checkers => {
                    analyse::run_checkers(position.as_deref(), moves.as_deref(), &tree, &exports)
                }
            }
        }
        Command::Fixtures { dir, cmd, timeout } => fixtures::run(&dir, cmd.as_deref(), timeout),
    };
    ExitCode::from(code)
}
