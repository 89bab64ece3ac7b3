//! `play`, `analyse`, `best`, `solve` and `rules` through the binary, for every game.

use crate::support;

use std::io::Write;
use std::process::{Command, Stdio};

use support::{run, same_twice, text};

use serde_json::Value;

#[test]
fn two_humans_play_tictactoe_to_a_win() {
    let args = ["play", "tictactoe", "--first", "human", "--second", "human", "--ascii"];
    let out = run(&args, "a1\nb1\na2\nb2\na3\n");
    assert_eq!(out.status.code(), Some(0));
    let s = text(&out.stdout);
    assert!(s.contains("game over: x wins: three in a row\n"), "{s}");
    assert!(s.contains("\n 1 | x | o | . |\n"), "the board is drawn with coordinates: {s}");
    assert!(s.contains("\n 3 |[x]| . | . |\n"), "the last mark in brackets: {s}");
}

#[test]
fn undo_takes_back_the_move_and_the_machines_reply() {
    let out = run(&["play", "tictactoe"], "b2\nundo\nmoves\nquit\n");
    assert_eq!(out.status.code(), Some(0));
    let s = text(&out.stdout);
    assert!(s.contains("o plays "), "{s}");
    assert!(s.contains("legal: a1 b1 c1 a2 b2 c2 a3 b3 c3"), "after undo the board is empty again: {s}");
    let out = run(&["play", "tictactoe"], "undo\nquit\n");
    assert!(text(&out.stdout).contains("nothing to undo"));
}

#[test]
fn an_illegal_scripted_action_names_its_line() {
    let out = run(&["play", "tictactoe", "--second", "human"], "b2\n\nb2\n");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert_eq!(err, "gametree: <stdin>:3: b2 is taken\n", "one line: what is wrong, no list");
}

#[test]
fn machine_against_machine_is_reproducible_and_reports_its_work() {
    let ttt = run(&["play", "tictactoe", "--first", "machine", "--second", "machine"], "");
    assert!(text(&ttt.stdout).contains("game over: a draw (the board is full)\n"));
    let s = same_twice(&[
        "play",
        "niujiao",
        "--first",
        "machine",
        "--second",
        "machine",
        "--seed",
        "7",
        "--depth",
        "6",
        "--verbose",
    ]);
    assert!(s.contains("positions examined"), "{s}");
    assert!(s.contains("game over: "), "{s}");
    let checkers =
        run(&["play", "checkers", "--first", "machine", "--second", "machine", "--depth", "2"], "");
    assert!(text(&checkers.stdout).contains("game over: ") || text(&checkers.stdout).contains("stopped"));
}

#[test]
fn best_prints_move_and_value() {
    let out = run(&["best", "tictactoe", "--position", "xx.oo.... x"], "");
    assert_eq!(text(&out.stdout), "c1 1004\n");
    let out = run(&["best", "tictactoe", "--position", "xx.oo.... o", "--search", "minimax"], "");
    assert_eq!(text(&out.stdout), "c2 -1004\n");
    let pos = "......../......../......../......../......../B.w...../.w....../..b..... b";
    for search in ["minimax", "alphabeta"] {
        let out = run(&["best", "checkers", "--position", pos, "--search", search], "");
        assert_eq!(text(&out.stdout), "A6-B5 1\n", "{search}");
    }
}

#[test]
fn solve_reports_wins_losses_and_draws() {
    assert_eq!(text(&run(&["solve", "tictactoe"], "").stdout), "draw\n");
    assert_eq!(text(&run(&["solve", "tictactoe", "--position", "xx.oo.... x"], "").stdout), "win in 1\n");
    assert_eq!(text(&run(&["solve", "tictactoe", "--position", "x...o...x o"], "").stdout), "draw\n");
    assert_eq!(text(&run(&["solve", "niujiao"], "").stdout), "draw\n");
    assert_eq!(text(&run(&["solve", "niujiao", "--position", ".b.b.r.... r"], "").stdout), "win in 3\n");
    assert_eq!(text(&run(&["solve", "niujiao", "--position", "rbb....... r"], "").stdout), "loss in 0\n");
    let out = run(&["solve", "checkers", "--max-positions", "10000"], "");
    assert_eq!(out.status.code(), Some(3));
    assert!(text(&out.stderr).contains("more than 10000 positions"));
}

#[test]
fn rules_are_printed_for_every_game() {
    for g in gametree::games::ALL {
        let out = run(&["rules", g.as_str()], "");
        assert!(out.status.success(), "{g}");
        assert_eq!(text(&out.stdout), g.entry().rules, "{g}");
    }
    let out = run(&["rules", "chess"], "");
    assert_eq!(out.status.code(), Some(2));
}

fn render(dot: &[u8]) {
    let mut child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(dot).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(text(&out.stderr), "", "Graphviz warned");
}

#[test]
fn every_game_analyses_and_draws_with_alphabeta_cuts_visible() {
    for game in gametree::games::ALL.iter().map(|g| g.as_str()) {
        // Deep enough for a cut-off (Gomoku's first ply has one move), small
        // enough for Graphviz to draw quickly (Ataxx's trees grow fastest).
        let depth = match game {
            "niujiao" => "6",
            "ataxx" => "2",
            _ => "3",
        };
        for search in ["minimax", "alphabeta"] {
            let args = ["analyse", game, "--depth", depth, "--search", search];
            let json = run(&[&args[..], &["--json", "-"]].concat(), "");
            assert!(json.status.success(), "{game} {search}: {}", text(&json.stderr));
            let doc: Value = serde_json::from_slice(&json.stdout).unwrap();
            assert_eq!(doc["game"], game);
            assert_eq!(doc["search"], search);
            let nodes = doc["nodes"].as_array().unwrap();
            let pruned = nodes.iter().filter(|n| n["pruned"] == true).count();
            let dot = run(&[&args[..], &["--dot", "-"]].concat(), "");
            let dashed = text(&dot.stdout).matches("style=\"dashed\"").count();
            if search == "alphabeta" {
                assert!(pruned > 0, "{game}: alpha-beta prunes something");
                assert!(nodes.iter().filter(|n| n["pruned"] == true).all(|n| n["value"].is_null()));
                assert!(
                    nodes
                        .iter()
                        .filter(|n| n["pruned"] == false)
                        .all(|n| (n["alpha"].is_i64() || n["alpha"] == "-∞")
                            && (n["beta"].is_i64() || n["beta"] == "+∞"))
                );
                assert!(nodes.iter().any(|n| n["cutoff"].is_string()));
                assert_eq!(dashed, pruned, "{game}: one dashed edge per pruned node");
            } else {
                assert_eq!(pruned, 0);
                assert_eq!(dashed, 0);
            }
            // The minimax and alpha-beta decisions agree.
            let summary = text(&run(&args, "").stdout);
            assert!(summary.contains(&format!("decision: {} ", doc["decision"]["action"].as_str().unwrap())));
        }
    }
}

#[test]
#[cfg_attr(not(has_dot), ignore = "needs Graphviz's dot")]
fn every_games_drawing_renders_with_graphviz_without_warnings() {
    support::require_graphviz();
    for (game, depth) in
        [("checkers", "3"), ("tictactoe", "3"), ("niujiao", "6"), ("ataxx", "2"), ("gomoku", "2")]
    {
        for search in ["minimax", "alphabeta"] {
            let dot = run(&["analyse", game, "--depth", depth, "--search", search, "--dot", "-"], "");
            assert!(dot.status.success(), "{game} {search}");
            render(&dot.stdout);
        }
    }
}

/// A finished game stays open: the result is told in words, never under a
/// "to move" line; then undo, save (with the sides and level), replay, new and
/// quit are read from the script, and the end of input ends the program.
#[test]
fn a_finished_game_offers_undo_save_replay_new_and_quit() {
    let dir = crate::support::Scratch::new("after");
    let file = dir.join("won.save");
    let script =
        format!("a1\na2\nb1\nb2\nc1\nsave {}\nreplay\nUNDO\nc1\nnew\nb2\nresign\nundo\nQ\n", file.display());
    let out = run(&["play", "tictactoe", "--first", "human", "--second", "human", "--level", "hard"], script);
    let s = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // Won, then undone and won again.
    assert_eq!(s.matches("game over: x wins: three in a row").count(), 2, "{s}");
    assert!(!s.contains("o to move\ngame over"), "{s}");
    let board_then_result = s.split("game over: x wins").next().unwrap();
    assert!(!board_then_result.trim_end().ends_with("to move"), "{s}");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("first human\nsecond human\nlevel hard\n"), "{saved}");
    assert!(s.contains("move 3: x plays c1") && s.contains("end: x wins: three in a row"), "{s}");
    assert!(s.contains("a new game"), "{s}");
    assert!(s.contains("game over: o resigns: x wins"), "{s}");
    // Resuming the saved game needs no options: it is over, and says so.
    let again = run(&["play", "tictactoe", "--resume", file.to_str().unwrap()], "");
    assert!(text(&again.stdout).contains("game over: x wins: three in a row"));
    // The end of input after a finished game ends the program quietly.
    assert_eq!(again.status.code(), Some(0));
}

/// `gametree play` with no game, from a script: told in one line to name
/// one, with the list of games.
#[test]
fn play_without_a_game_from_a_script_names_the_games() {
    let out = run(&["play"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    for g in gametree::games::ALL {
        assert!(err.contains(g.as_str()), "{g} in {err}");
    }
}

/// A resignation and an agreed draw are not in the moves: the save says how
/// the game ended, so that resuming it, replaying it and the start menu's
/// "continue" (which offers only games worth continuing) all see it over.
#[test]
fn a_resigned_or_agreed_game_is_saved_as_over() {
    let dir = crate::support::Scratch::new("ended");
    let two = ["play", "tictactoe", "--first", "human", "--second", "human"];
    for (moves, ended, said) in [
        (
            "a1
resign
",
            "ended second resigned",
            "o resigns: x wins",
        ),
        (
            "a1
b2
draw
y
",
            "ended draw agreed",
            "a draw, agreed",
        ),
    ] {
        let file = dir.join(format!("{}.save", ended.replace(' ', "-")));
        let out = run(
            &two,
            format!(
                "{moves}save {}
quit
",
                file.display()
            ),
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let saved = std::fs::read_to_string(&file).unwrap();
        assert!(saved.lines().any(|l| l == ended), "{saved}");
        // Resumed, it is over and says how.
        let again = run(&["play", "tictactoe", "--resume", file.to_str().unwrap()], "");
        assert!(text(&again.stdout).contains(&format!("game over: {said}")), "{}", text(&again.stdout));
        let replay = run(&["replay", file.to_str().unwrap()], "");
        assert!(text(&replay.stdout).contains(&format!("end: {said}")), "{}", text(&replay.stdout));
    }
    // A hand-edited end that means nothing is refused, naming the file.
    let file = dir.join("bad.save");
    std::fs::write(&file, "gametree saved game\ngame tictactoe\nended x gave up\nstart ......... x\na1\n")
        .unwrap();
    let out = run(&["replay", file.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("saved setting ended"), "{}", text(&out.stderr));
}

/// Commands take any case and their aliases; a word that is no action or
/// command points to help; in a script that ends the game with status 2.
#[test]
fn commands_have_aliases_and_unknown_words_point_to_help() {
    let out = run(&["play", "tictactoe", "--second", "human"], "?\nMoves\nexit\n");
    assert_eq!(out.status.code(), Some(0));
    let s = text(&out.stdout);
    assert!(s.contains("commands: ") && s.contains("legal: a1"), "{s}");
    let out = run(&["play", "tictactoe", "--second", "human"], "hello\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown command \"hello\": type help for the commands"));
}

/// The machine's values are told from its own side, in words; the numbers
/// only in the verbose mode.
#[test]
fn machine_values_are_told_from_the_movers_side() {
    // x to move can win at once with c1: the machine says so in words.
    let out = run(&["play", "tictactoe", "--position", "xx.oo.... x", "--first", "machine"], "");
    let s = text(&out.stdout);
    assert!(s.contains("x plays c1 (x wins with this move)\n"), "{s}");
    assert!(!s.contains("1000") && !s.contains("searched"), "{s}");
    // x's fork: a win at ply 5 whatever o does, told with its distance at
    // every level; o, lost, holds out to ply 4 and says so. The winning line
    // ends with 2 empty cells: 1000 + 2 in the verbose mode.
    for level in [&["--depth", "3"][..], &["--level", "hard"], &[], &["--seed", "2"], &["--depth", "9"]] {
        let machines = [
            "play",
            "tictactoe",
            "--position",
            "x.......o x",
            "--first",
            "machine",
            "--second",
            "machine",
            "--verbose",
        ];
        let s = text(&run(&[&machines[..], level].concat(), "").stdout);
        let said: Vec<&str> = s.lines().filter(|l| l.contains(" plays ")).collect();
        assert!(said.len() >= 3, "{level:?}: {s}");
        if level == ["--depth", "3"] {
            // Three plies cannot see the win at ply 5; at ply 3 they can.
            assert!(said[0].contains("(x is ahead; value +2 for x; searched 3 plies,"), "{s}");
        } else {
            assert!(
                said[0].contains("(x wins in 3 moves; value +1002 for x, the end at ply 5;"),
                "{level:?}: {s}"
            );
            assert!(
                said[1].contains("(o loses in 2 moves; value -1002 for o, the end at ply 4;"),
                "{level:?}: {s}"
            );
        }
        assert!(
            said[2].contains("(x wins in 2 moves; value +1002 for x, the end at ply 3;"),
            "{level:?}: {s}"
        );
        assert!(s.contains("game over: x (machine) wins: three in a row"), "{s}");
    }
    // `hint` gives strong's suggestion, whatever the level, with its view in
    // words; the `verbose` command adds the numbers, and takes them away again.
    let s = text(
        &run(
            &["play", "tictactoe", "--position", "xx.oo.... x", "--second", "human", "--level", "easy"],
            "hint\nverbose\nhint\nverbose\nhint\n",
        )
        .stdout,
    );
    let hints: Vec<&str> =
        s.lines().filter(|l| l.contains("hint (")).map(|l| &l[l.find("hint (").unwrap()..]).collect();
    assert_eq!(hints.len(), 3, "{s}");
    // c1 fills the row and leaves 4 empty cells: WIN (1000) + 4.
    assert_eq!(hints[0], "hint (strong, 1 ply): x could play c1 (x wins with this move)");
    // The numbers make the line long: it is broken to 80 columns.
    let flat = s.replace('\n', " ");
    let numbers = "hint (strong, 1 ply): x could play c1 (x wins with this move; value +1004 for x, \
                   the end at ply 1; searched 1 ply, ";
    assert!(hints[1].starts_with("hint (strong, 1 ply)") && flat.contains(numbers), "{s}");
    assert_eq!(hints[2], hints[0]);
    assert!(
        s.contains("verbose on: values as numbers too") && s.contains("verbose off: values in words"),
        "{s}"
    );
    // Against easy (1 ply), the hint still looks at least Gomoku's own 4 plies.
    let s = text(
        &run(&["play", "gomoku", "--second", "human", "--level", "easy", "--seed", "1"], "hint\n").stdout,
    );
    let plies: u32 =
        s.split("hint (strong, ").nth(1).and_then(|r| r.split(' ').next()?.parse().ok()).unwrap();
    assert!(plies >= 4, "{s}");
}

/// `strong` thinks to a time budget and so searches deeper than `hard`'s three
/// plies (and than its own fixed depth) in every game with room to go deeper;
/// a given --depth is searched exactly, as before.
#[test]
fn strong_searches_deeper_than_hard_within_its_think_time() {
    let plies = |s: &str| -> u32 {
        let at = s.find("searched ").expect(s) + "searched ".len();
        s[at..].split(' ').next().unwrap().parse().unwrap()
    };
    // Hard searches two thirds of the game's own depth, at least 3 plies.
    for (game, own_depth, hard_depth) in
        [("checkers", 3, 3), ("ataxx", 3, 3), ("niujiao", 10, 6), ("gomoku", 4, 3)]
    {
        let one_move = ["play", game, "--first", "machine", "--second", "human", "--verbose"];
        // Seeded, the think time is counted in positions searched, so a loaded
        // machine cannot make strong stop short (unseeded, it once did at load 14).
        let strong = text(&run(&[&one_move[..], &["--think", "300", "--seed", "1"]].concat(), "").stdout);
        let hard = text(&run(&[&one_move[..], &["--level", "hard"]].concat(), "").stdout);
        assert_eq!(plies(&hard), hard_depth, "{hard}");
        assert!(plies(&strong) > own_depth.max(3), "{game}: {strong}");
    }
    let fixed = text(
        &run(&["play", "ataxx", "--first", "machine", "--second", "human", "--depth", "2", "--verbose"], "")
            .stdout,
    );
    assert_eq!(plies(&fixed), 2, "{fixed}");
    // With a seed, strong still thinks (counted in positions, not time), and
    // the same seed plays the same moves; another seed varies them.
    let seeded = |seed: &str| {
        let args = [
            "play",
            "tictactoe",
            "--first",
            "machine",
            "--second",
            "machine",
            "--seed",
            seed,
            "--think",
            "50",
            "--verbose",
        ];
        let s = text(&run(&args, "").stdout);
        s.lines().filter(|l| l.contains(" plays ")).map(String::from).collect::<Vec<_>>()
    };
    let once = seeded("11");
    assert_eq!(once, seeded("11"));
    assert!(plies(&once[0]) > 3, "{once:?}");
    let games: std::collections::HashSet<Vec<String>> = (1..=6).map(|n| seeded(&n.to_string())).collect();
    assert!(games.len() > 1, "six seeds, one game: {games:?}");
}

/// Save, resume and replay give back the same game in every game: the board
/// after resuming is the board the moves led to, and replay shows each move.
#[test]
fn save_resume_and_replay_round_trip_in_every_game() {
    let dir = crate::support::Scratch::new("roundtrip");
    let games: [(&str, &[&str]); 5] = [
        ("checkers", &["G6-F5", "B3-C4", "F5-E4"]),
        ("tictactoe", &["b2", "a1", "c3"]),
        ("niujiao", &["0-1", "8-6", "1-3"]),
        ("ataxx", &["b6", "f6", "a7c5"]),
        ("gomoku", &["h8", "h9", "i8"]),
    ];
    for (game, moves) in games {
        let file = dir.join(format!("{game}.save"));
        let f = file.to_str().unwrap();
        let people = ["play", game, "--first", "human", "--second", "human", "--level", "medium"];
        let played = run(&people, format!("{}\nsave! {f}\nquit\n", moves.join("\n")));
        assert!(text(&played.stdout).contains("saved to"), "{game}: {}", text(&played.stderr));
        let before_save = text(&played.stdout);
        // The last board drawn: after a blank line or a prompt, up to "... to move".
        let board = |s: &str| {
            let upto = &s[..s.rfind(" to move").expect(s)];
            let from = upto.rfind("\n\n").max(upto.rfind("> \n")).map_or(0, |i| i + 2);
            upto[from..].trim_start().to_string()
        };
        let resumed = run(&["play", game, "--resume", f], "quit\n");
        assert_eq!(board(&text(&resumed.stdout)), board(&before_save), "{game}");
        let saved = std::fs::read_to_string(&file).unwrap();
        assert!(saved.contains("first human\nsecond human\nlevel medium\n"), "{game}: {saved}");
        let replay = text(&run(&["replay", f], "").stdout);
        // Numbered by moves, as the status line counts: the first side's
        // action and the reply are move 1, the next action move 2.
        for (i, m) in moves.iter().enumerate() {
            let told = |l: &str| {
                l.starts_with(&format!("move {}: ", i / 2 + 1)) && l.ends_with(&format!(" plays {m}"))
            };
            assert!(replay.lines().any(told), "{game}: {replay}");
        }
        assert!(replay.trim_end().ends_with("end: the game was not finished"), "{game}: {replay}");
    }
}

/// `match` plays two levels against each other with colours swapped each
/// game, counts the results, and plays the same match again from the same seed.
#[test]
fn a_match_swaps_colours_counts_results_and_replays_from_its_seed() {
    // Tic-tac-toe's strong machine searches the whole game: random never wins.
    let args = ["match", "tictactoe", "strong", "random", "--games", "6", "--think", "20"];
    let s = text(&run(&args, "").stdout);
    // Everything but the milliseconds a move, which the clock decides.
    let results = |s: &str| s.lines().filter(|l| !l.ends_with(" ms)")).map(String::from).collect::<Vec<_>>();
    assert_eq!(results(&s), results(&text(&run(&args, "").stdout)));
    assert!(s.contains("game 1: strong (x) against random (o): "), "{s}");
    assert!(s.contains("game 2: random (x) against strong (o): "), "{s}");
    assert_eq!(s.lines().filter(|l| l.starts_with("game ")).count(), 6, "{s}");
    let totals = s.lines().find(|l| l.starts_with("6 games: ")).expect(&s);
    assert!(totals.contains(", random 0 wins, "), "{s}");
    let wins: u32 = totals.split("strong ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    let draws = s.lines().filter(|l| l.contains(": a draw (the board is full)")).count() as u32;
    assert_eq!(wins + draws, 6, "{s}");
    assert!(s.contains("random: ") && s.contains(" moves, at random, "), "{s}");
    // The same level twice is told apart; another seed, other games.
    let same = text(&run(&["match", "tictactoe", "easy", "easy", "--games", "2"], "").stdout);
    assert!(same.contains("game 1: easy (A) (x) against easy (B) (o): "), "{same}");
    let other = text(&run(&["match", "tictactoe", "easy", "easy", "--games", "2", "--seed", "9"], "").stdout);
    assert_ne!(games_of(&same), games_of(&other));
    let bad = run(&["match", "tictactoe", "strong", "best"], "");
    assert_eq!(bad.status.code(), Some(2));
}

fn games_of(s: &str) -> Vec<&str> {
    s.lines().filter(|l| l.starts_with("game ")).collect()
}

/// `strong` searches at least the game's own depth however short its time:
/// `--think` only adds depth (a forced result seen sooner ends the search).
#[test]
fn strong_searches_at_least_the_games_depth_with_one_millisecond() {
    for (game, depth) in gametree::games::ALL.iter().map(|g| (g.as_str(), g.default_depth())) {
        // The machine's first move only: a human second side stops at its
        // prompt (both sides machines would play the whole game out).
        let out = run(
            &["play", game, "--first", "machine", "--second", "human", "--think", "1", "--verbose"],
            "quit\n",
        );
        let s = text(&out.stdout);
        let note = s.lines().find(|l| l.contains(" plays ")).unwrap_or_else(|| panic!("{game}: {s}"));
        let searched: u8 =
            note.split("searched ").nth(1).and_then(|r| r.split(' ').next()).unwrap().parse().unwrap();
        let forced = note.contains(" wins") || note.contains(" loses");
        assert!(searched >= depth || forced, "{game}: depth {depth}: {note}");
    }
}

/// Checkers' draw rules end a game between machines that neither can win.
#[test]
fn checkers_between_machines_ends_by_a_draw_rule() {
    let args =
        ["play", "checkers", "--first", "machine", "--second", "machine", "--think", "20", "--seed", "1"];
    let out = run(&args, "");
    assert_eq!(out.status.code(), Some(0));
    let s = text(&out.stdout);
    let plies = s.matches(" plays ").count();
    assert!(plies < 1000, "{plies} plies");
    // The end is told in words that may wrap at 80 columns: read it as one line.
    let joined = s.replace('\n', " ");
    let end = &joined[joined.find("game over: ").unwrap_or_else(|| panic!("no end: {s}"))..];
    assert!(
        end.starts_with("game over: a draw (the same position came up 3 times)")
            || end.starts_with(
                "game over: a draw (50 moves each (100 plies) passed without a capture or a crowning)"
            ),
        "{end}"
    );
}

/// A locale without UTF-8 gets the plain boards, without being asked.
#[test]
fn a_c_locale_gets_no_box_drawing() {
    let play = |lang: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_gametree"))
            .args(["play", "checkers", "--first", "human", "--second", "human"])
            .env_remove("LC_ALL")
            .env_remove("LC_CTYPE")
            .env("LANG", lang)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        text(&out.stdout)
    };
    let fancy = |s: &str| s.chars().any(|c| ('\u{2500}'..='\u{257f}').contains(&c) || "●○".contains(c));
    assert!(fancy(&play("C.UTF-8")), "{}", play("C.UTF-8"));
    let plain = play("C");
    assert!(!fancy(&plain) && plain.is_ascii(), "{plain}");
}
