//! Plain minimax back-propagation over a built tree.

use super::tree::Node;

/// Sets every inner node's value (a leaf's is its cost already): the greatest
/// child value where its side maximises and the least where it minimises. Ties keep
/// the left-most child, which is the one [`Node::best_child`] reports. Returns the
/// root's value.
pub fn back_propagate<A>(node: &Node<'_, A>) -> i32 {
    node.set_pruned(false);
    let Some((first, rest)) = node.children.split_first() else {
        return node.value();
    };
    let mut best = back_propagate(first);
    for child in rest {
        let v = back_propagate(child);
        if if node.maximising() { v > best } else { v < best } {
            best = v;
        }
    }
    node.set_value(best);
    best
}
