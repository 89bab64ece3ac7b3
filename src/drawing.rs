//! Boards for a person at a terminal, drawn from a game's one description of
//! its board ([`Drawing`]): a board of squares as a table, a board of lines
//! (Gomoku) with the units on its crossings, any other board of points and
//! lines laid out on a grid of characters. Box-drawing characters and the
//! units' glyphs (●, ○), or plain ASCII for a terminal without them.

use crate::game::drawing::{Grid, Picture, Spots};
use crate::game::{Drawing, Game, Marks};

/// How a point is marked on a person's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    None,
    /// Where the last action started, or the unit whose targets are shown: ( ).
    Start,
    /// Where the last action ended: [ ].
    End,
}

/// What each point shows: its text (a unit, an empty point, a target) and its
/// mark, with the width of the widest unit.
struct Look {
    texts: Vec<String>,
    marks: Vec<Mark>,
    /// Texts that fill their whole cell (blocked cells), never marked.
    covers: Vec<bool>,
    width: usize,
    ascii: bool,
}

impl Look {
    /// Point `i` in a cell `width + 2` wide: the text between its marks, then
    /// spaces; a covering unit repeated across the cell.
    fn cell(&self, i: usize) -> String {
        let text = &self.texts[i];
        if self.covers[i] {
            return text.repeat(self.width + 2);
        }
        let (open, close) = match self.marks[i] {
            Mark::End => ('[', ']'),
            Mark::Start => ('(', ')'),
            Mark::None => (' ', ' '),
        };
        let pad = self.width.saturating_sub(text.chars().count());
        format!("{open}{text}{close}{}", " ".repeat(pad))
    }
}

/// The board of `pos` for a person: the last action (or one unit's targets)
/// marked, then what the game counts and what the marks mean.
pub fn board<G: Game>(game: &G, pos: &G::Position, marks: &Marks<'_, G::Position, G::Action>) -> String {
    let picture = game.picture();
    if picture.points.is_empty() {
        return format!("{}\n", game.format_position(pos));
    }
    let look = look(game, &picture, pos, marks);
    let mut s = match &picture.grid {
        Some(grid) if grid.crossings => crossings(grid, &look),
        Some(grid) => squares(grid, &look),
        None => points(&picture, &look),
    };
    let key: Vec<String> = picture
        .units
        .iter()
        .filter(|u| !marks.ascii && !u.covers && !u.glyph.is_empty() && u.glyph != u.text)
        .map(|u| format!("{} {}", u.glyph, u.text))
        .collect();
    let tally: Vec<String> =
        (!key.is_empty()).then(|| key.join(", ")).into_iter().chain(game.tally(pos)).collect();
    if !tally.is_empty() {
        s.push_str(&format!("{}\n", tally.join("; ")));
    }
    if let Some(note) = note(game, &look, marks) {
        s.push_str(&format!("{note}\n"));
    }
    s
}

/// The board as plain ASCII lines without marks, for a drawing that is not
/// a grid (DOT's label of a board of points and lines).
pub fn plain(picture: &Picture, cells: &str) -> Vec<String> {
    let texts = cells
        .chars()
        .map(|ch| picture.unit(ch).map_or_else(|| ".".to_string(), |u| u.text.to_string()))
        .collect::<Vec<_>>();
    let n = texts.len();
    let look = Look { texts, marks: vec![Mark::None; n], covers: vec![false; n], width: 1, ascii: true };
    points(picture, &look).lines().map(String::from).collect()
}

/// Each point's text and mark.
fn look<G: Drawing>(
    game: &G,
    picture: &Picture,
    pos: &G::Position,
    marks: &Marks<'_, G::Position, G::Action>,
) -> Look {
    let n = picture.points.len();
    let mut targets: Vec<Option<char>> = vec![None; n];
    let mut spots = Spots::default();
    match marks.targets {
        Some((_, actions)) => {
            for &a in actions {
                let s = game.spots(pos, a);
                if let Some(t) = s.to.filter(|&t| t < n) {
                    // A unit that moves there (*), or a new one that appears (+).
                    targets[t] = Some(if s.from.is_some() { '*' } else { '+' });
                }
                spots.from = spots.from.or(s.from);
            }
        }
        None => spots = marks.last.map(|(before, a)| game.spots(before, a)).unwrap_or_default(),
    }
    let shaded = picture.squares.iter().any(|s| s.2);
    let mut look = Look {
        texts: Vec::with_capacity(n),
        marks: vec![Mark::None; n],
        covers: vec![false; n],
        width: picture.units.iter().map(|u| u.text.chars().count()).filter(|&w| w <= 2).max().unwrap_or(1),
        ascii: marks.ascii,
    };
    for (i, ch) in game.cells(pos).chars().chain(std::iter::repeat('.')).take(n).enumerate() {
        let text = match picture.unit(ch) {
            Some(u) => {
                look.covers[i] = u.covers;
                if marks.ascii || u.glyph.is_empty() { u.text } else { u.glyph }.to_string()
            }
            None => match targets[i] {
                Some(t) => t.to_string(),
                // On a board whose units stand on dark squares, light ones are blank.
                None if shaded && !picture.squares.get(i).is_some_and(|s| s.2) => " ".to_string(),
                None => ".".to_string(),
            },
        };
        look.texts.push(text);
    }
    if let Some(t) = spots.to.filter(|&t| t < n) {
        look.marks[t] = Mark::End;
    }
    if let Some(f) = spots.from.filter(|&f| f < n) {
        look.marks[f] = Mark::Start;
    }
    look
}

/// What the marks mean, in a line: the last action, or where a unit can go.
fn note<G: Game>(game: &G, look: &Look, marks: &Marks<'_, G::Position, G::Action>) -> Option<String> {
    if let Some((cell, _)) = marks.targets {
        let cell = cell.trim();
        let new = look.texts.iter().any(|t| t == "+");
        return Some(if new {
            format!("({cell}) can go to *, or put a new unit on +")
        } else {
            format!("({cell}) can go to *")
        });
    }
    let (before, last) = marks.last?;
    if game.is_pass(last) {
        return Some("last move: a pass".to_string());
    }
    let action = game.format_action(last);
    Some(match game.spots(before, last) {
        Spots { from: Some(_), to: Some(_) } => format!("last move {action} (from ( ) to [ ])"),
        Spots { to: Some(_), .. } => format!("last move {action} (at [ ])"),
        _ => format!("last move {action}"),
    })
}

/// A board of squares as a table: column names above, row names on the left,
/// each cell between lines.
fn squares(grid: &Grid, look: &Look) -> String {
    let (w, cw) = (grid.columns.len(), look.width + 2);
    let rule = |left: &str, middle: &str, right: &str| {
        if look.ascii {
            format!("   +{}\n", format!("{}+", "-".repeat(cw)).repeat(w))
        } else {
            format!("   {left}{}{right}\n", vec!["─".repeat(cw); w].join(middle))
        }
    };
    let bar = if look.ascii { "|" } else { "│" };
    // Each name over the first character of its cell's unit.
    let mut s = String::from("    ");
    for name in &grid.columns {
        s.push_str(&format!(" {name:<cw$}"));
    }
    let mut s = format!("{}\n", s.trim_end());
    s.push_str(&rule("┌", "┬", "┐"));
    for (r, name) in grid.rows.iter().enumerate() {
        let cells: Vec<String> = (0..w).map(|c| look.cell(r * w + c)).collect();
        s.push_str(&format!("{name:>2} {bar}{}{bar}\n", cells.join(bar)));
        if r + 1 < grid.rows.len() {
            s.push_str(&rule("├", "┼", "┤"));
        }
    }
    s.push_str(&rule("└", "┴", "┘"));
    s
}

/// A board of lines (a Go board): the units on the crossings, a mark's
/// brackets on the lines either side of its unit, row names on both sides.
fn crossings(grid: &Grid, look: &Look) -> String {
    let (h, w) = (grid.rows.len(), grid.columns.len());
    let names: String = grid.columns.iter().map(|c| format!(" {c}")).collect();
    let mut s = format!("  {names}\n");
    for (r, name) in grid.rows.iter().enumerate() {
        // Column c at 1 + 2c; the places between take lines or brackets.
        let mut line: Vec<char> = vec![' '; 2 * w + 1];
        for c in 0..w {
            let i = r * w + c;
            let text = &look.texts[i];
            line[1 + 2 * c] = match text.as_str() {
                "." if look.ascii => '.',
                "." => junction(r, c, h, w),
                t => t.chars().next().unwrap_or('.'),
            };
            if c + 1 < w && !look.ascii {
                line[2 + 2 * c] = '─';
            }
        }
        for c in 0..w {
            let (open, close) = match look.marks[r * w + c] {
                Mark::End => ('[', ']'),
                Mark::Start => ('(', ')'),
                Mark::None => continue,
            };
            (line[2 * c], line[2 + 2 * c]) = (open, close);
        }
        let line: String = line.into_iter().collect();
        s.push_str(&format!("{name:>2}{line} {name}\n"));
    }
    s.push_str(&format!("  {names}\n"));
    s
}

/// The box-drawing crossing at row `r`, column `c` of an `h` by `w` board.
fn junction(r: usize, c: usize, h: usize, w: usize) -> char {
    let (top, bottom, left, right) = (r == 0, r + 1 == h, c == 0, c + 1 == w);
    match (top, bottom, left, right) {
        (true, _, true, _) => '┌',
        (true, _, _, true) => '┐',
        (true, _, _, _) => '┬',
        (_, true, true, _) => '└',
        (_, true, _, true) => '┘',
        (_, true, _, _) => '┴',
        (_, _, true, _) => '├',
        (_, _, _, true) => '┤',
        _ => '┼',
    }
}

/// Characters a unit of the picture takes across and down.
const ACROSS: f32 = 4.0;
const DOWN: f32 = 2.0;

/// Any other board: its points, lines and labels placed on a grid of
/// characters, `ACROSS` to a unit of the picture across and `DOWN` down.
fn points(picture: &Picture, look: &Look) -> String {
    let place = |[x, y]: [f32; 2]| ((x * ACROSS).round() as usize, (y * DOWN).round() as usize);
    let spots: Vec<(usize, usize)> = picture.points.iter().map(|&p| place(p)).collect();
    let width = spots
        .iter()
        .map(|s| s.0 + 2)
        .chain(picture.labels.iter().map(|l| place([l.0, l.1]).0 + l.2.len()))
        .max();
    let height = spots.iter().map(|s| s.1 + 1).max();
    let (Some(width), Some(height)) = (width, height) else { return String::new() };
    let mut canvas = vec![vec![' '; width + 1]; height];
    let (across, down) = if look.ascii { ('-', '|') } else { ('─', '│') };
    for &[a, b] in &picture.lines {
        let ((c0, l0), (c1, l1)) = (spots[a], spots[b]);
        if l0 == l1 {
            // Clear of the points' brackets.
            let (from, to) = (c0.min(c1) + 2, c0.max(c1).saturating_sub(1));
            canvas[l0].iter_mut().take(to).skip(from).for_each(|ch| *ch = across);
        } else if c0 == c1 {
            for row in canvas.iter_mut().take(l0.max(l1)).skip(l0.min(l1) + 1) {
                row[c0] = down;
            }
        } else {
            let ((c0, l0), (c1, l1)) = if l0 < l1 { ((c0, l0), (c1, l1)) } else { ((c1, l1), (c0, l0)) };
            let slant = if c1 > c0 { '\\' } else { '/' };
            for (l, row) in canvas.iter_mut().enumerate().take(l1).skip(l0 + 1) {
                let c = c0 as f32 + (c1 as f32 - c0 as f32) * (l - l0) as f32 / (l1 - l0) as f32;
                row[c.round() as usize] = slant;
            }
        }
    }
    for (i, &(c, l)) in spots.iter().enumerate() {
        let cell: Vec<char> = look.cell(i).chars().collect();
        for (k, ch) in cell.iter().take(3).enumerate() {
            if let Some(slot) = (c + k).checked_sub(1) {
                canvas[l][slot] = *ch;
            }
        }
    }
    for (x, y, text) in &picture.labels {
        let (c, l) = place([*x, *y]);
        for (k, ch) in text.chars().enumerate() {
            if let Some(slot) = canvas.get_mut(l).and_then(|row| row.get_mut(c + k)) {
                *slot = ch;
            }
        }
    }
    // Rows above the first point (the margin of the picture) are dropped.
    let top = spots.iter().map(|s| s.1).min().unwrap_or(0);
    let lines: Vec<String> =
        canvas[top..].iter().map(|row| row.iter().collect::<String>().trim_end().to_string()).collect();
    let indent =
        lines.iter().filter(|l| !l.is_empty()).map(|l| l.len() - l.trim_start().len()).min().unwrap_or(0);
    lines.iter().map(|l| format!("{}\n", l.get(indent..).unwrap_or(""))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::drawing::{Unit, letters, numbers};

    fn stones() -> Vec<Unit> {
        vec![
            Unit { glyph: "●", ..Unit::plain('x', "x stone", "x", ["#222", "#000"]) },
            Unit { glyph: "○", ..Unit::plain('o', "o stone", "o", ["#fff", "#000"]) },
        ]
    }

    fn looks(picture: &Picture, cells: &str, marks: &[(usize, Mark)], ascii: bool) -> Look {
        let n = picture.points.len();
        let texts = cells
            .chars()
            .map(|ch| match picture.unit(ch) {
                Some(u) if !ascii && !u.glyph.is_empty() => u.glyph.to_string(),
                Some(u) => u.text.to_string(),
                None => ".".to_string(),
            })
            .collect();
        let mut look = Look { texts, marks: vec![Mark::None; n], covers: vec![false; n], width: 1, ascii };
        for &(i, m) in marks {
            look.marks[i] = m;
        }
        look
    }

    #[test]
    fn squares_line_up_in_ascii_and_box_drawing() {
        let p = Picture::grid(letters(b'a', 2), numbers(2, 2, true), |_, _| false, stones());
        let grid = p.grid.clone().unwrap();
        let ascii = squares(&grid, &looks(&p, "xo..", &[(1, Mark::End)], true));
        assert_eq!(
            ascii,
            "     a   b\n   +---+---+\n 2 | x |[o]|\n   +---+---+\n 1 | . | . |\n   +---+---+\n"
        );
        let boxed = squares(&grid, &looks(&p, "xo..", &[(1, Mark::End)], false));
        assert_eq!(
            boxed,
            "     a   b\n   ┌───┬───┐\n 2 │ ● │[○]│\n   ├───┼───┤\n 1 │ . │ . │\n   └───┴───┘\n"
        );
    }

    #[test]
    fn wide_units_widen_every_cell_and_keep_their_mark_in_brackets() {
        let units = vec![
            Unit::plain('B', "black tower", "B*", ["#222", "#000"]),
            Unit::plain('b', "black piece", "b", ["#222", "#000"]),
        ];
        let p = Picture::grid(letters(b'A', 2), numbers(1, 1, false), |_, _| false, units);
        let mut look = looks(&p, "Bb", &[(0, Mark::End), (1, Mark::Start)], true);
        look.width = 2;
        let shown = squares(p.grid.as_ref().unwrap(), &look);
        assert!(shown.contains(" 1 |[B*]|(b) |\n"), "{shown}");
        assert!(shown.starts_with("     A    B\n   +----+----+\n"), "{shown}");
    }

    #[test]
    fn crossings_draw_a_go_board_with_the_last_stone_in_brackets() {
        let p = Picture::crossings(letters(b'a', 3), numbers(3, 3, true), stones());
        let boxed = crossings(p.grid.as_ref().unwrap(), &looks(&p, "....x...o", &[(4, Mark::End)], false));
        assert_eq!(boxed, "   a b c\n 3 ┌─┬─┐  3\n 2 ├[●]┤  2\n 1 └─┴─○  1\n   a b c\n");
        let ascii = crossings(p.grid.as_ref().unwrap(), &looks(&p, "....x...o", &[(4, Mark::End)], true));
        assert_eq!(ascii, "   a b c\n 3 . . .  3\n 2 .[x].  2\n 1 . . o  1\n   a b c\n");
    }

    #[test]
    fn points_and_lines_are_laid_out_with_their_labels() {
        // A triangle: 0 on top, 1 and 2 below it, joined all round.
        let p = Picture {
            width: 3.0,
            height: 2.0,
            points: vec![[1.0, 0.0], [0.0, 1.0], [2.0, 1.0]],
            squares: Vec::new(),
            lines: vec![[0, 1], [0, 2], [1, 2]],
            labels: vec![(1.75, 0.0, "0".into())],
            units: stones(),
            grid: None,
        };
        let shown = points(&p, &looks(&p, "x.o", &[(0, Mark::End)], true));
        assert_eq!(shown, "   [x] 0\n  /   \\\n. ----- o\n");
    }
}
