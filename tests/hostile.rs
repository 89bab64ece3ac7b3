//! Hostile input for every command: a clear one-line message, a non-zero status,
//! no panic, no backtrace, and no half-written file.

use crate::support;
use std::fs;

use support::run;

fn scratch(tag: &str) -> support::Scratch {
    support::Scratch::new(&format!("hostile-{tag}"))
}

/// Refused with `status`, a message that contains `needle`, and no panic.
fn refused(args: &[&str], stdin: &[u8], status: i32, needle: &str) {
    let out = run(args, stdin);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(status), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err:?} lacks {needle:?}");
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE") && !err.contains("internal error"),
        "{err}"
    );
}

#[test]
fn malformed_positions_are_refused_for_every_game_and_command() {
    let bad = [
        "",
        "x",
        "r.......bb",
        "......../ b",
        "x5o/7/7 x",
        "15/15 x",
        "ééé x",
        "........./......../......../......../......../......../......../........ b",
    ];
    for game in gametree::games::ALL.iter().map(|g| g.as_str()) {
        for text in bad {
            for cmd in ["analyse", "best", "perft", "solve", "play"] {
                let mut args = vec![cmd, game, "--position", text];
                if cmd == "perft" {
                    args.insert(2, "2");
                }
                refused(&args, b"", 2, "--position");
            }
        }
    }
}

#[test]
fn bad_arguments_are_refused() {
    refused(&["analyse", "chess"], b"", 2, "invalid value 'chess'");
    refused(&["analyse", "checkers", "--depth", "0"], b"", 2, "--depth");
    refused(&["analyse", "checkers", "--depth", "65"], b"", 2, "--depth");
    refused(&["perft", "ataxx", "99999"], b"", 2, "99999");
    refused(&["checkers", "--max-nodes", "0"], b"", 2, "--max-nodes");
    refused(&["play", "gomoku", "--radius", "0"], b"", 2, "--radius");
    // Over what a tree can hold: refused, not cut to it.
    for cmd in [&["analyse", "tictactoe"][..], &["checkers"], &["best", "tictactoe", "--search", "minimax"]] {
        let args: Vec<&str> = cmd.iter().copied().chain(["--max-nodes", "1000000000000000000"]).collect();
        refused(&args, b"", 2, "a tree holds at most 4294967294 nodes");
    }
}

#[test]
fn budgets_stop_searches_that_would_run_away() {
    refused(
        &["best", "gomoku", "--depth", "40", "--max-nodes", "10000"],
        b"",
        3,
        "more than the budget of 10000",
    );
    refused(&["analyse", "ataxx", "--depth", "40", "--max-nodes", "10000"], b"", 3, "budget of 10000 nodes");
    // play is never lost to a budget: the deepest search that fits plays.
    let out = run(&["play", "ataxx", "--first", "machine", "--depth", "40", "--max-nodes", "10000"], b"");
    assert_eq!(out.status.code(), Some(0));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("(a 40-ply search would pass --max-nodes 10000: playing the "), "{said}");
    assert!(said.contains("x plays "), "{said}");
    refused(&["solve", "ataxx", "--max-positions", "1000"], b"", 3, "more than 1000 positions");
    // The memory budget counts the tables' bytes; Ataxx's start cannot fit 64 MiB.
    refused(&["solve", "ataxx", "--max-memory", "64M"], b"", 3, "budget of 64.0 MiB");
    refused(&["solve", "ataxx", "--max-memory", "64M"], b"", 3, "raise --max-memory");
    refused(&["solve", "ataxx", "--max-memory", "lots"], b"", 2, "--max-memory");
}

/// Every game at the deepest depth, default budget: refused without first doing
/// the work the budget allows (a deep Gomoku tree took a minute to refuse; now
/// the estimate or the count says no before building). Tic-tac-toe's whole
/// game fits.
#[test]
fn hopeless_depths_are_refused_for_every_game() {
    for game in ["checkers", "niujiao", "ataxx", "gomoku"] {
        refused(&["analyse", game, "--depth", "64"], b"", 3, "budget of 50000000 nodes");
        refused(&["best", game, "--depth", "64", "--search", "minimax"], b"", 3, "budget of 50000000 nodes");
        refused(&["best", game, "--depth", "64"], b"", 3, "(extrapolated from shallower searches)");
    }
    for cmd in [&["analyse", "tictactoe", "--depth", "64"][..], &["best", "tictactoe", "--depth", "64"]] {
        assert_eq!(run(cmd, b"").status.code(), Some(0), "{cmd:?}");
    }
}

#[test]
fn hostile_protocol_input_is_named_by_line() {
    let mut endless = b"G6-F5\n".to_vec();
    endless.extend(std::iter::repeat_n(b'7', 50_000_000));
    refused(&["checkers"], &endless, 2, "<stdin>:2:");
    refused(&["checkers"], b"G6-F5\n\xff\xfe\n", 2, "<stdin>:2:");
    refused(&["checkers"], b"\0\0\0", 2, "<stdin>:1:");
    refused(&["analyse", "checkers", "--moves", "/no/such/input"], b"", 2, "/no/such/input");
}

#[test]
fn unwritable_exports_fail_cleanly_and_leave_nothing_behind() {
    let dir = scratch("export");
    let pos = "......../......../......../......../......../B.w...../.w....../..b..... b";
    let missing = dir.join("no/such/dir/tree.json");
    refused(
        &["analyse", "checkers", "--position", pos, "--json", missing.to_str().unwrap()],
        b"",
        4,
        "cannot write",
    );
    // A directory where the file should go: the rename fails, the temporary goes.
    let taken = dir.join("taken");
    fs::create_dir(&taken).unwrap();
    fs::write(taken.join("keep"), "x").unwrap();
    refused(
        &["analyse", "checkers", "--position", pos, "--dot", taken.to_str().unwrap()],
        b"",
        4,
        "cannot write",
    );
    let names: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, vec![std::ffi::OsString::from("taken")], "no temporary file left");
    // --export-trees onto a file.
    let file = dir.join("file");
    fs::write(&file, "x").unwrap();
    refused(&["checkers", "--export-trees", file.to_str().unwrap()], b"A\n", 4, "cannot create");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn damaged_saved_games_are_refused_with_their_line() {
    let dir = scratch("save");
    let f = dir.join("game.txt");
    let path = f.to_str().unwrap();
    // (file, what replay says, what play --resume says)
    let cases: [(&[u8], &str, &str); 7] = [
        (b"", "the file is empty", "the file is empty"),
        (
            b"gametree saved game\ngame ataxx\ncolour red\nstart x5o/7/7/7/7/7/o5x x 0 1\n",
            "unknown saved setting \"colour\"",
            "unknown saved setting \"colour\"",
        ),
        (b"gametree saved game\ngame ataxx\n", "start", "start"),
        (b"gametree saved game\ngame ataxx\nstart x5o/7/7/7/7/7/o5x x 0 1\nb6\nzz\n", "line 5", "line 5"),
        (b"gametree saved game\ngame chess\n", "unknown game", "line 2"),
        (b"\xff\xfe\x00", "not a text file; expected a saved game", "not a text file"),
        (
            b"gametree saved game\ngame ataxx\nstart x5o/7/7/7/7/7/o5x x 0 1\nb6\ng7e7\nb6\n",
            "line 6",
            "line 6",
        ),
    ];
    for (bytes, replay_says, play_says) in cases {
        fs::write(&f, bytes).unwrap();
        refused(&["replay", path], b"", 2, replay_says);
        refused(&["play", "ataxx", "--resume", path], b"", 2, play_says);
    }
    refused(&["replay", "/no/such/save"], b"", 2, "/no/such/save");
    fs::remove_dir_all(&dir).unwrap();
}

/// SIGINT or SIGTERM in the middle of writing an export removes the temporary
/// file: nothing is left behind, not even hidden (six interrupted depth-7
/// exports used to leave 1.2 GB of `.NAME.PID.tmp` files).
#[test]
fn an_interrupted_export_leaves_nothing() {
    use std::os::unix::process::ExitStatusExt;
    for signal in ["INT", "TERM"] {
        let dir = scratch(&format!("signal-{signal}"));
        let target = dir.join("tree.json");
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gametree"))
            // A JSON of this tree is over the default --max-bytes.
            .args(["analyse", "checkers", "--depth", "7", "--max-bytes", "4G", "--json"])
            .arg(&target)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let writing = || {
            fs::read_dir(&dir).unwrap().any(|e| e.unwrap().file_name().to_string_lossy().ends_with(".tmp"))
        };
        let started = std::time::Instant::now();
        while !writing() && child.try_wait().unwrap().is_none() {
            assert!(started.elapsed().as_secs() < 120, "no temporary file appeared");
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        let killed = std::process::Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let status = child.wait().unwrap();
        if status.success() {
            // The export finished before the signal came: then it is whole.
            assert!(fs::metadata(&target).unwrap().len() > 0);
        } else {
            assert!(status.signal().is_some(), "{signal}: died of the signal, not of an error: {status:?}");
            let left: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
            assert!(left.is_empty(), "{signal}: left {left:?}");
        }
        fs::remove_dir_all(&dir).unwrap();
    }
}

/// `play` reads at most 1,024 bytes a line and quotes at most 40 characters of
/// what it could not take; saved games are capped at 16 MiB however they come
/// (a FIFO here, for `/dev/zero` or a pipe: no size to check first).
#[test]
fn play_and_saved_games_read_within_bounds() {
    let endless = vec![0u8; 5 << 20];
    refused(&["play", "tictactoe"], &endless, 2, "<stdin>:1: line too long");
    let out = run(&["play", "tictactoe"], &endless);
    assert!(out.stderr.len() < 200, "the message quotes a short start only: {} bytes", out.stderr.len());

    let long = format!("{}\n", "e4".repeat(100));
    refused(
        &["play", "gomoku"],
        long.as_bytes(),
        2,
        "\"e4e4e4e4e4e4e4e4e4e4e4e4e4e4e4e4e4e4e4e4\"... is not an action",
    );
    let out = run(&["play", "gomoku"], long.as_bytes());
    assert!(out.stderr.len() < 200, "{}", String::from_utf8_lossy(&out.stderr));

    let dir = scratch("fifo-save");
    let fifo = dir.join("game.save");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    for args in
        [vec!["replay", fifo.to_str().unwrap()], vec!["play", "ataxx", "--resume", fifo.to_str().unwrap()]]
    {
        // A writer that would go on for ever: 17 MiB of a saved game's first line.
        let writer = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                use std::io::Write;
                let mut f = fs::OpenOptions::new().write(true).open(fifo).unwrap();
                let chunk = vec![b'#'; 1 << 20];
                for _ in 0..17 {
                    if f.write_all(&chunk).is_err() {
                        break;
                    }
                }
            })
        };
        refused(&args, b"", 2, "over 16777216 bytes, too large for a saved game");
        writer.join().unwrap();
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// `fixtures` checks exit statuses, bounds what it captures and shows, and a
/// timeout stops everything the program started, reporting the time it took.
#[test]
fn the_fixture_runner_checks_statuses_and_bounds_its_programs() {
    let dir = scratch("runner");
    let own = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/checkers");
    let script = |name: &str, body: &str| {
        let path = dir.join(name);
        fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        format!("sh {}", path.display())
    };
    let fixtures = |cmd: &str, suite: &str, timeout: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gametree"))
            .args(["fixtures", suite, "--cmd", cmd, "--timeout", timeout])
            .env("GAMETREE", env!("CARGO_BIN_EXE_gametree"))
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap())
    };

    // Right output, always status 0: every fixture that expects 1 or 2 fails.
    let nonzero = fs::read_dir(own)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "exit"))
        .filter(|e| fs::read_to_string(e.path()).unwrap().trim() != "0")
        .count();
    assert!(nonzero >= 6);
    let (code, text) = fixtures(&script("zero.sh", "\"$GAMETREE\" checkers; exit 0"), own, "60");
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains(&format!("{nonzero} failed")), "{text}");
    assert!(text.contains("  exit status: expected 1, got 0"), "{text}");
    assert!(text.contains("  exit status: expected 2, got 0"), "{text}");

    // One small suite for the rest.
    let suite = dir.join("suite");
    fs::create_dir(&suite).unwrap();
    fs::write(suite.join("a.txt"), "").unwrap();
    fs::write(suite.join("a-out.txt"), "expected\n").unwrap();
    let suite = suite.to_str().unwrap();

    // Endless output: stopped at the cap, a short line shown.
    let (code, text) = fixtures("yes", suite, "60");
    assert_eq!(code, Some(1));
    assert!(text.contains("FAIL a (stopped: printed more than"), "{text}");
    assert!(text.len() < 1000, "{} bytes shown", text.len());

    // A hanging child and a background grandchild: both stopped at the
    // timeout, and the time reported is the time it took.
    let (code, text) = fixtures(&script("hang.sh", "sleep 60 & sleep 60"), suite, "1");
    assert_eq!(code, Some(1));
    assert!(text.contains("FAIL a (stopped after 1."), "{text}");
    assert!(text.contains("by --timeout 1"), "{text}");

    // A program that exits but leaves a grandchild holding its output: judged
    // on what it printed (waiting for the grandchild would end in the timeout).
    let (code, text) = fixtures(&script("leaves.sh", "sleep 60 &\necho expected"), suite, "30");
    assert_eq!((code, text.as_str()), (Some(0), "PASS a\nfixtures: 1 passed, 0 failed\n"));
    fs::remove_dir_all(&dir).unwrap();
}

/// Exports and saves through the real commands: a device, `/dev/stdout`, a FIFO
/// and a symlink are written through, never replaced; a name of 245 bytes
/// works; two exports to one path are refused before anything is written; a
/// byte-order mark starts a protocol input or a saved game harmlessly.
#[test]
fn writes_go_through_links_devices_and_fifos_and_inputs_may_start_with_a_bom() {
    use std::os::unix::fs::{FileTypeExt, symlink};
    let dir = scratch("writes");
    let analyse = |extra: &[&str]| {
        let mut args = vec!["analyse", "tictactoe", "--position", "xo..x.... o"];
        args.extend_from_slice(extra);
        run(&args, b"")
    };
    let out = analyse(&["--json", "/dev/null"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    let out = analyse(&["--json", "/dev/stdout"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"node_count\""));

    let fifo = dir.join("pipe");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    assert!(analyse(&["--dot", fifo.to_str().unwrap()]).status.success());
    assert!(reader.join().unwrap().starts_with("digraph"));
    assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());

    // play's save through a symlink: the target is updated, the link stays.
    let target = dir.join("real.save");
    let link = dir.join("link.save");
    fs::write(&target, "old").unwrap();
    symlink(&target, &link).unwrap();
    let script = format!("b2\nsave! {}\nquit\n", link.display());
    assert!(run(&["play", "tictactoe", "--second", "human"], script.as_bytes()).status.success());
    assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(fs::read_to_string(&target).unwrap().contains("game tictactoe"));

    let long = dir.join(format!("{}.json", "n".repeat(240)));
    assert!(analyse(&["--json", long.to_str().unwrap()]).status.success());
    assert!(fs::metadata(&long).unwrap().len() > 0);

    let twice = dir.join("twice");
    refused(
        &["analyse", "tictactoe", "--json", twice.to_str().unwrap(), "--dot", twice.to_str().unwrap()],
        b"",
        2,
        "give each export its own file",
    );
    assert!(!twice.exists());

    let out = run(&["checkers"], b"\xef\xbb\xbfG6-F5\n");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let with_bom = dir.join("bom.save");
    fs::write(&with_bom, format!("\u{feff}{}", fs::read_to_string(&target).unwrap())).unwrap();
    let out = run(&["replay", with_bom.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    fs::remove_dir_all(&dir).unwrap();
}

/// Runs gametree from `dir` with stdout and stderr given (appended files,
/// `/dev/full`...), stdin empty.
fn run_to(dir: &std::path::Path, args: &[&str], stdout: fs::File, stderr: fs::File) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_gametree"))
        .current_dir(dir)
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .output()
        .unwrap()
}

fn append(path: &std::path::Path) -> fs::File {
    fs::OpenOptions::new().create(true).append(true).open(path).unwrap()
}

const SMALL: [&str; 4] = ["analyse", "tictactoe", "--position", "xo..x.... o"];

/// `--json /dev/stdout >> log` (and every other name of stdout or stderr)
/// appends to the log: the stream is written, never renamed over.
#[test]
fn an_export_to_stdout_appended_to_a_log_keeps_the_log() {
    let dir = scratch("log");
    let log = dir.join("log.txt");
    for name in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "log.txt", "-"] {
        fs::write(&log, "earlier line\n").unwrap();
        let args: Vec<&str> = SMALL.iter().copied().chain(["--json", name]).collect();
        let out = run_to(&dir, &args, append(&log), append(&dir.join("err.txt")));
        assert_eq!(
            out.status.code(),
            Some(0),
            "{name}: {}",
            fs::read_to_string(dir.join("err.txt")).unwrap()
        );
        let text = fs::read_to_string(&log).unwrap();
        assert!(text.starts_with("earlier line\n{"), "{name}: {text:.80}");
        let json: &str = &text["earlier line\n".len()..];
        assert!(
            serde_json::from_str::<serde_json::Value>(json).is_ok(),
            "{name}: the log holds one whole export"
        );
    }
    // The same through stderr.
    let err = dir.join("err.log");
    fs::write(&err, "before\n").unwrap();
    let args: Vec<&str> = SMALL.iter().copied().chain(["--json", "/dev/stderr"]).collect();
    let out = run_to(&dir, &args, append(&dir.join("out.txt")), append(&err));
    assert_eq!(out.status.code(), Some(0));
    assert!(fs::read_to_string(&err).unwrap().starts_with("before\n{"));
    fs::remove_dir_all(&dir).unwrap();
}

/// Two names of one file, or of stdout, are refused before anything is
/// written, and so is an export over the command's own input.
#[test]
fn aliases_of_one_path_are_refused() {
    let dir = scratch("aliases");
    fs::create_dir(dir.join("sub")).unwrap();
    let same = dir.join("same.json");
    let absolute = same.to_str().unwrap();
    for (a, b) in [
        ("same.json", "./same.json"),
        ("same.json", absolute),
        ("same.json", "sub/../same.json"),
        ("/dev/stdout", "-"),
    ] {
        for exists in [false, true] {
            let _ = fs::remove_file(&same);
            if exists {
                fs::write(&same, "kept").unwrap();
            }
            let args: Vec<&str> = SMALL.iter().copied().chain(["--json", a, "--html", b]).collect();
            let out = run_to(&dir, &args, append(&dir.join("out.txt")), append(&dir.join("err.txt")));
            assert_eq!(out.status.code(), Some(2), "{a} {b}");
            assert_eq!(fs::read_to_string(&same).ok(), exists.then(|| "kept".to_string()), "{a} {b}");
        }
    }
    let err = fs::read_to_string(dir.join("err.txt")).unwrap();
    assert!(err.contains("give each export its own file"), "{err}");

    let moves = dir.join("mv.txt");
    fs::write(&moves, "G6-F5\n").unwrap();
    let m = moves.to_str().unwrap();
    refused(
        &["analyse", "checkers", "--depth", "2", "--moves", m, "--json", m],
        b"",
        2,
        "would overwrite the input",
    );
    assert_eq!(fs::read_to_string(&moves).unwrap(), "G6-F5\n");
    // Standard input is an input too, and stdout is not it.
    let from_stdin = |json: &str| {
        let args = ["analyse", "checkers", "--depth", "1", "--moves", "-", "--json", json];
        std::process::Command::new(env!("CARGO_BIN_EXE_gametree"))
            .args(args)
            .stdin(fs::File::open(&moves).unwrap())
            .output()
            .unwrap()
    };
    let out = from_stdin("/dev/stdin");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("would overwrite the input <stdin>"));
    assert_eq!(fs::read_to_string(&moves).unwrap(), "G6-F5\n");
    assert_eq!(from_stdin("-").status.code(), Some(0), "stdout is not stdin");
    // A tree read from a file (`@FILE`) is an input.
    let tree = dir.join("tree.txt");
    fs::write(&tree, "(1 2)").unwrap();
    let at = format!("@{}", tree.display());
    let alias = format!("{}/./tree.txt", dir.display());
    refused(&["analyse", "tree", "--position", &at, "--json", &alias], b"", 2, "would overwrite the input");
    assert_eq!(fs::read_to_string(&tree).unwrap(), "(1 2)");
    fs::remove_dir_all(&dir).unwrap();
}

/// A replaced file keeps its mode; a file the user may not write is refused
/// and left as it is, as a shell's `>` would.
#[test]
fn a_private_file_stays_private_and_a_read_only_one_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("modes");
    let private = dir.join("private.json");
    fs::write(&private, "old").unwrap();
    fs::set_permissions(&private, fs::Permissions::from_mode(0o600)).unwrap();
    let args: Vec<&str> = SMALL.iter().copied().chain(["--json", private.to_str().unwrap()]).collect();
    assert_eq!(run(&args, b"").status.code(), Some(0));
    assert_ne!(fs::read_to_string(&private).unwrap(), "old");
    assert_eq!(fs::metadata(&private).unwrap().permissions().mode() & 0o7777, 0o600);

    let locked = dir.join("locked.json");
    fs::write(&locked, "old").unwrap();
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o444)).unwrap();
    // root may write anything, and so does its shell: nothing to refuse then.
    if fs::OpenOptions::new().write(true).open(&locked).is_err() {
        let args: Vec<&str> = SMALL.iter().copied().chain(["--json", locked.to_str().unwrap()]).collect();
        refused(&args, b"", 4, "not writable");
        assert_eq!(fs::read_to_string(&locked).unwrap(), "old");
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// Stdout or stderr that cannot be written is status 4 for every command,
/// never a panic or an abort; a closed pipe on stdout is quiet.
#[test]
fn unwritable_stdout_or_stderr_is_status_4() {
    let dir = scratch("full");
    let full = || fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let commands: &[&[&str]] = &[
        &["--help"],
        &["--version"],
        &["rules", "checkers"],
        &["solve", "tictactoe"],
        &["best", "tictactoe"],
        &["perft", "tictactoe", "3"],
        &["analyse", "tictactoe", "--depth", "2"],
        &["match", "tictactoe", "random", "easy", "--games", "2"],
        &["play", "tictactoe", "--first", "machine", "--level", "random"],
        &["completions", "bash"],
        &["checkers"],
    ];
    for args in commands {
        let out = run_to(&dir, args, full(), append(&dir.join("err.txt")));
        let err = fs::read_to_string(dir.join("err.txt")).unwrap();
        assert_eq!(out.status.code(), Some(4), "{args:?}: {err}");
        assert!(!err.contains("panicked") && !err.contains("internal error"), "{err}");
        // stderr unwritable too: still 4, no abort.
        let out = run_to(&dir, args, full(), full());
        assert_eq!(out.status.code(), Some(4), "{args:?} with stderr full");
    }
    // An error that cannot be reported: status 4 as well, and no abort.
    let out = run_to(&dir, &["analyse", "chess"], append(&dir.join("out.txt")), full());
    assert_eq!(out.status.code(), Some(4));
    let out =
        run_to(&dir, &["analyse", "tictactoe", "--position", "x"], append(&dir.join("out.txt")), full());
    assert_eq!(out.status.code(), Some(4));

    // `| head`: the reader leaves; the writer ends quietly (by SIGPIPE).
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["perft", "tictactoe", "9", "--divide"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    fs::remove_dir_all(&dir).unwrap();
}

/// An export to a FIFO whose reader leaves is an error with a message.
#[test]
fn an_export_pipe_closed_early_is_status_4() {
    let dir = scratch("fifo-closed");
    let fifo = dir.join("pipe");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || drop(fs::File::open(fifo).unwrap()))
    };
    let f = fifo.to_str().unwrap();
    refused(&["analyse", "tictactoe", "--depth", "6", "--json", f], b"", 4, "pipe");
    reader.join().unwrap();
    fs::remove_dir_all(&dir).unwrap();
}

/// An OSC title and a screen clear: what a hostile file would hide in a line.
const ESCAPES: &str = "\u{1b}]0;PWNED\u{7}\u{1b}[2J";

/// Neither stream of `out` holds an escape or a bell: quoted input is escaped.
fn no_escapes(what: &str, out: &std::process::Output) {
    for (name, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        assert!(
            !bytes.iter().any(|&b| b == 0x1b || b == 0x07 || b == 0x9b),
            "{what}: raw escape on {name}: {:?}",
            String::from_utf8_lossy(bytes)
        );
    }
}

/// Escape sequences in actions, positions, saved games, protocol lines and
/// fixture names are shown escaped, never sent to the terminal as they are.
#[test]
fn escape_sequences_in_input_never_reach_the_terminal() {
    let prefixes = ["", "b2", "a1", "B3", "G6", "G6-", "0", "0-", "0-2", "a7", "h8", "x", "(", "1"];
    for game in gametree::games::ALL.iter().map(|g| g.as_str()) {
        for p in prefixes {
            // A scripted game stops at its first bad line: one line a run.
            for line in [format!("{p}{ESCAPES}"), format!("{ESCAPES}{p}"), format!("{p}-{ESCAPES}")] {
                let script = format!("{line}\nquit\ny\n");
                let out = run(&["play", game, "--first", "human", "--second", "human"], script.as_bytes());
                no_escapes(&format!("play {game}"), &out);
            }
            let position = format!("{p}{ESCAPES}");
            no_escapes(&format!("{game} --position"), &run(&["best", game, "--position", &position], b""));
        }
    }
    no_escapes("protocol", &run(&["checkers"], format!("G6-F5\nB3{ESCAPES}\n").as_bytes()));
    let long = format!("{}{ESCAPES}\n", "x".repeat(30));
    no_escapes("protocol, long line", &run(&["checkers"], long.as_bytes()));

    let dir = scratch("escapes");
    let good = "gametree saved game\ngame tictactoe\nfirst human\nsecond human\nlevel strong\nstart ......... x\nb2\n";
    let damaged = [
        good.replace("game tictactoe", &format!("game tic{ESCAPES}tactoe")),
        good.replace("first human", &format!("first{ESCAPES} human")),
        good.replace("first human", &format!("first human{ESCAPES}")),
        good.replace("start .........", &format!("start ....{ESCAPES}.....")),
        good.replace("b2\n", &format!("b2{ESCAPES}\n")),
        good.replace("b2\n", &format!("a1\nb2\n{ESCAPES}\n")),
        format!("{ESCAPES}{good}"),
    ];
    let save = dir.join("game.save");
    for text in &damaged {
        fs::write(&save, text).unwrap();
        let s = save.to_str().unwrap();
        no_escapes("replay", &run(&["replay", s], b""));
        no_escapes("--resume", &run(&["play", "tictactoe", "--resume", s], b"quit\ny\n"));
    }

    // A fixture whose name holds the sequence, failing so that it is named.
    let suite = dir.join("suite");
    fs::create_dir(&suite).unwrap();
    fs::write(suite.join(format!("a{ESCAPES}.txt")), "").unwrap();
    fs::write(suite.join(format!("a{ESCAPES}-out.txt")), "expected\n").unwrap();
    fs::write(suite.join(format!("a{ESCAPES}.exit")), format!("0{ESCAPES}")).unwrap();
    no_escapes("fixtures", &run(&["fixtures", suite.to_str().unwrap(), "--cmd", "true"], b""));
    fs::remove_file(suite.join(format!("a{ESCAPES}.exit"))).unwrap();
    no_escapes("fixtures", &run(&["fixtures", suite.to_str().unwrap(), "--cmd", "true"], b""));
    fs::remove_dir_all(&dir).unwrap();
}

/// The runner stops a grandchild in a session of its own at the timeout,
/// reads no file without a bound, and runs (and names) fixtures whose names
/// are not UTF-8.
#[test]
fn the_fixture_runner_reaches_every_descendant_and_reads_within_bounds() {
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch("runner-session");
    let suite = dir.join("suite");
    fs::create_dir(&suite).unwrap();
    fs::write(suite.join("a.txt"), "").unwrap();
    fs::write(suite.join("a-out.txt"), "expected\n").unwrap();
    let fixtures = |cmd: &str, timeout: &str| {
        let started = std::time::Instant::now();
        let out = run(&["fixtures", suite.to_str().unwrap(), "--cmd", cmd, "--timeout", timeout], b"");
        (out, started.elapsed())
    };
    // A grandchild in a session of its own holds the output, and outlives
    // its parent: the run ends at the timeout, not 60 s later.
    // The script waits for the grandchild to say who it is, however slowly a
    // loaded machine starts it, so that the timeout always finds it there.
    let marker = dir.join("grandchild.pid");
    let script = dir.join("session.sh");
    let wait = |m: &std::path::Path| format!("until [ -s {0} ]; do sleep 0.01; done", m.display());
    let body = format!(
        "setsid sh -c 'echo $$ > {}.new; mv {0}.new {0}; exec sleep 60' &\n{}\nsleep 60",
        marker.display(),
        wait(&marker)
    );
    fs::write(&script, format!("#!/bin/sh\n{body}\n")).unwrap();
    let (out, took) = fixtures(&format!("sh {}", script.display()), "2");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("FAIL a (stopped after 2."), "{text}");
    assert!(took < std::time::Duration::from_secs(30), "took {took:?}");
    let pid = fs::read_to_string(&marker).unwrap();
    let alive = std::path::Path::new(&format!("/proc/{}", pid.trim())).exists();
    assert!(!alive, "the grandchild {} outlived the run", pid.trim());

    // The same grandchild left behind by a program that exits as soon as it
    // has started it.
    fs::remove_file(&marker).unwrap();
    let script = dir.join("leaves.sh");
    let body = format!(
        "setsid sh -c 'echo $$ > {}.new; mv {0}.new {0}; exec sleep 60' &\n{}\necho expected",
        marker.display(),
        wait(&marker)
    );
    fs::write(&script, format!("#!/bin/sh\n{body}\n")).unwrap();
    let (out, took) = fixtures(&format!("sh {}", script.display()), "30");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "PASS a\nfixtures: 1 passed, 0 failed\n");
    assert!(took < std::time::Duration::from_secs(25), "took {took:?}");
    let pid = fs::read_to_string(&marker).unwrap();
    assert!(!std::path::Path::new(&format!("/proc/{}", pid.trim())).exists(), "grandchild outlived the run");

    // NAME.exit that is endless or never opens: refused, not read.
    let exit = suite.join("a.exit");
    std::os::unix::fs::symlink("/dev/zero", &exit).unwrap();
    let (out, _) = fixtures("true", "10");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("a.exit: not a regular file"));
    fs::remove_file(&exit).unwrap();
    assert!(std::process::Command::new("mkfifo").arg(&exit).status().unwrap().success());
    let (out, _) = fixtures("true", "10");
    assert_eq!(out.status.code(), Some(2));
    fs::remove_file(&exit).unwrap();
    fs::write(&exit, format!("0{}", " ".repeat(1 << 20))).unwrap();
    let (out, _) = fixtures("true", "10");
    assert_eq!(out.status.code(), Some(2), "a status padded to a megabyte is refused");
    fs::remove_file(&exit).unwrap();

    // A name that is not UTF-8 is run and shown, escaped.
    let name = std::ffi::OsStr::from_bytes(b"b\xff");
    fs::write(suite.join(name).with_extension("txt"), "").unwrap();
    fs::write(suite.join(std::ffi::OsStr::from_bytes(b"b\xff-out.txt")), "").unwrap();
    let (out, _) = fixtures("true", "10");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("PASS b\u{fffd}\n"), "{text}");
    assert!(text.contains("fixtures: 1 passed, 1 failed"), "{text}");
    fs::remove_dir_all(&dir).unwrap();
}

/// A saved game's settings are held to the command line's ranges and games,
/// and a key given twice is refused: resuming never plays with a value that
/// `play` itself would refuse.
#[test]
fn saved_settings_are_checked_as_the_command_line_checks_them() {
    let dir = scratch("saved-ranges");
    let save = dir.join("game.save");
    let game = |extra: &str| {
        format!(
            "gametree saved game\ngame tictactoe\nfirst machine\nsecond machine\nlevel random\n{extra}\nstart ......... x\n"
        )
    };
    for (extra, needle) in [
        ("max-nodes 0", "saved setting max-nodes: invalid value '0'"),
        ("think 0", "saved setting think: invalid value '0'"),
        ("think 99999999999", "saved setting think: invalid value '99999999999'"),
        ("depth 65", "saved setting depth: invalid value '65'"),
        ("radius 3", "--radius applies to gomoku only"),
        ("level hard\nlevel easy", "\"level\" is set a second time (first on line 5)"),
        ("seed 1\nseed 1", "\"seed\" is set a second time"),
    ] {
        fs::write(&save, game(extra)).unwrap();
        refused(&["play", "tictactoe", "--resume", save.to_str().unwrap()], b"", 2, needle);
    }
    for extra in ["max-nodes 1", "think 600000", "seed 3"] {
        fs::write(&save, game(extra)).unwrap();
        let out = run(&["play", "tictactoe", "--resume", save.to_str().unwrap()], b"");
        assert_eq!(out.status.code(), Some(0), "{extra}: {}", String::from_utf8_lossy(&out.stderr));
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// Every message goes through one writer: stderr full is status 4 for an
/// error and for a report (--stats), a closed stderr (which Rust's runtime
/// opens on /dev/null) keeps the command's own status, and nothing aborts.
#[test]
fn messages_to_an_unwritable_or_closed_stderr_never_abort() {
    use std::process::{Command, Stdio};
    let run_with = |args: &[&str], stderr: Stdio| {
        Command::new(env!("CARGO_BIN_EXE_gametree"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(stderr)
            .status()
            .unwrap()
            .code()
    };
    let full = || Stdio::from(fs::OpenOptions::new().write(true).open("/dev/full").unwrap());
    // The status with stderr full, and the command's own (with stderr closed).
    for (args, full_status, own) in [
        (&["analyse", "chess"][..], 4, 2),
        (&["fixtures", "/nonexistent/suite"], 4, 2),
        (&["best", "tictactoe", "--stats"], 4, 0),
        (&["analyse", "tictactoe", "--depth", "2", "--stats"], 4, 0),
        // Nothing to say: nothing lost.
        (&["checkers"], 0, 0),
    ] {
        assert_eq!(run_with(args, full()), Some(full_status), "{args:?}");
        // A closed stderr: the shell's `2>&-`.
        let closed = Command::new("sh")
            .arg("-c")
            .arg("exec \"$0\" \"$@\" 2>&-")
            .arg(env!("CARGO_BIN_EXE_gametree"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert_eq!(closed.code(), Some(own), "{args:?} with stderr closed");
    }
}

/// `--max-bytes` holds the explorer page and the trace to a budget: an export
/// of exactly the budget is written whole, one byte over is refused (status 3,
/// naming the flag) with the old file left as it was, and a stream gets
/// nothing rather than a cut export.
#[test]
fn pages_and_traces_over_their_byte_budget_are_refused_and_leave_nothing() {
    let dir = scratch("byte-budget");
    for (flag, search) in
        [("--html", "minimax"), ("--html", "alphabeta"), ("--trace", "minimax"), ("--trace", "alphabeta")]
    {
        let whole = dir.join("whole");
        let file = dir.join("export");
        let base = ["analyse", "tictactoe", "--depth", "4", "--search", search];
        let with = |target: &std::path::Path, budget: Option<u64>| {
            let mut args: Vec<String> = base.iter().map(|s| s.to_string()).collect();
            args.extend([flag.to_string(), target.to_str().unwrap().to_string()]);
            if let Some(b) = budget {
                args.extend(["--max-bytes".to_string(), b.to_string()]);
            }
            run(&args.iter().map(String::as_str).collect::<Vec<_>>(), b"")
        };
        assert!(with(&whole, None).status.success());
        let size = fs::metadata(&whole).unwrap().len();
        assert!(size > 1000, "{flag} {search}: {size} bytes");

        assert!(with(&file, Some(size)).status.success(), "{flag} {search} at its own size");
        assert_eq!(fs::read(&file).unwrap(), fs::read(&whole).unwrap(), "{flag} {search}");

        fs::write(&file, "old").unwrap();
        let out = with(&file, Some(size - 1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{flag} {search}: {err}");
        assert!(err.contains("--max-bytes") && err.contains(flag), "{err}");
        assert_eq!(fs::read(&file).unwrap(), b"old", "{flag} {search}: the old file is kept");
        let left: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left.len(), 2, "{flag} {search}: no temporary left: {left:?}");

        let out = with(std::path::Path::new("-"), Some(size - 1));
        assert_eq!(out.status.code(), Some(3), "{flag} {search} to stdout");
        assert!(out.stdout.is_empty(), "{flag} {search}: stdout got {} bytes", out.stdout.len());
    }
}

/// The refusal before the search rests on lower bounds, 12 bytes of page a
/// node, 60 bytes of minimax trace a node and 30 bytes of any trace an event
/// (alpha-beta's events counted before they are recorded): every game's page and trace
/// are at least that large (so the check never refuses what would fit), and
/// a tree that passes them is refused before anything is written.
#[test]
fn byte_budgets_refuse_up_front_only_what_cannot_fit() {
    let dir = scratch("byte-bounds");
    for (game, depth) in
        [("checkers", "3"), ("tictactoe", "3"), ("niujiao", "5"), ("ataxx", "2"), ("gomoku", "2")]
    {
        let json = dir.join("tree.json");
        let page = dir.join("tree.html");
        let trace = dir.join("trace.json");
        let args = ["analyse", game, "--depth", depth, "--json", json.to_str().unwrap()];
        let mut args = args.to_vec();
        args.extend(["--html", page.to_str().unwrap(), "--trace", trace.to_str().unwrap()]);
        let out = run(&args, b"");
        assert!(out.status.success(), "{game}: {}", String::from_utf8_lossy(&out.stderr));
        let doc: serde_json::Value = serde_json::from_slice(&fs::read(&json).unwrap()).unwrap();
        let nodes = doc["node_count"].as_u64().unwrap();
        assert!(fs::metadata(&page).unwrap().len() >= 12 * nodes, "{game}: page");
        assert!(fs::metadata(&trace).unwrap().len() >= 60 * nodes, "{game}: trace");

        let budget = (12 * nodes - 1).to_string();
        let out = run(
            &["analyse", game, "--depth", depth, "--html", page.to_str().unwrap(), "--max-bytes", &budget],
            b"",
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{game}: {err}");
        assert!(err.contains(&format!("{nodes} nodes take at least")), "{game}: {err}");
        assert!(out.stdout.is_empty(), "{game}: refused before the summary");
        let budget = (60 * nodes - 1).to_string();
        let out = run(
            &["analyse", game, "--depth", depth, "--trace", trace.to_str().unwrap(), "--max-bytes", &budget],
            b"",
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{game}: {err}");
        assert!(err.contains(&format!("{} events take at least", 2 * nodes)), "{game}: {err}");

        // Alpha-beta's events are counted by a search that records nothing,
        // and refused before the summary is printed, as minimax's are.
        let ab =
            ["analyse", game, "--depth", depth, "--search", "alphabeta", "--trace", trace.to_str().unwrap()];
        assert!(run(&ab, b"").status.success(), "{game}: alpha-beta trace");
        let doc: serde_json::Value = serde_json::from_slice(&fs::read(&trace).unwrap()).unwrap();
        let events = doc["event_count"].as_u64().unwrap();
        assert!(fs::metadata(&trace).unwrap().len() >= 30 * events, "{game}: alpha-beta trace");
        let budget = (30 * events - 1).to_string();
        let mut args = ab.to_vec();
        args.extend(["--max-bytes", &budget]);
        let out = run(&args, b"");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{game}: {err}");
        assert!(err.contains(&format!("{events} events take at least")), "{game}: {err}");
        assert!(out.stdout.is_empty(), "{game}: refused before the summary");
    }
}

/// Every message that quotes a position given on the command line quotes at
/// most 40 characters of it, escaped: a megabyte-long argument
/// gives one short line, and a control character never reaches the terminal.
#[test]
fn quoted_input_in_game_messages_is_capped_and_escaped() {
    let long = format!("\u{1b}]0;owned\u{7}{}", "x".repeat(100_000));
    for game in ["checkers", "tictactoe", "niujiao", "ataxx", "gomoku"] {
        for args in [
            vec!["best", game, "--position", long.as_str()],
            vec!["best", game, "--position", &format!("{long} x")],
        ] {
            let out = run(&args, b"");
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{game} {}: {err}", args[2]);
            assert!(err.len() < 400, "{game} {}: {} bytes: {}", args[2], err.len(), &err[..400]);
            assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{game}: {err:?}");
            assert!(err.contains("..."), "{game} {}: {err}", args[2]);
        }
    }
}
