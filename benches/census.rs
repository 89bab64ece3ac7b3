//! What counting a tree (`analyse --stats`'s census: distinct positions and
//! symmetry classes, per depth and in total) costs beside building it: the
//! whole tic-tac-toe tree, where most nodes are transpositions and every
//! position has eight images, and checkers' test4 middle game at depths 6 to
//! 8, whose positions repeat less the shallower the tree. The bar: the
//! census adds at most 30% to the build. Figures in docs/performance.md.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gametree::game::prelude::*;
use gametree::games::checkers::Checkers;
use gametree::games::tictactoe::TicTacToe;
use gametree::limits::Limits;
use gametree::tree::census::census;
use gametree::tree::{Tree, TreeArena};

// The same allocator as the gametree binary, so that the figures are the tool's.
#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: gametree::runtime::hugepages::HugePageHint = gametree::runtime::hugepages::HugePageHint;

/// Official test4's position after its ten input actions (as in tree_build.rs).
const TEST4_AFTER_TEN: &str = ".w.w.w.w/w.w...../.w.w.w../......w./.....w.b/b.b.b.../.b.b.b.b/b.b.b... b";

/// Building the tree as `analyse` does (every core), then the same build
/// with the census after it, and the census alone over a built tree.
fn bench<G: Game>(c: &mut Criterion, game: &G, pos: G::Position, depth: u8) {
    let limits = Limits::default();
    let mut group = c.benchmark_group(format!("census_{}_{depth}", game.name()));
    group.sample_size(10);
    group.bench_function("build", |b| {
        b.iter(|| {
            let mut arena = TreeArena::new();
            Tree::build(&mut arena, game, black_box(pos.clone()), depth, &limits).unwrap().len
        })
    });
    group.bench_function("build_and_census", |b| {
        b.iter(|| {
            let mut arena = TreeArena::new();
            let tree = Tree::build(&mut arena, game, black_box(pos.clone()), depth, &limits).unwrap();
            census(game, &tree).total.distinct
        })
    });
    let mut arena = TreeArena::new();
    let tree = Tree::build(&mut arena, game, pos.clone(), depth, &limits).unwrap();
    group.bench_function("census_alone", |b| b.iter(|| census(game, black_box(&tree)).total.distinct));
    group.finish();
}

fn census_beside_build(c: &mut Criterion) {
    bench(c, &TicTacToe, TicTacToe.start(), 9);
    let test4 = Checkers.parse_position(TEST4_AFTER_TEN).expect("the shipped position parses");
    for depth in [6, 7, 8] {
        bench(c, &Checkers, test4, depth);
    }
}

criterion_group!(benches, census_beside_build);
criterion_main!(benches);
