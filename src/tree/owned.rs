//! A tree that owns the arena its nodes live in: one value, which can be moved
//! and kept (the Python module's `Tree` holds one between calls).
//!
//! [`Tree`] borrows its nodes from a [`TreeArena`], which is right for a
//! program that builds, searches and exports in one function. An
//! [`OwnedTree`] keeps the two together, with `self_cell` holding the borrow
//! (its `MutBorrow` lends the arena mutably once, to the build, and keeps the
//! cell `Sync`), so no `unsafe` is written here. `self_cell`'s cells cannot be
//! generic, so the cell keeps the arena and the root with their types erased
//! (`Any`), and [`OwnedTree`] gets them back by type: the one arena made in
//! [`OwnedTree::build`] and the root node built in it.

use std::any::Any;
use std::marker::PhantomData;

use self_cell::{MutBorrow, self_cell};

use super::{GameNode, Tree, TreeArena};
use crate::game::Game;
use crate::limits::{Limits, TooManyNodes};

/// The root node of the tree built in the cell's arena.
struct Root<'a>(&'a (dyn Any + Send + Sync));

self_cell!(
    /// An arena (a `TreeArena` of some game) and the root of the tree built in it.
    struct Cell {
        owner: MutBorrow<Box<dyn Any + Send>>,

        #[covariant]
        dependent: Root,
    }
);

/// A built tree and the arena that holds its nodes, as one value.
///
/// ```
/// use gametree::game::prelude::*;
/// use gametree::games::tictactoe::TicTacToe;
/// use gametree::limits::Limits;
/// use gametree::search::back_propagate;
/// use gametree::tree::OwnedTree;
///
/// fn built() -> OwnedTree<TicTacToe> {
///     let game = TicTacToe;
///     OwnedTree::build(&game, game.start(), 2, &Limits::default()).unwrap()
/// }
/// // The tree outlives the function that built it.
/// let owned = built();
/// let tree = owned.tree();
/// assert_eq!(tree.len, 1 + 9 + 9 * 8);
/// back_propagate(tree.root);
/// assert!(tree.is_searched());
/// ```
pub struct OwnedTree<G: Game> {
    cell: Cell,
    root_position: G::Position,
    depth: u8,
    len: usize,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> OwnedTree<G> {
    /// [`Tree::build`] into an arena of its own.
    pub fn build(game: &G, root: G::Position, depth: u8, limits: &Limits) -> Result<Self, TooManyNodes> {
        let arena: Box<dyn Any + Send> = Box::new(TreeArena::<G::Action, G::Packed>::new());
        let mut facts = None;
        let cell = Cell::try_new(MutBorrow::new(arena), |arena| {
            let arena = arena.borrow_mut().downcast_mut().expect("the arena made above");
            let tree: Tree<'_, G> = Tree::build(arena, game, root, depth, limits)?;
            facts = Some((tree.root_position, tree.len));
            Ok::<_, TooManyNodes>(Root(tree.root))
        })?;
        let (root_position, len) = facts.expect("set by the build");
        Ok(OwnedTree { cell, root_position, depth, len, game: PhantomData })
    }

    /// The tree, for as long as `self` is borrowed.
    pub fn tree(&self) -> Tree<'_, G> {
        let root = self.cell.borrow_dependent().0;
        let root: &GameNode<G> = root.downcast_ref().expect("the root built in the arena");
        Tree { root, root_position: self.root_position.clone(), depth: self.depth, len: self.len }
    }
}
