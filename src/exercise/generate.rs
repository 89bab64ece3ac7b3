//! Random textbook trees that meet a teacher's constraints, the same tree for
//! the same seed and constraints.

use crate::game::prelude::*;
use crate::games::tree::TextbookTree;
use crate::limits::Limits;
use crate::request::{Opt, Refusal, Word};
use crate::rng::Rng;
use crate::search::alphabeta::{self, Pruning};
use crate::tree::{Tree, TreeArena};
use crate::words;

/// What a generated exercise must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Constraints {
    /// Levels below the root; every leaf is this deep.
    pub depth: u8,
    /// Children of each inner node, at least and at most.
    pub branching: (u64, u64),
    /// Leaf values, least and greatest.
    pub leaves: (i32, i32),
    /// Alpha-beta: at least this many nodes that skip some of their children.
    pub cutoffs: u32,
    /// Alpha-beta: at least one of them skips a child that has children.
    pub cut_above_leaves: bool,
    /// The cut-off rule the exercise is searched and checked with.
    pub rule: Pruning,
    /// Trees tried before giving up.
    pub tries: u32,
}

/// `A..B`, two integers (`--branching`, `--leaves`).
pub fn parse_range(text: &str) -> Result<(i32, i32), String> {
    let (a, b) = text.split_once("..").ok_or("write a range as LEAST..MOST, e.g. 2..3")?;
    let n = |t: &str| t.trim().parse::<i32>().map_err(|_| format!("{t:?} is not a whole number"));
    Ok((n(a)?, n(b)?))
}

/// `A..B`, two counts (0 or more): a count too large for any tree is kept
/// as it was typed (saturated), so that the check names what was given.
pub fn parse_counts(text: &str) -> Result<(u64, u64), String> {
    let (a, b) = text.split_once("..").ok_or("write a range as LEAST..MOST, e.g. 2..3")?;
    let n = |t: &str| {
        let t = t.trim();
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("{t:?} is not a whole number"));
        }
        Ok(t.parse::<u64>().unwrap_or(u64::MAX))
    };
    Ok((n(a)?, n(b)?))
}

impl Default for Constraints {
    fn default() -> Self {
        Constraints {
            depth: 3,
            branching: (2, 3),
            leaves: (0, 20),
            cutoffs: 2,
            cut_above_leaves: false,
            rule: Pruning::OnTies,
            tries: 10_000,
        }
    }
}

/// The most leaves an exercise may have: more would not fit on a page.
pub const MAX_LEAVES: u64 = 256;

impl Constraints {
    /// Why these constraints cannot make a sheet, if they cannot, naming the
    /// options at fault so that each door says it its own way.
    pub fn check(&self) -> Result<(), Refusal> {
        let (lo, hi) = self.branching;
        if self.depth == 0 || self.depth > 8 {
            return Err(Refusal::usage(
                Opt::Depth,
                words![Word::set(Opt::Depth, self.depth), ": an exercise has 1 to 8 levels"],
            ));
        }
        let branching = || Word::set(Opt::Branching, format!("{lo}..{hi}"));
        if lo == 0 || lo > hi {
            return Err(Refusal::usage(
                Opt::Branching,
                words![branching(), ": give 1 or more children, the least first"],
            ));
        }
        if hi.saturating_pow(u32::from(self.depth)) > MAX_LEAVES {
            return Err(Refusal::usage(
                Opt::Branching,
                words![
                    branching(),
                    " at ",
                    Word::set(Opt::Depth, self.depth),
                    format!(" could make more than {MAX_LEAVES} leaves, too many for a page")
                ],
            ));
        }
        if self.leaves.0 > self.leaves.1 || self.leaves.0 < -999 || self.leaves.1 > 999 {
            return Err(Refusal::usage(
                Opt::Leaves,
                words![
                    Word::set(Opt::Leaves, format!("{}..{}", self.leaves.0, self.leaves.1)),
                    ": give the least first, within -999..999"
                ],
            ));
        }
        Ok(())
    }
}

/// What alpha-beta does on a tree: its cut-offs, and how many skip inner nodes.
pub fn cutoffs(text: &str, rule: Pruning) -> (u32, u32) {
    let game = TextbookTree::default();
    let pos = game.parse_position(text).expect("generated trees are well formed");
    let mut arena = TreeArena::new();
    let opts = Limits { threads: 1, ..Limits::default() };
    let tree = Tree::build(&mut arena, &game, pos, game.default_depth(), &opts).expect("a small tree");
    let windows = alphabeta::run_with_rule(&tree, rule, &mut ());
    cut_offs(&tree, &windows)
}

/// Alpha-beta's cut-offs in a searched `tree` (with the `windows` it
/// recorded), and how many of them skip an inner node.
pub fn cut_offs<G: crate::game::Game>(
    tree: &Tree<'_, G>,
    windows: &[Option<alphabeta::Window>],
) -> (u32, u32) {
    let (mut all, mut above) = (0, 0);
    tree.root.for_each(&mut |n| {
        if windows[n.id() as usize].is_some_and(|w| w.cutoff.is_some()) {
            all += 1;
            above += u32::from(n.children().iter().any(|c| c.pruned() && !c.is_leaf()));
        }
    });
    (all, above)
}

fn random_tree(rng: &mut Rng, c: &Constraints, depth: u8, out: &mut String) {
    if depth == 0 {
        let span = (i64::from(c.leaves.1) - i64::from(c.leaves.0) + 1) as usize;
        out.push_str(&(i64::from(c.leaves.0) + rng.below(span) as i64).to_string());
        return;
    }
    let n = c.branching.0 as usize + rng.below((c.branching.1 - c.branching.0) as usize + 1);
    out.push('(');
    for i in 0..n {
        if i > 0 {
            out.push(' ');
        }
        random_tree(rng, c, depth - 1, out);
    }
    out.push(')');
}

/// The textbook's name of the `n`th inner node, counted from 0 level by
/// level: A, B, ..., Z, AA, AB, ...
fn letters(mut n: usize) -> String {
    let mut name = Vec::new();
    loop {
        name.push(b'A' + (n % 26) as u8);
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    name.reverse();
    String::from_utf8(name).unwrap_or_default()
}

/// A generated tree (parentheses and numbers only) with every node named as
/// textbooks do: the root A, the inner nodes B, C, D... level by level from
/// the left, a leaf by its parent's letters in lower case and its place
/// (`c2`). These names are the tree's labels, so the worksheet, its key, the
/// quizzes, the practice page, the command line, the JSON and the grader all
/// name a node by the one name drawn beside it.
pub fn named(text: &str) -> String {
    enum Node {
        Leaf(String),
        Inner(Vec<usize>),
    }
    let mut nodes: Vec<Node> = Vec::new();
    let mut open: Vec<Vec<usize>> = Vec::new();
    let mut word = String::new();
    let mut root = None;
    let flush = |word: &mut String, nodes: &mut Vec<Node>, open: &mut Vec<Vec<usize>>| {
        if !word.is_empty() {
            nodes.push(Node::Leaf(std::mem::take(word)));
            let id = nodes.len() - 1;
            if let Some(top) = open.last_mut() {
                top.push(id);
            }
        }
    };
    for c in text.chars() {
        match c {
            '(' => open.push(Vec::new()),
            ')' => {
                flush(&mut word, &mut nodes, &mut open);
                let kids = open.pop().unwrap_or_default();
                nodes.push(Node::Inner(kids));
                let id = nodes.len() - 1;
                match open.last_mut() {
                    Some(top) => top.push(id),
                    None => root = Some(id),
                }
            }
            c if c.is_whitespace() => flush(&mut word, &mut nodes, &mut open),
            c => word.push(c),
        }
    }
    let Some(root) = root else { return text.to_string() };
    // Inner nodes lettered breadth first, left to right.
    let mut name = vec![String::new(); nodes.len()];
    let (mut level, mut next) = (vec![root], 0);
    while !level.is_empty() {
        let mut below = Vec::new();
        for &n in &level {
            name[n] = letters(next);
            next += 1;
            if let Node::Inner(kids) = &nodes[n] {
                below.extend(kids.iter().filter(|&&k| matches!(nodes[k], Node::Inner(_))));
            }
        }
        level = below;
    }
    fn write(n: usize, nodes: &[Node], name: &mut [String], out: &mut String) {
        match &nodes[n] {
            Node::Leaf(v) => out.push_str(&format!("{}:{v}", name[n])),
            Node::Inner(kids) => {
                out.push_str(&format!("{}:(", name[n]));
                for (i, &k) in kids.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    if matches!(nodes[k], Node::Leaf(_)) {
                        name[k] = format!("{}{}", name[n].to_lowercase(), i + 1);
                    }
                    write(k, nodes, name, out);
                }
                out.push(')');
            }
        }
    }
    let mut out = String::new();
    write(root, &nodes, &mut name, &mut out);
    out
}

/// A tree meeting `c` for alpha-beta (`alphabeta`), or any tree of its shape
/// for minimax; the first found from `seed`, or why none was. Its nodes are
/// named as textbooks do ([`named`]).
pub fn generate(seed: u64, c: &Constraints, alphabeta: bool) -> Result<String, Refusal> {
    c.check()?;
    let mut rng = Rng::new(seed);
    for _ in 0..c.tries {
        let mut text = String::new();
        random_tree(&mut rng, c, c.depth, &mut text);
        if !alphabeta {
            return Ok(named(&text));
        }
        let (all, above) = cutoffs(&text, c.rule);
        if all >= c.cutoffs && (!c.cut_above_leaves || above > 0) {
            return Ok(named(&text));
        }
    }
    Err(Refusal::usage(
        Opt::Cutoffs,
        words![
            format!(
                "no tree of depth {} with {} cut-off(s){} found in {} tries from seed {seed}; ask for fewer ",
                c.depth,
                c.cutoffs,
                if c.cut_above_leaves { ", one above the leaves," } else { "" },
                c.tries
            ),
            Opt::Cutoffs,
            " or more ",
            Opt::Branching
        ],
    ))
}
