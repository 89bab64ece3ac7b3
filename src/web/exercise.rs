//! `exercise`: one exercise's files, as `gametree exercise --out DIR` writes
//! them (a random textbook tree from a seed, or a game's position with
//! `game`), by the library's exercise request. Text files come as text, the
//! PDFs in base64.

use serde_json::{Map, Value, json};

use gametree::request::given::Given;
use gametree::request::{Door, Refusal};

use crate::options::Options;

pub fn exercise(mut o: Options) -> Result<Value, Refusal> {
    let args = o.exercise()?;
    o.finish()?;
    let made = args.check()?.files(1, 1, Door::Page)?;
    let mut out = Map::new();
    for (name, bytes) in made {
        let value = match String::from_utf8(bytes) {
            Ok(text) if !name.ends_with(".pdf") => json!(text),
            Ok(text) => json!({"base64": base64_of(text.as_bytes())}),
            Err(e) => json!({"base64": base64_of(e.as_bytes())}),
        };
        out.insert(name.to_string(), value);
    }
    Ok(json!({"ok": true, "files": out}))
}

fn base64_of(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}
