//! A built tree that owns the arena its nodes live in, so that a Python object
//! can keep it between calls.
//!
//! The library's [`Tree`] borrows its nodes from a [`TreeArena`] for a
//! lifetime that the arena's own type names, which is right for a program that
//! builds, searches and exports in one function, and cannot be kept in a
//! Python object (a `#[pyclass]` has no lifetimes). Here the arena goes on the
//! heap behind a raw pointer, the tree borrows it as `'static`, and this type
//! never lets the `'static` out: it lends the tree only for as long as it is
//! borrowed itself, and drops the tree before the arena. This file is the
//! binding's only `unsafe`.

use std::mem::ManuallyDrop;
use std::ptr::NonNull;

use gametree::game::Game;
use gametree::limits::{Limits, TooManyNodes};
use gametree::tree::{Tree, TreeArena};

type Arena<G> =
    TreeArena<'static, <G as gametree::game::Rules>::Action, <G as gametree::game::Storage>::Packed>;

/// A built tree and the arena that holds its nodes.
pub struct OwnedTree<G: Game> {
    /// Borrows from `arena`; dropped first (see `Drop`).
    tree: ManuallyDrop<Tree<'static, G>>,
    /// From `Box::into_raw`; freed in `Drop`, after `tree`.
    arena: NonNull<Arena<G>>,
}

impl<G: Game> OwnedTree<G> {
    /// [`Tree::build`] into an arena of its own.
    pub fn build(game: &G, root: G::Position, depth: u8, limits: &Limits) -> Result<Self, TooManyNodes> {
        let arena = NonNull::from(Box::leak(Box::new(Arena::<G>::new())));
        // SAFETY: the arena lives on the heap until `Drop` (or the error arm
        // below) frees it, and nothing else refers to it: the `&'static mut`
        // is handed to the build alone, and after it only the tree's shared
        // references into the arena remain, which never outlive `self`.
        let built = Tree::build(unsafe { &mut *arena.as_ptr() }, game, root, depth, limits);
        match built {
            Ok(tree) => Ok(OwnedTree { tree: ManuallyDrop::new(tree), arena }),
            Err(e) => {
                // SAFETY: the failed build returned no reference into the arena.
                drop(unsafe { Box::from_raw(arena.as_ptr()) });
                Err(e)
            }
        }
    }

    /// The tree, for as long as `self` is borrowed.
    pub fn tree(&self) -> &Tree<'_, G> {
        &self.tree
    }
}

impl<G: Game> Drop for OwnedTree<G> {
    fn drop(&mut self) {
        // SAFETY: the tree goes first, while the nodes it refers to are alive;
        // then the arena, which no reference points into any more (the only
        // ones came from `tree()`, whose borrows of `self` have ended).
        unsafe {
            ManuallyDrop::drop(&mut self.tree);
            drop(Box::from_raw(self.arena.as_ptr()));
        }
    }
}

// SAFETY: after the build the arena is never used but to be freed, which any
// thread may do (an arena of nodes whose fields are all `Send` is `Send`); the
// nodes are atomics and plain data, shared as the library shares them between
// its own threads. What keeps `TreeArena` from being `Sync` is its allocation
// bookkeeping, which nothing touches after the build.
unsafe impl<G: Game + Send> Send for OwnedTree<G> where G::Position: Send {}
// SAFETY: as for `Send`: only shared references to the nodes are handed out.
unsafe impl<G: Game + Sync> Sync for OwnedTree<G> where G::Position: Sync {}
