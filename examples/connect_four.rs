//! Connect Four as a game of gametree, written outside the crate with only its
//! public API: the code docs/adding-a-game.md walks through, piece by piece.
//! `cargo run --example connect_four -- [POSITION [DEPTH]]` prints the
//! board, the machine's choice and its value.

use gametree::game::drawing::{Drawing, Picture, Spots, Unit, letters, numbers};
use gametree::game::{
    Evaluation, Notation, Oracle, Outcome, Play, Player, PositionError, Presentation, Rules, Storage,
    quoted_start,
};
use gametree::games::Registered;

/// Columns, left to right, and rows, top to bottom.
pub const COLUMNS: usize = 7;
pub const ROWS: usize = 6;

/// The game: Connect Four has no settings, so the type is empty.
#[derive(Clone, Copy, Debug, Default)]
pub struct ConnectFour;

/// Each side's stones as a mask of cells, bit `row * 7 + column` (row 0 at
/// the top, as the picture reads), and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Red's stones; red moves first and maximises.
    pub red: u64,
    /// Yellow's stones.
    pub yellow: u64,
    /// Whether red is to move.
    pub red_to_move: bool,
}

/// An action is the column a stone is dropped into, 0 (a) to 6 (g): where it
/// lands depends on the position, so the action does not say.
pub type Column = u8;

/// The cell of `row` and `column`, as a bit of the masks.
fn bit(row: usize, column: usize) -> u64 {
    1 << (row * COLUMNS + column)
}

/// The lowest empty row of `column`, if it has one.
fn landing(pos: &Position, column: usize) -> Option<usize> {
    (0..ROWS).rev().find(|&r| (pos.red | pos.yellow) & bit(r, column) == 0)
}

/// Whether `stones` hold four in a row: across, down or on a diagonal.
fn has_four(stones: u64) -> bool {
    let steps: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
    (0..ROWS).any(|r| {
        (0..COLUMNS).any(|c| {
            steps.iter().any(|&(dr, dc)| {
                (0..4).all(|i| {
                    let (r, c) = (r as isize + dr * i, c as isize + dc * i);
                    (0..ROWS as isize).contains(&r)
                        && (0..COLUMNS as isize).contains(&c)
                        && stones & bit(r as usize, c as usize) != 0
                })
            })
        })
    })
}

impl Rules for ConnectFour {
    type Position = Position;
    type Action = Column;

    fn start(&self) -> Position {
        Position { red: 0, yellow: 0, red_to_move: true }
    }

    fn to_move(&self, pos: &Position) -> Player {
        if pos.red_to_move { Player::First } else { Player::Second }
    }

    /// The columns that are not full, left to right; none once a side has
    /// four in a row.
    fn actions(&self, pos: &Position, out: &mut Vec<Column>) {
        out.clear();
        if has_four(pos.red) || has_four(pos.yellow) {
            return;
        }
        out.extend((0..COLUMNS).filter(|&c| landing(pos, c).is_some()).map(|c| c as Column));
    }

    fn apply(&self, pos: &Position, column: Column) -> Position {
        let column = usize::from(column);
        let row = landing(pos, column).expect("a legal column has room");
        let mut next = *pos;
        if pos.red_to_move {
            next.red |= bit(row, column);
        } else {
            next.yellow |= bit(row, column);
        }
        next.red_to_move = !pos.red_to_move;
        next
    }

    /// Four in a row was made by the side that just moved; a full board
    /// without one is a draw.
    fn terminal_outcome(&self, pos: &Position) -> Outcome {
        if has_four(pos.red) || has_four(pos.yellow) { Outcome::Loss } else { Outcome::Draw }
    }
}

impl Storage for ConnectFour {
    /// The two masks: 42 bits each.
    type Packed = [u64; 2];

    fn pack(&self, pos: &Position) -> [u64; 2] {
        [pos.red, pos.yellow]
    }

    fn unpack(&self, &[red, yellow]: &[u64; 2], to_move: Player) -> Position {
        Position { red, yellow, red_to_move: to_move == Player::First }
    }
}

impl Evaluation for ConnectFour {
    /// Stones nearer the centre column take part in more lines: each counts
    /// 1 to 4 by its column, red's up and yellow's down.
    fn heuristic(&self, pos: &Position) -> i32 {
        let weight = |stones: u64| -> i32 {
            (0..ROWS * COLUMNS)
                .filter(|&i| stones & (1 << i) != 0)
                .map(|i| 4 - (i % COLUMNS).abs_diff(3) as i32)
                .sum()
        };
        weight(pos.red) - weight(pos.yellow)
    }

    fn default_depth(&self) -> u8 {
        5
    }
}

impl Notation for ConnectFour {
    /// A column's letter: `d` is the centre.
    fn format_action(&self, column: Column) -> String {
        char::from(b'a' + column).to_string()
    }

    /// Six rows from the top joined by `/`, seven cells each (`r y .`), a
    /// space, and `r` or `y` for the side to move.
    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let error = |why: String| Err(PositionError(why));
        let Some((board, side)) = text.trim().split_once(' ') else {
            return error(format!(
                "expected 6 rows joined by /, a space and r or y, got {}",
                quoted_start(text)
            ));
        };
        let red_to_move = match side {
            "r" => true,
            "y" => false,
            other => return error(format!("the side to move is r or y, not {}", quoted_start(other))),
        };
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != ROWS {
            return error(format!("expected 6 rows joined by /, got {}", rows.len()));
        }
        let mut pos = Position { red: 0, yellow: 0, red_to_move };
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != COLUMNS {
                return error(format!("row {} has {} cells, not 7", r + 1, row.chars().count()));
            }
            for (c, cell) in row.chars().enumerate() {
                match cell {
                    'r' => pos.red |= bit(r, c),
                    'y' => pos.yellow |= bit(r, c),
                    '.' => {}
                    other => return error(format!("{other:?} is no cell: r, y or .")),
                }
            }
        }
        check(&pos)?;
        Ok(pos)
    }

    fn format_position(&self, pos: &Position) -> String {
        let cells = self.cells(pos);
        let rows: Vec<&str> = (0..ROWS).map(|r| &cells[r * COLUMNS..(r + 1) * COLUMNS]).collect();
        format!("{} {}", rows.join("/"), if pos.red_to_move { 'r' } else { 'y' })
    }
}

/// Whether a position read from text could arise in a game: no stone above
/// an empty cell, the sides' counts in turn, not both with four in a row.
fn check(pos: &Position) -> Result<(), PositionError> {
    let stones = pos.red | pos.yellow;
    let floating =
        (0..ROWS - 1).any(|r| (0..COLUMNS).any(|c| stones & bit(r, c) != 0 && stones & bit(r + 1, c) == 0));
    let (red, yellow) = (pos.red.count_ones(), pos.yellow.count_ones());
    let why = if floating {
        "a stone stands above an empty cell"
    } else if red != yellow + u32::from(!pos.red_to_move) {
        "red moves first, so red has as many stones as yellow when red is to move, and one more otherwise"
    } else if has_four(pos.red) && has_four(pos.yellow) {
        "both sides have four in a row"
    } else {
        return Ok(());
    };
    Err(PositionError(why.to_string()))
}

impl Presentation for ConnectFour {
    const NAME: &'static str = "connect-four";

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "red",
            Player::Second => "yellow",
        }
    }
}

impl Drawing for ConnectFour {
    /// Seven columns a-g by six rows, 6 at the top; red and yellow stones.
    fn picture(&self) -> Picture {
        Picture::grid(
            letters(b'a', COLUMNS),
            numbers(ROWS, ROWS, true),
            |_, _| false,
            vec![
                Unit { glyph: "●", ..Unit::plain('r', "red stone", "r", ["#d22", "#600"]) },
                Unit { glyph: "○", ..Unit::plain('y', "yellow stone", "y", ["#ec0", "#850"]) },
            ],
        )
    }

    fn cells(&self, pos: &Position) -> String {
        (0..ROWS * COLUMNS)
            .map(|i| match (pos.red >> i & 1, pos.yellow >> i & 1) {
                (1, _) => 'r',
                (_, 1) => 'y',
                _ => '.',
            })
            .collect()
    }

    /// Where the stone dropped at `pos` lands: the lowest empty cell of its
    /// column, which only the position knows.
    fn spots(&self, pos: &Position, column: Column) -> Spots {
        let column = usize::from(column);
        Spots { from: None, to: landing(pos, column).map(|row| row * COLUMNS + column) }
    }
}

impl Play for ConnectFour {}

impl Registered for ConnectFour {
    const ABOUT: &'static str = "Connect Four, 7x6, four in a row";
    const NOTATION: &'static str =
        "6 rows from the top joined by `/` (`r y .`), a space, `r` or `y`; an action `d` (a column a-g)";
    const RULES: &'static str = "\
Connect Four. A board of 7 columns a-g and 6 rows; red and yellow take turns
dropping a stone into a column that is not full, red first: it falls to the
lowest empty cell. Four in a row across, down or on a diagonal wins; a full
board without one is a draw. An action is a column's letter: d is the centre.
";
}

impl Oracle for ConnectFour {
    /// Read off the rules: a column is playable while its top cell is empty,
    /// and nothing is once either side has four in a row.
    fn reference_actions(&self, pos: &Position) -> Vec<Column> {
        let over = has_four(pos.red) || has_four(pos.yellow);
        let open = |c: usize| (pos.red | pos.yellow) & bit(0, c) == 0;
        (0..COLUMNS).filter(|&c| !over && open(c)).map(|c| c as Column).collect()
    }
}

#[allow(dead_code)] // the tests include this file without running `main`
fn main() -> Result<(), String> {
    use gametree::game::Evaluation as _;
    use gametree::search::alphabeta::{self, Search};
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = ConnectFour;
    let pos = match args.first() {
        Some(text) => game.parse_position(text).map_err(|e| e.to_string())?,
        None => game.start(),
    };
    let depth = match args.get(1) {
        Some(d) => d.parse().map_err(|e| format!("depth {}: {e}", quoted_start(d)))?,
        None => game.default_depth(),
    };
    print!("{}", gametree::drawing::board(&game, &pos, &gametree::game::Marks::after(None, true)));
    let found = alphabeta::search(&game, &pos, &Search::to(depth)).map_err(|e| format!("{e:?}"))?;
    let side = game.player_name(game.to_move(&pos));
    match found.choice.action {
        Some(a) => println!("{side} plays {} (value {})", game.format_action(a), found.choice.value),
        None => println!("the game is over: {}", game.why_over(&pos)),
    }
    Ok(())
}
