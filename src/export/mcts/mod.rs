//! The exports of a Monte Carlo tree: JSON, DOT and the trace. Each says
//! first that it is an MCTS tree and gives the search's settings ([`Header`]).

pub mod dot;
pub mod json;
pub mod trace;

use serde::Serialize;

use crate::game::{Game, Player};
use crate::search::mcts::Searched;

/// How an MCTS tree's rewards read, for every export.
pub fn rewards_words<G: Game>(game: &G) -> String {
    format!(
        "MCTS rewards: win 1, draw 1/2, loss 0, each node's for the player who moved into it (the root's for its side to move, {}); Q is the mean reward; {} moves first",
        "which makes the root's Q the search's value of the position",
        game.player_name(Player::First)
    )
}

/// What every export of an MCTS tree says before its nodes.
#[derive(Clone, Debug, Serialize)]
pub struct Header {
    /// The game's name, as the JSON's `game`.
    pub game: &'static str,
    /// The root's position in the game's notation.
    pub position: String,
    /// The side to move at the root.
    pub to_move: &'static str,
    /// The settings in one line.
    pub settings: String,
    /// Iterations made: the root's visits.
    pub iterations: u32,
    /// Nodes in the tree, the root included.
    pub node_count: usize,
    /// Why the search stopped: `finished`, `proven`, `max-nodes` or `stopped`.
    pub end: &'static str,
    /// The decision's action, if the side to move can act.
    pub decision: Option<String>,
    /// Why it was chosen, in words.
    pub because: Option<&'static str>,
    /// The root's mean reward, for its side to move.
    pub value: f64,
    /// The line the search expects.
    pub line: Vec<String>,
    /// How a playout's result is scored, in words.
    pub evaluation: String,
}

impl Header {
    /// The header of `searched`.
    pub fn of<G: Game>(game: &G, searched: &Searched<G>) -> Header {
        let tree = &searched.tree;
        let name = |id: u32| game.format_action(tree.node(id).action.expect("below the root"));
        let decision = searched.decision();
        Header {
            game: game.name(),
            position: game.format_position(&tree.root_position),
            to_move: game.player_name(game.to_move(&tree.root_position)),
            settings: searched.settings.words(),
            iterations: searched.iterations,
            node_count: tree.len(),
            end: searched.end.name(),
            decision: decision.map(|(d, _)| name(d)),
            because: decision.map(|(_, b)| b.words()),
            value: tree.node(0).mean(),
            line: searched.line().into_iter().map(name).collect(),
            evaluation: rewards_words(game),
        }
    }

    /// One line: the game, the search and its decision.
    pub fn title(&self) -> String {
        let decision = match &self.decision {
            Some(a) => format!("decision {a} ({}), root Q {:.3}", self.because.unwrap_or(""), self.value),
            None => format!("no decision ({} cannot act)", self.to_move),
        };
        format!(
            "MCTS tree: {} {} to move; {}; {} iterations, {} nodes; {decision}",
            self.game, self.to_move, self.settings, self.iterations, self.node_count
        )
    }
}
