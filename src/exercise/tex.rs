//! A sheet as LaTeX: the worksheet and the key on two pages, each tree drawn
//! by TikZ's `forest` package (Debian: texlive-pictures), for pdflatex.

use std::fmt::Write;

use super::marks::Mark;
use super::sheet::{Place, Sheet, bound};

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
            c if c.is_ascii() => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

/// One node in forest's bracket notation, without its children.
fn node(p: &Place, key: bool) -> String {
    let shown = p.shown_text(key, false).map(|v| v.replace('≥', "\\geq ").replace('≤', "\\leq "));
    let shape = if p.leaf {
        "leaf"
    } else if p.maximising {
        "max"
    } else {
        "min"
    };
    let mut s = format!("[{{{}}}, {shape}", shown.map_or(String::new(), |v| format!("${v}$")));
    if !p.action.is_empty() {
        let _ = write!(
            s,
            ", edge label={{node[midway, right, font=\\scriptsize, blue]{{{}}}}}",
            escape(&p.action)
        );
    }
    if key && p.pruned {
        s.push_str(", pruned");
    }
    if key && let Some((a, b)) = p.changed {
        let _ = write!(
            s,
            ", label={{[font=\\scriptsize, red]below:$\\alpha={}, \\beta={}$}}",
            bound(a, "\\infty"),
            bound(b, "\\infty")
        );
    }
    s
}

fn forest(sheet: &Sheet, key: bool) -> String {
    let mut out = String::from("\\begin{forest} for tree={s sep=6mm, l sep=10mm}\n");
    // Preorder with closing brackets: a node's subtree ends before the next
    // place whose depth is not deeper.
    let mut open: Vec<u8> = Vec::new();
    for p in &sheet.places {
        while open.last().is_some_and(|&d| d >= p.depth) {
            open.pop();
            out.push_str("]\n");
        }
        out.push_str(&node(p, key));
        out.push(' ');
        open.push(p.depth);
    }
    for _ in open {
        out.push(']');
    }
    out.push_str("\n\\end{forest}");
    out
}

fn rgb((r, g, b): (u8, u8, u8)) -> String {
    format!("{{rgb,255:red,{r};green,{g};blue,{b}}}")
}

/// The root position's board as TikZ, drawn from the marks the PDF and SVG
/// draw (points, y downwards: the picture's y axis is turned).
fn board(sheet: &Sheet) -> String {
    let Some(board) = &sheet.board else { return String::new() };
    let mut out = String::from("\\begin{tikzpicture}[x=1pt, y=-1pt]\n");
    let xy = |(x, y): (f32, f32)| format!("({x:.1},{y:.1})");
    for mark in board.marks((0.0, 0.0), true) {
        let _ = match mark {
            Mark::Shape { points, colour, fill, width } => {
                let path: Vec<String> = points.into_iter().map(xy).collect();
                writeln!(
                    out,
                    "\\filldraw[fill={}, draw={}, line width={width:.2}pt] {} -- cycle;",
                    rgb(fill),
                    rgb(colour),
                    path.join(" -- ")
                )
            }
            Mark::Circle { centre, radius, fill, colour, width } => writeln!(
                out,
                "\\{}[{}draw={}, line width={width:.2}pt] {} circle[radius={radius:.1}];",
                if fill.is_some() { "filldraw" } else { "draw" },
                fill.map_or(String::new(), |f| format!("fill={}, ", rgb(f))),
                rgb(colour),
                xy(centre)
            ),
            Mark::Line { from, to, colour, width, .. } => {
                writeln!(
                    out,
                    "\\draw[draw={}, line width={width:.2}pt] {} -- {};",
                    rgb(colour),
                    xy(from),
                    xy(to)
                )
            }
            Mark::Text { at, size, text, colour } => writeln!(
                out,
                "\\node[text={}, inner sep=0, font=\\fontsize{{{size:.1}pt}}{{{:.1}pt}}\\selectfont\\sffamily] at {} {{{}}};",
                rgb(colour),
                size * 1.2,
                xy(at),
                escape(&text)
            ),
        };
    }
    out.push_str("\\end{tikzpicture}\\par\\smallskip\n");
    out
}

/// The whole document.
pub fn write(sheet: &Sheet) -> String {
    let mut out = String::from(
        "\\documentclass[a4paper]{article}\n\\usepackage{fix-cm}\n\\usepackage{forest}\n\\usetikzlibrary{shapes.geometric}\n\\usepackage{graphicx}\n\
         \\forestset{\n  max/.style={regular polygon, regular polygon sides=3, draw, inner sep=1pt, minimum size=9mm},\n  \
         min/.style={regular polygon, regular polygon sides=3, shape border rotate=180, draw, inner sep=1pt, minimum size=9mm},\n  \
         leaf/.style={rectangle, draw, minimum size=6mm},\n  \
         pruned/.style={draw=gray, text=gray, edge={gray, dashed}, edge label={node[midway, red, font=\\large]{$\\times$}}},\n}\n\
         \\pagestyle{empty}\n\\begin{document}\n",
    );
    for key in [false, true] {
        let title = if key { format!("{}: answer key", sheet.title) } else { sheet.title.clone() };
        let _ = write!(
            out,
            "\\section*{{{}}}\n{}{}\n\n\\bigskip\n\\noindent\\resizebox{{\\textwidth}}{{!}}{{{}}}\n",
            escape(&title),
            board(sheet),
            escape(&sheet.question),
            forest(sheet, key)
        );
        if !key {
            out.push_str("\\newpage\n");
        }
    }
    out.push_str("\\end{document}\n");
    out
}
