//! The hostile sweep of issue 35: nothing a user has is lost, nothing runs
//! away or hangs. Each test drives the real binary the way the sweep did
//! (shell redirections, descriptors, limits set in the child, signals).

use crate::support::{self, run};
use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_gametree");

fn scratch(tag: &str) -> support::Scratch {
    support::Scratch::new(&format!("sweep-{tag}"))
}

/// Runs `script` in `sh` with `$G` the binary, in `dir`.
fn shell(dir: &Path, script: &str) -> Output {
    Command::new("sh")
        .args(["-c", script])
        .env("G", BIN)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Asserts the run ended with `status` and said `needle`, with no panic.
fn ended(out: &Output, status: i32, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(status), "{err}");
    assert!(err.contains(needle), "{err:?} lacks {needle:?}");
    assert!(!err.contains("panicked") && !err.contains("internal error"), "{err}");
}

/// A saved game to stand for any file the shell opened as input.
fn saved_game(dir: &Path) -> (std::path::PathBuf, Vec<u8>) {
    let path = dir.join("g.save");
    let text = b"gametree saved game 1\ngame tictactoe\n".to_vec();
    fs::write(&path, &text).unwrap();
    (path, text)
}

#[test]
fn an_export_over_stdin_or_a_read_only_descriptor_is_refused() {
    let dir = scratch("stdin");
    let (save, text) = saved_game(&dir);
    for name in ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "g.save", "./g.save"] {
        let out = shell(&dir, &format!("\"$G\" analyse tictactoe --depth 2 --json {name} < g.save"));
        ended(&out, 2, "standard input, which is open only for reading");
        assert_eq!(fs::read(&save).unwrap(), text, "{name}: the input was written");
    }
    for name in ["/dev/fd/3", "/proc/self/fd/3"] {
        let out = shell(&dir, &format!("\"$G\" analyse tictactoe --depth 2 --dot {name} 3< g.save"));
        ended(&out, 2, "descriptor 3");
        assert_eq!(fs::read(&save).unwrap(), text, "{name}: the input was written");
    }
    // A pipe on stdin is an input too: nothing is written into it.
    let out = shell(&dir, "cat g.save | \"$G\" analyse tictactoe --depth 2 --json /dev/stdin");
    ended(&out, 2, "standard input");
    // MCTS's exports are checked the same way.
    let out =
        shell(&dir, "\"$G\" analyse tictactoe --search mcts --iterations 10 --json /dev/stdin < g.save");
    ended(&out, 2, "standard input");
    assert_eq!(fs::read(&save).unwrap(), text);
    // `play`'s `save FILE` in a script read from that file is refused too.
    let script = dir.join("script.txt");
    fs::write(&script, "save script.txt\nquit\n").unwrap();
    let out = shell(&dir, "\"$G\" play tictactoe < script.txt");
    assert_ne!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(fs::read_to_string(&script).unwrap(), "save script.txt\nquit\n");
    // A terminal or /dev/null on stdin loses nothing: writing there still works.
    let out = shell(&dir, "\"$G\" analyse tictactoe --depth 1 --json /dev/null < /dev/null");
    ended(&out, 0, "");
}

#[test]
fn max_bytes_holds_mcts_pages_and_traces() {
    let dir = scratch("mcts-bytes");
    let page = dir.join("p.html");
    let args = ["analyse", "tictactoe", "--search", "mcts", "--iterations", "2000", "--max-bytes", "1K"];
    let html: Vec<&str> = args.iter().copied().chain(["--html", page.to_str().unwrap()]).collect();
    let out = run(&html, "");
    ended(&out, 3, "--max-bytes");
    assert!(!page.exists(), "a page over the budget was written");
    let stdout: Vec<&str> = args.iter().copied().chain(["--trace", "-"]).collect();
    let out = run(&stdout, "");
    ended(&out, 3, "--max-bytes");
    assert!(out.stdout.is_empty(), "{} bytes reached stdout", out.stdout.len());
}

/// Every file of a set folder with its bytes, sorted by name, one level of
/// exercise folders included.
fn set_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.file_type().unwrap().is_dir() {
            for (inner, bytes) in set_files(&entry.path()) {
                files.push((format!("{name}/{inner}"), bytes));
            }
        } else {
            files.push((name, fs::read(entry.path()).unwrap()));
        }
    }
    files.sort();
    files
}

#[test]
fn an_exercise_over_its_own_input_is_refused() {
    let dir = scratch("exercise-input");
    let out = dir.join("o");
    let o = out.to_str().unwrap();
    assert!(run(&["exercise", "--out", o], "").status.success());
    let before = set_files(&out);
    let input = format!("@{o}/answers.json");
    let refused = run(&["exercise", "--game", "tree", "--position", &input, "--out", o], "");
    ended(&refused, 2, "holds the input --position");
    assert!(set_files(&out) == before, "the set holding the input was touched");
    // By another name of the folder too.
    let input = format!("@{}/o/../o/answers.json", dir.display());
    let refused = run(&["exercise", "--game", "tree", "--position", &input, "--out", &format!("{o}/.")], "");
    ended(&refused, 2, "holds the input --position");
}

/// Runs the binary with `args` and a limit set in the child before it starts.
fn limited(args: &[&str], resource: libc::__rlimit_resource_t, bytes: u64) -> Output {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new(BIN);
    cmd.args(args).stdin(Stdio::null());
    // SAFETY: between fork and exec only async-signal-safe calls, on values
    // owned by the closure.
    unsafe {
        cmd.pre_exec(move || {
            let limit = libc::rlimit { rlim_cur: bytes, rlim_max: bytes };
            // A file over RLIMIT_FSIZE fails its write (EFBIG), as on a full
            // disk, instead of killing the process.
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            if libc::setrlimit(resource, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    cmd.output().unwrap()
}

#[test]
fn an_exercise_set_is_written_whole_or_not_at_all() {
    let dir = scratch("exercise-whole");
    let out = dir.join("o");
    let o = out.to_str().unwrap();
    assert!(run(&["exercise", "--out", o, "--count", "3"], "").status.success());
    fs::write(out.join("README"), "the teacher's notes").unwrap();
    let before = set_files(&out);
    // A disk that fills part way (no file may pass 40 KB; the pages are
    // larger): nothing of the new set is seen.
    let full = limited(&["exercise", "--out", o, "--count", "3", "--seed", "9"], libc::RLIMIT_FSIZE, 40_000);
    ended(&full, 4, "cannot write");
    assert!(set_files(&out) == before, "a failed set changed the old one");
    // A folder where the set has a file: refused, and nothing replaced.
    fs::create_dir(out.join("exercise-02/answers.json.d")).unwrap();
    fs::rename(out.join("exercise-02/answers.json"), out.join("keep.json")).unwrap();
    fs::rename(out.join("exercise-02/answers.json.d"), out.join("exercise-02/answers.json")).unwrap();
    fs::write(out.join("exercise-02/answers.json/mine.txt"), "mine").unwrap();
    let before = set_files(&out);
    let refused = run(&["exercise", "--out", o, "--count", "3", "--seed", "9"], "");
    ended(&refused, 4, "a folder, where the set has a file");
    assert!(set_files(&out) == before, "a refused set changed the old one");
    fs::remove_dir_all(out.join("exercise-02/answers.json")).unwrap();
    // A set that succeeds replaces the old one whole and keeps what is not its.
    assert!(run(&["exercise", "--out", o, "--count", "2", "--seed", "9"], "").status.success());
    let after = set_files(&out);
    let fresh = dir.join("fresh");
    assert!(
        run(&["exercise", "--out", fresh.to_str().unwrap(), "--count", "2", "--seed", "9"], "")
            .status
            .success()
    );
    for (name, bytes) in set_files(&fresh) {
        assert!(after.contains(&(name.clone(), bytes)), "{name} is not the new set's");
    }
    let names: Vec<&str> = after.iter().map(|(n, _)| n.as_str()).collect();
    for kept in ["README", "keep.json", "exercise-03/answers.json"] {
        assert!(names.contains(&kept), "{kept} was lost: {names:?}");
    }
    let leftovers: Vec<_> = fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name()).collect();
    assert_eq!(leftovers.len(), 2, "temporary folders left: {leftovers:?}");
    // Not a folder: said so.
    let file = dir.join("o/README");
    ended(&run(&["exercise", "--out", file.to_str().unwrap()], ""), 4, "not a folder");
}

/// Address space for the budget tests: enough to start and read a small
/// input, far too little for any default budget.
const ADDRESS_SPACE: u64 = 300_000 * 1024;

#[test]
fn budgets_hold_to_the_address_space_ulimit_leaves() {
    let dir = scratch("ulimit");
    let cases: [&[&str]; 4] = [
        &["analyse", "checkers", "--depth", "8"],
        &["analyse", "gomoku", "--search", "mcts", "--iterations", "2000000"],
        &["solve", "checkers", "--max-memory", "100G"],
        &["best", "checkers", "--depth", "8", "--search", "minimax"],
    ];
    for args in cases {
        let out = limited(args, libc::RLIMIT_AS, ADDRESS_SPACE);
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        ended(&out, 3, "ulimit -v");
    }
    // A tree file whose page cannot fit: a budget's status and one line,
    // never an abort.
    // About 9 MB: 600 subtrees of four levels of four children, the leaves
    // numbered 10 to 99.
    fn subtree(depth: u32, n: &mut u32) -> String {
        if depth == 0 {
            *n += 1;
            return (10 + *n % 90).to_string();
        }
        let children: Vec<String> = (0..4).map(|_| subtree(depth - 1, n)).collect();
        format!("({})", children.join(" "))
    }
    let mut n = 0;
    let subtrees: Vec<String> = (0..600).map(|_| subtree(6, &mut n)).collect();
    let big = dir.join("big.txt");
    fs::write(&big, format!("({})", subtrees.join(" "))).unwrap();
    let page = dir.join("x.html");
    let position = format!("@{}", big.display());
    let args = ["analyse", "tree", "--position", &position, "--html", page.to_str().unwrap()];
    let out = limited(&args, libc::RLIMIT_AS, ADDRESS_SPACE);
    ended(&out, 3, "memory");
    assert!(!page.exists());
}

/// A two-person tic-tac-toe game at a terminal, x's b2 played, whose
/// automatic save cannot be written: `env` sets the state folder.
fn unsaveable_game(env: &[(&str, &Path)], unset: &[&str]) -> support::terminal::Terminal {
    let mut cmd = Command::new(BIN);
    cmd.args(["play", "tictactoe", "--second", "human"]);
    for (key, value) in env {
        cmd.env(key, value);
    }
    for key in unset {
        cmd.env_remove(key);
    }
    let mut p = support::terminal::Terminal::spawn(cmd);
    p.expect("x> ");
    p.send_line("b2");
    p.expect("o> ");
    p
}

#[test]
fn ctrl_c_with_no_autosave_says_why_and_offers_another_file() {
    let dir = scratch("unsaveable");
    let state = dir.join("state-is-a-file");
    fs::write(&state, "not a folder").unwrap();
    let mut p = unsaveable_game(&[("XDG_STATE_HOME", &state), ("HOME", &dir)], &[]);
    p.send(b"\x03"); // Ctrl-C
    p.expect("game left unfinished; it could not be kept in");
    p.expect("save it to another file?");
    let elsewhere = dir.join("kept.save");
    p.send_line(elsewhere.to_str().unwrap());
    p.expect("saved to");
    p.expect_end();
    assert_eq!(p.exit_status(), 130);
    let saved = fs::read_to_string(&elsewhere).unwrap();
    assert!(saved.contains("b2"), "{saved}");
    // With no HOME nor XDG_STATE_HOME: said too; Enter leaves it.
    let mut p = unsaveable_game(&[], &["HOME", "XDG_STATE_HOME"]);
    p.send(b"\x03");
    p.expect("neither XDG_STATE_HOME nor HOME is set");
    p.expect("save it to another file?");
    p.send_line("");
    p.expect_end();
    assert_eq!(p.exit_status(), 130);
}

#[test]
fn a_saved_game_is_read_once_from_a_pipe() {
    let dir = scratch("read-once");
    let out = shell(&dir, "printf 'b2\\nsave! g.save\\nquit\\n' | \"$G\" play tictactoe --second human");
    ended(&out, 0, "");
    let replayed = shell(&dir, "cat g.save | \"$G\" replay /dev/stdin");
    ended(&replayed, 0, "");
    assert!(String::from_utf8_lossy(&replayed.stdout).contains("b2"));
    // A FIFO as bash's process substitution gives it (/dev/fd/N of a pipe).
    let fifo = dir.join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let replayed = shell(&dir, "cat g.save > fifo & \"$G\" replay fifo");
    ended(&replayed, 0, "");
    assert!(String::from_utf8_lossy(&replayed.stdout).contains("b2"));
    let resumed = shell(&dir, "cat g.save > fifo & printf 'quit\\n' | \"$G\" play tictactoe --resume fifo");
    ended(&resumed, 0, "");
}

/// Whether process `pid` still runs (a zombie has ended: only its parent's
/// wait is missing).
fn running(pid: i32) -> bool {
    match fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat.rsplit_once(')').is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

#[test]
fn a_killed_fixture_runner_takes_its_program_with_it() {
    let dir = scratch("runner-killed");
    let suite = dir.join("suite");
    fs::create_dir(&suite).unwrap();
    fs::write(suite.join("a.txt"), "").unwrap();
    fs::write(suite.join("a-out.txt"), "expected\n").unwrap();
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        let pid_file = dir.join(format!("pid-{signal}"));
        let script = dir.join("spin.sh");
        fs::write(&script, "#!/bin/sh\necho $$ > \"$1\"\nwhile :; do :; done\n").unwrap();
        let cmd = format!("sh {} {}", script.display(), pid_file.display());
        let mut runner = Command::new(BIN)
            .args(["fixtures", suite.to_str().unwrap(), "--cmd", &cmd, "--timeout", "600"])
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        let pid = loop {
            if let Some(pid) = fs::read_to_string(&pid_file).ok().and_then(|t| t.trim().parse::<i32>().ok()) {
                break pid;
            }
            assert!(started.elapsed().as_secs() < 30, "the program never started");
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        // SAFETY: kill takes the runner's pid (not yet reaped) and a signal.
        assert_eq!(unsafe { libc::kill(runner.id() as i32, signal) }, 0);
        let status = runner.wait().unwrap();
        assert!(status.code().is_none(), "ended by the signal: {status:?}");
        let gone = std::time::Instant::now();
        while running(pid) && gone.elapsed().as_secs() < 10 {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        if running(pid) {
            // SAFETY: as above, on the program the runner left behind.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            panic!("signal {signal}: the program under test outlived its runner");
        }
    }
}

/// The machine on both sides, in a terminal with its own state folder.
fn machines(dir: &Path, extra: &[&str]) -> support::terminal::Terminal {
    let mut cmd = Command::new(BIN);
    cmd.args(["play", "--first", "machine", "--second", "machine"]).args(extra);
    cmd.env("XDG_STATE_HOME", dir).env("HOME", dir);
    support::terminal::Terminal::spawn(cmd)
}

#[test]
fn ctrl_c_ends_machine_against_machine_play() {
    let dir = scratch("machines");
    // During --delay: heard at once, not after eight seconds.
    let mut p = machines(&dir, &["tictactoe", "--delay", "8000"]);
    p.expect("x plays ");
    let asked = std::time::Instant::now();
    p.send(b"\x03");
    p.expect("interrupted: game left unfinished");
    p.expect_end();
    assert_eq!(p.exit_status(), 130);
    assert!(asked.elapsed().as_secs() < 4, "Ctrl-C waited for the delay");
    // While the machine thinks: its move is played, then the game ends.
    let mut p = machines(&dir, &["gomoku", "--level", "strong", "--think", "600000"]);
    p.expect("(type help for the commands)");
    std::thread::sleep(std::time::Duration::from_millis(300));
    p.send(b"\x03");
    p.expect("interrupted: game left unfinished");
    p.expect_end();
    assert_eq!(p.exit_status(), 130);
    // --delay has a bound.
    ended(&run(&["play", "tictactoe", "--delay", "60001"], ""), 2, "--delay");
}

#[test]
fn json_dot_and_efg_are_held_to_max_bytes() {
    let dir = scratch("export-bytes");
    // Refused before writing when the tree is sure to pass it.
    for flag in ["--json", "--dot", "--efg"] {
        let file = dir.join("huge");
        let args = ["analyse", "checkers", "--depth", "6", flag, file.to_str().unwrap(), "--max-bytes", "1M"];
        ended(&run(&args, ""), 3, &format!("{flag} "));
        assert!(!file.exists(), "{flag}: a file over the budget was written");
    }
    // Held exactly: an export of N bytes fits N and not N - 1, to a file or
    // to stdout, where nothing is written when it does not fit.
    for flag in ["--json", "--dot", "--efg"] {
        let file = dir.join(format!("fits{}", &flag[1..]));
        let path = file.to_str().unwrap();
        let args = ["analyse", "tictactoe", "--depth", "2", flag, path];
        assert!(run(&args, "").status.success());
        let size = fs::metadata(&file).unwrap().len();
        fs::remove_file(&file).unwrap();
        let limited = |bytes: u64, to: &str| {
            let bytes = bytes.to_string();
            run(&["analyse", "tictactoe", "--depth", "2", flag, to, "--max-bytes", &bytes], "")
        };
        assert!(limited(size, path).status.success(), "{flag} of {size} bytes within {size}");
        assert_eq!(fs::metadata(&file).unwrap().len(), size);
        fs::remove_file(&file).unwrap();
        ended(&limited(size - 1, path), 3, "--max-bytes");
        assert!(!file.exists(), "{flag}: a file over the budget was written");
        let out = limited(size - 1, "-");
        ended(&out, 3, "--max-bytes");
        assert!(out.stdout.is_empty(), "{flag}: {} bytes reached stdout", out.stdout.len());
    }
    // MCTS's JSON too.
    let args = [
        "analyse",
        "tictactoe",
        "--search",
        "mcts",
        "--iterations",
        "500",
        "--json",
        "-",
        "--max-bytes",
        "2K",
    ];
    ended(&run(&args, ""), 3, "--max-bytes");
}

#[test]
fn closing_the_terminal_during_play_is_status_129() {
    use std::io::{Read, Write};
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    use std::os::unix::process::CommandExt;
    let dir = scratch("hangup");
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes the two descriptors it opened into the ints.
    let opened = unsafe {
        libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null(), std::ptr::null())
    };
    assert_eq!(opened, 0);
    // The program must not inherit the terminal's end, or closing ours
    // would not close the terminal.
    for fd in [master, slave] {
        // SAFETY: fcntl on a descriptor just opened, setting a flag only.
        assert_eq!(unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) }, 0);
    }
    // SAFETY: both were just opened by openpty and are owned here alone.
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let mut cmd = Command::new(BIN);
    cmd.args(["play", "tictactoe", "--second", "human"]).env("XDG_STATE_HOME", &*dir).env("HOME", &*dir);
    let dup = || Stdio::from(slave.try_clone().unwrap());
    cmd.stdin(dup()).stdout(dup()).stderr(dup());
    // SAFETY: between fork and exec only async-signal-safe calls: a session
    // whose controlling terminal is the pty, as a terminal window gives.
    unsafe {
        cmd.pre_exec(|| {
            if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY as _, 0) < 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = cmd.spawn().unwrap();
    drop(slave);
    let mut master = std::fs::File::from(master);
    let mut seen = Vec::new();
    let mut wait_for = |master: &mut std::fs::File, needle: &[u8]| {
        let mut buf = [0u8; 1024];
        while !seen.windows(needle.len()).any(|w| w == needle) {
            let n = master.read(&mut buf).unwrap();
            assert!(n > 0, "the program ended early: {}", String::from_utf8_lossy(&seen));
            seen.extend_from_slice(&buf[..n]);
        }
        seen.clear();
    };
    wait_for(&mut master, b"x> ");
    master.write_all(b"b2\n").unwrap();
    wait_for(&mut master, b"o> ");
    assert!(master.as_raw_fd() > 2);
    // The window closes: the last descriptor of the terminal's end goes.
    drop(master);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(129), "{status:?}");
    let kept = fs::read_to_string(dir.join("gametree/tictactoe.save")).unwrap();
    assert!(kept.contains("b2"), "{kept}");
}

#[test]
fn messages_say_what_was_given_in_plain_words() {
    let dir = scratch("messages");
    let out = dir.join("o");
    let o = out.to_str().unwrap();
    // --branching as typed, never narrowed to another number.
    for (given, said) in [("2..256", "--branching 2..256 "), ("300..300", "--branching 300..300 ")] {
        ended(&run(&["exercise", "--out", o, "--branching", given], ""), 2, said);
    }
    ended(
        &run(&["exercise", "--out", o, "--branching", "2..4294967296"], ""),
        2,
        "--branching 2..4294967296 ",
    );
    // exercise has no --max-nodes to raise.
    let big = run(&["exercise", "--out", o, "--game", "checkers", "--depth", "4"], "");
    ended(&big, 3, "more than 400 nodes");
    assert!(!String::from_utf8_lossy(&big.stderr).contains("--max-nodes"));
    // No words of Rust's number parser.
    for args in [
        &["perft", "checkers", "3", "--max-time", "0.5"][..],
        &["play", "tictactoe", "--think", "1e30"],
        &["analyse", "tictactoe", "--max-nodes", "1e30"],
    ] {
        let out = run(args, "");
        ended(&out, 2, "expected a whole number");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("invalid digit"), "{args:?}");
    }
    let clock = run(&["analyse", "ataxx", "--position", "7/7/7/7/7/7/7 x 4294967295"], "");
    ended(&clock, 2, "the half-move clock must be at most 65535");
    // A timeout of no time fails every fixture: refused, as perft's is.
    ended(&run(&["fixtures", ".", "--timeout", "0"], ""), 2, "--timeout");
    assert!(!out.exists());
}

#[test]
fn exports_are_written_all_or_none() {
    let dir = scratch("all-or-none");
    // A root of 65,535 children: more distinct actions than a page numbers.
    let leaves: Vec<String> = (0..65_535).map(|i| (i % 100).to_string()).collect();
    let wide = dir.join("wide.txt");
    fs::write(&wide, format!("({})", leaves.join(" "))).unwrap();
    let (json, dot, html) = (dir.join("a.json"), dir.join("d.dot"), dir.join("p.html"));
    fs::write(&json, "old json").unwrap();
    let position = format!("@{}", wide.display());
    let args = [
        "analyse",
        "tree",
        "--position",
        &position,
        "--max-bytes",
        "1G",
        "--json",
        json.to_str().unwrap(),
        "--dot",
        dot.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ];
    let out = run(&args, "");
    ended(&out, 4, "p.html");
    assert_eq!(
        fs::read_to_string(&json).unwrap(),
        "old json",
        "the JSON was replaced though the page failed"
    );
    assert!(!dot.exists() && !html.exists(), "an export was written though another failed");
    let names: Vec<_> = fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name()).collect();
    assert_eq!(names.len(), 2, "temporaries left: {names:?}");
}

#[test]
fn a_saved_file_name_is_said_without_its_escapes() {
    let dir = scratch("escape-name");
    let out = Command::new(BIN)
        .args(["play", "tictactoe", "--second", "human"])
        .current_dir(&*dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(b"b2\nsave! \x1b[2Jx.save\nquit\n")?;
            child.wait_with_output()
        })
        .unwrap();
    ended(&out, 0, "");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("saved to "), "{said}");
    assert!(!said.contains('\x1b'), "a raw escape reached the terminal: {said:?}");
    assert!(dir.join("\x1b[2Jx.save").is_file(), "the file keeps the name given");
}
