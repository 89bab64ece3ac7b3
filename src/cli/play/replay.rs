//! Stepping through a game: `gametree replay FILE`, and `replay` after a game.

use std::io::{self, Write};

use super::draws::drawn_by_rule;
use super::ending::announce;
use super::levels::Who;
use crate::game::{Game, Marks};

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

/// A played game, as a replay shows it.
pub struct Story<'a, G: Game> {
    /// Every position, the start first: one more than `actions`.
    pub positions: &'a [G::Position],
    pub actions: &'a [G::Action],
    pub sides: [Who; 2],
    /// Boards in plain ASCII.
    pub ascii: bool,
}

impl<G: Game> Story<'_, G> {
    /// The text of position `i` (0: the start).
    fn frame(&self, game: &G, i: usize) -> String {
        let last = i.checked_sub(1).map(|a| self.actions[a]);
        let board = game.draw_marked(&self.positions[i], &Marks::after(last, self.ascii));
        match last {
            None => format!("start\n{board}"),
            Some(a) => {
                let mover = game.player_name(game.to_move(&self.positions[i - 1]));
                format!("action {i}: {mover} plays {}\n{board}", game.format_action(a))
            }
        }
    }

    /// How the replay ends.
    fn end_line(&self, game: &G) -> String {
        let last = &self.positions[self.positions.len() - 1];
        if let Some(rule) = drawn_by_rule(game, self.positions, self.actions) {
            format!("end: a draw ({rule})")
        } else if game.has_actions(last) {
            "end: the game was not finished".to_string()
        } else {
            format!("end: {}", announce(game, last, self.sides).trim_start_matches("game over: "))
        }
    }

    /// Every position, one after another (for a script or a file).
    pub fn print_all(&self, game: &G, out: &mut dyn Write) -> io::Result<()> {
        for i in 0..self.positions.len() {
            writeln!(out, "{}", self.frame(game, i))?;
        }
        writeln!(out, "{}", self.end_line(game))?;
        out.flush()
    }

    /// One position at a time, moved by the commands `read` returns (`None`:
    /// the input ended).
    pub fn step_through(
        &self,
        game: &G,
        out: &mut dyn Write,
        read: &mut dyn FnMut() -> Option<String>,
    ) -> io::Result<()> {
        let last = self.positions.len() - 1;
        let mut at = 0;
        loop {
            writeln!(out, "{}", self.frame(game, at))?;
            if at == last {
                writeln!(out, "{}", self.end_line(game))?;
            }
            write!(out, "(move {at} of {last}; Enter: next, b: back, a number: that move, q: stop) ")?;
            out.flush()?;
            match read().and_then(|c| step(at, last, &c)) {
                Some(next) => at = next,
                None => return writeln!(out),
            }
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
