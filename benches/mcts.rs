//! MCTS iterations from every game's start (random playouts, the default
//! settings): the throughput docs/performance.md reports as iterations per
//! second, with criterion's spread. Tic-tac-toe's 200,000 iterations are the
//! side-by-side run with OpenSpiel's MCTSBot.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gametree::game::prelude::*;
use gametree::search::mcts::{self, Budget, Settings};

#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: gametree::runtime::hugepages::HugePageHint = gametree::runtime::hugepages::HugePageHint;

fn run<G: Game>(c: &mut Criterion, game: &G, iterations: u32) {
    let mut group = c.benchmark_group("mcts_iterations");
    group.sample_size(10);
    group.throughput(Throughput::Elements(u64::from(iterations)));
    let settings = Settings { budget: Budget::Iterations(iterations), ..Settings::default() };
    let pos = game.start();
    group.bench_with_input(BenchmarkId::new(game.name(), iterations), &pos, |b, pos| {
        b.iter(|| black_box(mcts::search(game, black_box(pos), &settings, &mut ()).tree.len()))
    });
    group.finish();
}

fn every_game(c: &mut Criterion) {
    for &name in gametree::games::ALL {
        // Tic-tac-toe's count is the side-by-side run's; the slower games run
        // fewer so that a sample stays within seconds.
        let iterations = match name.as_str() {
            "tictactoe" => 200_000,
            "niujiao" | "tree" => 20_000,
            _ => 2_000,
        };
        gametree::with_game!(name, &gametree::games::Settings::default(), |g| run(c, g, iterations));
    }
}

criterion_group!(benches, every_game);
criterion_main!(benches);
