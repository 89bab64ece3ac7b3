//! `gametree fixtures DIR`: run a fixture suite through a program and diff stdout.

use std::fs::{self, File};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use super::status;
use crate::fixtures::{Verdict, compare};

/// Pairs `NAME.txt` with `NAME-out.txt` in `dir`, sorted by name (numbers in
/// names compare as numbers, so test10 follows test9).
pub fn find_pairs(dir: &Path) -> std::io::Result<Vec<(String, PathBuf, PathBuf)>> {
    let mut pairs = Vec::new();
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let Some(stem) = name.strip_suffix(".txt") else {
            continue;
        };
        if stem.ends_with("-out") || !path.is_file() {
            continue;
        }
        let expected = dir.join(format!("{stem}-out.txt"));
        if expected.is_file() {
            pairs.push((stem.to_string(), path, expected));
        }
    }
    pairs.sort_by_key(|p| natural_key(&p.0));
    Ok(pairs)
}

fn natural_key(s: &str) -> Vec<(String, u64)> {
    let mut key = Vec::new();
    let mut text = String::new();
    let mut digits = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            if !digits.is_empty() {
                key.push((std::mem::take(&mut text), digits.parse().unwrap_or(u64::MAX)));
                digits.clear();
            }
            text.push(c);
        }
    }
    key.push((text, if digits.is_empty() { 0 } else { digits.parse().unwrap_or(u64::MAX) }));
    key
}

struct Run {
    stdout: Vec<u8>,
    status: Option<i32>,
    timed_out: bool,
}

fn run_program(program: &[String], input: &Path, timeout: Duration) -> std::io::Result<Run> {
    let mut child = Command::new(&program[0])
        .args(&program[1..])
        .stdin(Stdio::from(File::open(input)?))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let reader = thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stdout.read_to_end(&mut buf);
        buf
    });
    let started = Instant::now();
    let (status, timed_out) = loop {
        if let Some(s) = child.try_wait()? {
            break (s.code(), false);
        }
        if started.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            break (None, true);
        }
        thread::sleep(Duration::from_millis(5));
    };
    let stdout = reader.join().unwrap_or_default();
    Ok(Run { stdout, status, timed_out })
}

pub fn run(dir: &Path, cmd: Option<&str>, timeout_secs: u64) -> u8 {
    let program: Vec<String> = match cmd {
        Some(c) => c.split_whitespace().map(String::from).collect(),
        None => match std::env::current_exe() {
            Ok(exe) => vec![exe.display().to_string(), "checkers".into()],
            Err(e) => {
                eprintln!("gametree: cannot find this program's own path: {e}");
                return status::USAGE;
            }
        },
    };
    if program.is_empty() {
        eprintln!("gametree: --cmd is empty; expected a program and its arguments");
        return status::USAGE;
    }
    let pairs = match find_pairs(dir) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("gametree: cannot read {}: {e}", dir.display());
            return status::USAGE;
        }
    };
    if pairs.is_empty() {
        eprintln!("gametree: no NAME.txt with a NAME-out.txt partner in {}", dir.display());
        return status::USAGE;
    }
    let (mut passed, mut failed) = (0, 0);
    for (name, input, expected_path) in &pairs {
        let expected = match fs::read(expected_path) {
            Ok(e) => e,
            Err(e) => {
                eprintln!("gametree: cannot read {}: {e}", expected_path.display());
                return status::USAGE;
            }
        };
        let run = match run_program(&program, input, Duration::from_secs(timeout_secs)) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("gametree: cannot run {}: {e}", program[0]);
                return status::USAGE;
            }
        };
        let exit = match (run.timed_out, run.status) {
            (true, _) => format!("stopped after {timeout_secs} s"),
            (false, Some(c)) => format!("exit status {c}"),
            (false, None) => "killed by a signal".to_string(),
        };
        match compare(&expected, &run.stdout) {
            Verdict::Same if !run.timed_out => {
                passed += 1;
                println!("PASS {name}");
            }
            verdict => {
                failed += 1;
                println!("FAIL {name} ({exit})");
                if let Verdict::Differs(d) = verdict {
                    println!("  {d}");
                }
            }
        }
    }
    println!("fixtures: {passed} passed, {failed} failed");
    if failed == 0 { status::OK } else { status::ILLEGAL_ACTION }
}
