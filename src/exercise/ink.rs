//! What the writers put on paper, apart from any sheet: a `Mark`, and the
//! least type size. The board (`board`) and the tree (`marks`) both draw in
//! these, so neither needs the other.

/// One thing drawn, in points from the page's top left, y downwards.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A straight line: an edge of the tree, or a pruned branch's cross.
    Line {
        /// Where it starts.
        from: (f32, f32),
        /// Where it ends.
        to: (f32, f32),
        /// Its colour, as red, green and blue.
        colour: (u8, u8, u8),
        /// Its width in points.
        width: f32,
        /// Drawn dashed (an edge the search never followed).
        dashed: bool,
    },
    /// A closed shape, filled and outlined.
    Shape {
        /// Its corners, in order.
        points: Vec<(f32, f32)>,
        /// The outline's colour.
        colour: (u8, u8, u8),
        /// The colour inside.
        fill: (u8, u8, u8),
        /// The outline's width in points.
        width: f32,
    },
    /// A circle (a unit on a board, or a point of it), outlined.
    Circle {
        /// Its centre.
        centre: (f32, f32),
        /// Its radius in points.
        radius: f32,
        /// The colour inside; `None`: left empty.
        fill: Option<(u8, u8, u8)>,
        /// The outline's colour.
        colour: (u8, u8, u8),
        /// The outline's width in points.
        width: f32,
    },
    /// Text centred on `at` (its baseline a third of `size` below it).
    Text {
        /// The centre of the text.
        at: (f32, f32),
        /// The type size in points.
        size: f32,
        /// What is written.
        text: String,
        /// Its colour.
        colour: (u8, u8, u8),
    },
}

/// The least type size a sheet prints, in points: a class reads nothing smaller.
pub const LEAST_TYPE: f32 = 8.0;
