//! What every export says about a tree before its nodes: the game, the position,
//! the search, the decision, and whose point of view the values take.

use serde::Serialize;

use crate::game::Game;
use crate::search::alphabeta::{Pruning, Window};
use crate::tree::Tree;

/// The facts every export writes first about a searched tree, in the words and
/// notation of its game. Values are from the first player's point of view.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The game's name ([`Presentation::name`](crate::game::Presentation::name)).
    pub game: &'static str,
    /// The root position in the game's notation.
    pub position: String,
    /// The name of the side to move at the root.
    pub to_move: &'static str,
    /// The depth the tree was built to.
    pub depth: u8,
    /// `minimax` or `alphabeta`.
    pub search: &'static str,
    /// Alpha-beta's cut-off rule (`prune-on-ties` or `no-prune-on-ties`);
    /// `None` under minimax.
    pub pruning: Option<&'static str>,
    /// Nodes in the tree, root included.
    pub node_count: usize,
    /// Nodes alpha-beta skipped (0 under minimax).
    pub pruned: usize,
    /// The action chosen at the root; `None` when the root has no children.
    pub decision: Option<String>,
    /// The root's value.
    pub value: i32,
    /// The line of best play, as actions.
    pub line: Vec<String>,
    /// How the game's values are computed, in a sentence
    /// ([`Presentation::evaluation`](crate::game::Presentation::evaluation)).
    pub evaluation: String,
}

impl Summary {
    /// The summary of a tree whose values alpha-beta set, with the `windows`
    /// it recorded, or minimax (`None`).
    pub fn of<G: Game>(game: &G, tree: &Tree<'_, G>, windows: Option<&[Option<Window>]>) -> Summary {
        let mut s = Summary::new(game, tree, windows.is_some());
        if let Some(w) = windows {
            s.pruning = Some(w.first().copied().flatten().map_or(Pruning::default(), |w| w.rule).name());
        }
        s
    }

    /// The summary of a searched tree, by alpha-beta when `pruning` (its cut-off
    /// rule taken as the default) or else by minimax.
    pub fn new<G: Game>(game: &G, tree: &Tree<'_, G>, pruning: bool) -> Summary {
        let mut pruned = 0;
        if pruning {
            tree.root.for_each(&mut |n| pruned += usize::from(n.pruned()));
        }
        let name = |n: &crate::tree::GameNode<G>| game.format_action(n.action.expect("below the root"));
        Summary {
            game: game.name(),
            position: game.format_position(&tree.root_position),
            to_move: game.player_name(game.to_move(&tree.root_position)),
            depth: tree.depth,
            search: if pruning { "alphabeta" } else { "minimax" },
            pruning: pruning.then(|| Pruning::default().name()),
            node_count: tree.len,
            pruned,
            decision: tree.decision().map(name),
            value: tree.root.value(),
            line: tree.principal_variation().into_iter().map(name).collect(),
            evaluation: game.evaluation(),
        }
    }

    /// One line: game, position, depth, search, size and decision.
    pub fn title(&self) -> String {
        let decision = match &self.decision {
            Some(a) => format!("decision {a}, value {}", self.value),
            None => format!("no decision ({} cannot act), value {}", self.to_move, self.value),
        };
        let pruned = match self.pruning {
            Some(rule) => format!(", {} pruned ({rule})", self.pruned),
            None => String::new(),
        };
        format!(
            "{} {} to move, depth {}, {}: {} nodes{pruned}; {decision}",
            self.game, self.to_move, self.depth, self.search, self.node_count
        )
    }
}
