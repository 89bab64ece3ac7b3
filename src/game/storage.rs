//! What a tree node keeps of its position: every node holds its own copy, so the
//! copy is as small as the game can make it.

use std::fmt;

use super::{Player, Rules};

/// A position's compact copy and back.
pub trait Storage: Rules {
    /// What a tree node keeps of its position, in as few bytes as the game can:
    /// every node holds its own copy. The side to move is left out (the node
    /// knows it already), and so is anything that follows from the rest.
    /// Two copies are equal exactly when their positions are (the side to
    /// move aside), so that the census can count positions by their copies
    /// without unpacking every node.
    type Packed: Copy + Eq + std::hash::Hash + fmt::Debug + Send + Sync + 'static;

    /// The copy of `pos` a tree node keeps.
    fn pack(&self, pos: &Self::Position) -> Self::Packed;

    /// The position a node's copy stands for, with `to_move` to move:
    /// `unpack(&pack(p), to_move(p)) == p`.
    fn unpack(&self, packed: &Self::Packed, to_move: Player) -> Self::Position;
}
