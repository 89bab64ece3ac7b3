//! A tree that owns its arena (`tree::OwnedTree`): the same tree as one built
//! in an arena the caller keeps, node for node, whether built on one thread
//! or on several (whose helper arenas it must own too); a value that can be
//! moved, returned and sent to another thread, and searched there.

use gametree::game::prelude::*;
use gametree::games::checkers::Checkers;
use gametree::games::tictactoe::TicTacToe;
use gametree::limits::Limits;
use gametree::search::back_propagate;
use gametree::tree::{OwnedTree, Tree, TreeArena};

/// Every node's id, depth, action, position and value, in id order.
fn nodes<G: Game>(game: &G, tree: &Tree<'_, G>) -> Vec<(u32, u8, Option<String>, String, i32)> {
    let mut out = Vec::new();
    tree.walk(|n, _| {
        let action = n.action.map(|a| game.format_action(a));
        out.push((n.id(), n.depth, action, game.format_position(&n.position(game)), n.value()));
    });
    out
}

#[test]
fn an_owned_tree_is_the_tree_built_in_a_kept_arena_on_one_thread_and_on_several() {
    let game = Checkers;
    for threads in [1, 2] {
        let limits = Limits { threads, ..Limits::NONE };
        // Depth 5 is built in parallel when there are threads to share it.
        let owned = OwnedTree::build(&game, game.start(), 5, &limits).unwrap();
        let mut arena = TreeArena::new();
        let kept = Tree::build(&mut arena, &game, game.start(), 5, &limits).unwrap();
        let tree = owned.tree();
        assert_eq!((tree.len, tree.depth), (kept.len, kept.depth), "threads {threads}");
        assert_eq!(tree.root_position, kept.root_position);
        back_propagate(tree.root);
        back_propagate(kept.root);
        assert_eq!(nodes(&game, &tree), nodes(&game, &kept), "threads {threads}");
        assert!(tree.len > 20_000, "a tree of some size: {}", tree.len);
    }
}

fn built_here(depth: u8) -> OwnedTree<TicTacToe> {
    let game = TicTacToe;
    OwnedTree::build(&game, game.start(), depth, &Limits::default()).unwrap()
}

#[test]
fn an_owned_tree_outlives_its_builder_and_is_searched_on_another_thread() {
    let owned = built_here(9);
    // Sent (it is `Send`), searched there, and sent back.
    let (owned, value, decision) = std::thread::spawn(move || {
        let tree = owned.tree();
        let value = back_propagate(tree.root);
        let decision = tree.decision().map(|n| TicTacToe.format_action(n.action.unwrap()));
        (owned, value, decision)
    })
    .join()
    .unwrap();
    // Tic-tac-toe is a draw; the tree, searched over there, keeps its values.
    assert_eq!(value, 0);
    let tree = owned.tree();
    assert_eq!(tree.len, 549_946);
    assert!(tree.is_searched());
    assert_eq!(tree.root.value(), 0);
    assert_eq!(decision, tree.decision().map(|n| TicTacToe.format_action(n.action.unwrap())));
    // Shared between threads (it is `Sync`): both read the same nodes.
    let counts = std::thread::scope(|s| {
        let a = s.spawn(|| owned.tree().principal_variation().len());
        let b = s.spawn(|| owned.tree().principal_variation().len());
        (a.join().unwrap(), b.join().unwrap())
    });
    assert_eq!(counts, (9, 9), "a draw is played to the full board");
}

#[test]
fn an_owned_tree_over_its_budget_is_refused_as_a_kept_arena_is() {
    let game = TicTacToe;
    let limits = Limits { max_nodes: 50, ..Limits::NONE };
    let refused = OwnedTree::build(&game, game.start(), 3, &limits).err().expect("over 50 nodes");
    let mut arena = TreeArena::new();
    let kept = Tree::build(&mut arena, &game, game.start(), 3, &limits).err().expect("over 50 nodes");
    assert_eq!(refused.to_string(), kept.to_string());
}
