//! Building the explicit checkers tree at depths 3 to 7 from the position after the
//! ten input actions of official test4 (read in place from ../shared).

use std::fs::File;
use std::hint::black_box;
use std::io::BufReader;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gametree::games::checkers::{Checkers, Position};
use gametree::protocol;
use gametree::search::{DEFAULT_MAX_NODES, Tree, back_propagate};
use typed_arena::Arena;

const TEST4: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/fixtures/checkers/official/test4.txt"
);

fn test4_position() -> Position {
    let file = File::open(TEST4).unwrap_or_else(|e| panic!("this benchmark reads {TEST4}: {e}"));
    protocol::replay(BufReader::new(file)).expect("test4 replays")
}

fn tree_size(pos: Position, depth: u8) -> usize {
    let arena = Arena::new();
    Tree::build(&arena, &Checkers, pos, depth, DEFAULT_MAX_NODES)
        .unwrap()
        .len
}

fn build(c: &mut Criterion) {
    let pos = test4_position();
    let mut group = c.benchmark_group("checkers_tree_test4");
    for depth in 3..=7u8 {
        let nodes = tree_size(pos, depth);
        group.throughput(Throughput::Elements(nodes as u64));
        if depth >= 6 {
            group.sample_size(10);
        }
        group.bench_with_input(BenchmarkId::new("build", depth), &depth, |b, &depth| {
            b.iter(|| {
                let arena = Arena::new();
                let tree = Tree::build(&arena, &Checkers, black_box(pos), depth, DEFAULT_MAX_NODES)
                    .unwrap();
                black_box(tree.len)
            })
        });
        group.bench_with_input(
            BenchmarkId::new("build_and_propagate", depth),
            &depth,
            |b, &depth| {
                b.iter(|| {
                    let arena = Arena::new();
                    let tree =
                        Tree::build(&arena, &Checkers, black_box(pos), depth, DEFAULT_MAX_NODES)
                            .unwrap();
                    black_box(back_propagate(tree.root))
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, build);
criterion_main!(benches);
