//! Reading a textbook tree: `((3 12 8) (2 4 6) (14 5 2))`, labels as in
//! `A:(B:(3 12 8) C:(2 4 6))`, a trailing `min` for a MIN root, `#` comments.
//! The grammar is in docs/textbook-trees.md.
//!
//! The reader keeps its own stack of open parentheses, so no nesting can
//! overflow the call stack; nesting past [`MAX_HEIGHT`] is refused at the
//! parenthesis that goes too deep.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use super::shape::Shape;
use crate::game::Player;

/// The most levels a tree may have: the deepest tree any command builds.
pub const MAX_HEIGHT: usize = 64;

/// Leaf values lie within ± this, well inside the search's infinities.
pub const MAX_VALUE: i64 = 999_999_999;

/// The most children one node may have (a search node counts them in 16 bits).
pub const MAX_CHILDREN: usize = u16::MAX as usize;

/// A tree read is kept for the rest of the process (its positions point into
/// it), text and nodes, refused or not: at most this many bytes of them in
/// all, so that a process reading tree after tree (a fuzzer, a long test run)
/// is told so in words instead of running out of memory. It is what the
/// largest tree file can need: 64 MiB of text whose every node is one digit
/// and a space, each kept as a [`Shape`] (64 bytes today: about 2.1 GiB). A
/// machine's own memory (`ulimit -v`) may allow less: a tree that does not
/// fit ends the run with status 3 (docs/exit-status.md).
pub const MAX_KEPT_BYTES: usize =
    super::MAX_FILE_BYTES as usize + (super::MAX_FILE_BYTES as usize / 2) * size_of::<Shape>();

static KEPT: AtomicUsize = AtomicUsize::new(0);

/// Counts `bytes` more kept for the process, or refuses them past [`MAX_KEPT_BYTES`].
pub(super) fn keep(bytes: usize) -> Result<(), String> {
    let before = KEPT.fetch_add(bytes, Relaxed);
    if before.saturating_add(bytes) > MAX_KEPT_BYTES {
        KEPT.fetch_sub(bytes, Relaxed);
        return Err(format!(
            "the trees read in this run would take more than {} MiB, their limit ({} bytes a node and the text, kept for the whole run; one tree file of at most {} MiB always fits)",
            MAX_KEPT_BYTES >> 20,
            size_of::<Shape>(),
            super::MAX_FILE_BYTES >> 20
        ));
    }
    Ok(())
}

/// Gives back `bytes` counted by [`keep`] and not kept after all.
fn release(bytes: usize) {
    KEPT.fetch_sub(bytes, Relaxed);
}

/// A tree as read: its root and who moves there.
#[derive(Clone, Copy, Debug)]
pub struct Parsed {
    /// The root node; the whole tree hangs from it.
    pub root: &'static Shape,
    /// The side to move at the root: the first player, or the second when the
    /// text ends with `min`.
    pub to_move: Player,
}

/// A parenthesis not yet closed.
struct Open {
    label: &'static str,
    at: usize,
    children: Vec<Shape>,
}

/// Reads a whole tree. An error says where, as `column C` (with `line L, ` for
/// text of several lines), and what is wrong.
pub fn parse(text: &str) -> Result<Parsed, String> {
    parse_owned(text.to_owned())
}

/// [`parse`], keeping `text` itself (a file's, read whole) rather than a copy.
pub(super) fn parse_owned(text: String) -> Result<Parsed, String> {
    // Labels are slices of the text, which lives as long as the tree.
    keep(text.len()).map_err(|why| format!("column 1: {why}"))?;
    let text: &'static str = Box::leak(text.into_boxed_str());
    Reader { text, at: 0 }.tree().map_err(|(at, why)| format!("{}: {why}", place(text, at)))
}

/// `column C`, or `line L, column C`, of byte offset `at` (counted in characters, from 1).
fn place(text: &str, at: usize) -> String {
    let before = &text[..at.min(text.len())];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    if text.contains('\n') {
        format!("line {}, column {column}", before.matches('\n').count() + 1)
    } else {
        format!("column {column}")
    }
}

type Failure = (usize, String);

struct Reader {
    text: &'static str,
    at: usize,
}

fn is_word_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '\''
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    /// Skips white space and `#` comments.
    fn skip_blank(&mut self) {
        while let Some(c) = self.peek() {
            if c == '#' {
                self.at = self.text[self.at..].find('\n').map_or(self.text.len(), |i| self.at + i);
            } else if c.is_whitespace() {
                self.at += c.len_utf8();
            } else {
                break;
            }
        }
    }

    fn word(&mut self) -> &'static str {
        let start = self.at;
        while self.peek().is_some_and(is_word) {
            self.at += 1;
        }
        &self.text[start..self.at]
    }

    fn number(&mut self) -> Result<i32, Failure> {
        let start = self.at;
        if matches!(self.peek(), Some('-' | '+')) {
            self.at += 1;
        }
        let digits = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        if self.at == digits {
            return Err((
                start,
                format!(
                    "{} is not a number",
                    crate::game::quoted_start(&self.text[start..self.at.max(start + 1)])
                ),
            ));
        }
        if self.peek().is_some_and(|c| !(c.is_whitespace() || matches!(c, '(' | ')' | '#'))) {
            return Err((self.at, "a number must be followed by a space, ( or )".into()));
        }
        let written = &self.text[start..self.at];
        match written.parse::<i64>() {
            Ok(v) if v.abs() <= MAX_VALUE => Ok(v as i32),
            _ => Err((start, format!("{written} is out of range: leaf values lie within ±{MAX_VALUE}"))),
        }
    }

    fn tree(&mut self) -> Result<Parsed, Failure> {
        let mut open: Vec<Open> = Vec::new();
        let read = self.tree_within(&mut open);
        // The children of a refused tree's open nodes are freed, not kept.
        for o in open {
            release(o.children.capacity() * size_of::<Shape>());
        }
        read
    }

    fn tree_within(&mut self, open: &mut Vec<Open>) -> Result<Parsed, Failure> {
        let mut label: Option<(usize, &'static str)> = None;
        let root = loop {
            self.skip_blank();
            let at = self.at;
            let Some(c) = self.peek() else {
                if let Some(o) = open.last() {
                    return Err((o.at, "this ( is never closed".into()));
                }
                return Err(match label {
                    Some((at, l)) => (at, format!("the label {l} names no node", l = crate::game::quoted_start(l))),
                    None => (
                        at,
                        "the tree is empty: write nested parentheses with numbers at the leaves, e.g. ((3 12 8) (2 4 6))"
                            .into(),
                    ),
                });
            };
            let done = match c {
                '(' => {
                    if open.len() == MAX_HEIGHT {
                        return Err((
                            at,
                            format!("the tree is more than {MAX_HEIGHT} levels deep (at most {MAX_HEIGHT})"),
                        ));
                    }
                    self.at += 1;
                    open.push(Open { label: label.take().map_or("", |l| l.1), at, children: Vec::new() });
                    None
                }
                ')' => {
                    if let Some((at, l)) = label {
                        return Err((
                            at,
                            format!("the label {l} names no node", l = crate::game::quoted_start(l)),
                        ));
                    }
                    self.at += 1;
                    let Some(o) = open.pop() else { return Err((at, "this ) closes nothing".into())) };
                    if o.children.is_empty() {
                        return Err((
                            o.at,
                            "() is empty: a node needs a number or at least one child".into(),
                        ));
                    }
                    check_names(&o.children).map_err(|why| (o.at, why))?;
                    // Counted as it grew; what is cut off is given back.
                    release((o.children.capacity() - o.children.len()) * size_of::<Shape>());
                    let children: &'static [Shape] = Box::leak(o.children.into_boxed_slice());
                    Some(Shape::new(children, o.label, 0, 1))
                }
                '0'..='9' | '-' | '+' => {
                    let value = self.number()?;
                    Some(Shape::new(&[], label.take().map_or("", |l| l.1), value, 1))
                }
                c if is_word_start(c) => {
                    let word = self.word();
                    if self.peek() != Some(':') {
                        return Err((
                            at,
                            format!(
                                "{word} is not a number; a label is written {word}:(...) or {word}:5",
                                word = crate::game::quoted_start(word)
                            ),
                        ));
                    }
                    self.at += 1;
                    if label.is_some() {
                        return Err((at, "two labels for one node".into()));
                    }
                    label = Some((at, word));
                    None
                }
                c => return Err((at, format!("unexpected {c:?}: expected (, ), a number or a label"))),
            };
            if let Some(mut node) = done {
                node.label_id = super::labels::number(node.label).map_err(|why| (at, why))?;
                match open.last_mut() {
                    Some(o) if o.children.len() == MAX_CHILDREN => {
                        return Err((o.at, format!("this node has more than {MAX_CHILDREN} children")));
                    }
                    Some(o) => {
                        node.number = o.children.len() as u32 + 1;
                        // The memory is counted before it is taken, so a tree
                        // over the limit is refused at its size, not past it.
                        if o.children.len() == o.children.capacity() {
                            let more = o.children.capacity().max(4);
                            keep(more * size_of::<Shape>()).map_err(|why| (o.at, why))?;
                            o.children.reserve_exact(more);
                        }
                        o.children.push(node);
                    }
                    None => break node,
                }
            }
        };
        let to_move = self.root_side()?;
        keep(size_of::<Shape>()).map_err(|why| (0, why))?;
        Ok(Parsed { root: Box::leak(Box::new(root)), to_move })
    }

    /// After the tree: nothing, or `min` or `max` for the side at the root.
    fn root_side(&mut self) -> Result<Player, Failure> {
        self.skip_blank();
        let at = self.at;
        let side = match self.peek() {
            None => return Ok(Player::First),
            Some(')') => return Err((at, "this ) closes nothing".into())),
            Some(c) if is_word_start(c) => match self.word().to_ascii_lowercase().as_str() {
                "min" => Player::Second,
                "max" => Player::First,
                _ => return Err((at, "only `min` or `max` may follow the tree".into())),
            },
            Some(_) => {
                return Err((at, "text after the tree: only `min` or `max` may follow it".into()));
            }
        };
        self.skip_blank();
        match self.peek() {
            None => Ok(side),
            Some(_) => Err((self.at, "text after the tree: only `min` or `max` may follow it".into())),
        }
    }
}

/// Siblings' action names must differ (ignoring case, as actions are read).
fn check_names(children: &[Shape]) -> Result<(), String> {
    let mut seen = HashSet::with_capacity(children.len());
    for c in children {
        let name = c.action_name().to_ascii_lowercase();
        if !seen.insert(name) {
            return Err(format!(
                "two children here are named {}; siblings need different names",
                crate::game::quoted_start(&c.action_name())
            ));
        }
    }
    Ok(())
}
