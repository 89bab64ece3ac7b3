//! What every game of the list keeps, run for each registered game: its rules'
//! invariants (against its oracle), the packed copy of a position, counts,
//! notation both ways, alpha-beta equal to minimax (values, decisions, ties and
//! node counts), parallel trees equal to sequential ones, JSON exports that fit
//! the schema, and its row in the README. A new game of the list is checked by
//! all of it without a line here.

use crate::support::ordering;
use crate::support::playing;

use gametree::game::prelude::*;
use gametree::game::{Oracle, Player};
use gametree::games::{ALL, Entry, GameName, Registered, Settings};
use gametree::invariants;
use gametree::limits::Limits;
use gametree::savegame::SavedGame;
use gametree::search::alphabeta::{self, Search};
use gametree::search::{back_propagate, back_propagate_parallel};
use gametree::tree::{GameNode, QUOTA_BLOCK, Tree, TreeArena};
use gametree::with_game;
use ordering::DefinedOrder;
use playing::playout;
use proptest::prelude::*;
use serde_json::Value;

/// The deepest depth from 1 to `deepest` whose tree of `pos` has at most
/// `max_nodes` nodes (1 when even that one is larger).
pub(crate) fn fitting_depth<G: Game>(game: &G, pos: &G::Position, deepest: u8, max_nodes: u64) -> u8 {
    let fits = |d: u8| {
        let options = Limits { max_nodes, threads: 1, ..Limits::default() };
        Tree::build(&mut TreeArena::new(), game, pos.clone(), d, &options).is_ok()
    };
    // Upwards: each depth that fits costs its tree, and only the first that
    // does not costs the whole budget (downwards, every depth too deep did).
    (1..deepest).take_while(|&d| fits(d + 1)).last().map_or(1, |d| d + 1)
}

fn each_game(mut check: impl FnMut(GameName) -> Result<(), TestCaseError>) -> Result<(), TestCaseError> {
    for &name in ALL {
        check(name)?;
    }
    Ok(())
}

/// Plain minimax, explicit alpha-beta and implicit alpha-beta on one position:
/// the same root value and decision; and, searching in the defined order, the
/// implicit search visits exactly the nodes the explicit one leaves unpruned and
/// names exactly the tied actions.
pub(crate) fn searches_agree<G: Game>(game: &G, pos: &G::Position, depth: u8) -> Result<(), TestCaseError> {
    let mut arena = TreeArena::new();
    let tree = Tree::build(&mut arena, game, pos.clone(), depth, &Limits::default()).unwrap();
    let minimax = back_propagate(tree.root);
    let decision = tree.decision().and_then(|n| n.action);
    let windows = alphabeta::run_on_tree(&tree);
    prop_assert_eq!(tree.root.value(), minimax, "explicit alpha-beta value");
    prop_assert_eq!(tree.decision().and_then(|n| n.action), decision, "explicit alpha-beta decision");
    prop_assert!(windows[0].is_some());
    // With the game's own search order (Gomoku reorders): value and decision.
    let implicit = alphabeta::search(game, pos, &Search::to(depth)).unwrap().choice;
    prop_assert_eq!(implicit.value, minimax, "implicit alpha-beta value");
    prop_assert_eq!(implicit.action, decision, "implicit alpha-beta decision");
    // In the defined order: the same nodes and the ties.
    let plain = DefinedOrder(game.clone());
    let implicit = alphabeta::search(&plain, pos, &Search::to(depth)).unwrap().choice;
    prop_assert_eq!(implicit.value, minimax);
    let mut visited = 0u64;
    tree.root.for_each(&mut |n| visited += !n.pruned() as u64);
    prop_assert_eq!(implicit.nodes, visited, "nodes visited");
    let tied = alphabeta::search(&plain, pos, &Search { ties: true, ..Search::to(depth) }).unwrap();
    prop_assert_eq!(tied.choice.value, minimax);
    prop_assert_eq!(tied.choice.action, decision);
    let mut actions = Vec::new();
    game.actions(pos, &mut actions);
    let equal: Vec<G::Action> = actions
        .iter()
        .copied()
        .filter(|&a| {
            alphabeta::search(&plain, &game.apply(pos, a), &Search::to(depth - 1)).unwrap().choice.value
                == minimax
        })
        .collect();
    prop_assert_eq!(tied.ties, equal, "ties");
    Ok(())
}

/// A node as the parallel test compares it: id, parent, depth, action, value,
/// side, position. Positions and actions compared as values, not as their
/// notation: the same test, without formatting 200,000 texts a case.
type Described<G> = (u32, Option<u32>, u8, Option<<G as Rules>::Action>, i32, bool, <G as Rules>::Position);

fn describe<G: Game>(game: &G, tree: &Tree<'_, G>) -> Vec<Described<G>> {
    let mut v = Vec::with_capacity(tree.len);
    tree.walk(|n, parent| {
        v.push((n.id(), parent, n.depth, n.action, n.value(), n.maximising(), n.position(game)))
    });
    v
}

/// A tree built and propagated on `threads` threads equals the sequential one
/// node by node, and neither exceeds its node budget.
pub(crate) fn parallel_matches_sequential<G: Game>(
    game: &G,
    pos: &G::Position,
    depth: u8,
    threads: usize,
) -> Result<(), TestCaseError> {
    let one = Limits { threads: 1, ..Limits::default() };
    let many = Limits { threads, ..Limits::default() };
    let mut a1 = TreeArena::new();
    let t1 = Tree::build(&mut a1, game, pos.clone(), depth, &one).unwrap();
    back_propagate(t1.root);
    let mut a2 = TreeArena::new();
    let t2 = Tree::build(&mut a2, game, pos.clone(), depth, &many).unwrap();
    back_propagate_parallel(t2.root, t2.len, threads);
    prop_assert_eq!(t1.len, t2.len);
    prop_assert_eq!(describe(game, &t1), describe(game, &t2));
    let fits = |max: u64, threads: usize| {
        let options = Limits { max_nodes: max, threads, ..Limits::default() };
        Tree::build(&mut TreeArena::new(), game, pos.clone(), depth, &options).is_ok()
    };
    let len = t1.len as u64;
    prop_assert!(fits(len, 1));
    prop_assert!(!fits(len - 1, 1) || len == 1);
    prop_assert!(fits(len + threads as u64 * QUOTA_BLOCK, threads));
    prop_assert!(!fits(len - 1, threads) || len == 1);
    Ok(())
}

/// A random game checked at every position (rules against the oracle, packing,
/// counts, each action's notation, each child's notation), then saved and read
/// back.
pub(crate) fn playout_checked<G: Game + Oracle>(game: &G, choices: &[u32]) -> Result<(), TestCaseError> {
    let mut pos = game.start();
    let mut saved = SavedGame { settings: Vec::new(), start: pos.clone(), actions: Vec::new() };
    let mut actions = Vec::new();
    for &c in choices {
        invariants::position(game, &pos).map_err(TestCaseError::fail)?;
        game.actions(&pos, &mut actions);
        if actions.is_empty() {
            prop_assert!(!game.why_over(&pos).is_empty());
            break;
        }
        let a = actions[c as usize % actions.len()];
        saved.actions.push(a);
        pos = game.apply(&pos, a);
    }
    invariants::position(game, &pos).map_err(TestCaseError::fail)?;
    invariants::position_text(game, &game.format_position(&pos)).map_err(TestCaseError::fail)?;
    let text = saved.to_text(game);
    prop_assert!(
        SavedGame::parse(game, &text).is_ok_and(|back| back == saved),
        "{text:?} does not read back"
    );
    invariants::saved_game_text(game, &text).map_err(TestCaseError::fail)?;
    Ok(())
}

proptest! {
    // 60 random games a game: each position's every child is printed, read
    // back and printed again, which for Gomoku's 200-odd actions a position was
    // most of the quick tier's time at 120; the fuzz targets go on from here.
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_rules_invariants(choices in prop::collection::vec(any::<u32>(), 0..90)) {
        each_game(|name| with_game!(name, &Settings::default(), |g| playout_checked(g, &choices)))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn action_texts_that_read_are_legal(text in "[a-oA-O0-9 -]{0,6}", choices in prop::collection::vec(any::<u32>(), 0..30)) {
        each_game(|name| with_game!(name, &Settings::default(), |g| {
            let pos = playout(g, &choices);
            invariants::action_text(g, &pos, &text).map_err(TestCaseError::fail)
        }))?;
    }

    #[test]
    fn a_board_set_up_point_by_point_is_the_position_it_shows(choices in prop::collection::vec(any::<u32>(), 0..60)) {
        each_game(|name| with_game!(name, &Settings::default(), |g| {
            let pos = playout(g, &choices);
            let (cells, mover) = (g.cells(&pos), g.to_move(&pos));
            match g.setup(&cells, mover) {
                // A game without a board: nothing to set up.
                None => prop_assert!(cells.is_empty(), "{name:?} draws a board but cannot set one up"),
                Some(made) => {
                    let made = made.map_err(|e| TestCaseError::fail(format!("{name:?} {cells:?}: {e}")))?;
                    prop_assert_eq!(g.cells(&made), cells);
                    prop_assert_eq!(g.to_move(&made), mover);
                    let (mut a, mut b) = (Vec::new(), Vec::new());
                    g.actions(&pos, &mut a);
                    g.actions(&made, &mut b);
                    prop_assert_eq!(a, b, "the same actions");
                }
            }
            Ok(())
        }))?;
    }

    #[test]
    fn alphabeta_agrees_with_minimax(choices in prop::collection::vec(any::<u32>(), 0..60), depth in 1u8..=9) {
        each_game(|name| with_game!(name, &Settings::default(), |g| {
            let pos = playout(g, &choices);
            // The machine's view: Gomoku's evaluation depends on who searches.
            let g = &g.for_machine(g.to_move(&pos));
            searches_agree(g, &pos, fitting_depth(g, &pos, depth, 20_000))
        }))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, ..ProptestConfig::default() })]

    #[test]
    fn parallel_trees_equal_sequential_ones(choices in prop::collection::vec(any::<u32>(), 0..40), threads in 2usize..=4) {
        each_game(|name| with_game!(name, &Settings::default(), |g| {
            let pos = playout(g, &choices);
            // Deep enough to be split between threads, small enough to be quick.
            let depth = fitting_depth(g, &pos, 12, 100_000);
            parallel_matches_sequential(g, &pos, depth, threads)
        }))?;
    }
}

/// A small generator of numbers for the texts below: the same texts each run.
struct SplitMix(u64);

impl SplitMix {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// Texts near valid notation (a real position's text with one to three
/// characters replaced by others of the same text, or deleted, or doubled)
/// either are refused or round-trip into a position that keeps every invariant;
/// and enough of them parse that the round trip is really exercised.
pub(crate) fn mutated_position_texts<G: Game + Oracle>(g: &G) {
    let name = g.name();
    let mut rng = SplitMix(7);
    let (mut tried, mut parsed) = (0, 0);
    for _ in 0..1500 {
        let choices: Vec<u32> = (0..rng.below(40)).map(|_| rng.below(1 << 20) as u32).collect();
        let text = g.format_position(&playout(g, &choices));
        let mut chars: Vec<char> = text.chars().collect();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(chars.len());
            match rng.below(8) {
                0 => drop(chars.remove(i)),
                1 => chars.insert(i, chars[i]),
                _ => chars[i] = chars[rng.below(chars.len())],
            }
        }
        let mutated: String = chars.into_iter().collect();
        if let Err(e) = invariants::position_text(g, &mutated) {
            panic!("{name}: {e}");
        }
        tried += 1;
        parsed += g.parse_position(&mutated).is_ok() as u32;
    }
    // Random texts over the notations' alphabet parsed 0 times in 100,000;
    // these parse from 7% (Gomoku's long rows) to 28% (checkers) of the time.
    assert!(parsed * 20 >= tried, "{name}: only {parsed} of {tried} mutated texts parse");
    assert!(parsed < tried, "{name}: every mutated text parses");
}

#[test]
fn mutated_position_texts_round_trip_or_are_refused() {
    for &name in ALL {
        with_game!(name, &Settings::default(), |g| mutated_position_texts(g));
    }
}

/// What a game of the command line says of itself: texts for `--help`, the
/// rules and the README (each not empty: `Entry::of` refuses an empty one, as
/// the list is compiled), side names that differ, a depth to search to.
pub(crate) fn describes_itself<G: Registered>(g: &G) {
    let entry = Entry::of::<G>();
    assert_eq!(g.name(), entry.name);
    assert_ne!(g.player_name(Player::First), g.player_name(Player::Second), "{}", entry.name);
    assert!(g.default_depth() >= 1, "{}", entry.name);
}

/// The same every game gives of itself: its name is the list's, and what
/// [`describes_itself`] checks.
#[test]
fn each_game_describes_itself() {
    for &name in ALL {
        with_game!(name, &Settings::default(), |g| {
            assert_eq!(g.name(), name.as_str());
            describes_itself(g);
        });
        assert_eq!(GameName::named(name.as_str()), Some(name));
    }
    let names: Vec<&str> = ALL.iter().map(|g| g.as_str()).collect();
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "a name twice in {names:?}");
}

/// The game's JSON export, of a tree of depth 2 with and without pruning, has
/// exactly the schema's keys, a game name the schema's pattern takes, and its
/// node count; returns the name it gives.
pub(crate) fn json_fits_the_schema<G: Game>(g: &G) -> String {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/tree.schema.json")).unwrap(),
    )
    .unwrap();
    let keys = |o: &Value| o.as_object().unwrap().keys().cloned().collect::<Vec<String>>();
    let required = |v: &Value| {
        let mut k: Vec<String> = v.as_array().unwrap().iter().map(|k| k.as_str().unwrap().into()).collect();
        k.sort();
        k
    };
    let (top, node) = (required(&schema["required"]), required(&schema["$defs"]["node"]["required"]));
    let name = g.name();
    for pruning in [false, true] {
        let mut arena = TreeArena::new();
        let tree = Tree::build(&mut arena, g, g.start(), 2, &Limits::default()).unwrap();
        back_propagate(tree.root);
        let windows = pruning.then(|| alphabeta::run_on_tree(&tree));
        let mut out = Vec::new();
        gametree::export::json::write_tree(&mut out, g, &tree, windows.as_deref()).unwrap();
        let doc: Value = serde_json::from_slice(&out).unwrap();
        let mut got = keys(&doc);
        got.sort();
        assert_eq!(got, top, "{name}");
        assert_eq!(doc["game"], name);
        let pattern = schema["properties"]["game"]["pattern"].as_str().unwrap();
        assert_eq!(pattern, "^[a-z][a-z0-9_-]*$", "the schema's pattern changed: change this check with it");
        let fits = name.starts_with(|c: char| c.is_ascii_lowercase())
            && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-');
        assert!(fits, "{name} does not fit the schema's pattern {pattern}");
        let nodes = doc["nodes"].as_array().unwrap();
        assert_eq!(doc["node_count"].as_u64().unwrap() as usize, nodes.len(), "{name}");
        for (i, n) in nodes.iter().enumerate() {
            let mut got = keys(n);
            got.sort();
            assert_eq!(got, node, "{name} node {i}");
        }
    }
    name.to_string()
}

/// Every game's JSON export fits the schema, whose examples name it.
#[test]
fn every_games_json_export_fits_the_schema() {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/tree.schema.json")).unwrap(),
    )
    .unwrap();
    let examples = schema["properties"]["game"]["examples"].as_array().unwrap();
    for &name in ALL {
        let game = with_game!(name, &Settings::default(), |g| json_fits_the_schema(g));
        assert!(examples.contains(&Value::from(game.as_str())), "{name}: {game}");
    }
}

/// A game's options are checked against it: its own within their range pass,
/// out of range or given for a game that does not take them are refused, and
/// the refusal names the flag and the game that takes it.
#[test]
fn options_configure_their_game_only() {
    for &name in ALL {
        for o in name.entry().options {
            assert!(o.min <= o.max && !o.help.is_empty(), "{name} --{}", o.name);
            let mut own = Settings::default();
            own.set(o.name, o.min);
            assert_eq!(gametree::games::check(name, &own), Ok(()));
            own.set(o.name, o.max + 1);
            assert!(gametree::games::check(name, &own).is_err());
            for &other in ALL.iter().filter(|g| !g.entry().options.iter().any(|p| p.name == o.name)) {
                let err = gametree::games::check(other, &own).unwrap_err();
                assert!(err.contains(&format!("--{}", o.name)) && err.contains(name.as_str()), "{err}");
            }
        }
    }
}

/// A node is its 24 bytes of tree data and the game's packed copy of its
/// position, nothing more (src/tree/sequential.rs's tests give each game's size).
pub(crate) fn node_is_tree_data_and_its_packed_position<G: Game>(_: &G) {
    let (node, packed) = (size_of::<GameNode<G>>(), size_of::<G::Packed>());
    assert_eq!(node, 24 + packed.next_multiple_of(4), "{}", G::NAME);
}

#[test]
fn every_games_node_is_tree_data_and_its_packed_position() {
    for &name in ALL {
        with_game!(name, &Settings::default(), |g| node_is_tree_data_and_its_packed_position(g));
    }
}
