//! A still drawing of a tree for where the explorer's script cannot run (a
//! notebook opened untrusted, a notebook on a web page): its first levels and
//! its line of best play, each node's value and the edges alpha-beta pruned,
//! drawn as an exercise sheet's answer key draws a tree (`exercise::marks`),
//! so that a class sees one drawing of a tree on paper and on screen.

use crate::exercise::board::Board;
use crate::exercise::sheet::{Place, Sheet};

/// The most levels below the root drawn whole; the line of best play goes on
/// to its end below them.
pub const MOST_LEVELS: u8 = 3;
/// A level is drawn whole only if it has at most this many nodes: a sketch
/// is a glance at the tree, which the explorer shows in full.
pub const MOST_ACROSS: usize = 24;
/// The most children drawn under one node (the child on the line of best
/// play always among them); the caption says how many are left out.
pub const MOST_CHILDREN: usize = 8;

/// One node as the sketch draws it.
pub struct Drawn {
    /// MAX moves here.
    pub maximising: bool,
    /// The node has no children in the tree.
    pub leaf: bool,
    /// The action leading here (empty at the root).
    pub action: String,
    /// The number written in it: its value, where the search computed one
    /// (what else, [`Sketchable::numbers`] says).
    pub value: Option<i32>,
    /// The value is a bound: `Some(true)` at least it, `Some(false)` at most it.
    pub bound: Option<bool>,
    /// Alpha-beta never searched it.
    pub pruned: bool,
}

/// A tree a sketch can be made of: the minimax tree a search left, or the
/// tree MCTS grew.
pub trait Sketchable {
    /// The children of node `id`, in the tree's order.
    fn children(&self, id: u32) -> Vec<u32>;
    /// Node `id` as drawn.
    fn drawn(&self, id: u32) -> Drawn;
    /// The nodes of the line of best play below the root, in order.
    fn line(&self) -> Vec<u32>;
    /// What the number in a node is, where it is not the node's value.
    fn numbers(&self) -> Option<&'static str> {
        None
    }
}

/// The children of `id` drawn: all of them, or the first [`MOST_CHILDREN`]
/// with the one on the line of best play in place of the last; and how many
/// are left out.
fn shown_children(tree: &dyn Sketchable, id: u32, on_line: &[u32]) -> (Vec<u32>, usize) {
    let all = tree.children(id);
    if all.len() <= MOST_CHILDREN {
        return (all, 0);
    }
    let mut shown = all[..MOST_CHILDREN].to_vec();
    if let Some(&next) = all.iter().find(|c| on_line.contains(c))
        && !shown.contains(&next)
    {
        shown[MOST_CHILDREN - 1] = next;
    }
    (shown, all.len() - MOST_CHILDREN)
}

/// The levels drawn whole: as many as fit [`MOST_ACROSS`] nodes a level and
/// [`MOST_LEVELS`], and at least the root's children.
fn levels(tree: &dyn Sketchable, on_line: &[u32]) -> u8 {
    let mut level = vec![0u32];
    let mut k = 0;
    while k < MOST_LEVELS {
        let next: Vec<u32> = level.iter().flat_map(|&n| shown_children(tree, n, on_line).0).collect();
        if next.is_empty() || (k > 0 && next.len() > MOST_ACROSS) {
            break;
        }
        level = next;
        k += 1;
    }
    k.max(1)
}

/// The sketch of `tree` as one SVG document: `title` over it (a line: the
/// sheet does not wrap it), the root position's `board` beside the title
/// where the game has one, and a caption saying what is drawn, with `line`
/// (the line of best play in words).
pub fn svg(tree: &dyn Sketchable, title: &str, board: Option<Board>, line: &[String]) -> String {
    let on_line = tree.line();
    let whole = levels(tree, &on_line);
    let mut places: Vec<Place> = Vec::new();
    let mut kids: Vec<Vec<usize>> = Vec::new();
    let mut left_out = 0;
    // Whether a node is drawn without some of its children.
    let mut cut = false;
    let mut next_slot = 0.0f32;
    // Preorder with an explicit stack: (node, its depth, its parent's place).
    let mut stack = vec![(0u32, 0u8, None)];
    while let Some((id, depth, parent)) = stack.pop() {
        let d = tree.drawn(id);
        // Below the levels drawn whole the line goes on alone: its
        // alternatives there would spread it across the page.
        let (children, hidden) = if depth < whole {
            shown_children(tree, id, &on_line)
        } else if on_line.contains(&id) {
            (tree.children(id).into_iter().filter(|c| on_line.contains(c)).take(1).collect(), 0)
        } else {
            (Vec::new(), 0)
        };
        left_out += hidden;
        cut |= !d.leaf && children.len() < tree.children(id).len();
        let i = places.len();
        let slot = if children.is_empty() {
            next_slot += 1.0;
            next_slot - 1.0
        } else {
            0.0
        };
        places.push(Place {
            parent,
            depth,
            slot,
            maximising: d.maximising,
            leaf: d.leaf,
            // The move is the name drawn on the edge: a sketch of MCTS's or a
            // game's tree names nodes by move, as the explorer beside it does;
            // its root goes unlabelled.
            name: if parent.is_some() { d.action.clone() } else { String::new() },
            action: d.action,
            given: d.value.filter(|_| d.leaf),
            value: d.value,
            pruned: d.pruned,
            bound: d.bound.filter(|_| !d.leaf && !d.pruned),
            window: None,
        });
        kids.push(Vec::new());
        if let Some(p) = parent {
            kids[p].push(i);
        }
        stack.extend(children.iter().rev().map(|&c| (c, depth + 1, Some(i))));
    }
    // Parents centred over their children, which come after them in preorder.
    for i in (0..places.len()).rev() {
        if let (Some(first), Some(last)) = (kids[i].first(), kids[i].last()) {
            places[i].slot = (places[*first].slot + places[*last].slot) / 2.0;
        }
    }
    let levels = places.iter().map(|p| p.depth).max().unwrap_or(0);
    let mut question = if !cut {
        "The whole tree".to_string()
    } else {
        format!(
            "Levels 0 to {whole} and the line of best play{}",
            if line.is_empty() { String::new() } else { format!(", {}", line.join(" ")) }
        )
    };
    if left_out > 0 {
        question.push_str(&format!("; at most {MOST_CHILDREN} moves drawn at a node ({left_out} left out)"));
    }
    if let Some(numbers) = tree.numbers() {
        question.push_str(&format!("; {numbers}"));
    }
    question.push_str(". Every node is in the interactive explorer.");
    let sheet = Sheet {
        title: title.to_string(),
        question,
        leaves: next_slot as usize,
        levels,
        places,
        rule: None,
        index: Vec::new(),
        board,
    };
    // The answer key's drawing (values, pruned edges crossed out) under the
    // tree's own title rather than the key's, cropped and sized for a screen.
    let drawn = crate::exercise::svg::write_on_screen(&sheet, true);
    let escaped = title.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    drawn.replacen(&format!(">{escaped}: answer key<"), &format!(">{escaped}<"), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A uniform tree of `branching` children a node, `depth` levels deep,
    /// ids in breadth-first order; its line goes down the last children.
    struct Uniform {
        branching: u32,
        depth: u32,
    }

    impl Uniform {
        fn level_of(&self, id: u32) -> u32 {
            let (mut first, mut size, mut level) = (0, 1, 0);
            while id >= first + size {
                first += size;
                size *= self.branching;
                level += 1;
            }
            level
        }
    }

    impl Sketchable for Uniform {
        fn children(&self, id: u32) -> Vec<u32> {
            if self.level_of(id) == self.depth {
                return Vec::new();
            }
            let first = id * self.branching + 1;
            (first..first + self.branching).collect()
        }
        fn drawn(&self, id: u32) -> Drawn {
            Drawn {
                maximising: self.level_of(id).is_multiple_of(2),
                leaf: self.children(id).is_empty(),
                action: format!("m{id}"),
                value: Some(id as i32),
                bound: None,
                pruned: false,
            }
        }
        fn line(&self) -> Vec<u32> {
            let mut line = vec![];
            let mut at = 0;
            while let Some(&last) = self.children(at).last() {
                line.push(last);
                at = last;
            }
            line
        }
    }

    fn labels(svg: &str) -> Vec<&str> {
        svg.split("</text>").filter_map(|t| t.rsplit('>').next()).filter(|t| t.starts_with('m')).collect()
    }

    #[test]
    fn levels_are_drawn_whole_while_they_are_narrow_and_the_line_goes_on_alone() {
        let tree = Uniform { branching: 3, depth: 5 };
        let on_line = tree.line();
        // 3 and 9 nodes fit; 27 would not.
        assert_eq!(levels(&tree, &on_line), 2);
        let svg = svg(&tree, "a uniform tree", None, &["m3".into()]);
        let drawn = labels(&svg);
        // 3 + 9 nodes whole, then the line's 3 below them alone.
        assert_eq!(drawn.len(), 3 + 9 + 3, "{drawn:?}");
        for id in &on_line {
            assert!(drawn.contains(&format!("m{id}").as_str()), "m{id} of the line");
        }
        assert!(svg.contains("Levels 0 to 2 and the line of best play, m3"), "{svg}");
        assert!(svg.contains(">a uniform tree<") && !svg.contains("answer key"));
    }

    #[test]
    fn a_wide_node_shows_its_first_children_and_the_lines_and_says_how_many_are_left_out() {
        let tree = Uniform { branching: 12, depth: 1 };
        let (shown, hidden) = shown_children(&tree, 0, &tree.line());
        assert_eq!(shown, vec![1, 2, 3, 4, 5, 6, 7, 12]);
        assert_eq!(hidden, 4);
        let svg = svg(&tree, "wide", None, &[]);
        assert!(svg.contains("at most 8 moves drawn at a node (4 left out)"), "{svg}");
        assert!(!svg.contains("The whole tree"));
        let small = Uniform { branching: 2, depth: 2 };
        assert!(super::svg(&small, "small", None, &[]).contains("The whole tree."));
    }

    /// The drawing is for a screen: cropped to what is drawn (no A4 page of
    /// white round a small tree) and sized so that its smallest text is 14
    /// pixels, the values and edge names a class reads at a projector.
    #[test]
    fn the_sketch_is_cropped_and_its_smallest_text_is_readable_on_a_screen() {
        // A small tree, and one whose line of best play goes nine levels down.
        for tree in [
            Uniform { branching: 2, depth: 2 },
            Uniform { branching: 3, depth: 5 },
            Uniform { branching: 7, depth: 9 },
        ] {
            let svg = svg(&tree, "a tree", None, &[]);
            let attr = |name: &str| -> Vec<f32> {
                let at = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
                svg[at..at + svg[at..].find('"').unwrap()].split(' ').map(|v| v.parse().unwrap()).collect()
            };
            let (width, view) = (attr("width")[0], attr("viewBox"));
            let scale = width / view[2];
            assert!(view[2] < crate::exercise::page::SCREEN_WIDTH, "{view:?}");
            let smallest = svg
                .split("font-size=\"")
                .skip(1)
                .map(|t| t[..t.find('"').unwrap()].parse::<f32>().unwrap())
                .fold(f32::MAX, f32::min);
            assert!(smallest * scale >= 13.95, "text of {smallest} pt at {scale} px a point");
            // Every label is inside the picture.
            for x in
                svg.split("<text x=\"").skip(1).map(|t| t[..t.find('"').unwrap()].parse::<f32>().unwrap())
            {
                assert!(x >= view[0] && x <= view[0] + view[2], "{x} outside {view:?}");
            }
        }
    }
}
