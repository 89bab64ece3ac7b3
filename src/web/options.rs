//! The page's options object, read as the command line reads its flags: each
//! key a long option's name (`"no-prune-on-ties": true`, `"iterations":
//! 2000`), each value a JSON value (numbers may come as the text of a form
//! field). Refusals say which key, as the command line says which flag.

use serde_json::{Map, Value};

use gametree::games::{self, GameName, Settings};

/// The nodes a tree in the page may have unless `max-nodes` says otherwise:
/// sized for a phone (the JSON and the explorer of 200,000 nodes are some
/// 60 MB of text in a tab).
pub const PAGE_MAX_NODES: u64 = 200_000;

/// The most `max-nodes` may raise it to: wasm32's memory is 4 GB at most, and
/// a tab's far less.
pub const PAGE_HARD_MAX_NODES: u64 = 5_000_000;

/// The options given, each taken once as it is read; whatever is left at the
/// end was not understood.
pub struct Options {
    map: Map<String, Value>,
}

/// A refusal: the key it concerns (the page shows it next to that field) and
/// what is wrong.
pub struct Refusal {
    pub key: Option<String>,
    pub message: String,
}

impl Refusal {
    pub fn of(key: &str, message: impl Into<String>) -> Refusal {
        Refusal { key: Some(key.to_string()), message: message.into() }
    }

    pub fn general(message: impl Into<String>) -> Refusal {
        Refusal { key: None, message: message.into() }
    }
}

impl Options {
    pub fn new(value: Option<&Value>) -> Result<Options, Refusal> {
        match value {
            None | Some(Value::Null) => Ok(Options { map: Map::new() }),
            Some(Value::Object(map)) => Ok(Options { map: map.clone() }),
            Some(_) => Err(Refusal::general("the options are an object of option names and values")),
        }
    }

    /// The game: the `game` key, a name from the list of games.
    pub fn game(&mut self) -> Result<GameName, Refusal> {
        let names: Vec<&str> = games::ALL.iter().map(|g| g.as_str()).collect();
        let Some(text) = self.text("game")? else {
            return Err(Refusal::of("game", format!("give a game: one of {}", names.join(", "))));
        };
        GameName::named(&text).ok_or_else(|| {
            Refusal::of("game", format!("no game {text:?}; the games are {}", names.join(", ")))
        })
    }

    /// The games' own options (`max-plies`, `radius`, ...), checked against
    /// `game` as the command line checks them.
    pub fn settings(&mut self, game: GameName) -> Result<Settings, Refusal> {
        let mut settings = Settings::default();
        for o in games::options() {
            if let Some(v) = self.integer(o.name, o.min, o.max)? {
                settings.set(o.name, v);
            }
        }
        games::check(game, &settings).map_err(|m| {
            let key = settings.iter().map(|(n, _)| n).find(|n| m.contains(&format!("--{n} ")));
            Refusal { key: key.map(str::to_string), message: m }
        })?;
        Ok(settings)
    }

    /// A text option; an empty text counts as not given (a form's empty field).
    pub fn text(&mut self, key: &str) -> Result<Option<String>, Refusal> {
        match self.map.remove(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.is_empty() => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(v) => Err(Refusal::of(key, format!("--{key}: expected a text, got {v}"))),
        }
    }

    /// A switch: `true`, `false` or absent.
    pub fn flag(&mut self, key: &str) -> Result<bool, Refusal> {
        match self.map.remove(key) {
            None | Some(Value::Null) | Some(Value::Bool(false)) => Ok(false),
            Some(Value::Bool(true)) => Ok(true),
            Some(v) => Err(Refusal::of(key, format!("--{key} is a switch: true or false, not {v}"))),
        }
    }

    /// A whole number in `min..=max`.
    pub fn integer(&mut self, key: &str, min: i64, max: i64) -> Result<Option<i64>, Refusal> {
        let n = match self.map.remove(key) {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
            Some(Value::Number(n)) => n.as_i64(),
            Some(Value::String(s)) => s.trim().parse::<i64>().ok(),
            Some(_) => None,
        };
        match n {
            Some(n) if (min..=max).contains(&n) => Ok(Some(n)),
            Some(n) => Err(Refusal::of(key, format!("--{key} {n}: expected {min} to {max}"))),
            None => Err(Refusal::of(key, format!("--{key}: expected a whole number from {min} to {max}"))),
        }
    }

    /// A number, finite and not negative.
    pub fn number(&mut self, key: &str) -> Result<Option<f64>, Refusal> {
        let n = match self.map.remove(key) {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
            Some(Value::Number(n)) => n.as_f64(),
            Some(Value::String(s)) => s.trim().parse::<f64>().ok(),
            Some(_) => None,
        };
        match n {
            Some(c) if c.is_finite() && c >= 0.0 => Ok(Some(c)),
            _ => Err(Refusal::of(key, format!("--{key}: expected a number of 0 or more, e.g. 1.41"))),
        }
    }

    /// A value out of `choices`.
    pub fn choice(&mut self, key: &str, choices: &[&'static str]) -> Result<Option<&'static str>, Refusal> {
        let Some(text) = self.text(key)? else { return Ok(None) };
        choices.iter().copied().find(|c| *c == text).map(Some).ok_or_else(|| {
            Refusal::of(key, format!("--{key} {text:?}: expected one of {}", choices.join(", ")))
        })
    }

    /// Refuses whatever was not read: a misspelt option is a mistake, not a default.
    pub fn finish(self) -> Result<(), Refusal> {
        match self.map.keys().next() {
            Some(k) => Err(Refusal::of(k, format!("no option {k:?} here"))),
            None => Ok(()),
        }
    }
}
