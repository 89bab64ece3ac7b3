//! Perft on every game, on one thread and on two: the move generators' speed,
//! with the last ply counted in bulk. Figures in docs/performance.md.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gametree::game::prelude::*;
use gametree::games::{
    ataxx::Ataxx, checkers::Checkers, gomoku::Gomoku, niujiao::Niujiao, tictactoe::TicTacToe,
};
use gametree::search::perft::perft;

fn bench<G: Game>(c: &mut Criterion, game: &G, depth: u8) {
    let root = game.start();
    let mut group = c.benchmark_group(format!("perft_{}_{depth}", game.name()));
    for threads in [1, 2] {
        group.bench_function(format!("{threads}_threads"), |b| {
            b.iter(|| perft(game, black_box(&root), depth, threads, &|_| {}))
        });
    }
    group.finish();
}

fn perft_every_game(c: &mut Criterion) {
    bench(c, &Ataxx, 5);
    bench(c, &Checkers, 8);
    bench(c, &TicTacToe, 9);
    bench(c, &Niujiao { max_plies: None }, 14);
    bench(c, &Gomoku::default(), 5);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = perft_every_game
}
criterion_main!(benches);
