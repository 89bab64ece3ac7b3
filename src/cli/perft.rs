//! `gametree perft`: the positions exactly d actions deep, d = 1..DEPTH.

use std::io::Write;
use std::time::Duration;

use super::failure::{Failure, Outcome};
use super::options::game::GameOptions;
use super::options::position::GamePosition;
use super::options::tree::{MAX_DEPTH, MAX_THREADS};
use super::progress::progress;
use crate::game::Game;
use crate::limits::default_threads;
use crate::search::perft::{PerftBudget, perft_by_depth};

/// `perft`'s default budget, the library's (every door's).
pub use crate::search::perft::DEFAULT_MAX_COUNT;

/// `gametree perft`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    at: GamePosition,
    /// Count positions 1 to DEPTH plies deep (1 to 64).
    #[arg(value_parser = super::options::whole::<u8>(1, MAX_DEPTH))]
    depth: u8,
    /// Threads to count on (default: every core); 1 counts on this thread alone.
    #[arg(long, value_parser = super::options::whole::<u16>(1, MAX_THREADS))]
    threads: Option<u16>,
    /// After the totals, print for each legal action at the root the positions
    /// DEPTH deep below it.
    #[arg(long)]
    divide: bool,
    /// Stop with status 3 rather than count more positions than this at one
    /// depth (a depth predicted over it is not started); with --against, in
    /// each of gametree's own counts.
    #[arg(long, default_value_t = DEFAULT_MAX_COUNT, value_parser = super::options::at_least::<u64>(1))]
    max_nodes: u64,
    /// Stop with status 3 after this many seconds (default: no limit; each
    /// finished depth is printed as it ends, so Ctrl-C keeps them too). With
    /// --against, for the whole comparison, the wait for CMD included.
    #[arg(long, value_name = "SECONDS", value_parser = super::options::at_least::<u64>(1))]
    max_time: Option<u64>,
    /// Compare with another program's divide: CMD (a program and its
    /// arguments, split at white space) is run with a position in gametree's
    /// notation and a depth after them, and prints `ACTION COUNT` for each legal
    /// action. Where counts differ, the first such action is followed down to
    /// the position where an action is missing or extra (status 1).
    #[arg(long, value_name = "CMD", conflicts_with = "divide")]
    against: Option<String>,
    /// With --against: seconds each run of CMD may take before it is stopped.
    #[arg(long, value_name = "SECONDS", default_value_t = 60, requires = "against",
          value_parser = super::options::at_least::<u64>(1))]
    timeout: u64,
    #[command(flatten)]
    game_options: GameOptions,
}

impl Args {
    pub fn run(self) -> Outcome {
        self.game_options.check(self.at.game)?;
        // Both budgets hold from here, for the whole request: every count,
        // and with --against the time spent waiting for the other program.
        let budget = PerftBudget::new(self.max_nodes, self.max_time.map(Duration::from_secs));
        let threads = self.threads.map_or_else(default_threads, usize::from);
        if let Some(cmd) = &self.against {
            let timeout = Duration::from_secs(self.timeout);
            return crate::with_game!(self.at.game, &self.game_options.settings(), |g| {
                let pos = self.at.of(g)?;
                super::perft_against::against(g, &pos, self.depth, threads, &budget, cmd, timeout)
            });
        }
        crate::with_game!(self.at.game, &self.game_options.settings(), |g| {
            perft(g, &self.at, self.depth, threads, &budget, self.divide)
        })
    }
}

/// Counts one depth after another, printing each as it ends (so an interrupted
/// run keeps what it finished), within the budgets.
fn perft<G: Game>(
    game: &G,
    at: &GamePosition,
    depth: u8,
    threads: usize,
    budget: &PerftBudget,
    divide: bool,
) -> Outcome {
    let pos = at.of(game)?;
    let bar = progress("positions counted");
    let shown = |d: u8, n: u64| {
        bar.set_prefix(format!("depth {d}"));
        bar.set_position(n);
    };
    let counted = || -> Result<Option<_>, Failure> {
        let mut last = None;
        for counts in perft_by_depth(game, &pos, depth, threads, budget, "", &shown) {
            let counts = counts.map_err(Failure::from)?;
            let d = counts.by_depth.len();
            bar.suspend(|| print_flushed(&format!("{d} {}\n", counts.by_depth[d - 1])))?;
            last = Some(counts);
        }
        Ok(last)
    };
    let counted = counted();
    bar.finish_and_clear();
    let last = counted?;
    if let Some(counts) = last.filter(|_| divide) {
        let mut actions = Vec::new();
        game.actions(&pos, &mut actions);
        let mut out = String::from("\n");
        for (&a, n) in actions.iter().zip(&counts.divide) {
            out.push_str(&format!("{}: {n}\n", game.format_action(a)));
        }
        print_flushed(&out)?;
    }
    Ok(())
}

/// Writes to stdout at once.
fn print_flushed(text: &str) -> Outcome {
    let mut out = super::output::stdout();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| Failure::output(format!("cannot write to stdout: {e}")))
}
