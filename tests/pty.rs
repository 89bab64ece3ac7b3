//! Sessions in a real pseudo-terminal, as a person meets them: the questions
//! that only a terminal gets (quitting with unsaved moves, replacing a file),
//! the end-of-game prompt, and resuming a game with its sides and level.

use std::time::Duration;

use crate::support;
use crate::support::terminal::Terminal;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");

/// A session with a state directory of its own: a game one test leaves
/// unfinished is never offered to another running beside it.
fn start(args: &[&str]) -> Terminal {
    static SESSIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = SESSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = state(&format!("session-{n}"));
    start_in(&dir, args).keeping(dir)
}

/// A session whose automatic saves go to `state`, never the real home.
fn start_in(state: &std::path::Path, args: &[&str]) -> Terminal {
    let mut cmd = std::process::Command::new(BIN);
    cmd.args(args).env("XDG_STATE_HOME", state).env("HOME", state);
    Terminal::spawn(cmd)
}

/// Quits with moves not saved, answering the question with `answer`, and
/// waits for the program to end.
fn quit_unsaved(p: &mut Terminal, answer: &str) {
    p.send_line("quit");
    p.expect("quit now? (y: quit, the game is kept");
    p.send_line(answer);
    p.expect_end();
}

fn scratch(tag: &str) -> support::Scratch {
    support::Scratch::new(&format!("pty-{tag}"))
}

/// Leaves a two-person tic-tac-toe game with x's b2 played, kept by Ctrl-D
/// in `dir`'s autosave.
fn leave_unfinished(dir: &std::path::Path) {
    let mut p = start_in(dir, &["play", "tictactoe", "--second", "human"]);
    p.expect("x> ");
    p.send_line("b2");
    p.expect("o> ");
    p.send(b"\x04"); // Ctrl-D
    p.expect_end();
}

/// An empty state directory for one test.
fn state(tag: &str) -> support::Scratch {
    scratch(&format!("state-{tag}"))
}

#[test]
fn quitting_with_unsaved_moves_asks_first() {
    let mut p = start(&["play", "tictactoe", "--second", "human"]);
    p.expect("x> ");
    p.send_line("b2");
    p.expect("o> ");
    p.send_line("q");
    p.expect("quit now? (y: quit, the game is kept");
    p.send_line("n");
    // Still playing: o's turn again.
    p.expect("o> ");
    quit_unsaved(&mut p, "y");
}

#[test]
fn save_asks_before_replacing_a_file_and_resume_keeps_sides_and_level() {
    let dir = scratch("save");
    let file = dir.join("game.save");
    std::fs::write(&file, "keep me").unwrap();
    let name = file.to_str().unwrap();
    let mut p = start(&["play", "ataxx", "--first", "human", "--second", "human", "--level", "hard"]);
    p.expect("x> ");
    p.send_line("b6");
    p.expect("o> ");
    p.send_line(format!("save {name}"));
    p.expect("exists; replace it? (y/n) ");
    p.send_line("n");
    p.expect("not saved");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me");
    p.send_line(format!("save {name}"));
    p.expect("exists; replace it? (y/n) ");
    p.send_line("y");
    p.expect("saved to");
    // Saved: quitting asks nothing.
    p.send_line("quit");
    p.expect_end();

    // Resumed with no options: still two people, still hard; o to move.
    let mut p = start(&["play", "ataxx", "--resume", name]);
    p.expect("o> ");
    p.send_line("quit");
    p.expect_end();
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("first human\nsecond human\nlevel hard\n"), "{saved}");
    // A command-line level replaces the saved one, and says so.
    let mut p = start(&["play", "ataxx", "--resume", name, "--level", "easy"]);
    p.expect("--level easy (from the command line) replaces the saved level hard");
    p.send_line("quit");
    p.expect_end();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_finished_game_waits_at_its_prompt() {
    let mut p = start(&["play", "tictactoe", "--second", "human"]);
    for (side, cell) in [("x", "a1"), ("o", "a2"), ("x", "b1"), ("o", "b2"), ("x", "c1")] {
        p.expect(format!("{side}> ").as_str());
        p.send_line(cell);
    }
    p.expect("game over: x wins: three in a row");
    p.expect("undo (take back and go on), save FILE, replay, new (same settings), quit");
    p.send_line("undo");
    p.expect("x> ");
    p.send_line("c1");
    p.expect("game over: x wins");
    p.send_line("replay");
    // Five actions are three moves, counted as the status line counts them.
    p.expect("(the start of 3 moves;");
    p.send_line("3");
    p.expect("move 3: x plays c1");
    p.expect("end: x wins: three in a row");
    p.send_line("b");
    p.expect("move 2: o plays b2");
    p.expect("(move 2 of 3;");
    p.send_line("q");
    // The finished game is kept as it ended by the autosave: quit asks nothing.
    p.send_line("quit");
    p.expect_end();
    assert_eq!(p.exit_status(), 0);
}

#[test]
fn a_bare_play_on_a_terminal_opens_the_menu() {
    // No game named: the list of games first, then that game's menu, whose
    // questions answer `help`.
    let mut p = start(&["play"]);
    p.expect("gametree: which game?");
    for name in gametree::games::ALL {
        p.expect(format!(") {name}: ").as_str());
    }
    p.send_line("tictactoe");
    p.expect("1) new game   2) load a saved game   3) rules   4) quit");
    p.send_line("help");
    p.expect("new: a new game from the start");
    p.send_line("3");
    p.expect("Three");
    p.send_line("1");
    p.expect("players: 1 (against the machine) or 2? [1] ");
    p.send_line("");
    p.expect("your side: x (first) or o (second)? [x/first/1] ");
    p.send_line("o");
    p.expect("level: ");
    p.send_line("easy");
    // The machine has x and moves first, searching one ply (easy); a hint
    // comes from strong all the same.
    p.expect("x plays ");
    p.expect("o> ");
    p.send_line("verbose");
    p.expect("o> ");
    p.send_line("hint");
    p.expect("hint (strong, ");
    p.expect("o> ");
    quit_unsaved(&mut p, "yes");

    // Options skip the menu.
    let mut p = start(&["play", "tictactoe", "--second", "human"]);
    p.expect("x> ");
    p.send_line("quit");
    p.expect_end();
}

#[test]
fn ctrl_c_while_the_machine_thinks_plays_the_best_move_found_so_far() {
    // A minute to think: only Ctrl-C ends it early.
    let p = start(&["play", "gomoku", "--first", "machine", "--second", "human", "--think", "60000"]);
    let mut t = Transcript::new(p);
    t.expect("x to move");
    std::thread::sleep(Duration::from_millis(500));
    t.p.send(b"\x03"); // Ctrl-C
    t.expect("(Ctrl-C: the best move found so far, from ");
    t.expect("o> ");
    t.send_line("quit");
    t.expect("quit now? (y: quit");
    t.send_line("y");
    t.end();
    t.assert_fits();
}

#[test]
fn ctrl_d_leaves_the_game_kept_and_the_menu_continues_it() {
    let dir = state("continue");
    let mut p = start_in(&dir, &["play", "tictactoe", "--second", "human"]);
    p.expect("x> ");
    p.send_line("b2");
    p.expect("o> ");
    p.send(b"\x04"); // Ctrl-D
    p.expect("end of input: game left unfinished; it is kept in");
    p.expect_end();
    assert_eq!(p.exit_status(), 0);
    assert!(dir.join("gametree/tictactoe.save").is_file());

    let mut p = start_in(&dir, &["play", "tictactoe"]);
    p.expect("c) continue the last game");
    p.send_line("");
    // Two people, o to move after x's b2.
    p.expect("o> ");
    p.send_line("a1");
    p.expect("x> ");
    p.send(b"\x03"); // Ctrl-C
    p.expect("interrupted: game left unfinished; it is kept in");
    p.expect_end();
    assert_eq!(p.exit_status(), 130, "as a shell reports SIGINT");
    let kept = std::fs::read_to_string(dir.join("gametree/tictactoe.save")).unwrap();
    assert!(kept.contains("b2") && kept.contains("a1"), "{kept}");
}

/// A resignation at a terminal is kept as the end of the game: quitting
/// after it asks nothing, and the menu has nothing to continue.
#[test]
fn a_resignation_is_kept_and_the_game_is_not_offered_again() {
    let dir = state("resigned");
    let mut p = start_in(&dir, &["play", "tictactoe", "--second", "human"]);
    p.expect("x> ");
    p.send_line("b2");
    p.expect("o> ");
    p.send_line("resign");
    p.expect("game over: o resigns: x wins");
    p.send_line("quit");
    p.expect_end();
    assert_eq!(p.exit_status(), 0);
    let kept = std::fs::read_to_string(dir.join("gametree/tictactoe.save")).unwrap();
    assert!(kept.lines().any(|l| l == "ended second resigned"), "{kept}");
    let mut p = start_in(&dir, &["play", "tictactoe"]);
    let menu = p.expect("choose:");
    assert!(!menu.contains("continue"), "{menu}");
    p.send_line("4");
    p.expect_end();
}

/// Options skip the menu but not the game left unfinished: asked first, y
/// continues it (the options given replacing the saved ones), n keeps it
/// aside and starts anew.
#[test]
fn options_on_the_command_line_still_offer_the_unfinished_game() {
    let dir = state("offer");
    leave_unfinished(&dir);

    let mut p = start_in(&dir, &["play", "tictactoe", "--second", "human", "--level", "easy"]);
    p.expect("your last tictactoe game is unfinished (1 ply): continue it?");
    p.send_line("y");
    p.expect("replaces the saved level");
    // o to move after x's b2.
    p.expect("o> ");
    p.send(b"\x04"); // Ctrl-D
    p.expect_end();

    let mut p = start_in(&dir, &["play", "tictactoe", "--second", "human"]);
    p.expect("continue it?");
    p.send_line("n");
    p.expect("your unfinished game is kept in");
    p.expect("x> ");
    p.send_line("quit");
    p.expect_end();
}

#[test]
fn the_menu_asks_again_after_a_bad_file_and_a_long_line() {
    let dir = state("menu");
    let other = dir.join("ataxx.save");
    let mut p = start_in(&dir, &["play", "ataxx", "--first", "human", "--second", "human"]);
    p.expect("x> ");
    p.send_line(format!("save {}", other.display()));
    p.expect("saved to");
    p.send_line("quit");
    p.expect_end();

    let mut p = start_in(&dir, &["play", "tictactoe"]);
    p.expect("choose:");
    p.send_line("x".repeat(2000));
    p.expect("line too long");
    p.send_line("2");
    p.expect("saved game file: ");
    p.send_line("/no/such/game.save");
    p.expect("cannot load it: cannot read /no/such/game.save");
    p.expect("choose:");
    p.send_line("2");
    p.expect("saved game file: ");
    p.send_line(other.to_str().unwrap());
    p.expect("cannot load it: a saved game of ataxx, not tictactoe");
    p.expect("choose:");
    p.send_line("4");
    p.expect_end();
}

/// A closed terminal keeps the game and ends with 129, as SIGHUP would; Ctrl-C
/// at the start menu ends with 130 (docs/exit-status.md).
#[test]
fn a_closed_terminal_and_ctrl_c_at_the_menu_end_as_their_signals() {
    let dir = state("hangup");
    let mut p = start_in(&dir, &["play", "ataxx", "--first", "human", "--second", "human"]);
    p.expect("x> ");
    p.send_line("b6");
    p.expect("o> ");
    p.signal(libc::SIGHUP);
    p.expect("the terminal closed: game left unfinished; it is kept in");
    p.expect_end();
    assert_eq!(p.exit_status(), 129);
    let kept = std::fs::read_to_string(dir.join("gametree/ataxx.save")).unwrap();
    assert!(kept.contains("b6"), "{kept}");

    let mut p = start_in(&dir, &["play", "ataxx"]);
    p.expect("choose:");
    p.send(b"\x03"); // Ctrl-C
    p.expect_end();
    assert_eq!(p.exit_status(), 130);
}

/// Everything a session printed, kept to check that no line is wider than
/// the terminal (80 columns, a pseudo-terminal's default size).
struct Transcript {
    p: Terminal,
    text: String,
}

impl Transcript {
    /// Echo on, as a terminal has it: what the person types is on screen too.
    fn new(mut p: Terminal) -> Transcript {
        p.set_echo(true);
        Transcript { p, text: String::new() }
    }

    /// Waits for `needle` and keeps what came before it and the needle; the
    /// text before it.
    fn expect(&mut self, needle: &str) -> String {
        let before = self.p.expect(needle);
        self.text.push_str(&before);
        self.text.push_str(needle);
        before
    }

    fn send_line(&mut self, line: &str) {
        self.p.send_line(line);
    }

    /// Waits for the end and keeps the rest.
    fn end(&mut self) {
        let rest = self.p.expect_end();
        self.text.push_str(&rest);
    }

    /// Every line within 80 columns (a line is counted in characters: the
    /// boards' box drawing is one column each).
    fn assert_fits(&self) {
        let long: Vec<&str> = self
            .text
            .split('\n')
            .map(|l| l.trim_end_matches('\r'))
            .filter(|l| l.chars().count() > 80)
            .collect();
        assert!(long.is_empty(), "lines over 80 columns: {long:#?}");
        assert!(self.text.lines().count() > 30, "too little was seen to judge: {}", self.text);
    }
}

/// A cell to ask `targets` about, asked of the game: where one of the
/// start's actions starts (a unit that moves), else where one ends, named as
/// a person types it; a game without a board, an action's own notation.
fn a_cell<G: gametree::game::Game>(g: &G) -> String {
    let start = g.start();
    let mut actions = Vec::new();
    g.actions(&start, &mut actions);
    let spots: Vec<_> = actions.iter().map(|&a| g.spots(&start, a)).collect();
    let point = spots.iter().find_map(|s| s.from).or_else(|| spots.iter().find_map(|s| s.to));
    point.map_or_else(|| g.format_action(actions[0]), |p| g.point_name(p))
}

/// Every command's answer, the machine's move in the verbose mode and the
/// line that says where a game left by Ctrl-D is kept, in every game.
#[test]
fn every_line_a_game_prints_fits_in_80_columns() {
    for &name in gametree::games::ALL {
        let game = name.as_str();
        let (side, cell) = gametree::with_game!(name, &gametree::games::Settings::default(), |g| {
            (g.player_name(g.to_move(&g.start())), a_cell(g))
        });
        let dir = state(&format!("width-{game}"));
        let mut t = Transcript::new(start_in(&dir, &["play", game, "--level", "easy"]));
        let prompt = format!("{side}> ");
        t.expect(&prompt);
        for command in
            ["help", "rules", "moves", "legal", &format!("targets {cell}"), "hello", "undo 5", "hint"]
        {
            t.send_line(command);
            t.expect(&prompt);
        }
        t.send_line("verbose");
        t.expect(&prompt);
        t.send_line("hint");
        let hint = t.expect(&prompt);
        let action = hint.split("could play ").nth(1).and_then(|r| r.split(' ').next()).unwrap().to_string();
        // The machine's reply is told with its numbers: the longest line of a turn.
        t.send_line(&action);
        t.expect(" plays ");
        // The person's prompt, or the finished game's (the tree's game is one move each).
        t.expect("> ");
        t.p.send(b"\x04"); // Ctrl-D
        t.expect("it is kept in");
        t.end();
        t.assert_fits();
    }
}

/// A new game never takes the place of an unfinished one: the kept game is
/// moved aside and the player told how to continue it; a finished game is
/// not offered as "continue".
#[test]
fn a_new_game_moves_the_unfinished_one_aside_and_a_finished_one_is_not_continued() {
    let dir = state("aside");
    leave_unfinished(&dir);

    let mut t = Transcript::new(start_in(&dir, &["play", "tictactoe", "--second", "human"]));
    t.expect("continue it?");
    t.send_line("n");
    t.expect("your unfinished game is kept in");
    // The path stands on a line of its own.
    let aside = t.expect("to continue it: gametree play tictactoe").trim().to_string();
    let kept = std::fs::read_to_string(&aside).unwrap_or_else(|e| panic!("{aside}: {e}"));
    assert!(kept.contains("b2"), "{kept}");
    // The new game plays on to a win, which the autosave keeps.
    for (side, cell) in [("x", "a1"), ("o", "a2"), ("x", "b1"), ("o", "b2"), ("x", "c1")] {
        t.expect(&format!("{side}> "));
        t.send_line(cell);
    }
    t.expect("game over: x wins");
    t.p.send(b"\x04"); // Ctrl-D
    t.end();
    assert!(std::fs::read_to_string(dir.join("gametree/tictactoe.save")).unwrap().contains("c1"));

    // Nothing to continue: the menu offers a new game first.
    let mut t = Transcript::new(start_in(&dir, &["play", "tictactoe"]));
    let menu = t.expect("choose:");
    assert!(menu.contains("1) new game") && !menu.contains("continue"), "{menu}");
    t.send_line("4");
    t.end();
    // Its --resume line still continues the game moved aside.
    let mut p = start_in(&dir, &["play", "tictactoe", "--resume", &aside]);
    p.expect("o> ");
    p.send_line("quit");
    p.expect_end();
}
