//! How a game is played, from the command line and from a saved game: the
//! command line wins, and says so.

use clap::ValueEnum;

use super::levels::{Level, Who};
use crate::games::{self, Settings};
use crate::limits::DEFAULT_MAX_NODES;

/// Everything a saved game records besides its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaySettings {
    pub first: Who,
    pub second: Who,
    pub level: Level,
    pub depth: Option<u8>,
    pub seed: Option<u64>,
    pub max_nodes: u64,
    /// Milliseconds `strong` thinks per move (without a fixed --depth).
    pub think: u64,
    pub game: Settings,
}

/// How long `strong` thinks by default, in milliseconds.
pub const DEFAULT_THINK: u64 = crate::search::levels::DEFAULT_THINK;

/// What the command line gave (`None`: not given).
#[derive(Clone, Debug, Default)]
pub struct Given {
    pub first: Option<Who>,
    pub second: Option<Who>,
    pub level: Option<Level>,
    pub depth: Option<u8>,
    pub seed: Option<u64>,
    pub max_nodes: Option<u64>,
    pub think: Option<u64>,
    pub game: Settings,
}

/// The name clap knows a value by: `strong`, `machine`.
pub fn value_name<T: ValueEnum>(v: T) -> String {
    v.to_possible_value().map_or(String::new(), |p| p.get_name().to_string())
}

impl PlaySettings {
    /// The `KEY VALUE` lines of a saved game.
    pub fn to_saved(&self) -> Vec<(String, String)> {
        let mut v = vec![
            ("first".to_string(), value_name(self.first)),
            ("second".to_string(), value_name(self.second)),
            ("level".to_string(), value_name(self.level)),
        ];
        let mut number = |key: &str, n: Option<String>| {
            if let Some(n) = n {
                v.push((key.to_string(), n));
            }
        };
        number("depth", self.depth.map(|d| d.to_string()));
        number("seed", self.seed.map(|s| s.to_string()));
        number("max-nodes", (self.max_nodes != DEFAULT_MAX_NODES).then(|| self.max_nodes.to_string()));
        number("think", (self.think != DEFAULT_THINK).then(|| self.think.to_string()));
        for (name, n) in self.game.iter() {
            number(name, Some(n.to_string()));
        }
        v
    }

    /// The settings for a game: the command line's, else the saved game's, else
    /// the defaults; and a line for each saved setting the command line changed.
    pub fn merge(given: &Given, saved: &[(String, String)]) -> Result<(PlaySettings, Vec<String>), String> {
        let mut s = PlaySettings {
            first: given.first.unwrap_or(Who::Human),
            second: given.second.unwrap_or(Who::Machine),
            level: given.level.unwrap_or(Level::Strong),
            depth: given.depth,
            seed: given.seed,
            max_nodes: given.max_nodes.unwrap_or(DEFAULT_MAX_NODES),
            think: given.think.unwrap_or(DEFAULT_THINK),
            game: given.game.clone(),
        };
        let mut notes = Vec::new();
        for (key, value) in saved {
            crate::cli::saved::check_setting(key, value)?;
            let bad = || format!("saved setting {key}: {value:?} is not valid");
            let number = |v: &str| v.parse::<u64>().map_err(|_| bad());
            // Whether the command line gave this setting, and what.
            let overridden = match key.as_str() {
                "first" | "second" => {
                    let who = Who::from_str(value, true).map_err(|_| bad())?;
                    let (slot, given) = if key == "first" {
                        (&mut s.first, given.first)
                    } else {
                        (&mut s.second, given.second)
                    };
                    if given.is_none() {
                        *slot = who;
                    }
                    given.map(value_name)
                }
                "level" => {
                    let level = Level::from_str(value, true).map_err(|_| bad())?;
                    if given.level.is_none() {
                        s.level = level;
                    }
                    given.level.map(value_name)
                }
                "depth" => {
                    let d = u8::try_from(number(value)?)
                        .ok()
                        .filter(|d| (1..=crate::cli::options::tree::MAX_DEPTH).contains(d));
                    let d = d.ok_or_else(bad)?;
                    s.depth = given.depth.or(Some(d));
                    given.depth.map(|d| d.to_string())
                }
                "seed" => {
                    s.seed = given.seed.or(Some(number(value)?));
                    given.seed.map(|d| d.to_string())
                }
                "max-nodes" => {
                    s.max_nodes = given.max_nodes.unwrap_or(number(value)?.max(1));
                    given.max_nodes.map(|d| d.to_string())
                }
                "think" => {
                    s.think = given.think.unwrap_or(number(value)?.max(1));
                    given.think.map(|d| d.to_string())
                }
                // How the players ended the game: the record's, not a setting.
                super::ending::ENDED_KEY => {
                    super::ending::Ended::from_saved(std::slice::from_ref(&(key.clone(), value.clone())))?;
                    None
                }
                // A game's option, declared by the game (which game takes it is
                // checked once the settings are merged).
                _ => {
                    let Some(o) = games::options().find(|o| o.name == key) else {
                        return Err(format!("unknown saved setting {key:?}"));
                    };
                    let n =
                        value.parse::<i64>().ok().filter(|n| (o.min..=o.max).contains(n)).ok_or_else(bad)?;
                    let given = given.game.get(o.name);
                    s.game.set(o.name, given.unwrap_or(n));
                    given.map(|d| d.to_string())
                }
            };
            if let Some(now) = overridden
                && now != *value
            {
                notes.push(format!("--{key} {now} (from the command line) replaces the saved {key} {value}"));
            }
        }
        Ok((s, notes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_settings_come_back_and_the_command_line_wins_and_says_so() {
        let played = PlaySettings {
            first: Who::Machine,
            second: Who::Human,
            level: Level::Hard,
            depth: Some(5),
            seed: Some(7),
            max_nodes: 1000,
            think: 250,
            game: [("max-plies", 40), ("defence", 3), ("radius", 2)].into_iter().fold(
                Settings::default(),
                |mut s, (name, n)| {
                    s.set(name, n);
                    s
                },
            ),
        };
        let saved = played.to_saved();
        let (back, notes) = PlaySettings::merge(&Given::default(), &saved).unwrap();
        assert_eq!(back, played);
        assert!(notes.is_empty());

        let given = Given { level: Some(Level::Easy), first: Some(Who::Machine), ..Given::default() };
        let (merged, notes) = PlaySettings::merge(&given, &saved).unwrap();
        assert_eq!(merged.level, Level::Easy);
        assert_eq!(merged.second, Who::Human);
        // Only a real change is announced (first machine was saved too).
        assert_eq!(notes, ["--level easy (from the command line) replaces the saved level hard"]);

        // An old file has no settings: the defaults.
        let (old, _) = PlaySettings::merge(&Given::default(), &[]).unwrap();
        assert_eq!((old.first, old.second, old.level), (Who::Human, Who::Machine, Level::Strong));

        for (key, value) in [("level", "grandmaster"), ("depth", "0"), ("colour", "red"), ("radius", "99")] {
            let bad = [(key.to_string(), value.to_string())];
            assert!(PlaySettings::merge(&Given::default(), &bad).is_err(), "{key} {value}");
        }
    }
}
