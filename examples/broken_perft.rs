//! A tic-tac-toe move generator with a bug, for `gametree perft --against`
//! to find (docs/perft.md walks through it). It is written as a user's own
//! program would be, without the gametree library: it takes a position in
//! gametree's notation and a depth, and prints its divide, `ACTION COUNT` a
//! line.
//!
//! The bug: it forgets that three in a row ends the game, so it goes on
//! listing moves after a win.
//!
//! ```sh
//! cargo build --release --example broken_perft
//! gametree perft tictactoe 6 --against target/release/examples/broken_perft
//! ```

use std::process::ExitCode;

/// Cells from the top left, row by row: `x`, `o` or `.`.
type Board = [u8; 9];

fn parse(text: &str) -> Option<(Board, u8)> {
    let (cells, side) = text.split_once(' ')?;
    let board: Board = cells.as_bytes().try_into().ok()?;
    let side = side.trim().as_bytes();
    (side.len() == 1 && board.iter().all(|c| b"xo.".contains(c))).then_some((board, side[0]))
}

/// The empty cells, as moves. (The bug: a board with three in a row has no
/// moves, and this does not ask.)
fn moves(board: &Board) -> Vec<usize> {
    (0..9).filter(|&i| board[i] == b'.').collect()
}

fn perft(board: &mut Board, side: u8, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let other = if side == b'x' { b'o' } else { b'x' };
    let mut n = 0;
    for m in moves(board) {
        board[m] = side;
        n += perft(board, other, depth - 1);
        board[m] = b'.';
    }
    n
}

/// gametree's name of a cell: column a-c, row 1-3 from the top.
fn name(cell: usize) -> String {
    format!("{}{}", (b'a' + (cell % 3) as u8) as char, cell / 3 + 1)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = match args.as_slice() {
        [position, depth] => parse(position).zip(depth.parse::<u32>().ok().filter(|&d| d >= 1)),
        _ => None,
    };
    let Some(((mut board, side), depth)) = parsed else {
        eprintln!("usage: broken_perft 'x.o.x.... o' DEPTH");
        return ExitCode::from(2);
    };
    let other = if side == b'x' { b'o' } else { b'x' };
    for m in moves(&board) {
        board[m] = side;
        println!("{} {}", name(m), perft(&mut board, other, depth - 1));
        board[m] = b'.';
    }
    ExitCode::SUCCESS
}
