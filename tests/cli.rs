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
