//! The Nim example (`examples/nim.rs`), a game defined outside the crate, run as a
//! library user would, and checked against Nim's theory.

#[path = "../examples/nim.rs"]
mod nim;

use gametree::game::prelude::*;
use nim::{Nim, Position};

/// Nodes of the whole game tree below piles `p`, counted directly.
fn nodes(p: [u8; 3]) -> usize {
    1 + (0..3)
        .flat_map(|i| (1..=p[i]).map(move |k| (i, k)))
        .map(|(i, k)| {
            let mut q = p;
            q[i] -= k;
            nodes(q)
        })
        .sum::<usize>()
}

#[test]
fn the_example_builds_searches_and_exports_a_game_of_its_own() {
    let dir = crate::support::Scratch::new("nim");
    for piles in [[1, 3, 5], [2, 2, 3], [1, 2, 3]] {
        let start = Position { piles, first_to_move: true };
        let (decision, value, count) = nim::run(start, &dir).unwrap();
        assert_eq!(count, nodes(piles), "{piles:?}");
        // The first player wins exactly when the piles' exclusive-or is not zero,
        // and then the move taken leaves it zero.
        let xor = piles[0] ^ piles[1] ^ piles[2];
        assert_eq!(value > 0, xor != 0, "{piles:?}: value {value}");
        let action = Nim.parse_action(&start, decision.as_deref().unwrap()).unwrap();
        if xor != 0 {
            let after = Nim.apply(&start, action).piles;
            assert_eq!(after[0] ^ after[1] ^ after[2], 0, "{piles:?}: {decision:?}");
        }
        let json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join("nim.json")).unwrap()).unwrap();
        assert_eq!(json["game"], "nim");
        assert_eq!(json["search"], "alphabeta");
        assert_eq!(json["nodes"].as_array().unwrap().len(), count);
        assert_eq!(json["decision"]["action"], decision.unwrap().as_str());
        let dot = std::fs::read_to_string(dir.join("nim.dot")).unwrap();
        assert!(dot.starts_with("digraph tree {") && dot.contains("showing the line of best play"));
    }
}
