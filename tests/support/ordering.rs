//! A game searched in its defined order: the same game with
//! `order_for_search` left out, so that the implicit alpha-beta visits exactly
//! the nodes that alpha-beta over the explicit tree visits.

use gametree::game::prelude::*;
use gametree::game::{Outcome, Player, PositionError};

#[derive(Clone)]
pub struct DefinedOrder<G>(pub G);

impl<G: Game> Rules for DefinedOrder<G> {
    type Position = G::Position;
    type Action = G::Action;

    fn start(&self) -> G::Position {
        self.0.start()
    }

    fn to_move(&self, pos: &G::Position) -> Player {
        self.0.to_move(pos)
    }

    fn actions(&self, pos: &G::Position, out: &mut Vec<G::Action>) {
        self.0.actions(pos, out)
    }

    fn has_actions(&self, pos: &G::Position) -> bool {
        self.0.has_actions(pos)
    }

    fn apply(&self, pos: &G::Position, action: G::Action) -> G::Position {
        self.0.apply(pos, action)
    }

    fn terminal_outcome(&self, pos: &G::Position) -> Outcome {
        self.0.terminal_outcome(pos)
    }
}

impl<G: Game> Storage for DefinedOrder<G> {
    type Packed = G::Packed;

    fn pack(&self, pos: &G::Position) -> G::Packed {
        self.0.pack(pos)
    }

    fn unpack(&self, packed: &G::Packed, to_move: Player) -> G::Position {
        self.0.unpack(packed, to_move)
    }
}

/// Everything but `order_for_search`.
impl<G: Game> Evaluation for DefinedOrder<G> {
    fn heuristic(&self, pos: &G::Position) -> i32 {
        self.0.heuristic(pos)
    }

    fn terminal_cost(&self, pos: &G::Position) -> i32 {
        self.0.terminal_cost(pos)
    }

    fn cost(&self, pos: &G::Position, can_act: bool) -> i32 {
        self.0.cost(pos, can_act)
    }

    fn decided_at(&self) -> i32 {
        self.0.decided_at()
    }

    fn for_machine(&self, machine: Player) -> Self {
        DefinedOrder(self.0.for_machine(machine))
    }
}

impl<G: Game> Notation for DefinedOrder<G> {
    fn format_action(&self, action: G::Action) -> String {
        self.0.format_action(action)
    }

    fn parse_position(&self, text: &str) -> Result<G::Position, PositionError> {
        self.0.parse_position(text)
    }

    fn format_position(&self, pos: &G::Position) -> String {
        self.0.format_position(pos)
    }
}

impl<G: Game> Presentation for DefinedOrder<G> {
    const NAME: &'static str = G::NAME;
}

impl<G: Game> Play for DefinedOrder<G> {}

impl<G: Game> Drawing for DefinedOrder<G> {}
