//! How a game's board is drawn: the picture a person sees in a DOT label, an SVG
//! board in the explorer, with the game's own coordinates. Presentation only: the
//! rules stay in [`crate::game::Game`], and each game's drawing lives in its own
//! `drawing.rs`.

use serde::Serialize;

use crate::game::Game;

/// A board as points on a plane, in cell units: where units stand, what is drawn
/// under them, and how each kind of unit looks. The explorer draws every game
/// from this alone.
#[derive(Clone, Debug, Serialize)]
pub struct Picture {
    /// The drawing's width in cells, margins for coordinates included.
    pub width: f32,
    /// The drawing's height in cells, margins for coordinates included.
    pub height: f32,
    /// The centre of each point, in the order [`Drawing::cells`] lists them.
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
    /// Column and row names of a grid board, for drawings laid out as tables.
    #[serde(skip)]
    pub grid: Option<(Vec<String>, Vec<String>)>,
}

/// The look of one kind of unit.
#[derive(Clone, Debug, Serialize)]
pub struct Unit {
    /// The character that stands for this unit in [`Drawing::cells`].
    pub symbol: char,
    /// What it is, in words ("black tower").
    pub name: &'static str,
    /// Its fill colour, as SVG and DOT take it (`#444`, `white`).
    pub fill: &'static str,
    /// The colour of its outline, likewise.
    pub stroke: &'static str,
    /// A letter drawn on the unit, or empty.
    pub mark: &'static str,
}

impl Picture {
    /// A `rows` by `cols` board, named as the game names its columns and rows,
    /// with squares shaded where `dark` says; points are the cell centres in
    /// reading order.
    pub fn grid(
        columns: Vec<String>,
        rows: Vec<String>,
        dark: impl Fn(usize, usize) -> bool,
        units: Vec<Unit>,
    ) -> Picture {
        let (h, w) = (rows.len(), columns.len());
        let mut p = Picture {
            // One cell of margin on the left and at the top for the coordinates.
            width: w as f32 + 1.0,
            height: h as f32 + 1.0,
            points: Vec::with_capacity(w * h),
            squares: Vec::with_capacity(w * h),
            lines: Vec::new(),
            labels: Vec::with_capacity(w + h),
            units,
            grid: None,
        };
        for r in 0..h {
            for c in 0..w {
                p.points.push([c as f32 + 1.5, r as f32 + 1.5]);
                p.squares.push((c as f32 + 1.0, r as f32 + 1.0, dark(r, c)));
            }
        }
        p.labels.extend(columns.iter().enumerate().map(|(c, n)| (c as f32 + 1.5, 0.5, n.clone())));
        p.labels.extend(rows.iter().enumerate().map(|(r, n)| (0.5, r as f32 + 1.5, n.clone())));
        p.grid = Some((columns, rows));
        p
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

/// How a game's board looks, for the DOT labels and the explorer's boards: the
/// fixed picture of the board, and which unit stands on each of its points in a
/// position. A game needs it for those two exports only.
pub trait Drawing: Game {
    /// The empty board with its coordinates and the look of every unit: the same
    /// for every position of the game.
    fn picture(&self) -> Picture;

    /// One symbol per point of [`Drawing::picture`], in its order. Grid games
    /// list their [`Presentation::board_rows`](crate::game::Presentation::board_rows) row after row.
    fn cells(&self, pos: &Self::Position) -> String {
        self.board_rows(pos).concat()
    }
}
