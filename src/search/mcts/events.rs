//! What one iteration of the search does, phase by phase, as `--trace` writes
//! it (`docs/trace.md`). The search reports through an [`Observer`]; the
//! observer `()` records nothing and compiles away, so a traced search and an
//! untraced one run the same code.

/// One step of selection: the child taken, and the terms of its score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// The child selection took.
    pub node: u32,
    /// Its parent's visits (the N of the logarithm).
    pub parent_visits: u32,
    /// Its visits before this iteration.
    pub visits: u32,
    /// Its mean reward Q, for the side that chooses it.
    pub exploit: f64,
    /// c·sqrt(ln N_parent / N_child).
    pub explore: f64,
}

/// How an iteration's result came about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scored {
    /// A random (or heuristic) playout to the end of the game.
    Rollout,
    /// A playout stopped at [`super::ROLLOUT_PLIES`], scored a draw.
    Cut,
    /// The node's position is over: its result is the game's.
    Terminal,
    /// The node's result was proven (MCTS-Solver): it is taken as it is.
    Proven,
}

impl Scored {
    /// The name in exports.
    pub fn name(self) -> &'static str {
        match self {
            Scored::Rollout => "rollout",
            Scored::Cut => "cut",
            Scored::Terminal => "terminal",
            Scored::Proven => "proven",
        }
    }
}

/// One phase of one iteration.
#[derive(Clone, Debug, PartialEq)]
pub enum Event<A> {
    /// Selection went from the root down through these children.
    Select {
        /// The iteration, from 1.
        iteration: u32,
        /// Each step down, root's child first.
        path: Vec<Step>,
    },
    /// `node` was made for `action`, below `parent`.
    Expand {
        /// The iteration, from 1.
        iteration: u32,
        /// The new node's id.
        node: u32,
        /// Its parent's id.
        parent: u32,
        /// The action from the parent.
        action: A,
    },
    /// The result from `node`: the playout's moves (none unless `how` is a
    /// rollout) and the result in half points for the first player.
    Simulate {
        /// The iteration, from 1.
        iteration: u32,
        /// The node the playout starts from.
        node: u32,
        /// The playout's actions, in order.
        moves: Vec<A>,
        /// How the result came about.
        how: Scored,
        /// Half points for the first player: 2 a win, 1 a draw, 0 a loss.
        result: u32,
    },
    /// Each node on the path, root first, with its visits and total reward in
    /// half points after the update; `proven`: nodes proven by this iteration,
    /// with their results (half points for the first player).
    Backup {
        /// The iteration, from 1.
        iteration: u32,
        /// (node, visits, total reward in half points), root first.
        path: Vec<(u32, u32, u32)>,
        /// (node, proven result in half points for the first player).
        proven: Vec<(u32, u32)>,
    },
}

impl<A> Event<A> {
    /// The event's name in exports.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Select { .. } => "select",
            Event::Expand { .. } => "expand",
            Event::Simulate { .. } => "simulate",
            Event::Backup { .. } => "backup",
        }
    }
}

/// Receives the search's events in order.
pub trait Observer<A> {
    /// Whether events are wanted at all: the search skips making them if not.
    const RECORDS: bool;
    /// Takes one event.
    fn event(&mut self, event: Event<A>);
}

/// No observer: nothing is recorded.
impl<A> Observer<A> for () {
    const RECORDS: bool = false;
    #[inline(always)]
    fn event(&mut self, _: Event<A>) {}
}

/// Records every event.
impl<A> Observer<A> for Vec<Event<A>> {
    const RECORDS: bool = true;
    fn event(&mut self, event: Event<A>) {
        self.push(event);
    }
}
