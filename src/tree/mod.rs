//! The explicit search tree: every node a real object in a `typed_arena::Arena`.
//!
//! Construction order (and so node ids) follows the course programs: a node's
//! children are created together, left to right in legal-action order, and only then
//! is each child's subtree built in turn, first child first. The root is id 0, its
//! children are 1..=k, the children of child 1 come next, then everything below
//! them, and so on. Duplicate positions reached along different paths are separate
//! nodes: a node is a path, not a position.
//!
//! Every node holds its own copy of its position ([`crate::game::Storage::Packed`]), written when
//! the node is constructed; duplicates reached along different paths are separate
//! copies. A node stores neither its parent (a walk comes from it) nor its static
//! cost (a leaf's value is its cost; an inner node's follows from its position).
//! Children kept as a pointer and a 16-bit count keep the rest of a node at 24
//! bytes; `docs/design.md` gives each game's size.
//!
//! Deep trees are built on several threads (see `parallel.rs`); the result,
//! ids included, is the same node for node as the sequential build.

#[allow(unsafe_code)]
mod arena;
mod build;
mod built;
pub mod census;
pub mod mcts;
#[allow(unsafe_code)]
mod node;
mod owned;
mod parallel;
pub mod positions;
mod sequential;
pub mod size;

pub use arena::TreeArena;
pub use build::prepare_build;
pub use built::{NotSearched, Tree};
pub use node::{Bound, GameNode, Node};
pub use owned::OwnedTree;
pub use sequential::QUOTA_BLOCK;
