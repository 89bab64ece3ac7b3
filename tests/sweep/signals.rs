//! Signals: Ctrl-C, SIGTERM and SIGHUP in the long-running commands, and a
//! closed terminal, end them as documented with nothing lost.

use super::*;

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
fn closing_the_terminal_during_play_is_status_129() {
    let dir = scratch("hangup");
    let mut cmd = Command::new(BIN);
    cmd.args(["play", "tictactoe", "--second", "human"]).env("XDG_STATE_HOME", &*dir).env("HOME", &*dir);
    let mut p = support::terminal::Terminal::spawn(cmd);
    p.expect("x> ");
    p.send_line("b2");
    p.expect("o> ");
    // The window closes: the last descriptor of the terminal's end goes.
    p.hang_up();
    assert_eq!(p.exit_status(), 129);
    let kept = fs::read_to_string(dir.join("gametree/tictactoe.save")).unwrap();
    assert!(kept.contains("b2"), "{kept}");
}

#[test]
fn ctrl_c_leaves_the_start_menus_load_of_a_fifo_nobody_writes() {
    let dir = scratch("menu-fifo");
    let fifo = dir.join("nobody-writes");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let mut cmd = Command::new(BIN);
    cmd.args(["play", "tictactoe"]).env("XDG_STATE_HOME", &*dir).env("HOME", &*dir);
    let mut p = support::terminal::Terminal::spawn(cmd);
    p.expect("choose: ");
    p.send_line("2");
    p.expect("saved game file: ");
    p.send_line(fifo.to_str().unwrap());
    std::thread::sleep(std::time::Duration::from_millis(300));
    let asked = std::time::Instant::now();
    p.send(b"\x03");
    p.expect("interrupted while waiting for");
    // Left at once, as Ctrl-C at the menu leaves: not the menu shown again.
    let rest = p.expect_end();
    assert!(!rest.contains("choose:"), "the menu came back: {rest:?}");
    assert_eq!(p.exit_status(), 130);
    assert!(asked.elapsed().as_secs() < 5);
}

#[test]
fn a_signal_removes_exercises_half_made_set() {
    use super::outputs::set_files;
    let dir = scratch("exercise-killed");
    let out = dir.join("o");
    let o = out.to_str().unwrap();
    ended(&run(&["exercise", "--out", o, "--count", "3"], ""), 0, "");
    let before = set_files(&out);
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        let mut child = Command::new(BIN)
            .args(["exercise", "--out", o, "--count", "1000", "--seed", "7"])
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Killed once the new set's folder is filling.
        let started = std::time::Instant::now();
        let filling = || fs::read_dir(&*dir).unwrap().flatten().any(|e| e.file_name() != "o");
        while !filling() {
            assert!(started.elapsed().as_secs() < 30, "no set was begun");
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
        // SAFETY: kill takes the child's pid (not yet reaped) and a signal.
        assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
        let status = child.wait().unwrap();
        assert!(status.code().is_none(), "ended by the signal: {status:?}");
        let names: Vec<_> = fs::read_dir(&*dir).unwrap().flatten().map(|e| e.file_name()).collect();
        assert_eq!(names, ["o"], "signal {signal}: the half-made set was left");
        assert!(set_files(&out) == before, "signal {signal}: the old set was touched");
    }
}
