//! `--depth`, `--max-nodes`, `--stats` and `--threads`: the options of every
//! command that builds a tree.

use crate::cli::failure::{Failure, Outcome};
use crate::games;
use crate::limits::{DEFAULT_MAX_NODES, Limits, MAX_TREE_NODES, default_threads};

pub use crate::request::check::{MAX_DEPTH, MAX_THREADS};

/// Options shared by every command that builds a tree.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct TreeOptions {
    #[arg(long, help = depth_help(), value_parser = super::whole::<u8>(1, MAX_DEPTH))]
    pub depth: Option<u8>,
    /// Refuse to build a tree of more nodes than this.
    #[arg(long, default_value_t = DEFAULT_MAX_NODES, value_parser = super::at_least::<u64>(1))]
    pub max_nodes: u64,
    /// Print node count, arena bytes, build time and build rate to stderr.
    #[arg(long)]
    pub stats: bool,
    /// Threads to build deep trees on (default: every core).
    #[arg(long, value_parser = super::whole::<u16>(1, MAX_THREADS))]
    pub threads: Option<u16>,
}

impl TreeOptions {
    /// A budget over what a tree can hold would be cut silently: refuse it
    /// (commands that build a tree; alpha-beta's positions are not nodes).
    pub fn check_tree_capacity(&self) -> Outcome {
        if self.max_nodes > MAX_TREE_NODES {
            return Err(Failure::usage(format!(
                "--max-nodes {}: a tree holds at most {MAX_TREE_NODES} nodes",
                self.max_nodes
            )));
        }
        Ok(())
    }

    /// The budget and threads of a build.
    pub fn build_options(&self) -> Limits {
        Limits {
            max_nodes: self.max_nodes,
            threads: self.threads.map_or_else(default_threads, usize::from),
            deadline: None,
        }
    }
}

/// `--depth`'s help: each game's own default, from the list of games.
fn depth_help() -> String {
    let defaults: Vec<String> = games::ALL.iter().map(|g| format!("{g} {}", g.default_depth())).collect();
    format!("Plies in the tree (1 to {MAX_DEPTH}); default: the game's own ({})", defaults.join(", "))
}
