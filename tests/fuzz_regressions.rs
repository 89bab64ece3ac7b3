//! Every input a fuzz target (fuzz/) ever failed on, as a literal, with what was
//! wrong. Each must now pass the same check the target runs.

use gametree::games::tictactoe::TicTacToe;
use gametree::invariants;

/// positions, crash-0a4039e3: a tic-tac-toe position with one x, no o and x to
/// move parsed, but its child (two x, no o) did not: the parser let the side with
/// more marks move again. It now refuses such positions.
#[test]
fn tictactoe_side_to_move_must_not_be_ahead() {
    let text = ".....x... x";
    invariants::position_text(&TicTacToe, text).unwrap();
    assert!(gametree::game::Notation::parse_position(&TicTacToe, text).is_err());
    assert!(gametree::game::Notation::parse_position(&TicTacToe, ".....x... o").is_ok());
}
