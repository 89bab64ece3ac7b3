//! What a search or a build may use, and the error that says it would need more.
//!
//! A leaf module: the tree builders and the searches both read these, and it
//! reads neither.

use crate::runtime::clock::Instant;
use std::fmt;

pub mod stop;

/// A tree would have exceeded the node budget: nothing was kept of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyNodes {
    /// The budget that would have been passed, in nodes (or positions, for an
    /// implicit search).
    pub limit: u64,
    /// Set when an alpha-beta search was refused on a prediction, before trying:
    /// the positions its next ply was expected to examine.
    pub predicted: Option<u64>,
    /// Set when the memory this process may use, not the budget asked for,
    /// is what `limit` comes from: those bytes ([`nodes_within_memory`]).
    pub memory: Option<u64>,
    /// Set when a build gave up because a stop was asked for
    /// ([`stop`]: Python's Ctrl-C), not for the budget.
    pub stopped: bool,
}

impl TooManyNodes {
    /// The budget `limit` was reached while building or searching, with no
    /// prediction.
    pub fn over(limit: u64) -> TooManyNodes {
        TooManyNodes { limit, predicted: None, memory: None, stopped: false }
    }

    /// A build given up because a stop was asked for.
    pub fn stopped() -> TooManyNodes {
        TooManyNodes { stopped: true, ..TooManyNodes::over(0) }
    }

    /// The same refusal, said as the memory's when `memory` is set.
    pub fn within(self, memory: Option<u64>) -> TooManyNodes {
        TooManyNodes { memory: memory.or(self.memory), ..self }
    }

    /// What an implicit search (no tree is built) would have passed,
    /// without the advice: [`Self::what`], or, with neither a prediction nor
    /// the memory behind it, the positions it would have examined.
    pub fn searched(&self) -> String {
        match (self.stopped, self.predicted, self.memory) {
            (false, None, None) => format!("the search would examine more than {} positions", self.limit),
            _ => self.what(),
        }
    }
}

impl TooManyNodes {
    /// What would have been passed, without the advice (which names options,
    /// and so is said by the request layer in each door's words).
    pub fn what(&self) -> String {
        if self.stopped {
            return "the build was stopped before the tree was complete".to_string();
        }
        if let Some(bytes) = self.memory {
            return format!(
                "the tree would exceed {} nodes, all that fit in the {:.1} MiB this process may use ({MEMORY_LIMITS})",
                self.limit,
                bytes as f64 / f64::from(1 << 20)
            );
        }
        match self.predicted {
            None => format!("the tree would exceed the budget of {} nodes", self.limit),
            Some(p) => format!(
                "the search would examine over {p} positions (extrapolated from shallower searches), more than the budget of {}",
                self.limit
            ),
        }
    }
}

impl fmt::Display for TooManyNodes {
    /// What would have been passed; the advice names options, and so is the
    /// request layer's, in each door's words (`request::analyse::too_many`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.what())
    }
}

impl std::error::Error for TooManyNodes {}

/// The default node budget: about 1.6 GB of checkers nodes.
pub const DEFAULT_MAX_NODES: u64 = 50_000_000;

/// The most nodes an explicit tree can hold: node ids are 32-bit.
pub const MAX_TREE_NODES: u64 = u32::MAX as u64 - 1;

/// What a build or a search may use: one value for every entry point, each
/// reading the fields that concern it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Refuse to build, or give up examining, more nodes than this.
    pub max_nodes: u64,
    /// Threads to build deep trees on; 1 builds on the calling thread only.
    pub threads: usize,
    /// An implicit search gives up at this instant (checked every 4,096
    /// positions); builds ignore it.
    pub deadline: Option<Instant>,
}

impl Limits {
    /// No limit at all, on the calling thread.
    pub const NONE: Limits = Limits { max_nodes: u64::MAX, threads: 1, deadline: None };
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_nodes: DEFAULT_MAX_NODES, threads: default_threads(), deadline: None }
    }
}

/// All the cores there are, as the machine reports them.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Where the memory a budget may promise comes from, as the messages say it.
pub const MEMORY_LIMITS: &str = "half the address space `ulimit -v` leaves";

/// The bytes a budget may promise: half the address space `ulimit -v`
/// (RLIMIT_AS) leaves this process, `None` without a limit. Half, because a
/// budget counts what its tables or nodes hold and not the allocator's slack,
/// the copy of a vector being grown, or the exports written afterwards; past
/// this the allocator would fail, which ends the process. Every memory
/// budget is held to it: `solve`'s tables, a tree's nodes, an MCTS tree.
pub fn memory_ceiling() -> Option<u64> {
    crate::runtime::system::address_space_left().map(|bytes| bytes / 2)
}

/// `bytes` held to [`memory_ceiling`]: the budget, and the ceiling when it is
/// what limits it.
pub fn bytes_within_memory(bytes: u64) -> (u64, Option<u64>) {
    match memory_ceiling() {
        Some(most) if most < bytes => (most, Some(most)),
        _ => (bytes, None),
    }
}

/// A budget of `max_nodes` nodes of `node_bytes` each, held to
/// [`memory_ceiling`]: the nodes, and the bytes when memory is what limits.
pub fn nodes_within_memory(max_nodes: u64, node_bytes: u64) -> (u64, Option<u64>) {
    match memory_ceiling() {
        Some(most) if most / node_bytes.max(1) < max_nodes => (most / node_bytes.max(1), Some(most)),
        _ => (max_nodes, None),
    }
}
