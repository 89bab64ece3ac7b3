//! A sheet as a one-page PDF, written with `pdf-writer` in the base-14
//! Helvetica font, which every PDF reader has: no font files, nothing fetched,
//! and the same bytes for the same sheet.

use pdf_writer::{Content, Name, Pdf, Rect, Ref, Str};

use super::marks::Mark;
use super::page::{Page, Paper, text_width};
use super::sheet::Sheet;

fn colour((r, g, b): (u8, u8, u8)) -> (f32, f32, f32) {
    (f32::from(r) / 255.0, f32::from(g) / 255.0, f32::from(b) / 255.0)
}

/// The worksheet (`key` false) or the answer key on one page of `paper`,
/// turned and filled as [`Page::fit`] says.
pub fn write(sheet: &Sheet, key: bool, paper: Paper) -> Vec<u8> {
    let page_fit = Page::fit(sheet, paper);
    let (pw, ph) = (page_fit.width, page_fit.height);
    // PDF's y runs upwards.
    let at = |(x, y): (f32, f32)| (x, ph - y);
    let mut c = Content::new();
    for mark in sheet.marks(&page_fit, key, true) {
        match mark {
            Mark::Line { from, to, colour: k, width: w, dashed } => {
                let (r, g, b) = colour(k);
                c.save_state();
                c.set_stroke_rgb(r, g, b);
                c.set_line_width(w);
                if dashed {
                    c.set_dash_pattern([4.0 * page_fit.scale, 3.0 * page_fit.scale], 0.0);
                }
                let ((x1, y1), (x2, y2)) = (at(from), at(to));
                c.move_to(x1, y1).line_to(x2, y2).stroke();
                c.restore_state();
            }
            Mark::Shape { points, colour: k, fill, width } => {
                let (r, g, b) = colour(k);
                let (fr, fg, fb) = colour(fill);
                c.save_state();
                c.set_stroke_rgb(r, g, b).set_fill_rgb(fr, fg, fb);
                c.set_line_width(width);
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
            Mark::Circle { centre, radius, fill, colour: k, width } => {
                let (r, g, b) = colour(k);
                let (x, y) = at(centre);
                // Four Bézier quarters, each bulging by the usual 0.5523 of the radius.
                let d = 0.5523 * radius;
                c.save_state();
                c.set_stroke_rgb(r, g, b);
                c.set_line_width(width);
                c.move_to(x + radius, y);
                c.cubic_to(x + radius, y + d, x + d, y + radius, x, y + radius);
                c.cubic_to(x - d, y + radius, x - radius, y + d, x - radius, y);
                c.cubic_to(x - radius, y - d, x - d, y - radius, x, y - radius);
                c.cubic_to(x + d, y - radius, x + radius, y - d, x + radius, y);
                c.close_path();
                match fill {
                    Some(f) => {
                        let (fr, fg, fb) = colour(f);
                        c.set_fill_rgb(fr, fg, fb);
                        c.fill_nonzero_and_stroke();
                    }
                    None => {
                        c.stroke();
                    }
                }
                c.restore_state();
            }
            Mark::Text { at: p, size, text, colour: k } => {
                let (r, g, b) = colour(k);
                let (x, y) = at(p);
                let ascii: String = text.chars().map(|ch| if ch.is_ascii() { ch } else { '?' }).collect();
                c.save_state();
                c.set_fill_rgb(r, g, b);
                c.begin_text();
                c.set_font(Name(b"F1"), size);
                c.next_line(x - text_width(&ascii, size) / 2.0, y - size / 3.0);
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
