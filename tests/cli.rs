//! The command line as a user meets it: refusals, completions, the manual page.

use crate::support;

use support::{commands, run, text};

#[test]
fn an_option_for_another_game_is_an_error_in_one_line() {
    for args in [
        &["perft", "checkers", "3", "--defence", "3"][..],
        &["analyse", "gomoku", "--depth", "1", "--max-plies", "3"],
        &["best", "tictactoe", "--radius", "2"],
        &["solve", "ataxx", "--defence", "1"],
        &["play", "checkers", "--radius", "2"],
        &["match", "tictactoe", "random", "random", "--games", "1", "--radius", "2"],
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
    let commands = commands();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = run(&["completions", shell], "");
        assert!(out.status.success(), "{shell}");
        let script = text(&out.stdout);
        for c in &commands {
            assert!(script.contains(c.as_str()), "{shell} completions lack {c}");
        }
    }
    let man = run(&["manpage"], "");
    assert!(man.status.success());
    let page = text(&man.stdout);
    assert!(page.contains(".TH gametree 1"), "a roff manual page");
    for c in &commands {
        assert!(page.contains(c.as_str()), "the manual page lacks {c}");
    }
}

fn scratch(tag: &str) -> support::Scratch {
    support::Scratch::new(&format!("cli-{tag}"))
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

/// The exit statuses docs/exit-status.md gives each command, by name.
fn documented_statuses() -> Vec<(String, Vec<u8>)> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/exit-status.md")).unwrap();
    let table = doc.split("| command | statuses |").nth(1).expect("the per-command table");
    let rows = table.lines().skip(2).take_while(|l| l.starts_with('|'));
    rows.map(|row| {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let codes = cells[2].split(" (").next().unwrap().split(", ").map(|c| c.parse().unwrap()).collect();
        (cells[1].trim_matches('`').to_string(), codes)
    })
    .collect()
}

#[test]
fn manpage_all_writes_a_page_per_command_with_its_options_and_exit_statuses() {
    let base = scratch("man");
    let dir = base.join("new");
    let out = run(&["manpage", "--all", dir.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    let documented = documented_statuses();
    let commands = commands();
    let mut pages: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    pages.sort();
    let mut expected: Vec<String> = commands.iter().map(|c| format!("gametree-{c}.1")).collect();
    expected.push("gametree.1".into());
    expected.sort();
    assert_eq!(pages, expected);
    let main = std::fs::read_to_string(dir.join("gametree.1")).unwrap();
    for c in &commands {
        assert!(main.contains(&format!("gametree\\-{c}(1)")), "the main page refers to gametree-{c}(1)");
        let page = std::fs::read_to_string(dir.join(format!("gametree-{c}.1"))).unwrap();
        assert!(page.starts_with(".ie") && page.contains(&format!(".TH gametree-{c} 1 ")), "{c}");
        // Every option the command's help lists is on its page.
        let help = text(&run(&[c, "--help"], "").stdout);
        for word in help.split_whitespace().filter(|w| w.starts_with("--")) {
            let flag: String =
                word.chars().take_while(|&ch| ch == '-' || ch.is_ascii_alphanumeric()).collect();
            let flag = flag.replace('-', "\\-");
            assert!(page.contains(&flag), "{c}: {word} is not on its page");
        }
        // The statuses the page explains are those docs/exit-status.md gives.
        let section =
            page.split(".SH \"EXIT STATUS\"").nth(1).unwrap_or_else(|| panic!("{c}: no EXIT STATUS"));
        let on_page: Vec<u8> = section
            .lines()
            .filter_map(|l| l.strip_prefix("\\fB")?.strip_suffix("\\fR")?.parse().ok())
            .collect();
        let doc = documented.iter().find(|(name, _)| name == c).map(|(_, codes)| codes.clone());
        assert_eq!(Some(on_page), doc, "{c}: the page's statuses against docs/exit-status.md");
    }
}

#[test]
#[cfg_attr(not(has_groff), ignore = "needs groff")]
fn every_manual_page_renders_with_groff_without_warnings() {
    let dir = scratch("groff");
    assert!(run(&["manpage", "--all", dir.to_str().unwrap()], "").status.success());
    let top = run(&["manpage"], "");
    std::fs::write(dir.join("stdout.1"), &top.stdout).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let page = entry.unwrap().path();
        let out = std::process::Command::new("groff")
            // Plain text out: no bold, underline or overstrike to search through.
            .args(["-k", "-man", "-Tutf8", "-ww", "-P", "-cbou"])
            .arg(&page)
            .output()
            .expect("groff runs");
        assert!(out.status.success(), "{}", page.display());
        assert!(out.stderr.is_empty(), "{}: {}", page.display(), text(&out.stderr));
        let shown = text(&out.stdout);
        assert!(shown.contains("EXIT STATUS") && shown.contains("OPTIONS"), "{}", page.display());
    }
}

#[test]
fn completions_and_pages_that_cannot_be_written_are_status_4_in_one_line() {
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    for args in [&["completions", "bash"][..], &["manpage"]] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gametree"))
            .args(args)
            .stdout(full())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(4), "{args:?}");
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("gametree: ") && err.contains("No space left"), "{args:?}: {err}");
    }
    let dir = scratch("man-over-a-file");
    let file = dir.join("a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let out = run(&["manpage", "--all", file.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(4));
    assert!(
        text(&out.stderr).starts_with(&format!("gametree: {}: ", file.display())),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");
}
