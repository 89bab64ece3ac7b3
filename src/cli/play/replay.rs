//! Stepping through a game: `gametree replay FILE`, and `replay` after a game.

use std::io::{self, Write};

use super::ending::announce;
use crate::cli::Who;
use crate::game::Game;

/// What to show next, from a command typed while replaying: Enter steps
/// forward, `b`/`back` back, a number goes to that move, `q` stops. `None`
/// stops; an unknown command stays where it is.
pub fn step(at: usize, last: usize, command: &str) -> Option<usize> {
    match command.trim().to_ascii_lowercase().as_str() {
        "" | "n" | "next" => Some((at + 1).min(last)),
        "b" | "back" => Some(at.saturating_sub(1)),
        "q" | "quit" | "exit" => None,
        n => Some(n.parse().map_or(at, |n: usize| n.min(last))),
    }
}

/// The text of position `i` of a game (0: the start).
fn frame<G: Game>(game: &G, positions: &[G::Position], actions: &[G::Action], i: usize) -> String {
    if i == 0 {
        return format!("start\n{}", game.draw(&positions[0]));
    }
    let mover = game.player_name(game.to_move(&positions[i - 1]));
    let a = actions[i - 1];
    format!(
        "action {i}: {mover} plays {}\n{}",
        game.format_action(a),
        game.draw_after(&positions[i], Some(a))
    )
}

/// How a replay ends.
fn end_line<G: Game>(game: &G, last: &G::Position, sides: [Who; 2]) -> String {
    if game.has_actions(last) {
        "end: the game was not finished".to_string()
    } else {
        format!("end: {}", announce(game, last, sides).trim_start_matches("game over: "))
    }
}

/// Every position, one after another (for a script or a file).
pub fn print_all<G: Game>(
    game: &G,
    positions: &[G::Position],
    actions: &[G::Action],
    sides: [Who; 2],
    out: &mut dyn Write,
) -> io::Result<()> {
    for i in 0..positions.len() {
        writeln!(out, "{}", frame(game, positions, actions, i))?;
    }
    writeln!(out, "{}", end_line(game, &positions[positions.len() - 1], sides))?;
    out.flush()
}

/// One position at a time, moved by the commands `read` returns (`None`: the
/// input ended).
pub fn step_through<G: Game>(
    game: &G,
    positions: &[G::Position],
    actions: &[G::Action],
    sides: [Who; 2],
    out: &mut dyn Write,
    read: &mut dyn FnMut() -> Option<String>,
) -> io::Result<()> {
    let last = positions.len() - 1;
    let mut at = 0;
    loop {
        writeln!(out, "{}", frame(game, positions, actions, at))?;
        if at == last {
            writeln!(out, "{}", end_line(game, &positions[last], sides))?;
        }
        write!(out, "(move {at} of {last}; Enter: next, b: back, a number: that move, q: stop) ")?;
        out.flush()?;
        match read().and_then(|c| step(at, last, &c)) {
            Some(next) => at = next,
            None => return writeln!(out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_steps_forward_back_to_a_number_and_stops() {
        assert_eq!(step(0, 5, ""), Some(1));
        assert_eq!(step(5, 5, ""), Some(5));
        assert_eq!(step(3, 5, "b"), Some(2));
        assert_eq!(step(0, 5, "BACK"), Some(0));
        assert_eq!(step(1, 5, "4"), Some(4));
        assert_eq!(step(1, 5, "40"), Some(5));
        assert_eq!(step(2, 5, "what"), Some(2));
        assert_eq!(step(2, 5, "q"), None);
    }
}
