//! The result of an `analyse` a door keeps: a searched tree of any game
//! behind one object-safe trait, so that a door (Python's `Tree`) need not
//! know which game (or which kind of search) it holds: the minimax tree that
//! minimax, alpha-beta or deepening searched, or the tree MCTS grew. It owns
//! everything it was built from, and frees it when dropped. Its nodes and
//! facts are named as the JSON names them; its exports are the command line's
//! writers, each held to a byte budget.

use std::io;

use crate::exercise::board::Board;
use crate::export::budget::{self, Capped, Export};
use crate::export::mcts::{Exact, dot as mcts_dot, html as mcts_html, json as mcts_json};
use crate::export::names::Names;
use crate::export::scope::Scope;
use crate::export::sketch::{self, Drawn, Sketchable};
use crate::export::summary::Summary;
use crate::export::{analysis, dot, efg};
use crate::game::Player;
use crate::game::prelude::*;
use crate::search::alphabeta::Window;
use crate::search::mcts::{Event, Searched as MctsSearched};
use crate::search::run::Searched;
use crate::search::trace::WindowEnd;
use crate::tree::census::{Census, census};
use crate::tree::{Bound, GameNode};

use super::analyse::{Analyse, TRACE_MAX_ITERATIONS, too_many};
use super::check;
use super::option::Opt;
use super::refusal::Refusal;
use super::search::Search;
use crate::export::html::TRACE_LIMIT;
use crate::search::mcts;
use crate::search::run::search_tree;
use crate::tree::OwnedTree;
use crate::words;

/// What a `Tree` says of itself before its nodes.
pub struct Facts {
    /// The game's name.
    pub game: &'static str,
    /// The root position in the game's notation.
    pub position: String,
    /// The side to move at the root.
    pub to_move: &'static str,
    /// `minimax`, `alphabeta`, `deepening` or `mcts`.
    pub search: &'static str,
    /// Plies in the tree.
    pub depth: u32,
    /// The action chosen at the root.
    pub decision: Option<String>,
    /// The root's value: a game value, or MCTS's mean reward for the side to move.
    pub value: Value,
    /// The line of best play.
    pub line: Vec<String>,
    /// One line: game, position, search, size and decision.
    pub title: String,
}

/// A node's value: the game's integer, or MCTS's mean reward.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// A minimax value.
    Int(i32),
    /// MCTS's mean reward.
    Mean(f64),
}

/// One node, as a door reads it (the JSON's fields).
pub struct NodeFacts {
    /// Its id: construction order.
    pub id: u32,
    /// Its parent's id (none for the root).
    pub parent: Option<u32>,
    /// Its children's ids.
    pub children: Vec<u32>,
    /// Plies below the root.
    pub depth: u32,
    /// The action that led to it.
    pub action: Option<String>,
    /// Its name, as every view of the tree gives it (`export::names`).
    pub name: String,
    /// Its position in the game's notation.
    pub position: String,
    /// The side to move there.
    pub to_move: &'static str,
    /// Its board, a text row each.
    pub board: Vec<String>,
    /// `None` for a node alpha-beta skipped.
    pub value: Option<Value>,
    /// The window it was searched with: alpha.
    pub alpha: Option<WindowEnd>,
    /// And beta.
    pub beta: Option<WindowEnd>,
    /// Whether alpha-beta skipped it.
    pub pruned: bool,
    /// MCTS: the node's visits (N).
    pub visits: Option<u32>,
}

/// A searched tree of some game.
pub trait Analysed: Send + Sync {
    /// Its nodes.
    fn len(&self) -> usize;
    /// Whether it has no node (never: the root is one).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// What it says of itself before its nodes.
    fn facts(&self) -> Facts;
    /// The node `id`, which is below [`Self::len`].
    fn node(&self, id: u32) -> NodeFacts;
    /// The nodes every node of which a whole-tree export writes, for the
    /// byte budget's check before it is built: a minimax tree's (an MCTS
    /// tree's exports are held to the budget as they are written).
    fn whole_nodes(&self) -> Option<u64>;
    /// The JSON, held to `limit` bytes (each export: [`written`]).
    fn json(&self, limit: u64) -> io::Result<Vec<u8>>;
    /// The Graphviz drawing of `scope`.
    fn dot(&self, scope: Scope, limit: u64) -> io::Result<Vec<u8>>;
    /// The Gambit game (a minimax tree's only: a [`Refusal`] inside the error otherwise).
    fn efg(&self, limit: u64) -> io::Result<Vec<u8>>;
    /// The explorer page of `scope`.
    fn html(&self, scope: Scope, limit: u64) -> io::Result<Vec<u8>>;
    /// A still drawing of the tree, its first levels and its line of best
    /// play, as SVG (`export::sketch`): what a notebook shows where the
    /// explorer's script cannot run.
    fn sketch(&self) -> String;
    /// `--search deepening`: the JSON's `deepening` object (each iteration's
    /// depth, nodes, time, decision, value, line and effective branching
    /// factor, and the chart's counts), written by the JSON's own writer.
    fn deepening(&self) -> Option<serde_json::Value>;
}

/// An export written into memory, at most `limit` bytes of it, its room
/// asked for with `try_reserve` (the library's `Capped`): past the budget is
/// an error (`is_over_budget`), and so is memory the allocator cannot give,
/// rather than an abort of the interpreter.
pub fn written(limit: u64, job: impl FnOnce(&mut Capped) -> io::Result<()>) -> io::Result<Vec<u8>> {
    let mut out = Capped::new(limit);
    job(&mut out)?;
    Ok(out.bytes)
}

/// An export of a kept tree, as a door asks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// The JSON document.
    Json,
    /// The Graphviz drawing of this scope.
    Dot(Scope),
    /// The Gambit game.
    Efg,
    /// The explorer page of this scope.
    Html(Scope),
}

/// Why an export of a kept tree was not written.
#[derive(Debug)]
pub enum NotWritten {
    /// A budget or a rule refused it: said in the door's words.
    Refused(Refusal),
    /// The allocator could not give the memory it needed, said.
    OutOfMemory(String),
    /// Anything else, said.
    Failed(String),
}

impl dyn Analysed {
    /// The export `asked` for, `named` as the door calls it, within
    /// `max_bytes` (the table's default unless given): refused from the node
    /// count before anything is built when it cannot fit (the command line's
    /// check), stopped at the first byte past it otherwise.
    pub fn export(&self, asked: Asked, named: &str, max_bytes: Option<i64>) -> Result<String, NotWritten> {
        let limit = super::budget::max_bytes(max_bytes).map_err(NotWritten::Refused)?;
        let (export, whole) = match asked {
            Asked::Json => (Export::Json, true),
            Asked::Dot(scope) => (Export::Dot, scope == Scope::All),
            Asked::Efg => (Export::Efg, true),
            Asked::Html(scope) => (Export::Page, scope == Scope::All),
        };
        if let Some(nodes) = self.whole_nodes().filter(|_| whole) {
            budget::check(export, named, nodes, limit).map_err(NotWritten::Refused)?;
        }
        let written = match asked {
            Asked::Json => self.json(limit),
            Asked::Dot(scope) => self.dot(scope, limit),
            Asked::Efg => self.efg(limit),
            Asked::Html(scope) => self.html(scope, limit),
        };
        let bytes = written.map_err(|e| {
            if budget::is_over_budget(&e) {
                NotWritten::Refused(budget::passed(named, limit))
            } else if e.kind() == io::ErrorKind::OutOfMemory {
                NotWritten::OutOfMemory(format!("{named}: out of memory ({e})"))
            } else if let Some(r) = e.get_ref().and_then(|r| r.downcast_ref::<Refusal>()) {
                NotWritten::Refused(r.clone())
            } else {
                NotWritten::Failed(e.to_string())
            }
        })?;
        String::from_utf8(bytes).map_err(|e| NotWritten::Failed(e.to_string()))
    }
}

/// A minimax tree, searched by minimax or alpha-beta.
pub struct MinimaxTree<G: Game> {
    game: G,
    tree: OwnedTree<G>,
    searched: Searched,
    /// Each node by id, and its parent's id: made the first time a node is asked for.
    index: std::sync::OnceLock<Index>,
    /// The tree's census, which the JSON and the page show: counted the first
    /// time one is asked for, and kept.
    census: std::sync::OnceLock<Census>,
    /// How its nodes are named: decided the first time a node is asked for.
    names: std::sync::OnceLock<Names>,
}

/// How to reach a node by its id: six bytes a node, since a tree that owns its
/// arena cannot also keep references into it.
struct Index {
    /// Each node's parent (the root's is unused).
    parent: Vec<u32>,
    /// Each node's place among its parent's children.
    place: Vec<u16>,
}

impl<G: Game> MinimaxTree<G> {
    fn windows(&self) -> Option<&[Option<Window>]> {
        self.searched.windows.as_deref()
    }

    fn census(&self) -> &Census {
        self.census.get_or_init(|| census(&self.game, &self.tree.tree()))
    }

    fn index(&self) -> &Index {
        self.index.get_or_init(|| {
            let tree = self.tree.tree();
            let mut parent = vec![u32::MAX; tree.len];
            let mut place = vec![0u16; tree.len];
            tree.walk(|n, p| {
                if let Some(p) = p {
                    parent[n.id() as usize] = p;
                }
            });
            tree.walk(|n, _| {
                for (i, c) in n.children().iter().enumerate() {
                    place[c.id() as usize] = i as u16;
                }
            });
            Index { parent, place }
        })
    }

    /// The node `id`, reached from the root by its path of places.
    fn find(&self, id: u32) -> &GameNode<G> {
        let index = self.index();
        let mut path = Vec::new();
        let mut at = id;
        while at != 0 {
            path.push(index.place[at as usize]);
            at = index.parent[at as usize];
        }
        let mut node = self.tree.tree().root;
        for &i in path.iter().rev() {
            node = &node.children()[usize::from(i)];
        }
        node
    }
}

impl<G: Game + Send> Analysed for MinimaxTree<G> {
    fn len(&self) -> usize {
        self.tree.tree().len
    }

    fn facts(&self) -> Facts {
        let mut s = Summary::of(&self.game, &self.tree.tree(), self.windows());
        // The JSON names deepening by its last iteration, an alpha-beta
        // search; Python names it as it was asked for.
        if self.searched.deepening.is_some() {
            s.search = "deepening";
        }
        Facts {
            game: s.game,
            position: s.position.clone(),
            to_move: s.to_move,
            search: s.search,
            depth: u32::from(s.depth),
            decision: s.decision.clone(),
            value: Value::Int(s.value),
            line: s.line.clone(),
            title: s.title(),
        }
    }

    fn node(&self, id: u32) -> NodeFacts {
        let game = &self.game;
        let node = self.find(id);
        let pos = node.position(game);
        let window = self.windows().and_then(|w| w[id as usize]);
        let parent = self.index().parent[id as usize];
        let action = node.action.map(|a| game.format_action(a));
        let names = self.names.get_or_init(|| Names::of(game, &self.tree.tree()));
        NodeFacts {
            id,
            parent: (id != 0).then_some(parent),
            children: node.children().iter().map(|c| c.id()).collect(),
            depth: u32::from(node.depth),
            name: names.name(id, action.as_deref()),
            action,
            position: game.format_position(&pos),
            to_move: game.player_name(game.to_move(&pos)),
            board: game.picture().rows(&game.cells(&pos)),
            value: (!node.pruned()).then(|| Value::Int(node.value())),
            alpha: window.map(|w| w.alpha),
            beta: window.map(|w| w.beta),
            pruned: node.pruned(),
            visits: None,
        }
    }

    // The command line's own writers (export::analysis), so that the census,
    // the transpositions' marks and any view a search adds reach Python too.
    fn whole_nodes(&self) -> Option<u64> {
        Some(self.tree.tree().len as u64)
    }

    fn json(&self, limit: u64) -> io::Result<Vec<u8>> {
        written(limit, |w| {
            analysis::write_json(w, &self.game, &self.tree.tree(), &self.searched, self.census())
        })
    }

    fn dot(&self, scope: Scope, limit: u64) -> io::Result<Vec<u8>> {
        written(limit, |w| dot::write_tree(w, &self.game, &self.tree.tree(), self.windows(), scope))
    }

    fn efg(&self, limit: u64) -> io::Result<Vec<u8>> {
        written(limit, |w| efg::write_tree(w, &self.game, &self.tree.tree()))
    }

    fn html(&self, scope: Scope, limit: u64) -> io::Result<Vec<u8>> {
        written(limit, |w| {
            analysis::write_page(w, &self.game, &self.tree.tree(), &self.searched, self.census(), scope)
        })
    }

    fn sketch(&self) -> String {
        let facts = self.facts();
        sketch::svg(self, &heading(&facts), board(&self.game, &self.tree.tree().root_position), &facts.line)
    }

    fn deepening(&self) -> Option<serde_json::Value> {
        self.searched
            .deepening
            .as_ref()
            .map(|d| crate::export::deepening::json(&self.game, &self.tree.tree(), d))
    }
}

/// A tree MCTS grew, with every phase of every iteration when they were kept.
pub struct MctsTree<G: Game> {
    game: G,
    searched: MctsSearched<G>,
    events: Option<Vec<Event<G::Action>>>,
    /// Alpha-beta beside MCTS, when `compare` asked.
    compared: Option<crate::export::mcts::Compared>,
    /// How its nodes are named: decided the first time a node is asked for.
    names: std::sync::OnceLock<Names>,
}

impl<G: Game + Send> Analysed for MctsTree<G>
where
    G::Action: Send + Sync,
{
    fn len(&self) -> usize {
        self.searched.tree.len()
    }

    fn facts(&self) -> Facts {
        let h = crate::export::mcts::Header::of(&self.game, &self.searched);
        let tree = &self.searched.tree;
        Facts {
            game: h.game,
            position: h.position.clone(),
            to_move: h.to_move,
            search: "mcts",
            depth: tree.nodes().iter().map(|n| u32::from(n.depth())).max().unwrap_or(0),
            decision: h.decision.clone(),
            value: Value::Mean(h.value),
            line: h.line.clone(),
            title: h.title(),
        }
    }

    fn node(&self, id: u32) -> NodeFacts {
        let game = &self.game;
        let tree = &self.searched.tree;
        let node = tree.node(id);
        let pos = node.position(game);
        let action = node.action.map(|a| game.format_action(a));
        let names = self.names.get_or_init(|| {
            let moves: Vec<String> =
                tree.nodes().iter().filter_map(|n| n.action.map(|a| game.format_action(a))).collect();
            Names::of_moves(moves.iter().map(String::as_str))
        });
        NodeFacts {
            id,
            parent: tree.parent(id),
            children: tree.children(id).collect(),
            depth: u32::from(node.depth()),
            name: names.name(id, action.as_deref()),
            action,
            position: game.format_position(&pos),
            to_move: game.player_name(game.to_move(&pos)),
            board: game.picture().rows(&game.cells(&pos)),
            value: Some(Value::Mean(node.mean())),
            alpha: None,
            beta: None,
            pruned: false,
            visits: Some(node.visits()),
        }
    }

    fn whole_nodes(&self) -> Option<u64> {
        None
    }

    fn json(&self, limit: u64) -> io::Result<Vec<u8>> {
        written(limit, |w| mcts_json::write_tree(w, &self.game, &self.searched, self.compared.as_ref()))
    }

    fn dot(&self, scope: Scope, limit: u64) -> io::Result<Vec<u8>> {
        written(limit, |w| mcts_dot::write_tree(w, &self.game, &self.searched, scope))
    }

    fn efg(&self, _limit: u64) -> io::Result<Vec<u8>> {
        let refusal = Refusal::usage(
            Opt::Efg,
            words![
                Opt::Efg,
                " writes a game whose payoffs are minimax values; an MCTS tree has only playout averages (docs/mcts.md)"
            ],
        );
        Err(io::Error::other(refusal))
    }

    fn html(&self, _scope: Scope, limit: u64) -> io::Result<Vec<u8>> {
        let Some(events) = &self.events else {
            let refusal = Refusal::usage(
                Opt::Html,
                words![
                    Opt::Html,
                    " records every phase of every iteration: give ",
                    super::refusal::Word::set(Opt::Iterations, TRACE_MAX_ITERATIONS),
                    " or fewer"
                ],
            );
            return Err(io::Error::other(refusal));
        };
        let compared = self.compared.as_ref();
        let exact = compared.and_then(|c| c.exact.clone()).or_else(|| Exact::of(&self.game, &self.searched));
        written(limit, |w| {
            mcts_html::write_page(w, &self.game, &self.searched, events, compared, exact.as_ref())
        })
    }

    fn sketch(&self) -> String {
        let facts = self.facts();
        let root = self.searched.tree.node(0).position(&self.game);
        sketch::svg(self, &heading(&facts), board(&self.game, &root), &facts.line)
    }

    fn deepening(&self) -> Option<serde_json::Value> {
        None
    }
}

/// A sketch's title: one line short enough for its page (the explorer's
/// title says the rest).
fn heading(facts: &Facts) -> String {
    let value = match facts.value {
        Value::Int(v) => v.to_string(),
        Value::Mean(m) => format!("{m:.3}"),
    };
    let decision = facts.decision.as_deref().unwrap_or("none");
    format!("{}, {}: decision {decision}, value {value}", facts.game, facts.search)
}

/// The root position's board, drawn beside a sketch's title, for a game that
/// has one (a textbook tree has none).
fn board<G: Game>(game: &G, pos: &G::Position) -> Option<Board> {
    let picture = game.picture();
    (!picture.points.is_empty()).then(|| Board { cells: game.cells(pos).chars().collect(), picture })
}

impl<G: Game + Send> Sketchable for MinimaxTree<G> {
    fn children(&self, id: u32) -> Vec<u32> {
        self.find(id).children().iter().map(|c| c.id()).collect()
    }

    fn drawn(&self, id: u32) -> Drawn {
        let node = self.find(id);
        let leaf = node.is_leaf();
        Drawn {
            maximising: node.maximising(),
            leaf,
            action: node.action.map_or(String::new(), |a| self.game.format_action(a)),
            value: (!node.pruned()).then(|| node.value()),
            bound: match node.bound() {
                Bound::Lower => Some(true),
                Bound::Upper => Some(false),
                Bound::Exact => None,
            },
            pruned: node.pruned(),
        }
    }

    fn line(&self) -> Vec<u32> {
        self.tree.tree().principal_variation().iter().map(|n| n.id()).collect()
    }
}

impl<G: Game + Send> Sketchable for MctsTree<G>
where
    G::Action: Send + Sync,
{
    fn children(&self, id: u32) -> Vec<u32> {
        self.searched.tree.children(id).collect()
    }

    fn drawn(&self, id: u32) -> Drawn {
        let tree = &self.searched.tree;
        let node = tree.node(id);
        Drawn {
            maximising: node.player() == Player::First,
            leaf: tree.children(id).next().is_none(),
            action: node.action.map_or(String::new(), |a| self.game.format_action(a)),
            value: i32::try_from(node.visits()).ok(),
            bound: None,
            pruned: false,
        }
    }

    fn line(&self) -> Vec<u32> {
        self.searched.line()
    }

    fn numbers(&self) -> Option<&'static str> {
        Some("the number in a node is its visits, N (its mean reward is in the explorer)")
    }
}

/// Builds and searches `position`'s tree (the game's start when `None`) as
/// `req` asks, and keeps it: what a door that holds a result asks of `analyse`.
pub fn analysed<G: Game + Send + 'static>(
    game: &G,
    position: Option<&str>,
    req: &Analyse,
) -> Result<Box<dyn Analysed>, Refusal>
where
    G::Action: Send + Sync,
{
    req.fits_in_memory::<G>()?;
    let pos = check::position(game, position)?;
    let game = game.for_machine(game.to_move(&pos));
    if req.search == Search::Mcts {
        // Every phase is kept for the explorer page when the command line's
        // `--html` would keep them.
        let keep = matches!(req.mcts.budget, mcts::Budget::Iterations(n) if n <= TRACE_MAX_ITERATIONS);
        let compare_depth = req.compare.then(|| req.depth.unwrap_or_else(|| game.default_depth()));
        let grown = crate::export::analysis::Grown::search(&game, &pos, &req.mcts, keep, compare_depth);
        let events = keep.then_some(grown.events);
        let (searched, compared) = (grown.searched, grown.compared);
        return Ok(Box::new(MctsTree { game, searched, events, compared, names: Default::default() }));
    }
    let depth = super::depth::choose(&game, &pos, req.depth, req.limits.max_nodes, false).depth;
    let tree = OwnedTree::build(&game, pos, depth, &req.limits).map_err(|e| too_many(&e))?;
    // The events the explorer page steps through, kept as `analyse --html` keeps them.
    let trace = tree.tree().len <= TRACE_LIMIT;
    let keep = crate::export::deepening::keep(tree.tree().len);
    let searched = search_tree(&game, &tree.tree(), &req.asked(req.limits.threads, trace, keep));
    Ok(Box::new(MinimaxTree {
        game,
        tree,
        searched,
        index: Default::default(),
        census: Default::default(),
        names: Default::default(),
    }))
}
