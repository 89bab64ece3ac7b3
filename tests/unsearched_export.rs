//! A tree that no search has set the values of cannot be exported: each export
//! refuses it with one clear error and writes nothing; once searched, it goes.

use gametree::export::{dot, efg, html, json, scope::Scope};
use gametree::game::prelude::*;
use gametree::games::checkers::Checkers;
use gametree::limits::Limits;
use gametree::search::{alphabeta, back_propagate};
use gametree::tree::{Tree, TreeArena};

const WORKED_EXAMPLE: &str = "......../......../......../......../......../B.w...../.w....../..b..... b";

/// Every export of `tree`, each as its result and the bytes it wrote.
fn exports(tree: &Tree<'_, Checkers>) -> Vec<(&'static str, std::io::Result<()>, Vec<u8>)> {
    let game = Checkers;
    let mut all = Vec::new();
    let mut out = Vec::new();
    let r = json::write_tree(&mut out, &game, tree, None);
    all.push(("json", r, std::mem::take(&mut out)));
    let r = dot::write_tree(&mut out, &game, tree, None, Scope::default());
    all.push(("dot", r, std::mem::take(&mut out)));
    let r = html::write_tree(&mut out, &game, tree, None, None, Scope::default());
    all.push(("html", r, std::mem::take(&mut out)));
    let r = efg::write_tree(&mut out, &game, tree);
    all.push(("efg", r, std::mem::take(&mut out)));
    all
}

#[test]
fn a_tree_never_searched_is_refused_by_every_export_and_a_searched_one_is_not() {
    let game = Checkers;
    let pos = game.parse_position(WORKED_EXAMPLE).unwrap();
    let mut arena = TreeArena::new();
    let tree = Tree::build(&mut arena, &game, pos, 3, &Limits::default()).unwrap();
    assert!(!tree.is_searched());
    for (name, result, written) in exports(&tree) {
        let err = result.expect_err(name);
        assert!(err.to_string().contains("has not been searched"), "{name}: {err}");
        assert!(written.is_empty(), "{name}: nothing written");
    }
    back_propagate(tree.root);
    assert!(tree.is_searched());
    for (name, result, written) in exports(&tree) {
        result.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!written.is_empty(), "{name}");
    }
    // Alpha-beta counts as a search too.
    let mut arena = TreeArena::new();
    let tree = Tree::build(&mut arena, &game, pos, 3, &Limits::default()).unwrap();
    let windows = alphabeta::run_on_tree(&tree);
    let mut out = Vec::new();
    json::write_tree(&mut out, &game, &tree, Some(&windows)).unwrap();
}
