//! The boards a person sees in `play` and `replay`: plain ASCII wherever the
//! locale is not UTF-8, box drawing and ●/○ where it is.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use gametree::games::{ALL, Settings};
use gametree::with_game;

/// Box drawing and block characters (U+2500-U+259F: ┼ │ ░ ...), ● and ○.
fn fancy(text: &str) -> Option<char> {
    text.chars().find(|&c| ('\u{2500}'..='\u{259F}').contains(&c) || c == '●' || c == '○')
}

/// Runs gametree with only the locale variables of `locale` set, and its
/// state (the autosave) under `dir`; returns its output and checks it ran.
fn run(args: &[&str], locale: &[(&str, &str)], dir: &Path, stdin: &str) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gametree"));
    command.args(args).env("XDG_STATE_HOME", dir);
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
        command.env_remove(name);
    }
    command.envs(locale.iter().copied());
    let mut child =
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{args:?} {locale:?}: {}\n{text}", String::from_utf8_lossy(&out.stderr));
    text
}

/// A game the machine opens, saved and left; then its replay. Both outputs.
fn played_and_replayed(game: &str, locale: &[(&str, &str)], dir: &Path) -> [String; 2] {
    let saved = dir.join(format!("{game}.txt"));
    // `save` refuses to replace a file: each run saves afresh.
    let _ = std::fs::remove_file(&saved);
    let script = format!("save {}\nquit\n", saved.display());
    let args = ["play", game, "--first", "machine", "--second", "human", "--level", "easy"];
    let play = run(&args, locale, dir, &script);
    let replay = run(&["replay", saved.to_str().unwrap()], locale, dir, "");
    [play, replay]
}

#[test]
fn a_locale_without_utf8_gets_plain_ascii_boards_in_play_and_replay() {
    let dir = crate::support::Scratch::new("boards");
    for &name in ALL {
        let game = name.as_str();
        let has_board = with_game!(name, &Settings::default(), |g| !g.picture().points.is_empty());
        for locale in [
            &[("LANG", "C")][..],
            &[("LC_ALL", "C"), ("LANG", "en_GB.UTF-8")],
            &[("LC_CTYPE", "POSIX"), ("LANG", "en_GB.UTF-8")],
            &[],
        ] {
            for (what, out) in ["play", "replay"].iter().zip(played_and_replayed(game, locale, &dir)) {
                assert_eq!(fancy(&out), None, "{game} {what} with {locale:?}:\n{out}");
                // The machine's first move is on the board that is printed.
                assert!(out.contains("[") || !has_board, "{game} {what}: no move marked\n{out}");
            }
        }
        // The same games in a UTF-8 locale do draw with lines and glyphs: the
        // check above would see them.
        if has_board {
            for out in played_and_replayed(game, &[("LANG", "en_GB.UTF-8")], &dir) {
                assert!(fancy(&out).is_some(), "{game} in UTF-8:\n{out}");
            }
        }
    }
}
