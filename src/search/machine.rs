//! The machine player: alpha-beta to a depth, ties broken left-most or, with a
//! seed, at random among the equally good actions (reproducibly).

use std::time::Duration;

use crate::runtime::clock::Instant;

use super::alphabeta::{self, Choice, Search, Stopped, Tied};
use crate::game::Game;
use crate::limits::{Limits, TooManyNodes};
use crate::rng::Rng;

/// Deeper than any search goes, thinking or not.
const DEEPEST: u8 = 64;

/// The machine player's settings: how deep and how long it searches, its budget
/// and, with a seed, how it breaks ties.
pub struct Machine {
    /// The depth searched; with `think`, the depth at least tried.
    pub depth: u8,
    /// Where ties are broken at random, reproducibly from its seed; `None`
    /// plays the first of the best actions in the game's order.
    pub rng: Option<Rng>,
    /// The most positions one choice may examine.
    pub max_nodes: u64,
    /// Search deeper and deeper for this long (alpha-beta, each ply trying the
    /// last ply's choice first) and play the deepest choice found in time.
    pub think: Option<Duration>,
}

/// A machine move as played: the choice, and the depth it comes from when the
/// full depth would have passed the budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played<A> {
    /// The action played, its value and the positions examined for it.
    pub choice: Choice<A>,
    /// The depth of the search that chose.
    pub depth: u8,
    /// `Some((depth, refusal))`: the deepest search that fitted, and why the
    /// deeper one was not run.
    pub fell_back: Option<(u8, TooManyNodes)>,
    /// When the value is a forced result: the plies to the end of the game,
    /// this move included, with best play on both sides (the winner as fast
    /// as it can, the loser holding out as long as it can).
    pub ends_in: Option<u8>,
    /// Thinking was stopped (see [`super::stop`]) before the machine's depth:
    /// the choice is the deepest search's that completed.
    pub interrupted: bool,
}

/// When iterative deepening stops (besides a forced result or a tree that
/// stopped growing).
#[derive(Clone, Copy, Debug)]
enum Until {
    /// A time: the next ply is not started if predicted to end after it.
    Time(Duration),
    /// A count of positions, the same on every machine: a seeded game is
    /// played again move for move.
    Positions(u64),
    /// A depth, searched through.
    Depth(u8),
}

impl Machine {
    /// The machine's move: thinking (deepening to `think`) or at its depth,
    /// ties at random with a seed. A search over the budget is not the end:
    /// the machine plays the choice of the deepest search that fits, so a game
    /// is never lost to a budget. Errs only if even one ply does not fit.
    pub fn play<G: Game>(&mut self, game: &G, pos: &G::Position) -> Result<Played<G::Action>, TooManyNodes> {
        if let Some(think) = self.think {
            let until = match self.rng {
                None => Until::Time(think),
                Some(_) => {
                    let per_second = game.positions_per_second();
                    Until::Positions((think.as_millis() as u64).saturating_mul(per_second) / 1000)
                }
            };
            if let Some(played) = self.deepen(game, pos, until) {
                return Ok(played);
            }
        }
        let full = self.depth;
        let refusal = match self.choose(game, pos) {
            Ok(choice) => {
                return Ok(self.fastest_end(
                    game,
                    pos,
                    Played { choice, depth: full, fell_back: None, ends_in: None, interrupted: false },
                ));
            }
            Err(Stopped::Budget(e)) => e,
            // No deadline was set: a stop was asked for.
            Err(Stopped::Time | Stopped::Asked) => return self.after_stop(game, pos),
        };
        let mut result = Err(refusal);
        for depth in (1..full).rev() {
            self.depth = depth;
            if let Ok(choice) = self.choose(game, pos) {
                result = Ok(Played {
                    choice,
                    depth,
                    fell_back: Some((depth, refusal)),
                    ends_in: None,
                    interrupted: false,
                });
                break;
            }
        }
        self.depth = full;
        result.map(|played| self.fastest_end(game, pos, played))
    }

    /// The machine's move when a stop was asked for during the search to its
    /// depth: the choice of the plies before, searched once the stop is taken
    /// (a search of one ply never reads the flag, so one depth completes).
    fn after_stop<G: Game>(
        &mut self,
        game: &G,
        pos: &G::Position,
    ) -> Result<Played<G::Action>, TooManyNodes> {
        super::stop::take();
        match self.deepen(game, pos, Until::Depth(self.depth.saturating_sub(1))) {
            Some(played) => Ok(Played { interrupted: true, ..played }),
            None => self.play(game, pos),
        }
    }

    /// A forced result found at a fixed depth is met as a person expects: the
    /// winner by its fastest win, the loser by its longest defence, found by
    /// deepening to the ply before (shallower searches cost less than the one
    /// already run).
    fn fastest_end<G: Game>(
        &mut self,
        game: &G,
        pos: &G::Position,
        played: Played<G::Action>,
    ) -> Played<G::Action> {
        if !game.is_decided(played.choice.value) || played.choice.action.is_none() {
            return played;
        }
        let lost = (played.choice.value > 0) != game.to_move(pos).maximises();
        match self.deepen(game, pos, Until::Depth(played.depth - 1)) {
            // Seen sooner: deepen chose as above.
            Some(p) if p.ends_in.is_some() => {
                let nodes = played.choice.nodes + p.choice.nodes;
                Played { choice: Choice { nodes, ..p.choice }, ends_in: p.ends_in, ..played }
            }
            // Seen first at the full depth, lost: the full depth's choice may
            // lose sooner; the ply before's held out to the end.
            Some(p) if lost => {
                let nodes = played.choice.nodes + p.choice.nodes;
                let choice = Choice { nodes, value: played.choice.value, ..p.choice };
                Played { choice, ends_in: Some(played.depth), ..played }
            }
            _ => Played { ends_in: Some(played.depth), ..played },
        }
    }

    /// Iterative deepening: depth 1, 2, ... each searched in full (the last
    /// choice first) until `until`, or until deeper plies cannot change the
    /// answer: a forced result, or a tree that stopped growing. A forced
    /// result is met at the first depth that sees it, which is its distance
    /// (`ends_in`): a winner plays that depth's choice, its fastest win; a
    /// loser the choice of the depth before, the last that held out longest.
    /// `None` if not one depth finished.
    fn deepen<G: Game>(&mut self, game: &G, pos: &G::Position, until: Until) -> Option<Played<G::Action>> {
        let game = &game.for_machine(game.to_move(pos));
        let mover_maximises = game.to_move(pos).maximises();
        let ties = self.rng.is_some();
        let started = Instant::now();
        let (deadline, deepest) = match until {
            // The clock is read every 4,096 positions, and a stopped search
            // still unwinds: a little margin keeps the move within `think`.
            Until::Time(think) => (Some(started + think.mul_f64(0.97)), DEEPEST),
            Until::Positions(_) => (None, DEEPEST),
            Until::Depth(d) => (None, d),
        };
        let mut best: Option<(u8, Tied<G::Action>)> = None;
        let mut ends_in = None;
        let mut interrupted = false;
        let mut nodes = 0;
        // What each depth cost: seconds, or positions.
        let mut costs: Vec<f64> = Vec::new();
        for depth in 1..=deepest {
            // The next ply costs about what the last did times its growth.
            if let [.., a, b] = costs[..] {
                let next = b * (b / a.max(1e-6)).max(1.0);
                let over = match until {
                    Until::Time(think) => started.elapsed().as_secs_f64() + next > think.as_secs_f64(),
                    Until::Positions(n) => nodes as f64 + next > n as f64,
                    Until::Depth(_) => false,
                };
                if over && best.as_ref().is_some_and(|(d, _)| *d >= self.depth) {
                    break;
                }
            }
            let begun = Instant::now();
            let first = best.as_ref().and_then(|(_, t)| t.choice.action);
            // The machine's own depth is searched through whatever the clock
            // says (only a stop asked for cuts it short): time only adds depth.
            let deadline = deadline.filter(|_| depth > self.depth);
            let limits = Limits { max_nodes: self.max_nodes, deadline, ..Limits::NONE };
            let search = Search { depth, limits, first, ties, refuse_early: false };
            let t = match alphabeta::search(game, pos, &search) {
                Ok(t) => t,
                Err(stopped) => {
                    // The stop is taken here, whichever check saw it.
                    interrupted = super::stop::take() || stopped == Stopped::Asked;
                    break;
                }
            };
            let c = t.choice;
            nodes += c.nodes;
            costs.push(match until {
                Until::Time(_) => begun.elapsed().as_secs_f64(),
                _ => c.nodes as f64,
            });
            if best.as_ref().is_some_and(|(_, b)| b.choice.nodes == c.nodes) {
                // The whole game fitted the ply before: nothing deeper to say.
                break;
            }
            if game.is_decided(c.value) && c.action.is_some() {
                ends_in = Some(depth);
                let won = (c.value > 0) == mover_maximises;
                best = match best {
                    Some((_, held)) if !won => {
                        Some((depth, Tied { choice: Choice { value: c.value, ..held.choice }, ..held }))
                    }
                    _ => Some((depth, t)),
                };
                break;
            }
            best = Some((depth, t));
            if c.action.is_none() {
                break;
            }
        }
        let (depth, tied) = best?;
        let choice = self.pick(tied);
        Some(Played {
            choice: Choice { nodes: nodes.max(choice.nodes), ..choice },
            depth,
            fell_back: None,
            ends_in,
            interrupted,
        })
    }

    /// The choice, or with a seed one of the actions that tie with it.
    fn pick<A: Copy>(&mut self, tied: Tied<A>) -> Choice<A> {
        match self.rng.as_mut() {
            Some(rng) if !tied.ties.is_empty() => {
                Choice { action: Some(tied.ties[rng.below(tied.ties.len())]), ..tied.choice }
            }
            _ => tied.choice,
        }
    }

    /// The choice of a search to the machine's depth (no deadline: it stops
    /// only at the budget or when a stop is asked for).
    pub fn choose<G: Game>(&mut self, game: &G, pos: &G::Position) -> Result<Choice<G::Action>, Stopped> {
        let game = &game.for_machine(game.to_move(pos));
        let search = Search { ties: self.rng.is_some(), ..Search::to(self.depth).within(self.max_nodes) };
        let tied = alphabeta::search(game, pos, &search)?;
        Ok(self.pick(tied))
    }
}
