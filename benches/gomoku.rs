//! Gomoku `best` at depth 4 (alpha-beta with move ordering) on tactical and
//! middle-game positions: the original reached depth 4 "quickly"; ours must answer
//! in well under a second.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gametree::game::prelude::*;
use gametree::games::gomoku::Gomoku;
use gametree::search::alphabeta::{self, Search};

#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: gametree::runtime::hugepages::HugePageHint = gametree::runtime::hugepages::HugePageHint;

const POSITIONS: [(&str, &str); 4] = [
    ("complete_four", "15/15/15/15/15/15/6o8/4xxxx7/5ooo7/15/15/15/15/15/15 x"),
    ("block_four", "15/15/15/15/15/15/15/2xoooo8/4x10/15/15/15/15/15/15 x"),
    ("middle_game", "15/15/15/15/7x7/6ox7/5oxxo6/4xoooxx5/5oxo7/6x8/15/15/15/15/15 o"),
    ("opening", "15/15/15/15/15/15/7o7/7x7/6x8/15/15/15/15/15/15 o"),
];

fn best(c: &mut Criterion) {
    let mut group = c.benchmark_group("gomoku_best_depth4");
    for (name, text) in POSITIONS {
        let game = Gomoku::default();
        let pos = game.parse_position(text).unwrap();
        let game = game.for_machine(game.to_move(&pos));
        group.bench_with_input(BenchmarkId::from_parameter(name), &pos, |b, pos| {
            b.iter(|| black_box(alphabeta::search(&game, black_box(pos), &Search::to(4)).unwrap().choice))
        });
    }
    group.finish();
}

criterion_group!(benches, best);
criterion_main!(benches);
