//! Monte Carlo tree search with UCT (Kocsis and Szepesvári, 2006) on an
//! explicit tree: each iteration selects a path from the root by UCT, expands
//! one new node (the next untried action, in the game's order), plays a game
//! out from it, and adds the result to every node on the path. Optionally,
//! proven results are propagated (MCTS-Solver, Winands et al., 2008).
//!
//! Single-threaded and seeded: the same settings give the same tree, node for
//! node. `docs/mcts.md` gives the formula, the tie rules and the rewards.

pub mod compare;
pub mod events;
pub mod rollout;
mod run;
pub mod uct;

use std::time::Duration;

use crate::game::Game;
use crate::tree::mcts::McTree;
pub use events::{Event, Observer};
pub use rollout::Rollout;
pub use uct::{Because, Terms};

/// The seed when none is given, so that a run can be repeated.
pub const DEFAULT_SEED: u64 = 1;
/// Iterations when neither a count nor a time is given.
pub const DEFAULT_ITERATIONS: u32 = 10_000;
/// The most iterations a search makes (rewards are kept in 32 bits of half points).
pub const MAX_ITERATIONS: u32 = i32::MAX as u32;
/// A playout longer than this is stopped and scored a draw (checkers can
/// go on for ever).
pub const ROLLOUT_PLIES: u32 = 1_000;
/// UCT's exploration constant when none is given: √2, the constant of UCB1
/// for rewards in [0, 1].
pub const DEFAULT_C: f64 = std::f64::consts::SQRT_2;

/// How long the search runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// This many iterations (the tree is then the same on every machine).
    Iterations(u32),
    /// As many iterations as fit in this time.
    Time(Duration),
}

/// Everything that decides what the search does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Iterations or time.
    pub budget: Budget,
    /// The seed of the playouts' random draws.
    pub seed: u64,
    /// UCT's exploration constant.
    pub c: f64,
    /// How a playout chooses its moves.
    pub rollout: Rollout,
    /// Propagate proven wins, losses and draws (MCTS-Solver).
    pub solver: bool,
    /// The most nodes the tree may hold; the search stops before passing it.
    pub max_nodes: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            budget: Budget::Iterations(DEFAULT_ITERATIONS),
            seed: DEFAULT_SEED,
            c: DEFAULT_C,
            rollout: Rollout::Random,
            solver: false,
            max_nodes: crate::limits::DEFAULT_MAX_NODES,
        }
    }
}

impl Settings {
    /// The settings in one line, as every export gives them.
    pub fn words(&self) -> String {
        let budget = match self.budget {
            Budget::Iterations(n) => format!("{n} iterations"),
            Budget::Time(t) => format!("{} ms", t.as_millis()),
        };
        // The default as people write it; any other c as it was given (Rust
        // prints the shortest text that reads back as the same number).
        let c = if self.c == DEFAULT_C { "√2 ≈ 1.414".to_string() } else { self.c.to_string() };
        format!(
            "MCTS (UCT), {budget}, c = {c}, seed {}, {} rollouts, solver {}, at most {} nodes",
            self.seed,
            self.rollout.name(),
            if self.solver { "on" } else { "off" },
            self.max_nodes
        )
    }
}

/// `max_nodes` held to the memory this process may use, and the bytes when
/// they are what limits it: the nodes are one vector, which while it doubles
/// holds its old and new blocks at once, so each node kept counts three times.
pub fn node_budget<G: Game>(max_nodes: u64) -> (u64, Option<u64>) {
    let node = std::mem::size_of::<crate::tree::mcts::McGameNode<G>>() as u64;
    crate::limits::nodes_within_memory(max_nodes, 3 * node)
}

/// Why the search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// It made every iteration asked for, or used its time.
    Finished,
    /// The root's result was proven (MCTS-Solver): no iteration can change it.
    Proven,
    /// The next expansion would have passed the node budget.
    Budget,
    /// A stop was asked for from outside (a person's Ctrl-C in play).
    Asked,
}

impl End {
    /// The name in exports.
    pub fn name(self) -> &'static str {
        match self {
            End::Finished => "finished",
            End::Proven => "proven",
            End::Budget => "max-nodes",
            End::Asked => "stopped",
        }
    }
}

/// A finished search: its tree, its settings, and how it went.
pub struct Searched<G: Game> {
    /// The nodes, in expansion order.
    pub tree: McTree<G>,
    /// What the search was asked to do.
    pub settings: Settings,
    /// Iterations made (the root's visits).
    pub iterations: u32,
    /// Why it stopped.
    pub end: End,
    /// How long it took.
    pub time: Duration,
}

impl<G: Game> Searched<G> {
    /// The root's chosen child and why; `None` when the side to move cannot act.
    pub fn decision(&self) -> Option<(u32, Because)> {
        uct::decision(&self.tree, 0, self.settings.solver)
    }

    /// The line the search expects, node by node (see [`uct::line`]).
    pub fn line(&self) -> Vec<u32> {
        uct::line(&self.tree, self.settings.solver)
    }
}

/// Runs the search from `pos`, telling `observer` every phase of every
/// iteration.
///
/// ```
/// use gametree::game::prelude::*;
/// use gametree::games::tictactoe::TicTacToe;
/// use gametree::search::mcts::{self, Budget, Settings};
///
/// let game = TicTacToe;
/// let pos = game.parse_position("xx.oo.... x").unwrap();
/// let settings = Settings { budget: Budget::Iterations(2000), ..Settings::default() };
/// let searched = mcts::search(&game, &pos, &settings, &mut ());
/// let (child, _) = searched.decision().unwrap();
/// assert_eq!(game.format_action(searched.tree.node(child).action.unwrap()), "c1");
/// assert_eq!(searched.tree.node(0).visits(), 2000);
/// ```
pub fn search<G: Game>(
    game: &G,
    pos: &G::Position,
    settings: &Settings,
    observer: &mut impl Observer<G::Action>,
) -> Searched<G> {
    run::run(game, pos, settings, observer)
}
