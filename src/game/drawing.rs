//! A game's board, described once: where its points stand, what is drawn under
//! them, which kinds of unit stand on them, and which points an action touches.
//! Every board a person sees derives from this description: the terminal's
//! (the crate's `drawing` module), DOT's labels, the explorer's SVG and the
//! JSON `board` rows (`Picture::rows`). Only the course protocol keeps a board of its
//! own, byte for byte. Each game's description lives in its `drawing.rs`.

use serde::Serialize;

use super::{Player, Rules};

/// The board's description, the same for every position: points on a plane
/// in cell units, what is drawn under them, coordinates, and how each kind of
/// unit looks. The explorer receives it as it is (the fields it does not draw
/// are skipped).
#[derive(Clone, Debug, Serialize)]
pub struct Picture {
    /// The drawing's width in cells, margins for coordinates included.
    pub width: f32,
    /// The drawing's height in cells, margins for coordinates included.
    pub height: f32,
    /// The centre of each point, in the order [`Drawing::cells`] lists them.
    /// Points with the same height, one after another, form a row of
    /// [`Picture::rows`].
    pub points: Vec<[f32; 2]>,
    /// One-cell squares drawn under the points: left, top, and whether dark.
    pub squares: Vec<(f32, f32, bool)>,
    /// Lines joining two points (by index), drawn under the units.
    pub lines: Vec<[usize; 2]>,
    /// Coordinates: text centred at a place.
    pub labels: Vec<(f32, f32, String)>,
    /// How each symbol of [`Drawing::cells`] is drawn; any other symbol is an
    /// empty point.
    pub units: Vec<Unit>,
    /// A board laid out as a grid, with its column and row names: a terminal
    /// and DOT draw it as a table.
    #[serde(skip)]
    pub grid: Option<Grid>,
}

/// A rectangular board's names and kind.
#[derive(Clone, Debug)]
pub struct Grid {
    /// Column names, left to right (`A`..`H`, `a`..`o`).
    pub columns: Vec<String>,
    /// Row names, top to bottom.
    pub rows: Vec<String>,
    /// Units stand on the crossings of lines (Gomoku, as on a Go board), not in
    /// squares between them.
    pub crossings: bool,
}

/// The look of one kind of unit.
#[derive(Clone, Debug, Serialize)]
pub struct Unit {
    /// Its symbol in [`Drawing::cells`] and in the JSON `board`.
    pub symbol: char,
    /// What it is, in words ("black tower").
    pub name: &'static str,
    /// The explorer's fill colour, as SVG and DOT take it (`#444`, `white`).
    pub fill: &'static str,
    /// The colour of its outline, likewise.
    pub stroke: &'static str,
    /// A letter the explorer draws on the unit, or empty.
    pub mark: &'static str,
    /// How a terminal shows it in plain ASCII: one or two characters (`B*`).
    #[serde(skip)]
    pub text: &'static str,
    /// How a terminal that has them shows it (`●`); empty: as in ASCII.
    #[serde(skip)]
    pub glyph: &'static str,
    /// It covers its whole cell on a terminal (an Ataxx blocked cell): its
    /// text is repeated across the cell, and it is never marked.
    #[serde(skip)]
    pub covers: bool,
}

impl Unit {
    /// A unit drawn as `text` everywhere, with the explorer's `fill` and
    /// `stroke`; the other fields can be set after it.
    pub const fn plain(
        symbol: char,
        name: &'static str,
        text: &'static str,
        colours: [&'static str; 2],
    ) -> Unit {
        Unit { symbol, name, fill: colours[0], stroke: colours[1], mark: "", text, glyph: "", covers: false }
    }
}

impl Picture {
    /// A board with no points: the game has nothing to draw of a position (a
    /// textbook tree's node), and a terminal shows its notation instead.
    pub fn none() -> Picture {
        Picture {
            width: 1.0,
            height: 1.0,
            points: Vec::new(),
            squares: Vec::new(),
            lines: Vec::new(),
            labels: Vec::new(),
            units: Vec::new(),
            grid: None,
        }
    }

    /// A `rows` by `cols` board of squares, named as the game names its
    /// columns and rows, shaded where `dark` says; points are the squares'
    /// centres in reading order.
    pub fn grid(
        columns: Vec<String>,
        rows: Vec<String>,
        dark: impl Fn(usize, usize) -> bool,
        units: Vec<Unit>,
    ) -> Picture {
        let mut p = Picture::lattice(columns, rows, units, false);
        let w = p.grid.as_ref().map_or(0, |g| g.columns.len());
        p.squares =
            p.points.iter().enumerate().map(|(i, &[x, y])| (x - 0.5, y - 0.5, dark(i / w, i % w))).collect();
        p
    }

    /// A board of lines whose crossings take the units (a Go board): each row
    /// and each column is one line from its first point to its last.
    pub fn crossings(columns: Vec<String>, rows: Vec<String>, units: Vec<Unit>) -> Picture {
        let mut p = Picture::lattice(columns, rows, units, true);
        let (h, w) = p.grid.as_ref().map_or((0, 0), |g| (g.rows.len(), g.columns.len()));
        if h > 0 && w > 0 {
            p.lines.extend((0..h).map(|r| [r * w, r * w + w - 1]));
            p.lines.extend((0..w).map(|c| [c, (h - 1) * w + c]));
        }
        p
    }

    /// Points at the cell centres in reading order, with one cell of margin on
    /// the left and at the top for the coordinates.
    fn lattice(columns: Vec<String>, rows: Vec<String>, units: Vec<Unit>, crossings: bool) -> Picture {
        let (h, w) = (rows.len(), columns.len());
        let points = (0..h * w).map(|i| [(i % w) as f32 + 1.5, (i / w) as f32 + 1.5]).collect();
        let mut labels: Vec<(f32, f32, String)> =
            columns.iter().enumerate().map(|(c, n)| (c as f32 + 1.5, 0.5, n.clone())).collect();
        labels.extend(rows.iter().enumerate().map(|(r, n)| (0.5, r as f32 + 1.5, n.clone())));
        Picture {
            width: w as f32 + 1.0,
            height: h as f32 + 1.0,
            points,
            squares: Vec::new(),
            lines: Vec::new(),
            labels,
            units,
            grid: Some(Grid { columns, rows, crossings }),
        }
    }

    /// How many points each row holds: points with the same height, one after
    /// another.
    pub fn row_lengths(&self) -> Vec<usize> {
        let mut lengths: Vec<usize> = Vec::new();
        let mut last = None;
        for p in &self.points {
            match lengths.last_mut() {
                Some(n) if last == Some(p[1]) => *n += 1,
                _ => lengths.push(1),
            }
            last = Some(p[1]);
        }
        lengths
    }

    /// `cells` (one symbol per point) cut into the picture's rows: the JSON
    /// `board`.
    pub fn rows(&self, cells: &str) -> Vec<String> {
        let mut chars = cells.chars();
        self.row_lengths().iter().map(|&n| chars.by_ref().take(n).collect()).collect()
    }

    /// The unit a symbol stands for, if any.
    pub fn unit(&self, symbol: char) -> Option<&Unit> {
        self.units.iter().find(|u| u.symbol == symbol)
    }
}

/// Names `a`, `b`, ... (or `A`, `B`, ... from `first`) for `n` columns.
pub fn letters(first: u8, n: usize) -> Vec<String> {
    (0..n).map(|i| ((first + i as u8) as char).to_string()).collect()
}

/// Numbers `from`, `from ± 1`, ... for `n` rows, counting down when `down`.
pub fn numbers(from: usize, n: usize, down: bool) -> Vec<String> {
    (0..n).map(|i| if down { from - i } else { from + i }.to_string()).collect()
}

/// A board editor's `cells` as a notation writes its board: cut into `rows`
/// rows, each written by `row`, joined by `joiner`; or why they are not
/// `rows` rows of `width` symbols.
pub fn board_text(
    cells: &str,
    rows: usize,
    width: usize,
    row: impl Fn(&str) -> String,
    joiner: &str,
) -> Result<String, String> {
    let cells: Vec<char> = cells.chars().collect();
    if cells.len() != rows * width {
        return Err(format!(
            "expected {} points ({rows} rows of {width}), got {}",
            rows * width,
            cells.len()
        ));
    }
    let rows: Vec<String> = cells.chunks(width).map(|r| row(&r.iter().collect::<String>())).collect();
    Ok(rows.join(joiner))
}

/// The points of a [`Picture`] an action starts from and ends on: a board for
/// play marks them ( ) and [ ].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spots {
    /// The point the action starts from, if it moves a unit.
    pub from: Option<usize>,
    /// The point it ends on.
    pub to: Option<usize>,
}

/// What a board drawn for a person marks besides the units.
#[derive(Clone, Copy, Debug)]
pub struct Marks<'a, P, A> {
    /// The action just played and the position it was played in: where it
    /// started, in ( ), and ended, in [ ].
    pub last: Option<(&'a P, A)>,
    /// `targets CELL`: the cell named and its unit's actions, whose ends are
    /// marked instead of the last action.
    pub targets: Option<(&'a str, &'a [A])>,
    /// Plain ASCII, for terminals without box-drawing characters or ●/○.
    pub ascii: bool,
}

impl<'a, P, A> Marks<'a, P, A> {
    /// Only the last action marked, given with the position it was played in.
    pub fn after(last: Option<(&'a P, A)>, ascii: bool) -> Self {
        Marks { last, targets: None, ascii }
    }
}

/// A game's board: the one description every drawing of it reads. A game
/// without a board (a textbook tree) writes `impl Drawing for MyGame {}`.
pub trait Drawing: Rules {
    /// The board's points, coordinates and kinds of unit.
    fn picture(&self) -> Picture {
        Picture::none()
    }

    /// One symbol per point of [`Drawing::picture`], in its order: a unit's
    /// symbol, or `.` for an empty point.
    fn cells(&self, pos: &Self::Position) -> String {
        let _ = pos;
        String::new()
    }

    /// The points `action`, played at `pos`, starts from and ends on: a
    /// board for a person marks them, and `targets CELL` marks where each
    /// action of the unit on CELL ends. `pos` is the position before the
    /// action (a stone dropped into a column lands on the lowest empty cell
    /// of `pos`). The default reads the change of [`Drawing::cells`]: the
    /// action ends on the first point that was empty and holds a unit after
    /// it, and starts from the first that held a unit and is empty after it
    /// (a capture empties more: a game whose moves are not that plain writes
    /// its own).
    fn spots(&self, pos: &Self::Position, action: Self::Action) -> Spots {
        let before: Vec<char> = self.cells(pos).chars().collect();
        let after: Vec<char> = self.cells(&self.apply(pos, action)).chars().collect();
        let changed = |filled: bool| {
            let empty = |c: char| c == '.';
            before.iter().zip(&after).position(|(&b, &a)| empty(b) == filled && empty(a) != filled)
        };
        Spots { from: changed(false), to: changed(true) }
    }

    /// The name a person types for `point` of the picture (`targets CELL`,
    /// actions): on a grid its column's name then its row's (`b2`, `C6`),
    /// on any other board its number (niujiao's `0`-`9`). A game whose
    /// notation names points otherwise writes its own; the conformance suite
    /// checks that the point an action starts from, so named, has that action
    /// among its `targets`.
    fn point_name(&self, point: usize) -> String {
        match &self.picture().grid {
            Some(g) if !g.columns.is_empty() => {
                format!("{}{}", g.columns[point % g.columns.len()], g.rows[point / g.columns.len()])
            }
            _ => point.to_string(),
        }
    }

    /// The position whose board is `cells` (one symbol per point, as
    /// [`Drawing::cells`] writes them) with `to_move` to move: a board
    /// editor's, which places units point by point. Counters a position keeps
    /// besides its board (Ataxx's clocks) start afresh. `None`: the game has
    /// no board to edit; `Some(Err)`: why these cells are no position.
    fn setup(&self, cells: &str, to_move: Player) -> Option<Result<Self::Position, String>> {
        let _ = (cells, to_move);
        None
    }

    /// What a person's board says under it, where the game counts something:
    /// "x 2 stones, o 2 stones; move 1".
    fn tally(&self, pos: &Self::Position) -> Option<String> {
        let _ = pos;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Outcome, Player};

    /// A row of four cells, one stone stepping right or a new one put on the
    /// left: its board says where an action starts and ends.
    #[derive(Clone)]
    struct Row;

    impl Rules for Row {
        type Position = [bool; 4];
        type Action = Option<usize>;

        fn start(&self) -> [bool; 4] {
            [false, true, false, false]
        }

        fn to_move(&self, _: &[bool; 4]) -> Player {
            Player::First
        }

        /// `Some(i)`: the stone on `i` steps right; `None`: a stone is put on 0.
        fn actions(&self, pos: &[bool; 4], out: &mut Vec<Option<usize>>) {
            out.clear();
            out.extend((0..3).filter(|&i| pos[i] && !pos[i + 1]).map(Some));
            if !pos[0] {
                out.push(None);
            }
        }

        fn apply(&self, pos: &[bool; 4], action: Option<usize>) -> [bool; 4] {
            let mut next = *pos;
            match action {
                Some(i) => (next[i], next[i + 1]) = (false, true),
                None => next[0] = true,
            }
            next
        }

        fn terminal_outcome(&self, _: &[bool; 4]) -> Outcome {
            Outcome::Draw
        }
    }

    impl Drawing for Row {
        fn cells(&self, pos: &[bool; 4]) -> String {
            pos.iter().map(|&s| if s { 'o' } else { '.' }).collect()
        }
    }

    #[test]
    fn the_default_spots_read_the_change_of_the_cells() {
        let pos = Row.start();
        assert_eq!(Row.spots(&pos, Some(1)), Spots { from: Some(1), to: Some(2) });
        assert_eq!(Row.spots(&pos, None), Spots { from: None, to: Some(0) });
    }
}
