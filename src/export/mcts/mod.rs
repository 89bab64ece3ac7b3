//! The exports of a Monte Carlo tree: JSON, DOT and the trace. Each says
//! first that it is an MCTS tree and gives the search's settings ([`Header`]).

pub mod dot;
pub mod html;
pub mod json;
pub mod trace;

use serde::Serialize;

use crate::game::{Game, Player};
use crate::search::mcts::Searched;
use crate::search::mcts::compare::{self, AlphaBeta};

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

/// MCTS beside alpha-beta on the same position (`--compare`), as `analyse`
/// prints it and the JSON and the explorer carry it.
#[derive(Clone, Debug, Serialize)]
pub struct Compared {
    /// MCTS's decision, as in [`Header`].
    pub mcts_decision: Option<String>,
    /// The root's Q for the side to move.
    pub mcts_value: f64,
    /// Nodes in MCTS's tree.
    pub mcts_nodes: usize,
    /// MCTS's time in milliseconds (differs from run to run).
    pub mcts_time_ms: f64,
    /// Alpha-beta's depth in plies.
    pub alphabeta_depth: u8,
    /// Alpha-beta's decision; `None` when it gave no answer or there is no action.
    pub alphabeta_decision: Option<String>,
    /// Alpha-beta's value, in the game's units for the first player.
    pub alphabeta_value: Option<i32>,
    /// What that value says of the game's result, in words.
    pub alphabeta_result: Option<String>,
    /// Positions alpha-beta examined.
    pub alphabeta_nodes: Option<u64>,
    /// Alpha-beta's time in milliseconds (differs from run to run).
    pub alphabeta_time_ms: f64,
    /// Why alpha-beta gave no answer (its node budget), when it gave none.
    pub alphabeta_stopped: Option<String>,
    /// Whether the two decisions are the same action.
    pub agree: Option<bool>,
    /// The game's exact result from the root, where a cheap solve finds it.
    pub exact: Option<Exact>,
}

impl Compared {
    /// `searched` beside `ab`, and beside the exact result where it is cheap.
    pub fn of<G: Game>(game: &G, searched: &Searched<G>, ab: &AlphaBeta<G::Action>) -> Compared {
        let h = Header::of(game, searched);
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
        let (decision, value, result, nodes, stopped) = match &ab.found {
            Ok(c) => (
                c.action.map(|a| game.format_action(a)),
                Some(c.value),
                Some(forced(game, c.value)),
                Some(c.nodes),
                None,
            ),
            Err(e) => (None, None, None, None, Some(e.to_string())),
        };
        let agree = value.map(|_| decision == h.decision);
        Compared {
            mcts_decision: h.decision,
            mcts_value: h.value,
            mcts_nodes: h.node_count,
            mcts_time_ms: ms(searched.time),
            alphabeta_depth: ab.depth,
            alphabeta_decision: decision,
            alphabeta_value: value,
            alphabeta_result: result,
            alphabeta_nodes: nodes,
            alphabeta_time_ms: ms(ab.time),
            alphabeta_stopped: stopped,
            agree,
            exact: Exact::of(game, searched),
        }
    }
}

/// What an alpha-beta value says of the game's result.
fn forced<G: Game>(game: &G, value: i32) -> String {
    if !game.is_decided(value) {
        return "no forced result within the depth".to_string();
    }
    let winner = if value > 0 { Player::First } else { Player::Second };
    format!("{} wins by force", game.player_name(winner))
}

/// The game's exact result from the root, for its side to move, where a
/// cheap solve finds it ([`crate::search::mcts::compare::exact`]).
#[derive(Clone, Debug, Serialize)]
pub struct Exact {
    /// `win in K`, `loss in K` or `draw`, for the side to move.
    pub result: String,
    /// The same as a reward on Q's scale: win 1, draw 1/2, loss 0.
    pub reward: f64,
}

impl Exact {
    /// The exact result from `searched`'s root, if a cheap solve finds it.
    pub fn of<G: Game>(game: &G, searched: &Searched<G>) -> Option<Exact> {
        let s = compare::exact(game, &searched.tree.root_position)?;
        Some(Exact { result: s.to_string(), reward: compare::reward(s) })
    }
}
