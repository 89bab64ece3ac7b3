//! The machine's move, as every door asks for it: `play` and `match` on the
//! command line, the page's `machine`. A level (random, a search to a depth or
//! for a time, MCTS) and what the machine says of its move, for a person.

use std::time::Duration;

use super::check;
use super::option::Opt;
use super::refusal::{Refusal, Word};
use crate::game::{Game, Lead, Outcome, Player};
use crate::limits::TooManyNodes;
use crate::rng::Rng;
use crate::search::levels::{self, DEFAULT_THINK, Level, level_depth};
use crate::search::machine::Machine;
use crate::search::mcts::{self, End, Settings};
use crate::words;

/// The most milliseconds a machine may think for a move.
pub const MAX_THINK_MS: i64 = 600_000;

/// A machine player as a door gives it.
#[derive(Clone, Copy, Debug)]
pub struct MachineArgs {
    /// Its level.
    pub level: Level,
    /// A fixed depth instead of the level's.
    pub depth: Option<i64>,
    /// Equal choices drawn from this seed.
    pub seed: Option<u64>,
    /// How long `strong` thinks without a fixed depth (and MCTS's iterations), in ms.
    pub think: Option<i64>,
    /// The node budget.
    pub max_nodes: Option<i64>,
}

impl MachineArgs {
    /// The player checked.
    pub fn check(&self) -> Result<Strength, Refusal> {
        let think =
            check::within(Opt::Think, self.think, 1, MAX_THINK_MS)?.map_or(DEFAULT_THINK, |t| t as u64);
        Ok(Strength {
            level: self.level,
            depth: check::depth(self.depth)?,
            seed: self.seed,
            think: Duration::from_millis(think),
            max_nodes: check::max_nodes(self.max_nodes)?,
        })
    }
}

/// The machine's move at `pos`, refused when the game is over there.
pub fn machine_move<G: Game>(game: &G, pos: &G::Position, s: &Strength) -> Result<Move<G::Action>, Refusal> {
    if !game.has_actions(pos) {
        return Err(Refusal::usage(
            Opt::Position,
            words![format!("the game is over: {}", game.why_over(pos))],
        ));
    }
    Opponent::new(game, s).play(game, pos).map_err(|e| super::analyse::too_many(&e))
}

/// How a machine plays: its level, and what the door set.
#[derive(Clone, Copy, Debug)]
pub struct Strength {
    /// Its level.
    pub level: Level,
    /// A fixed depth, instead of the level's.
    pub depth: Option<u8>,
    /// Equal choices drawn from this seed (and thinking counted in positions).
    pub seed: Option<u64>,
    /// How long `strong` thinks without a fixed depth.
    pub think: Duration,
    /// The node budget.
    pub max_nodes: u64,
}

/// A machine player at a level.
pub enum Opponent {
    /// Any legal action.
    Random(Rng),
    /// Alpha-beta to a depth, or deepening for a time.
    Search(Machine),
    /// Monte Carlo tree search, with its settings.
    Mcts(crate::search::mcts::Settings),
}

/// A move the machine chose, and its account of it for a person.
pub struct Move<A> {
    /// The action chosen.
    pub action: A,
    /// The machine's view of the game after the move, in words: "x wins in 2
    /// moves", "o is ahead", "the game is level".
    pub note: String,
    /// The numbers behind it, for the verbose mode: "value +1002 for x, the
    /// end at ply 3; searched 3 plies, 70 positions examined".
    pub detail: String,
    /// Said before the move: the search fell back to a shallower depth (in
    /// words that name the budget, for each door to say its own way).
    pub fell_back: Option<Vec<Word>>,
    /// The plies searched (0 at random).
    pub depth: u8,
    /// The search's value, from the first player's point of view (at random:
    /// the game's heuristic value of the position).
    pub value: i32,
    /// Ctrl-C stopped the thinking: the best move found so far.
    pub interrupted: bool,
    /// What was searched, for a door that shows the machine's tree.
    pub searched: Searched,
}

/// What the machine searched for a move (as the page reads it: `{"search":
/// "mcts", "iterations": ..., "seed": ...}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "search", rename_all = "lowercase")]
pub enum Searched {
    /// Nothing: a move at random.
    Random,
    /// MCTS's iterations from a seed.
    Mcts {
        /// Iterations run.
        iterations: u32,
        /// The playouts' seed.
        seed: u64,
    },
    /// Alpha-beta to a depth.
    Alphabeta {
        /// Plies searched.
        depth: u8,
        /// Positions examined.
        nodes: u64,
    },
}

impl Opponent {
    /// The player `s` describes.
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
            return Opponent::Mcts(levels::mcts_for_play(s.think, s.seed, s.max_nodes));
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
                    searched: Searched::Random,
                });
            }
            Opponent::Search(machine) => machine,
            Opponent::Mcts(settings) => {
                let p = mcts_move(game, pos, settings);
                let (fell_back, interrupted) = (p.fell_back, p.interrupted);
                return Ok(Move {
                    action: p.action,
                    note: p.words,
                    detail: p.note,
                    fell_back,
                    depth: 0,
                    value: p.value,
                    interrupted,
                    searched: Searched::Mcts { iterations: p.iterations, seed: settings.seed },
                });
            }
        };
        let played = machine.play(game, pos)?;
        let fell_back = played.fell_back.map(|(fitted, e)| {
            words![
                format!("(a {}-ply search would pass ", machine.depth),
                Word::set(Opt::MaxNodes, e.limit),
                format!(": playing the {fitted}-ply search's choice)")
            ]
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
            searched: Searched::Alphabeta { depth: played.depth, nodes: c.nodes },
        })
    }
}

/// A move of the `mcts` level, as play's opponent reports one.
struct Played<A> {
    pub action: A,
    /// The machine's view in words: how well the mover scores in the playouts.
    pub words: String,
    /// The search's numbers behind it, for play's verbose mode.
    pub note: String,
    /// Said before the move: the tree reached its node budget.
    pub fell_back: Option<Vec<Word>>,
    /// Q's lead over a draw for the first player, in thousandths of a half point.
    pub value: i32,
    /// A stop was asked for: the choice of the iterations made.
    pub interrupted: bool,
    /// Iterations run.
    pub iterations: u32,
}

/// The `mcts` level's move at `pos` (which has actions), and its account of it.
fn mcts_move<G: Game>(game: &G, pos: &G::Position, settings: &Settings) -> Played<G::Action> {
    let game = &game.for_machine(game.to_move(pos));
    let searched = mcts::search(game, pos, settings, &mut ());
    let (id, because) = searched.decision().expect("a side with actions gets one");
    let node = searched.tree.node(id);
    let side = game.player_name(game.to_move(pos));
    let q = node.mean();
    let fell_back = (searched.end == End::Budget)
        .then(|| [words!["("], super::analyse::mcts_end(&searched), words![")"]].concat());
    // Q above 1/2 for the mover is an expected win: positive for the first player.
    let for_first = if game.to_move(pos).maximises() { q - 0.5 } else { 0.5 - q };
    Played {
        action: node.action.expect("below the root"),
        words: format!("{side} scores {:.0}% in the playouts after this move", q * 100.0),
        note: format!(
            "MCTS: {} of {} iterations, Q {q:.3} for {side}; {}",
            node.visits(),
            searched.iterations,
            because.words()
        ),
        fell_back,
        value: (for_first * 2000.0).round() as i32,
        interrupted: searched.end == End::Asked,
        iterations: searched.iterations,
    }
}

/// A search value from the first player's point of view, told from `mover`'s
/// in words a player uses: a forced result with its distance when the search
/// knows it (`ends_in` plies, the mover's move included), otherwise who is
/// ahead by the game's own measure ([`crate::game::Evaluation::lead`]).
/// Moves are counted as in chess problems, the winner's: "x wins in 3 moves"
/// is x's 3rd move from now, "x loses in 2 moves" the opponent's 2nd.
pub fn value_for<G: Game>(game: &G, value: i32, mover: Player, ends_in: Option<u8>) -> String {
    let name = game.player_name(mover);
    if !game.is_decided(value) {
        let (side, well) = match game.lead(value) {
            Lead::Level => return "the game is level".to_string(),
            Lead::Ahead(side) => (side, ""),
            Lead::WellAhead(side) => (side, "well "),
        };
        let place = if side == mover { "ahead" } else { "behind" };
        return format!("{name} is {well}{place}");
    }
    let wins = (value > 0) == mover.maximises();
    let (verb, fallback) =
        if wins { ("wins", "wins by force") } else { ("loses", "loses against best play") };
    let Some(plies) = ends_in else {
        return format!("{name} {fallback}");
    };
    let moves = if wins { plies.div_ceil(2) } else { plies / 2 };
    match (plies, moves) {
        (1, _) => format!("{name} {verb} with this move"),
        (_, 1) => format!("{name} {verb} in 1 move"),
        _ => format!("{name} {verb} in {moves} moves"),
    }
}

/// The number behind [`value_for`], for the verbose mode: the value from
/// `mover`'s side ("+120 for x"), and where a forced result falls.
pub fn raw_value<G: Game>(game: &G, value: i32, mover: Player, ends_in: Option<u8>) -> String {
    let v = if mover.maximises() { i64::from(value) } else { -i64::from(value) };
    let at = match ends_in {
        Some(plies) if game.is_decided(value) => format!(", the end at ply {plies}"),
        _ => String::new(),
    };
    format!("value {v:+} for {}{at}", game.player_name(mover))
}

/// The winner of a finished game, if any.
pub fn winner<G: Game>(game: &G, pos: &G::Position) -> Option<Player> {
    let side = game.to_move(pos);
    match game.terminal_outcome(pos) {
        Outcome::Draw => None,
        Outcome::Loss => Some(side.other()),
        Outcome::Win => Some(side),
    }
}

/// How a finished game ended, in one line every door says alike: "game
/// over: you win: three in a row", "game over: a draw (the board is full)".
/// `who` names a side to the person: "you", "the machine", or the side's name.
pub fn game_over<G: Game>(game: &G, pos: &G::Position, who: impl Fn(Player) -> String) -> String {
    let (why, score) = (game.why_over(pos), game.score(pos));
    let Some(p) = winner(game, pos) else {
        // "a draw: the board is full" read as two verdicts: the reason is an aside.
        let score = score.map_or(String::new(), |s| format!("; {s}"));
        return format!("game over: a draw ({why}{score})");
    };
    let result = match who(p).as_str() {
        "you" => "you win".to_string(),
        w => format!("{w} wins"),
    };
    let score = score.map_or(String::new(), |s| format!(" ({s})"));
    format!("game over: {result}: {why}{score}")
}
