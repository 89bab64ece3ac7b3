//! The checkers board as three 32-bit masks over the dark squares.
//!
//! Only the 32 dark cells can ever hold a unit, so a square index `s` in 0..32 names
//! one of them: `s = row * 4 + col / 2` with row 0 being the course's row 1 and col 0
//! column A. Indices increase row by row from row 1, left to right within a row,
//! which is exactly the scan order the course uses to order actions.

/// The four diagonal directions in the course's order: north-east first, then
/// clockwise. North is towards row 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Towards row 1 and column H.
    NorthEast = 0,
    /// Towards row 8 and column H.
    SouthEast = 1,
    /// Towards row 8 and column A.
    SouthWest = 2,
    /// Towards row 1 and column A.
    NorthWest = 3,
}

impl Dir {
    /// The four directions in the course's order, which orders actions too.
    pub const ALL: [Dir; 4] = [Dir::NorthEast, Dir::SouthEast, Dir::SouthWest, Dir::NorthWest];

    const fn delta(self) -> (i32, i32) {
        match self {
            Dir::NorthEast => (-1, 1),
            Dir::SouthEast => (1, 1),
            Dir::SouthWest => (1, -1),
            Dir::NorthWest => (-1, -1),
        }
    }

    /// Whether a piece (not a tower) of the given colour may move this way.
    pub const fn forward_for(self, color: Color) -> bool {
        match color {
            Color::Black => matches!(self, Dir::NorthEast | Dir::NorthWest),
            Color::White => matches!(self, Dir::SouthEast | Dir::SouthWest),
        }
    }
}

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves first, from rows 6-8 towards row 1; the maximising side.
    Black,
    /// From rows 1-3 towards row 8; the minimising side.
    White,
}

impl Color {
    /// The opponent.
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The row index (0-based) where a piece of this colour becomes a tower.
    pub const fn far_row(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 7,
        }
    }

    /// `BLACK` or `WHITE`, as the course protocol prints the side to move.
    pub fn upper_name(self) -> &'static str {
        match self {
            Color::Black => "BLACK",
            Color::White => "WHITE",
        }
    }
}

/// What stands on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// No unit.
    Empty,
    /// A piece, which moves forward only.
    Piece(Color),
    /// A tower (a crowned piece), which moves both ways.
    Tower(Color),
}

impl Cell {
    /// The cell in the position notation: `.`, `b`, `w`, `B` or `W`.
    pub fn symbol(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Piece(Color::Black) => 'b',
            Cell::Piece(Color::White) => 'w',
            Cell::Tower(Color::Black) => 'B',
            Cell::Tower(Color::White) => 'W',
        }
    }

    /// The cell a notation character stands for, the inverse of
    /// [`Cell::symbol`]; `None` for any other character.
    pub fn from_symbol(c: char) -> Option<Cell> {
        Some(match c {
            '.' => Cell::Empty,
            'b' => Cell::Piece(Color::Black),
            'w' => Cell::Piece(Color::White),
            'B' => Cell::Tower(Color::Black),
            'W' => Cell::Tower(Color::White),
            _ => return None,
        })
    }
}

/// The square number of "off the board" in [`NEIGHBOUR`] and [`JUMP`].
pub const NO_SQUARE: u8 = u8::MAX;

/// The dark square at a (row, col), both 0-based, or `None` for a light cell.
pub const fn square_at(row: usize, col: usize) -> Option<u8> {
    if row < 8 && col < 8 && (row + col) % 2 == 1 { Some((row * 4 + col / 2) as u8) } else { None }
}

/// The row (0-based, the course's row 1 first) of dark square `s`.
pub const fn row_of(s: u8) -> usize {
    s as usize / 4
}

/// The column (0-based, A first) of dark square `s`.
pub const fn col_of(s: u8) -> usize {
    let row = row_of(s);
    // Even rows (row 1, 3, ...) have their dark cells in columns B, D, F, H.
    (s as usize % 4) * 2 + if row.is_multiple_of(2) { 1 } else { 0 }
}

const fn step(s: u8, dir: Dir, times: i32) -> u8 {
    let (dr, dc) = dir.delta();
    let r = row_of(s) as i32 + dr * times;
    let c = col_of(s) as i32 + dc * times;
    if r < 0 || r > 7 || c < 0 || c > 7 {
        return NO_SQUARE;
    }
    match square_at(r as usize, c as usize) {
        Some(t) => t,
        None => NO_SQUARE,
    }
}

const fn table(times: i32) -> [[u8; 4]; 32] {
    let mut t = [[NO_SQUARE; 4]; 32];
    let mut s = 0;
    while s < 32 {
        let mut d = 0;
        while d < 4 {
            t[s][d] = step(s as u8, Dir::ALL[d], times);
            d += 1;
        }
        s += 1;
    }
    t
}

/// `NEIGHBOUR[s][dir]`: the adjacent dark square, or `NO_SQUARE` off the board.
pub const NEIGHBOUR: [[u8; 4]; 32] = table(1);
/// `JUMP[s][dir]`: the landing square of a capture, or `NO_SQUARE` off the board.
pub const JUMP: [[u8; 4]; 32] = table(2);

/// A checkers position: who stands where and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Black's units, one bit per dark square (bit `s` for square `s`).
    pub black: u32,
    /// White's units, likewise; never overlapping `black`.
    pub white: u32,
    /// Which occupied squares hold towers (of either colour).
    pub towers: u32,
    /// The side to move.
    pub turn: Color,
    /// `b + 3B - w - 3W`, kept up to date by every change so that the search never
    /// counts bits for it.
    material: i8,
}

impl Position {
    /// A position from its masks; `towers` outside `black | white` are ignored, as is
    /// white where black stands too.
    pub fn from_masks(black: u32, white: u32, towers: u32, turn: Color) -> Position {
        let white = white & !black;
        let towers = towers & (black | white);
        let count = |m: u32| m.count_ones() as i32;
        let material = count(black & !towers) + 3 * count(black & towers)
            - count(white & !towers)
            - 3 * count(white & towers);
        Position { black, white, towers, turn, material: material as i8 }
    }

    /// A board with no units and `turn` to move.
    pub fn empty(turn: Color) -> Position {
        Position::from_masks(0, 0, 0, turn)
    }

    /// The course's start position, black to move.
    pub fn start() -> Position {
        // Rows 1-3 (squares 0..12) hold white pieces, rows 6-8 (20..32) black ones.
        Position::from_masks(0xFFF0_0000, 0x0000_0FFF, 0, Color::Black)
    }

    /// The position after a legal action's changes, with the material brought up
    /// to date from what changed rather than recounted.
    #[inline]
    pub(crate) fn with(&self, black: u32, white: u32, towers: u32, material_change: i8) -> Position {
        Position { black, white, towers, turn: self.turn.other(), material: self.material + material_change }
    }

    /// The mask of `color`'s units, pieces and towers.
    pub fn units(&self, color: Color) -> u32 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The mask of every unit's square.
    pub fn occupied(&self) -> u32 {
        self.black | self.white
    }

    /// What stands on dark square `s` (0..32).
    pub fn cell(&self, s: u8) -> Cell {
        let bit = 1u32 << s;
        let tower = self.towers & bit != 0;
        let color = if self.black & bit != 0 {
            Color::Black
        } else if self.white & bit != 0 {
            Color::White
        } else {
            return Cell::Empty;
        };
        if tower { Cell::Tower(color) } else { Cell::Piece(color) }
    }

    /// The cell at (row, col), 0-based; light cells are always empty.
    pub fn cell_at(&self, row: usize, col: usize) -> Cell {
        match square_at(row, col) {
            Some(s) => self.cell(s),
            None => Cell::Empty,
        }
    }

    /// Puts `cell` on dark square `s` (0..32), replacing what stood there; the
    /// material count follows.
    pub fn set(&mut self, s: u8, cell: Cell) {
        let bit = 1u32 << s;
        let (mut black, mut white, mut towers) = (self.black & !bit, self.white & !bit, self.towers & !bit);
        match cell {
            Cell::Empty => {}
            Cell::Piece(c) | Cell::Tower(c) => {
                match c {
                    Color::Black => black |= bit,
                    Color::White => white |= bit,
                }
                if matches!(cell, Cell::Tower(_)) {
                    towers |= bit;
                }
            }
        }
        *self = Position::from_masks(black, white, towers, self.turn);
    }

    /// The course's cost: b + 3B - w - 3W (material only, no terminal rule).
    #[inline]
    pub fn material(&self) -> i32 {
        self.material as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_and_are_dark() {
        for s in 0..32u8 {
            let (r, c) = (row_of(s), col_of(s));
            assert_eq!((r + c) % 2, 1, "square {s} is light");
            assert_eq!(square_at(r, c), Some(s));
        }
        assert_eq!(square_at(0, 0), None);
    }

    #[test]
    fn start_position_matches_the_spec() {
        let p = Position::start();
        // B1 D1 F1 H1 / A2 C2 E2 G2 / B3 D3 F3 H3 are white.
        for (row, cols) in [(0, [1, 3, 5, 7]), (1, [0, 2, 4, 6]), (2, [1, 3, 5, 7])] {
            for col in cols {
                assert_eq!(p.cell_at(row, col), Cell::Piece(Color::White));
            }
        }
        for (row, cols) in [(5, [0, 2, 4, 6]), (6, [1, 3, 5, 7]), (7, [0, 2, 4, 6])] {
            for col in cols {
                assert_eq!(p.cell_at(row, col), Cell::Piece(Color::Black));
            }
        }
        assert_eq!(p.occupied().count_ones(), 24);
        assert_eq!(p.material(), 0);
    }

    #[test]
    fn neighbour_tables_follow_the_diagonals() {
        // G6 is row 5, col 6. Its north-east neighbour is H5, north-west F5.
        let g6 = square_at(5, 6).unwrap();
        assert_eq!(NEIGHBOUR[g6 as usize][Dir::NorthEast as usize], square_at(4, 7).unwrap());
        assert_eq!(NEIGHBOUR[g6 as usize][Dir::NorthWest as usize], square_at(4, 5).unwrap());
        assert_eq!(JUMP[g6 as usize][Dir::NorthWest as usize], square_at(3, 4).unwrap());
        // H5 has no eastern neighbours.
        let h5 = square_at(4, 7).unwrap();
        assert_eq!(NEIGHBOUR[h5 as usize][Dir::NorthEast as usize], NO_SQUARE);
        assert_eq!(NEIGHBOUR[h5 as usize][Dir::SouthEast as usize], NO_SQUARE);
    }
}
