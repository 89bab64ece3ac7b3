//! A sheet as SVG.

use std::fmt::Write;

use super::marks::Mark;
use super::page::{Page, Paper};
use super::sheet::Sheet;

fn rgb((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The worksheet (`key` false) or the answer key as one SVG document, the
/// size of the PDF's page (in points) and laid out as it is.
pub fn write(sheet: &Sheet, key: bool, paper: Paper) -> String {
    let page = Page::fit(sheet, paper);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\" font-family=\"Helvetica, Arial, sans-serif\">",
        w = page.width,
        h = page.height
    );
    let _ = writeln!(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    for mark in sheet.marks(&page, key, false) {
        let _ = match mark {
            Mark::Line { from, to, colour, width, dashed } => writeln!(
                out,
                "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{}\" stroke-width=\"{width:.2}\"{}/>",
                from.0,
                from.1,
                to.0,
                to.1,
                rgb(colour),
                if dashed { " stroke-dasharray=\"4 3\"" } else { "" }
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
                fill.map_or("none".to_string(), rgb),
                rgb(colour),
            ),
            Mark::Text { at, size, text, colour } => writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{size:.1}\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
                at.0,
                at.1 + size / 3.0,
                rgb(colour),
                escape(&text)
            ),
        };
    }
    out.push_str("</svg>\n");
    out
}
