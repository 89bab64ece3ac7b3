//! `gametree fixtures DIR`: run a fixture suite through a program and diff stdout.

use std::fs::{self, File};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use super::child::{Ended, watch};
use super::failure::{Failure, Kind, Outcome};
use super::lines::quoted_start;
use crate::fixtures::{Verdict, compare_streams};

/// Pairs `NAME.txt` with `NAME-out.txt` in `dir`, sorted by name (numbers in
/// names compare as numbers, so test10 follows test9). A name need not be
/// UTF-8: it is shown with what it cannot show replaced and escaped.
pub fn find_pairs(dir: &Path) -> std::io::Result<Vec<(String, PathBuf, PathBuf)>> {
    use std::os::unix::ffi::{OsStrExt, OsStringExt};
    let mut pairs = Vec::new();
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        let Some(name) = path.file_name().map(|n| n.as_bytes()) else {
            continue;
        };
        let Some(stem) = name.strip_suffix(b".txt") else {
            continue;
        };
        if stem.ends_with(b"-out") || !path.is_file() {
            continue;
        }
        let expected = dir.join(std::ffi::OsString::from_vec([stem, b"-out.txt"].concat()));
        if expected.is_file() {
            let shown = crate::game::printable(&String::from_utf8_lossy(stem)).into_owned();
            pairs.push((shown, path, expected));
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
    /// How the output compares with the expected, if it could be read.
    verdict: std::io::Result<Verdict>,
    status: Option<i32>,
    /// How the run ended, if not by the program's own exit.
    stopped: Option<String>,
}

/// Output beyond the expected output and this much more is a failure already:
/// the program is stopped there rather than read on (`yes` prints for ever).
const SLACK: u64 = 64 << 10;

/// Runs `program` on `input` and compares what it prints with `expected` as
/// it comes, watched as [`super::child::watch`] watches a program.
fn run_program(program: &[String], input: &Path, expected: &Path, timeout: Duration) -> std::io::Result<Run> {
    let cap = fs::metadata(expected)?.len() + SLACK;
    let expected = File::open(expected)?;
    let mut command = Command::new(&program[0]);
    command.args(&program[1..]).stdin(Stdio::from(File::open(input)?));
    let watched = watch(&mut command, cap, timeout, move |stdout| {
        let verdict = compare_streams(expected, &mut *stdout, SLACK);
        // Read on to the end (or the cap), so that the program is not held
        // up by a full pipe before it exits.
        let _ = std::io::copy(stdout, &mut std::io::sink());
        verdict
    })?;
    let (status, mut stopped) = match watched.ended {
        Ended::Exited(status) => (status.code(), None),
        Ended::OverCap => (None, Some(format!("stopped: printed more than {cap} bytes"))),
        Ended::TimedOut(after) => (
            None,
            Some(format!("stopped after {:.1} s by --timeout {}", after.as_secs_f64(), timeout.as_secs())),
        ),
    };
    let verdict = watched.read.unwrap_or_else(|| {
        stopped.get_or_insert_with(|| "stopped: a process it started still holds its output".into());
        Err(std::io::Error::other("its output was never closed"))
    });
    if stopped.is_none() && watched.over_cap {
        stopped = Some(format!("stopped: printed more than {cap} bytes"));
    }
    Ok(Run { verdict, status, stopped })
}

/// The most bytes of `NAME.exit` read: a status and some white space.
const MAX_EXIT_FILE: u64 = 64;

/// The status a fixture expects: `NAME.exit` beside `NAME.txt` when there is
/// one (a small regular file: a link to a device or a FIFO is refused, not
/// read); otherwise 1 when the expected output ends with an `ERROR:` line (the
/// protocol's illegal action), else 0.
fn expected_status(input: &Path, expected: &Path) -> Result<i32, String> {
    let path = input.with_extension("exit");
    let name = || crate::game::printable(&path.to_string_lossy()).into_owned();
    match fs::metadata(&path) {
        Ok(meta) if !meta.is_file() => {
            Err(format!("{}: not a regular file; expected an exit status", name()))
        }
        Ok(_) => {
            let mut bytes = Vec::new();
            File::open(&path)
                .and_then(|f| f.take(MAX_EXIT_FILE + 1).read_to_end(&mut bytes))
                .map_err(|e| format!("cannot read {}: {e}", name()))?;
            let text = String::from_utf8_lossy(&bytes);
            let text = text.trim_start_matches('\u{feff}').trim();
            match text.parse() {
                Ok(status) if bytes.len() as u64 <= MAX_EXIT_FILE => Ok(status),
                _ => {
                    Err(format!("{}: expected an exit status (a number), got {}", name(), quoted_start(text)))
                }
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let last = last_line(expected).map_err(|e| format!("cannot read {}: {e}", expected.display()))?;
            Ok(i32::from(last.starts_with(b"ERROR:")))
        }
        Err(e) => Err(format!("cannot read {}: {e}", name())),
    }
}

/// The start of the last non-empty line of the file at `path`, read from its
/// end: at most [`TAIL`] bytes of it, never the whole file.
fn last_line(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::{Seek, SeekFrom};
    let mut file = File::open(path)?;
    let len = file.metadata()?.len();
    file.seek(SeekFrom::Start(len.saturating_sub(TAIL)))?;
    let mut tail = Vec::new();
    file.take(TAIL).read_to_end(&mut tail)?;
    Ok(tail.split(|&b| b == b'\n').rev().find(|l| !l.is_empty()).unwrap_or_default().to_vec())
}

/// How much of an expected output's end is read to find its last line.
const TAIL: u64 = 64 << 10;

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
    let shown = crate::game::printable(&dir.to_string_lossy()).into_owned();
    let pairs = find_pairs(dir).map_err(|e| Failure::usage(format!("cannot read {shown}: {e}")))?;
    if pairs.is_empty() {
        return Err(Failure::usage(format!("no NAME.txt with a NAME-out.txt partner in {shown}")));
    }
    let all_passed =
        run_all(&program, &pairs, Duration::from_secs(timeout_secs), &mut super::output::stdout())?;
    // Each failed fixture has been shown on stdout.
    if all_passed { Ok(()) } else { Err(Failure::quiet(Kind::Refused)) }
}

/// Runs every pair, printing a line for each and a total; whether all passed.
fn run_all(
    program: &[String],
    pairs: &[(String, PathBuf, PathBuf)],
    timeout: Duration,
    out: &mut impl Write,
) -> Result<bool, Failure> {
    let write_error = |e: std::io::Error| Failure::output(format!("cannot write to stdout: {e}"));
    let (mut passed, mut failed) = (0, 0);
    for (name, input, expected) in pairs {
        let want = expected_status(input, expected).map_err(Failure::usage)?;
        let run = run_program(program, input, expected, timeout).map_err(|e| {
            Failure::usage(format!("cannot run {}: {e}", crate::game::printable(&program[0])))
        })?;
        let exit = match (&run.stopped, run.status) {
            (Some(why), _) => why.clone(),
            (None, Some(c)) => format!("exit status {c}"),
            (None, None) => "killed by a signal".to_string(),
        };
        let same = matches!(run.verdict, Ok(Verdict::Same));
        let mut report = String::new();
        if same && run.stopped.is_none() && run.status == Some(want) {
            passed += 1;
            report.push_str(&format!("PASS {name}\n"));
        } else {
            failed += 1;
            report.push_str(&format!("FAIL {name} ({exit})\n"));
            match run.verdict {
                Ok(Verdict::Differs(d)) => report.push_str(&format!("  {d}\n")),
                // Stopped before its output ended: the reason says enough.
                Err(_) if run.stopped.is_some() => {}
                Err(e) => report.push_str(&format!("  cannot read its output: {e}\n")),
                Ok(Verdict::Same) => {}
            }
            if run.stopped.is_none() && run.status != Some(want) {
                let got = run.status.map_or("a signal".to_string(), |c| c.to_string());
                report.push_str(&format!("  exit status: expected {want}, got {got}\n"));
            }
        }
        out.write_all(report.as_bytes()).and_then(|()| out.flush()).map_err(write_error)?;
    }
    writeln!(out, "fixtures: {passed} passed, {failed} failed")
        .and_then(|()| out.flush())
        .map_err(write_error)?;
    Ok(failed == 0)
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
    /// Seconds each run may take before it is stopped and counted as failed
    /// (1 or more: a run of no time at all fails every fixture).
    #[arg(long, default_value_t = 60, value_parser = super::options::at_least::<u64>(1))]
    timeout: u64,
}

impl Args {
    pub fn run(self) -> Outcome {
        run(&self.dir, self.cmd.as_deref(), self.timeout)
    }
}
