//! Alpha-beta: a fast implicit search for play, and the same search run over a
//! built explicit tree so that what it skips can be seen.
//!
//! Both are fail-soft and break ties towards the left-most action, so their root
//! value and decision are those of plain minimax (checked by property tests).

use crate::runtime::clock::Instant;
use std::cell::Cell;

use super::budget;
pub use super::trace::{Cutoff, WindowEnd};
use super::trace::{Event, Observer};
use crate::game::Game;
use crate::limits::{Limits, TooManyNodes};
use crate::tree::{Bound, Node, Tree, size};

/// The machine's choice and how much work it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice<A> {
    /// `None` when the side to move has no action.
    pub action: Option<A>,
    /// The root value, from the first player's point of view.
    pub value: i32,
    /// Positions examined (every position the search visited, root included).
    pub nodes: u64,
}

/// A choice, and with it (when asked for) every action of the same value: a
/// machine that breaks ties at random picks among them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tied<A> {
    /// The action chosen (the first of the best in the game's order), its value
    /// and the positions examined.
    pub choice: Choice<A>,
    /// The actions whose value equals the choice's, in the game's defined
    /// order (the choice first among them); empty when not asked for.
    pub ties: Vec<A>,
}

/// Why a search gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// More positions than [`Limits::max_nodes`] would be, or were, examined;
    /// with the prediction when the search refused before starting.
    Budget(TooManyNodes),
    /// The deadline passed first.
    Time,
    /// A stop was asked for from outside ([`super::stop`]: a person's Ctrl-C).
    Asked,
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stopped::Budget(e) => f.write_str(&e.searched()),
            Stopped::Time => f.write_str("the search ran out of time"),
            Stopped::Asked => f.write_str("the search was stopped"),
        }
    }
}

/// What an implicit search is asked to do. None of `limits`, `first` and
/// `ties` changes the answer of a search that finishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search<A> {
    /// Plies to search.
    pub depth: u8,
    /// Positions the search may examine and when it must give up (its
    /// threads are not read: the search runs on the calling thread).
    pub limits: Limits,
    /// An action to try before the others (the best of a shallower search,
    /// say).
    pub first: Option<A>,
    /// Also find every action that ties with the choice.
    pub ties: bool,
    /// When the full tree is over the budget, search the shallower depths
    /// first and refuse as soon as the next two plies are predicted at several
    /// times the budget, or the full depth at a thousand times
    /// ([`budget::predict`]). The answer is still that of the full depth alone.
    pub refuse_early: bool,
}

impl<A> Search<A> {
    /// A search to `depth` plies with no limits.
    pub fn to(depth: u8) -> Self {
        Search { depth, limits: Limits::NONE, first: None, ties: false, refuse_early: true }
    }

    /// The same search, given up past `max_nodes` positions.
    pub fn within(self, max_nodes: u64) -> Self {
        Search { limits: Limits { max_nodes, ..self.limits }, ..self }
    }
}

/// Searches `search.depth` plies from `pos` without building a tree. Games may
/// reorder actions for the search ([`Evaluation::order_for_search`](crate::game::Evaluation::order_for_search)); ties still go
/// to the action first in the game's defined order, as in minimax.
///
/// # Errors
///
/// [`Stopped`] when the search would pass, or passed, `search.limits` (its
/// node budget or deadline) or was asked to stop: no half-searched answer is
/// returned.
///
/// ```
/// use gametree::game::prelude::*;
/// use gametree::games::tictactoe::TicTacToe;
/// use gametree::search::alphabeta::{Search, search};
///
/// let game = TicTacToe;
/// // Perfect play from the empty board is a draw, worth 0.
/// let draw = search(&game, &game.start(), &Search::to(9)).unwrap();
/// assert_eq!(draw.choice.value, 0);
/// // x (a1, b2) to move, o (b1, a2) threatening nothing: c3 wins at once.
/// let pos = game.parse_position("xo.ox.... x").unwrap();
/// let win = search(&game, &pos, &Search::to(9)).unwrap();
/// assert_eq!(game.format_action(win.choice.action.unwrap()), "c3");
/// assert!(win.choice.value > 0);
/// // A budget too small for the search is an error, not a guess.
/// assert!(search(&game, &game.start(), &Search::to(9).within(100)).is_err());
/// ```
pub fn search<G: Game>(
    game: &G,
    pos: &G::Position,
    search: &Search<G::Action>,
) -> Result<Tied<G::Action>, Stopped> {
    let (depth, max_nodes) = (search.depth, search.limits.max_nodes);
    // The estimate follows random lines, which end early in a game such as
    // niujiao whose deep tree is still hopeless: the proved lower bound of the
    // full tree (about a second at most) catches those; it saturates, so at a
    // budget of u64::MAX reaching it is enough. Either only decides that
    // the search deepens with care; the refusal itself is the prediction's.
    let full_tree_over = || {
        size::full_tree_likely_over(game, pos, depth, max_nodes)
            || size::lower_bound(game, pos, depth, max_nodes).nodes >= max_nodes
    };
    if search.refuse_early && depth >= 4 && full_tree_over() {
        let margins = [(budget::NEXT_PLY_MARGIN, 2), (budget::FULL_DEPTH_MARGIN, depth)];
        let mut counts = Vec::new();
        for d in 1..=depth {
            for (margin, plies) in margins {
                // In floating point: a budget of 10^18 times a margin passes u64.
                let far_over = max_nodes as f64 * margin as f64;
                let ahead = (d - 1 + plies).min(depth);
                if let Some(p) = budget::predict(&counts, ahead, far_over)
                    && p > far_over
                {
                    let predicted = Some(p.min(u64::MAX as f64) as u64);
                    return Err(Stopped::Budget(TooManyNodes { predicted, ..TooManyNodes::over(max_nodes) }));
                }
            }
            if d < depth {
                let shallower = Search { depth: d, first: None, ties: false, refuse_early: false, ..*search };
                counts.push(run(game, pos, &shallower)?.choice.nodes);
            }
        }
    }
    run(game, pos, search)
}

/// One search of the full depth.
fn run<G: Game>(game: &G, pos: &G::Position, search: &Search<G::Action>) -> Result<Tied<G::Action>, Stopped> {
    let limits = &search.limits;
    let mut s =
        Implicit { game, nodes: 1, max_nodes: limits.max_nodes, deadline: limits.deadline, halted: None };
    let result = run_root(&mut s, pos, search.depth, search.first, search.ties);
    match (s.halted, result) {
        (Some(why), _) => Err(why),
        (None, Err(e)) => Err(Stopped::Budget(e)),
        (None, Ok(c)) => Ok(c),
    }
}

/// The root of an implicit search: every action, ties to the first in the
/// game's order, `first` tried first. With `ties`, every action is searched
/// with a window one wider than it needs, so that an equal value is exact and
/// known as a tie rather than as "no better".
fn run_root<G: Game>(
    s: &mut Implicit<'_, G>,
    pos: &G::Position,
    depth: u8,
    first: Option<G::Action>,
    ties: bool,
) -> Result<Tied<G::Action>, TooManyNodes> {
    let (game, max_nodes) = (s.game, s.max_nodes);
    let none = |value| Ok(Tied { choice: Choice { action: None, value, nodes: 1 }, ties: Vec::new() });
    let mut buffers: Vec<Vec<G::Action>> = (0..depth).map(|_| Vec::new()).collect();
    let Some((actions, deeper)) = buffers.split_first_mut() else {
        return none(game.cost(pos, game.has_actions(pos)));
    };
    game.actions(pos, actions);
    if actions.is_empty() {
        return none(game.cost(pos, false));
    }
    let mut ordered = actions.clone();
    game.order_for_search(pos, &mut ordered);
    if let Some(i) = first.and_then(|f| ordered.iter().position(|&a| a == f)) {
        ordered[..=i].rotate_right(1);
    }
    let maximising = game.to_move(pos).maximises();
    // (index in the defined order, action, exact value) of the best so far.
    let mut best: Option<(usize, G::Action, i32)> = None;
    // The indices of the actions that tie with it.
    let mut tied: Vec<usize> = Vec::new();
    for a in ordered {
        let index = actions.iter().position(|&b| b == a).expect("ordering keeps the actions");
        let child = game.apply(pos, a);
        // An action earlier in the defined order wins a tie (and with `ties`
        // any action may be one), so its window is one wider: a fail-low then
        // means strictly worse, not "no better".
        let v = match best {
            None => s.visit(&child, deeper, MINUS_INFINITY, PLUS_INFINITY),
            Some((b, _, bv)) => {
                let bv = i64::from(bv);
                let wider = index < b || ties;
                if maximising {
                    s.visit(&child, deeper, if wider { bv - 1 } else { bv }, PLUS_INFINITY)
                } else {
                    s.visit(&child, deeper, MINUS_INFINITY, if wider { bv + 1 } else { bv })
                }
            }
        };
        match best {
            Some((_, _, bv)) if v == bv => tied.push(index),
            Some((_, _, bv)) if (v < bv) == maximising => {}
            _ => tied = vec![index],
        }
        let better = match best {
            None => true,
            Some((b, _, bv)) if maximising => v > bv || (v == bv && index < b),
            Some((b, _, bv)) => v < bv || (v == bv && index < b),
        };
        if better {
            best = Some((index, a, v));
        }
    }
    if s.nodes > max_nodes {
        return Err(TooManyNodes::over(max_nodes));
    }
    let (_, action, value) = best.expect("there was an action");
    tied.sort_unstable();
    let ties = if ties { tied.into_iter().map(|i| actions[i]).collect() } else { Vec::new() };
    Ok(Tied { choice: Choice { action: Some(action), value, nodes: s.nodes }, ties })
}

/// The window's open ends: outside every game value (an `i32`), so that no
/// score, not even a side's that cannot move, is taken for an infinity.
const MINUS_INFINITY: i64 = i64::MIN;
const PLUS_INFINITY: i64 = i64::MAX;

/// When a node stops searching its children: courses differ on a value equal
/// to the bound.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Pruning {
    /// As soon as alpha reaches beta (AIMA's alpha-beta).
    #[default]
    OnTies,
    /// Only once alpha passes beta (Berkeley CS188: "do not prune on equality").
    PastBound,
}

impl Pruning {
    /// The rule's name in exports, as its command-line flag says it.
    pub fn name(self) -> &'static str {
        match self {
            Pruning::OnTies => "prune-on-ties",
            Pruning::PastBound => "no-prune-on-ties",
        }
    }

    /// The rule in words, for a person.
    pub fn words(self) -> &'static str {
        match self {
            Pruning::OnTies => "cut when a value reaches the bound",
            Pruning::PastBound => "cut only when a value passes the bound",
        }
    }
}

/// One node's share of a fail-soft alpha-beta search, children taken left to right.
struct Step {
    maximising: bool,
    /// The best child value so far (the first child's to begin with).
    best: i32,
    alpha: i64,
    beta: i64,
    seen: usize,
    rule: Pruning,
}

impl Step {
    fn new(maximising: bool, alpha: i64, beta: i64, rule: Pruning) -> Step {
        Step { maximising, best: 0, alpha, beta, seen: 0, rule }
    }

    /// Whether `v`, the next child's value, becomes the best so far.
    fn improves(&self, v: i32) -> bool {
        self.seen == 0 || (self.maximising && v > self.best) || (!self.maximising && v < self.best)
    }

    /// Folds in the next child's value; true when the other children can be skipped.
    fn take(&mut self, v: i32) -> bool {
        if self.improves(v) {
            self.best = v;
        }
        self.seen += 1;
        if self.maximising {
            self.alpha = self.alpha.max(i64::from(v));
        } else {
            self.beta = self.beta.min(i64::from(v));
        }
        cuts_off(self.rule, self.alpha, self.beta)
    }
}

/// Whether a node whose window has become `[alpha, beta]` skips its other
/// children under `rule`: the one cut-off test of every alpha-beta here.
#[inline]
pub fn cuts_off(rule: Pruning, alpha: i64, beta: i64) -> bool {
    match rule {
        Pruning::OnTies => alpha >= beta,
        Pruning::PastBound => alpha > beta,
    }
}

struct Implicit<'g, G: Game> {
    game: &'g G,
    nodes: u64,
    /// Past this many positions the search unwinds at once; its result is discarded.
    max_nodes: u64,
    /// Past this instant too, or when asked to stop (both checked every 4,096
    /// positions); `halted` says which.
    deadline: Option<Instant>,
    halted: Option<Stopped>,
}

impl<G: Game> Implicit<'_, G> {
    fn visit(&mut self, pos: &G::Position, buffers: &mut [Vec<G::Action>], alpha: i64, beta: i64) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096) {
            self.halted = if self.deadline.is_some_and(|d| Instant::now() >= d) {
                Some(Stopped::Time)
            } else if super::stop::requested() {
                Some(Stopped::Asked)
            } else {
                self.halted
            };
            if self.halted.is_some() {
                self.max_nodes = 0;
            }
        }
        if self.nodes > self.max_nodes {
            return 0;
        }
        let game = self.game;
        let Some((actions, deeper)) = buffers.split_first_mut() else {
            return game.cost(pos, game.has_actions(pos));
        };
        game.actions(pos, actions);
        if actions.is_empty() {
            return game.cost(pos, false);
        }
        game.order_for_search(pos, actions);
        // The rule cannot change the value or decision of a search from the
        // root's open window, only how much it visits: play cuts on ties.
        let mut step = Step::new(game.to_move(pos).maximises(), alpha, beta, Pruning::OnTies);
        for &a in actions.iter() {
            let v = self.visit(&game.apply(pos, a), deeper, step.alpha, step.beta);
            if step.take(v) {
                break;
            }
        }
        step.best
    }
}

/// The window a node of the explicit tree was searched with, and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The least value the maximising side was already sure of when the node
    /// was entered (-∞ at the root).
    pub alpha: WindowEnd,
    /// The greatest value the minimising side was already sure of (+∞ at the
    /// root).
    pub beta: WindowEnd,
    /// Whether the node stopped before its last child, and against which bound;
    /// `None` when every child was searched.
    pub cutoff: Option<Cutoff>,
    /// The rule the search cut off by (the same for every node).
    pub rule: Pruning,
}

/// What a fail-soft value searched with the window `[alpha, beta]` under
/// `rule` says of the minimax value. A value that would have cut off against
/// beta (`cuts_off(rule, value, beta)`) is a lower bound: the search may have
/// stopped early, so the true value may only be greater. One that would have
/// cut off against alpha is an upper bound: no child beat what an ancestor
/// already had, so it may only be less. Anything else is exact. Under
/// [`Pruning::PastBound`] a value equal to a window edge caused no cut: every
/// child was searched, the one that gave it was itself inside its own window
/// and exact, and so is the value. A window edge at an infinity bounds
/// nothing (no `i32` reaches it).
pub fn bound_of(value: i32, alpha: i64, beta: i64, rule: Pruning) -> Bound {
    let value = i64::from(value);
    if cuts_off(rule, value, beta) {
        Bound::Lower
    } else if cuts_off(rule, alpha, value) {
        Bound::Upper
    } else {
        Bound::Exact
    }
}

/// Runs alpha-beta over a built tree: visited nodes get their (possibly bounded)
/// value, every node the search never reached is marked pruned. Returns the window
/// of each node by id, `None` for pruned nodes.
///
/// ```
/// use gametree::game::prelude::*;
/// use gametree::games::tictactoe::TicTacToe;
/// use gametree::limits::Limits;
/// use gametree::search::alphabeta;
/// use gametree::tree::{Tree, TreeArena};
///
/// let game = TicTacToe;
/// let mut arena = TreeArena::new();
/// let tree = Tree::build(&mut arena, &game, game.start(), 4, &Limits::default()).unwrap();
/// let windows = alphabeta::run_on_tree(&tree);
/// let mut pruned = 0;
/// tree.root.for_each(&mut |n| pruned += usize::from(n.pruned()));
/// assert!(pruned > 0);
/// assert!(windows[0].is_some(), "the root is always searched");
/// ```
pub fn run_on_tree<G: Game>(tree: &Tree<'_, G>) -> Vec<Option<Window>> {
    run_observed(tree, &mut ())
}

/// [`run_on_tree`], telling `observer` each step as it is taken.
pub fn run_observed<G: Game>(tree: &Tree<'_, G>, observer: &mut impl Observer) -> Vec<Option<Window>> {
    run_with_rule(tree, Pruning::default(), observer)
}

/// [`run_observed`], cutting off by `rule`.
pub fn run_with_rule<G: Game>(
    tree: &Tree<'_, G>,
    rule: Pruning,
    observer: &mut impl Observer,
) -> Vec<Option<Window>> {
    let windows: Vec<Cell<Option<Window>>> = (0..tree.len).map(|_| Cell::new(None)).collect();
    mark_pruned(tree.root);
    visit_node(tree.root, (MINUS_INFINITY, PLUS_INFINITY), rule, &windows, observer);
    tree.root.set_searched();
    windows.into_iter().map(Cell::into_inner).collect()
}

fn mark_pruned<A, P>(node: &Node<A, P>) {
    node.set_pruned(true);
    for c in node.children() {
        mark_pruned(c);
    }
}

fn visit_node<A, P>(
    node: &Node<A, P>,
    (alpha, beta): (i64, i64),
    rule: Pruning,
    windows: &[Cell<Option<Window>>],
    observer: &mut impl Observer,
) -> i32 {
    node.set_pruned(false);
    let id = node.id();
    let (a, b) = (WindowEnd::from_wide(alpha), WindowEnd::from_wide(beta));
    observer.event(Event::Enter { node: id, window: Some((a, b)) });
    let mut cutoff = None;
    // Whether the child that gave the value gave it exactly.
    let mut best_exact = true;
    let value = if node.is_leaf() {
        observer.event(Event::Leaf { node: id, value: node.value() });
        node.value()
    } else {
        let mut step = Step::new(node.maximising(), alpha, beta, rule);
        let children = node.children();
        for (i, child) in children.iter().enumerate() {
            let before = (step.alpha, step.beta);
            let v = visit_node(child, (step.alpha, step.beta), rule, windows, observer);
            if step.improves(v) {
                best_exact = child.bound() == Bound::Exact;
            }
            let stop = step.take(v);
            if (step.alpha, step.beta) != before {
                let (alpha, beta) = (WindowEnd::from_wide(step.alpha), WindowEnd::from_wide(step.beta));
                observer.event(Event::Window { node: id, alpha, beta });
            }
            if stop {
                if i + 1 < children.len() {
                    let kind = if node.maximising() { Cutoff::Beta } else { Cutoff::Alpha };
                    cutoff = Some(kind);
                    let (first, last) = (children[i + 1].id(), children[children.len() - 1].id());
                    observer.event(Event::Cutoff { node: id, kind, first, last });
                }
                break;
            }
        }
        step.best
    };
    node.set_value(value);
    // A node that saw every child, its best one exact, has its exact value,
    // whatever the window says (AIMA's D = min(14, 5, 2) = 2, though 2 ≤ α).
    let exact = node.is_leaf() || (cutoff.is_none() && best_exact);
    node.set_bound(if exact { Bound::Exact } else { bound_of(value, alpha, beta, rule) });
    windows[id as usize].set(Some(Window { alpha: a, beta: b, cutoff, rule }));
    observer.event(Event::Return { node: id, value });
    value
}
