//! `analyse` as every front door runs it: the command line (`src/cli`) and the
//! browser (`src/web`) both search a tree here and write what `analyse` writes
//! with these functions, so that one door's JSON, DOT, .efg and explorer page
//! are the other's, byte for byte (a test holds the browser's JSON to the
//! command line's).

use std::io::{self, Write};

use crate::export::mcts::{Compared, Exact};
use crate::export::{self, scope::Scope};
use crate::game::Game;
use crate::limits::{Limits, TooManyNodes};
use crate::search::alphabeta::Pruning;
use crate::search::mcts;
use crate::tree::census::{Census, census};
use crate::tree::{Tree, TreeArena};

/// The most iterations an MCTS trace or page records (each is four events).
pub const TRACE_MAX_ITERATIONS: u32 = 100_000;

// The search itself is the library's (search::run), which the Python module
// calls too; here for the doors that name it through this module.
pub use crate::search::run::{Asked, SearchKind, Searched, TreeSearch, minimax_events, search, search_tree};

/// `analyse --json`: the searched tree, with the move orders when compared,
/// and `census`, the tree's ([`census`], counted once by the caller for
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

/// What a front door without files asks of `analyse`: one position, one
/// search, and which of the command line's exports to write.
#[derive(Clone, Debug)]
pub struct Request {
    /// Plies in the tree (the game's default when `None`); MCTS's only with `compare`.
    pub depth: Option<u8>,
    /// The node budget and threads.
    pub limits: Limits,
    /// The search.
    pub search: Search,
    /// What the DOT and the page draw.
    pub scope: Scope,
}

/// `--search` with the options that go with it.
#[derive(Clone, Copy, Debug)]
pub enum Search {
    /// Minimax or alpha-beta over the explicit tree.
    Tree {
        /// Which.
        kind: SearchKind,
        /// Alpha-beta's cut-off rule (`--no-prune-on-ties`).
        rule: Pruning,
        /// `--compare-orders`.
        compare_orders: bool,
    },
    /// Iterative deepening over the explicit tree (`--search deepening`):
    /// alpha-beta to each depth in turn with a transposition table, every
    /// iteration kept for the exports.
    Deepening {
        /// Alpha-beta's cut-off rule (`--no-prune-on-ties`).
        rule: Pruning,
        /// `--compare-orders`.
        compare_orders: bool,
    },
    /// MCTS, which grows a tree of its own.
    Mcts {
        /// Its settings (`max_nodes` among them).
        settings: mcts::Settings,
        /// `--compare`: alpha-beta beside it.
        compare: bool,
    },
}

/// Which exports to write.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wanted {
    /// `--json`.
    pub json: bool,
    /// `--dot`.
    pub dot: bool,
    /// `--html`.
    pub html: bool,
    /// `--efg` (a minimax tree's only).
    pub efg: bool,
}

/// The exports written, as text.
#[derive(Clone, Debug, Default)]
pub struct Written {
    /// The JSON document.
    pub json: Option<String>,
    /// The Graphviz drawing.
    pub dot: Option<String>,
    /// The explorer page.
    pub html: Option<String>,
    /// The Gambit game.
    pub efg: Option<String>,
    /// The tree's node count.
    pub nodes: u64,
}

/// Why an analysis was not written.
#[derive(Debug)]
pub enum Refused {
    /// The tree would pass its node budget.
    TooManyNodes(TooManyNodes),
    /// The request cannot be met as asked; the words say why.
    Asked(String),
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::TooManyNodes(e) => e.fmt(f),
            Refused::Asked(why) => f.write_str(why),
        }
    }
}

/// Builds and searches `pos`'s tree as `analyse` does (the game evaluating for
/// the side to move) and writes the exports `wanted`.
pub fn analyse<G: Game>(
    game: &G,
    pos: G::Position,
    req: &Request,
    wanted: Wanted,
) -> Result<Written, Refused> {
    let game = &game.for_machine(game.to_move(&pos));
    let text = |write: &dyn Fn(&mut dyn Write) -> io::Result<()>| -> Result<String, Refused> {
        let mut out = Vec::new();
        write(&mut out).map_err(|e| Refused::Asked(e.to_string()))?;
        String::from_utf8(out).map_err(|e| Refused::Asked(e.to_string()))
    };
    let pick =
        |on: bool, write: &dyn Fn(&mut dyn Write) -> io::Result<()>| on.then(|| text(write)).transpose();
    match req.search {
        Search::Tree { rule, compare_orders, .. } | Search::Deepening { rule, compare_orders } => {
            let depth = req.depth.unwrap_or_else(|| game.default_depth());
            let mut arena = TreeArena::new();
            let tree =
                Tree::build(&mut arena, game, pos, depth, &req.limits).map_err(Refused::TooManyNodes)?;
            let search = match req.search {
                Search::Tree { kind, .. } => kind.into(),
                _ => TreeSearch::Deepening,
            };
            let trace = wanted.html && tree.len <= export::html::TRACE_LIMIT;
            let threads = req.limits.threads;
            let keep = if wanted.html { export::deepening::keep(tree.len) } else { Default::default() };
            let asked = Asked { search, rule, compare_orders, threads, trace, keep };
            let searched = search_tree(game, &tree, &asked);
            let (s, windows) = (&searched, searched.windows.as_deref());
            // Counted once, for the JSON and the page.
            let counted = (wanted.json || wanted.html).then(|| census(game, &tree));
            let census = || counted.as_ref().expect("counted for the JSON and the page");
            Ok(Written {
                json: pick(wanted.json, &|w| write_json(w, game, &tree, s, census()))?,
                dot: pick(wanted.dot, &|w| export::dot::write_tree(w, game, &tree, windows, req.scope))?,
                html: pick(wanted.html, &|w| write_page(w, game, &tree, s, census(), req.scope))?,
                efg: pick(wanted.efg, &|w| export::efg::write_tree(w, game, &tree))?,
                nodes: tree.len as u64,
            })
        }
        Search::Mcts { settings, compare } => {
            let trace = wanted.html;
            if trace && !matches!(settings.budget, mcts::Budget::Iterations(n) if n <= TRACE_MAX_ITERATIONS) {
                return Err(Refused::Asked(format!(
                    "the page records every phase of every iteration: give {TRACE_MAX_ITERATIONS} iterations or fewer"
                )));
            }
            let compare_depth = compare.then(|| req.depth.unwrap_or_else(|| game.default_depth()));
            let grown = Grown::search(game, &pos, &settings, trace, compare_depth);
            let g = &grown;
            Ok(Written {
                json: pick(wanted.json, &|w| g.write_json(w, game))?,
                dot: pick(wanted.dot, &|w| export::mcts::dot::write_tree(w, game, &g.searched, req.scope))?,
                html: pick(wanted.html, &|w| g.write_page(w, game))?,
                efg: None,
                nodes: g.searched.tree.len() as u64,
            })
        }
    }
}
