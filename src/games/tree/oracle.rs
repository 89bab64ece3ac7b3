//! The slow, literal move generator that checks the fast one (tests and fuzzing):
//! the subtree is written out as text and read again, and each child the text
//! shows is found among the node's children by its name.

use super::*;
use crate::game::Oracle;

impl Oracle for TextbookTree {
    fn reference_actions(&self, pos: &Position) -> Vec<Edge> {
        let written = parse(&text(pos)).expect("a subtree writes as a tree");
        written
            .root
            .children
            .iter()
            .filter_map(|c| {
                let name = c.action_name();
                pos.node.children.iter().find(|d| d.action_name() == name).map(Edge::to)
            })
            .collect()
    }
}
