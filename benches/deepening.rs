//! Iterative deepening with the transposition table against plain alpha-beta
//! in the game's order, both over the explicit depth-7 tree of the course's
//! official test4 position (after its ten input actions; replayed from
//! `$GAMETREE_COURSE_FIXTURES/official/test4.txt` when that is set, else the
//! same position written out). Node counts are exact and printed once; the
//! benchmark times the searches alone (the tree is built once, outside).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gametree::game::prelude::*;
use gametree::games::checkers::Checkers;
use gametree::limits::Limits;
use gametree::search::alphabeta::{self, Pruning};
use gametree::search::deepening;
use gametree::tree::{Tree, TreeArena};

/// Official test4's position after its ten input actions, black to move.
const TEST4_AFTER_TEN: &str = ".w.w.w.w/w.w...../.w.w.w../......w./.....w.b/b.b.b.../.b.b.b.b/b.b.b... b";

fn test4() -> String {
    let Some(dir) = std::env::var_os("GAMETREE_COURSE_FIXTURES") else { return TEST4_AFTER_TEN.to_string() };
    let path = std::path::Path::new(&dir).join("official/test4.txt");
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    gametree::protocol::replay_notation(std::io::BufReader::new(file)).expect("test4 replays")
}

fn bench(c: &mut Criterion) {
    let text = test4();
    let game = Checkers;
    let pos = game.parse_position(&text).unwrap();
    let game = game.for_machine(game.to_move(&pos));
    let mut arena = TreeArena::new();
    let tree = Tree::build(&mut arena, &game, pos, 7, &Limits::default()).unwrap();
    // What `analyse --html` keeps of each iteration, as the search did before
    // the exports chose it.
    let keep = gametree::export::deepening::keep(tree.len);
    let (d, _) = deepening::run(&game, &tree, Pruning::OnTies, keep);
    let plain = deepening::alphabeta_nodes(&game, &tree, 7, Pruning::OnTies);
    let all: u64 = d.iterations.iter().map(|i| i.nodes).sum();
    eprintln!(
        "test4 ({text}), depth 7, {} nodes in the tree: alpha-beta {plain} nodes; deepening's last iteration {} ({} table cut-offs), all seven {all}",
        tree.len,
        d.last().unwrap().nodes,
        d.last().unwrap().table_cutoffs
    );
    let mut g = c.benchmark_group("test4 depth 7");
    g.sample_size(20);
    g.bench_function("alpha-beta, the game's order", |b| {
        b.iter(|| black_box(alphabeta::run_with_rule(&tree, Pruning::OnTies, &mut ())))
    });
    g.bench_function("iterative deepening with the table, depths 1-7", |b| {
        b.iter(|| black_box(deepening::run(&game, &tree, Pruning::OnTies, keep)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
