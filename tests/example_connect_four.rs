//! Connect Four (`examples/connect_four.rs`), the game docs/adding-a-game.md
//! walks through, held by the checks every game of the list passes
//! (`conformance.rs`'s, called here for a game outside the list) and by facts
//! of Connect Four; and the page held to the file, so that neither drifts.

#[path = "../examples/connect_four.rs"]
mod connect_four;

use crate::conformance::{
    describes_itself, fitting_depth, json_fits_the_schema, mutated_position_texts,
    node_is_tree_data_and_its_packed_position, parallel_matches_sequential, playout_checked, searches_agree,
};
use crate::support::playing::playout;
use connect_four::{ConnectFour, Position};
use gametree::game::prelude::*;
use gametree::games::Entry;
use gametree::invariants;
use gametree::limits::Limits;
use gametree::search::alphabeta::{self, Search};
use gametree::tree::{Tree, TreeArena};
use proptest::prelude::*;

/// Its texts are checked as a listed game's are, as it compiles.
const _: Entry = Entry::of::<ConnectFour>();

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_rules_invariants(choices in prop::collection::vec(any::<u32>(), 0..50)) {
        playout_checked(&ConnectFour, &choices)?;
    }

    #[test]
    fn action_texts_that_read_are_legal(text in "[a-iA-I0-9 -]{0,3}", choices in prop::collection::vec(any::<u32>(), 0..30)) {
        let pos = playout(&ConnectFour, &choices);
        invariants::action_text(&ConnectFour, &pos, &text).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn alphabeta_agrees_with_minimax(choices in prop::collection::vec(any::<u32>(), 0..40), depth in 1u8..=6) {
        let pos = playout(&ConnectFour, &choices);
        searches_agree(&ConnectFour, &pos, fitting_depth(&ConnectFour, &pos, depth, 20_000))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, ..ProptestConfig::default() })]

    #[test]
    fn parallel_trees_equal_sequential_ones(choices in prop::collection::vec(any::<u32>(), 0..30), threads in 2usize..=4) {
        let pos = playout(&ConnectFour, &choices);
        parallel_matches_sequential(&ConnectFour, &pos, fitting_depth(&ConnectFour, &pos, 8, 100_000), threads)?;
    }
}

#[test]
fn it_passes_what_every_game_of_the_list_passes() {
    describes_itself(&ConnectFour);
    assert_eq!(json_fits_the_schema(&ConnectFour), "connect-four");
    node_is_tree_data_and_its_packed_position(&ConnectFour);
    mutated_position_texts(&ConnectFour);
}

/// Nobody can win before the seventh ply: the tree of depth 5 holds every
/// sequence of 5 columns, 7^0 + ... + 7^5 nodes.
#[test]
fn the_first_plies_are_every_column_each_time() {
    let game = ConnectFour;
    let mut arena = TreeArena::new();
    let tree = Tree::build(&mut arena, &game, game.start(), 5, &Limits::default()).unwrap();
    assert_eq!(tree.len, (0..=5).map(|d| 7usize.pow(d)).sum::<usize>());
}

/// Red, three in the bottom row, completes it; yellow, to move there, blocks
/// the one cell that would; a stone lands where the column's stones end.
#[test]
fn the_machine_wins_or_blocks_and_a_stone_lands_on_the_others() {
    let game = ConnectFour;
    let red = "......./......./......./......./yyy..../rrr.... r";
    let pos: Position = game.parse_position(red).unwrap();
    let best = alphabeta::search(&game, &pos, &Search::to(3)).unwrap().choice;
    assert_eq!(best.action.map(|a| game.format_action(a)).as_deref(), Some("d"));
    assert!(game.is_decided(best.value) && best.value > 0, "{}", best.value);
    let yellow = game.parse_position("......./......./......./......./......./rrr.yy. y").unwrap();
    let best = alphabeta::search(&game, &yellow, &Search::to(2)).unwrap().choice;
    assert_eq!(best.action.map(|a| game.format_action(a)).as_deref(), Some("d"));
    // Column a holds a red and a yellow stone: the next lands on row 3,
    // point 3 * 7 (row 3 is the fourth from the top).
    let column_a = game.parse_action(&pos, "a").unwrap();
    assert_eq!(game.spots(&pos, column_a).to, Some(3 * 7));
    assert_eq!(game.point_name(3 * 7), "a3");
    let full = game.parse_position("r....../y....../r....../y....../r....../y...... r").unwrap();
    assert!(game.parse_action(&full, "a").is_err());
    for bad in [
        "r....../......./......./......./......./....... y",
        "......./......./......./......./......./....... x",
    ] {
        assert!(game.parse_position(bad).is_err(), "{bad}");
    }
}

/// docs/adding-a-game.md walks through the example in pieces: each piece must
/// be the example's own text, so that the page shows code that compiles and
/// passes the tests above, and an edit to either shows here.
#[test]
fn the_walk_through_shows_the_example_as_it_is() {
    let page = include_str!("../docs/adding-a-game.md");
    let example = include_str!("../examples/connect_four.rs");
    let mut blocks = Vec::new();
    let mut lines = page.lines();
    while let Some(line) = lines.next() {
        if line.trim_start() == "```rust" {
            let body: Vec<&str> = lines.by_ref().take_while(|l| l.trim_start() != "```").collect();
            blocks.push(body.join("\n"));
        }
    }
    assert!(blocks.len() >= 10, "the walk-through's code blocks were found: {}", blocks.len());
    for block in &blocks {
        assert!(
            example.contains(block.as_str()),
            "docs/adding-a-game.md shows code that is not in examples/connect_four.rs:\n{block}"
        );
    }
    // Every import, constant, type, function and trait implementation of the
    // game is shown, so the pieces put together compile; only `main`, which
    // reads the command line, is left to the file.
    let items = ["use ", "const ", "pub const ", "pub struct ", "pub type ", "impl ", "fn "];
    for item in example.lines().filter(|l| items.iter().any(|start| l.starts_with(start))) {
        if item.starts_with("fn main") {
            continue;
        }
        assert!(blocks.iter().any(|b| b.contains(item)), "the page does not show `{item}`");
    }
}
