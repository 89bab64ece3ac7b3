//! `perft`, `solve` and `best`: one position in, one answer out.

use std::time::Instant;

use super::output::print_stats;
use super::{SearchKind, TreeOptions, status};
use crate::game::Game;
use crate::search::alphabeta;
use crate::search::perft::perft as count_positions;
use crate::search::solve::solve as solve_game;
use crate::search::{Tree, TreeArena, back_propagate_parallel};

/// A counter on stderr for long counts; indicatif draws nothing when stderr is not
/// a terminal.
fn progress(what: &'static str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {human_pos} {msg} ({elapsed})")
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

pub fn perft<G: Game>(game: &G, position: Option<&str>, depth: u8, threads: usize, divide: bool) -> u8 {
    let pos = match position_or_start(game, position) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let bar = progress("positions counted");
    let counts = count_positions(game, &pos, depth, threads, &|n| bar.set_position(n));
    bar.finish_and_clear();
    let mut out = String::new();
    if divide {
        let mut actions = Vec::new();
        game.actions(&pos, &mut actions);
        for (&a, n) in actions.iter().zip(&counts.divide) {
            out.push_str(&format!("{}: {n}\n", game.format_action(a)));
        }
        out.push('\n');
    }
    for (d, n) in counts.by_depth.iter().enumerate() {
        out.push_str(&format!("{} {n}\n", d + 1));
    }
    print!("{out}");
    status::OK
}

pub fn solve<G: Game>(game: &G, position: Option<&str>, max_positions: u64) -> u8 {
    let pos = match position_or_start(game, position) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let bar = progress("positions found");
    let solved = solve_game(game, &pos, max_positions, &mut |n| bar.set_position(n));
    bar.finish_and_clear();
    match solved {
        Ok(solved) => {
            let s = solved.get(&pos).expect("the root is solved");
            println!("{s}");
            status::OK
        }
        Err(e) => {
            eprintln!("gametree: {e}; raise --max-positions to try anyway");
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
            let choice = match alphabeta::search_within(game, &pos, depth, opts.max_nodes) {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("gametree: {}", e.for_search());
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
