//! The position a game's exercise starts from, drawn on its sheets beside the
//! title: the game's one board description (`game::drawing::Picture`), as the
//! explorer draws it, in marks that the SVG, PDF and LaTeX writers all draw.

use super::ink::{LEAST_TYPE, Mark};
use crate::game::drawing::Picture;

/// The root position's board.
#[derive(Clone, Debug)]
pub struct Board {
    /// The game's board description.
    pub picture: Picture,
    /// The symbol on each of its points.
    pub cells: Vec<char>,
}

/// The size the board aims at across, in points, and the least and most a
/// cell may take: a larger board gets larger, never cells under 14 pt, whose
/// coordinates then print at 8 pt.
const ACROSS: f32 = 130.0;
const LEAST_CELL: f32 = 14.0;
const MOST_CELL: f32 = 30.0;

const EDGE: (u8, u8, u8) = (0x7a, 0x5a, 0x3a);
const DARK: (u8, u8, u8) = (0xb5, 0x88, 0x63);
const LIGHT: (u8, u8, u8) = (0xf0, 0xd9, 0xb5);
const PLAIN: (u8, u8, u8) = (0xe8, 0xe2, 0xcf);
const PLAIN_EDGE: (u8, u8, u8) = (0xbb, 0xbb, 0xaa);
const LINK: (u8, u8, u8) = (0x66, 0x66, 0x66);
const COORD: (u8, u8, u8) = (0x33, 0x33, 0x33);
const WHITE: (u8, u8, u8) = (255, 255, 255);

/// A colour as the board description writes it (`#c00`, `#b58863`, `white`,
/// `black`); `None` for `none` or what it does not know.
fn colour(css: &str) -> Option<(u8, u8, u8)> {
    let hex = |s: &str| u8::from_str_radix(s, 16).ok();
    match css {
        "white" => Some(WHITE),
        "black" => Some((0, 0, 0)),
        _ => {
            let digits = css.strip_prefix('#')?;
            match digits.len() {
                3 => {
                    let d: Vec<u8> = digits.chars().map(|c| hex(&c.to_string())).collect::<Option<_>>()?;
                    Some((d[0] * 17, d[1] * 17, d[2] * 17))
                }
                6 => Some((hex(&digits[0..2])?, hex(&digits[2..4])?, hex(&digits[4..6])?)),
                _ => None,
            }
        }
    }
}

impl Board {
    /// A cell's size in points.
    pub fn cell(&self) -> f32 {
        (ACROSS / self.picture.width.max(self.picture.height)).clamp(LEAST_CELL, MOST_CELL)
    }

    /// The board's width and height in points.
    pub fn size(&self) -> (f32, f32) {
        let c = self.cell();
        (self.picture.width * c, self.picture.height * c)
    }

    /// The board with its top left at `origin`; `ascii` writes a unit's
    /// letter in ASCII where its mark is not (the PDF's base-14 font).
    pub fn marks(&self, origin: (f32, f32), ascii: bool) -> Vec<Mark> {
        let (p, c) = (&self.picture, self.cell());
        let at = |x: f32, y: f32| (origin.0 + x * c, origin.1 + y * c);
        let mut m = Vec::new();
        let plain = !p.lines.is_empty();
        for &(x, y, dark) in &p.squares {
            let (fill, edge) = match (plain, dark) {
                (true, _) => (PLAIN, PLAIN_EDGE),
                (false, true) => (DARK, EDGE),
                (false, false) => (LIGHT, EDGE),
            };
            let points = vec![at(x, y), at(x + 1.0, y), at(x + 1.0, y + 1.0), at(x, y + 1.0)];
            m.push(Mark::Shape { points, colour: edge, fill, width: 0.03 * c });
        }
        for &[a, b] in &p.lines {
            let (from, to) = (at(p.points[a][0], p.points[a][1]), at(p.points[b][0], p.points[b][1]));
            m.push(Mark::Line { from, to, colour: LINK, width: 0.06 * c, dashed: false });
        }
        if plain {
            for &[x, y] in &p.points {
                m.push(Mark::Circle {
                    centre: at(x, y),
                    radius: 0.12 * c,
                    fill: Some(WHITE),
                    colour: LINK,
                    width: 0.05 * c,
                });
            }
        }
        let coord = (0.5 * c).max(LEAST_TYPE);
        for (x, y, text) in &p.labels {
            m.push(Mark::Text { at: at(*x, *y), size: coord, text: text.clone(), colour: COORD });
        }
        for (i, &[x, y]) in p.points.iter().enumerate() {
            let Some(unit) = self.cells.get(i).and_then(|s| p.units.iter().find(|u| u.symbol == *s)) else {
                continue;
            };
            let fill = colour(unit.fill);
            let stroke = colour(unit.stroke).unwrap_or((0, 0, 0));
            m.push(Mark::Circle {
                centre: at(x, y),
                radius: 0.38 * c,
                fill,
                colour: stroke,
                width: 0.06 * c,
            });
            let mark = if ascii && !unit.mark.is_ascii() { unit.text } else { unit.mark };
            if !mark.is_empty() {
                // Light on a dark unit, else in the unit's outline colour.
                let dark = fill.is_some_and(|(r, g, b)| u32::from(r) + u32::from(g) + u32::from(b) < 200);
                let ink = if dark { WHITE } else { stroke };
                m.push(Mark::Text {
                    at: at(x, y),
                    size: (0.55 * c).max(LEAST_TYPE),
                    text: mark.to_string(),
                    colour: ink,
                });
            }
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::colour;

    #[test]
    fn colours_read_as_the_board_description_writes_them() {
        assert_eq!(colour("#c00"), Some((204, 0, 0)));
        assert_eq!(colour("#b58863"), Some((0xb5, 0x88, 0x63)));
        assert_eq!(colour("white"), Some((255, 255, 255)));
        assert_eq!(colour("none"), None);
        assert_eq!(colour("#12"), None);
    }
}
