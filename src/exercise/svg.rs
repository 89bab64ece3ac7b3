//! A sheet as SVG.

use std::fmt::Write;

use super::marks::Mark;
use super::page::{Page, Paper};
use super::sheet::Sheet;

fn rgb(&(r, g, b): &(u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The worksheet (`key` false) or the answer key as one SVG document, the
/// size of the PDF's page (in points) and laid out as it is.
pub fn write(sheet: &Sheet, key: bool, paper: Paper) -> String {
    let page = Page::fit(sheet, paper);
    let marks = sheet.marks(&page, key, false);
    write_marks(&marks, (0.0, 0.0, page.width, page.height), 1.0)
}

/// The answer key (`key`) or worksheet laid out for a screen, cropped to what
/// is drawn (a margin of [`CROP_MARGIN`] points round it) and sized so that
/// its smallest text is [`SMALLEST_ON_SCREEN`] pixels at its own size: a
/// drawing for a screen (a notebook's still drawing), where a page's white
/// and its 10-point type would be a small grey picture.
pub fn write_on_screen(sheet: &Sheet, key: bool) -> String {
    let page = Page::fit_screen(sheet);
    let marks = sheet.marks(&page, key, false);
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    let mut take = |x: f32, y: f32| {
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    };
    let mut smallest = f32::MAX;
    for mark in &marks {
        match mark {
            Mark::Line { from, to, .. } => {
                take(from.0, from.1);
                take(to.0, to.1);
            }
            Mark::Shape { points, .. } => points.iter().for_each(|&(x, y)| take(x, y)),
            Mark::Circle { centre, radius, .. } => {
                take(centre.0 - radius, centre.1 - radius);
                take(centre.0 + radius, centre.1 + radius);
            }
            Mark::Text { at, size, text, .. } => {
                let half = super::page::text_width(text, *size) / 2.0;
                take(at.0 - half, at.1 - size);
                take(at.0 + half, at.1 + size / 2.0);
                smallest = smallest.min(*size);
            }
        }
    }
    if x0 > x1 {
        return write_marks(&marks, (0.0, 0.0, page.width, page.height), 1.0);
    }
    let frame =
        (x0 - CROP_MARGIN, y0 - CROP_MARGIN, x1 - x0 + 2.0 * CROP_MARGIN, y1 - y0 + 2.0 * CROP_MARGIN);
    let scale = if smallest < f32::MAX { (SMALLEST_ON_SCREEN / smallest).clamp(1.0, 2.0) } else { 1.0 };
    write_marks(&marks, frame, scale)
}

/// The white round a drawing cropped for a screen, in points.
pub const CROP_MARGIN: f32 = 12.0;
/// The smallest text of a drawing for a screen, in pixels at its own size.
pub const SMALLEST_ON_SCREEN: f32 = 14.0;

/// `marks` as one SVG document showing `frame` (x, y, width, height, in
/// points), `scale` pixels a point.
fn write_marks(marks: &[Mark], (x, y, w, h): (f32, f32, f32, f32), scale: f32) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0}\" height=\"{:.0}\" viewBox=\"{x:.0} {y:.0} {w:.0} {h:.0}\" font-family=\"Helvetica, Arial, sans-serif\">",
        w * scale,
        h * scale,
    );
    let _ =
        writeln!(out, "<rect x=\"{x:.0}\" y=\"{y:.0}\" width=\"{w:.0}\" height=\"{h:.0}\" fill=\"white\"/>");
    for mark in marks {
        let _ = match mark {
            Mark::Line { from, to, colour, width, dashed } => writeln!(
                out,
                "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{}\" stroke-width=\"{width:.2}\"{}/>",
                from.0,
                from.1,
                to.0,
                to.1,
                rgb(colour),
                if *dashed { " stroke-dasharray=\"4 3\"" } else { "" }
            ),
            Mark::Shape { points, colour, fill, width } => {
                let pts: Vec<String> = points.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
                writeln!(
                    out,
                    "<polygon points=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{width:.2}\"/>",
                    pts.join(" "),
                    rgb(fill),
                    rgb(colour),
                )
            }
            Mark::Circle { centre, radius, fill, colour, width } => writeln!(
                out,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{radius:.1}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{width:.2}\"/>",
                centre.0,
                centre.1,
                fill.as_ref().map_or("none".to_string(), rgb),
                rgb(colour),
            ),
            Mark::Text { at, size, text, colour } => writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{size:.1}\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
                at.0,
                at.1 + size / 3.0,
                rgb(colour),
                escape(text)
            ),
        };
    }
    out.push_str("</svg>\n");
    out
}
