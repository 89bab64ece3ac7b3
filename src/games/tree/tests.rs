use super::*;

fn game() -> TextbookTree {
    TextbookTree::default()
}

/// A position read by a game kept for the test run (a position is good as
/// long as the game that read it).
fn pos(text: &str) -> Position {
    let g: &'static TextbookTree = Box::leak(Box::new(game()));
    g.parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn error(text: &str) -> String {
    game().parse_position(text).expect_err(text).0
}

#[test]
fn aima_5_2_reads_with_max_at_the_root_and_three_min_children() {
    let g = game();
    let p = pos("((3 12 8) (2 4 6) (14 5 2))");
    assert_eq!(g.to_move(&p), Player::First);
    let mut actions = Vec::new();
    g.actions(&p, &mut actions);
    let names: Vec<_> = actions.iter().map(|&a| g.format_action(a)).collect();
    assert_eq!(names, ["1", "2", "3"]);
    let b = g.apply(&p, actions[0]);
    assert_eq!(g.to_move(&b), Player::Second);
    assert_eq!(g.format_position(&b), "(3 12 8) min");
    assert_eq!(p.node.height, 2);
    // Minimax by hand: min(3,12,8)=3, min(2,4,6)=2, min(14,5,2)=2, max 3.
    assert_eq!(g.heuristic(&p), 3);
    assert_eq!(g.default_depth(), 2);
}

#[test]
fn labels_name_the_actions_and_survive_a_round_trip() {
    let g = game();
    let p = pos(AIMA_5_2);
    let mut actions = Vec::new();
    g.actions(&p, &mut actions);
    assert_eq!(actions.iter().map(|&a| g.format_action(a)).collect::<Vec<_>>(), ["B", "C", "D"]);
    assert_eq!(g.parse_action(&p, "c").map(|a| g.format_action(a)), Ok("C".to_string()));
    assert_eq!(g.format_position(&p), AIMA_5_2);
    // A position is its subtree: read again, from its own text, it is equal.
    let again = pos(&g.format_position(&p));
    assert_eq!(again, p);
    let d = g.apply(&p, actions[2]);
    assert_eq!(pos(&g.format_position(&d)), d);
}

#[test]
fn a_trailing_min_puts_min_at_the_root() {
    let g = game();
    let p = pos("((3 12) (2 4)) min");
    assert_eq!(g.to_move(&p), Player::Second);
    assert_eq!(g.heuristic(&p), 4, "min(max(3,12), max(2,4))");
    assert_eq!(g.format_position(&p), "((3 12) (2 4)) min");
}

#[test]
fn uneven_depth_and_branching_are_allowed() {
    let g = game();
    let p = pos("(5 (1 (7 -2)) ((3)))");
    assert_eq!(p.node.height, 3);
    assert_eq!(p.node.children.len(), 3);
    // max(5, min(1, max(7,-2)), min(max(3))) = max(5, 1, 3)
    assert_eq!(g.heuristic(&p), 5);
    assert!(!g.has_actions(&g.apply(&p, Edge::to(&p.node.children[0]))));
}

#[test]
fn equal_subtrees_are_equal_positions_and_hash_alike() {
    use std::collections::HashSet;
    let p = pos("((1 2) (1 2) (2 1))");
    let kids = p.node.children;
    let g = game();
    let a = g.apply(&p, Edge::to(&kids[0]));
    let b = g.apply(&p, Edge::to(&kids[1]));
    let c = g.apply(&p, Edge::to(&kids[2]));
    assert_eq!(a, b);
    assert_ne!(a, c);
    let set: HashSet<_> = [a, b, c].into_iter().collect();
    assert_eq!(set.len(), 2);
    assert_ne!(Edge::to(&kids[0]), Edge::to(&kids[1]), "each child has its own action");
}

#[test]
fn packing_keeps_the_node() {
    let g = game();
    let p = pos(AIMA_5_2);
    assert_eq!(g.unpack(&g.pack(&p), g.to_move(&p)), p);
    assert_eq!(std::mem::size_of::<Packed>(), 8);
}

#[test]
fn errors_say_the_column_and_what_is_wrong() {
    for (text, expected) in [
        ("", "column 1: the tree is empty"),
        ("((3 12) (2 4)", "column 1: this ( is never closed"),
        ("((3 12) (2 4)))", "column 15: this ) closes nothing"),
        ("((3 12) ())", "column 9: () is empty"),
        ("((3 x) (2))", "column 5: \"x\" is not a number"),
        ("((3 1.5))", "column 6: a number must be followed"),
        ("((3 12) (2 4)) foo", "column 16: only `min` or `max`"),
        ("((3 12) (2 4)) min 3", "column 20: text after the tree"),
        ("(3 4000000000)", "column 4: 4000000000 is out of range"),
        ("(A:3 a:4)", "column 1: two children here are named \"a\""),
        ("(A: )", "column 2: the label \"A\" names no node"),
        ("(3 {)", "column 4: unexpected '{'"),
        ("(3\n (4 ?))", "line 2, column 5: unexpected '?'"),
    ] {
        let e = error(text);
        assert!(e.starts_with(expected), "{text:?}: {e}");
        assert!(!e.contains('\n'), "one line: {e}");
    }
}

#[test]
fn comments_and_new_lines_are_blank() {
    let p = pos("# AIMA Figure 5.2\n(\n  (3 12 8)  # B\n  (2 4 6)\n  (14 5 2)\n)\n");
    assert_eq!(game().format_position(&p), "((3 12 8) (2 4 6) (14 5 2))");
}

#[test]
fn deep_nesting_is_refused_at_the_level_past_the_limit_without_recursion() {
    let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
    let e = error(&deep);
    assert!(
        e.starts_with(&format!("column {}: the tree is more than 64 levels deep", MAX_HEIGHT + 1)),
        "{e}"
    );
    let ok = format!("{}1{}", "(".repeat(MAX_HEIGHT), ")".repeat(MAX_HEIGHT));
    let p = pos(&ok);
    assert_eq!(usize::from(p.node.height), MAX_HEIGHT);
    assert_eq!(game().format_position(&p), ok);
    assert_eq!(pos(&ok), p);
}

#[test]
fn a_leaf_ends_the_game_with_its_value_from_the_movers_side() {
    let g = game();
    let p = pos("(3 -2 0)");
    let outcomes: Vec<_> =
        p.node.children.iter().map(|c| g.terminal_outcome(&g.apply(&p, Edge::to(c)))).collect();
    // MIN moves at the leaves: 3 favours MAX, so MIN has lost.
    assert_eq!(outcomes, [Outcome::Loss, Outcome::Win, Outcome::Draw]);
}

#[test]
fn a_tree_file_is_read_with_an_at_sign() {
    let dir = std::env::temp_dir().join(format!("gametree-tree-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.txt");
    std::fs::write(&file, "((1 2)\n (3 4)) min\n").unwrap();
    let p = pos(&format!("@{}", file.display()));
    assert_eq!(p.to_move, Player::Second);
    let e = error(&format!("@{}", dir.join("absent.txt").display()));
    assert!(e.starts_with("cannot read"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A game's trees are kept with it; past the limit a read is refused in
/// words, and the refused bytes are not counted (the next tree within it
/// still reads).
#[test]
fn the_bytes_kept_for_trees_are_bounded() {
    let g = game();
    let past = g.kept.keep(parse::MAX_KEPT_BYTES + 1).unwrap_err();
    assert!(past.contains("MiB, their limit") && past.contains("64 MiB always fits"), "{past}");
    g.parse_position("((1 2) (3 4))").unwrap();
    let one = g.kept_bytes();
    assert!(one > 0);
    // A refused tree gives its bytes back.
    g.parse_position("((1 2) (3 4)").unwrap_err();
    assert_eq!(g.kept_bytes(), one);
}

/// What a game reads is its own: another game, or the same tree read by a
/// new one, starts from nothing, and the nodes go with the game.
#[test]
fn a_games_trees_are_its_own_and_its_clones() {
    let g = game();
    g.parse_position("((1 2) (3 4))").unwrap();
    let clone = g.clone();
    clone.parse_position("((5 6) (7 8))").unwrap();
    assert_eq!(g.kept_bytes(), clone.kept_bytes());
    assert_eq!(game().kept_bytes(), 0);
    let kept = std::sync::Arc::downgrade(&g.kept);
    drop((g, clone));
    assert!(kept.upgrade().is_none(), "the trees are freed with the last clone");
}

#[test]
fn the_start_trees_height_is_known_without_reading_it() {
    assert_eq!(start_tree().root.height, AIMA_5_2_HEIGHT);
}
