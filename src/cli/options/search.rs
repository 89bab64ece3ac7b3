//! `--search`: which search sets a tree's values (the library's one enum of
//! searches, which every door takes).

pub use crate::search::Search;

/// `--search` where only minimax and alpha-beta make sense: the searches a
/// student runs by hand (`exercise`), and those the course's trees are
/// exported under (`checkers --export-trees`).
pub fn by_hand() -> impl clap::builder::TypedValueParser<Value = Search> {
    use clap::builder::{PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(["minimax", "alphabeta"]).map(|s| Search::named(&s).unwrap_or_default())
}
