//! Setting a built tree's values with the search a front door asks for, and
//! keeping what that search recorded for the exports: the command line's
//! `analyse`, `explore` and `checkers --export-trees`, the browser's
//! `analyse` (`export::analysis`) and the Python module all call
//! [`search_tree`], so their exports are the same byte for byte and each
//! search (iterative deepening among them) is run from one place.

use super::alphabeta::{self, Pruning, Window};
use super::deepening::{self, Deepened};
use super::orders::{self, Comparison};
use super::trace::Event;
use super::{back_propagate_observed, back_propagate_parallel};
use crate::game::Game;
use crate::tree::Tree;

pub use super::kind::Search;

/// What a front door asks of the search of a built tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asked {
    /// Which search.
    pub search: Search,
    /// Alpha-beta's cut-off rule (`--no-prune-on-ties`).
    pub rule: Pruning,
    /// Alpha-beta under each move order beside it (`--compare-orders`).
    pub compare_orders: bool,
    /// Threads an untraced minimax may take.
    pub threads: usize,
    /// Record the search's events (for a page or a trace; deepening keeps
    /// its iterations instead and records none).
    pub trace: bool,
    /// What deepening's iterations and the move orders' searches keep for
    /// drawing (`every_node` for the orders too); the exports say what a
    /// page draws (`export::deepening::keep`). Nothing by default.
    pub keep: deepening::Keep,
}

/// Sets `tree`'s values as `asked`, and keeps what the exports need: the
/// one door every front door searches a built tree through.
pub fn search_tree<G: Game>(game: &G, tree: &Tree<'_, G>, asked: &Asked) -> Searched {
    let mut searched = match asked.search {
        Search::Deepening => deepen(game, tree, asked.rule, asked.keep),
        other => search(tree, other.of_tree(), asked.rule, asked.threads, asked.trace),
    };
    if asked.compare_orders {
        searched.orders = Some(orders::compare(game, tree, asked.rule, asked.keep.every_node));
    }
    searched
}

/// The values a search set in a tree, and what it recorded on the way.
pub struct Searched {
    /// Alpha-beta's window for each node, `None` under minimax.
    pub windows: Option<Vec<Option<Window>>>,
    /// The search's events, when an export needs them.
    pub events: Option<Vec<Event>>,
    /// Alpha-beta under each move order, when `--compare-orders` asked.
    pub orders: Option<Comparison>,
    /// Each iteration of `--search deepening`, whose last set the values.
    pub deepening: Option<Deepened>,
}

/// Sets the tree's values with `kind` (alpha-beta cutting off by `rule`),
/// recording the events when `trace`. A
/// traced minimax runs on one thread, in the order it reports; untraced, it
/// runs on every core. Either way the values come from the same code.
pub fn search<G: Game>(
    tree: &Tree<'_, G>,
    kind: Search,
    rule: Pruning,
    threads: usize,
    trace: bool,
) -> Searched {
    match kind {
        Search::Minimax if trace => {
            Searched { windows: None, events: Some(minimax_events(tree)), orders: None, deepening: None }
        }
        Search::Minimax => {
            back_propagate_parallel(tree.root, tree.len, threads);
            Searched { windows: None, events: None, orders: None, deepening: None }
        }
        Search::Alphabeta if trace => {
            let mut events = Vec::new();
            let windows = alphabeta::run_with_rule(tree, rule, &mut events);
            Searched { windows: Some(windows), events: Some(events), orders: None, deepening: None }
        }
        Search::Alphabeta | Search::Deepening | Search::Mcts => Searched {
            windows: Some(alphabeta::run_with_rule(tree, rule, &mut ())),
            events: None,
            orders: None,
            deepening: None,
        },
    }
}

/// The events of back-propagation over `tree`, which it records by propagating
/// the values (again, if they are set already: they come out the same).
pub fn minimax_events<G: Game>(tree: &Tree<'_, G>) -> Vec<Event> {
    let mut events = Vec::new();
    back_propagate_observed(tree.root, &mut events);
    events
}

/// Sets the tree's values by iterative deepening (alpha-beta to each depth in
/// turn with a transposition table, [`deepening::run`]), keeping every
/// iteration for the exports, with what `keep` asks. Its windows are the last
/// iteration's; it records no events (each iteration is in
/// [`Searched::deepening`] instead).
pub fn deepen<G: Game>(game: &G, tree: &Tree<'_, G>, rule: Pruning, keep: deepening::Keep) -> Searched {
    let (deepened, windows) = deepening::run(game, tree, rule, keep);
    Searched { windows: Some(windows), events: None, orders: None, deepening: Some(deepened) }
}
