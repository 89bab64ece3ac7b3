//! Each game's machine move late in a game, where boards are fullest (Gomoku's
//! depth-4 search once took 5.1 s there): alpha-beta at the game's own depth,
//! which `hard` and `strong` search at least. The positions come from the
//! machine playing itself at depth 2 (deterministic: no seed) for a fixed
//! number of plies, so they are the same on every run; Gomoku also has a
//! board filled all but a 6x6 square.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gametree::game::prelude::*;
use gametree::games::gomoku::Gomoku;
use gametree::search::alphabeta::{self, Search};

#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: gametree::runtime::hugepages::HugePageHint = gametree::runtime::hugepages::HugePageHint;

/// The position after `plies` of depth-2 self-play (or where the game ended).
fn late<G: Game>(game: &G, plies: usize) -> G::Position {
    let mut pos = game.start();
    for played in 0..plies {
        let mover = game.for_machine(game.to_move(&pos));
        match alphabeta::search(&mover, &pos, &Search::to(2)).unwrap().choice.action {
            Some(a) if game.has_actions(&game.apply(&pos, a)) => pos = game.apply(&pos, a),
            _ => {
                eprintln!("{}: the game ends after {played} plies", game.name());
                break;
            }
        }
    }
    let mut actions = Vec::new();
    game.actions(&pos, &mut actions);
    eprintln!("{}: {} ({} actions)", game.name(), game.format_position(&pos), actions.len());
    pos
}

fn bench_game<G: Game>(c: &mut Criterion, game: &G, plies: usize) {
    bench_position(c, game, &format!("ply{plies}"), late(game, plies));
}

fn bench_position<G: Game>(c: &mut Criterion, game: &G, name: &str, pos: G::Position) {
    let mover = game.for_machine(game.to_move(&pos));
    let depth = game.default_depth();
    let mut group = c.benchmark_group("late_game_move");
    group.sample_size(10);
    group.bench_with_input(BenchmarkId::new(game.name(), format!("{name}_depth{depth}")), &pos, |b, pos| {
        b.iter(|| black_box(alphabeta::search(&mover, black_box(pos), &Search::to(depth)).unwrap().choice))
    });
    group.finish();
}

fn late_game(c: &mut Criterion) {
    for &name in gametree::games::ALL {
        // How far into a game "late" is, by game (measured figures in
        // docs/performance.md use these); a game added later gets 20 plies.
        let plies = match name.as_str() {
            "checkers" | "ataxx" => 60,
            "niujiao" => 40,
            "tictactoe" => 4,
            "gomoku" => 150,
            _ => 20,
        };
        gametree::with_game!(name, &gametree::games::Settings::default(), |g| bench_game(c, g, plies));
    }
    // Self-play ends in a five long before the board fills: a board filled
    // but for a 6x6 square (no five anywhere) stands for a full-board late game.
    let gomoku = Gomoku::default();
    let full = gomoku.parse_position(FULL_GOMOKU).expect("a valid position");
    bench_position(c, &gomoku, "full_board_36_empty", full);
}

const FULL_GOMOKU: &str = "xxooxxooxxooxxo/ooxxooxxooxxoox/xxooxxooxxooxxo/ooxxooxxooxxoox/xxoo6ooxxo/\
     ooxx6xxoox/xxoo6ooxxo/ooxx6xxoox/xxoo6ooxxo/ooxx6xxoox/xxooxxooxxooxxo/ooxxooxxooxxoox/\
     xxooxxooxxooxxo/ooxxooxxooxxoox/xxooxxooxxooxxo o";

criterion_group!(benches, late_game);
criterion_main!(benches);
