//! UCT's choice of a child (Kocsis and Szepesvári, 2006), and the final
//! choice at the root. The formula and the tie rule are in `docs/mcts.md`.

use crate::game::{Game, Outcome};
use crate::tree::mcts::McTree;

/// The two terms of a child's score: UCB = exploit + explore.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Terms {
    /// Q: the child's mean reward, for the side choosing it.
    pub exploit: f64,
    /// c·sqrt(ln N / n): N the parent's visits, n the child's.
    pub explore: f64,
}

impl Terms {
    /// The child's upper confidence bound.
    pub fn ucb(self) -> f64 {
        self.exploit + self.explore
    }

    /// The terms of child `child` of a parent visited `parent_visits` times,
    /// under exploration constant `c`. A child is selected only once visited.
    pub fn of<G: Game>(tree: &McTree<G>, child: u32, parent_visits: u32, c: f64) -> Terms {
        let n = tree.node(child);
        let explore = c * (f64::from(parent_visits).ln() / f64::from(n.visits())).sqrt();
        Terms { exploit: n.mean(), explore }
    }
}

/// Whether the search should never pick `child` again: proven lost for the
/// side that would choose it (MCTS-Solver only).
fn shunned<G: Game>(tree: &McTree<G>, child: u32, solver: bool) -> bool {
    solver && tree.node(child).proven() == Some(Outcome::Loss)
}

/// The child of `id` (fully expanded, with children) of greatest UCB; the
/// first in action order among equals (a later child must score strictly
/// more). With the solver, children proven lost for the chooser are passed
/// over while any other remains.
pub fn select<G: Game>(tree: &McTree<G>, id: u32, c: f64, solver: bool) -> (u32, Terms) {
    let parent_visits = tree.node(id).visits();
    let mut best: Option<(u32, Terms)> = None;
    for child in tree.children(id) {
        if shunned(tree, child, solver) {
            continue;
        }
        let t = Terms::of(tree, child, parent_visits, c);
        if best.is_none_or(|(_, b)| t.ucb() > b.ucb()) {
            best = Some((child, t));
        }
    }
    best.unwrap_or_else(|| {
        let first = tree.children(id).next().expect("a fully expanded node with actions has children");
        (first, Terms::of(tree, first, parent_visits, c))
    })
}

/// Why the root's child was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Because {
    /// The most visited (the first in action order among equals).
    MostVisited,
    /// Proven a win for the side to move (MCTS-Solver).
    ProvenWin,
}

impl Because {
    /// In words, after the action.
    pub fn words(self) -> &'static str {
        match self {
            Because::MostVisited => "the most-visited root child",
            Because::ProvenWin => "proven a win for the side to move",
        }
    }
}

/// The decision below node `id`: a child proven a win for the chooser if the
/// solver found one, else the most visited, first in action order among
/// equals (with the solver, not one proven lost while another is not).
pub fn decision<G: Game>(tree: &McTree<G>, id: u32, solver: bool) -> Option<(u32, Because)> {
    if solver && let Some(won) = tree.children(id).find(|&c| tree.node(c).proven() == Some(Outcome::Win)) {
        return Some((won, Because::ProvenWin));
    }
    let all_lost = tree.children(id).all(|c| shunned(tree, c, solver));
    let mut best: Option<u32> = None;
    for child in tree.children(id) {
        if shunned(tree, child, solver) && !all_lost {
            continue;
        }
        if best.is_none_or(|b| tree.node(child).visits() > tree.node(b).visits()) {
            best = Some(child);
        }
    }
    best.map(|b| (b, Because::MostVisited))
}

/// The line the search expects: the decision at the root, then at each node
/// below it in turn, as far as the tree goes.
pub fn line<G: Game>(tree: &McTree<G>, solver: bool) -> Vec<u32> {
    let mut line = Vec::new();
    let mut id = 0;
    while let Some((next, _)) = decision(tree, id, solver) {
        line.push(next);
        id = next;
    }
    line
}
