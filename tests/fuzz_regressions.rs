//! Every input a fuzz target (fuzz/) ever failed on, as a literal, with what was
//! wrong. Each must now pass the same check the target runs, and the check must
//! be one that the old bug would fail.

use gametree::game::prelude::*;
use gametree::games::tictactoe::TicTacToe;
use gametree::invariants;

/// positions, crash-0a4039e3: a tic-tac-toe position with one x, no o and x to
/// move parsed, but its child (two x, no o) did not: the parser let the side with
/// more marks move again. It now refuses such positions; the one with o to move
/// parses, and every child of it prints to a text that parses back (what failed).
#[test]
fn tictactoe_side_to_move_must_not_be_ahead() {
    let text = ".....x... x";
    assert!(TicTacToe.parse_position(text).is_err());
    let fair = TicTacToe.parse_position(".....x... o").unwrap();
    invariants::position(&TicTacToe, &fair).unwrap();
    invariants::position_text(&TicTacToe, text).unwrap();
}
