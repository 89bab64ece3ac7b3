//! A search told as it happens: the events the explorer replays step by step and
//! `--trace` writes out. The searches report them through an [`Observer`]; the
//! no-op observer `()` compiles to nothing, so an untraced search runs the same
//! code at full speed.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The search enters `node`; under alpha-beta, with its window `[alpha, beta]`.
    Enter { node: u32, window: Option<(WindowEnd, WindowEnd)> },
    /// `node` is a leaf: its value is its static cost.
    Leaf { node: u32, value: i32 },
    /// `node` is done and hands `value` to its parent (under alpha-beta, a bound
    /// when the node was cut off).
    Return { node: u32, value: i32 },
    /// After a child returned, `node`'s window became `[alpha, beta]` (only when
    /// it changed).
    Window { node: u32, alpha: WindowEnd, beta: WindowEnd },
    /// `node` stops early: its children with ids `first..=last` are skipped, and
    /// everything below them.
    Cutoff { node: u32, kind: Cutoff, first: u32, last: u32 },
}

/// Receives a search's events in order.
pub trait Observer {
    fn event(&mut self, event: Event);
}

/// No observer: nothing is recorded.
impl Observer for () {
    #[inline(always)]
    fn event(&mut self, _: Event) {}
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
    MinusInfinity,
    Value(i32),
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
