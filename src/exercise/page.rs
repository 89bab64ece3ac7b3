//! Fitting a sheet to its paper: the page turned to suit the tree, the tree
//! spread across the page's width and down its height, and type sizes a class
//! can read. Only a tree too large for the page is scaled down.

use super::sheet::Sheet;

/// Paper sizes in points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Paper {
    /// ISO A4, 210 by 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 by 11 inches.
    Letter,
}

impl Paper {
    /// Width and height in points, upright.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.0, 842.0),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// The page's margin, in points.
pub const MARGIN: f32 = 36.0;
// Type sizes in points. A tree scaled down to fit scales its own type with
// it; the title and question never are.
/// The title's type size.
pub const TITLE: f32 = 16.0;
/// The question's type size.
pub const QUESTION: f32 = 10.0;
/// A node's value's type size.
pub const VALUE: f32 = 12.0;
/// The small labels' type size: actions, alpha and beta.
pub const LABEL: f32 = 10.0;
/// Half a node's size at full scale.
pub const RADIUS: f32 = 14.0;
/// The least room a leaf needs across, and a level down (a node, its two
/// lines of alpha and beta, and an edge), before the tree is scaled down.
const MIN_LEAF_GAP: f32 = 30.0;
const MIN_LEVEL_GAP: f32 = 78.0;
/// The most room given a leaf and a level: a small tree is spread out, not
/// blown up.
const MAX_LEAF_GAP: f32 = 110.0;
const MAX_LEVEL_GAP: f32 = 240.0;
/// A screen's picture's width, in points: 640 points of tree across, which
/// a notebook's output shows whole at 14 px for the 10-point labels.
pub const SCREEN_WIDTH: f32 = 712.0;
/// The most room a level is given on a screen.
const SCREEN_LEVEL_GAP: f32 = 110.0;
/// Room below the lowest level's nodes.
const FOOT: f32 = 12.0;
/// Between the board and the title beside it.
const BESIDE: f32 = 18.0;

/// Where a sheet's tree goes on one page. Coordinates are points from the
/// page's top left, y downwards.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// The page's size, turned as the tree needs.
    pub width: f32,
    /// See `width`.
    pub height: f32,
    /// The question, broken into lines that fit the page.
    pub question: Vec<String>,
    /// The centre of slot 0 at the root's level.
    pub origin: (f32, f32),
    /// From one leaf's centre to the next.
    pub leaf_gap: f32,
    /// From one level's centres to the next.
    pub level_gap: f32,
    /// 1, or less for a tree too large to fit at full size: its shapes, type
    /// and lines are scaled by it.
    pub scale: f32,
    /// Where the title and the question are centred across: the page's
    /// middle, or the middle of what the board leaves beside it.
    pub text_centre: f32,
    /// The top left of the root position's board, where the sheet has one:
    /// in the top left corner, the title and question beside it, the tree
    /// below both.
    pub board: Option<(f32, f32)>,
}

impl Page {
    /// The centre of a node `slot` leaves across and `level` levels down.
    pub fn at(&self, slot: f32, level: u8) -> (f32, f32) {
        (self.origin.0 + slot * self.leaf_gap, self.origin.1 + f32::from(level) * self.level_gap)
    }

    /// Half a node's size.
    pub fn radius(&self) -> f32 {
        RADIUS * self.scale
    }

    /// A tree type size, scaled as the tree is.
    pub fn type_size(&self, size: f32) -> f32 {
        size * self.scale
    }

    /// The y of the question's first line's centre.
    pub fn question_top(&self) -> f32 {
        MARGIN + TITLE + 10.0
    }

    /// Fits `sheet` on `paper`, portrait or landscape, whichever needs less
    /// scaling down (portrait when neither needs any).
    pub fn fit(sheet: &Sheet, paper: Paper) -> Page {
        let (w, h) = paper.size();
        let upright = Page::fit_on(sheet, w, h);
        let turned = Page::fit_on(sheet, h, w);
        let roomy = |p: &Page| p.scale.min(p.leaf_gap / (MIN_LEAF_GAP * 1.3)).min(1.0);
        if roomy(&turned) > roomy(&upright) { turned } else { upright }
    }

    /// Fits `sheet` on a screen's picture rather than a page: as wide as a
    /// notebook's output shows at 14 px type ([`SCREEN_WIDTH`]), as tall as
    /// its levels need (at most 110 points apart: a picture is cropped to
    /// its tree, and scrolls, rather than filled down to a page's foot), so
    /// that only a tree too wide is scaled down.
    pub fn fit_screen(sheet: &Sheet) -> Page {
        let height = 320.0 + f32::from(sheet.levels) * SCREEN_LEVEL_GAP;
        Page::fit_on_within(sheet, SCREEN_WIDTH, height, SCREEN_LEVEL_GAP)
    }

    fn fit_on(sheet: &Sheet, width: f32, height: f32) -> Page {
        Page::fit_on_within(sheet, width, height, MAX_LEVEL_GAP)
    }

    fn fit_on_within(sheet: &Sheet, width: f32, height: f32, max_level_gap: f32) -> Page {
        // The board's top level with the title's.
        let board_top = MARGIN - 0.6 * TITLE;
        let (board_w, board_h) = sheet.board.as_ref().map_or((0.0, 0.0), |b| b.size());
        let text_left = if board_w > 0.0 { MARGIN + board_w + BESIDE } else { MARGIN };
        let question = wrap(&sheet.question, QUESTION, width - MARGIN - text_left);
        let text_end = MARGIN + TITLE + 10.0 + question.len() as f32 * QUESTION * 1.4;
        let top = text_end.max(board_top + board_h) + 14.0;
        let across = sheet.leaves.max(1) as f32;
        let down = f32::from(sheet.levels);
        // The room for slots and levels once the root's top half, the lowest
        // nodes' bottom half and the foot are set aside.
        let room_w = width - 2.0 * MARGIN;
        let room_h = height - top - MARGIN - FOOT;
        let scale = (room_w / (across * MIN_LEAF_GAP))
            .min((room_h - 2.0 * RADIUS) / (down * MIN_LEVEL_GAP).max(1.0))
            .min(1.0);
        let leaf_gap = (room_w / across).min(MAX_LEAF_GAP * scale);
        // A tree scaled down for its width still takes the page's height.
        let level_gap =
            if down > 0.0 { ((room_h - 2.0 * RADIUS * scale) / down).min(max_level_gap) } else { 0.0 };
        let origin = ((width - (across - 1.0) * leaf_gap) / 2.0, top + RADIUS * scale);
        let text_centre = (text_left + width - MARGIN) / 2.0;
        let board = sheet.board.as_ref().map(|_| (MARGIN, board_top));
        Page { width, height, question, origin, leaf_gap, level_gap, scale, text_centre, board }
    }
}

/// Helvetica's advance widths (thousandths of an em) for printable ASCII,
/// from Adobe's font metrics.
const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
    556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
    500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
    556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
    278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/// The width of `text` in Helvetica at `size` points (a character outside
/// ASCII counts as a digit's width).
pub fn text_width(text: &str, size: f32) -> f32 {
    let em: u32 = text
        .chars()
        .map(|c| {
            let i = u32::from(c).wrapping_sub(32) as usize;
            u32::from(HELVETICA.get(i).copied().unwrap_or(556))
        })
        .sum();
    em as f32 * size / 1000.0
}

/// `text` broken at spaces into lines at most `width` points wide at `size`.
pub fn wrap(text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if text_width(&format!("{line} {word}"), size) <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_breaks_at_spaces_to_fit() {
        let lines = wrap("Run alpha-beta from the left and cross out what it prunes.", 10.0, 120.0);
        assert!(lines.len() > 1, "{lines:?}");
        assert!(lines.iter().all(|l| text_width(l, 10.0) <= 120.0), "{lines:?}");
        assert_eq!(lines.join(" "), "Run alpha-beta from the left and cross out what it prunes.");
    }
}
