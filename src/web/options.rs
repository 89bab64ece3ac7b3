//! The page's options object, translated into the library's requests: each
//! key an option's one name (`"no-prune-on-ties": true`, `"iterations":
//! 2000`), each value a JSON value (numbers may come as the text of a form
//! field). Only the JSON's types are checked here; ranges, rules and budgets
//! are the request layer's, which names the key at fault.

use serde_json::{Map, Value};

use gametree::games::{self, GameName, Settings};
use gametree::request::{Opt, Refusal, Word, check};
use gametree::words;

/// The nodes a tree in the page may have unless `max-nodes` says otherwise:
/// the table of budgets' row for the page (docs/budgets.md), sized for a
/// phone's tab (the JSON and the explorer of 200,000 nodes are some 60 MB of
/// text).
pub use gametree::request::budget::{PAGE_HARD_MAX_NODES, PAGE_MAX_NODES};

/// The options given, each taken once as it is read; whatever is left at the
/// end was not understood.
pub struct Options {
    map: Map<String, Value>,
}

/// The option `key` names (every key the page sends is one).
fn opt(key: &str) -> Option<Opt> {
    Opt::named(key)
}

impl Options {
    pub fn new(value: Option<&Value>) -> Result<Options, Refusal> {
        match value {
            None | Some(Value::Null) => Ok(Options { map: Map::new() }),
            Some(Value::Object(map)) => Ok(Options { map: map.clone() }),
            Some(_) => {
                Err(Refusal::usage(None, words!["the options are an object of option names and values"]))
            }
        }
    }

    /// The game: the `game` key, a name from the list of games.
    pub fn game(&mut self) -> Result<GameName, Refusal> {
        match self.text("game")? {
            Some(text) => check::game(&text),
            None => {
                let names: Vec<&str> = games::ALL.iter().map(|g| g.as_str()).collect();
                Err(Refusal::usage(Opt::Game, words![format!("give a game: one of {}", names.join(", "))]))
            }
        }
    }

    /// The games' own options (`max-plies`, `radius`, ...), checked against `game`.
    pub fn settings(&mut self, game: GameName) -> Result<Settings, Refusal> {
        let mut settings = Settings::default();
        for o in games::options() {
            if let Some(v) = check::within(Opt::GameOption(o.name), self.whole(o.name)?, o.min, o.max)? {
                settings.set(o.name, v);
            }
        }
        check::settings(game, &settings)?;
        Ok(settings)
    }

    /// A text option; an empty text counts as not given (a form's empty field).
    pub fn text(&mut self, key: &str) -> Result<Option<String>, Refusal> {
        match self.map.remove(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.is_empty() => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(v) => Err(Refusal::usage(opt(key), words![format!("{key}: expected a text, got {v}")])),
        }
    }

    /// A switch: `true`, `false` or absent.
    pub fn flag(&mut self, key: &str) -> Result<bool, Refusal> {
        match self.map.remove(key) {
            None | Some(Value::Null) | Some(Value::Bool(false)) => Ok(false),
            Some(Value::Bool(true)) => Ok(true),
            Some(v) => {
                Err(Refusal::usage(opt(key), words![format!("{key} is a switch: true or false, not {v}")]))
            }
        }
    }

    /// A whole number, its range left to the request.
    pub fn whole(&mut self, key: &str) -> Result<Option<i64>, Refusal> {
        let value = self.map.remove(key);
        let n = match &value {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
            Some(Value::Number(n)) => {
                n.as_i64().or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(saturate))
            }
            Some(Value::String(s)) => s.trim().parse::<i64>().ok(),
            Some(_) => None,
        };
        // The value is named: a link's `depth=abc` is read back to the person.
        let given = value.map_or(String::new(), |v| format!(" {v}"));
        n.map(Some)
            .ok_or_else(|| Refusal::usage(opt(key), words![format!("{key}{given}: expected a whole number")]))
    }

    /// A whole number in `min..=max`.
    pub fn integer(&mut self, key: &str, min: i64, max: i64) -> Result<Option<i64>, Refusal> {
        let value = self.whole(key)?;
        match (opt(key), value) {
            (Some(o), _) => check::within(o, value, min, max),
            // A key no request names is refused like the rest, never dropped.
            (None, Some(v)) if !(min..=max).contains(&v) => {
                Err(Refusal::usage(None, words![format!("{key} {v}: expected {min} to {max}")]))
            }
            (None, v) => Ok(v),
        }
    }

    /// A number, as given (the request checks it).
    pub fn number(&mut self, key: &str) -> Result<Option<f64>, Refusal> {
        let n = match self.map.remove(key) {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
            Some(Value::Number(n)) => n.as_f64(),
            Some(Value::String(s)) => s.trim().parse::<f64>().ok(),
            Some(_) => None,
        };
        n.map(Some)
            .ok_or_else(|| Refusal::usage(opt(key), words![format!("{key}: expected a number, e.g. 1.41")]))
    }

    /// A value out of `choices`.
    pub fn choice(&mut self, key: &str, choices: &[&'static str]) -> Result<Option<&'static str>, Refusal> {
        let Some(text) = self.text(key)? else { return Ok(None) };
        choices.iter().copied().find(|c| *c == text).map(Some).ok_or_else(|| {
            let at = opt(key);
            let set = match at {
                Some(o) => Word::set(o, format!("{text:?}")),
                None => Word::from(format!("{key} {text:?}")),
            };
            Refusal::usage(at, words![set, format!(": expected one of {}", choices.join(", "))])
        })
    }

    /// Refuses whatever was not read: a misspelt option is a mistake, not a default.
    pub fn finish(self) -> Result<(), Refusal> {
        match self.map.keys().next() {
            Some(k) => Err(Refusal::usage(opt(k), words![format!("no option {k:?} here")])),
            None => Ok(()),
        }
    }
}

/// A whole number written as a float (`1e9`), held to i64's range.
fn saturate(f: f64) -> i64 {
    f.clamp(i64::MIN as f64, i64::MAX as f64) as i64
}

/// The `position` option, or the game's start.
pub fn position<G: gametree::game::Game>(game: &G, options: &mut Options) -> Result<G::Position, Refusal> {
    check::position(game, options.text("position")?.as_deref())
}
