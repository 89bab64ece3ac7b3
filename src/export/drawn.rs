//! The part of a tree a scope draws, as a graph petgraph reads (its visit
//! traits), so that `petgraph::dot` writes the DOT drawing. The graph is a
//! view, not a copy: each drawn node is named by its drawn index (the root 0,
//! then in the order walked), and every pass over the nodes or the edges walks
//! the tree again holding only the path it is on, never anything per node, so
//! a drawing of any size needs no more memory than the tree itself.

use std::fmt;

use petgraph::Directed;
use petgraph::visit::{
    Data, EdgeRef, GraphBase, GraphProp, IntoEdgeReferences, IntoNodeIdentifiers, IntoNodeReferences,
    NodeIndexable, NodeRef,
};

use super::scope::Shown;
use crate::game::Game;
use crate::tree::{GameNode, Tree};

/// The nodes of `tree` that `shown` draws, as a directed graph.
pub(crate) struct DrawnTree<'t, 'a, G: Game> {
    root: &'a GameNode<G>,
    shown: &'t Shown,
}

impl<'t, 'a, G: Game> DrawnTree<'t, 'a, G> {
    pub(crate) fn new(tree: &Tree<'a, G>, shown: &'t Shown) -> Self {
        DrawnTree { root: tree.root, shown }
    }

    fn walk(&self) -> Walk<'t, 'a, G> {
        Walk { shown: self.shown, root: Some(self.root), giving: None, path: Vec::new(), next: 0 }
    }

    /// The nodes from the root's child down to `node`, found from the ids
    /// alone: ids are construction order (a node's children, consecutive, then
    /// each child's subtree in turn), so the subtree holding an id is the last
    /// child's whose first child's id is not above it. A walk up would need a
    /// parent link in every node; this costs a few steps a level.
    pub(crate) fn line_to(&self, node: &GameNode<G>) -> Vec<&'a GameNode<G>> {
        let id = node.id();
        let mut line = Vec::new();
        let mut at = self.root;
        while at.id() != id {
            let children = at.children();
            let first = children.first().expect("a node below the root is below a parent").id();
            at = match children.get(id.wrapping_sub(first) as usize) {
                Some(child) => child,
                None => children
                    .iter()
                    .rev()
                    .find(|c| c.children().first().is_some_and(|g| g.id() <= id))
                    .expect("ids are in construction order"),
            };
            line.push(at);
        }
        line
    }
}

/// A drawn node and its parent (`None` at the root): the weight of a node,
/// and of the edge from its parent.
pub(crate) struct Drawn<'a, G: Game> {
    pub(crate) node: &'a GameNode<G>,
    pub(crate) parent: Option<&'a GameNode<G>>,
}

impl<G: Game> Clone for Drawn<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Drawn<'_, G> {}

// petgraph's `Dot` asks for `Display`; the drawing gives its labels as
// attributes instead (`Config::NodeNoLabel`, `Config::EdgeNoLabel`), so this
// is never printed.
impl<G: Game> fmt::Display for Drawn<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.node.id())
    }
}

/// A drawn node with its drawn index.
pub(crate) struct DrawnNode<'a, G: Game> {
    index: u32,
    drawn: Drawn<'a, G>,
}

impl<G: Game> Clone for DrawnNode<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for DrawnNode<'_, G> {}

impl<'a, G: Game> NodeRef for DrawnNode<'a, G> {
    type NodeId = u32;
    type Weight = Drawn<'a, G>;
    fn id(&self) -> u32 {
        self.index
    }
    fn weight(&self) -> &Drawn<'a, G> {
        &self.drawn
    }
}

/// The edge to a drawn node from its parent; its id is the node's index.
pub(crate) struct DrawnEdge<'a, G: Game> {
    source: u32,
    target: u32,
    drawn: Drawn<'a, G>,
}

impl<G: Game> Clone for DrawnEdge<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for DrawnEdge<'_, G> {}

impl<'a, G: Game> EdgeRef for DrawnEdge<'a, G> {
    type NodeId = u32;
    type EdgeId = u32;
    type Weight = Drawn<'a, G>;
    fn source(&self) -> u32 {
        self.source
    }
    fn target(&self) -> u32 {
        self.target
    }
    fn weight(&self) -> &Drawn<'a, G> {
        &self.drawn
    }
    fn id(&self) -> u32 {
        self.target
    }
}

impl<G: Game> GraphBase for DrawnTree<'_, '_, G> {
    type NodeId = u32;
    type EdgeId = u32;
}

impl<'a, G: Game> Data for DrawnTree<'_, 'a, G> {
    type NodeWeight = Drawn<'a, G>;
    type EdgeWeight = Drawn<'a, G>;
}

impl<G: Game> GraphProp for DrawnTree<'_, '_, G> {
    type EdgeType = Directed;
}

impl<G: Game> NodeIndexable for DrawnTree<'_, '_, G> {
    /// One walk, counting.
    fn node_bound(&self) -> usize {
        self.walk().count()
    }
    fn to_index(&self, a: u32) -> usize {
        a as usize
    }
    fn from_index(&self, i: usize) -> u32 {
        u32::try_from(i).expect("a drawn index is a node id's size")
    }
}

impl<'t, 'a, G: Game> IntoNodeIdentifiers for &DrawnTree<'t, 'a, G> {
    type NodeIdentifiers = std::iter::Map<Walk<'t, 'a, G>, fn(Step<'a, G>) -> u32>;
    fn node_identifiers(self) -> Self::NodeIdentifiers {
        self.walk().map(|s| s.index)
    }
}

impl<'t, 'a, G: Game> IntoNodeReferences for &DrawnTree<'t, 'a, G> {
    type NodeRef = DrawnNode<'a, G>;
    type NodeReferences = std::iter::Map<Walk<'t, 'a, G>, fn(Step<'a, G>) -> DrawnNode<'a, G>>;
    fn node_references(self) -> Self::NodeReferences {
        self.walk().map(|s| DrawnNode { index: s.index, drawn: s.drawn })
    }
}

impl<'t, 'a, G: Game> IntoEdgeReferences for &DrawnTree<'t, 'a, G> {
    type EdgeRef = DrawnEdge<'a, G>;
    type EdgeReferences = std::iter::FilterMap<Walk<'t, 'a, G>, fn(Step<'a, G>) -> Option<DrawnEdge<'a, G>>>;
    fn edge_references(self) -> Self::EdgeReferences {
        self.walk()
            .filter_map(|s| Some(DrawnEdge { source: s.parent_index?, target: s.index, drawn: s.drawn }))
    }
}

/// One node as the walk meets it.
pub(crate) struct Step<'a, G: Game> {
    index: u32,
    parent_index: Option<u32>,
    drawn: Drawn<'a, G>,
}

/// A node whose children the walk gives out or goes down into: its drawn
/// index, its first child's, and how many of its children it has done.
struct Frame<'a, G: Game> {
    node: &'a GameNode<G>,
    index: u32,
    first: u32,
    done: usize,
}

/// The drawn nodes in the order the drawing numbers them: the root, then for
/// each node that opens, its children together, then each child's subtree in
/// turn (id order). An explicit stack holds the path being walked.
pub(crate) struct Walk<'t, 'a, G: Game> {
    shown: &'t Shown,
    /// The root, until it is given.
    root: Option<&'a GameNode<G>>,
    /// The node whose children are being given (`done`: how many so far).
    giving: Option<Frame<'a, G>>,
    /// The path being walked: nodes whose children have all been given
    /// (`done`: how many of them the walk has gone down into).
    path: Vec<Frame<'a, G>>,
    /// The next drawn index.
    next: u32,
}

impl<'a, G: Game> Walk<'_, 'a, G> {
    fn open(&mut self, node: &'a GameNode<G>, index: u32) {
        if self.shown.opens(node) {
            self.giving = Some(Frame { node, index, first: self.next, done: 0 });
        }
    }
}

impl<'a, G: Game> Iterator for Walk<'_, 'a, G> {
    type Item = Step<'a, G>;

    fn next(&mut self) -> Option<Step<'a, G>> {
        if let Some(root) = self.root.take() {
            self.next = 1;
            self.open(root, 0);
            return Some(Step { index: 0, parent_index: None, drawn: Drawn { node: root, parent: None } });
        }
        loop {
            if let Some(giving) = &mut self.giving {
                if let Some(child) = giving.node.children().get(giving.done) {
                    giving.done += 1;
                    let index = self.next;
                    self.next += 1;
                    let drawn = Drawn { node: child, parent: Some(giving.node) };
                    return Some(Step { index, parent_index: Some(giving.index), drawn });
                }
                self.path.push(Frame { done: 0, ..*giving });
                self.giving = None;
            }
            let frame = self.path.last_mut()?;
            let Some(child) = frame.node.children().get(frame.done) else {
                self.path.pop();
                continue;
            };
            let index = frame.first + frame.done as u32;
            frame.done += 1;
            self.open(child, index);
        }
    }
}

impl<G: Game> Clone for Frame<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Frame<'_, G> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::scope::Scope;
    use crate::game::prelude::*;
    use crate::games::tictactoe::TicTacToe;
    use crate::limits::Limits;
    use crate::search::back_propagate;
    use crate::tree::TreeArena;

    /// The walk against the scope's own walk over every node in id order.
    #[test]
    fn nodes_and_edges_come_in_the_scopes_id_order_with_their_parents() {
        let game = TicTacToe;
        let mut arena = TreeArena::new();
        let tree = Tree::build(&mut arena, &game, game.start(), 4, &Limits::default()).unwrap();
        back_propagate(tree.root);
        for scope in [Scope::All, Scope::Depth(2), Scope::Line] {
            let shown = Shown::new(&tree, scope);
            let mut expected = Vec::new();
            shown.walk(&tree, |n, parent, _| expected.push((n.id(), parent)));
            let graph = DrawnTree::new(&tree, &shown);
            let nodes: Vec<(u32, Option<u32>)> = graph
                .node_references()
                .map(|n| (n.weight().node.id(), n.weight().parent.map(|p| p.id())))
                .collect();
            assert_eq!(nodes, expected, "{scope:?}");
            assert_eq!(graph.node_bound(), expected.len());
            for (i, n) in graph.node_references().enumerate() {
                assert_eq!(n.id() as usize, i);
            }
            let edges: Vec<DrawnEdge<'_, TicTacToe>> = graph.edge_references().collect();
            assert_eq!(edges.len(), expected.len() - 1);
            for e in edges {
                let parent = e.weight().parent.unwrap().id();
                assert_eq!(expected[e.source() as usize].0, parent);
                assert_eq!(expected[e.target() as usize].0, e.weight().node.id());
                assert!(e.weight().parent.unwrap().children().iter().any(|c| c.id() == e.weight().node.id()));
            }
        }
    }

    #[test]
    fn the_line_to_a_node_goes_down_from_the_root_to_it() {
        let game = TicTacToe;
        let mut arena = TreeArena::new();
        let tree = Tree::build(&mut arena, &game, game.start(), 4, &Limits::default()).unwrap();
        let shown = Shown::new(&tree, Scope::All);
        let graph = DrawnTree::new(&tree, &shown);
        assert!(graph.line_to(tree.root).is_empty());
        tree.walk(|n, _| {
            let line = graph.line_to(n);
            assert_eq!(line.len(), n.depth as usize);
            let mut at = tree.root;
            for step in line {
                assert!(at.children().iter().any(|c| std::ptr::eq(c, step)));
                at = step;
            }
            assert!(std::ptr::eq(at, n));
        });
    }
}
