//! Counting positions by depth, the standard check of move generation.

use crate::game::Game;

/// `counts[d - 1]` is the number of positions exactly `d` actions from `root`, for
/// `d` in `1..=depth`; a position where the game is over has no children.
/// `progress` is called now and then with the number of positions counted so far.
pub fn perft<G: Game>(game: &G, root: &G::Position, depth: u8, progress: &mut dyn FnMut(u64)) -> Vec<u64> {
    let mut counts = vec![0u64; depth as usize];
    let mut buffers: Vec<Vec<G::Action>> = (0..depth).map(|_| Vec::new()).collect();
    let mut seen = 0u64;
    count(game, root, &mut counts, &mut buffers, &mut seen, progress);
    counts
}

fn count<G: Game>(
    game: &G,
    pos: &G::Position,
    counts: &mut [u64],
    buffers: &mut [Vec<G::Action>],
    seen: &mut u64,
    progress: &mut dyn FnMut(u64),
) {
    let (Some((here, deeper)), Some((actions, rest))) = (counts.split_first_mut(), buffers.split_first_mut())
    else {
        return;
    };
    game.actions(pos, actions);
    *here += actions.len() as u64;
    let before = *seen;
    *seen += actions.len() as u64;
    if *seen >> 20 != before >> 20 {
        progress(*seen);
    }
    if deeper.is_empty() {
        return;
    }
    for &a in actions.iter() {
        count(game, &game.apply(pos, a), deeper, rest, seen, progress);
    }
}
