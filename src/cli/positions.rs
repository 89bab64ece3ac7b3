//! `perft`, `solve` and `best`: one position in, one answer out.

use std::io::Write;
use std::time::{Duration, Instant};

use super::output::print_stats;
use super::{SearchKind, TreeOptions, status};
use crate::game::Game;
use crate::search::alphabeta::{self, Search};
use crate::search::back_propagate_parallel;
use crate::search::perft::perft_while;
use crate::search::solve::{Budget, Bytes, TooBig, solve as solve_game};
use crate::tree::{Tree, TreeArena};

/// A counter on stderr for long counts; indicatif draws nothing when stderr is not
/// a terminal.
fn progress(what: &'static str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {prefix} {human_pos} {msg} ({elapsed})")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    bar.set_message(what);
    bar
}

/// The position given with `--position`, or the game's start.
pub fn position_or_start<G: Game>(game: &G, text: Option<&str>) -> Result<G::Position, u8> {
    match text {
        None => Ok(game.start()),
        Some(t) => game.parse_position(t).map_err(|e| {
            eprintln!("gametree: --position {t:?}: {e}");
            status::USAGE
        }),
    }
}

pub struct PerftRequest<'a> {
    pub position: Option<&'a str>,
    pub depth: u8,
    pub threads: usize,
    pub divide: bool,
    /// Positions one depth may count.
    pub max_count: u64,
    pub max_time: Option<Duration>,
}

/// Counts one depth after another, printing each as it ends (so an interrupted
/// run keeps what it finished), within the budgets.
pub fn perft<G: Game>(game: &G, request: &PerftRequest) -> u8 {
    let pos = match position_or_start(game, request.position) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let started = Instant::now();
    let mut totals: Vec<u64> = Vec::new();
    let mut divide = Vec::new();
    for depth in 1..=request.depth {
        // Growth ratio of the last ply, with a spare factor for its variance.
        if let [.., before, last] = totals[..] {
            let predicted = last as f64 * (last as f64 / before.max(1) as f64);
            if predicted > request.max_count as f64 {
                eprintln!(
                    "gametree: depth {depth} would count about {predicted:.3e} positions, more than --max-nodes {}; stopped",
                    request.max_count
                );
                return status::TOO_MANY_NODES;
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
            eprintln!("gametree: depth {depth} was not finished within {why}; stopped");
            return status::TOO_MANY_NODES;
        };
        let n = counts.by_depth[usize::from(depth) - 1];
        totals.push(n);
        divide = counts.divide;
        if !print_flushed(&format!("{depth} {n}\n")) {
            return status::OUTPUT;
        }
    }
    if request.divide {
        let mut actions = Vec::new();
        game.actions(&pos, &mut actions);
        let mut out = String::from("\n");
        for (&a, n) in actions.iter().zip(&divide) {
            out.push_str(&format!("{}: {n}\n", game.format_action(a)));
        }
        if !print_flushed(&out) {
            return status::OUTPUT;
        }
    }
    status::OK
}

/// Writes to stdout at once; false (with a message) when it cannot.
fn print_flushed(text: &str) -> bool {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("gametree: cannot write to stdout: {e}");
            false
        }
    }
}

pub fn solve<G: Game>(game: &G, position: Option<&str>, budget: &Budget) -> u8 {
    let pos = match position_or_start(game, position) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let bar = progress("positions found");
    let limit = Bytes(budget.max_bytes);
    let solved = solve_game(game, &pos, budget, &mut |p| {
        bar.set_position(p.positions);
        bar.set_message(format!("positions found, {} of {limit} held", Bytes(p.bytes)));
    });
    bar.finish_and_clear();
    match solved {
        Ok(solved) => {
            let s = solved.get(&pos).expect("the root is solved");
            println!("{s}");
            status::OK
        }
        Err(e) => {
            let raise = match e {
                TooBig::Positions { .. } => "raise --max-positions",
                _ => "raise --max-memory",
            };
            eprintln!("gametree: {e}; {raise} to try anyway");
            status::TOO_MANY_NODES
        }
    }
}

pub fn best<G: Game>(game: &G, position: Option<&str>, opts: &TreeOptions, search: SearchKind) -> u8 {
    let pos = match position_or_start(game, position) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let game = &game.for_machine(game.to_move(&pos));
    let depth = opts.depth.unwrap_or_else(|| game.default_depth());
    let (action, value) = match search {
        SearchKind::Alphabeta => {
            let started = Instant::now();
            let choice = match alphabeta::search(game, &pos, &Search::to(depth).within(opts.max_nodes)) {
                Ok(t) => t.choice,
                Err(e) => {
                    eprintln!("gametree: {e}");
                    return status::TOO_MANY_NODES;
                }
            };
            if opts.stats {
                eprintln!(
                    "positions examined: {}, time: {:.3} ms",
                    choice.nodes,
                    started.elapsed().as_secs_f64() * 1e3
                );
            }
            (choice.action, choice.value)
        }
        SearchKind::Minimax => {
            let mut arena = TreeArena::new();
            let started = Instant::now();
            let tree = match Tree::build(&mut arena, game, pos, depth, &opts.build_options()) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("gametree: {e}");
                    return status::TOO_MANY_NODES;
                }
            };
            if opts.stats {
                print_stats("", &tree, started.elapsed());
            }
            let value = back_propagate_parallel(tree.root, tree.len, opts.build_options().threads);
            (tree.decision().and_then(|n| n.action), value)
        }
    };
    match action {
        Some(a) => println!("{} {value}", game.format_action(a)),
        None => println!("none {value}"),
    }
    status::OK
}
