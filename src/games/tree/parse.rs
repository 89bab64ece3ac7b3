//! Reading a textbook tree: `((3 12 8) (2 4 6) (14 5 2))`, labels as in
//! `A:(B:(3 12 8) C:(2 4 6))`, a trailing `min` for a MIN root, `#` comments.
//! The grammar is in docs/textbook-trees.md.
//!
//! The reader keeps its own stack of open parentheses, so no nesting can
//! overflow the call stack; nesting past [`MAX_HEIGHT`] is refused at the
//! parenthesis that goes too deep.

use std::collections::HashSet;
use std::ptr::NonNull;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use super::shape::Shape;
use crate::game::Player;

/// The most levels a tree may have: the deepest tree any command builds.
pub const MAX_HEIGHT: usize = 64;

/// Leaf values lie within ± this, well inside the search's infinities.
pub const MAX_VALUE: i64 = 999_999_999;

/// The most children one node may have (a search node counts them in 16 bits).
pub const MAX_CHILDREN: usize = u16::MAX as usize;

/// The nodes of the trees one request reads (one game and its clones, see
/// [`Kept`]), refused or not, may take at most this many bytes, so that a
/// request reading tree after tree is told so in words instead of running out
/// of memory. It is what the largest tree file can need: 64 MiB of text whose
/// every node is one digit and a space, each kept as a [`Shape`] (64 bytes
/// today: about 2 GiB). A machine's own memory (`ulimit -v`) may allow less:
/// a tree that does not fit ends the run with status 3 (docs/exit-status.md).
pub const MAX_KEPT_BYTES: usize = (super::MAX_FILE_BYTES as usize / 2) * size_of::<Shape>();

/// The nodes of the trees one request has read: a game owns them (its clones
/// share them) and they are freed with the last of it, so that a process that
/// runs request after request (a notebook, an autograder) holds what its live
/// results hold, not every tree it ever read. Positions point into them, so a
/// position is good for as long as the game that read it, or a clone of it,
/// lives: every door keeps the game beside the positions and trees it built
/// from it (`with_game!`, Python's `Tree`).
#[derive(Default)]
pub struct Kept {
    /// Bytes counted, at most [`MAX_KEPT_BYTES`].
    bytes: AtomicUsize,
    /// Each slice of nodes, from `Box::into_raw`, freed in `Drop`.
    slices: Mutex<Vec<NonNull<[Shape]>>>,
}

// SAFETY: the slices are plain data (references into each other, numbers),
// shared read-only once read; the list of them is behind a mutex.
unsafe impl Send for Kept {}
// SAFETY: as for `Send`.
unsafe impl Sync for Kept {}

impl Drop for Kept {
    fn drop(&mut self) {
        let slices = self.slices.get_mut().unwrap_or_else(|e| e.into_inner());
        for s in slices.drain(..) {
            // SAFETY: from `Box::into_raw` and freed once, here; the game that
            // owned them, whose positions alone pointed into them, is gone.
            drop(unsafe { Box::from_raw(s.as_ptr()) });
        }
    }
}

impl std::fmt::Debug for Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Kept({} bytes)", self.bytes.load(Relaxed))
    }
}

impl Kept {
    /// Counts `bytes` more, or refuses them past [`MAX_KEPT_BYTES`].
    pub(super) fn keep(&self, bytes: usize) -> Result<(), String> {
        let before = self.bytes.fetch_add(bytes, Relaxed);
        if before.saturating_add(bytes) > MAX_KEPT_BYTES {
            self.bytes.fetch_sub(bytes, Relaxed);
            return Err(format!(
                "the trees read for this request would take more than {} MiB, their limit ({} bytes a node; one tree file of at most {} MiB always fits)",
                MAX_KEPT_BYTES >> 20,
                size_of::<Shape>(),
                super::MAX_FILE_BYTES >> 20
            ));
        }
        Ok(())
    }

    /// Gives back `bytes` counted by [`Kept::keep`] and not kept after all.
    fn release(&self, bytes: usize) {
        self.bytes.fetch_sub(bytes, Relaxed);
    }

    /// The bytes counted.
    pub fn bytes(&self) -> usize {
        self.bytes.load(Relaxed)
    }
}

/// A tree as read: its root and who moves there.
#[derive(Clone, Copy, Debug)]
pub struct Parsed {
    /// The root node; the whole tree hangs from it. `'static` only as far as
    /// its [`Kept`] lives (for [`parse`], the process).
    pub root: &'static Shape,
    /// The side to move at the root: the first player, or the second when the
    /// text ends with `min`.
    pub to_move: Player,
}

/// A parenthesis not yet closed.
struct Open<'t> {
    label: &'t str,
    at: usize,
    children: Vec<Shape>,
}

/// Reads a whole tree, kept for the rest of the process: for trees that are
/// (the start tree) and tests. A request reads through its game, whose trees
/// are its own ([`Kept`]). An error says where, as `column C` (with `line L, `
/// for text of several lines), and what is wrong.
pub fn parse(text: &str) -> Result<Parsed, String> {
    static PROCESS: std::sync::OnceLock<Kept> = std::sync::OnceLock::new();
    parse_into(text, PROCESS.get_or_init(Kept::default))
}

/// [`parse`] into `kept`, whose nodes the tree's are: it lives as long as they.
pub(super) fn parse_into(text: &str, kept: &Kept) -> Result<Parsed, String> {
    let mut reader = Reader { text, at: 0, kept, counted: 0, slices: Vec::new() };
    let read = reader.tree();
    let Reader { counted, slices, .. } = reader;
    match read {
        Ok(parsed) => {
            kept.slices.lock().unwrap_or_else(|e| e.into_inner()).extend(slices);
            Ok(parsed)
        }
        Err((at, why)) => {
            // A refused tree is freed whole, and its bytes given back.
            for s in slices {
                // SAFETY: from `Box::into_raw` in this reader; the shapes that
                // pointed into them went with the refused tree.
                drop(unsafe { Box::from_raw(s.as_ptr()) });
            }
            kept.release(counted);
            Err(format!("{}: {why}", place(text, at)))
        }
    }
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

struct Reader<'t> {
    text: &'t str,
    at: usize,
    /// Where the tree's nodes go, and their count.
    kept: &'t Kept,
    /// Bytes counted for this tree.
    counted: usize,
    /// This tree's slices of nodes, handed to `kept` once it is read whole.
    slices: Vec<NonNull<[Shape]>>,
}

fn is_word_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '\''
}

impl<'t> Reader<'t> {
    /// Counts `bytes` more for this tree.
    fn keep(&mut self, bytes: usize) -> Result<(), String> {
        self.kept.keep(bytes)?;
        self.counted += bytes;
        Ok(())
    }

    /// Gives back `bytes` of this tree's count.
    fn release(&mut self, bytes: usize) {
        self.kept.release(bytes);
        self.counted -= bytes;
    }

    /// `nodes` as a slice kept with the tree: `'static` as far as `kept` lives.
    fn slice(&mut self, nodes: Vec<Shape>) -> &'static [Shape] {
        let raw = NonNull::from(Box::leak(nodes.into_boxed_slice()));
        self.slices.push(raw);
        // SAFETY: freed only with `kept` (or with this refused tree), after
        // every reference into it (the positions of the game that owns `kept`).
        unsafe { raw.as_ref() }
    }

    /// The label `l` (empty for none), as kept by the labels' table, and its number.
    fn label(l: &str) -> Result<(&'static str, u16), String> {
        let n = super::labels::number(l)?;
        Ok((if n == 0 { "" } else { super::labels::text(n) }, n))
    }

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

    fn word(&mut self) -> &'t str {
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
        let mut open: Vec<Open<'t>> = Vec::new();
        // A refused tree's count is given back whole by `parse_into`.
        self.tree_within(&mut open)
    }

    fn tree_within(&mut self, open: &mut Vec<Open<'t>>) -> Result<Parsed, Failure> {
        let mut label: Option<(usize, &'t str)> = None;
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
                    self.release((o.children.capacity() - o.children.len()) * size_of::<Shape>());
                    let (label, id) = Self::label(o.label).map_err(|why| (o.at, why))?;
                    let children = self.slice(o.children);
                    Some((Shape::new(children, label, 0, 1), id))
                }
                '0'..='9' | '-' | '+' => {
                    let value = self.number()?;
                    let (label, id) = Self::label(label.take().map_or("", |l| l.1)).map_err(|why| (at, why))?;
                    Some((Shape::new(&[], label, value, 1), id))
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
            if let Some((mut node, label_id)) = done {
                node.label_id = label_id;
                if let Some(root) = self.adopt(open, node)? {
                    break root;
                }
            }
        };
        let to_move = self.root_side()?;
        self.keep(size_of::<Shape>()).map_err(|why| (0, why))?;
        Ok(Parsed { root: &self.slice(vec![root])[0], to_move })
    }

    /// Gives a finished `node` to the innermost open node as its next child;
    /// with none open, it is the root, given back.
    fn adopt(&mut self, open: &mut [Open<'t>], mut node: Shape) -> Result<Option<Shape>, Failure> {
        let Some(o) = open.last_mut() else { return Ok(Some(node)) };
        if o.children.len() == MAX_CHILDREN {
            return Err((o.at, format!("this node has more than {MAX_CHILDREN} children")));
        }
        node.number = o.children.len() as u32 + 1;
        // The memory is counted before it is taken, so a tree over the limit
        // is refused at its size, not past it.
        if o.children.len() == o.children.capacity() {
            let more = o.children.capacity().max(4);
            let at = o.at;
            self.keep(more * size_of::<Shape>()).map_err(|why| (at, why))?;
            open.last_mut().expect("just seen").children.reserve_exact(more);
        }
        open.last_mut().expect("just seen").children.push(node);
        Ok(None)
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
