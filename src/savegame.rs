//! Saved games: a plain-text file with the game, its start position and its moves.
//!
//! ```text
//! gametree saved game
//! game ataxx
//! first human
//! second machine
//! level strong
//! start x5o/7/7/7/7/7/o5x x 0 1
//! b6
//! a1c3
//! ```
//!
//! Between `game` and `start`, `KEY VALUE` lines record how the game was played
//! (sides, level, seed, the game's options); this module keeps them as they are
//! and the command line gives them meaning. One action per line after `start`, in
//! the game's notation; blank lines and lines starting with `#` are ignored.
//! Reading checks every action against the rules, so a file that loads replays
//! exactly.

use std::fmt;

use crate::game::{Game, quoted_start};

const MAGIC: &str = "gametree saved game";

/// A game as a start position and the actions played from it.
#[derive(Clone, Debug)]
pub struct SavedGame<G: Game> {
    /// `KEY VALUE` settings, in the order written.
    pub settings: Vec<(String, String)>,
    /// The position the game started from (the `start` line).
    pub start: G::Position,
    /// The actions played from `start`, in order, each legal where it was played.
    pub actions: Vec<G::Action>,
}

impl<G: Game> PartialEq for SavedGame<G> {
    fn eq(&self, other: &Self) -> bool {
        self.settings == other.settings && self.start == other.start && self.actions == other.actions
    }
}

/// What a saved game says before its moves, readable without knowing the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The `game NAME` line's name, as written (not yet checked against the
    /// list of games).
    pub game: String,
    /// `KEY VALUE` settings, in the order written.
    pub settings: Vec<(String, String)>,
}

/// The lines that matter: numbered from 1, trimmed, without blanks and comments.
fn meaningful(text: &str) -> impl Iterator<Item = (usize, &str)> {
    // Editors on Windows start a file with a byte-order mark: not part of the text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

/// Reads the magic line, `game NAME` and the settings up to the `start` line,
/// which is left as the next item of `lines`.
fn read_header<'t>(
    lines: &mut std::iter::Peekable<impl Iterator<Item = (usize, &'t str)>>,
) -> Result<Header, SaveError> {
    let err = |line: usize, message: String| Err(SaveError { line, message });
    match lines.next() {
        Some((_, l)) if l == MAGIC => {}
        Some((n, l)) => return err(n, format!("expected {MAGIC:?}, got {}", quoted_start(l))),
        None => return err(0, format!("the file is empty; a saved game starts with {MAGIC:?}")),
    }
    let game = match lines.next() {
        Some((_, l)) if l.starts_with("game ") => l["game ".len()..].trim().to_string(),
        Some((n, l)) => return err(n, format!("expected \"game NAME\", got {}", quoted_start(l))),
        None => return err(0, "the file ends before its \"game NAME\" line".to_string()),
    };
    let mut settings: Vec<(String, String)> = Vec::new();
    let mut set_on: Vec<usize> = Vec::new();
    while let Some(&(n, l)) = lines.peek() {
        if l.starts_with("start ") {
            break;
        }
        let Some((key, value)) = l.split_once(' ') else {
            return err(n, format!("expected \"KEY VALUE\" or \"start POSITION\", got {}", quoted_start(l)));
        };
        // Two values for one key: which was meant cannot be told.
        if let Some(i) = settings.iter().position(|(k, _)| k == key) {
            let key = quoted_start(key);
            return err(n, format!("{key} is set a second time (first on line {})", set_on[i]));
        }
        settings.push((key.to_string(), value.trim().to_string()));
        set_on.push(n);
        lines.next();
    }
    Ok(Header { game, settings })
}

/// The header of a saved game's text: its game and settings.
pub fn header(text: &str) -> Result<Header, SaveError> {
    read_header(&mut meaningful(text).peekable())
}

/// What is wrong with a saved game, and on which line (1-based; 0 for the file as
/// a whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveError {
    /// The line at fault, from 1; 0 for the file as a whole.
    pub line: usize,
    /// What is wrong, in words for the person who wrote or edited the file.
    pub message: String,
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for SaveError {}

impl<G: Game> SavedGame<G> {
    /// The text of the file.
    pub fn to_text(&self, game: &G) -> String {
        let mut s = format!("{MAGIC}\ngame {}\n", game.name());
        for (key, value) in &self.settings {
            s.push_str(&format!("{key} {value}\n"));
        }
        s.push_str(&format!("start {}\n", game.format_position(&self.start)));
        for &a in &self.actions {
            s.push_str(&game.format_action(a));
            s.push('\n');
        }
        s
    }

    /// Reads a file's text, checking each action against the position it is played in.
    pub fn parse(game: &G, text: &str) -> Result<SavedGame<G>, SaveError> {
        let err = |line: usize, message: String| Err(SaveError { line, message });
        let mut lines = meaningful(text).peekable();
        let header = read_header(&mut lines)?;
        if header.game != game.name() {
            let n = meaningful(text).nth(1).map_or(0, |(n, _)| n);
            let got = quoted_start(&format!("game {}", header.game));
            return err(n, format!("expected \"game {}\", got {got}", game.name()));
        }
        let start = match lines.next() {
            Some((n, l)) => match l.strip_prefix("start ") {
                Some(p) => game.parse_position(p).map_err(|e| SaveError { line: n, message: e.0 })?,
                None => return err(n, format!("expected \"start POSITION\", got {}", quoted_start(l))),
            },
            None => return err(0, "the file ends before its \"start\" line".to_string()),
        };
        let mut pos = start.clone();
        let mut actions = Vec::new();
        for (n, l) in lines {
            let a = game.parse_action(&pos, l).map_err(|message| SaveError { line: n, message })?;
            pos = game.apply(&pos, a);
            actions.push(a);
        }
        Ok(SavedGame { settings: header.settings, start, actions })
    }

    /// Every position of the game, the start first.
    pub fn positions(&self, game: &G) -> Vec<G::Position> {
        let mut v = vec![self.start.clone()];
        for &a in &self.actions {
            let next = game.apply(v.last().expect("never empty"), a);
            v.push(next);
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;
    use crate::games::ataxx::Ataxx;

    #[test]
    fn round_trip_and_errors_name_their_line() {
        let g = Ataxx;
        let mut pos = g.start();
        let mut actions = Vec::new();
        for t in ["b6", "g7e5", "a6"] {
            let a = g.parse_action(&pos, t).unwrap();
            pos = g.apply(&pos, a);
            actions.push(a);
        }
        let settings = vec![("first".to_string(), "human".to_string()), ("level".into(), "hard".into())];
        let saved = SavedGame::<Ataxx> { settings, start: g.start(), actions };
        let text = saved.to_text(&g);
        assert_eq!(SavedGame::parse(&g, &text).unwrap(), saved);
        assert_eq!(*saved.positions(&g).last().unwrap(), pos);

        assert_eq!(header(&text).unwrap().settings, saved.settings);
        let bad_move = text.replace("a6\n", "a1\n");
        assert_eq!(SavedGame::parse(&g, &bad_move).unwrap_err().line, 8);
        // A file from before settings were saved still loads, with none.
        let old = "gametree saved game\ngame ataxx\nstart x5o/7/7/7/7/7/o5x x 0 1\nb6\n";
        assert!(SavedGame::parse(&g, old).unwrap().settings.is_empty());
        let twice = text.replace("level hard", "level hard\nlevel easy");
        let e = SavedGame::parse(&g, &twice).unwrap_err();
        assert_eq!((e.line, e.message.as_str()), (5, "\"level\" is set a second time (first on line 4)"));
        let stray = text.replace("level hard", "levelhard");
        assert_eq!(SavedGame::parse(&g, &stray).unwrap_err().line, 4);
        let truncated = "gametree saved game\ngame ataxx\n";
        assert!(SavedGame::parse(&g, truncated).unwrap_err().message.contains("start"));
        assert_eq!(SavedGame::parse(&g, "").unwrap_err().line, 0);
        assert_eq!(SavedGame::parse(&g, "hello\n").unwrap_err().line, 1);
        let wrong_game = text.replace("game ataxx", "game gomoku");
        assert_eq!(SavedGame::parse(&g, &wrong_game).unwrap_err().line, 2);
        assert_eq!(SavedGame::parse(&g, &format!("\u{feff}{text}")).unwrap(), saved, "a byte-order mark");
        let bad_start = text.replace("start x5o", "start x9o");
        assert_eq!(SavedGame::parse(&g, &bad_start).unwrap_err().line, 5);
    }
}
