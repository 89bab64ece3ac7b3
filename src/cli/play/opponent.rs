//! A machine player at a level, as `play` and `match` meet it: a random
//! player, or a search to a depth or for a time, and what it says of a move.

use std::time::Duration;

use super::ending::{raw_value, value_for};
use super::levels::Level;
use crate::game::Game;
use crate::limits::TooManyNodes;
use crate::rng::Rng;
use crate::search::machine::Machine;

pub enum Opponent {
    /// Any legal action.
    Random(Rng),
    Search(Machine),
    /// Monte Carlo tree search (`gametree::cli::mcts`), with its settings.
    Mcts(crate::search::mcts::Settings),
}

/// How a machine plays: its level, and what the command line set.
#[derive(Clone, Copy, Debug)]
pub struct Strength {
    pub level: Level,
    /// A fixed depth, instead of the level's.
    pub depth: Option<u8>,
    /// Equal choices drawn from this seed (and thinking counted in positions).
    pub seed: Option<u64>,
    /// How long `strong` thinks without a fixed depth.
    pub think: Duration,
    pub max_nodes: u64,
}

pub use crate::search::levels::level_depth;

/// A move the machine chose, and its account of it for a person.
pub struct Move<A> {
    pub action: A,
    /// The machine's view of the game after the move, in words: "x wins in 2
    /// moves", "o is ahead", "the game is level".
    pub note: String,
    /// The numbers behind it, for the verbose mode: "value +1002 for x, the
    /// end at ply 3; searched 3 plies, 70 positions examined".
    pub detail: String,
    /// Said before the move: the search fell back to a shallower depth.
    pub fell_back: Option<String>,
    /// The plies searched (0 at random).
    pub depth: u8,
    /// The search's value, from the first player's point of view (at random:
    /// the game's heuristic value of the position).
    pub value: i32,
    /// Ctrl-C stopped the thinking: the best move found so far.
    pub interrupted: bool,
}

impl Opponent {
    pub fn new<G: Game>(game: &G, s: &Strength) -> Opponent {
        if s.level == Level::Random {
            let seed = s.seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64)
            });
            return Opponent::Random(Rng::new(seed));
        }
        if s.level == Level::Mcts {
            return Opponent::Mcts(crate::cli::mcts::for_play(s.think, s.seed, s.max_nodes));
        }
        let depth = s.depth.unwrap_or_else(|| level_depth(game, s.level));
        // `strong` without a fixed depth thinks, at least to its depth.
        let think = (s.level == Level::Strong && s.depth.is_none()).then_some(s.think);
        Opponent::Search(Machine { depth, rng: s.seed.map(Rng::new), max_nodes: s.max_nodes, think })
    }

    /// The machine's move at `pos`, which has actions; Err if not even one
    /// ply fits the budget.
    pub fn play<G: Game>(&mut self, game: &G, pos: &G::Position) -> Result<Move<G::Action>, TooManyNodes> {
        let machine = match self {
            Opponent::Random(rng) => {
                let mut legal = Vec::new();
                game.actions(pos, &mut legal);
                let action = legal[rng.below(legal.len())];
                let value = game.heuristic(pos);
                let mover = game.to_move(pos);
                return Ok(Move {
                    action,
                    note: format!("at random; by the board, {}", value_for(game, value, mover, None)),
                    detail: format!("{} by the board alone", raw_value(game, value, mover, None)),
                    fell_back: None,
                    depth: 0,
                    value,
                    interrupted: false,
                });
            }
            Opponent::Search(machine) => machine,
            Opponent::Mcts(settings) => {
                let p = crate::cli::mcts::play(game, pos, settings);
                let (fell_back, interrupted) = (p.fell_back, p.interrupted);
                return Ok(Move {
                    action: p.action,
                    note: p.words,
                    detail: p.note,
                    fell_back,
                    depth: 0,
                    value: p.value,
                    interrupted,
                });
            }
        };
        let played = machine.play(game, pos)?;
        let fell_back = played.fell_back.map(|(fitted, e)| {
            format!(
                "(a {}-ply search would pass --max-nodes {}: playing the {fitted}-ply search's choice)",
                machine.depth, e.limit
            )
        });
        let c = played.choice;
        let plies = if played.depth == 1 { "ply" } else { "plies" };
        let mover = game.to_move(pos);
        let raw = raw_value(game, c.value, mover, played.ends_in);
        Ok(Move {
            action: c.action.expect("a side with actions gets one"),
            note: value_for(game, c.value, mover, played.ends_in),
            detail: format!("{raw}; searched {} {plies}, {} positions examined", played.depth, c.nodes),
            fell_back,
            depth: played.depth,
            value: c.value,
            interrupted: played.interrupted,
        })
    }
}
