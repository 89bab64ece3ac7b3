//! The chart of nodes per depth (`analyse --search deepening --chart FILE`,
//! and in the explorer's Deepening view): minimax, alpha-beta in the game's
//! order, iterative deepening with the table, and the minimal tree, on a
//! logarithmic scale. One SVG, our own markup: each series has its own colour,
//! marker shape and dash, so it reads in black and white too, and each point
//! carries its figure (`data-depth`, `data-nodes`) and a tooltip.

use std::fmt::Write as _;

use crate::search::deepening::Counts;

const WIDTH: f64 = 760.0;
const LEFT: f64 = 90.0;
const RIGHT: f64 = 730.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 330.0;
const HEIGHT: f64 = 540.0;

/// A series: its key (`data-series`), its words in the legend, colour, dash and marker.
struct Series {
    key: &'static str,
    words: &'static str,
    colour: &'static str,
    dash: &'static str,
    marker: Marker,
}

#[derive(Clone, Copy)]
enum Marker {
    Square,
    Circle,
    Triangle,
    Diamond,
}

const SERIES: [Series; 4] = [
    Series {
        key: "minimax",
        words: "minimax: every node",
        colour: "#000000",
        dash: "8 4",
        marker: Marker::Square,
    },
    Series {
        key: "alphabeta",
        words: "alpha-beta, the game's order",
        colour: "#0072b2",
        dash: "",
        marker: Marker::Circle,
    },
    Series {
        key: "deepening",
        words: "iterative deepening with the table (that iteration)",
        colour: "#d55e00",
        dash: "",
        marker: Marker::Triangle,
    },
    Series {
        key: "minimal",
        words: "minimal tree: b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves",
        colour: "#009e73",
        dash: "2 4",
        marker: Marker::Diamond,
    },
];

/// The chart of `counts` as a standalone SVG document.
pub fn svg(counts: &Counts) -> String {
    let values: [Vec<f64>; 4] = [
        counts.minimax.iter().map(|&n| n as f64).collect(),
        counts.alphabeta.iter().map(|&n| n as f64).collect(),
        counts.deepening.iter().map(|&n| n as f64).collect(),
        counts.minimal.clone(),
    ];
    let scale = Scale::of(&values, counts.depths.len());
    let mut s = String::new();
    heading(&mut s);
    y_axis(&mut s, &scale);
    x_axis(&mut s, &scale, &counts.depths);
    for (series, vals) in SERIES.iter().zip(&values) {
        plot(&mut s, &scale, series, vals, &counts.depths);
    }
    legend(&mut s, counts.b);
    s
}

/// Where a depth and a node count are drawn: depths evenly across, counts on
/// a logarithmic scale between whole decades that hold every figure.
struct Scale {
    bottom_decade: i32,
    top_decade: i32,
    /// How many depths.
    n: usize,
}

impl Scale {
    fn of(values: &[Vec<f64>], depths: usize) -> Scale {
        let all = values.iter().flatten().copied().filter(|v| *v > 0.0);
        let (low, high) = all.fold((f64::INFINITY, 0.0f64), |(l, h), v| (l.min(v), h.max(v)));
        let (low, high) = if high > 0.0 { (low, high) } else { (1.0, 10.0) };
        let bottom_decade = low.log10().floor().min(0.0) as i32;
        let top_decade = (high.log10().ceil() as i32).max(bottom_decade + 1);
        Scale { bottom_decade, top_decade, n: depths.max(1) }
    }

    fn y(&self, v: f64) -> f64 {
        let t = (v.max(1e-9).log10() - f64::from(self.bottom_decade))
            / f64::from(self.top_decade - self.bottom_decade);
        BOTTOM - t * (BOTTOM - TOP)
    }

    fn x(&self, k: usize) -> f64 {
        if self.n == 1 {
            (LEFT + RIGHT) / 2.0
        } else {
            LEFT + 30.0 + k as f64 * (RIGHT - LEFT - 60.0) / (self.n - 1) as f64
        }
    }
}

/// The document's opening: its size, title and white ground.
fn heading(s: &mut String) {
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"deepening-chart\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" aria-labelledby=\"chart-title\" font-family=\"system-ui, sans-serif\">\n\
         <title id=\"chart-title\">Nodes searched at each depth, on a logarithmic scale</title>\n\
         <rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#ffffff\"/>\n\
         <text x=\"{}\" y=\"24\" font-size=\"18\" font-weight=\"600\" text-anchor=\"middle\">Nodes searched at each depth (log scale)</text>\n",
        WIDTH / 2.0
    );
}

/// The y axis: a line and a label at each power of ten, and its name.
fn y_axis(s: &mut String, scale: &Scale) {
    s.push_str("<g class=\"y-axis\">\n");
    for e in scale.bottom_decade..=scale.top_decade {
        let v = 10f64.powi(e);
        let at = scale.y(v);
        let _ = writeln!(
            s,
            "<line x1=\"{LEFT}\" y1=\"{at:.2}\" x2=\"{RIGHT}\" y2=\"{at:.2}\" stroke=\"#d0d0d0\" stroke-width=\"1\"/>\
             <text class=\"tick\" data-value=\"{v}\" x=\"{}\" y=\"{:.2}\" font-size=\"16\" text-anchor=\"end\">{}</text>",
            LEFT - 8.0,
            at + 5.0,
            power_of_ten(e)
        );
    }
    let _ = writeln!(
        s,
        "<text x=\"22\" y=\"{mid}\" font-size=\"16\" text-anchor=\"middle\" transform=\"rotate(-90 22 {mid})\">nodes searched</text>",
        mid = (TOP + BOTTOM) / 2.0
    );
    s.push_str("</g>\n");
}

/// The two axes' lines, a label at each depth, and the x axis's name.
fn x_axis(s: &mut String, scale: &Scale, depths: &[u8]) {
    s.push_str("<g class=\"x-axis\">\n");
    let _ = writeln!(
        s,
        "<line x1=\"{LEFT}\" y1=\"{BOTTOM}\" x2=\"{RIGHT}\" y2=\"{BOTTOM}\" stroke=\"#000\"/>\
         <line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{BOTTOM}\" stroke=\"#000\"/>"
    );
    for (k, d) in depths.iter().enumerate() {
        let _ = writeln!(
            s,
            "<text class=\"tick\" data-depth=\"{d}\" x=\"{:.2}\" y=\"{}\" font-size=\"16\" text-anchor=\"middle\">{d}</text>",
            scale.x(k),
            BOTTOM + 22.0
        );
    }
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"{}\" font-size=\"16\" text-anchor=\"middle\">depth (plies)</text>\n</g>",
        (LEFT + RIGHT) / 2.0,
        BOTTOM + 46.0
    );
}

/// A series' `stroke-dasharray` attribute, or nothing for a solid line.
fn dash(series: &Series) -> String {
    if series.dash.is_empty() { String::new() } else { format!(" stroke-dasharray=\"{}\"", series.dash) }
}

/// One series: its line, and a marker at each depth with its figure.
fn plot(s: &mut String, scale: &Scale, series: &Series, vals: &[f64], depths: &[u8]) {
    let _ = writeln!(s, "<g class=\"series\" data-series=\"{}\">", series.key);
    let points: Vec<String> =
        vals.iter().enumerate().map(|(k, &v)| format!("{:.2},{:.2}", scale.x(k), scale.y(v))).collect();
    let _ = writeln!(
        s,
        "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2.5\"{}/>",
        points.join(" "),
        series.colour,
        dash(series)
    );
    for (k, &v) in vals.iter().enumerate() {
        let d = depths.get(k).copied().unwrap_or(0);
        let figure = number(v);
        let (x, y) = (scale.x(k), scale.y(v));
        let _ = writeln!(
            s,
            "<path class=\"point\" data-depth=\"{d}\" data-nodes=\"{figure}\" data-x=\"{x:.2}\" data-y=\"{y:.2}\" d=\"{}\" fill=\"{}\" stroke=\"#fff\"><title>{}, depth {d}: {figure}</title></path>",
            marker(series.marker, x, y),
            series.colour,
            series.words
        );
    }
    s.push_str("</g>\n");
}

/// The legend, below the axes: marker, line and words per series, and the
/// branching factor the minimal tree is drawn with; then the document's end.
fn legend(s: &mut String, b: f64) {
    s.push_str("<g class=\"legend\">\n");
    for (i, series) in SERIES.iter().enumerate() {
        let ly = BOTTOM + 80.0 + i as f64 * 26.0;
        let _ = writeln!(
            s,
            "<line x1=\"{LEFT}\" y1=\"{ly}\" x2=\"{}\" y2=\"{ly}\" stroke=\"{}\" stroke-width=\"2.5\"{}/>\
             <path d=\"{}\" fill=\"{}\"/>\
             <text class=\"legend-item\" data-series=\"{}\" x=\"{}\" y=\"{}\" font-size=\"16\">{}</text>",
            LEFT + 44.0,
            series.colour,
            dash(series),
            marker(series.marker, LEFT + 22.0, ly),
            series.colour,
            series.key,
            LEFT + 56.0,
            ly + 5.0,
            series.words
        );
    }
    let _ = writeln!(
        s,
        "<text x=\"{LEFT}\" y=\"{}\" font-size=\"16\" fill=\"#333\">The minimal tree is drawn with b = {:.2}, the tree's mean branching factor.</text>",
        BOTTOM + 80.0 + 4.0 * 26.0 + 8.0,
        b
    );
    s.push_str("</g>\n</svg>\n");
}

/// A marker of `shape` centred at (`x`, `y`), as path data.
fn marker(shape: Marker, x: f64, y: f64) -> String {
    let r = 6.0;
    match shape {
        Marker::Square => format!("M{:.2} {:.2}h{}v{}h-{}z", x - r, y - r, 2.0 * r, 2.0 * r, 2.0 * r),
        Marker::Circle => {
            format!("M{:.2} {y:.2}a{r} {r} 0 1 0 {} 0a{r} {r} 0 1 0 -{} 0z", x - r, 2.0 * r, 2.0 * r)
        }
        Marker::Triangle => format!(
            "M{x:.2} {:.2}L{:.2} {:.2}L{:.2} {:.2}z",
            y - r - 1.0,
            x + r + 1.0,
            y + r,
            x - r - 1.0,
            y + r
        ),
        Marker::Diamond => format!(
            "M{x:.2} {:.2}L{:.2} {y:.2}L{x:.2} {:.2}L{:.2} {y:.2}z",
            y - r - 1.0,
            x + r + 1.0,
            y + r + 1.0,
            x - r - 1.0
        ),
    }
}

/// 10^e as a person reads it: 1, 10, 100, 1k ... 1M ... and 10^e past that.
fn power_of_ten(e: i32) -> String {
    match e {
        i32::MIN..=-1 => format!("1e{e}"),
        0..=2 => 10u32.pow(e as u32).to_string(),
        3..=5 => format!("{}k", 10u32.pow(e as u32 - 3)),
        6..=8 => format!("{}M", 10u32.pow(e as u32 - 6)),
        9..=11 => format!("{}G", 10u32.pow(e as u32 - 9)),
        _ => format!("1e{e}"),
    }
}

/// A count as written in the chart: whole numbers whole, the minimal tree's
/// (a real b) to two places.
pub fn number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 { format!("{}", v as i64) } else { format!("{v:.2}") }
}
