//! The argument groups several commands share, each flattened into the
//! commands that take it.

pub mod game;
pub mod position;
pub mod search;
pub mod tree;

use crate::request::check;

/// The parser of a whole-number option within `min..=max`, refused in the
/// request layer's words, so that the command line's "invalid value '99' for
/// '--depth <DEPTH>': expected 1 to 64" says what Python's "depth=99:
/// expected 1 to 64" says.
pub fn whole<T: TryFrom<i128>>(
    min: impl Into<i128>,
    max: impl Into<i128>,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    let (min, max) = (min.into(), max.into());
    move |text| {
        check::whole(text, min, max).and_then(|v| T::try_from(v).map_err(|_| check::expected(min, max)))
    }
}

/// The parser of a whole-number option of `min` or more (up to what a u64 holds).
pub fn at_least<T: TryFrom<i128>>(
    min: impl Into<i128>,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    whole(min, u64::MAX)
}
