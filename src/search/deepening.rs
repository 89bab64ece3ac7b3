//! Iterative deepening replayed over an explicit tree: alpha-beta to depth 1,
//! then 2, and so on to the tree's depth, each iteration taking the previous
//! iteration's principal variation first and keeping a transposition table
//! (keyed by position: value, bound kind, draft and best child) from one
//! iteration to the next.
//!
//! The tree of iteration `d` is the built tree's top `d` plies: the same nodes
//! and ids, a node at depth `d` taken as a leaf worth its static cost, exactly
//! the node a tree built to depth `d` would hold there. So the explorer steps
//! from iteration to iteration over one drawing, and the last iteration sets
//! the tree's values, bounds and pruned flags as `--search alphabeta` does.
//!
//! A table entry answers a node only when it was searched to the same draft
//! (plies below it): a deeper search's value is another depth's answer, and
//! the root's value and decision must be plain alpha-beta's at this depth
//! (property tests). Ties go to the left-most child in the game's order, as in
//! every search here: a child earlier in that order than the best so far is
//! searched with a window one wider, so that an equal value comes back exact
//! and is known as a tie rather than as "no better".

use std::collections::HashMap;

use super::alphabeta::{Cutoff, Pruning, Window, WindowEnd, bound_of, cuts_off};
use super::orders::Visits;
use crate::game::Game;
use crate::runtime::clock::Instant;
use crate::tree::{Bound, GameNode, Tree};

/// What one iteration did.
#[derive(Clone, Debug, PartialEq)]
pub struct Iteration {
    /// Its depth in plies.
    pub depth: u8,
    /// Nodes it visited, the root and table answers included.
    pub nodes: u64,
    /// Leaves it evaluated (nodes at its depth, or where the game ended).
    pub leaves: u64,
    /// Nodes that skipped children by an alpha-beta cut-off.
    pub cutoffs: u64,
    /// Nodes answered by the table: visited, their children never searched.
    pub table_cutoffs: u64,
    /// The search's time, in milliseconds (the tree was built before).
    pub millis: f64,
    /// The root's value.
    pub value: i32,
    /// The principal variation: the ids of its nodes below the root, the
    /// node of the chosen action first (empty when the root has no child).
    pub line: Vec<u32>,
    /// Effective branching factor: this iteration's nodes over the previous
    /// one's (over 1, the root alone, for the first).
    pub branching: f64,
    /// What it did at each node, by id, when [`Keep::every_node`] asked.
    pub drawn: Option<Drawn>,
    /// The nodes it visited, when [`Keep::visited`] asked: its top levels
    /// within the number of nodes given there, and its line of best play to
    /// its end.
    pub searched: Option<Searched>,
}

impl Iteration {
    /// The id of the node of the chosen action; `None` when the root has no child.
    pub fn decision(&self) -> Option<u32> {
        self.line.first().copied()
    }
}

/// What each iteration keeps of its search beside its counts, value and
/// line: the caller's choice (what a page draws is the exports' to say:
/// `export::deepening::keep`). By default, nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Keep {
    /// What it did at every node, by id ([`Iteration::drawn`]).
    pub every_node: bool,
    /// The nodes it visited ([`Iteration::searched`]): the top levels while
    /// they come to at most this many nodes (the root and its children
    /// always), and the line of best play below them.
    pub visited: Option<usize>,
}

/// What one iteration visited of a tree too large to draw whole: the nodes
/// kept, root first, each with its visited children.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Searched {
    /// The visited nodes kept, in preorder from the root.
    pub nodes: Vec<Visited>,
    /// How many nodes the iteration visited.
    pub visited: usize,
    /// `Some(k)` when only the top `k` levels were kept (the root's level 1),
    /// and below them the line of best play with its nodes' children: the
    /// whole search was over the nodes [`Keep::visited`] allowed.
    pub levels: Option<u8>,
}

/// One visited node of [`Searched`].
#[derive(Clone, Debug, PartialEq)]
pub struct Visited {
    /// Its id in the tree.
    pub id: u32,
    /// Its depth below the root.
    pub depth: u8,
    /// The children it searched, by id, in the order taken; in a trimmed
    /// [`Searched`] they may lie below the levels kept.
    pub kids: Vec<u32>,
    /// How many of its children it never searched: those past a cut-off, or
    /// all of them where the table answered (none at the iteration's depth,
    /// where it never meant to go further).
    pub unsearched: u16,
    /// Visited nodes under it, itself not counted.
    pub below: usize,
    /// The value it returned, exact or a bound.
    pub value: i32,
    /// The value's kind.
    pub bound: Bound,
    /// How it ended.
    pub mark: Mark,
}

/// One iteration's search at every node, by id, for drawing it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drawn {
    /// The children in the order taken, and each visited node's value and bound.
    pub visits: Visits,
    /// How each node ended: [`Mark::Cutoff`], [`Mark::Table`] or [`Mark::None`].
    pub marks: Vec<Mark>,
}

/// How a visited node ended, beside its value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mark {
    /// Searched its children (all of them, or it was a leaf), or never visited.
    #[default]
    None,
    /// An alpha-beta cut-off skipped the rest of its children.
    Cutoff,
    /// The table held its answer: none of its children were searched.
    Table,
}

/// Nodes per depth, for the chart: each search to depth `d` of the same tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Counts {
    /// Depths 1 to the tree's.
    pub depths: Vec<u8>,
    /// Minimax: every node of depth `d` or less.
    pub minimax: Vec<u64>,
    /// Alpha-beta in the game's order, no table.
    pub alphabeta: Vec<u64>,
    /// Iterative deepening with the table: iteration `d`'s nodes.
    pub deepening: Vec<u64>,
    /// The branching factor the minimal tree is drawn with: the tree's
    /// geometric mean, (nodes at its deepest level)^(1/depth), exact for a
    /// uniform tree.
    pub b: f64,
    /// b^⌈d/2⌉ + b^⌊d/2⌋ − 1, the leaves that perfect ordering evaluates at
    /// depth `d` (Knuth and Moore, 1975).
    pub minimal: Vec<f64>,
}

/// Iterative deepening over one tree, each iteration in turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Deepened {
    /// Depth 1 first.
    pub iterations: Vec<Iteration>,
    /// The cut-off rule.
    pub rule: Pruning,
    /// Positions in the table at the end.
    pub table_size: usize,
    /// The chart's counts.
    pub counts: Counts,
}

impl Deepened {
    /// The last iteration (the tree's depth).
    pub fn last(&self) -> Option<&Iteration> {
        self.iterations.last()
    }
}

/// A table entry: what a search of a position to `draft` plies found.
#[derive(Clone, Copy, Debug)]
struct Entry {
    draft: u8,
    value: i32,
    bound: Bound,
    /// The best child's place in the game's order.
    best: u16,
}

/// No best child (a leaf, or a node not visited).
const NO_CHILD: u16 = u16::MAX;

/// Runs iterative deepening over `tree`, depth 1 to its depth, cutting off by
/// `rule`, each iteration keeping what `keep` asks. The last iteration sets
/// the tree's values, bounds and pruned flags; returns the iterations, with
/// the windows of the last one by id.
pub fn run<G: Game>(
    game: &G,
    tree: &Tree<'_, G>,
    rule: Pruning,
    keep: Keep,
) -> (Deepened, Vec<Option<Window>>) {
    let mut s = Search {
        visited: None,
        game,
        rule,
        table: Some(HashMap::new()),
        horizon: 0,
        pv: Vec::new(),
        best: vec![NO_CHILD; tree.len],
        count: Tally::default(),
        drawn: None,
        windows: None,
    };
    let mut iterations: Vec<Iteration> = Vec::new();
    for d in 1..=tree.depth.max(1) {
        let last = d >= tree.depth;
        s.horizon = d;
        s.count = Tally::default();
        s.best.fill(NO_CHILD);
        s.drawn = keep.every_node.then(|| blank(tree));
        s.visited = keep.visited.map(|_| Vec::new());
        if last {
            s.windows = Some(vec![None; tree.len]);
            mark_pruned(tree.root);
        }
        let started = Instant::now();
        let (value, _) = s.visit(tree.root, MINUS_INFINITY, PLUS_INFINITY, true, last);
        let millis = started.elapsed().as_secs_f64() * 1e3;
        let line_ids = s.line(tree.root);
        let previous = iterations.last().map_or(1, |i| i.nodes);
        iterations.push(Iteration {
            depth: d,
            nodes: s.count.nodes,
            leaves: s.count.leaves,
            cutoffs: s.count.cutoffs,
            table_cutoffs: s.count.table,
            millis,
            value,
            line: line_ids.iter().map(|&(_, n)| n.id()).collect(),
            branching: s.count.nodes as f64 / previous as f64,
            drawn: s.drawn.take(),
            searched: s.visited.take().map(|v| {
                let line: Vec<u32> = std::iter::once(tree.root)
                    .chain(line_ids.iter().map(|&(_, n)| n))
                    .map(|n| n.id())
                    .collect();
                trim(v, &line, keep.visited.unwrap_or(usize::MAX))
            }),
        });
        s.pv = line_ids.iter().map(|&(i, _)| i).collect();
        if tree.depth == 0 {
            break;
        }
    }
    tree.root.set_searched();
    let table_size = s.table.as_ref().map_or(0, HashMap::len);
    let windows = s.windows.take().unwrap_or_else(|| vec![None; tree.len]);
    let counts = counts(game, tree, rule, &iterations);
    (Deepened { iterations, rule, table_size, counts }, windows)
}

/// Nodes visited by plain alpha-beta in the game's order (no table, no
/// reordering) to `depth` plies of `tree`; the tree is left as it is.
pub fn alphabeta_nodes<G: Game>(game: &G, tree: &Tree<'_, G>, depth: u8, rule: Pruning) -> u64 {
    let mut s = Search {
        game,
        rule,
        table: None,
        horizon: depth,
        pv: Vec::new(),
        best: vec![NO_CHILD; tree.len],
        count: Tally::default(),
        drawn: None,
        visited: None,
        windows: None,
    };
    s.visit(tree.root, MINUS_INFINITY, PLUS_INFINITY, false, false);
    s.count.nodes
}

/// The chart's counts for `tree` beside the `iterations` run over it.
fn counts<G: Game>(game: &G, tree: &Tree<'_, G>, rule: Pruning, iterations: &[Iteration]) -> Counts {
    let depth = tree.depth.max(1);
    let mut per_level = vec![0u64; usize::from(depth) + 1];
    tree.root.for_each(&mut |n| per_level[usize::from(n.depth)] += 1);
    let depths: Vec<u8> = (1..=depth).collect();
    let minimax = depths.iter().map(|&d| per_level[..=usize::from(d)].iter().sum()).collect();
    let alphabeta = depths.iter().map(|&d| alphabeta_nodes(game, tree, d, rule)).collect();
    let deepening = iterations.iter().map(|i| i.nodes).collect();
    let deepest = per_level.iter().rposition(|&k| k > 0).unwrap_or(0);
    let b = if deepest == 0 { 1.0 } else { (per_level[deepest] as f64).powf(1.0 / deepest as f64) };
    let minimal =
        depths.iter().map(|&d| b.powi(i32::from(d.div_ceil(2))) + b.powi(i32::from(d / 2)) - 1.0).collect();
    Counts { depths, minimax, alphabeta, deepening, b, minimal }
}

/// Each node's children in the game's order and no results: a record of an
/// iteration before it runs.
/// Every node has its children listed, those below the iteration's depth too:
/// the page finds a node's among all of them by the tree's child counts.
fn blank<G: Game>(tree: &Tree<'_, G>) -> Drawn {
    let mut children = vec![Vec::new(); tree.len];
    tree.root.for_each(&mut |n| children[n.id() as usize] = (0..n.children().len() as u16).collect());
    Drawn { visits: Visits { children, result: vec![None; tree.len] }, marks: vec![Mark::None; tree.len] }
}

/// An iteration's visits (in the order they returned) as [`Searched`]: each
/// node's visited descendants counted, and the top levels kept while they
/// come to at most `cap` nodes (the root and its children always), and below
/// them the iteration's `line` (node ids from the root) with each of its
/// nodes' visited children, so that the line can be drawn to its end.
fn trim(mut visits: Vec<Visited>, line: &[u32], cap: usize) -> Searched {
    let visited = visits.len();
    let at: HashMap<u32, usize> = visits.iter().enumerate().map(|(i, v)| (v.id, i)).collect();
    // Children return before their parent.
    for i in 0..visits.len() {
        let below: usize =
            visits[i].kids.iter().filter_map(|k| at.get(k)).map(|&j| visits[j].below + 1).sum();
        visits[i].below = below;
    }
    let mut per_level: Vec<usize> = Vec::new();
    for v in &visits {
        let d = usize::from(v.depth);
        if per_level.len() <= d {
            per_level.resize(d + 1, 0);
        }
        per_level[d] += 1;
    }
    let mut keep = per_level.len();
    let mut total = 0;
    for (d, k) in per_level.iter().enumerate() {
        total += k;
        if total > cap && d >= 2 {
            keep = d;
            break;
        }
    }
    let mut nodes = Vec::new();
    let mut todo: Vec<usize> = line.first().and_then(|root| at.get(root)).copied().into_iter().collect();
    while let Some(i) = todo.pop() {
        let v = &visits[i];
        if usize::from(v.depth) + 1 < keep || line.contains(&v.id) {
            todo.extend(v.kids.iter().rev().filter_map(|k| at.get(k)));
        }
        nodes.push(v.clone());
    }
    let levels = (keep < per_level.len()).then(|| u8::try_from(keep).unwrap_or(u8::MAX));
    Searched { nodes, visited, levels }
}

fn mark_pruned<A, P>(node: &crate::tree::Node<A, P>) {
    node.set_pruned(true);
    for c in node.children() {
        mark_pruned(c);
    }
}

const MINUS_INFINITY: i64 = i64::MIN;
const PLUS_INFINITY: i64 = i64::MAX;

#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    nodes: u64,
    leaves: u64,
    cutoffs: u64,
    table: u64,
}

struct Search<'s, G: Game> {
    game: &'s G,
    rule: Pruning,
    /// `None` for plain alpha-beta: no table, the game's order, no wider windows.
    table: Option<HashMap<G::Position, Entry>>,
    /// This iteration's depth.
    horizon: u8,
    /// The previous iteration's principal variation, as child places.
    pv: Vec<u16>,
    /// Each visited node's best child's place, by id.
    best: Vec<u16>,
    count: Tally,
    drawn: Option<Drawn>,
    /// An iteration's visits in a tree too large for [`Drawn`].
    visited: Option<Vec<Visited>>,
    /// The windows, in the iteration that writes the tree.
    windows: Option<Vec<Option<Window>>>,
}

impl<G: Game> Search<'_, G> {
    /// Fail-soft alpha-beta over `node` within `[alpha, beta]`: its value and
    /// bound. `on_pv`: the node lies on the previous principal variation.
    /// `write`: set the node's value, bound and flags in the tree.
    fn visit(&mut self, node: &GameNode<G>, alpha: i64, beta: i64, on_pv: bool, write: bool) -> (i32, Bound) {
        self.count.nodes += 1;
        let id = node.id() as usize;
        let game = self.game;
        let plain = self.table.is_none();
        if write {
            node.set_pruned(false);
        }
        let draft = self.horizon.saturating_sub(node.depth);
        if node.is_leaf() || draft == 0 {
            self.count.leaves += 1;
            let v = if node.is_leaf() { node.value() } else { game.cost(&node.position(game), true) };
            self.finish(node, (alpha, beta), (v, Bound::Exact), Mark::None, write);
            self.record(node, Vec::new(), 0, (v, Bound::Exact), Mark::None);
            return (v, Bound::Exact);
        }
        let pos = if plain { None } else { Some(node.position(game)) };
        let entry = pos.as_ref().and_then(|p| self.table.as_ref()?.get(p).copied());
        if let Some(e) = entry.filter(|e| e.draft == draft && node.depth > 0)
            && self.answers(e, alpha, beta)
        {
            self.count.table += 1;
            self.best[id] = e.best;
            self.finish(node, (alpha, beta), (e.value, e.bound), Mark::Table, write);
            let all = node.children().len() as u16;
            self.record(node, Vec::new(), all, (e.value, e.bound), Mark::Table);
            return (e.value, e.bound);
        }
        let children = node.children();
        let order = self.order(node, entry, on_pv);
        let maximising = node.maximising();
        let (mut a, mut b) = (alpha, beta);
        // (place, value, exact) of the best child so far.
        let mut best: Option<(u16, i32, bool)> = None;
        let mut cut = false;
        let mut taken = 0;
        for (k, &i) in order.iter().enumerate() {
            taken = k + 1;
            let child = &children[usize::from(i)];
            let wider = !plain && best.is_some_and(|(bi, _, _)| i < bi);
            let (ca, cb) = match (wider, maximising) {
                (false, _) => (a, b),
                (true, true) => (widened(a, -1), b),
                (true, false) => (a, widened(b, 1)),
            };
            let child_on_pv = on_pv && self.pv.get(usize::from(node.depth)) == Some(&i);
            let (v, bound) = self.visit(child, ca, cb, child_on_pv, write);
            let better = match best {
                None => true,
                Some((bi, bv, _)) => {
                    (maximising && v > bv) || (!maximising && v < bv) || (v == bv && i < bi && !plain)
                }
            };
            if better {
                best = Some((i, v, bound == Bound::Exact));
            }
            if maximising {
                a = a.max(i64::from(v));
            } else {
                b = b.min(i64::from(v));
            }
            if cuts_off(self.rule, a, b) {
                cut = k + 1 < order.len();
                break;
            }
        }
        let (place, value, best_exact) = best.expect("an inner node has children");
        self.count.cutoffs += u64::from(cut);
        let bound = if !cut && best_exact { Bound::Exact } else { bound_of(value, alpha, beta, self.rule) };
        self.best[id] = place;
        if let (Some(table), Some(pos)) = (self.table.as_mut(), pos) {
            table.insert(pos, Entry { draft, value, bound, best: place });
        }
        let mark = if cut { Mark::Cutoff } else { Mark::None };
        if self.visited.is_some() {
            let kids = order[..taken].iter().map(|&i| children[usize::from(i)].id()).collect();
            self.record(node, kids, (order.len() - taken) as u16, (value, bound), mark);
        }
        if let Some(d) = self.drawn.as_mut() {
            d.visits.children[id] = order;
        }
        self.finish(node, (alpha, beta), (value, bound), mark, write);
        (value, bound)
    }

    /// Whether the table's entry `e` settles the node within `[alpha, beta]`.
    fn answers(&self, e: Entry, alpha: i64, beta: i64) -> bool {
        match e.bound {
            Bound::Exact => true,
            Bound::Lower => cuts_off(self.rule, i64::from(e.value), beta),
            Bound::Upper => cuts_off(self.rule, alpha, i64::from(e.value)),
        }
    }

    /// The order `node`'s children are taken in: the previous principal
    /// variation's first, then the table's best move, then the game's order
    /// (plain alpha-beta keeps the game's order).
    fn order(&self, node: &GameNode<G>, entry: Option<Entry>, on_pv: bool) -> Vec<u16> {
        let mut order: Vec<u16> = (0..node.children().len() as u16).collect();
        let mut to_front = |i: u16| {
            if let Some(k) = order.iter().position(|&j| j == i) {
                order[..=k].rotate_right(1);
            }
        };
        if self.table.is_some() {
            if let Some(e) = entry {
                to_front(e.best);
            }
            if on_pv && let Some(&i) = self.pv.get(usize::from(node.depth)) {
                to_front(i);
            }
        }
        order
    }

    /// Notes a visited node in a large tree's [`Searched`].
    fn record(
        &mut self,
        node: &GameNode<G>,
        kids: Vec<u32>,
        unsearched: u16,
        (value, bound): (i32, Bound),
        mark: Mark,
    ) {
        if let Some(v) = self.visited.as_mut() {
            v.push(Visited {
                id: node.id(),
                depth: node.depth,
                kids,
                unsearched,
                below: 0,
                value,
                bound,
                mark,
            });
        }
    }

    /// Records a visited node's result, and writes it into the tree when asked.
    fn finish(
        &mut self,
        node: &GameNode<G>,
        (alpha, beta): (i64, i64),
        (value, bound): (i32, Bound),
        mark: Mark,
        write: bool,
    ) {
        let id = node.id() as usize;
        if let Some(d) = self.drawn.as_mut() {
            d.visits.result[id] = Some((value, bound));
            d.marks[id] = mark;
        }
        if write {
            node.set_value(value);
            node.set_bound(bound);
            let cutoff = (mark == Mark::Cutoff).then_some(if node.maximising() {
                Cutoff::Beta
            } else {
                Cutoff::Alpha
            });
            if let Some(w) = self.windows.as_mut() {
                w[id] = Some(Window {
                    alpha: WindowEnd::from_wide(alpha),
                    beta: WindowEnd::from_wide(beta),
                    cutoff,
                    rule: self.rule,
                });
            }
        }
    }

    /// The principal variation from `root`: each visited node's best child,
    /// with its place among its siblings.
    fn line<'a>(&self, root: &'a GameNode<G>) -> Vec<(u16, &'a GameNode<G>)> {
        let mut line = Vec::new();
        let mut node = root;
        while node.depth < self.horizon {
            let i = self.best[node.id() as usize];
            let Some(next) = node.children().get(usize::from(i)) else { break };
            line.push((i, next));
            node = next;
        }
        line
    }
}

/// A window end moved by `by`, kept a game value or else an infinity: a
/// wider window never changes a fail-soft search's answer, only its bounds.
fn widened(end: i64, by: i64) -> i64 {
    match end.checked_add(by) {
        Some(e) if i32::try_from(e).is_ok() => e,
        _ if by < 0 => MINUS_INFINITY,
        _ => PLUS_INFINITY,
    }
}
