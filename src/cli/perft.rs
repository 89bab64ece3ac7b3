//! `gametree perft`: the positions exactly d actions deep, d = 1..DEPTH.

use std::io::Write;
use std::time::{Duration, Instant};

use super::failure::{Failure, Outcome};
use super::options::game::GameOptions;
use super::options::position::GamePosition;
use super::options::tree::MAX_DEPTH;
use super::progress::progress;
use crate::game::Game;
use crate::limits::default_threads;
use crate::search::perft::perft_while;

/// `perft`'s default budget, the library's (every door's).
pub use crate::search::perft::DEFAULT_MAX_COUNT;

/// `gametree perft`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    at: GamePosition,
    /// Count positions 1 to DEPTH plies deep (1 to 64).
    #[arg(value_parser = clap::value_parser!(u8).range(1..=MAX_DEPTH as i64))]
    depth: u8,
    /// Threads to count on (default: every core); 1 counts on this thread alone.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// After the totals, print for each legal action at the root the positions
    /// DEPTH deep below it.
    #[arg(long)]
    divide: bool,
    /// Stop with status 3 rather than count more positions than this at one
    /// depth (a depth predicted over it is not started).
    #[arg(long, default_value_t = DEFAULT_MAX_COUNT, value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: u64,
    /// Stop with status 3 after this many seconds (default: no limit; each
    /// finished depth is printed as it ends, so Ctrl-C keeps them too).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..))]
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
          value_parser = clap::value_parser!(u64).range(1..))]
    timeout: u64,
    #[command(flatten)]
    game_options: GameOptions,
}

impl Args {
    pub fn run(self) -> Outcome {
        self.game_options.check(self.at.game)?;
        let request = PerftRequest {
            depth: self.depth,
            threads: self.threads.map_or_else(default_threads, usize::from),
            divide: self.divide,
            max_count: self.max_nodes,
            max_time: self.max_time.map(Duration::from_secs),
        };
        if let Some(cmd) = &self.against {
            let timeout = Duration::from_secs(self.timeout);
            return crate::with_game!(self.at.game, &self.game_options.settings(), |g| {
                super::perft_against::against(g, &self.at.of(g)?, self.depth, request.threads, cmd, timeout)
            });
        }
        crate::with_game!(self.at.game, &self.game_options.settings(), |g| perft(g, &self.at, &request))
    }
}

struct PerftRequest {
    depth: u8,
    threads: usize,
    divide: bool,
    /// Positions one depth may count.
    max_count: u64,
    max_time: Option<Duration>,
}

/// Counts one depth after another, printing each as it ends (so an interrupted
/// run keeps what it finished), within the budgets.
fn perft<G: Game>(game: &G, at: &GamePosition, request: &PerftRequest) -> Outcome {
    let pos = at.of(game)?;
    let started = Instant::now();
    let mut totals: Vec<u64> = Vec::new();
    let mut divide = Vec::new();
    for depth in 1..=request.depth {
        // Growth ratio of the last ply, with a spare factor for its variance.
        if let [.., before, last] = totals[..] {
            let predicted = last as f64 * (last as f64 / before.max(1) as f64);
            if predicted > request.max_count as f64 {
                return Err(Failure::budget(format!(
                    "depth {depth} would count about {predicted:.3e} positions, more than --max-nodes {}; stopped",
                    request.max_count
                )));
            }
        }
        let bar = progress("positions counted");
        bar.set_prefix(format!("depth {depth}"));
        let over_time = || request.max_time.is_some_and(|t| started.elapsed() > t);
        let go_on = |n: u64| {
            bar.set_position(n);
            n <= request.max_count && !over_time()
        };
        let counts = perft_while(game, &pos, depth, request.threads, &go_on);
        bar.finish_and_clear();
        let Some(counts) = counts.filter(|_| !over_time()) else {
            let why = match request.max_time {
                Some(t) if over_time() => format!("--max-time {}", t.as_secs()),
                _ => format!("--max-nodes {}", request.max_count),
            };
            return Err(Failure::budget(format!("depth {depth} was not finished within {why}; stopped")));
        };
        let n = counts.by_depth[usize::from(depth) - 1];
        totals.push(n);
        divide = counts.divide;
        print_flushed(&format!("{depth} {n}\n"))?;
    }
    if request.divide {
        let mut actions = Vec::new();
        game.actions(&pos, &mut actions);
        let mut out = String::from("\n");
        for (&a, n) in actions.iter().zip(&divide) {
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
