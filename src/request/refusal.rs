//! Why a request is refused: which option is at fault and what is wrong, in
//! words that name options by [`Opt`], so that each door says them its own way
//! (`--depth`, `depth=`, the `depth` field) from one sentence written once.

use std::borrow::Cow;

use super::option::{Door, Opt};

/// What kind of refusal: it sets the command line's exit status and Python's
/// exception.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// The request is wrong as asked (status 2, `ValueError`).
    Usage,
    /// A budget would be passed (status 3, `BudgetError`).
    Budget,
}

/// One piece of a refusal's sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Word {
    /// Plain words.
    Text(Cow<'static, str>),
    /// An option, spelt by the door.
    Opt(Opt),
    /// An option with a value, spelt by the door.
    Set(Opt, String),
}

impl Word {
    /// `opt` given `value`.
    pub fn set(opt: Opt, value: impl ToString) -> Word {
        Word::Set(opt, value.to_string())
    }
}

impl From<&'static str> for Word {
    fn from(s: &'static str) -> Word {
        Word::Text(Cow::Borrowed(s))
    }
}

impl From<String> for Word {
    fn from(s: String) -> Word {
        Word::Text(Cow::Owned(s))
    }
}

impl From<Opt> for Word {
    fn from(o: Opt) -> Word {
        Word::Opt(o)
    }
}

/// The words of a sentence: `words![Opt::Depth, " is 1 to 64"]`.
#[macro_export]
macro_rules! words {
    ($($w:expr),* $(,)?) => { vec![$($crate::request::Word::from($w)),*] };
}

/// A request refused: the option at fault (none when it is none in
/// particular), the kind, and the sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The option at fault: the page shows the sentence beside its field.
    pub option: Option<Opt>,
    /// Usage or budget.
    pub why: Why,
    words: Vec<Word>,
}

impl Refusal {
    /// A request wrong as asked, at `option`.
    pub fn usage(option: impl Into<Option<Opt>>, words: Vec<Word>) -> Refusal {
        Refusal { option: option.into(), why: Why::Usage, words }
    }

    /// A budget that would be passed, at `option` (the budget to raise, or
    /// what to make smaller).
    pub fn budget(option: impl Into<Option<Opt>>, words: Vec<Word>) -> Refusal {
        Refusal { option: option.into(), why: Why::Budget, words }
    }

    /// A refusal with words from below the request layer (a game's parser, a
    /// reader), which name no option.
    pub fn said(option: impl Into<Option<Opt>>, why: Why, message: impl ToString) -> Refusal {
        Refusal { option: option.into(), why, words: vec![Word::from(message.to_string())] }
    }

    /// The sentence as `door` says it.
    pub fn in_door(&self, door: Door) -> String {
        say(&self.words, door)
    }
}

impl std::fmt::Display for Refusal {
    /// In the command line's words; a door says it in its own with [`Refusal::in_door`].
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.in_door(Door::Cli))
    }
}

impl std::error::Error for Refusal {}

/// A sentence that names options, as `door` says it.
pub fn say(words: &[Word], door: Door) -> String {
    let mut out = String::new();
    for w in words {
        match w {
            Word::Text(t) => out.push_str(t),
            Word::Opt(o) => out.push_str(&door.spell(*o)),
            Word::Set(o, v) => out.push_str(&door.spell_set(*o, v)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_sentence_is_said_in_each_doors_words() {
        let r = Refusal::usage(
            Opt::NoPruneOnTies,
            crate::words![
                Opt::NoPruneOnTies,
                " changes alpha-beta's cut-offs; add ",
                Word::set(Opt::Search, "alphabeta"),
                " or ",
                Opt::CompareOrders
            ],
        );
        assert_eq!(
            r.in_door(Door::Cli),
            "--no-prune-on-ties changes alpha-beta's cut-offs; add --search alphabeta or --compare-orders"
        );
        assert_eq!(
            r.in_door(Door::Python),
            "prune_on_ties=False changes alpha-beta's cut-offs; add search=\"alphabeta\" or compare_orders=True"
        );
        assert_eq!(r.option, Some(Opt::NoPruneOnTies));
    }
}
