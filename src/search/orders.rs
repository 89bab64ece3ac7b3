//! The move-ordering lesson in numbers: alpha-beta over one built tree with its
//! children taken in different orders, counting what each order visits.

use super::alphabeta::{Pruning, bound_of, cuts_off};
use crate::game::Game;
use crate::tree::{Bound, GameNode, Node, Tree};

/// An order in which alpha-beta takes a node's children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The game's defined order, as the tree holds them.
    Natural,
    /// The best child for the side to move first (by exact minimax value):
    /// perfect ordering.
    BestFirst,
    /// The worst first.
    WorstFirst,
    /// The order the game's own search uses ([`Evaluation::order_for_search`](crate::game::Evaluation::order_for_search)).
    Engine,
}

impl Order {
    /// Every order, in the order `--compare-orders` prints them.
    pub const ALL: [Order; 4] = [Order::Natural, Order::BestFirst, Order::WorstFirst, Order::Engine];

    /// The order's name in the printed table and the JSON's `move_orders`.
    pub fn name(self) -> &'static str {
        match self {
            Order::Natural => "natural",
            Order::BestFirst => "best-first",
            Order::WorstFirst => "worst-first",
            Order::Engine => "engine",
        }
    }

    /// What the order is, in a few words, for the page that draws its tree.
    pub fn words(self) -> &'static str {
        match self {
            Order::Natural => "the children in the game's own order, as the tree holds them",
            Order::BestFirst => "the best child for the side to move first: perfect ordering",
            Order::WorstFirst => "the worst child for the side to move first",
            Order::Engine => "the order the game's own search takes them in",
        }
    }
}

/// What one search examined.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Nodes visited, the root included.
    pub nodes: u64,
    /// Leaves evaluated.
    pub leaves: u64,
    /// Nodes that skipped some of their children.
    pub cutoffs: u64,
}

/// Alpha-beta under every order, beside minimax.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// Minimax visits every node and evaluates every leaf.
    pub minimax: Count,
    /// What alpha-beta visited under each order, in [`Order::ALL`]'s order.
    pub orders: Vec<(Order, Count)>,
    /// For a uniform tree (every inner node with `b` children, every leaf `d`
    /// deep): `(b, d, b^⌈d/2⌉ + b^⌊d/2⌋ − 1)`, the leaves of the minimal tree
    /// that perfect ordering evaluates (Knuth and Moore, 1975).
    pub minimal_tree: Option<(usize, u8, u128)>,
    /// The cut-off rule every order was searched with.
    pub rule: Pruning,
    /// What each order's search did at each node, in [`Order::ALL`]'s order,
    /// for drawing each order's tree, when [`compare`] was asked to keep it;
    /// empty otherwise.
    pub visits: Vec<Visits>,
}

/// What alpha-beta did at each node under one order, indexed by node id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Visits {
    /// Each node's children as positions among its children (0 is its first
    /// in the game's order), in the order this search takes them; for nodes it
    /// never reached too, so that their subtrees are drawn in this order.
    pub children: Vec<Vec<u16>>,
    /// The value each visited node returned, exact or a bound; `None` for a
    /// node the search never reached.
    pub result: Vec<Option<(i32, Bound)>>,
}

/// Runs alpha-beta (cutting off by `rule`) over `tree` under each [`Order`],
/// keeping what each did at every node when `every_node` (the caller's
/// choice: the exports say which trees a page draws). The tree's values and
/// flags are left as they are.
pub fn compare<G: Game>(game: &G, tree: &Tree<'_, G>, rule: Pruning, every_node: bool) -> Comparison {
    let mut exact = vec![0; tree.len];
    minimax_values(tree.root, &mut exact);
    let mut minimax = Count::default();
    tree.root.for_each(&mut |n| {
        minimax.nodes += 1;
        minimax.leaves += u64::from(n.is_leaf());
    });
    let drawn = every_node;
    let mut orders = Vec::new();
    let mut visits = Vec::new();
    for order in Order::ALL {
        let mut count = Count::default();
        let mut result = if drawn { vec![None; tree.len] } else { Vec::new() };
        let mut s = Counting { game, exact: &exact, order, rule, count: &mut count, result: &mut result };
        s.visit(tree.root, i64::MIN, i64::MAX);
        if drawn {
            let mut children = vec![Vec::new(); tree.len];
            tree.root.for_each(&mut |n| {
                children[n.id() as usize] = s.ordered(n).into_iter().map(|i| i as u16).collect();
            });
            visits.push(Visits { children, result });
        }
        orders.push((order, count));
    }
    Comparison { minimax, orders, minimal_tree: minimal_tree(tree), rule, visits }
}

/// Each node's exact minimax value, by id (recursion as deep as the tree).
fn minimax_values<A, P>(node: &Node<A, P>, out: &mut [i32]) -> i32 {
    let v = if node.is_leaf() {
        node.value()
    } else {
        let values = node.children().iter().map(|c| minimax_values(c, out));
        if node.maximising() { values.max() } else { values.min() }.unwrap_or(0)
    };
    out[node.id() as usize] = v;
    v
}

/// `(b, d, leaves)` of the minimal tree when `tree` is uniform.
fn minimal_tree<G: Game>(tree: &Tree<'_, G>) -> Option<(usize, u8, u128)> {
    let b = tree.root.children().len();
    let mut uniform = b > 0;
    let mut depth = None;
    tree.root.for_each(&mut |n| {
        if n.is_leaf() {
            uniform &= *depth.get_or_insert(n.depth) == n.depth;
        } else {
            uniform &= n.children().len() == b;
        }
    });
    let d = depth?;
    let pow = |e: u32| (b as u128).checked_pow(e);
    let leaves = pow(u32::from(d).div_ceil(2))?.checked_add(pow(u32::from(d) / 2)?)? - 1;
    uniform.then_some((b, d, leaves))
}

struct Counting<'s, G: Game> {
    game: &'s G,
    exact: &'s [i32],
    order: Order,
    rule: Pruning,
    count: &'s mut Count,
    /// Each visited node's result, when the tree is drawn (else empty).
    result: &'s mut Vec<Option<(i32, Bound)>>,
}

impl<G: Game> Counting<'_, G> {
    /// Fail-soft alpha-beta, as the explicit search runs it, over `node`'s
    /// children in this order: the value, and whether it is exact (see
    /// [`Self::search`]).
    fn visit(&mut self, node: &GameNode<G>, alpha: i64, beta: i64) -> (i32, bool) {
        let (value, every_child_exact) = self.search(node, alpha, beta);
        let exact = node.is_leaf() || every_child_exact;
        let bound = if exact { Bound::Exact } else { bound_of(value, alpha, beta, self.rule) };
        if let Some(slot) = self.result.get_mut(node.id() as usize) {
            *slot = Some((value, bound));
        }
        (value, bound == Bound::Exact)
    }

    /// [`Self::visit`]'s search, with no record of its result: the value, and
    /// whether the search saw every child and the one that gave the value
    /// gave it exactly (then the value is exact, whatever the window).
    fn search(&mut self, node: &GameNode<G>, mut alpha: i64, mut beta: i64) -> (i32, bool) {
        self.count.nodes += 1;
        if node.is_leaf() {
            self.count.leaves += 1;
            return (node.value(), true);
        }
        let children = node.children();
        let max = node.maximising();
        let mut best = if max { i32::MIN } else { i32::MAX };
        let mut best_exact = true;
        let mut skipped = false;
        let order = self.ordered(node);
        for (k, &i) in order.iter().enumerate() {
            let (v, exact) = self.visit(&children[i], alpha, beta);
            if k == 0 || (max && v > best) || (!max && v < best) {
                best_exact = exact;
            }
            if max {
                best = best.max(v);
                alpha = alpha.max(i64::from(v));
            } else {
                best = best.min(v);
                beta = beta.min(i64::from(v));
            }
            if cuts_off(self.rule, alpha, beta) {
                skipped = k + 1 < order.len();
                self.count.cutoffs += u64::from(skipped);
                break;
            }
        }
        (best, best_exact && !skipped)
    }

    /// The indices of `node`'s children in this order.
    fn ordered(&self, node: &GameNode<G>) -> Vec<usize> {
        let children = node.children();
        let mut idx: Vec<usize> = (0..children.len()).collect();
        let value = |i: usize| self.exact[children[i].id() as usize];
        let max = node.maximising();
        match self.order {
            Order::Natural => {}
            // Stable sorts: equal children keep the game's order.
            Order::BestFirst => {
                idx.sort_by_key(|&i| if max { -i64::from(value(i)) } else { i64::from(value(i)) })
            }
            Order::WorstFirst => {
                idx.sort_by_key(|&i| if max { i64::from(value(i)) } else { -i64::from(value(i)) })
            }
            Order::Engine => {
                let mut actions: Vec<G::Action> = children.iter().filter_map(|c| c.action).collect();
                self.game.order_for_search(&node.position(self.game), &mut actions);
                let mut used = vec![false; children.len()];
                idx = actions
                    .iter()
                    .filter_map(|&a| {
                        let i = (0..children.len()).find(|&i| !used[i] && children[i].action == Some(a))?;
                        used[i] = true;
                        Some(i)
                    })
                    .collect();
            }
        }
        idx
    }
}
