//! A search told as it happens: the events the explorer replays step by step and
//! `--trace` writes out. The searches report them through an [`Observer`]; the
//! no-op observer `()` compiles to nothing, so an untraced search runs the same
//! code at full speed.

/// One step of a search over an explicit tree. Nodes are named by their ids
/// (construction order, the root 0); values are from the first player's point
/// of view, as everywhere in a tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The search enters a node; under alpha-beta, with its window.
    Enter {
        /// The node's id.
        node: u32,
        /// `[alpha, beta]` as the node starts; `None` under minimax.
        window: Option<(WindowEnd, WindowEnd)>,
    },
    /// A leaf: its value is its static cost.
    Leaf {
        /// The leaf's id.
        node: u32,
        /// Its static cost, which is its value.
        value: i32,
    },
    /// A node is done and hands its value to its parent.
    Return {
        /// The node's id.
        node: u32,
        /// Its value; under alpha-beta, a bound when the node was cut off.
        value: i32,
    },
    /// After a child returned, a node's window changed (only sent when it did).
    Window {
        /// The node's id.
        node: u32,
        /// The new lower end.
        alpha: WindowEnd,
        /// The new upper end.
        beta: WindowEnd,
    },
    /// A node stops early: some of its children are skipped, and everything
    /// below them.
    Cutoff {
        /// The node's id.
        node: u32,
        /// Which end of the window it reached.
        kind: Cutoff,
        /// The id of the first child skipped.
        first: u32,
        /// The id of the last child skipped (children's ids are consecutive).
        last: u32,
    },
}

/// Receives a search's events in order.
pub trait Observer {
    /// Called once for each step, in the order the search takes them.
    fn event(&mut self, event: Event);
}

/// No observer: nothing is recorded.
impl Observer for () {
    #[inline(always)]
    fn event(&mut self, _: Event) {}
}

/// Counts the events without keeping them: how long a trace would be, known
/// before one is recorded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counted(pub u64);

impl Observer for Counted {
    #[inline(always)]
    fn event(&mut self, _: Event) {
        self.0 += 1;
    }
}

/// Records every event.
impl Observer for Vec<Event> {
    fn event(&mut self, event: Event) {
        self.push(event);
    }
}

impl Event {
    /// The node the event is about.
    pub fn node(&self) -> u32 {
        match *self {
            Event::Enter { node, .. }
            | Event::Leaf { node, .. }
            | Event::Return { node, .. }
            | Event::Window { node, .. }
            | Event::Cutoff { node, .. } => node,
        }
    }

    /// The event's name in exports.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Enter { .. } => "enter",
            Event::Leaf { .. } => "leaf",
            Event::Return { .. } => "return",
            Event::Window { .. } => "window",
            Event::Cutoff { .. } => "cutoff",
        }
    }
}

/// Which bound a node's cut-off came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cutoff {
    /// A maximising node reached beta: its remaining children were skipped.
    Beta,
    /// A minimising node fell to alpha: its remaining children were skipped.
    Alpha,
}

impl Cutoff {
    /// `beta` or `alpha`, as the trace and JSON exports write it.
    pub fn name(self) -> &'static str {
        match self {
            Cutoff::Beta => "beta",
            Cutoff::Alpha => "alpha",
        }
    }
}

/// One end of an alpha-beta window: a game value, or an infinity, which no game
/// value is. (A side that cannot move costs the extreme `i32`s in checkers: they
/// are scores, and a window that opened at them would cut off where a textbook
/// search does not.) Ordered as the numbers are, the infinities outside them all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum WindowEnd {
    /// Below every game value: nothing is known yet for the maximising side.
    MinusInfinity,
    /// A game value, from the first player's point of view.
    Value(i32),
    /// Above every game value: nothing is known yet for the minimising side.
    PlusInfinity,
}

impl WindowEnd {
    /// A search's wide window end: `i64::MIN` and `i64::MAX` are the
    /// infinities, anything else a game value.
    pub fn from_wide(end: i64) -> WindowEnd {
        match end {
            i64::MIN => WindowEnd::MinusInfinity,
            i64::MAX => WindowEnd::PlusInfinity,
            v => WindowEnd::Value(v as i32),
        }
    }

    /// The game value, `None` for an infinity.
    pub fn value(self) -> Option<i32> {
        match self {
            WindowEnd::Value(v) => Some(v),
            _ => None,
        }
    }
}

/// `-∞`, `+∞` or the number.
impl std::fmt::Display for WindowEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WindowEnd::MinusInfinity => f.write_str("-∞"),
            WindowEnd::Value(v) => write!(f, "{v}"),
            WindowEnd::PlusInfinity => f.write_str("+∞"),
        }
    }
}

/// A number, or the string `"-∞"` or `"+∞"` (JSON has no infinities).
impl serde::Serialize for WindowEnd {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            WindowEnd::Value(v) => s.serialize_i32(*v),
            _ => s.collect_str(self),
        }
    }
}
