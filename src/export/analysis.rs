//! What `analyse` writes, as every front door writes it: the command line
//! (`src/cli`), the browser (`src/web`, through `request::analyse::texts`) and
//! Python write their JSON, DOT, .efg and explorer page with these functions,
//! so that one door's bytes are the other's (a test holds the browser's JSON
//! to the command line's).

use std::io::{self, Write};

use crate::export::mcts::{Compared, Exact};
use crate::export::{self, scope::Scope};
use crate::game::Game;
use crate::search::mcts;
use crate::tree::Tree;
use crate::tree::census::Census;

/// The most iterations an MCTS trace or page records (each is four events).
pub const TRACE_MAX_ITERATIONS: u32 = 100_000;

// The search itself is the library's (search::run), which the Python module
// calls too; here for the doors that name it through this module.
pub use crate::search::run::{Asked, Search, Searched, minimax_events, search, search_tree};

/// `analyse --json`: the searched tree, with the move orders when compared,
/// and `census`, the tree's ([`census`](crate::tree::census::census), counted once by the caller for
/// every export that shows it).
pub fn write_json<G: Game>(
    out: &mut dyn Write,
    game: &G,
    tree: &Tree<'_, G>,
    s: &Searched,
    census: &Census,
) -> io::Result<()> {
    let (windows, deepening) = (s.windows.as_deref(), s.deepening.as_ref());
    export::json::write_tree_deepened(out, game, tree, windows, s.orders.as_ref(), deepening, census)
}

/// `analyse --html`: the explorer, stepping through the search when its
/// events were recorded, with the move orders' view when compared; `census`
/// as for [`write_json`].
pub fn write_page<G: Game>(
    out: &mut dyn Write,
    game: &G,
    tree: &Tree<'_, G>,
    s: &Searched,
    census: &Census,
    scope: Scope,
) -> io::Result<()> {
    write_page_merged(out, game, tree, s, census, scope, false)
}

/// [`write_page`]; `merged`: opening on the Positions graph, the tree drawn
/// as the graph of its distinct positions (`--merge-transpositions --html`).
pub fn write_page_merged<G: Game>(
    out: &mut dyn Write,
    game: &G,
    tree: &Tree<'_, G>,
    s: &Searched,
    census: &Census,
    scope: Scope,
    merged: bool,
) -> io::Result<()> {
    let mut addons: Vec<_> = s.orders.iter().map(|c| export::orders::view(game, tree, c)).collect();
    addons.extend(s.deepening.iter().map(|d| export::deepening::view(game, tree, d)));
    addons.extend(export::positions::addons(game, tree, census, scope, merged));
    let opening = export::html::Opening::Explore;
    let (windows, events) = (s.windows.as_deref(), s.events.as_deref());
    export::html::write_page_with(out, game, tree, windows, events, scope, opening, &addons)
}

/// An MCTS search with what its exports need beside the tree.
pub struct Grown<G: Game> {
    /// The search and its tree.
    pub searched: mcts::Searched<G>,
    /// Every phase of every iteration, when a trace or a page needs them.
    pub events: Vec<mcts::Event<G::Action>>,
    /// Alpha-beta beside MCTS, when `--compare` asked.
    pub compared: Option<Compared>,
}

impl<G: Game> Grown<G> {
    /// MCTS from `pos` with `settings`, recording its events when `trace`,
    /// and alpha-beta to `compare_depth` beside it when given.
    pub fn search(
        game: &G,
        pos: &G::Position,
        settings: &mcts::Settings,
        trace: bool,
        compare_depth: Option<u8>,
    ) -> Grown<G> {
        let mut events = Vec::new();
        let searched = if trace {
            mcts::search(game, pos, settings, &mut events)
        } else {
            mcts::search(game, pos, settings, &mut ())
        };
        let compared = compare_depth.map(|depth| {
            let ab = mcts::compare::alphabeta(game, pos, depth, settings.max_nodes);
            Compared::of(game, &searched, &ab)
        });
        Grown { searched, events, compared }
    }

    /// `analyse --search mcts --json`.
    pub fn write_json(&self, out: &mut dyn Write, game: &G) -> io::Result<()> {
        export::mcts::json::write_tree(out, game, &self.searched, self.compared.as_ref())
    }

    /// `analyse --search mcts --html`.
    pub fn write_page(&self, out: &mut dyn Write, game: &G) -> io::Result<()> {
        let compared = self.compared.as_ref();
        let exact = compared.and_then(|c| c.exact.clone()).or_else(|| Exact::of(game, &self.searched));
        export::mcts::html::write_page(out, game, &self.searched, &self.events, compared, exact.as_ref())
    }
}
