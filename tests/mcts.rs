//! Monte Carlo tree search: tactical positions checked against alpha-beta,
//! convergence to the exact value, the visit counts, the solver against
//! alpha-beta, repeatability, the node budget, and the exports.

use std::process::Command;

use gametree::export::mcts::json;
use gametree::game::prelude::*;
use gametree::game::{Outcome, Player};
use gametree::games::ataxx::Ataxx;
use gametree::games::gomoku::Gomoku;
use gametree::games::tictactoe::TicTacToe;
use gametree::search::alphabeta::{self, Search};
use gametree::search::mcts::{self, Budget, End, Event, Rollout, Searched, Settings};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");

fn iterations(n: u32) -> Settings {
    Settings { budget: Budget::Iterations(n), ..Settings::default() }
}

fn decision<G: Game>(game: &G, searched: &Searched<G>) -> String {
    let (id, _) = searched.decision().expect("the side to move can act");
    game.format_action(searched.tree.node(id).action.unwrap())
}

/// Alpha-beta's choice to `depth`, and its value.
fn alphabeta_choice<G: Game>(game: &G, pos: &G::Position, depth: u8) -> (String, i32) {
    let game = &game.for_machine(game.to_move(pos));
    let c = alphabeta::search(game, pos, &Search::to(depth)).unwrap().choice;
    (game.format_action(c.action.unwrap()), c.value)
}

fn mcts_choice<G: Game>(game: &G, pos: &G::Position, settings: &Settings) -> String {
    let game = &game.for_machine(game.to_move(pos));
    decision(game, &mcts::search(game, pos, settings, &mut ()))
}

#[test]
fn tictactoe_takes_the_win_and_blocks_the_line_as_alpha_beta_does() {
    let game = TicTacToe;
    for (text, expected) in [("xx.oo.... x", "c1"), ("x...xo... o", "c3")] {
        let pos = game.parse_position(text).unwrap();
        let (best, value) = alphabeta_choice(&game, &pos, 9);
        assert_eq!(best, expected, "{text}: alpha-beta");
        if text.ends_with('x') {
            assert!(game.is_decided(value) && value > 0, "{text}: c1 wins at once");
        }
        for seed in 1..=3 {
            let settings = Settings { seed, ..iterations(20_000) };
            assert_eq!(mcts_choice(&game, &pos, &settings), best, "{text} seed {seed}");
        }
    }
}

#[test]
fn ataxx_takes_the_capture_alpha_beta_takes() {
    let game = Ataxx;
    // x on c4 can clone to d4 next to three o stones.
    let pos = game.parse_position("7/7/4o2/2x1o2/4o2/7/o6 x").unwrap();
    let (best, _) = alphabeta_choice(&game, &pos, 3);
    let mut actions = Vec::new();
    game.actions(&pos, &mut actions);
    let action = *actions.iter().find(|&&a| game.format_action(a) == best).unwrap();
    let o_stones = |p: &<Ataxx as Rules>::Position| {
        game.format_position(p).split(' ').next().unwrap().matches('o').count()
    };
    assert_eq!(o_stones(&game.apply(&pos, action)), o_stones(&pos) - 3, "alpha-beta's move captures three");
    assert_eq!(mcts_choice(&game, &pos, &iterations(3_000)), best);
}

#[test]
fn gomoku_blocks_the_four_alpha_beta_blocks() {
    let game = Gomoku::default();
    // x has d8-g8, o holds c8: o must take h8.
    let pos = game.parse_position("15/15/15/15/15/15/15/2oxxxx8/15/15/15/15/15/15/oo13 o").unwrap();
    let (best, _) = alphabeta_choice(&game, &pos, 4);
    // After o's move x has no five at once; after any other, x has.
    let mut actions = Vec::new();
    game.actions(&pos, &mut actions);
    for &a in &actions {
        let after = game.apply(&pos, a);
        let mut replies = Vec::new();
        game.actions(&after, &mut replies);
        let x_wins = replies.iter().any(|&r| !game.has_actions(&game.apply(&after, r)));
        assert_eq!(x_wins, game.format_action(a) != best, "{}", game.format_action(a));
    }
    for rollout in [Rollout::Random, Rollout::Heuristic] {
        assert_eq!(mcts_choice(&game, &pos, &Settings { rollout, ..iterations(2_000) }), best, "{rollout:?}");
    }
}

/// The exact value of the empty board, from alpha-beta to the end, as a reward.
fn exact_reward_of_the_start() -> f64 {
    let game = TicTacToe;
    let (_, value) = alphabeta_choice(&game, &game.start(), 9);
    match value {
        0 => 0.5,
        v if v > 0 => 1.0,
        _ => 0.0,
    }
}

#[test]
fn the_root_value_converges_towards_the_exact_draw() {
    let exact = exact_reward_of_the_start();
    let game = TicTacToe;
    for seed in 1..=2 {
        let error = |n: u32| {
            let s = mcts::search(&game, &game.start(), &Settings { seed, ..iterations(n) }, &mut ());
            (s.tree.node(0).mean() - exact).abs()
        };
        let (few, many) = (error(300), error(300_000));
        assert!(many < few, "seed {seed}: {few} at 300 iterations, {many} at 300,000");
        assert!(many < 0.05, "seed {seed}: {many} from the exact value at 300,000 iterations");
    }
}

/// Root visits are the iterations; a node not over (nor proven, with the
/// solver: iterations that reach it stop there) has 1 plus its children's
/// visits; ids are expansion order.
fn check_visits<G: Game>(searched: &Searched<G>) {
    let tree = &searched.tree;
    assert_eq!(tree.node(0).visits(), searched.iterations);
    let mut last_created = 0;
    for id in 0..tree.len() as u32 {
        let n = tree.node(id);
        let below: u32 = tree.children(id).map(|c| tree.node(c).visits()).sum();
        if id == 0 {
            assert_eq!(n.visits(), below.max(u32::from(n.is_terminal()) * n.visits()));
        } else if !n.is_terminal() && (n.proven().is_none() || !searched.settings.solver) {
            assert_eq!(n.visits(), 1 + below, "node {id}");
        } else if !n.is_terminal() {
            assert!(n.visits() > below, "node {id}");
        } else {
            assert!(n.visits() >= 1 && below == 0, "node {id}");
        }
        assert!(n.created() >= last_created, "ids are expansion order");
        last_created = n.created();
        if let Some(p) = tree.parent(id) {
            assert!(p < id);
            assert_eq!(n.depth(), tree.node(p).depth() + 1);
        }
    }
}

#[test]
fn visits_add_up_in_every_game_and_setting() {
    let game = TicTacToe;
    for solver in [false, true] {
        for n in [1, 9, 10, 1000, 30_000] {
            let searched = mcts::search(&game, &game.start(), &Settings { solver, ..iterations(n) }, &mut ());
            check_visits(&searched);
            if searched.end == End::Finished {
                assert_eq!(searched.iterations, n);
            }
        }
    }
    let ataxx = Ataxx;
    check_visits(&mcts::search(&ataxx, &ataxx.start(), &iterations(300), &mut ()));
    let gomoku = Gomoku::default();
    let s = Settings { rollout: Rollout::Heuristic, ..iterations(100) };
    check_visits(&mcts::search(&gomoku, &gomoku.start(), &s, &mut ()));
}

/// Every proven node's result is alpha-beta's to the end of the game.
#[test]
fn the_solver_proves_what_alpha_beta_finds() {
    let game = TicTacToe;
    let settings = Settings { solver: true, ..iterations(40_000) };
    let searched = mcts::search(&game, &game.start(), &settings, &mut ());
    let tree = &searched.tree;
    let mut proven = 0;
    for (i, n) in tree.nodes().iter().enumerate() {
        let Some(result) = n.proven() else { continue };
        proven += 1;
        let pos = n.position(&game);
        let value = if game.has_actions(&pos) {
            alphabeta::search(&game, &pos, &Search::to(9)).unwrap().choice.value
        } else {
            game.terminal_cost(&pos)
        };
        let for_first = match value.signum() {
            1 => Outcome::Win,
            -1 => Outcome::Loss,
            _ => Outcome::Draw,
        };
        let expected = match (n.scored_for(), for_first) {
            (Player::First, o) | (Player::Second, o @ Outcome::Draw) => o,
            (Player::Second, Outcome::Win) => Outcome::Loss,
            (Player::Second, Outcome::Loss) => Outcome::Win,
        };
        assert_eq!(result, expected, "node {i}");
    }
    assert!(proven > 1000, "{proven} nodes proven");
    let pos = game.parse_position("xx.oo.... x").unwrap();
    let s = mcts::search(&game, &pos, &settings, &mut ());
    assert_eq!(s.end, End::Proven);
    assert_eq!(s.tree.node(0).proven(), Some(Outcome::Win));
    assert_eq!(decision(&game, &s), "c1");
    assert_eq!(s.decision().unwrap().1, mcts::Because::ProvenWin);
}

fn json_bytes(settings: &Settings) -> Vec<u8> {
    let game = TicTacToe;
    let searched = mcts::search(&game, &game.start(), settings, &mut ());
    let mut out = Vec::new();
    json::write_tree(&mut out, &game, &searched, None).unwrap();
    out
}

#[test]
fn the_same_seed_gives_the_same_bytes_and_another_seed_others() {
    let one = iterations(5_000);
    assert_eq!(json_bytes(&one), json_bytes(&one));
    assert_ne!(json_bytes(&one), json_bytes(&Settings { seed: 2, ..one }));
    let run = |seed: &str| {
        let out = Command::new(BIN)
            .args(["analyse", "tictactoe", "--search", "mcts", "--iterations", "3000", "--seed", seed])
            .args(["--json", "-"])
            .output()
            .unwrap();
        assert!(out.status.success());
        out.stdout
    };
    assert_eq!(run("7"), run("7"));
    assert_ne!(run("7"), run("8"));
}

#[test]
fn the_node_budget_stops_growth_cleanly_and_says_so() {
    let game = TicTacToe;
    let settings = Settings { max_nodes: 100, ..iterations(10_000) };
    let searched = mcts::search(&game, &game.start(), &settings, &mut ());
    assert_eq!(searched.end, End::Budget);
    assert_eq!(searched.tree.len(), 100);
    assert!(searched.iterations >= 99 && searched.iterations < 10_000);
    check_visits(&searched);
    let out = Command::new(BIN)
        .args(["analyse", "tictactoe", "--search", "mcts", "--max-nodes", "100"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let (stdout, stderr) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
    assert!(stdout.contains("stopped: the tree reached --max-nodes 100 after"), "{stdout}");
    assert!(stdout.contains("nodes: 100 "), "{stdout}");
    assert!(stderr.contains("--max-nodes 100"), "{stderr}");
}

#[test]
fn the_summary_names_the_rule_and_prints_the_root_childrens_terms() {
    let out = Command::new(BIN)
        .args([
            "analyse",
            "tictactoe",
            "--search",
            "mcts",
            "--position",
            "xx.oo.... x",
            "--iterations",
            "500",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("decision: c1 (the most-visited root child)"), "{text}");
    assert!(text.contains("iterations: 500 (the root's visits)"), "{text}");
    // One row per root child (five empty cells), whose N add up to the iterations.
    let rows: Vec<&str> = text.lines().skip_while(|l| !l.starts_with("action")).skip(1).take(5).collect();
    let visits: u32 = rows.iter().map(|r| r.split_whitespace().nth(1).unwrap().parse::<u32>().unwrap()).sum();
    assert_eq!(visits, 500);
    for row in rows {
        let f: Vec<f64> = row.split_whitespace().skip(3).take(3).map(|x| x.parse().unwrap()).collect();
        assert!((f[0] + f[1] - f[2]).abs() < 2e-4, "UCB = Q + explore: {row}");
    }
}

#[test]
fn options_of_mcts_are_refused_with_another_search_and_bad_values() {
    for args in [
        &["analyse", "tictactoe", "--iterations", "10"][..],
        &["best", "tictactoe", "--seed", "3"],
        &["analyse", "tictactoe", "--search", "mcts", "--uct-c", "-1"],
        &["analyse", "tictactoe", "--search", "mcts", "--uct-c", "nan"],
        &["analyse", "tictactoe", "--search", "mcts", "--iterations", "0"],
        &["analyse", "tictactoe", "--search", "mcts", "--iterations", "5", "--think", "5"],
        &["analyse", "tictactoe", "--search", "mcts", "--efg", "-"],
        &["analyse", "tictactoe", "--search", "mcts", "--depth", "3"],
        &["analyse", "tictactoe", "--search", "mcts", "--trace", "-", "--iterations", "100001"],
        &["analyse", "tictactoe", "--search", "mcts", "--html", "-", "--iterations", "100001"],
        &["analyse", "tictactoe", "--search", "mcts", "--html", "-", "--think", "10"],
    ] {
        let out = Command::new(BIN).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(!stderr.is_empty() && !stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn best_prints_the_decision_and_its_q() {
    let out = Command::new(BIN)
        .args(["best", "tictactoe", "--search", "mcts", "--position", "xx.oo.... x", "--iterations", "2000"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let (action, q) = text.trim().split_once(' ').unwrap();
    assert_eq!(action, "c1");
    assert!((0.0..=1.0).contains(&q.parse::<f64>().unwrap()));
}

/// The trace has the four phases of every iteration, and replaying its
/// backups gives the tree's visits and rewards.
#[test]
fn the_trace_replays_to_the_tree() {
    let game = TicTacToe;
    let mut events = Vec::new();
    let searched =
        mcts::search(&game, &game.start(), &Settings { solver: true, ..iterations(400) }, &mut events);
    let kinds: Vec<&str> = events.iter().map(Event::kind).collect();
    let phases = ["select", "expand", "simulate", "backup"];
    let mut visits = vec![(0u32, 0u32); searched.tree.len()];
    let mut iteration = 0;
    let mut i = 0;
    while i < kinds.len() {
        iteration += 1;
        assert_eq!(kinds[i], "select", "iteration {iteration}");
        let expanded = kinds[i + 1] == "expand";
        let want: Vec<&str> = phases.iter().copied().filter(|&k| expanded || k != "expand").collect();
        assert_eq!(&kinds[i..i + want.len()], &want[..], "iteration {iteration}");
        i += want.len();
        let Event::Backup { path, .. } = &events[i - 1] else { unreachable!() };
        for &(node, v, h) in path {
            visits[node as usize] = (v, h);
        }
    }
    assert_eq!(iteration, searched.iterations);
    for (id, n) in searched.tree.nodes().iter().enumerate() {
        assert_eq!(visits[id], (n.visits(), n.half_points()), "node {id}");
    }
    let out = Command::new(BIN)
        .args(["analyse", "tictactoe", "--search", "mcts", "--iterations", "50", "--trace", "-"])
        .output()
        .unwrap();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["search"], "mcts");
    assert!(doc["settings"].as_str().unwrap().contains("50 iterations"));
    assert_eq!(doc["events"].as_array().unwrap().len(), doc["event_count"].as_u64().unwrap() as usize);
}

/// The JSON has the schema's keys for an MCTS tree, and says what it is.
#[test]
fn the_json_fits_the_schemas_mcts_node_and_says_it_is_mcts() {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/tree.schema.json")).unwrap(),
    )
    .unwrap();
    let keys = |o: &Value| {
        let mut k: Vec<String> = o.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    let listed = |a: &Value| {
        let mut k: Vec<String> =
            a.as_array().unwrap().iter().map(|k| k.as_str().unwrap().to_string()).collect();
        k.sort();
        k
    };
    let out = Command::new(BIN)
        .args(["analyse", "ataxx", "--search", "mcts", "--iterations", "200", "--json", "-"])
        .output()
        .unwrap();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(keys(&doc), listed(&schema["required"]));
    assert_eq!(keys(&doc["mcts"]), listed(&schema["$defs"]["mcts_settings"]["required"]));
    assert_eq!(doc["mcts"]["compare"], Value::Null, "no --compare, no comparison");
    assert_eq!(doc["search"], "mcts");
    assert_eq!(doc["mcts"]["iterations"], 200);
    let nodes = doc["nodes"].as_array().unwrap();
    assert_eq!(nodes[0]["visits"], 200);
    for n in nodes {
        assert_eq!(keys(n), listed(&schema["$defs"]["mcts_node"]["required"]));
    }
}

#[test]
fn the_dot_export_says_it_is_mcts_and_renders() {
    let out = Command::new(BIN)
        .args(["analyse", "tictactoe", "--search", "mcts", "--iterations", "60", "--dot", "-"])
        .output()
        .unwrap();
    let dot = String::from_utf8(out.stdout).unwrap();
    assert!(dot.contains("MCTS tree: tictactoe") && dot.contains("60 iterations"), "{dot}");
    assert_eq!(dot.matches(" -> ").count(), 60, "one edge per node but the root");
    assert!(dot.contains("penwidth="));
}

#[test]
#[cfg_attr(not(has_dot), ignore = "needs Graphviz dot")]
fn the_dot_export_renders_with_graphviz_without_warnings() {
    use std::io::Write;
    let out = Command::new(BIN)
        .args(["analyse", "tictactoe", "--search", "mcts", "--iterations", "60", "--solver", "--dot", "-"])
        .output()
        .unwrap();
    let mut dot = Command::new("dot")
        .args(["-Tsvg", "-o", "/dev/null"])
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("Graphviz dot");
    dot.stdin.take().unwrap().write_all(&out.stdout).unwrap();
    let done = dot.wait_with_output().unwrap();
    assert!(done.status.success());
    assert_eq!(String::from_utf8(done.stderr).unwrap(), "");
}

/// `--compare` puts alpha-beta's figures and the exact result into the JSON,
/// with the schema's keys; tic-tac-toe from the empty board is a draw (a fact
/// of the game, not of our output), so alpha-beta's value is 0 there.
#[test]
fn the_json_carries_the_compare_figures() {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/tree.schema.json")).unwrap(),
    )
    .unwrap();
    let out = Command::new(BIN)
        .args([
            "analyse",
            "tictactoe",
            "--search",
            "mcts",
            "--iterations",
            "3000",
            "--compare",
            "--json",
            "-",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let c = &doc["mcts"]["compare"];
    let mut keys: Vec<&String> = c.as_object().unwrap().keys().collect();
    keys.sort();
    let mut listed: Vec<&str> = schema["$defs"]["mcts_compare"]["required"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap())
        .collect();
    listed.sort();
    assert_eq!(keys, listed);
    assert_eq!(c["alphabeta_value"], 0);
    assert_eq!(c["alphabeta_depth"], 9);
    assert_eq!(c["exact"]["result"], "draw");
    assert_eq!(c["exact"]["reward"], 0.5);
    assert_eq!(c["mcts_nodes"], doc["node_count"]);
    assert_eq!(c["mcts_decision"], doc["decision"]["action"]);
    assert_eq!(c["mcts_value"], doc["mcts"]["root_value"]);
    assert!(c["alphabeta_nodes"].as_u64().unwrap() > 0);
    let agree = c["alphabeta_decision"] == c["mcts_decision"];
    assert_eq!(c["agree"], agree);
}
