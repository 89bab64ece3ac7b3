//! The command line as a user meets it: refusals, completions, the manual page.

mod support;

use support::{run, text};

#[test]
fn an_option_for_another_game_is_an_error_in_one_line() {
    for args in [
        &["perft", "checkers", "3", "--defence", "3"][..],
        &["analyse", "gomoku", "--depth", "1", "--max-plies", "3"],
        &["best", "tictactoe", "--radius", "2"],
        &["solve", "ataxx", "--defence", "1"],
        &["play", "checkers", "--radius", "2"],
        &["analyse", "checkers", "--show-line"],
        &["analyse", "checkers", "--show-depth", "1", "--json", "-"],
    ] {
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("applies to") || err.contains("chooses what"), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn completions_and_the_manual_page_cover_every_command() {
    let commands = ["checkers", "analyse", "perft", "solve", "best", "play", "replay", "rules", "fixtures"];
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = run(&["completions", shell], "");
        assert!(out.status.success(), "{shell}");
        let script = text(&out.stdout);
        for c in commands {
            assert!(script.contains(c), "{shell} completions lack {c}");
        }
    }
    let man = run(&["manpage"], "");
    assert!(man.status.success());
    let page = text(&man.stdout);
    assert!(page.contains(".TH gametree 1"), "a roff manual page");
    for c in commands {
        assert!(page.contains(c), "the manual page lacks {c}");
    }
}

fn scratch(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("gametree-cli-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The same command with a file, and with `-` and the file's bytes on stdin,
/// prints the same and ends the same.
fn same_from_stdin(with_file: &[&str], file: &std::path::Path) {
    let path = file.to_str().unwrap();
    let by_file = run(with_file, "");
    let with_dash: Vec<&str> = with_file.iter().map(|&a| if a == path { "-" } else { a }).collect();
    assert_ne!(with_dash, with_file, "the file is an argument");
    let by_stdin = run(&with_dash, std::fs::read(file).unwrap());
    assert!(by_file.status.success(), "{with_file:?}: {}", text(&by_file.stderr));
    assert_eq!(text(&by_stdin.stdout), text(&by_file.stdout), "{with_dash:?}");
    assert_eq!(by_stdin.status.code(), by_file.status.code(), "{with_dash:?}");
}

#[test]
fn a_dash_reads_stdin_wherever_a_file_is_read() {
    let protocol =
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/checkers/ends-during-p.txt"));
    let p = protocol.to_str().unwrap();
    same_from_stdin(&["checkers", p], protocol);
    same_from_stdin(&["analyse", "checkers", "--moves", p, "--depth", "2"], protocol);

    let dir = scratch("dash");
    let save = dir.join("game.save");
    let s = save.to_str().unwrap();
    let people = ["play", "tictactoe", "--first", "human", "--second", "human"];
    assert!(run(&people, format!("b2\na1\nsave! {s}\nquit\n")).status.success());
    same_from_stdin(&["replay", s], &save);
    // With no person to read moves for, stdin can hold the saved game.
    same_from_stdin(
        &["play", "tictactoe", "--resume", s, "--first", "machine", "--second", "machine"],
        &save,
    );

    // Where a person's moves would come from stdin, it cannot hold the game too.
    let refused = run(&["play", "tictactoe", "--resume", "-"], std::fs::read(&save).unwrap());
    assert_eq!(refused.status.code(), Some(2));
    let err = text(&refused.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("gametree: --resume -: ") && err.contains("give its file"), "{err}");
    assert!(refused.stdout.is_empty());

    // Messages name stdin as such.
    let damaged = run(&["replay", "-"], "gametree saved game\ngame chess\n");
    assert_eq!(damaged.status.code(), Some(2));
    assert!(text(&damaged.stderr).starts_with("gametree: <stdin>: "), "{}", text(&damaged.stderr));
    let malformed = run(&["checkers", "-"], "C6-D5\nnonsense\n");
    assert_eq!(malformed.status.code(), Some(2));
    assert!(text(&malformed.stderr).starts_with("gametree: <stdin>:2: "), "{}", text(&malformed.stderr));
}

/// Every command's name, as the top-level help lists them.
fn commands() -> Vec<String> {
    let help = text(&run(&["--help"], "").stdout);
    let listed = help.split("Commands:\n").nth(1).expect("a list of commands");
    // A command's name starts its line; its description may go on below, indented further.
    let lines = listed.lines().take_while(|l| l.starts_with("  "));
    let names = lines.filter(|l| !l.starts_with("   ")).map(|l| l.split_whitespace().next().unwrap());
    names.filter(|&n| n != "help").map(String::from).collect()
}

#[test]
fn help_wraps_to_the_terminal_and_to_100_columns_at_most() {
    let commands = commands();
    assert!(commands.len() >= 12, "{commands:?}");
    let widest = |args: &[&str], columns: Option<&str>| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_gametree"));
        cmd.args(args).env_remove("COLUMNS").env_remove("LINES");
        if let Some(c) = columns {
            cmd.env("COLUMNS", c).env("LINES", "24");
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{args:?}");
        text(&out.stdout).lines().map(|l| l.chars().count()).max().unwrap()
    };
    for c in std::iter::once("").chain(commands.iter().map(String::as_str)) {
        let args: Vec<&str> = [c, "--help"].into_iter().filter(|a| !a.is_empty()).collect();
        assert!(widest(&args, Some("60")) <= 60, "{args:?} on a 60-column terminal");
        assert!(widest(&args, Some("250")) <= 100, "{args:?} on a 250-column terminal");
        assert!(widest(&args, None) <= 100, "{args:?} not on a terminal");
    }
}

#[test]
fn every_export_flag_says_that_a_dash_is_stdout_and_means_it() {
    let help = text(&run(&["analyse", "--help"], "").stdout).replace('\n', " ");
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for flag in ["--json", "--dot", "--html", "--efg", "--trace"] {
        let from = help.find(&format!("{flag} <FILE>")).unwrap_or_else(|| panic!("{flag} in the help"));
        // The flag's own help: up to the next option.
        let own = &help[from..];
        let own = own[2..].find(" --").map_or(own, |end| &own[..end + 2]);
        assert!(own.contains("(`-` for stdout)"), "{flag}: {own}");
    }
    let tree = ["analyse", "tictactoe", "--position", "xo.xo.... x", "--depth", "2"];
    let efg = run(&[&tree[..], &["--efg", "-"]].concat(), "");
    assert!(efg.status.success());
    assert!(text(&efg.stdout).starts_with("EFG 2 R "), "{}", text(&efg.stdout));
    let trace = run(&[&tree[..], &["--search", "alphabeta", "--trace", "-"]].concat(), "");
    assert!(trace.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&trace.stdout).expect("the trace, as JSON");
    assert!(doc.is_object(), "{doc}");
}
