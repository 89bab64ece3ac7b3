//! The explorer's Positions addon (`explorer/positions.js`): the tree's census
//! in a view of its own, and its transpositions, the nodes whose position
//! another node holds too, marked in the tree so that selecting one shows the
//! others. The tree layer tells positions apart (`tree::positions`); this
//! only lays its answer out by the page's node order.

use serde_json::json;

use super::addon::Addon;
use super::scope::{Scope, Shown};
use crate::game::Game;
use crate::tree::Tree;
use crate::tree::census::Census;
use crate::tree::positions::Distinct;

/// The page's addons for `tree`'s positions (`census`: the tree's, as the
/// caller counted it), which tell its positions apart
/// once: this one, and the Positions graph (`merged`: the page was asked for
/// it, and opens on it; otherwise it is there when it helps, see
/// [`super::merged_view::view`]).
pub fn addons<G: Game>(
    game: &G,
    tree: &Tree<'_, G>,
    census: &Census,
    scope: Scope,
    merged: bool,
) -> Vec<Addon> {
    let distinct = Distinct::of(game, tree);
    let mut addons = vec![addon(tree, census, &distinct, scope)];
    // (The symmetries' words are the game's: checkers' is no turn or mirror.)
    addons[0].data["symmetry"] = json!(game.symmetry_words());
    addons.extend(super::merged_view::view(game, tree, &distinct, scope, merged));
    addons
}

/// The addon for the page of `tree` drawn within `scope`. Its data: `census`
/// (as in the JSON), `symmetry` (the game's words for its symmetries, set by
/// [`addons`]), `paths` (for each position that more than one node of
/// the tree holds, numbered from 1 in the order of its first node, how many
/// do; `paths[0]` is unused) and `group` (for each node of the page, in page
/// order, its position's number there, or 0).
fn addon<G: Game>(tree: &Tree<'_, G>, census: &Census, distinct: &Distinct, scope: Scope) -> Addon {
    let mut number = vec![0u32; distinct.len()];
    let mut paths = vec![0u32];
    for (k, &p) in distinct.paths.iter().enumerate() {
        if p > 1 {
            number[k] = paths.len() as u32;
            paths.push(p);
        }
    }
    let mut group = Vec::new();
    Shown::new(tree, scope).walk(tree, |node, _, _| {
        group.push(number[distinct.of_node[node.id() as usize] as usize]);
    });
    Addon {
        name: "positions",
        module: Some("positions.js"),
        data: json!({ "census": census, "paths": paths, "group": group }),
    }
}
