//! Building the explicit checkers tree at depths 3 to 7 from the position after the
//! ten input actions of official test4 (read in place from ../shared), on one
//! thread and on every core, and with back-propagation.

use std::fs::File;
use std::hint::black_box;
use std::io::BufReader;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gametree::games::checkers::{Checkers, Position};
use gametree::protocol;
use gametree::search::{BuildOptions, Tree, TreeArena, back_propagate_parallel, default_threads};

// The same allocator as the gametree binary, so that the figures are the tool's.
#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: gametree::hugepages::HugePageHint = gametree::hugepages::HugePageHint;

const TEST4: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/fixtures/checkers/official/test4.txt");

fn test4_position() -> Position {
    let file = File::open(TEST4).unwrap_or_else(|e| panic!("this benchmark reads {TEST4}: {e}"));
    protocol::replay(BufReader::new(file)).expect("test4 replays")
}

fn build_len(pos: Position, depth: u8, options: &BuildOptions) -> usize {
    let mut arena = TreeArena::new();
    Tree::build(&mut arena, &Checkers, black_box(pos), depth, options).unwrap().len
}

fn build(c: &mut Criterion) {
    let pos = test4_position();
    let mut group = c.benchmark_group("checkers_tree_test4");
    for depth in 3..=7u8 {
        let nodes = build_len(pos, depth, &BuildOptions::default());
        group.throughput(Throughput::Elements(nodes as u64));
        if depth >= 6 {
            group.sample_size(20);
        }
        for threads in [1, default_threads()] {
            let options = BuildOptions { threads, ..BuildOptions::default() };
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
                    Tree::build(&mut arena, &Checkers, black_box(pos), depth, &BuildOptions::default())
                        .unwrap();
                black_box(back_propagate_parallel(tree.root, tree.len, default_threads()))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, build);
criterion_main!(benches);
