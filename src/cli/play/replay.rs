//! Stepping through a game: `gametree replay FILE`, and `replay` after a game.

use std::io::{self, Write};

use super::draws::drawn_by_rule;
use super::ending::Ended;
use super::ending::how_ended;
use super::levels::Who;
use super::wrap::{fit, width};
use crate::game::{Game, Marks, Player};

/// What to show next, from a command typed while replaying: Enter steps
/// forward, `b`/`back` back, a number goes to that move (its first action; 0
/// is the start), `q` stops. `Ok(None)` stops; Err says what is wrong with
/// an unknown command, and the replay stays where it is. Positions are
/// counted in actions, `last` the final one; `moves` says which position
/// starts a move.
pub fn step(at: usize, last: usize, moves: &Moves, command: &str) -> Result<Option<usize>, String> {
    match command.trim().to_ascii_lowercase().as_str() {
        "" | "n" | "next" => Ok(Some((at + 1).min(last))),
        "b" | "back" => Ok(Some(at.saturating_sub(1))),
        "q" | "quit" | "exit" => Ok(None),
        n => match n.parse::<usize>() {
            Ok(n) => Ok(Some(moves.position_of(n).min(last))),
            Err(_) => Err(format!(
                "{} is no replay key: Enter (next), b (back), a move's number, q (stop)",
                crate::cli::lines::quoted_start(command.trim())
            )),
        },
    }
}

/// Moves as the status line counts them: a move is the first side's action
/// and the second's reply, numbered from 1, so a game the second side starts
/// begins with half a move.
#[derive(Clone, Copy, Debug)]
pub struct Moves {
    /// 1 when the second side made the first action.
    second_starts: usize,
}

impl Moves {
    pub fn new(first_starts: bool) -> Moves {
        Moves { second_starts: usize::from(!first_starts) }
    }

    /// The move that action `ply` (0: the first action) belongs to.
    pub fn of_ply(self, ply: usize) -> usize {
        (ply + self.second_starts) / 2 + 1
    }

    /// The position (counted in actions, 0 the start) that shows move `n`'s
    /// first action; 0 for move 0.
    pub fn position_of(self, n: usize) -> usize {
        match n {
            0 => 0,
            n => (2 * (n - 1)).saturating_sub(self.second_starts) + 1,
        }
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
    /// The end the players chose, if they did (a resignation, an agreed draw).
    pub ended: Option<Ended>,
}

impl<G: Game> Story<'_, G> {
    fn moves(&self, game: &G) -> Moves {
        Moves::new(game.to_move(&self.positions[0]) == Player::First)
    }

    /// The text of position `i` (0: the start).
    fn frame(&self, game: &G, i: usize) -> String {
        let last = i.checked_sub(1).map(|a| (&self.positions[a], self.actions[a]));
        let board = crate::drawing::board(game, &self.positions[i], &Marks::after(last, self.ascii));
        match last {
            None => format!("start\n{board}"),
            Some((_, a)) => {
                let mover = game.player_name(game.to_move(&self.positions[i - 1]));
                let n = self.moves(game).of_ply(i - 1);
                format!("move {n}: {mover} plays {}\n{board}", game.format_action(a))
            }
        }
    }

    /// Where the replay stands, for its prompt: "move 3 of 12" (short: the
    /// prompt keeps within 80 columns).
    fn place(&self, game: &G, at: usize) -> String {
        let moves = self.moves(game);
        let all = self.actions.len().checked_sub(1).map_or(0, |ply| moves.of_ply(ply));
        match at {
            0 => format!("the start of {}", crate::game::counted(all as u32, "move", "moves")),
            _ => format!("move {} of {all}", moves.of_ply(at - 1)),
        }
    }

    /// How the replay ends.
    fn end_line(&self, game: &G) -> String {
        let last = &self.positions[self.positions.len() - 1];
        let rule = drawn_by_rule(game, self.positions, self.actions);
        if self.ended.is_none() && rule.is_none() && game.has_actions(last) {
            return "end: the game was not finished".to_string();
        }
        let ending = how_ended(game, self.ended, rule.as_deref(), last, self.sides);
        format!("end: {}", ending.trim_start_matches("game over: "))
    }

    /// Every position, one after another (for a script or a file).
    pub fn print_all(&self, game: &G, out: &mut dyn Write) -> io::Result<()> {
        for i in 0..self.positions.len() {
            writeln!(out, "{}", fit(&self.frame(game, i), width()))?;
        }
        writeln!(out, "{}", fit(&self.end_line(game), width()))?;
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
        // After an unknown key the position stays: the board is not drawn
        // again, so that the message stays on screen just above the prompt.
        let mut redraw = true;
        loop {
            if redraw {
                writeln!(out, "{}", fit(&self.frame(game, at), width()))?;
                if at == last {
                    writeln!(out, "{}", fit(&self.end_line(game), width()))?;
                }
            }
            redraw = true;
            write!(out, "({}; Enter: next, b: back, a number: that move, q: stop) ", self.place(game, at))?;
            out.flush()?;
            let Some(command) = read() else { return writeln!(out) };
            match step(at, last, &self.moves(game), &command) {
                Ok(Some(next)) => at = next,
                Ok(None) => return writeln!(out),
                Err(why) => {
                    writeln!(out, "{}", fit(&why, width()))?;
                    redraw = false;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_steps_forward_back_to_a_move_and_stops() {
        let x_starts = Moves::new(true);
        let step = |at, last, command| step(at, last, &x_starts, command);
        assert_eq!(step(0, 5, ""), Ok(Some(1)));
        assert_eq!(step(5, 5, ""), Ok(Some(5)));
        assert_eq!(step(3, 5, "b"), Ok(Some(2)));
        assert_eq!(step(0, 5, "BACK"), Ok(Some(0)));
        // Move 2 begins with the third action.
        assert_eq!(step(1, 5, "2"), Ok(Some(3)));
        assert_eq!(step(4, 5, "0"), Ok(Some(0)));
        assert_eq!(step(1, 5, "40"), Ok(Some(5)));
        assert_eq!(step(2, 5, "q"), Ok(None));
        // A key the replay does not know is told, not skipped in silence.
        assert_eq!(
            step(2, 5, "what"),
            Err("\"what\" is no replay key: Enter (next), b (back), a move's number, q (stop)".to_string())
        );
    }

    /// Moves count a first side's action and the reply, as the status line
    /// does; a game the second side starts begins with half a move.
    #[test]
    fn moves_are_counted_as_the_status_line_counts_them() {
        let x = Moves::new(true);
        let counted: Vec<usize> = (0..5).map(|ply| x.of_ply(ply)).collect();
        assert_eq!(counted, [1, 1, 2, 2, 3]);
        assert_eq!([1, 2, 3].map(|n| x.position_of(n)), [1, 3, 5]);
        let o = Moves::new(false);
        let counted: Vec<usize> = (0..5).map(|ply| o.of_ply(ply)).collect();
        assert_eq!(counted, [1, 2, 2, 3, 3]);
        assert_eq!([1, 2, 3].map(|n| o.position_of(n)), [1, 2, 4]);
        // Each move's first position is an action of that move.
        for m in [x, o] {
            for n in 1..6 {
                assert_eq!(m.of_ply(m.position_of(n) - 1), n);
            }
        }
    }
}
