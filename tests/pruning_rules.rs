//! Both pruning conventions (cut when a value reaches the bound, AIMA; only
//! when it passes it, CS188) against an alpha-beta written here from the
//! textbooks' pseudo-code, on random trees full of ties.

use gametree::game::prelude::*;
use gametree::games::tree::TextbookTree;
use gametree::limits::Limits;
use gametree::search::alphabeta::{self, Pruning};
use gametree::tree::{GameNode, Tree, TreeArena};

/// A tree of the test's own.
enum T {
    Leaf(i32),
    Inner(Vec<T>),
}

/// A small linear congruential generator: the same trees every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

fn random_tree(rng: &mut Lcg, depth: u32) -> T {
    if depth == 0 || (depth < 3 && rng.below(5) == 0) {
        // Values 0..=3: ties everywhere.
        return T::Leaf(rng.below(4) as i32);
    }
    let n = 1 + rng.below(3) as usize;
    T::Inner((0..n).map(|_| random_tree(rng, depth - 1)).collect())
}

fn text(t: &T, out: &mut String) {
    match t {
        T::Leaf(v) => out.push_str(&v.to_string()),
        T::Inner(children) => {
            out.push('(');
            for (i, c) in children.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                text(c, out);
            }
            out.push(')');
        }
    }
}

/// Fail-soft alpha-beta as the books write it: `v` against the bound, then
/// the window. Pushes each node in preorder: its value, or `None` where pruned.
fn alpha_beta(
    t: &T,
    mut alpha: i32,
    mut beta: i32,
    max: bool,
    ties: bool,
    out: &mut Vec<Option<i32>>,
) -> i32 {
    let me = out.len();
    out.push(None);
    let children = match t {
        T::Leaf(v) => {
            out[me] = Some(*v);
            return *v;
        }
        T::Inner(c) => c,
    };
    let prune = |v: i32, bound: i32, above: bool| {
        if above {
            if ties { v >= bound } else { v > bound }
        } else if ties {
            v <= bound
        } else {
            v < bound
        }
    };
    let mut v = if max { i32::MIN } else { i32::MAX };
    let mut cut_after = None;
    for (i, c) in children.iter().enumerate() {
        let cv = alpha_beta(c, alpha, beta, !max, ties, out);
        if max {
            v = v.max(cv);
            if prune(v, beta, true) {
                cut_after = Some(i);
                break;
            }
            alpha = alpha.max(v);
        } else {
            v = v.min(cv);
            if prune(v, alpha, false) {
                cut_after = Some(i);
                break;
            }
            beta = beta.min(v);
        }
    }
    if let Some(i) = cut_after {
        for c in &children[i + 1..] {
            skipped(c, out);
        }
    }
    out[me] = Some(v);
    v
}

fn skipped(t: &T, out: &mut Vec<Option<i32>>) {
    out.push(None);
    if let T::Inner(c) = t {
        for c in c {
            skipped(c, out);
        }
    }
}

fn preorder<A, P>(n: &gametree::tree::Node<A, P>, out: &mut Vec<Option<i32>>) {
    out.push((!n.pruned()).then(|| n.value()));
    for c in n.children() {
        preorder(c, out);
    }
}

fn height(t: &T) -> u8 {
    match t {
        T::Leaf(_) => 0,
        T::Inner(c) => 1 + c.iter().map(height).max().unwrap_or(0),
    }
}

#[test]
fn both_rules_match_the_books_alpha_beta_on_trees_with_ties() {
    let game = TextbookTree::default();
    let mut rng = Lcg(23);
    let mut differ = 0;
    for _ in 0..2000 {
        let t = random_tree(&mut rng, 5);
        let mut written = String::new();
        text(&t, &mut written);
        let min_root = rng.below(2) == 1;
        if min_root {
            written.push_str(" min");
        }
        let pos = game.parse_position(&written).unwrap();
        let mut arena = TreeArena::new();
        let depth = height(&t).max(1);
        let opts = Limits { threads: 1, ..Limits::default() };
        let tree: Tree<'_, TextbookTree> = Tree::build(&mut arena, &game, pos, depth, &opts).unwrap();
        let mut pruned_counts = Vec::new();
        for (rule, ties) in [(Pruning::OnTies, true), (Pruning::PastBound, false)] {
            alphabeta::run_with_rule(&tree, rule, &mut ());
            let (mut ours, mut books) = (Vec::new(), Vec::new());
            preorder::<_, _>(tree.root as &GameNode<TextbookTree>, &mut ours);
            alpha_beta(&t, i32::MIN, i32::MAX, !min_root, ties, &mut books);
            assert_eq!(ours, books, "{written} under {rule:?}");
            pruned_counts.push(ours.iter().filter(|v| v.is_none()).count());
        }
        assert!(pruned_counts[0] >= pruned_counts[1], "{written}: pruning on ties never prunes less");
        differ += usize::from(pruned_counts[0] != pruned_counts[1]);
    }
    assert!(differ > 100, "ties change the pruning in many trees (only {differ})");
}
