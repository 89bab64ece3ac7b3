//! A sheet as LaTeX for pdflatex: the worksheet and the key on two pages, each
//! drawn with TikZ from the same marks, at the same places and type sizes, as
//! the PDF and the SVG. (A `forest` tree laid out by TeX and then shrunk to the
//! text width printed the checkers sheet's move labels over each other and
//! under 8 pt; the marks are already checked for both.)

use super::marks::Mark;
use super::page::{Page, Paper};
use super::sheet::Sheet;

fn escape(text: &str) -> String {
    let mut out = String::new();
    for ch in text.chars() {
        match ch {
            '\\' => out.push_str("\\textbackslash{}"),
            '#' | '$' | '%' | '&' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(ch);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            'α' => out.push_str("$\\alpha$"),
            'β' => out.push_str("$\\beta$"),
            '∞' => out.push_str("$\\infty$"),
            '≤' => out.push_str("$\\leq$"),
            '≥' => out.push_str("$\\geq$"),
            '−' => out.push('-'),
            // The boards' unit marks (tic-tac-toe's x and o, ataxx's block),
            // which T1 Helvetica has no glyph for.
            '×' => out.push_str("$\\times$"),
            '○' => out.push_str("$\\bigcirc$"),
            '■' => out.push_str("\\rule{0.6em}{0.6em}"),
            c if c.is_ascii() => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

fn rgb((r, g, b): (u8, u8, u8)) -> String {
    format!("{{rgb,255:red,{r};green,{g};blue,{b}}}")
}

fn xy((x, y): (f32, f32)) -> String {
    format!("({x:.2},{y:.2})")
}

/// One mark as a TikZ command (big points, y downwards: the picture's y axis
/// is turned), a dash `dash` points long.
fn command(mark: Mark, dash: f32) -> String {
    match mark {
        Mark::Line { from, to, colour, width, dashed } => format!(
            "\\draw[draw={}, line width={width:.2}bp{}] {} -- {};\n",
            rgb(colour),
            if dashed {
                format!(", dash pattern=on {:.2}bp off {:.2}bp", 4.0 * dash, 3.0 * dash)
            } else {
                String::new()
            },
            xy(from),
            xy(to)
        ),
        Mark::Shape { points, colour, fill, width } => {
            let path: Vec<String> = points.into_iter().map(xy).collect();
            format!(
                "\\filldraw[fill={}, draw={}, line width={width:.2}bp] {} -- cycle;\n",
                rgb(fill),
                rgb(colour),
                path.join(" -- ")
            )
        }
        Mark::Circle { centre, radius, fill, colour, width } => format!(
            "\\{}[{}draw={}, line width={width:.2}bp] {} circle[radius={radius:.1}];\n",
            if fill.is_some() { "filldraw" } else { "draw" },
            fill.map_or(String::new(), |f| format!("fill={}, ", rgb(f))),
            rgb(colour),
            xy(centre)
        ),
        // Centred on its baseline, a third of its size below the mark's centre,
        // as the PDF writer sets it.
        Mark::Text { at, size, text, colour } => format!(
            "\\node[text={}, inner sep=0, anchor=base, font=\\fontsize{{{:.2}bp}}{{{:.2}bp}}\\selectfont] at {} {{{}}};\n",
            rgb(colour),
            size,
            size * 1.2,
            xy((at.0, at.1 + size / 3.0)),
            escape(&text)
        ),
    }
}

/// One page: the worksheet (`key` false) or the answer key, a picture the
/// size of the paper.
fn page(sheet: &Sheet, fit: &Page, key: bool) -> String {
    let mut out = format!(
        "\\noindent\\begin{{tikzpicture}}[x=1bp, y=-1bp]\n\\useasboundingbox (0,0) rectangle ({:.2},{:.2});\n",
        fit.width,
        fit.height - 2.0
    );
    for mark in sheet.marks(fit, key, false) {
        out.push_str(&command(mark, fit.scale));
    }
    out.push_str("\\end{tikzpicture}\n");
    out
}

/// The whole document, on `paper` turned as the PDF is.
pub fn write(sheet: &Sheet, paper: Paper) -> String {
    let fit = Page::fit(sheet, paper);
    // Helvetica (helvet, in texlive-fonts-recommended's psnfss) is the font
    // whose widths the layout measured text with.
    let mut out = format!(
        "\\documentclass{{article}}\n\\usepackage[paperwidth={:.2}bp, paperheight={:.2}bp, margin=0pt]{{geometry}}\n\
         \\usepackage[T1]{{fontenc}}\n\\usepackage{{helvet}}\n\\renewcommand{{\\familydefault}}{{\\sfdefault}}\n\
         \\usepackage{{tikz}}\n\\pagestyle{{empty}}\n\\begin{{document}}\n",
        fit.width, fit.height
    );
    out.push_str(&page(sheet, &fit, false));
    out.push_str("\\newpage\n");
    out.push_str(&page(sheet, &fit, true));
    out.push_str("\\end{document}\n");
    out
}
