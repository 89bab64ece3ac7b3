//! A searched tree laid out for paper: what each node shows on the worksheet
//! and in the key, and where it stands.

use crate::game::Game;
use crate::search::alphabeta::{Pruning, Window};
use crate::search::trace::Event;
use crate::search::trace::WindowEnd;
use crate::tree::Tree;

/// Room per leaf across the page, in points (1/72 inch).
pub const LEAF_GAP: f32 = 40.0;
/// Room per level down the page, in points.
pub const LEVEL_GAP: f32 = 72.0;
/// Room above the tree for the title and question.
pub const HEADER: f32 = 64.0;
/// The blank border round the drawing, in points.
pub const MARGIN: f32 = 28.0;
/// Half the size of a node's shape.
pub const RADIUS: f32 = 13.0;

/// One node as the sheets show it.
#[derive(Clone, Debug)]
pub struct Place {
    /// The parent's index in [`Sheet::places`]; `None` at the root.
    pub parent: Option<usize>,
    /// Levels below the root.
    pub depth: u8,
    /// Centre, in points from the left of the drawing.
    pub x: f32,
    /// Centre, in points from the top of the drawing.
    pub y: f32,
    /// Whether the side to move here maximises (drawn as a triangle pointing up).
    pub maximising: bool,
    /// Whether the node has no children.
    pub leaf: bool,
    /// The action leading here (empty at the root).
    pub action: String,
    /// A leaf's value, which the worksheet gives.
    pub given: Option<i32>,
    /// The value the search backed up (a bound where it was cut off); `None`
    /// where it was pruned.
    pub value: Option<i32>,
    /// Whether alpha-beta skipped the node (the key draws its edge dashed).
    pub pruned: bool,
    /// The node's window after its last change, where a child changed it.
    pub changed: Option<(WindowEnd, WindowEnd)>,
}

impl Place {
    /// The number written in the node: a leaf's value on both sheets, an
    /// inner node's backed-up value in the key only.
    pub fn shown(&self, key: bool) -> Option<i32> {
        if self.leaf {
            self.given
        } else if key {
            self.value
        } else {
            None
        }
    }
}

/// A searched tree ready to draw.
#[derive(Clone, Debug)]
pub struct Sheet {
    /// The sheet's heading; the key adds ": answer key" to it.
    pub title: String,
    /// What the student is asked to do, in a sentence.
    pub question: String,
    /// In preorder.
    pub places: Vec<Place>,
    /// The drawing's width in points, margins included.
    pub width: f32,
    /// The drawing's height in points, margins and header included.
    pub height: f32,
    /// Alpha-beta's rule; `None` for a minimax exercise.
    pub rule: Option<Pruning>,
    /// Each tree node's place in `places`, by id.
    pub index: Vec<usize>,
}

/// Lays out `tree`, searched by minimax (`windows` `None`) or alpha-beta with
/// `events` its trace.
pub fn lay_out<G: Game>(
    game: &G,
    tree: &Tree<'_, G>,
    windows: Option<&[Option<Window>]>,
    events: &[Event],
    title: String,
) -> Sheet {
    let mut last_window = std::collections::HashMap::new();
    for e in events {
        if let Event::Window { node, alpha, beta } = *e {
            last_window.insert(node, (alpha, beta));
        }
    }
    let rule = windows.map(|w| w.first().copied().flatten().map_or(Pruning::default(), |w| w.rule));
    let mut places = Vec::with_capacity(tree.len);
    let mut next_leaf = 0.0f32;
    // Preorder with an explicit stack: (node, parent index).
    let mut stack = vec![(tree.root, None)];
    let mut kids: Vec<Vec<usize>> = Vec::new();
    let mut index = vec![0; tree.len];
    while let Some((node, parent)) = stack.pop() {
        let i = places.len();
        index[node.id() as usize] = i;
        let leaf = node.is_leaf();
        let x = if leaf {
            next_leaf += 1.0;
            next_leaf - 1.0
        } else {
            0.0
        };
        places.push(Place {
            parent,
            depth: node.depth,
            x,
            y: 0.0,
            maximising: node.maximising(),
            leaf,
            action: node.action.map_or(String::new(), |a| game.format_action(a)),
            given: leaf.then(|| node.value()),
            value: (!node.pruned()).then(|| node.value()),
            pruned: node.pruned(),
            changed: last_window.get(&node.id()).copied(),
        });
        kids.push(Vec::new());
        if let Some(p) = parent {
            kids[p].push(i);
        }
        stack.extend(node.children().iter().rev().map(|c| (c, Some(i))));
    }
    // Parents centred over their children: children come after their parent
    // in preorder, so a backward pass sees every child first.
    for i in (0..places.len()).rev() {
        if let (Some(first), Some(last)) = (kids[i].first(), kids[i].last()) {
            places[i].x = (places[*first].x + places[*last].x) / 2.0;
        }
    }
    let depth = places.iter().map(|p| p.depth).max().unwrap_or(0);
    for p in &mut places {
        p.x = MARGIN + RADIUS + p.x * LEAF_GAP;
        p.y = HEADER + RADIUS + f32::from(p.depth) * LEVEL_GAP;
    }
    let question = match rule {
        None => "Back up the minimax value of every node.".to_string(),
        Some(r) => format!(
            "Run alpha-beta from the left ({}): give each node's value and its alpha and beta, and cross out the branches it prunes.",
            r.words()
        ),
    };
    Sheet {
        title,
        question,
        width: (2.0 * (MARGIN + RADIUS) + (next_leaf - 1.0).max(0.0) * LEAF_GAP).max(480.0),
        height: HEADER + 2.0 * RADIUS + f32::from(depth) * LEVEL_GAP + 40.0 + MARGIN,
        places,
        rule,
        index,
    }
}

/// A bound as a person writes it; `inf` spells infinity in ASCII.
pub fn bound(v: WindowEnd, inf: &str) -> String {
    match v {
        WindowEnd::MinusInfinity => format!("-{inf}"),
        WindowEnd::PlusInfinity => format!("+{inf}"),
        WindowEnd::Value(v) => v.to_string(),
    }
}

/// What a sheet draws, in points with y downwards: both the SVG and the PDF
/// writers draw these and nothing else.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A straight line (an edge, a cut mark).
    Line {
        /// One end.
        from: (f32, f32),
        /// The other end.
        to: (f32, f32),
        /// Red, green, blue.
        colour: (u8, u8, u8),
        /// Stroke width in points.
        width: f32,
        /// Drawn dashed (a pruned edge in the key).
        dashed: bool,
    },
    /// A closed shape, filled white.
    Shape {
        /// Its corners in order.
        points: Vec<(f32, f32)>,
        /// The outline's red, green, blue.
        colour: (u8, u8, u8),
    },
    /// Text centred on `at` (its baseline a third of `size` below it).
    Text {
        /// The centre.
        at: (f32, f32),
        /// Font size in points.
        size: f32,
        /// What is written.
        text: String,
        /// Red, green, blue.
        colour: (u8, u8, u8),
    },
}

const BLACK: (u8, u8, u8) = (0, 0, 0);
const GREY: (u8, u8, u8) = (150, 150, 150);
const RED: (u8, u8, u8) = (200, 0, 0);
const BLUE: (u8, u8, u8) = (0, 70, 170);

impl Sheet {
    /// The worksheet (`key` false) or the answer key. `ascii` spells alpha,
    /// beta and infinity in ASCII (the PDF's base-14 font has no Greek).
    pub fn marks(&self, key: bool, ascii: bool) -> Vec<Mark> {
        let mut m = Vec::new();
        let heading = if key { format!("{}: answer key", self.title) } else { self.title.clone() };
        m.push(Mark::Text { at: (self.width / 2.0, MARGIN), size: 14.0, text: heading, colour: BLACK });
        m.push(Mark::Text {
            at: (self.width / 2.0, MARGIN + 20.0),
            size: 9.0,
            text: self.question.clone(),
            colour: BLACK,
        });
        let (alpha, beta, inf) = if ascii { ("alpha", "beta", "inf") } else { ("α", "β", "∞") };
        for p in &self.places {
            let faded = key && p.pruned;
            let colour = if faded { GREY } else { BLACK };
            if let Some(parent) = p.parent {
                let q = &self.places[parent];
                let (from, to) = ((q.x, q.y + RADIUS), (p.x, p.y - RADIUS));
                m.push(Mark::Line { from, to, colour, width: 1.0, dashed: faded });
                let mid = ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0);
                m.push(Mark::Text {
                    at: (mid.0 + 9.0, mid.1),
                    size: 7.0,
                    text: p.action.clone(),
                    colour: BLUE,
                });
                // A pruned branch is crossed out where it leaves a node that was searched.
                if faded && !q.pruned {
                    let c = (from.0 + (to.0 - from.0) * 0.35, from.1 + (to.1 - from.1) * 0.35);
                    for (dx, dy) in [(6.0, 6.0), (6.0, -6.0)] {
                        m.push(Mark::Line {
                            from: (c.0 - dx, c.1 - dy),
                            to: (c.0 + dx, c.1 + dy),
                            colour: RED,
                            width: 1.6,
                            dashed: false,
                        });
                    }
                }
            }
            let (x, y, r) = (p.x, p.y, RADIUS);
            let points = if p.leaf {
                vec![
                    (x - r * 0.8, y - r * 0.8),
                    (x + r * 0.8, y - r * 0.8),
                    (x + r * 0.8, y + r * 0.8),
                    (x - r * 0.8, y + r * 0.8),
                ]
            } else if p.maximising {
                vec![(x, y - r), (x + r * 1.15, y + r * 0.8), (x - r * 1.15, y + r * 0.8)]
            } else {
                vec![(x - r * 1.15, y - r * 0.8), (x + r * 1.15, y - r * 0.8), (x, y + r)]
            };
            m.push(Mark::Shape { points, colour });
            if let Some(v) = p.shown(key) {
                let dy = if p.leaf {
                    0.0
                } else if p.maximising {
                    3.0
                } else {
                    -3.0
                };
                m.push(Mark::Text { at: (x, y + dy), size: 9.0, text: v.to_string(), colour });
            }
            if key && let Some((a, b)) = p.changed {
                let text = format!("{alpha}={} {beta}={}", bound(a, inf), bound(b, inf));
                m.push(Mark::Text { at: (x, y + r + 10.0), size: 7.0, text, colour: RED });
            }
        }
        m
    }
}
