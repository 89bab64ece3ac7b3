//! A searched tree laid out for paper: what each node shows on the worksheet
//! and in the key, and where it stands.

use super::board::Board;
use crate::game::Game;
use crate::search::alphabeta::{Pruning, Window};
use crate::search::trace::Event;
use crate::search::trace::WindowEnd;
use crate::tree::Tree;

/// One node as the sheets show it.
#[derive(Clone, Debug)]
pub struct Place {
    /// The index of the parent in [`Sheet::places`]; `None` at the root.
    pub parent: Option<usize>,
    /// Levels below the root.
    pub depth: u8,
    /// Across, in leaves from the left: leaf N stands at N, a parent midway
    /// between its first and last child.
    pub slot: f32,
    /// MAX moves here (drawn as a triangle pointing up).
    pub maximising: bool,
    /// The node has no children.
    pub leaf: bool,
    /// The action leading here (empty at the root).
    pub action: String,
    /// The node's name, as every view of the tree gives it
    /// (`export::names`): the letters drawn beside its edge on the sheets.
    pub name: String,
    /// A leaf's value, which the worksheet gives.
    pub given: Option<i32>,
    /// The value the search backed up (a bound where it was cut off); `None`
    /// where it was pruned.
    pub value: Option<i32>,
    /// The search never visited this node: the key crosses its edge out.
    pub pruned: bool,
    /// The backed-up value is only a bound (alpha-beta stopped early):
    /// `Some(true)` at least it, `Some(false)` at most it; the key writes
    /// it as the explorer does, ≥ 3 or ≤ 2.
    pub bound: Option<bool>,
    /// Alpha-beta's α and β at this node: the window the search entered it
    /// with, as AIMA's and CS188's pseudocode pass them down (every view of
    /// the key, the quizzes and the practice use this one definition); at
    /// an inner node the search entered, `None` elsewhere and under minimax.
    pub window: Option<(WindowEnd, WindowEnd)>,
}

impl Place {
    /// The number written in the node: a leaf's value on both sheets, an
    /// inner node's backed-up value in the key only.
    pub fn shown(&self, key: bool) -> Option<i32> {
        if self.leaf {
            self.given
        } else if key {
            self.value
        } else {
            None
        }
    }
}

impl Place {
    /// What the node shows, with its bound's sign where the value is a bound
    /// (`ascii`: `>=` and `<=`, for the PDF's base-14 font).
    pub fn shown_text(&self, key: bool, ascii: bool) -> Option<String> {
        let v = self.shown(key)?;
        let sign = match (self.bound, ascii, self.leaf || !key) {
            (_, _, true) | (None, _, _) => "",
            (Some(true), true, _) => ">=",
            (Some(false), true, _) => "<=",
            (Some(true), false, _) => "≥",
            (Some(false), false, _) => "≤",
        };
        Some(format!("{sign}{v}"))
    }
}

/// A searched tree ready to draw.
#[derive(Clone, Debug)]
pub struct Sheet {
    /// The heading of both sheets.
    pub title: String,
    /// What the student is asked to do, in words.
    pub question: String,
    /// In preorder.
    pub places: Vec<Place>,
    /// How many leaves the tree has across.
    pub leaves: usize,
    /// How many levels the tree has below its root.
    pub levels: u8,
    /// Alpha-beta's rule; `None` for a minimax exercise.
    pub rule: Option<Pruning>,
    /// Each tree node's place in `places`, by id.
    pub index: Vec<usize>,
    /// The root position's board, for a game that has one (a textbook tree
    /// has none).
    pub board: Option<Board>,
}

/// Lays out `tree`, searched by minimax (`windows` `None`) or alpha-beta with
/// `events` its trace.
pub fn lay_out<G: Game>(
    game: &G,
    tree: &Tree<'_, G>,
    windows: Option<&[Option<Window>]>,
    events: &[Event],
    title: String,
) -> Sheet {
    let mut entered = std::collections::HashMap::new();
    for e in events {
        if let Event::Enter { node, window: Some(w) } = *e {
            entered.insert(node, w);
        }
    }
    let names = crate::export::names::Names::of(game, tree);
    let rule = windows.map(|w| w.first().copied().flatten().map_or(Pruning::default(), |w| w.rule));
    let mut places = Vec::with_capacity(tree.len);
    let mut next_leaf = 0.0f32;
    // Preorder with an explicit stack: (node, parent index).
    let mut stack = vec![(tree.root, None)];
    let mut kids: Vec<Vec<usize>> = Vec::new();
    let mut index = vec![0; tree.len];
    while let Some((node, parent)) = stack.pop() {
        let i = places.len();
        index[node.id() as usize] = i;
        let leaf = node.is_leaf();
        let slot = if leaf {
            next_leaf += 1.0;
            next_leaf - 1.0
        } else {
            0.0
        };
        places.push(Place {
            parent,
            depth: node.depth,
            slot,
            maximising: node.maximising(),
            leaf,
            action: node.action.map_or(String::new(), |a| game.format_action(a)),
            name: names.name(node.id(), node.action.map(|a| game.format_action(a)).as_deref()),
            given: leaf.then(|| node.value()),
            value: (!node.pruned()).then(|| node.value()),
            pruned: node.pruned(),
            bound: match node.bound() {
                crate::tree::Bound::Lower if !leaf && !node.pruned() => Some(true),
                crate::tree::Bound::Upper if !leaf && !node.pruned() => Some(false),
                _ => None,
            },
            window: if leaf || node.pruned() { None } else { entered.get(&node.id()).copied() },
        });
        kids.push(Vec::new());
        if let Some(p) = parent {
            kids[p].push(i);
        }
        stack.extend(node.children().iter().rev().map(|c| (c, Some(i))));
    }
    // Parents centred over their children: children come after their parent
    // in preorder, so a backward pass sees every child first.
    for i in (0..places.len()).rev() {
        if let (Some(first), Some(last)) = (kids[i].first(), kids[i].last()) {
            places[i].slot = (places[*first].slot + places[*last].slot) / 2.0;
        }
    }
    let root_depth = places.first().map_or(0, |p| p.depth);
    let levels = places.iter().map(|p| p.depth - root_depth).max().unwrap_or(0);
    let question = match rule {
        None => "Back up the minimax value of every node.".to_string(),
        Some(r) => format!(
            "Run alpha-beta from the left: give each node's value and its alpha and beta, and cross out the branches it prunes. {}",
            window_rule(r)
        ),
    };
    let picture = game.picture();
    let board = (!picture.points.is_empty())
        .then(|| Board { cells: game.cells(&tree.root_position).chars().collect(), picture });
    Sheet { title, question, leaves: next_leaf as usize, levels, places, rule, index, board }
}

/// The one line every sheet and quiz gives to say what alpha and beta at a
/// node are, with the tie convention (plain ASCII: the PDF's font has no
/// Greek).
pub fn window_rule(rule: Pruning) -> String {
    let ties = match rule {
        Pruning::OnTies => "ties prune: a value that reaches the bound cuts off (AIMA)",
        Pruning::PastBound => "ties do not prune: only a value past the bound cuts off (CS188)",
    };
    format!(
        "A node's alpha and beta are the window it is entered with, as the parent passes them down; {ties}."
    )
}

/// A bound as a person writes it; `inf` spells infinity in ASCII.
pub fn bound(v: WindowEnd, inf: &str) -> String {
    match v {
        WindowEnd::MinusInfinity => format!("-{inf}"),
        WindowEnd::PlusInfinity => format!("+{inf}"),
        WindowEnd::Value(v) => v.to_string(),
    }
}
