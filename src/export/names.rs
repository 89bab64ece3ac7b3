//! A node's name, the one every view of a tree gives it: the command line's
//! text, the JSON (`name`), the explorer, the exercise sheets, the quizzes and
//! Python's grader. It is the scheme the explorer shows students
//! (`explorer/words.js`, `nameOf`): where every move in the tree has a name of
//! its own that is not a bare place number (a labelled textbook tree, as
//! `exercise` draws them: B, c2), a node is called by the move into it; where
//! moves repeat (a game's tree, or an unlabelled textbook tree whose moves are
//! 1, 2, 3 at every level), by its id and its move, `#5 (2)`. The root is
//! its label where the tree gives it one (AIMA's figure and every exercise:
//! A), as the explorer and the sheets show it, and "the root" elsewhere.

use std::collections::HashSet;

use crate::game::Game;
use crate::tree::Tree;

/// What the root is called.
pub const ROOT: &str = "the root";

/// How one tree's nodes are named: decided once from all its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    /// Every move has a name of its own: a node is called by its move.
    pub by_move: bool,
    /// The root's label, where the game's notation gives one (`A:(...)`).
    pub root: Option<String>,
}

impl Names {
    /// The naming of a tree whose non-root nodes have `moves` (in any order).
    pub fn of_moves<'a>(moves: impl IntoIterator<Item = &'a str>) -> Names {
        let mut seen = HashSet::new();
        let mut any = false;
        for m in moves {
            any = true;
            if m.is_empty() || m.bytes().all(|b| b.is_ascii_digit()) || !seen.insert(m.to_string()) {
                return Names { by_move: false, root: None };
            }
        }
        Names { by_move: any, root: None }
    }

    /// The naming of a built `tree`.
    pub fn of<G: Game>(game: &G, tree: &Tree<'_, G>) -> Names {
        // Streamed, and no more names formatted once one repeats: a game's
        // tree of millions of nodes repeats a move within its first levels.
        let (mut seen, mut any, mut unique) = (HashSet::new(), false, true);
        tree.root.for_each(&mut |n| {
            if let (Some(a), true) = (n.action, unique) {
                any = true;
                let m = game.format_action(a);
                unique = !m.is_empty() && !m.bytes().all(|b| b.is_ascii_digit()) && seen.insert(m);
            }
        });
        Names { by_move: any && unique, root: game.position_name(&tree.root_position) }
    }

    /// The name of node `id`, reached by `action` (`None` at the root).
    pub fn name(&self, id: u32, action: Option<&str>) -> String {
        match action {
            None => self.root.clone().unwrap_or_else(|| ROOT.to_string()),
            Some(a) if self.by_move => a.to_string(),
            Some(a) => format!("#{id} ({a})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_name_their_nodes_and_repeated_or_numbered_moves_take_the_id() {
        let labelled = Names::of_moves(["B", "b1", "C", "c1"]);
        assert_eq!(labelled.name(3, Some("c1")), "c1");
        assert_eq!(labelled.name(0, None), "the root");
        let places = Names::of_moves(["1", "2", "1"]);
        assert_eq!(places.name(4, Some("1")), "#4 (1)");
        assert!(!Names::of_moves(["a-b", "c-d", "a-b"]).by_move);
        assert!(!Names::of_moves(["B", "10"]).by_move, "a bare number is a place, not a name");
    }

    #[test]
    fn a_labelled_root_is_called_by_its_label_as_the_explorer_calls_it() {
        use crate::game::prelude::*;
        use crate::games::tree::TextbookTree;
        use crate::limits::Limits;
        use crate::tree::TreeArena;
        let game = TextbookTree::default();
        for (text, root) in [("A:(B:(b1:3 b2:12) C:(c1:2 c2:4))", "A"), ("((3 12) (2 4))", ROOT)] {
            let pos = game.parse_position(text).unwrap();
            let mut arena = TreeArena::new();
            let tree = Tree::build(&mut arena, &game, pos, 2, &Limits::default()).unwrap();
            assert_eq!(Names::of(&game, &tree).name(0, None), root, "{text}");
        }
    }
}
