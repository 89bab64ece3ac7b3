//! The machine player: alpha-beta to a depth, ties broken left-most or, with a
//! seed, at random among the equally good actions (reproducibly).

use std::time::{Duration, Instant};

use super::alphabeta::{self, Choice};
use super::tree::TooManyNodes;
use crate::game::Game;

/// SplitMix64: tiny, fast, and the same sequence for the same seed everywhere.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Deeper than any search goes, thinking or not.
const DEEPEST: u8 = 64;

pub struct Machine {
    /// The depth searched; with `think`, the depth at least tried.
    pub depth: u8,
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
}

impl Machine {
    /// [`Machine::choose`], except that a search over the budget is not the end:
    /// the machine plays the choice of the deepest search that fits, so a game is
    /// never lost to a budget. Errs only if even one ply does not fit.
    pub fn play<G: Game>(&mut self, game: &G, pos: &G::Position) -> Result<Played<G::Action>, TooManyNodes> {
        if let Some(think) = self.think
            && self.rng.is_none()
        {
            return Ok(self.deepen(game, pos, think));
        }
        let full = self.depth;
        let refusal = match self.choose(game, pos) {
            Ok(choice) => {
                return Ok(self.fastest_end(
                    game,
                    pos,
                    Played { choice, depth: full, fell_back: None, ends_in: None },
                ));
            }
            Err(e) => e,
        };
        let mut result = Err(refusal);
        for depth in (1..full).rev() {
            self.depth = depth;
            if let Ok(choice) = self.choose(game, pos) {
                result = Ok(Played { choice, depth, fell_back: Some((depth, refusal)), ends_in: None });
                break;
            }
        }
        self.depth = full;
        result.map(|played| self.fastest_end(game, pos, played))
    }

    /// A forced result found at a fixed depth is met as a person expects: the
    /// winner by its fastest win, the loser by its longest defence. The
    /// shallowest depth at which the root is decided is the distance to the
    /// end (a forced result within d plies shows at depth d and never before);
    /// its choice wins that fast, and the ply before it the loser's choice
    /// still holds out. Shallower searches cost less than the one already run.
    fn fastest_end<G: Game>(
        &self,
        game: &G,
        pos: &G::Position,
        played: Played<G::Action>,
    ) -> Played<G::Action> {
        if !game.is_decided(played.choice.value) || played.choice.action.is_none() {
            return played;
        }
        let game = &game.for_machine(game.to_move(pos));
        let mut before: Option<Choice<G::Action>> = None;
        for d in 1..played.depth {
            let Ok(c) = alphabeta::search_within(game, pos, d, self.max_nodes) else { break };
            if game.is_decided(c.value) {
                let won = (c.value > 0) == game.to_move(pos).maximises();
                let choice = match before {
                    Some(b) if !won => Choice { value: c.value, ..b },
                    _ => c,
                };
                let nodes = played.choice.nodes + choice.nodes;
                return Played { choice: Choice { nodes, ..choice }, ends_in: Some(d), ..played };
            }
            before = Some(c);
        }
        Played { ends_in: Some(played.depth), ..played }
    }

    /// Iterative deepening to a time budget: depth 1, 2, ... each searched in
    /// full (the previous choice first), until the time is up, the next ply is
    /// predicted not to finish in time, or deeper plies cannot change the
    /// answer (a forced result, or a tree that stopped growing). The deepest
    /// finished search plays; the depth it reached is in `searched`.
    fn deepen<G: Game>(&mut self, game: &G, pos: &G::Position, think: Duration) -> Played<G::Action> {
        let game = &game.for_machine(game.to_move(pos));
        let started = Instant::now();
        let deadline = started + think;
        let mut best: Option<(u8, Choice<G::Action>)> = None;
        let mut ends_in = None;
        let mut nodes = 0;
        let mut times: Vec<Duration> = Vec::new();
        for depth in 1..=DEEPEST {
            // The next ply costs about what the last did times its growth.
            if let [.., a, b] = times[..] {
                let grow = (b.as_secs_f64() / a.as_secs_f64().max(1e-6)).max(1.0);
                if started.elapsed() + b.mul_f64(grow) > think && best.is_some_and(|(d, _)| d >= self.depth) {
                    break;
                }
            }
            let begun = Instant::now();
            let first = best.and_then(|(_, c)| c.action);
            match alphabeta::search_until(game, pos, depth, self.max_nodes, deadline, first) {
                Ok(c) => {
                    nodes += c.nodes;
                    times.push(begun.elapsed());
                    let grew = best.is_none_or(|(_, b)| b.nodes != c.nodes);
                    if !grew {
                        // The whole game fitted the ply before: nothing deeper to say.
                        break;
                    }
                    if game.is_decided(c.value) && c.action.is_some() {
                        // The first depth that sees the end sees its distance;
                        // a loser plays the last choice that still held out.
                        ends_in = Some(depth);
                        let won = (c.value > 0) == game.to_move(pos).maximises();
                        best = match best {
                            Some((_, b)) if !won => Some((depth, Choice { value: c.value, ..b })),
                            _ => Some((depth, c)),
                        };
                        break;
                    }
                    best = Some((depth, c));
                    if c.action.is_none() {
                        break;
                    }
                }
                Err(_) => break,
            }
        }
        let (depth, choice) = best.unwrap_or_else(|| {
            // Not even one ply in time (a huge budget-less position): one ply anyway.
            let c = alphabeta::search(game, pos, 1);
            (1, c)
        });
        Played {
            choice: Choice { nodes: nodes.max(choice.nodes), ..choice },
            depth,
            fell_back: None,
            ends_in,
        }
    }

    pub fn choose<G: Game>(
        &mut self,
        game: &G,
        pos: &G::Position,
    ) -> Result<Choice<G::Action>, TooManyNodes> {
        let game = &game.for_machine(game.to_move(pos));
        let Some(rng) = self.rng.as_mut() else {
            return alphabeta::search_within(game, pos, self.depth, self.max_nodes);
        };
        // Every root action needs its exact value to know which ones tie.
        let mut actions = Vec::new();
        game.actions(pos, &mut actions);
        let maximising = game.to_move(pos).maximises();
        let mut nodes = 1;
        let mut scored = Vec::with_capacity(actions.len());
        for &a in &actions {
            let budget = self.max_nodes.saturating_sub(nodes);
            let c = alphabeta::search_within(game, &game.apply(pos, a), self.depth.saturating_sub(1), budget)
                .map_err(|_| TooManyNodes::over(self.max_nodes))?;
            nodes += c.nodes;
            scored.push((a, c.value));
        }
        let Some(best) =
            (if maximising { scored.iter().map(|s| s.1).max() } else { scored.iter().map(|s| s.1).min() })
        else {
            return Ok(Choice { action: None, value: game.cost(pos, false), nodes });
        };
        let ties: Vec<G::Action> = scored.iter().filter(|s| s.1 == best).map(|s| s.0).collect();
        Ok(Choice { action: Some(ties[rng.below(ties.len())]), value: best, nodes })
    }
}
