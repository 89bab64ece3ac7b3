//! The one enum of searches: what every door asks for (`--search`,
//! `search=`, the page's `search` field), what a built tree is searched with,
//! and what an exercise's students run by hand.

/// Which search sets a tree's values, or grows one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Search {
    /// Plain minimax over the whole explicit tree.
    #[default]
    Minimax,
    /// Alpha-beta: same value and decision, fewer nodes visited.
    Alphabeta,
    /// Alpha-beta deepened one ply at a time to the depth, with a
    /// transposition table and the previous line searched first: each
    /// iteration's nodes, time, decision, value and line.
    Deepening,
    /// Monte Carlo tree search (UCT): a tree grown one node per iteration,
    /// each scored by a playout.
    Mcts,
}

impl Search {
    /// Every search, in the order the doors list them.
    pub const ALL: [Search; 4] = [Search::Minimax, Search::Alphabeta, Search::Deepening, Search::Mcts];

    /// Its name in every door.
    pub fn name(self) -> &'static str {
        match self {
            Search::Minimax => "minimax",
            Search::Alphabeta => "alphabeta",
            Search::Deepening => "deepening",
            Search::Mcts => "mcts",
        }
    }

    /// The search named `name`.
    pub fn named(name: &str) -> Option<Search> {
        Search::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Whether it searches an explicit tree built to a depth (MCTS grows its own).
    pub fn builds_tree(self) -> bool {
        self != Search::Mcts
    }

    /// Whether alpha-beta's cut-offs are in it (its rule and windows apply).
    pub fn prunes(self) -> bool {
        matches!(self, Search::Alphabeta | Search::Deepening)
    }

    /// The search whose windows and events a built tree's search leaves:
    /// minimax's, or alpha-beta's (deepening's last iteration is an
    /// alpha-beta search; MCTS, which grows a tree of its own, never asks).
    pub fn of_tree(self) -> Search {
        if self == Search::Minimax { Search::Minimax } else { Search::Alphabeta }
    }
}
