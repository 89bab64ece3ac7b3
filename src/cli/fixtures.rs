//! `gametree fixtures DIR`: run a fixture suite through a program and diff stdout.

use std::fs::{self, File};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use super::failure::{Failure, Kind, Outcome};
use super::lines::quoted_start;
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
    /// How the run ended, if not by the program's own exit.
    stopped: Option<String>,
}

/// Output beyond the expected output and this much more is a failure already:
/// the program is stopped there rather than read on (`yes` prints for ever).
const SLACK: usize = 64 << 10;

/// Runs `program` on `input` in a process group of its own, so that a timeout
/// (or the end of the run) reaches whatever it started too: a grandchild left
/// holding the output pipe would otherwise keep the reader waiting for ever.
fn run_program(program: &[String], input: &Path, timeout: Duration, cap: usize) -> std::io::Result<Run> {
    use std::os::unix::process::CommandExt;
    let mut child = Command::new(&program[0])
        .args(&program[1..])
        .stdin(Stdio::from(File::open(input)?))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()?;
    let group = child.id();
    let kill_group = || crate::runtime::signals::kill_process_group(group);
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let over_cap = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reader = {
        let over_cap = over_cap.clone();
        thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = (&mut stdout).take(cap as u64 + 1).read_to_end(&mut buf);
            if buf.len() > cap {
                buf.truncate(cap);
                over_cap.store(true, std::sync::atomic::Ordering::SeqCst);
            }
            buf
        })
    };
    let started = Instant::now();
    let mut stopped = None;
    let status = loop {
        if let Some(s) = child.try_wait()? {
            break s.code();
        }
        let why = if over_cap.load(std::sync::atomic::Ordering::SeqCst) {
            format!("stopped: printed more than {cap} bytes")
        } else if started.elapsed() > timeout {
            format!(
                "stopped after {:.1} s by --timeout {}",
                started.elapsed().as_secs_f64(),
                timeout.as_secs()
            )
        } else {
            thread::sleep(Duration::from_millis(5));
            continue;
        };
        kill_group();
        let _ = child.wait();
        stopped = Some(why);
        break None;
    };
    // Anything the program left running goes with it.
    kill_group();
    let stdout = reader.join().unwrap_or_default();
    if stopped.is_none() && over_cap.load(std::sync::atomic::Ordering::SeqCst) {
        stopped = Some(format!("stopped: printed more than {cap} bytes"));
    }
    Ok(Run { stdout, status, stopped })
}
/// The status a fixture expects: `NAME.exit` beside `NAME.txt` when there is
/// one; otherwise 1 when the expected output ends with an `ERROR:` line (the
/// protocol's illegal action), else 0.
fn expected_status(input: &Path, expected: &[u8]) -> Result<i32, String> {
    let path = input.with_extension("exit");
    match fs::read_to_string(&path) {
        Ok(text) => text.trim_start_matches('\u{feff}').trim().parse().map_err(|_| {
            format!(
                "{}: expected an exit status (a number), got {}",
                path.display(),
                quoted_start(text.trim())
            )
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let last = expected.split(|&b| b == b'\n').rev().find(|l| !l.is_empty());
            Ok(i32::from(last.is_some_and(|l| l.starts_with(b"ERROR:"))))
        }
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

pub fn run(dir: &Path, cmd: Option<&str>, timeout_secs: u64) -> Outcome {
    let program: Vec<String> = match cmd {
        Some(c) => c.split_whitespace().map(String::from).collect(),
        None => {
            let exe = std::env::current_exe()
                .map_err(|e| Failure::usage(format!("cannot find this program's own path: {e}")))?;
            vec![exe.display().to_string(), "checkers".into()]
        }
    };
    if program.is_empty() {
        return Err(Failure::usage("--cmd is empty; expected a program and its arguments"));
    }
    let pairs = find_pairs(dir).map_err(|e| Failure::usage(format!("cannot read {}: {e}", dir.display())))?;
    if pairs.is_empty() {
        return Err(Failure::usage(format!("no NAME.txt with a NAME-out.txt partner in {}", dir.display())));
    }
    let (mut passed, mut failed) = (0, 0);
    for (name, input, expected_path) in &pairs {
        let expected = fs::read(expected_path)
            .map_err(|e| Failure::usage(format!("cannot read {}: {e}", expected_path.display())))?;
        let want = expected_status(input, &expected).map_err(Failure::usage)?;
        let cap = expected.len() + SLACK;
        let run = run_program(&program, input, Duration::from_secs(timeout_secs), cap)
            .map_err(|e| Failure::usage(format!("cannot run {}: {e}", program[0])))?;
        let exit = match (&run.stopped, run.status) {
            (Some(why), _) => why.clone(),
            (None, Some(c)) => format!("exit status {c}"),
            (None, None) => "killed by a signal".to_string(),
        };
        let verdict = compare(&expected, &run.stdout);
        if verdict == Verdict::Same && run.stopped.is_none() && run.status == Some(want) {
            passed += 1;
            println!("PASS {name}");
            continue;
        }
        failed += 1;
        println!("FAIL {name} ({exit})");
        if let Verdict::Differs(d) = verdict {
            println!("  {d}");
        }
        if run.stopped.is_none() && run.status != Some(want) {
            let got = run.status.map_or("a signal".to_string(), |c| c.to_string());
            println!("  exit status: expected {want}, got {got}");
        }
    }
    println!("fixtures: {passed} passed, {failed} failed");
    // Each failed fixture has been shown on stdout.
    if failed == 0 { Ok(()) } else { Err(Failure::quiet(Kind::Refused)) }
}

/// `gametree fixtures`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The folder of NAME.txt inputs and NAME-out.txt expected outputs.
    dir: PathBuf,
    /// The program and its arguments, split at white space (default: this
    /// gametree's `checkers` command). Each input is given on stdin.
    #[arg(long, value_name = "PROGRAM ARGS")]
    cmd: Option<String>,
    /// Seconds each run may take before it is stopped and counted as failed.
    #[arg(long, default_value_t = 60)]
    timeout: u64,
}

impl Args {
    pub fn run(self) -> Outcome {
        run(&self.dir, self.cmd.as_deref(), self.timeout)
    }
}
