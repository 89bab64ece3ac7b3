//! The simulation phase: a game played out from a new node, at random or
//! greedily by the game's static cost, and scored in half points for the first
//! player (2 a win, 1 a draw, 0 a loss).

use crate::game::{Game, Outcome, Player};
use crate::rng::Rng;

/// The policy of a playout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rollout {
    /// Each ply an action drawn uniformly from the legal ones.
    #[default]
    Random,
    /// Each ply the action whose position has the best static cost for the
    /// side to move ([`crate::game::Evaluation::cost`], which scores a won
    /// position as a win); ties drawn uniformly.
    Heuristic,
}

impl Rollout {
    /// The name in exports and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Rollout::Random => "random",
            Rollout::Heuristic => "heuristic",
        }
    }
}

/// The result of a game over at `pos`, in half points for the first player.
pub fn result_at<G: Game>(game: &G, pos: &G::Position) -> u32 {
    let mover_first = game.to_move(pos) == Player::First;
    match (game.terminal_outcome(pos), mover_first) {
        (Outcome::Draw, _) => 1,
        (Outcome::Win, true) | (Outcome::Loss, false) => 2,
        (Outcome::Win, false) | (Outcome::Loss, true) => 0,
    }
}

/// A playout and its result.
pub struct Playout<A> {
    /// Half points for the first player.
    pub result: u32,
    /// Whether the ply limit stopped it (scored a draw).
    pub cut: bool,
    /// Its moves, when recorded.
    pub moves: Vec<A>,
}

/// Plays `pos` out by `policy` for at most `max_plies` plies; `actions` holds
/// the actions of `pos` on entry (a buffer reused between playouts).
pub fn play_out<G: Game>(
    game: &G,
    mut pos: G::Position,
    actions: &mut Vec<G::Action>,
    (policy, max_plies): (Rollout, u32),
    rng: &mut Rng,
    record: bool,
) -> Playout<G::Action> {
    let mut moves = Vec::new();
    for _ in 0..max_plies {
        if actions.is_empty() {
            return Playout { result: result_at(game, &pos), cut: false, moves };
        }
        let next = match policy {
            Rollout::Random => {
                let a = actions[rng.below(actions.len())];
                if record {
                    moves.push(a);
                }
                game.apply(&pos, a)
            }
            Rollout::Heuristic => greedy(game, &pos, actions, rng, &mut moves, record),
        };
        pos = next;
        game.actions(&pos, actions);
    }
    if actions.is_empty() {
        return Playout { result: result_at(game, &pos), cut: false, moves };
    }
    Playout { result: 1, cut: true, moves }
}

/// The position of the action best for the side to move by static cost, the
/// equally good ones drawn uniformly (each replaces the kept one with
/// probability 1/k, k the equals met so far).
fn greedy<G: Game>(
    game: &G,
    pos: &G::Position,
    actions: &[G::Action],
    rng: &mut Rng,
    moves: &mut Vec<G::Action>,
    record: bool,
) -> G::Position {
    let maximising = game.to_move(pos).maximises();
    let mut best: Option<(G::Position, i32, G::Action)> = None;
    let mut equals = 0;
    for (&a, (p, cost)) in actions.iter().zip(game.leaves(pos, actions)) {
        let better = match &best {
            None => true,
            Some((_, b, _)) if cost == *b => {
                equals += 1;
                rng.below(equals) == 0
            }
            Some((_, b, _)) => (cost > *b) == maximising,
        };
        if better {
            if best.as_ref().is_none_or(|(_, b, _)| cost != *b) {
                equals = 1;
            }
            best = Some((p, cost, a));
        }
    }
    let (p, _, a) = best.expect("a position with actions");
    if record {
        moves.push(a);
    }
    p
}
