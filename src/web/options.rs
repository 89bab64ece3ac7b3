//! The page's options object, translated into the library's requests: each
//! key an option's one name (`"no-prune-on-ties": true`, `"iterations":
//! 2000`), each value a JSON value (numbers may come as the text of a form
//! field). Only the JSON's types are checked here; which options a request
//! takes is `request::given`'s, and ranges, rules and budgets are the
//! request layer's, which names the key at fault.

use serde_json::{Map, Value};

use gametree::games::{self, GameName, Settings};
use gametree::request::given::Given;
use gametree::request::{Opt, Refusal, check};
use gametree::words;

/// The options given, each taken once as it is read; whatever is left at the
/// end was not understood.
pub struct Options {
    map: Map<String, Value>,
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
        match self.text(Opt::Game)? {
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
            let opt = Opt::GameOption(o.name);
            if let Some(v) = check::within(opt, self.whole(opt)?, o.min, o.max)? {
                settings.set(o.name, v);
            }
        }
        check::settings(game, &settings)?;
        Ok(settings)
    }

    /// A number's value, none when absent, null or a form's empty field.
    fn number_given(&mut self, opt: Opt) -> Option<Value> {
        match self.map.remove(opt.name()) {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => None,
            v => v,
        }
    }

    /// Refuses whatever was not read: a misspelt option is a mistake, not a default.
    pub fn finish(self) -> Result<(), Refusal> {
        match self.map.keys().next() {
            Some(k) => Err(Refusal::usage(Opt::named(k), words![format!("no option {k:?} here")])),
            None => Ok(()),
        }
    }
}

impl Given for Options {
    /// A text option; an empty text counts as not given (a form's empty field).
    fn text(&mut self, opt: Opt) -> Result<Option<String>, Refusal> {
        let key = opt.name();
        match self.map.remove(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.is_empty() => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(v) => Err(Refusal::usage(opt, words![format!("{key}: expected a text, got {v}")])),
        }
    }

    /// A switch: `true`, `false` or absent.
    fn flag(&mut self, opt: Opt) -> Result<bool, Refusal> {
        let key = opt.name();
        match self.map.remove(key) {
            None | Some(Value::Null) | Some(Value::Bool(false)) => Ok(false),
            Some(Value::Bool(true)) => Ok(true),
            Some(v) => Err(Refusal::usage(opt, words![format!("{key} is a switch: true or false, not {v}")])),
        }
    }

    /// A whole number (a float's `1e9` too, held to i64's range).
    fn whole(&mut self, opt: Opt) -> Result<Option<i64>, Refusal> {
        let Some(value) = self.number_given(opt) else { return Ok(None) };
        let n = match &value {
            Value::Number(n) => n.as_i64().or_else(|| {
                n.as_f64()
                    .filter(|f| f.fract() == 0.0)
                    .map(|f| f.clamp(i64::MIN as f64, i64::MAX as f64) as i64)
            }),
            Value::String(s) => s.trim().parse::<i64>().ok(),
            _ => None,
        };
        // The value is named: a link's `depth=abc` is read back to the person.
        let key = opt.name();
        n.map(Some)
            .ok_or_else(|| Refusal::usage(opt, words![format!("{key} {value}: expected a whole number")]))
    }

    /// A number, as given.
    fn number(&mut self, opt: Opt) -> Result<Option<f64>, Refusal> {
        let n = match self.number_given(opt) {
            None => return Ok(None),
            Some(Value::Number(n)) => n.as_f64(),
            Some(Value::String(s)) => s.trim().parse::<f64>().ok(),
            Some(_) => None,
        };
        let key = opt.name();
        n.map(Some).ok_or_else(|| Refusal::usage(opt, words![format!("{key}: expected a number, e.g. 1.41")]))
    }
}
