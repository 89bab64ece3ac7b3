//! A sheet as a one-page PDF, written with `pdf-writer` in the base-14
//! Helvetica font, which every PDF reader has: no font files, nothing fetched,
//! and the same bytes for the same sheet.

use pdf_writer::{Content, Name, Pdf, Rect, Ref, Str};

use super::sheet::{Mark, Sheet};

/// Paper sizes in points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 inches.
    Letter,
}

impl Paper {
    fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.0, 842.0),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// Helvetica's advance widths (thousandths of an em) for printable ASCII,
/// from Adobe's font metrics, to centre text.
const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
    556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
    500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
    556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
    278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

fn width(text: &str, size: f32) -> f32 {
    let em: u32 = text
        .bytes()
        .map(|b| u32::from(HELVETICA.get(usize::from(b.wrapping_sub(32))).copied().unwrap_or(556)))
        .sum();
    em as f32 * size / 1000.0
}

fn colour((r, g, b): (u8, u8, u8)) -> (f32, f32, f32) {
    (f32::from(r) / 255.0, f32::from(g) / 255.0, f32::from(b) / 255.0)
}

/// The worksheet (`key` false) or the answer key on one page of `paper`,
/// scaled down to fit if need be.
pub fn write(sheet: &Sheet, key: bool, paper: Paper) -> Vec<u8> {
    let (pw, ph) = paper.size();
    let scale = ((pw - 40.0) / sheet.width).min((ph - 40.0) / sheet.height).min(1.0);
    let left = (pw - sheet.width * scale) / 2.0;
    let top = 20.0;
    let at = |(x, y): (f32, f32)| (left + x * scale, ph - top - y * scale);
    let mut c = Content::new();
    c.set_line_width(scale);
    for mark in sheet.marks(key, true) {
        match mark {
            Mark::Line { from, to, colour: k, width: w, dashed } => {
                let (r, g, b) = colour(k);
                c.save_state();
                c.set_stroke_rgb(r, g, b);
                c.set_line_width(w * scale);
                if dashed {
                    c.set_dash_pattern([4.0 * scale, 3.0 * scale], 0.0);
                }
                let ((x1, y1), (x2, y2)) = (at(from), at(to));
                c.move_to(x1, y1).line_to(x2, y2).stroke();
                c.restore_state();
            }
            Mark::Shape { points, colour: k } => {
                let (r, g, b) = colour(k);
                c.save_state();
                c.set_stroke_rgb(r, g, b).set_fill_rgb(1.0, 1.0, 1.0);
                for (i, &p) in points.iter().enumerate() {
                    let (x, y) = at(p);
                    if i == 0 {
                        c.move_to(x, y)
                    } else {
                        c.line_to(x, y)
                    };
                }
                c.close_path().fill_nonzero_and_stroke();
                c.restore_state();
            }
            Mark::Text { at: p, size, text, colour: k } => {
                let (r, g, b) = colour(k);
                let size = size * scale;
                let (x, y) = at(p);
                let ascii: String = text.chars().map(|ch| if ch.is_ascii() { ch } else { '?' }).collect();
                c.save_state();
                c.set_fill_rgb(r, g, b);
                c.begin_text();
                c.set_font(Name(b"F1"), size);
                c.next_line(x - width(&ascii, size) / 2.0, y - size / 3.0);
                c.show(Str(ascii.as_bytes()));
                c.end_text();
                c.restore_state();
            }
        }
    }
    let (catalog, pages, page, font, content) =
        (Ref::new(1), Ref::new(2), Ref::new(3), Ref::new(4), Ref::new(5));
    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(pages);
    pdf.pages(pages).kids([page]).count(1);
    let mut p = pdf.page(page);
    p.media_box(Rect::new(0.0, 0.0, pw, ph));
    p.parent(pages);
    p.contents(content);
    p.resources().fonts().pair(Name(b"F1"), font);
    drop(p);
    pdf.type1_font(font).base_font(Name(b"Helvetica"));
    pdf.stream(content, &c.finish());
    pdf.finish()
}
