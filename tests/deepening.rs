//! `--search deepening`: iterative deepening with a transposition table
//! decides as plain alpha-beta does at the same depth (random positions of
//! every game, random textbook trees with many ties), and its last iteration
//! searches fewer nodes than alpha-beta in the game's order on a real position.

use crate::conformance::fitting_depth;
use crate::support::playing::playout;

use gametree::game::prelude::*;
use gametree::games::checkers::Checkers;
use gametree::games::tree::TextbookTree;
use gametree::games::{ALL, Settings};
use gametree::limits::Limits;
use gametree::search::alphabeta::{self, Pruning};
use gametree::search::back_propagate;
use gametree::search::deepening;
use gametree::tree::{Tree, TreeArena};
use gametree::with_game;
use proptest::prelude::*;

/// Official test4's position after its ten input actions, black to move.
pub(crate) const TEST4_AFTER_TEN: &str =
    ".w.w.w.w/w.w...../.w.w.w../......w./.....w.b/b.b.b.../.b.b.b.b/b.b.b... b";

/// Deepening over one tree against plain alpha-beta and minimax over another
/// of the same position: the same root value and decision (left-most among
/// equals), every iteration's value that of minimax at its depth, and the
/// chart's alpha-beta count equal to what the explicit alpha-beta visits.
fn deepening_decides_as_alphabeta<G: Game>(
    game: &G,
    pos: &G::Position,
    depth: u8,
    rule: Pruning,
) -> Result<(), TestCaseError> {
    let mut arena = TreeArena::new();
    let plain = Tree::build(&mut arena, game, pos.clone(), depth, &Limits::default()).unwrap();
    let minimax = back_propagate(plain.root);
    let minimax_decision = plain.decision().and_then(|n| n.action);
    alphabeta::run_with_rule(&plain, rule, &mut ());
    let decision = plain.decision().and_then(|n| n.action);
    prop_assert_eq!(plain.root.value(), minimax);
    prop_assert_eq!(decision, minimax_decision);
    let mut visited = 0u64;
    plain.root.for_each(&mut |n| visited += u64::from(!n.pruned()));

    let mut arena = TreeArena::new();
    let tree = Tree::build(&mut arena, game, pos.clone(), depth, &Limits::default()).unwrap();
    let (d, windows) = deepening::run(game, &tree, rule, Default::default());
    let last = d.last().unwrap();
    let name = decision.map(|a| game.format_action(a));
    prop_assert_eq!(last.value, minimax, "deepening's value, {}", game.format_position(pos));
    // The search reports node ids; the exports name the moves.
    let line = gametree::export::deepening::moves(game, &tree, &last.line);
    prop_assert_eq!(line.first(), name.as_ref(), "deepening's decision, {}", game.format_position(pos));
    prop_assert_eq!(last.decision(), tree.decision().map(|n| n.id()));
    // Nothing kept for drawing unless asked.
    prop_assert!(d.iterations.iter().all(|i| i.drawn.is_none() && i.searched.is_none()));
    // The tree it leaves is searched as the exports read it.
    prop_assert!(tree.is_searched());
    prop_assert_eq!(tree.root.value(), minimax);
    prop_assert_eq!(tree.decision().and_then(|n| n.action), decision);
    prop_assert!(windows[0].is_some());
    prop_assert_eq!(line.len(), last.line.len(), "a move for each node of the line");
    // Each iteration's value is minimax's at its depth.
    for it in &d.iterations {
        let mut arena = TreeArena::new();
        let shallow = Tree::build(&mut arena, game, pos.clone(), it.depth, &Limits::default()).unwrap();
        prop_assert_eq!(it.value, back_propagate(shallow.root), "iteration {}", it.depth);
    }
    prop_assert_eq!(
        d.counts.alphabeta.last().copied(),
        Some(visited),
        "alpha-beta's count at the full depth"
    );
    prop_assert_eq!(d.counts.minimax.last().copied(), Some(tree.len as u64));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn deepening_decides_as_alphabeta_on_random_positions(choices in prop::collection::vec(any::<u32>(), 0..60), depth in 1u8..=6, past in any::<bool>()) {
        let rule = if past { Pruning::PastBound } else { Pruning::OnTies };
        for &name in ALL {
            with_game!(name, &Settings::default(), |g| {
                let pos = playout(g, &choices);
                let g = &g.for_machine(g.to_move(&pos));
                deepening_decides_as_alphabeta(g, &pos, fitting_depth(g, &pos, depth, 20_000), rule)?;
            });
        }
    }

    #[test]
    fn deepening_decides_as_alphabeta_on_random_textbook_trees(shape in textbook_tree(4), past in any::<bool>()) {
        let rule = if past { Pruning::PastBound } else { Pruning::OnTies };
        let game = TextbookTree::default();
        let pos = game.parse_position(&shape).unwrap();
        deepening_decides_as_alphabeta(&game, &pos, game.default_depth(), rule)?;
    }
}

/// A textbook tree of at most `depth` levels, one to three children a node and
/// leaves from -3 to 3 (many ties), written as the tree game reads it.
fn textbook_tree(depth: u32) -> impl Strategy<Value = String> {
    let leaf = (-3i32..=3).prop_map(|v| v.to_string());
    leaf.prop_recursive(depth, 64, 3, |inner| {
        prop::collection::vec(inner, 1..=3).prop_map(|kids| format!("({})", kids.join(" ")))
    })
    .prop_map(|t| if t.starts_with('(') { t } else { format!("({t})") })
}

#[test]
fn the_last_iteration_searches_fewer_nodes_than_alphabeta_on_test4_after_ten() {
    let (d, _) = test4_after_ten_deepened_to_5();
    let last = d.last().unwrap();
    let plain = d.counts.alphabeta[4];
    eprintln!("test4 after ten, depth 5: deepening {} nodes, alpha-beta {plain}", last.nodes);
    assert!(last.nodes < plain, "deepening {} nodes, alpha-beta {plain}", last.nodes);
    assert!(last.table_cutoffs > 0, "checkers transposes within five plies");
    assert_eq!(d.iterations.len(), 5);
    for (k, it) in d.iterations.iter().enumerate() {
        let previous = if k == 0 { 1 } else { d.iterations[k - 1].nodes };
        assert!((it.branching - it.nodes as f64 / previous as f64).abs() < 1e-9);
        assert_eq!(d.counts.deepening[k], it.nodes);
    }
}

/// The figure: on the course's test4 position (replayed from its
/// input by the command line, as a teacher would), depth 7, the last iteration
/// of deepening with the table searches fewer nodes than plain alpha-beta in
/// the game's order, and decides the same.
#[test]
#[cfg_attr(not(has_course_fixtures), ignore = "needs the course fixtures: set GAMETREE_COURSE_FIXTURES")]
fn on_test4_at_depth_7_deepening_searches_fewer_nodes_than_alphabeta() {
    let input = crate::support::course_data("official").join("test4.txt");
    assert!(input.is_file(), "the course fixtures are missing: {}", input.display());
    let run = |search: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gametree"))
            .args(["analyse", "checkers", "--depth", "7", "--search", search, "--moves"])
            .arg(&input)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let field = |text: &str, key: &str| -> String {
        text.lines()
            .find_map(|l| l.strip_prefix(key))
            .unwrap_or_else(|| panic!("no {key} in\n{text}"))
            .to_string()
    };
    let plain = run("alphabeta");
    let deep = run("deepening");
    // "visited by ...: N (pruned M)"
    let visited = |text: &str, who: &str| -> u64 {
        field(text, &format!("visited by {who}: ")).split_whitespace().next().unwrap().parse().unwrap()
    };
    let (ab, id) = (visited(&plain, "alpha-beta"), visited(&deep, "the last iteration"));
    eprintln!("test4, depth 7: alpha-beta {ab} nodes, deepening's last iteration {id}");
    assert!(id < ab, "deepening {id} nodes, alpha-beta {ab}");
    assert_eq!(field(&plain, "decision: "), field(&deep, "decision: "));
    assert_eq!(field(&plain, "nodes: "), field(&deep, "nodes: "));
    // The table says the same of alpha-beta as alpha-beta's own run.
    assert!(deep.contains(&format!("alpha-beta in the game's order at depth 7: {ab} nodes")), "{deep}");
}

/// Over a tree too large to draw whole (test4 after ten at depth 5: 29,269
/// nodes), each iteration keeps what it searched, for the page to draw: every
/// node it visited while that is at most the cap, else its top levels and,
/// below them, its line of best play to its end with each line node's
/// visited children; each kept node's unsearched children counted, and
/// nothing of the whole tree's per-node record.
#[test]
fn over_the_drawing_limit_each_iteration_keeps_what_it_searched() {
    let (d, nodes) = test4_after_ten_deepened_to_5();
    assert!(nodes > gametree::export::small_tree::DRAWN_LIMIT);
    for it in &d.iterations {
        assert!(it.drawn.is_none(), "depth {}", it.depth);
        let s = it.searched.as_ref().unwrap_or_else(|| panic!("depth {}: nothing kept", it.depth));
        assert_eq!(s.visited as u64, it.nodes, "depth {}", it.depth);
        let top = s.nodes.iter().filter(|v| s.levels.is_none_or(|k| v.depth < k)).count();
        assert!(top <= gametree::export::deepening::SEARCHED_CAP, "depth {}", it.depth);
        assert_eq!(s.nodes[0].id, 0, "the root first");
        // The root's subtree counts every other visit.
        assert_eq!(s.nodes[0].below + 1, s.visited, "depth {}", it.depth);
        match s.levels {
            None => {
                assert_eq!(s.nodes.len(), s.visited, "depth {}", it.depth);
                let cut = s.nodes.iter().filter(|v| v.mark == deepening::Mark::Cutoff).count();
                let table = s.nodes.iter().filter(|v| v.mark == deepening::Mark::Table).count();
                assert_eq!(cut as u64, it.cutoffs, "depth {}", it.depth);
                assert_eq!(table as u64, it.table_cutoffs, "depth {}", it.depth);
                // Only a cut-off or a table answer leaves children unsearched.
                for v in &s.nodes {
                    assert_eq!(
                        v.unsearched > 0,
                        v.mark != deepening::Mark::None,
                        "depth {}: {v:?}",
                        it.depth
                    );
                }
            }
            Some(k) => {
                assert!(s.nodes.len() < s.visited, "depth {}", it.depth);
                assert!(k >= 2);
                // Below the levels kept, one node a depth has its children
                // kept, and its move is the line's, down to the line's end.
                let ids: std::collections::HashSet<u32> = s.nodes.iter().map(|v| v.id).collect();
                for depth in k - 1..it.depth {
                    let open: Vec<_> = s
                        .nodes
                        .iter()
                        .filter(|v| v.depth == depth && v.kids.iter().any(|c| ids.contains(c)))
                        .collect();
                    assert_eq!(open.len(), 1, "depth {}, at depth {depth}: {open:?}", it.depth);
                    let kept = s.nodes.iter().filter(|v| v.depth == depth + 1).count();
                    assert_eq!(kept, open[0].kids.len(), "depth {}, at depth {depth}", it.depth);
                }
                assert!(
                    s.nodes.iter().any(|v| v.depth == it.depth),
                    "depth {}: the line cut short",
                    it.depth
                );
            }
        }
    }
    // The last iteration visits 593 nodes: over the cap, drawn to its top levels.
    assert!(d.last().unwrap().searched.as_ref().unwrap().levels.is_some());
}

/// Deepening to depth 5 from test4's position after its ten input actions
/// (29,269 nodes, over the drawing limit), the machine to move; and the
/// tree's size.
fn test4_after_ten_deepened_to_5() -> (deepening::Deepened, usize) {
    let game = Checkers;
    let pos = game.parse_position(TEST4_AFTER_TEN).unwrap();
    let game = &game.for_machine(game.to_move(&pos));
    let mut arena = TreeArena::new();
    let tree = Tree::build(&mut arena, game, pos, 5, &Limits::default()).unwrap();
    // What the page keeps of a tree this size.
    let keep = gametree::export::deepening::keep(tree.len);
    (deepening::run(game, &tree, Pruning::OnTies, keep).0, tree.len)
}
