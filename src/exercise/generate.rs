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

/// A textbook tree before it is written: a leaf's value, or the children
/// (a random tree, or one a door was given as nested lists).
pub enum Drawn {
    /// A leaf and its value.
    Leaf(i64),
    /// An inner node and its children, left to right.
    Inner(Vec<Drawn>),
}

fn random_tree(rng: &mut Rng, c: &Constraints, depth: u8) -> Drawn {
    if depth == 0 {
        let span = (i64::from(c.leaves.1) - i64::from(c.leaves.0) + 1) as usize;
        return Drawn::Leaf(i64::from(c.leaves.0) + rng.below(span) as i64);
    }
    let n = c.branching.0 as usize + rng.below((c.branching.1 - c.branching.0) as usize + 1);
    Drawn::Inner((0..n).map(|_| random_tree(rng, c, depth - 1)).collect())
}

impl Drawn {
    /// The tree in the textbook notation, its nodes unnamed (as alpha-beta's
    /// count of cut-offs reads it).
    fn text(&self) -> String {
        match self {
            Drawn::Leaf(v) => v.to_string(),
            Drawn::Inner(kids) => format!("({})", kids.iter().map(Drawn::text).collect::<Vec<_>>().join(" ")),
        }
    }

    /// How many inner nodes each level holds, from this node's level down.
    fn inner_per_level(&self, level: usize, counts: &mut Vec<usize>) {
        if let Drawn::Inner(kids) = self {
            if counts.len() <= level {
                counts.resize(level + 1, 0);
            }
            counts[level] += 1;
            kids.iter().for_each(|k| k.inner_per_level(level + 1, counts));
        }
    }
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

/// The tree with every node named as textbooks do: the root A, the inner
/// nodes B, C, D... level by level from the left, a leaf by its parent's
/// letters in lower case and its place (`c2`). These names are the tree's
/// labels, so the worksheet, its key, the quizzes, the practice page, the
/// command line, the JSON and the grader all name a node by the one name
/// drawn beside it.
pub fn named(tree: &Drawn) -> String {
    // Written depth first, a level's inner nodes come left to right: the
    // `i`th of level `d` is lettered after every inner node above it.
    let mut counts = Vec::new();
    tree.inner_per_level(0, &mut counts);
    let mut next: Vec<usize> =
        counts.iter().scan(0, |above, n| Some(std::mem::replace(above, *above + n))).collect();
    fn write(node: &Drawn, name: &str, level: usize, next: &mut [usize], out: &mut String) {
        match node {
            Drawn::Leaf(v) => out.push_str(&format!("{name}:{v}")),
            Drawn::Inner(kids) => {
                out.push_str(&format!("{name}:("));
                for (i, k) in kids.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    let kid = match k {
                        Drawn::Leaf(_) => format!("{}{}", name.to_lowercase(), i + 1),
                        Drawn::Inner(_) => {
                            next[level + 1] += 1;
                            letters(next[level + 1] - 1)
                        }
                    };
                    write(k, &kid, level + 1, next, out);
                }
                out.push(')');
            }
        }
    }
    let mut out = String::new();
    match tree {
        Drawn::Leaf(v) => out.push_str(&v.to_string()),
        Drawn::Inner(_) => {
            next[0] += 1;
            write(tree, &letters(0), 0, &mut next, &mut out);
        }
    }
    out
}

/// A tree meeting `c` for alpha-beta (`alphabeta`), or any tree of its shape
/// for minimax; the first found from `seed`, or why none was. Its nodes are
/// named as textbooks do: inner nodes A, B, C... level by level, a leaf by
/// its parent and place (`c2`).
pub fn generate(seed: u64, c: &Constraints, alphabeta: bool) -> Result<String, Refusal> {
    c.check()?;
    let mut rng = Rng::new(seed);
    for _ in 0..c.tries {
        let tree = random_tree(&mut rng, c, c.depth);
        if !alphabeta {
            return Ok(named(&tree));
        }
        let (all, above) = cutoffs(&tree.text(), c.rule);
        if all >= c.cutoffs && (!c.cut_above_leaves || above > 0) {
            return Ok(named(&tree));
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

#[cfg(test)]
mod tests {
    use super::{Drawn, named};

    fn leaves(values: &[i64]) -> Drawn {
        Drawn::Inner(values.iter().map(|&v| Drawn::Leaf(v)).collect())
    }

    #[test]
    fn inner_nodes_are_lettered_level_by_level_and_leaves_by_their_parent_and_place() {
        // AIMA's figure 5.2: A over B, C, D.
        let aima = Drawn::Inner(vec![leaves(&[3, 12, 8]), leaves(&[2, 4, 6]), leaves(&[14, 5, 2])]);
        assert_eq!(named(&aima), "A:(B:(b1:3 b2:12 b3:8) C:(c1:2 c2:4 c3:6) D:(d1:14 d2:5 d3:2))");
        assert_eq!(aima.text(), "((3 12 8) (2 4 6) (14 5 2))");
        // A level is lettered whole before the next: B's children come after C,
        // and a leaf beside inner nodes keeps its place among its siblings.
        let deep = Drawn::Inner(vec![
            Drawn::Inner(vec![leaves(&[1]), Drawn::Leaf(7), leaves(&[2, 3])]),
            Drawn::Inner(vec![leaves(&[4])]),
        ]);
        assert_eq!(named(&deep), "A:(B:(D:(d1:1) b2:7 E:(e1:2 e2:3)) C:(F:(f1:4)))");
        // Past Z the letters go on as spreadsheet columns do.
        let wide = Drawn::Inner((0..27).map(|v| leaves(&[v])).collect());
        assert!(named(&wide).ends_with("Z:(z1:24) AA:(aa1:25) AB:(ab1:26))"), "{}", named(&wide));
        assert_eq!(named(&Drawn::Leaf(5)), "5");
    }
}
