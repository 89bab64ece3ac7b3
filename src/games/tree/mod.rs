//! `tree`: an abstract tree written as text, as in textbook alpha-beta
//! exercises: `((3 12 8) (2 4 6) (14 5 2))` is AIMA's Figure 5.2. MAX moves at
//! the root (a trailing `min` makes it MIN), the sides alternate level by
//! level, and a leaf's number is its value. The format is in
//! docs/textbook-trees.md.
//!
//! A position is a node of a parsed tree (a reference, `'static` in its type
//! but good for as long as the game that read the tree lives: a game owns the
//! trees it reads, see [`parse::Kept`]) and the side to move there; it stands
//! for its subtree, so positions compare by subtree, not by where they were
//! read.

mod labels;
#[cfg(feature = "oracles")]
mod oracle;
// A game owns the nodes it reads and frees them with itself: the reader's
// three `unsafe` blocks hand them out and give them back.
#[allow(unsafe_code)]
mod parse;
mod shape;

use std::fmt;
use std::hash::{Hash, Hasher};
use std::num::NonZeroU16;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use std::sync::{Arc, OnceLock};

use super::Registered;
use crate::game::drawing::Drawing;
use crate::game::{Evaluation, Notation, Outcome, Play, Player, PositionError, Presentation, Rules, Storage};
pub use parse::{Kept, MAX_CHILDREN, MAX_HEIGHT, MAX_KEPT_BYTES, MAX_VALUE, Parsed, parse};
pub use shape::Shape;

/// AIMA (3rd and 4th editions), Figure 5.2: the two-ply game tree.
pub const AIMA_5_2: &str = "A:(B:(b1:3 b2:12 b3:8) C:(c1:2 c2:4 c3:6) D:(d1:14 d2:5 d3:2))";

/// The levels of [`AIMA_5_2`] (a test holds it to the tree read).
const AIMA_5_2_HEIGHT: u8 = 2;

/// The game of textbook trees. Its default depth is the height of the tree it
/// read last (the start tree's before any), so that a tree is searched whole
/// unless `--depth` says otherwise.
///
/// The height lives in an atomic because no hook gives a depth per position:
/// `Evaluation::default_depth` takes only the game, and
/// `Registered::configured` sees the command-line options, not the tree the
/// position names, which is read afterwards by `parse_position`. The tree is
/// its own game, so the game remembers the last one it read.
///
/// The game owns the trees it reads, and its clones share them: they are
/// freed with the last of them, so a position (and a search tree of them) is
/// kept beside the game it came from, as every door keeps it.
#[derive(Debug, Default)]
pub struct TextbookTree {
    /// The height of the last tree read; 0 until one is.
    height: AtomicU8,
    /// The nodes of the trees read, shared with clones.
    kept: Arc<Kept>,
}

impl Clone for TextbookTree {
    fn clone(&self) -> Self {
        TextbookTree { height: AtomicU8::new(self.height.load(Relaxed)), kept: Arc::clone(&self.kept) }
    }
}

impl TextbookTree {
    /// The bytes the nodes of the trees this game (and its clones) read take.
    pub fn kept_bytes(&self) -> usize {
        self.kept.bytes()
    }
}

/// A node of a textbook tree and the side to move there.
#[derive(Clone, Copy)]
pub struct Position {
    /// The node of the tree as read (kept by the game that read it, so that
    /// positions stay small and copyable: good while that game lives).
    pub node: &'static Shape,
    /// Who moves at `node`: the root's side, alternating with each level.
    pub to_move: Player,
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.to_move == other.to_move && self.node.same_as(other.node)
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.node.digest);
        self.to_move.hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&text(self))
    }
}

/// Going down to a child: its place among its siblings (from 1) and its
/// label's number (0 for none), 4 bytes like every game's action, so that a
/// search node is no bigger than another game's.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    place: NonZeroU16,
    label: u16,
}

impl Edge {
    /// The action leading to `child`.
    pub fn to(child: &Shape) -> Edge {
        let place = u16::try_from(child.number).ok().and_then(NonZeroU16::new);
        Edge { place: place.expect("a child's place is 1..=MAX_CHILDREN"), label: child.label_id }
    }

    /// The child's index among its siblings.
    fn index(self) -> usize {
        usize::from(self.place.get()) - 1
    }

    /// The label, else the place.
    fn name(self) -> String {
        if self.label == 0 { self.place.to_string() } else { labels::text(self.label).to_string() }
    }
}

impl fmt::Debug for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// What a search node keeps: the tree node (the side to move is the node's own).
#[derive(Clone, Copy)]
pub struct Packed(&'static Shape);

// Equal as the positions are: the same subtree, wherever it was read.
impl PartialEq for Packed {
    fn eq(&self, other: &Self) -> bool {
        self.0.same_as(other.0)
    }
}

impl Eq for Packed {}

impl Hash for Packed {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.digest);
    }
}

impl fmt::Debug for Packed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Packed({})", self.0.action_name())
    }
}

/// The subtree as text, with ` min` when MIN moves at its top.
fn text(pos: &Position) -> String {
    let mut out = String::new();
    pos.node.write_text(&mut out);
    if !pos.to_move.maximises() {
        out.push_str(" min");
    }
    out
}

fn start_tree() -> Parsed {
    static START: OnceLock<Parsed> = OnceLock::new();
    *START.get_or_init(|| parse(AIMA_5_2).expect("AIMA 5.2 is well formed"))
}

impl TextbookTree {
    /// Reads a tree written as text, `@FILE` reading it from FILE.
    fn read(&self, text: &str) -> Result<Position, PositionError> {
        let parsed = match text.strip_prefix('@') {
            Some(path) => parse::parse_into(&read_file(path)?, &self.kept),
            None => parse::parse_into(text, &self.kept),
        }
        .map_err(PositionError)?;
        // A lone leaf still makes a tree of one ply (depth 0 is no search).
        self.height.store(parsed.root.height.max(1), Relaxed);
        Ok(Position { node: parsed.root, to_move: parsed.to_move })
    }
}

/// The most bytes a tree file may hold (a tree of 64 levels and millions of
/// leaves fits well within).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// The text of `@FILE`, `@-` reading stdin, without a UTF-8 byte-order mark
/// at its start (as an editor on Windows saves it).
fn read_file(path: &str) -> Result<String, PositionError> {
    use std::io::Read;
    let name = if path == "-" { "<stdin>" } else { path };
    let fail = |e: &dyn fmt::Display| PositionError(format!("cannot read {name}: {e}"));
    let source: Box<dyn Read> = if path == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(path).map_err(|e| fail(&e))?)
    };
    let mut text = String::new();
    source.take(MAX_FILE_BYTES + 1).read_to_string(&mut text).map_err(|e| fail(&e))?;
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(PositionError(format!("{name} is larger than {} MiB", MAX_FILE_BYTES >> 20)));
    }
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

impl Registered for TextbookTree {
    const ABOUT: &'static str = "a textbook tree in parentheses, numbers at the leaves";
    const NOTATION: &'static str =
        "nested parentheses, numbers at the leaves, optional `LABEL:` before a node, ` min` after when MIN moves first; `@FILE` reads it from FILE; an action is a child's label, else its place `1`, `2`...";
    const RULES: &'static str = "A textbook game tree, written as nested parentheses with a number at each leaf:\n\
     ((3 12 8) (2 4 6) (14 5 2)) is AIMA's Figure 5.2. MAX moves at the root (a\n\
     trailing `min` makes it MIN) and the sides alternate level by level. An action\n\
     is a child: its label (A:(...) names a node A) or else its place, 1, 2, 3...\n\
     The game ends at a leaf; its number is the value, which MAX maximises and MIN\n\
     minimises. --position @FILE reads the tree from FILE.\n";

}

impl Rules for TextbookTree {
    type Position = Position;
    type Action = Edge;

    fn start(&self) -> Position {
        let p = start_tree();
        Position { node: p.root, to_move: p.to_move }
    }

    fn to_move(&self, pos: &Position) -> Player {
        pos.to_move
    }

    fn actions(&self, pos: &Position, out: &mut Vec<Edge>) {
        out.clear();
        out.extend(pos.node.children.iter().map(Edge::to));
    }

    fn has_actions(&self, pos: &Position) -> bool {
        !pos.node.children.is_empty()
    }

    fn count_actions(&self, pos: &Position) -> u64 {
        pos.node.children.len() as u64
    }

    fn apply(&self, pos: &Position, action: Edge) -> Position {
        Position { node: &pos.node.children[action.index()], to_move: pos.to_move.other() }
    }

    fn terminal_outcome(&self, pos: &Position) -> Outcome {
        let mine = if pos.to_move.maximises() { pos.node.value } else { -pos.node.value };
        match mine.signum() {
            1 => Outcome::Win,
            -1 => Outcome::Loss,
            _ => Outcome::Draw,
        }
    }
}

impl Play for TextbookTree {}

impl Storage for TextbookTree {
    type Packed = Packed;

    fn pack(&self, pos: &Position) -> Packed {
        Packed(pos.node)
    }

    fn unpack(&self, packed: &Packed, to_move: Player) -> Position {
        Position { node: packed.0, to_move }
    }
}

impl Evaluation for TextbookTree {
    /// An inner node where a search stops short of the leaves gets its exact
    /// minimax value: a textbook tree has no other evaluation to offer.
    fn heuristic(&self, pos: &Position) -> i32 {
        pos.node.minimax_for(pos.to_move)
    }

    fn terminal_cost(&self, pos: &Position) -> i32 {
        pos.node.value
    }

    fn default_depth(&self) -> u8 {
        match self.height.load(Relaxed) {
            // The start tree's, without reading it: its labels would take
            // numbers from a tree read later (labels.rs).
            0 => AIMA_5_2_HEIGHT,
            h => h,
        }
    }

    fn decided_at(&self) -> i32 {
        i32::MAX
    }
}

impl Notation for TextbookTree {
    fn format_action(&self, action: Edge) -> String {
        action.name()
    }

    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        self.read(text)
    }

    fn format_position(&self, pos: &Position) -> String {
        text(pos)
    }

    fn position_name(&self, pos: &Position) -> Option<String> {
        (pos.node.label_id != 0).then(|| labels::text(pos.node.label_id).to_string())
    }
}

impl Presentation for TextbookTree {
    const NAME: &'static str = "tree";

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "max",
            Player::Second => "min",
        }
    }

    fn evaluation(&self) -> String {
        "values are the leaves' numbers; max takes the greatest, min the least".into()
    }
}

/// A node has no board: the tree itself is the drawing, and a terminal shows
/// the node's subtree as text.
impl Drawing for TextbookTree {}

#[cfg(test)]
mod tests;
