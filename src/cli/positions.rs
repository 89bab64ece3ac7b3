//! `perft`, `solve` and `best`: one position in, one answer out.

use std::io::Write;
use std::time::{Duration, Instant};

use super::failure::{Failure, Outcome};
use super::output::print_stats;
use super::{SearchKind, TreeOptions};
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
pub fn position_or_start<G: Game>(game: &G, text: Option<&str>) -> Result<G::Position, Failure> {
    match text {
        None => Ok(game.start()),
        Some(t) => game.parse_position(t).map_err(|e| Failure::usage(format!("--position {t:?}: {e}"))),
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
pub fn perft<G: Game>(game: &G, request: &PerftRequest) -> Outcome {
    let pos = position_or_start(game, request.position)?;
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

pub fn solve<G: Game>(game: &G, position: Option<&str>, budget: &Budget) -> Outcome {
    let pos = position_or_start(game, position)?;
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
            Ok(())
        }
        Err(e) => {
            let raise = match e {
                TooBig::Positions { .. } => "raise --max-positions",
                _ => "raise --max-memory",
            };
            Err(Failure::budget(format!("{e}; {raise} to try anyway")))
        }
    }
}

pub fn best<G: Game>(game: &G, position: Option<&str>, opts: &TreeOptions, search: SearchKind) -> Outcome {
    if search == SearchKind::Minimax {
        opts.check_tree_capacity()?;
    }
    let pos = position_or_start(game, position)?;
    let game = &game.for_machine(game.to_move(&pos));
    let depth = opts.depth.unwrap_or_else(|| game.default_depth());
    let (action, value) = match search {
        SearchKind::Alphabeta => {
            let started = Instant::now();
            let choice = alphabeta::search(game, &pos, &Search::to(depth).within(opts.max_nodes))
                .map_err(Failure::budget)?
                .choice;
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
            let tree =
                Tree::build(&mut arena, game, pos, depth, &opts.build_options()).map_err(Failure::budget)?;
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
    Ok(())
}
