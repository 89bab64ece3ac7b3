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

/// What the list of games needs of a game besides its rules: its name, a line
/// about it, its options, and how they configure it.
pub trait Registered: Game {
    /// The name on the command line, in saved games and exports: `name()`.
    const NAME: &'static str;
    /// What the game is, in a few words, for `--help`.
    const ABOUT: &'static str;
    /// The options the game takes; the command line and saved games offer them.
    const OPTIONS: &'static [GameOption] = &[];

    /// The game configured by `settings`, which hold only this game's options,
    /// each within its range; an option not given takes the game's default.
    fn configured(settings: &Settings) -> Self;
}

/// A game of the list, by name; the command line's choice of game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameName(&'static str);

/// What the list says of one game without configuring it.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// [`Registered::NAME`].
    pub name: &'static str,
    /// [`Registered::ABOUT`].
    pub about: &'static str,
    /// [`Registered::OPTIONS`].
    pub options: &'static [GameOption],
}

impl Entry {
    #[doc(hidden)]
    pub const fn of<G: Registered>() -> Entry {
        Entry { name: G::NAME, about: G::ABOUT, options: G::OPTIONS }
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
            return Err(format!("--{name} {value} is not in {}..={}", o.min, o.max));
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

#[doc(hidden)]
#[macro_export]
macro_rules! __game_names {
    ({} $($game:path,)*) => { &[$($crate::games::GameName::of::<$game>()),*] };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __game_entries {
    ({} $($game:path,)*) => { &[$($crate::games::Entry::of::<$game>()),*] };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch_game {
    ({ $name:expr, $settings:expr, $g:ident, $body:expr } $($game:path,)*) => {{
        #[allow(unused_imports)]
        use $crate::game::prelude::*;
        let name: $crate::games::GameName = $name;
        let settings: &$crate::games::Settings = $settings;
        match name.as_str() {
            $(n if n == <$game as $crate::games::Registered>::NAME => {
                let $g = &<$game as $crate::games::Registered>::configured(settings);
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
