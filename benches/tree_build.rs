//! Building the explicit checkers tree at depths 3 to 7 from the position after the
//! ten input actions of official test4 (shipped here as a position, so that the
//! benchmark needs nothing outside the project), on one thread and on every
//! core, and with back-propagation.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gametree::game::prelude::*;
use gametree::games::checkers::{Checkers, Position};
use gametree::limits::{Limits, default_threads};
use gametree::search::back_propagate_parallel;
use gametree::tree::{Tree, TreeArena};

// The same allocator as the gametree binary, so that the figures are the tool's.
#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: gametree::runtime::hugepages::HugePageHint = gametree::runtime::hugepages::HugePageHint;

/// Official test4's position after its ten input actions, black to move
/// (`gametree analyse checkers --moves test4.txt` prints it).
const TEST4_AFTER_TEN: &str = ".w.w.w.w/w.w...../.w.w.w../......w./.....w.b/b.b.b.../.b.b.b.b/b.b.b... b";

fn test4_position() -> Position {
    Checkers.parse_position(TEST4_AFTER_TEN).expect("the shipped position parses")
}

fn build_len(pos: Position, depth: u8, options: &Limits) -> usize {
    let mut arena = TreeArena::new();
    Tree::build(&mut arena, &Checkers, black_box(pos), depth, options).unwrap().len
}

fn build(c: &mut Criterion) {
    let pos = test4_position();
    let mut group = c.benchmark_group("checkers_tree_test4");
    for depth in 3..=7u8 {
        let nodes = build_len(pos, depth, &Limits::default());
        group.throughput(Throughput::Elements(nodes as u64));
        if depth >= 6 {
            group.sample_size(20);
        }
        for threads in [1, default_threads()] {
            let options = Limits { threads, ..Limits::default() };
            group.bench_with_input(
                BenchmarkId::new(format!("build_{threads}_threads"), depth),
                &depth,
                |b, &depth| b.iter(|| build_len(pos, depth, &options)),
            );
        }
        group.bench_with_input(BenchmarkId::new("build_and_propagate", depth), &depth, |b, &depth| {
            b.iter(|| {
                let mut arena = TreeArena::new();
                let tree =
                    Tree::build(&mut arena, &Checkers, black_box(pos), depth, &Limits::default()).unwrap();
                black_box(back_propagate_parallel(tree.root, tree.len, default_threads()))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, build);
criterion_main!(benches);
