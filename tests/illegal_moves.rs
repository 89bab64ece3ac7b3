//! Every illegal-move message, one line each: what is wrong, not the list of
//! legal moves (that comes with `moves`).

use gametree::game::prelude::*;
use gametree::games::ataxx::Ataxx;
use gametree::games::checkers::Checkers;
use gametree::games::gomoku::Gomoku;
use gametree::games::niujiao::Niujiao;
use gametree::games::tictactoe::TicTacToe;

/// `text` at `position` (the start when empty) is refused with `message`.
fn says<G: Game>(game: &G, position: &str, text: &str, message: &str) {
    let pos = if position.is_empty() { game.start() } else { game.parse_position(position).unwrap() };
    let err = game.parse_action(&pos, text).expect_err(text);
    assert_eq!(err, message, "{} at {position:?}: {text}", game.name());
    assert!(!err.contains("legal:"), "no list: {err}");
}

#[test]
fn ataxx_says_what_is_wrong() {
    let g = Ataxx;
    says(&g, "", "g7e5", "g7 is o's stone, not yours");
    says(&g, "", "c3a1", "c3 is empty: no x stone to move");
    says(&g, "", "a7d7", "a7 to d7 is 3 cells: a jump goes exactly 2");
    // a7b7 is the clone b7 (the originals' notation); from a stone not x's it is refused.
    says(&g, "", "g7f7", "g7 is o's stone, not yours");
    says(&g, "", "pass", "x may pass only when it has no move");
    says(&g, "", "a7a7", "a7 is taken");
    says(&g, "", "g1", "g1 is taken");
    says(&g, "", "d4", "no x stone is next to d4 to clone from (a jump names its start, like a7c5)");
    says(&g, "", "h9", "h9 is off the board: columns a-g, rows 1-7");
    says(&g, "", "a7h9", "h9 is off the board: columns a-g, rows 1-7");
    says(&g, "", "0000", "x may pass only when it has no move");
    says(
        &g,
        "",
        "hello",
        "\"hello\" is not a move: expected a cell like b6 (a clone), two like a7c5 (a jump), or 0000 (a pass)",
    );
    says(&g, "x5o/7/2-4/7/7/7/o5x x 0 1", "a7c5", "c5 is blocked");
    // Four bytes, but not four characters: no move, and no panic.
    says(
        &g,
        "",
        "a€",
        "\"a€\" is not a move: expected a cell like b6 (a clone), two like a7c5 (a jump), or 0000 (a pass)",
    );
}

#[test]
fn checkers_says_what_is_wrong() {
    let g = Checkers;
    says(&g, "", "G6-F7", "F7 is not empty");
    says(&g, "", "B3-C4", "B3 holds white's piece, not yours");
    says(&g, "", "E4-F5", "E4 is empty");
    says(&g, "", "G6-G5", "G5 is a light square: units stand on dark ones");
    says(&g, "", "G6-I5", "I5 is off the board: columns A-H, rows 1-8");
    says(&g, "", "G6-C4", "G6 to C4 is not one diagonal step, nor a jump of two");
    says(&g, "", "G6", "\"G6\" is not an action: expected two cells joined by '-', like G6-F5");
    // Words after a cell are quoted as typed, not in capitals; a cell in any case is one.
    says(&g, "", "b7-c6 now", "\"c6 now\" is not a cell: expected a column A-H and a row 1-8, like G6");
    says(&g, "", "g6-g5", "G5 is a light square: units stand on dark ones");
    says(
        &g,
        "",
        "A6-B5-C4",
        "\"A6-B5-C4\" names several steps: an action is one step or one jump, like G6-F5",
    );
    // Black moves up (to lower rows); a piece on F5 may not go back to G6.
    let pos = "......../......../......../......../.....b../......../......../........ b";
    says(&g, pos, "F5-G6", "a piece moves forward only; towers move both ways");
    says(&g, pos, "F5-D3", "a jump must capture an opponent's piece; E4 is an empty square");
    let own = "......../......../......../....b.../.....b../......../......../........ b";
    says(&g, own, "F5-D3", "a jump must capture an opponent's piece; E4 is your own piece");
}

#[test]
fn niujiao_says_what_is_wrong() {
    let g = Niujiao::default();
    says(&g, "", "8-6", "point 8 holds blue's stone, not yours");
    says(&g, "", "3-5", "point 3 is empty: no red stone to move");
    says(&g, "", "0-4", "no line joins points 0 and 4");
    says(&g, "", "0-12", "12 is off the board: the points are 0 to 9");
    says(&g, "", "north", "\"north\" is not a move: expected two points joined by '-', like 0-2");
    // Blue on 6 and 9, red on 1, blue to move: 6 -> 8 is down.
    let pos = ".r....b..b b";
    says(&g, pos, "6-8", "blue cannot move down");
    says(&g, pos, "9-5", "no line joins points 9 and 5");
    says(&g, ".rb.....b. r", "1-2", "point 2 is taken");
    says(&g, "", "0-0", "a stone must move: 0-0 names the same point twice");
}

#[test]
fn tictactoe_and_gomoku_say_what_is_wrong() {
    says(&TicTacToe, "x........ o", "a1", "a1 is taken");
    says(&TicTacToe, "", "d4", "d4 is off the board: columns a-c, rows 1-3");
    says(&TicTacToe, "", "a1-b2", "\"a1-b2\" names a move: tic-tac-toe places a mark on one cell, like b2");
    says(&TicTacToe, "", "4 1", "\"4 1\" is off the board: rows and columns 1-3, like 2 3");
    says(&TicTacToe, "", "middle", "\"middle\" is not a cell: expected a column a-c and a row 1-3, like b2");
    let g = Gomoku::default();
    says(&g, "15/15/15/15/15/15/15/7x7/15/15/15/15/15/15/15 o", "h8", "\"h8\" is taken");
    says(&g, "", "p3", "\"p3\" is not a point: expected a column a-o and a row 1-15, like h8");
}
