//! A searched tree of any game behind one object-safe trait, so that the
//! Python `Tree` need not know which game (or which kind of search) it holds:
//! the minimax tree that minimax or alpha-beta searched, or the tree MCTS grew.
//! Everything here calls the library; the exports are its writers.

use std::io;

use gametree::export::budget::Capped;
use gametree::export::mcts::{Exact, dot as mcts_dot, html as mcts_html, json as mcts_json};
use gametree::export::scope::Scope;
use gametree::export::summary::Summary;
use gametree::export::{analysis, dot, efg};
use gametree::game::prelude::*;
use gametree::search::alphabeta::Window;
use gametree::search::mcts::{Event, Searched as MctsSearched};
use gametree::search::run::Searched;
use gametree::search::trace::WindowEnd;
use gametree::tree::GameNode;
use gametree::tree::census::{Census, census};

use crate::owned::OwnedTree;

/// What a `Tree` says of itself before its nodes.
pub struct Facts {
    pub game: &'static str,
    pub position: String,
    pub to_move: &'static str,
    /// `minimax`, `alphabeta`, `deepening` or `mcts`.
    pub search: &'static str,
    pub depth: u32,
    pub decision: Option<String>,
    /// The root's value: a game value, or MCTS's mean reward for the side to move.
    pub value: Value,
    pub line: Vec<String>,
    /// One line: game, position, search, size and decision.
    pub title: String,
}

/// A node's value: the game's integer, or MCTS's mean reward.
#[derive(Clone, Copy, Debug)]
pub enum Value {
    Int(i32),
    Mean(f64),
}

/// One node, as Python reads it.
pub struct NodeFacts {
    pub id: u32,
    pub parent: Option<u32>,
    pub children: Vec<u32>,
    pub depth: u32,
    pub action: Option<String>,
    pub position: String,
    pub to_move: &'static str,
    pub board: Vec<String>,
    /// `None` for a node alpha-beta skipped.
    pub value: Option<Value>,
    pub alpha: Option<WindowEnd>,
    pub beta: Option<WindowEnd>,
    pub pruned: bool,
    /// MCTS: the node's visits (N).
    pub visits: Option<u32>,
}

/// A searched tree of some game.
pub trait Analysed: Send + Sync {
    fn len(&self) -> usize;
    fn facts(&self) -> Facts;
    /// The node `id`, which is below [`Self::len`].
    fn node(&self, id: u32) -> NodeFacts;
    /// The nodes every node of which a whole-tree export writes, for the
    /// byte budget's check before it is built: a minimax tree's (an MCTS
    /// tree's exports are held to the budget as they are written).
    fn whole_nodes(&self) -> Option<u64>;
    // Each export held to `limit` bytes ([`written`]).
    fn json(&self, limit: u64) -> io::Result<Vec<u8>>;
    fn dot(&self, scope: Scope, limit: u64) -> io::Result<Vec<u8>>;
    fn efg(&self, limit: u64) -> io::Result<Vec<u8>>;
    fn html(&self, scope: Scope, limit: u64) -> io::Result<Vec<u8>>;
    /// `--search deepening`: the JSON's `deepening` object (each iteration's
    /// depth, nodes, time, decision, value, line and effective branching
    /// factor, and the chart's counts), written by the JSON's own writer.
    fn deepening(&self) -> Option<serde_json::Value>;
}

/// An export written into memory, at most `limit` bytes of it, its room
/// asked for with `try_reserve` (the library's `Capped`): past the budget is
/// an error (`is_over_budget`), and so is memory the allocator cannot give,
/// rather than an abort of the interpreter.
fn written(limit: u64, job: impl FnOnce(&mut Capped) -> io::Result<()>) -> io::Result<Vec<u8>> {
    let mut out = Capped::new(limit);
    job(&mut out)?;
    Ok(out.bytes)
}

/// A minimax tree, searched by minimax or alpha-beta.
pub struct MinimaxTree<G: Game> {
    pub game: G,
    pub tree: OwnedTree<G>,
    pub searched: Searched,
    /// Each node by id, and its parent's id: made the first time a node is asked for.
    pub index: std::sync::OnceLock<Index>,
    /// The tree's census, which the JSON and the page show: counted the first
    /// time one is asked for, and kept.
    pub census: std::sync::OnceLock<Census>,
}

/// How to reach a node by its id: six bytes a node, since a tree that owns its
/// arena cannot also keep references into it.
pub struct Index {
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
        NodeFacts {
            id,
            parent: (id != 0).then_some(parent),
            children: node.children().iter().map(|c| c.id()).collect(),
            depth: u32::from(node.depth),
            action: node.action.map(|a| game.format_action(a)),
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

    fn deepening(&self) -> Option<serde_json::Value> {
        self.searched
            .deepening
            .as_ref()
            .map(|d| gametree::export::deepening::json(&self.game, &self.tree.tree(), d))
    }
}

/// A tree MCTS grew, with every phase of every iteration when they were kept.
pub struct MctsTree<G: Game> {
    pub game: G,
    pub searched: MctsSearched<G>,
    pub events: Option<Vec<Event<G::Action>>>,
}

impl<G: Game + Send> Analysed for MctsTree<G>
where
    G::Action: Send + Sync,
{
    fn len(&self) -> usize {
        self.searched.tree.len()
    }

    fn facts(&self) -> Facts {
        let h = gametree::export::mcts::Header::of(&self.game, &self.searched);
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
        NodeFacts {
            id,
            parent: tree.parent(id),
            children: tree.children(id).collect(),
            depth: u32::from(node.depth()),
            action: node.action.map(|a| game.format_action(a)),
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
        written(limit, |w| mcts_json::write_tree(w, &self.game, &self.searched, None))
    }

    fn dot(&self, scope: Scope, limit: u64) -> io::Result<Vec<u8>> {
        written(limit, |w| mcts_dot::write_tree(w, &self.game, &self.searched, scope))
    }

    fn efg(&self, _limit: u64) -> io::Result<Vec<u8>> {
        Err(io::Error::other(
            "--search mcts: --efg writes a game whose payoffs are minimax values; an MCTS tree has only playout averages (docs/mcts.md), and is written by --json, --dot, --trace and --html",
        ))
    }

    fn html(&self, _scope: Scope, limit: u64) -> io::Result<Vec<u8>> {
        let Some(events) = &self.events else {
            return Err(io::Error::other(format!(
                "--html records every phase of every iteration: give --iterations {} or fewer",
                crate::TRACE_MAX_ITERATIONS
            )));
        };
        let exact = Exact::of(&self.game, &self.searched);
        written(limit, |w| mcts_html::write_page(w, &self.game, &self.searched, events, None, exact.as_ref()))
    }

    fn deepening(&self) -> Option<serde_json::Value> {
        None
    }
}
