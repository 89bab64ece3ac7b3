//! What the search asks of a game besides its rules: values, the threshold of a
//! forced result, an order to try actions in, the leaf fast path, and its usual
//! depth and speed.

use super::{Outcome, Player, Rules};

/// How a game values positions, and what helps a search of it. Every method
/// has a default: a game that writes none is searched to its ends, knowing
/// only who won (the defaults of [`Evaluation::heuristic`] and
/// [`Evaluation::terminal_cost`]).
pub trait Evaluation: Rules {
    /// Static cost of a position whose side to move can act (positive favours
    /// `First`). The default, 0, knows nothing before the end: right for a
    /// game searched to its end, weak for one that is not.
    fn heuristic(&self, pos: &Self::Position) -> i32 {
        let _ = pos;
        0
    }

    /// Cost of a position whose side to move has no action: the game is over.
    /// The default reads [`Rules::terminal_outcome`]: a won game is the
    /// extreme value for its winner (`i32::MAX` for `First`, `i32::MIN` for
    /// `Second`, as the course's checkers scores it), a draw 0. A game whose
    /// wins have sizes (a quicker win, a wider margin) writes its own, and
    /// then [`Evaluation::decided_at`].
    fn terminal_cost(&self, pos: &Self::Position) -> i32 {
        let first_to_move = self.to_move(pos) == Player::First;
        match self.terminal_outcome(pos) {
            Outcome::Draw => 0,
            Outcome::Win if first_to_move => i32::MAX,
            Outcome::Loss if !first_to_move => i32::MAX,
            _ => i32::MIN,
        }
    }

    /// The cost the search uses for a position; `can_act` is `has_actions(pos)`,
    /// passed in because the caller usually knows it already.
    fn cost(&self, pos: &Self::Position, can_act: bool) -> i32 {
        if can_act { self.heuristic(pos) } else { self.terminal_cost(pos) }
    }

    /// The position `action` leads to from `pos`, and its cost: all that a tree
    /// needs of a leaf.
    #[inline]
    fn leaf(&self, pos: &Self::Position, action: Self::Action) -> (Self::Position, i32) {
        let p = self.apply(pos, action);
        let cost = self.cost(&p, self.has_actions(&p));
        (p, cost)
    }

    /// [`Evaluation::leaf`] of each of `actions`, all the actions of `pos`, in
    /// order. Most of a deep tree's nodes are leaves, and most of a leaf's cost is
    /// finding out whether its side to move can act; games override this when,
    /// knowing the parent and all its actions, they can tell that more cheaply.
    #[inline]
    fn leaves<'s>(
        &'s self,
        pos: &'s Self::Position,
        actions: &'s [Self::Action],
    ) -> impl ExactSizeIterator<Item = (Self::Position, i32)> + 's {
        actions.iter().map(move |&a| self.leaf(pos, a))
    }

    /// The least value, in size, that only a game won by force can have: the
    /// search found a win (positive) or a loss within its depth. Heuristic
    /// values stay below it.
    fn decided_at(&self) -> i32 {
        i32::MAX
    }

    /// Whether a search value says the game is won or lost by force.
    fn is_decided(&self, value: i32) -> bool {
        value.unsigned_abs() >= self.decided_at().unsigned_abs()
    }

    /// Reorders `actions` so that a pruning search meets the likely best ones first.
    /// Only the implicit search uses it; trees keep the defined order.
    fn order_for_search(&self, pos: &Self::Position, actions: &mut [Self::Action]) {
        let _ = (pos, actions);
    }

    /// The same game, evaluating for `machine`: for games whose evaluation depends
    /// on which side is searching (Gomoku's defence weight).
    fn for_machine(&self, machine: Player) -> Self {
        let _ = machine;
        self.clone()
    }

    /// The depth the machine searches to when none is given.
    fn default_depth(&self) -> u8 {
        3
    }

    /// How a heuristic value (not a forced result) reads to a player: who
    /// leads, and by how much, in this game's units. The default reads any
    /// positive value as the first player's lead and any negative one as the
    /// second's; games whose values have a scale say where a lead begins.
    fn lead(&self, value: i32) -> Lead {
        Lead::by_margins(value, 1, i32::MAX)
    }

    /// About how many positions a search examines per second on a typical
    /// machine. A seeded machine counts its thinking time in positions at
    /// this rate, so that the same seed plays the same game on any machine.
    fn positions_per_second(&self) -> u64 {
        20_000_000
    }
}

/// Who leads by a heuristic value, in words a player would use: see
/// [`Evaluation::lead`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lead {
    /// Neither side is ahead by enough to say.
    Level,
    /// This side is ahead.
    Ahead(Player),
    /// This side is ahead by a margin that usually decides the game.
    WellAhead(Player),
}

impl Lead {
    /// The lead of `value` (positive favours [`Player::First`]) when a lead
    /// begins at `ahead` and is a wide one from `well_ahead` on.
    pub fn by_margins(value: i32, ahead: i32, well_ahead: i32) -> Lead {
        let side = if value > 0 { Player::First } else { Player::Second };
        let size = value.unsigned_abs();
        if size >= well_ahead.unsigned_abs() {
            Lead::WellAhead(side)
        } else if size >= ahead.unsigned_abs() {
            Lead::Ahead(side)
        } else {
            Lead::Level
        }
    }
}
