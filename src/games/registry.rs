//! How the one list of games (in `games/mod.rs`) is read: the names the command
//! line offers, the options each game declares with their help and ranges, and
//! the dispatch from a name to the configured game ([`crate::with_game!`]).

use std::fmt;

use crate::game::Game;

/// An integer option a game takes: `--NAME N` on the command line and a
/// `NAME N` line in a saved game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOption {
    /// The flag without its dashes, and the saved-game key: `max-plies`.
    pub name: &'static str,
    /// One line of help, after the game's name: `plies after which...`.
    pub help: &'static str,
    /// The least value accepted.
    pub min: i64,
    /// The greatest value accepted.
    pub max: i64,
    /// The value `solve` takes when none is given: a setting that is a
    /// convenience of play (a ply limit) is not part of the game solved.
    pub for_solve: Option<i64>,
}

/// The options given for a game, by name, as given (unknown to no game, within
/// range: see [`check`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings(Vec<(&'static str, i64)>);

impl Settings {
    /// The value given for option `name`, if any.
    pub fn get(&self, name: &str) -> Option<i64> {
        self.0.iter().find(|(n, _)| *n == name).map(|&(_, v)| v)
    }

    /// Sets `name`, replacing a value it had.
    pub fn set(&mut self, name: &'static str, value: i64) {
        match self.0.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = value,
            None => self.0.push((name, value)),
        }
    }

    /// The settings in the order the list of games declares their options.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, i64)> + '_ {
        options().filter_map(|o| self.get(o.name).map(|v| (o.name, v)))
    }
}

/// What the list of games needs of a game besides its rules: a line about
/// it, its rules for a person, its options, and how they configure it (its
/// name is [`Presentation::NAME`](crate::game::Presentation::NAME)).
pub trait Registered: Game + Default {
    /// What the game is, in a few words, for `--help`.
    const ABOUT: &'static str;
    /// The rules in a few lines, for `gametree rules GAME` and play's `rules`:
    /// how a side moves, how a game ends, and how cells and actions are
    /// written. Not empty: the list of games does not compile with an empty
    /// one.
    const RULES: &'static str;
    /// How a position (`--position`, saved games) and an action are written,
    /// in a line of Markdown: the README's table of notations. Not empty.
    const NOTATION: &'static str;
    /// The options the game takes; the command line and saved games offer them.
    const OPTIONS: &'static [GameOption] = &[];

    /// The game configured by `settings`, which hold only this game's options,
    /// each within its range; an option not given takes the game's default.
    /// The default is `Self::default()`, for a game without options: a game
    /// that declares [`Registered::OPTIONS`] writes its own (the default
    /// refuses to run for it, so the first test that configures it says so).
    fn configured(settings: &Settings) -> Self {
        assert!(
            Self::OPTIONS.is_empty(),
            "{} declares OPTIONS, so it must write Registered::configured",
            Self::NAME
        );
        let _ = settings;
        Self::default()
    }
}

/// Whether `name` fits the schema's pattern for a game (`^[a-z0-9_-]+$`).
const fn fits_schema(name: &str) -> bool {
    let b = name.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if !matches!(b[i], b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_') {
            return false;
        }
        i += 1;
    }
    !b.is_empty()
}

/// A game of the list, by name; the command line's choice of game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameName(&'static str);

/// What the list says of one game without configuring it.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// [`Presentation::NAME`](crate::game::Presentation::NAME).
    pub name: &'static str,
    /// [`Registered::ABOUT`].
    pub about: &'static str,
    /// [`Registered::RULES`].
    pub rules: &'static str,
    /// [`Registered::NOTATION`].
    pub notation: &'static str,
    /// [`Registered::OPTIONS`].
    pub options: &'static [GameOption],
}

impl Entry {
    #[doc(hidden)]
    pub const fn of<G: Registered>() -> Entry {
        // Checked as the list is compiled: a mistake here is a compile error.
        assert!(fits_schema(G::NAME), "a game's NAME is lower-case letters, digits, - and _");
        assert!(!G::RULES.is_empty(), "a game's RULES are not empty");
        assert!(!G::ABOUT.is_empty(), "a game's ABOUT is not empty");
        assert!(!G::NOTATION.is_empty(), "a game's NOTATION is not empty");
        Entry { name: G::NAME, about: G::ABOUT, rules: G::RULES, notation: G::NOTATION, options: G::OPTIONS }
    }
}

impl GameName {
    #[doc(hidden)]
    pub const fn of<G: Registered>() -> GameName {
        GameName(G::NAME)
    }

    /// The name as the command line takes it (`checkers`).
    pub fn as_str(self) -> &'static str {
        self.0
    }

    /// The registered game of that name (exactly as listed).
    pub fn named(name: &str) -> Option<GameName> {
        super::ALL.iter().copied().find(|g| g.0 == name)
    }

    /// What the list says of this game: its help line and options.
    pub fn entry(self) -> &'static Entry {
        super::ENTRIES.iter().find(|e| e.name == self.0).expect("a GameName is registered")
    }

    /// The depth the game searches to when none is given.
    pub fn default_depth(self) -> u8 {
        crate::with_game!(self, &Settings::default(), |g| g.default_depth())
    }
}

impl fmt::Display for GameName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// The games as the command line offers them, each with its one-line description.
#[cfg(feature = "cli")]
impl clap::ValueEnum for GameName {
    fn value_variants<'a>() -> &'a [Self] {
        super::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.0).help(self.entry().about))
    }
}

/// Every option of every game, each name once, in the list's order.
pub fn options() -> impl Iterator<Item = &'static GameOption> {
    let all = super::ENTRIES.iter().flat_map(|e| e.options.iter());
    all.clone()
        .enumerate()
        .filter(move |&(i, o)| all.clone().position(|p| p.name == o.name) == Some(i))
        .map(|p| p.1)
}

/// The games that take the option `name`.
pub fn games_taking(name: &str) -> impl Iterator<Item = GameName> + '_ {
    super::ALL.iter().copied().filter(move |g| g.entry().options.iter().any(|o| o.name == name))
}

/// Whether `settings` suit `game`: each one of its options and within range. The
/// error names the option as a flag: `--radius applies to gomoku only, not to ataxx`.
pub fn check(game: GameName, settings: &Settings) -> Result<(), String> {
    for (name, value) in &settings.0 {
        let Some(o) = game.entry().options.iter().find(|o| o.name == *name) else {
            let owners: Vec<&str> = games_taking(name).map(GameName::as_str).collect();
            return Err(format!("--{name} applies to {} only, not to {game}", owners.join(" and ")));
        };
        if !(o.min..=o.max).contains(value) {
            return Err(format!("--{name} {value}: expected {} to {}", o.min, o.max));
        }
    }
    Ok(())
}

/// The settings `solve` uses: the given ones, and each option's
/// [`GameOption::for_solve`] where it was not given.
pub fn for_solve(game: GameName, given: &Settings) -> Settings {
    let mut s = given.clone();
    for o in game.entry().options {
        if let (None, Some(v)) = (s.get(o.name), o.for_solve) {
            s.set(o.name, v);
        }
    }
    s
}

/// Each line of the list declares its folder's module: `pub mod checkers;`.
#[doc(hidden)]
#[macro_export]
macro_rules! __game_modules {
    ({} $($folder:ident :: $game:ident,)*) => { $(pub mod $folder;)* };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __game_names {
    ({} $($folder:ident :: $game:ident,)*) => {
        &[$($crate::games::GameName::of::<$crate::games::$folder::$game>()),*]
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __game_entries {
    ({} $($folder:ident :: $game:ident,)*) => {
        &[$($crate::games::Entry::of::<$crate::games::$folder::$game>()),*]
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_game {
    ({ $name:expr, $settings:expr, $g:ident, $body:expr } $($folder:ident :: $game:ident,)*) => {{
        #[allow(unused_imports)]
        use $crate::game::prelude::*;
        let name: $crate::games::GameName = $name;
        let settings: &$crate::games::Settings = $settings;
        match name.as_str() {
            $(n if n == <$crate::games::$folder::$game as $crate::game::Presentation>::NAME => {
                let $g = &<$crate::games::$folder::$game as $crate::games::Registered>::configured(settings);
                $body
            })*
            other => unreachable!("{other} is not in the list of games"),
        }
    }};
}

/// Runs `$body` with `$g` bound to a reference to the named game, configured
/// from `$settings` (a [`Settings`]): the one place where a game's name meets its
/// type. `$body` is compiled once for each game of the list.
#[macro_export]
macro_rules! with_game {
    ($name:expr, $settings:expr, |$g:ident| $body:expr) => {
        $crate::__each_game!(__dispatch_game! { $name, $settings, $g, $body })
    };
}
