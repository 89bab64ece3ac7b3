//! What a sheet draws on its page: both the SVG and the PDF writers draw
//! these marks and nothing else, so the two look alike.

use super::page::{LABEL, MARGIN, Page, QUESTION, TITLE, VALUE, text_width};
use super::sheet::{Sheet, bound};

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

const BLACK: (u8, u8, u8) = (0, 0, 0);
const WHITE: (u8, u8, u8) = (255, 255, 255);
const GREY: (u8, u8, u8) = (150, 150, 150);
const RED: (u8, u8, u8) = (200, 0, 0);
const BLUE: (u8, u8, u8) = (0, 70, 170);

/// A white box behind text, so that an edge running under it does not cross
/// its letters.
fn backing(centre: (f32, f32), width: f32, height: f32, scale: f32) -> Mark {
    let (x0, y0, x1, y1) =
        (centre.0 - width / 2.0, centre.1 - height / 2.0, centre.0 + width / 2.0, centre.1 + height / 2.0);
    Mark::Shape {
        points: vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)],
        colour: WHITE,
        fill: WHITE,
        width: scale,
    }
}

impl Sheet {
    /// The worksheet (`key` false) or the answer key on `page`. `ascii`
    /// spells alpha, beta and infinity in ASCII (the PDF's base-14 font has
    /// no Greek).
    pub fn marks(&self, page: &Page, key: bool, ascii: bool) -> Vec<Mark> {
        let mut m = Vec::new();
        let heading = if key { format!("{}: answer key", self.title) } else { self.title.clone() };
        m.push(Mark::Text { at: (page.text_centre, MARGIN), size: TITLE, text: heading, colour: BLACK });
        if let (Some(board), Some(origin)) = (&self.board, page.board) {
            m.extend(board.marks(origin, ascii));
        }
        for (i, line) in page.question.iter().enumerate() {
            let y = page.question_top() + i as f32 * QUESTION * 1.4;
            m.push(Mark::Text {
                at: (page.text_centre, y),
                size: QUESTION,
                text: line.clone(),
                colour: BLACK,
            });
        }
        let (alpha, beta, inf) = if ascii { ("alpha", "beta", "inf") } else { ("α", "β", "∞") };
        let (r, k) = (page.radius(), page.scale);
        let (label, value) = (page.type_size(LABEL), page.type_size(VALUE));
        let root_depth = self.places.first().map_or(0, |p| p.depth);
        let centre = |i: usize| page.at(self.places[i].slot, self.places[i].depth - root_depth);
        // Edges first, so that nodes and labels are drawn over them.
        for (i, p) in self.places.iter().enumerate() {
            let Some(parent) = p.parent else { continue };
            let faded = key && p.pruned;
            let colour = if faded { GREY } else { BLACK };
            let ((px, py), (x, y)) = (centre(parent), centre(i));
            let (from, to) = ((px, py + r), (x, y - r));
            m.push(Mark::Line { from, to, colour, width: 1.2 * k, dashed: faded });
            // A pruned branch is crossed out where it leaves a node that was searched.
            if faded && !self.places[parent].pruned {
                let c = (from.0 + (to.0 - from.0) * 0.6, from.1 + (to.1 - from.1) * 0.6);
                let d = 0.55 * r;
                for (dx, dy) in [(d, d), (d, -d)] {
                    m.push(Mark::Line {
                        from: (c.0 - dx, c.1 - dy),
                        to: (c.0 + dx, c.1 + dy),
                        colour: RED,
                        width: 2.0 * k,
                        dashed: false,
                    });
                }
            }
        }
        for (i, p) in self.places.iter().enumerate() {
            let faded = key && p.pruned;
            let colour = if faded { GREY } else { BLACK };
            let (x, y) = centre(i);
            if let Some(parent) = p.parent
                && !p.action.is_empty()
            {
                // The action beside its edge, a third of the way up from the child.
                let (px, py) = centre(parent);
                let at = (x + (px - x) * 0.3 + 0.6 * label, y - r + (py + r - (y - r)) * 0.3);
                let at = (at.0 + text_width(&p.action, label) / 2.0, at.1);
                m.push(backing(at, text_width(&p.action, label) + 2.0 * k, label * 1.1, k));
                m.push(Mark::Text { at, size: label, text: p.action.clone(), colour: BLUE });
            }
            // The number written in the node: a long one a little smaller,
            // never under the least type; the node widened to hold it.
            let shown = p.shown_text(key, ascii).map(|v| {
                let size =
                    if v.chars().count() > 3 { (value * 0.8).max(LEAST_TYPE.min(value)) } else { value };
                (v, size)
            });
            let needs = shown.as_ref().map_or(0.0, |(v, size)| text_width(v, *size) + 3.0 * k);
            let points = if p.leaf {
                let s = r * 0.85;
                let w = s.max(needs / 2.0);
                vec![(x - w, y - s), (x + w, y - s), (x + w, y + s), (x - w, y + s)]
            } else {
                // How wide a triangle is at its number's side nearer the tip
                // (the number sits 0.3 r from the centre, towards the base).
                let size = shown.as_ref().map_or(value, |s| s.1);
                let across = 2.4 * r * (1.3 * r - 0.45 * size) / (1.85 * r);
                let w = r * 1.2 * (needs / across).max(1.0);
                if p.maximising {
                    vec![(x, y - r), (x + w, y + r * 0.85), (x - w, y + r * 0.85)]
                } else {
                    vec![(x - w, y - r * 0.85), (x + w, y - r * 0.85), (x, y + r)]
                }
            };
            m.push(Mark::Shape { points, colour, fill: WHITE, width: k });
            if let Some((v, size)) = shown {
                // A triangle's number sits in its wide part.
                let dy = match (p.leaf, p.maximising) {
                    (true, _) => 0.0,
                    (false, true) => 0.3 * r,
                    (false, false) => -0.3 * r,
                };
                m.push(Mark::Text { at: (x, y + dy), size, text: v, colour });
            }
            if key && let Some((a, b)) = p.changed {
                // Alpha over beta, on white, just below the node.
                let lines = [format!("{alpha}={}", bound(a, inf)), format!("{beta}={}", bound(b, inf))];
                let wide = lines.iter().map(|l| text_width(l, label)).fold(0.0, f32::max);
                let top = y + r + 0.8 * label;
                m.push(backing((x, top + 0.6 * label), wide + 3.0 * k, 2.4 * label, k));
                for (n, text) in lines.into_iter().enumerate() {
                    m.push(Mark::Text {
                        at: (x, top + n as f32 * 1.2 * label),
                        size: label,
                        text,
                        colour: RED,
                    });
                }
            }
        }
        m
    }
}

/// The least type size a sheet prints, in points: a class reads nothing smaller.
pub const LEAST_TYPE: f32 = 8.0;

/// Why the sheet's text would not read on paper: a label under
/// [`LEAST_TYPE`], or two texts printed over each other; `None` when all of
/// it reads.
pub fn illegible(marks: &[Mark]) -> Option<String> {
    let boxes: Vec<(&str, f32, [f32; 4])> = marks
        .iter()
        .filter_map(|m| match m {
            Mark::Text { at, size, text, .. } => {
                let w = text_width(text, *size);
                Some((
                    text.as_str(),
                    *size,
                    [at.0 - w / 2.0, at.1 - size * 0.45, at.0 + w / 2.0, at.1 + size * 0.45],
                ))
            }
            _ => None,
        })
        .collect();
    if let Some((text, size, _)) = boxes.iter().find(|b| b.1 < LEAST_TYPE - 1e-3) {
        return Some(format!("its labels would print at {size:.1} pt (\"{text}\"), under {LEAST_TYPE} pt"));
    }
    for (i, a) in boxes.iter().enumerate() {
        for b in &boxes[i + 1..] {
            let (p, q) = (a.2, b.2);
            if p[0] < q[2] && q[0] < p[2] && p[1] < q[3] && q[1] < p[3] {
                return Some(format!("\"{}\" and \"{}\" would print over each other", a.0, b.0));
            }
        }
    }
    None
}
