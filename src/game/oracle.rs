//! Test oracles: each game's legal actions found the slow, literal way, to check
//! the fast generator against. Only tests and fuzz targets use them, so they are
//! built with the `oracles` feature alone.

use super::Rules;

/// A second, independent move generator.
pub trait Oracle: Rules {
    /// The legal actions of `pos` read literally off the rules, in the order
    /// [`Rules::actions`] must give them.
    fn reference_actions(&self, pos: &Self::Position) -> Vec<Self::Action>;
}
