//! `best` as every door asks for it: the best action and its value.

use super::analyse::{MctsArgs, too_many};
use super::analysed::Value;
use super::check;
use super::option::Opt;
use super::refusal::{Refusal, Word};
use super::search::Search;
use crate::game::Game;
use crate::limits::{Limits, MAX_TREE_NODES, TooManyNodes};
use crate::search::alphabeta;
use crate::search::mcts;
use crate::tree::{Tree, TreeArena};
use crate::words;

/// A `best` as a door gives it.
#[derive(Clone, Debug, Default)]
pub struct BestArgs {
    /// The search (alpha-beta without a tree unless given).
    pub search: Search,
    /// Plies searched.
    pub depth: Option<i64>,
    /// The node budget.
    pub max_nodes: Option<i64>,
    /// Threads.
    pub threads: Option<i64>,
    /// MCTS's options.
    pub mcts: MctsArgs,
}

/// A `best` checked.
#[derive(Clone, Debug)]
pub struct Best {
    /// The search.
    pub search: Search,
    /// Plies searched (the game's default when `None`).
    pub depth: Option<u8>,
    /// The node budget and threads.
    pub limits: Limits,
    /// MCTS's settings.
    pub mcts: mcts::Settings,
}

impl BestArgs {
    /// The request checked, or the first thing wrong with it.
    pub fn check(&self) -> Result<Best, Refusal> {
        let depth = check::depth(self.depth)?;
        let max_nodes = check::max_nodes(self.max_nodes)?;
        let threads = check::threads(self.threads)?;
        let mcts = self.mcts.settings(max_nodes)?;
        if self.search == Search::Mcts {
            let given: Vec<Opt> = [(self.mcts.compare, Opt::Compare), (depth.is_some(), Opt::Depth)]
                .into_iter()
                .filter_map(|(g, o)| g.then_some(o))
                .collect();
            if let Some(&first) = given.first() {
                let mut w = check::listed(&given);
                w.extend(words![
                    " analyse's; best ",
                    Word::set(Opt::Search, "mcts"),
                    " prints the decision and its Q"
                ]);
                return Err(Refusal::usage(first, w));
            }
        } else {
            if let Some(opt) = self.mcts.given() {
                return Err(Refusal::usage(
                    opt,
                    words![opt, " is an option of ", Word::set(Opt::Search, "mcts")],
                ));
            }
            if self.search != Search::Alphabeta && max_nodes > MAX_TREE_NODES {
                return Err(Refusal::usage(
                    Opt::MaxNodes,
                    words![
                        Word::set(Opt::MaxNodes, max_nodes),
                        format!(": a tree holds at most {MAX_TREE_NODES} nodes")
                    ],
                ));
            }
        }
        Ok(Best { search: self.search, depth, limits: Limits { max_nodes, threads, deadline: None }, mcts })
    }
}

/// The best action found and its value.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// The action in the game's notation; none when the side to move cannot act.
    pub action: Option<String>,
    /// Its value: a minimax value, or MCTS's mean reward for the side to move.
    pub value: Value,
}

impl Found {
    /// The line `gametree best` prints.
    pub fn line(&self) -> String {
        let action = self.action.as_deref().unwrap_or("none");
        match self.value {
            Value::Int(v) => format!("{action} {v}\n"),
            Value::Mean(q) => format!("{action} {q:.4}\n"),
        }
    }
}

/// The best action from `pos` and its value, as `gametree best` finds them.
pub fn best<G: Game>(game: &G, pos: G::Position, req: &Best) -> Result<Found, Refusal> {
    let game = &game.for_machine(game.to_move(&pos));
    let name = |a: Option<G::Action>| a.map(|a| game.format_action(a));
    let depth = req.depth.unwrap_or_else(|| game.default_depth());
    match req.search {
        Search::Mcts => {
            let searched = mcts::search(game, &pos, &req.mcts, &mut ());
            let q = searched.tree.node(0).mean();
            let action = searched.decision().and_then(|(id, _)| searched.tree.node(id).action);
            Ok(Found { action: name(action), value: Value::Mean(q) })
        }
        Search::Alphabeta => {
            let found =
                alphabeta::search(game, &pos, &alphabeta::Search::to(depth).within(req.limits.max_nodes));
            let choice = found.map_err(|e| stopped(&e))?.choice;
            Ok(Found { action: name(choice.action), value: Value::Int(choice.value) })
        }
        Search::Minimax | Search::Deepening => {
            let mut arena = TreeArena::new();
            let tree = Tree::build(&mut arena, game, pos, depth, &req.limits).map_err(|e| too_many(&e))?;
            let value = if req.search == Search::Deepening {
                crate::search::deepening::run(game, &tree, Default::default(), Default::default());
                tree.root.value()
            } else {
                crate::search::back_propagate_parallel(tree.root, tree.len, req.limits.threads)
            };
            Ok(Found { action: name(tree.decision().and_then(|n| n.action)), value: Value::Int(value) })
        }
    }
}

/// An implicit search that gave no answer, as a refusal.
pub fn stopped(e: &alphabeta::Stopped) -> Refusal {
    match e {
        alphabeta::Stopped::Budget(e) => search_over(e),
        other => Refusal::said(None, super::Why::Budget, other),
    }
}

/// An implicit search (the machine's, `best`'s) over its node budget, as a
/// refusal: what to make smaller or raise.
pub fn search_over(e: &TooManyNodes) -> Refusal {
    if e.stopped || e.predicted.is_some() || e.memory.is_some() {
        return too_many(e);
    }
    Refusal::budget(
        Opt::Depth,
        words![e.searched(), "; use a smaller ", Opt::Depth, " or raise ", Opt::MaxNodes],
    )
}
