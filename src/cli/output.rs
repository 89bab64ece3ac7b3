//! The command line's outputs: stdout and its failures, the panic hook, the
//! `--stats` report. Writing a file whole or not at all, and a set of files
//! into a folder, are the library's ([`crate::request::plan`]); they are
//! named here too for the commands that write one file.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::game::Game;
use crate::tree::Tree;

use crate::request::plan::file::{CLOSED_AT_START, closed_at_start};
pub use crate::request::plan::file::{
    Durability, sync_folder, write_output, write_output_with, write_staged,
};
pub use crate::request::plan::folder::{lies_inside, write_folder};

/// Set once a write to stdout has failed, so that a command that goes on
/// (play, match) still ends with status 4.
static STDOUT_FAILED: AtomicBool = AtomicBool::new(false);

/// Stdout for the commands: a write that fails is remembered (see
/// [`stdout_failed`]), and a closed pipe ends the process quietly, as it ends
/// other command-line tools, where an export's closed pipe is an error.
pub struct Stdout(io::StdoutLock<'static>);

pub fn stdout() -> Stdout {
    Stdout(io::stdout().lock())
}

fn stdout_error(e: io::Error) -> io::Error {
    // A signal (Ctrl-C during play: the handlers are installed without
    // SA_RESTART) can interrupt a write that waits for the terminal to take
    // it; `write_all` writes again, and nothing failed. Remembered, it made
    // a game ended by Ctrl-C exit as an output error (4) instead of 130.
    if e.kind() == io::ErrorKind::Interrupted {
        return e;
    }
    if e.kind() == io::ErrorKind::BrokenPipe {
        crate::runtime::signals::die_of_closed_pipe();
    }
    STDOUT_FAILED.store(true, Ordering::Relaxed);
    if closed_at_start() {
        return io::Error::other(CLOSED_AT_START);
    }
    e
}

/// What is said when stdout failed and no write said why.
pub fn stdout_failure() -> String {
    if closed_at_start() { CLOSED_AT_START.into() } else { "cannot write to stdout".into() }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(stdout_error)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(stdout_error)
    }
}

/// Prints `text` on stdout and flushes it: `print!` that gives an output
/// failure (status 4) instead of a panic.
pub fn print(text: &str) -> super::failure::Outcome {
    let mut out = stdout();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| super::failure::Failure::output(format!("cannot write to stdout: {e}")))
}

/// Whether a write to stdout failed, or what is still buffered for it cannot
/// be written.
pub fn stdout_failed() -> bool {
    let flushed = io::stdout().flush().map_err(stdout_error);
    flushed.is_err() || STDOUT_FAILED.load(Ordering::Relaxed)
}

/// The panic hook. It never panics itself: it writes with errors ignored. A
/// failed `print!` (stdout or stderr unwritable) is an output error, status 4,
/// and stdout's reader having gone ends the process quietly; anything else is
/// a bug, reported in one line.
pub fn on_panic(info: &std::panic::PanicHookInfo<'_>) {
    let payload = info.payload();
    let message = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied());
    let message = message.unwrap_or("");
    if let Some(why) = message.strip_prefix("failed printing to stdout: ") {
        if why.contains("Broken pipe") {
            crate::runtime::signals::die_of_closed_pipe();
        }
        let why = if closed_at_start() { CLOSED_AT_START } else { why };
        let _ = writeln!(io::stderr(), "gametree: cannot write to stdout: {why}");
        std::process::exit(i32::from(super::failure::Kind::Output.status()));
    }
    if message.starts_with("failed printing to stderr") {
        std::process::exit(i32::from(super::failure::Kind::Output.status()));
    }
    let _ = writeln!(
        io::stderr(),
        "gametree: internal error ({info}); please report it with the command that caused it"
    );
}

/// The `--stats` report, on stderr.
pub fn print_stats<G: Game>(label: &str, tree: &Tree<'_, G>, build_time: Duration) {
    let secs = build_time.as_secs_f64();
    let rate = if secs > 0.0 { tree.len as f64 / secs } else { f64::INFINITY };
    super::stderr::to_stderr(&format!(
        "{label}nodes: {}, node size: {} bytes, arena bytes: {}, build time: {:.3} ms, rate: {:.1} million nodes/s\n",
        tree.len,
        std::mem::size_of_val(tree.root),
        tree.node_bytes(),
        secs * 1e3,
        rate / 1e6
    ));
}

/// The tree's census on stderr (`--stats`): per depth and in total, its nodes,
/// finished games, and distinct positions, also up to the board's symmetries,
/// and the games up to symmetry a lesson counts, named under the table.
pub fn print_census(census: &crate::tree::census::Census) {
    super::stderr::to_stderr(&census_table(census));
}

fn census_table(c: &crate::tree::census::Census) -> String {
    use crate::tree::census::Counts;
    let sym = |n: Option<u64>| n.map_or("-".to_string(), |n| n.to_string());
    let row = |depth: &str, n: &Counts| {
        format!(
            "{depth:>6} {:>12} {:>12} {:>12} {:>12} {:>15} {:>15} {:>16}\n",
            n.nodes,
            n.finished,
            n.distinct,
            sym(n.distinct_up_to_symmetry),
            n.distinct_finished,
            sym(n.finished_up_to_symmetry),
            sym(n.games_up_to_symmetry)
        )
    };
    let mut out = format!(
        "{:>6} {:>12} {:>12} {:>12} {:>12} {:>15} {:>15} {:>16}\n",
        "depth",
        "nodes",
        "finished",
        "positions",
        "up to sym.",
        "finished pos.",
        "fin. up to sym.",
        "games up to sym."
    );
    for (d, n) in c.by_depth.iter().enumerate() {
        out.push_str(&row(&d.to_string(), n));
    }
    out.push_str(&row("total", &c.total));
    if c.total.games_up_to_symmetry.is_some() {
        out.push_str(
            "games up to sym.: the finished games once, at every node, moves to positions \
             the same up to the board's symmetries are taken once\n",
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A write interrupted by a signal is written again, not a failure; a
    /// real error is remembered. (No other unit test fails stdout, so the
    /// flag starts clear.)
    #[test]
    fn an_interrupted_write_to_stdout_is_not_a_failure() {
        assert!(!STDOUT_FAILED.load(Ordering::Relaxed));
        let e = stdout_error(io::Error::from(io::ErrorKind::Interrupted));
        assert_eq!(e.kind(), io::ErrorKind::Interrupted, "passed on, for write_all to write again");
        assert!(!STDOUT_FAILED.load(Ordering::Relaxed), "an interrupted write marked stdout failed");
        stdout_error(io::Error::from(io::ErrorKind::StorageFull));
        assert!(STDOUT_FAILED.load(Ordering::Relaxed));
        STDOUT_FAILED.store(false, Ordering::Relaxed);
    }
}
