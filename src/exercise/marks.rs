//! What a sheet draws on its page: the SVG, PDF and LaTeX writers draw
//! these marks and nothing else, so the three look alike.

pub use super::ink::{LEAST_TYPE, Mark};
use super::page::{LABEL, MARGIN, Page, QUESTION, TITLE, VALUE, text_width};
use super::sheet::{Sheet, bound};

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
        let mut m = self.heading(page, key, ascii);
        // Edges first, so that nodes and labels are drawn over them.
        m.extend(self.edges(page, key));
        for i in 0..self.places.len() {
            m.extend(self.action_label(page, i));
            m.extend(self.node(page, i, key, ascii));
            m.extend(self.window_below(page, i, key, ascii));
        }
        m
    }

    /// Where the `i`th place's node is centred on `page`.
    fn centre(&self, page: &Page, i: usize) -> (f32, f32) {
        let root_depth = self.places.first().map_or(0, |p| p.depth);
        page.at(self.places[i].slot, self.places[i].depth - root_depth)
    }

    /// The title, the position's board beside it, and the question under it.
    fn heading(&self, page: &Page, key: bool, ascii: bool) -> Vec<Mark> {
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
        m
    }

    /// Every edge; on the key a pruned one dashed grey, and crossed out in red
    /// where it leaves a node that was searched.
    fn edges(&self, page: &Page, key: bool) -> Vec<Mark> {
        let mut m = Vec::new();
        let (r, k) = (page.radius(), page.scale);
        for (i, p) in self.places.iter().enumerate() {
            let Some(parent) = p.parent else { continue };
            let faded = key && p.pruned;
            let colour = if faded { GREY } else { BLACK };
            let ((px, py), (x, y)) = (self.centre(page, parent), self.centre(page, i));
            let (from, to) = ((px, py + r), (x, y - r));
            m.push(Mark::Line { from, to, colour, width: 1.2 * k, dashed: faded });
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
        m
    }

    /// The move into the `i`th place, on white beside its edge, a third of
    /// the way up from the child; the root's label (A, as every view names
    /// it) beside the root, where it has one; nothing for an unnamed move.
    fn action_label(&self, page: &Page, i: usize) -> Vec<Mark> {
        let p = &self.places[i];
        let (r, k, label) = (page.radius(), page.scale, page.type_size(LABEL));
        if p.parent.is_none() && !p.name.is_empty() && p.name != crate::export::names::ROOT {
            let (x, y) = self.centre(page, i);
            let at = (x + 1.6 * r + text_width(&p.name, label) / 2.0, y - 0.6 * r);
            return vec![
                backing(at, text_width(&p.name, label) + 2.0 * k, label * 1.1, k),
                Mark::Text { at, size: label, text: p.name.clone(), colour: BLUE },
            ];
        }
        let Some(parent) = p.parent.filter(|_| !p.action.is_empty()) else { return Vec::new() };
        let ((x, y), (px, py)) = (self.centre(page, i), self.centre(page, parent));
        let at = (x + (px - x) * 0.3 + 0.6 * label, y - r + (py + r - (y - r)) * 0.3);
        let at = (at.0 + text_width(&p.action, label) / 2.0, at.1);
        vec![
            backing(at, text_width(&p.action, label) + 2.0 * k, label * 1.1, k),
            Mark::Text { at, size: label, text: p.action.clone(), colour: BLUE },
        ]
    }

    /// The `i`th place's node (a leaf's square, MAX's triangle up, MIN's
    /// down) and the number written in it: a long one a little smaller, never
    /// under the least type, and the node widened to hold it.
    fn node(&self, page: &Page, i: usize, key: bool, ascii: bool) -> Vec<Mark> {
        let p = &self.places[i];
        let (r, k, value) = (page.radius(), page.scale, page.type_size(VALUE));
        let colour = if key && p.pruned { GREY } else { BLACK };
        let (x, y) = self.centre(page, i);
        let shown = p.shown_text(key, ascii).map(|v| {
            let size = if v.chars().count() > 3 { (value * 0.8).max(LEAST_TYPE.min(value)) } else { value };
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
        let mut m = vec![Mark::Shape { points, colour, fill: WHITE, width: k }];
        if let Some((v, size)) = shown {
            // A triangle's number sits in its wide part.
            let dy = match (p.leaf, p.maximising) {
                (true, _) => 0.0,
                (false, true) => 0.3 * r,
                (false, false) => -0.3 * r,
            };
            m.push(Mark::Text { at: (x, y + dy), size, text: v, colour });
        }
        m
    }

    /// On the key, alpha over beta on white just below the `i`th place's
    /// node: the window the search entered it with.
    fn window_below(&self, page: &Page, i: usize, key: bool, ascii: bool) -> Vec<Mark> {
        let Some((a, b)) = self.places[i].window.filter(|_| key) else { return Vec::new() };
        let (alpha, beta, inf) = if ascii { ("alpha", "beta", "inf") } else { ("α", "β", "∞") };
        let (r, k, label) = (page.radius(), page.scale, page.type_size(LABEL));
        let (x, y) = self.centre(page, i);
        let lines = [format!("{alpha}={}", bound(a, inf)), format!("{beta}={}", bound(b, inf))];
        let wide = lines.iter().map(|l| text_width(l, label)).fold(0.0, f32::max);
        let top = y + r + 0.8 * label;
        let mut m = vec![backing((x, top + 0.6 * label), wide + 3.0 * k, 2.4 * label, k)];
        for (n, text) in lines.into_iter().enumerate() {
            m.push(Mark::Text { at: (x, top + n as f32 * 1.2 * label), size: label, text, colour: RED });
        }
        m
    }
}

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
