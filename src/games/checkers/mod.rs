//! The course's checkers variant: rules (in words: `RULES` below, which
//! `gametree rules checkers` prints); the board's picture is in `drawing.rs`.

pub mod board;
mod draws;
pub mod moves;
mod shifts;

pub use board::{Cell, Color, Position};
pub use moves::Action;

mod drawing;
#[cfg(feature = "oracles")]
mod oracle;

use super::Registered;
use crate::game::{
    DrawRules, Evaluation, Notation, Outcome, Play, Player, PositionError, Presentation, Rules, Storage,
    char_grid, quoted_start,
};
use board::square_at;

/// The course's checkers variant: 8x8, black moves first from rows 6-8, pieces
/// move and capture forward one diagonal step (a capture is one jump, not
/// compulsory), a piece reaching the far row becomes a tower that moves both
/// ways, and a side that cannot move has lost. Its evaluation is the course's
/// cost, `b + 3B - w - 3W`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Checkers;

impl Checkers {
    /// Reads a cell name such as `G6`.
    pub fn parse_cell(name: &str) -> Option<u8> {
        let b = name.as_bytes();
        if b.len() != 2 || !(b'A'..=b'H').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
            return None;
        }
        square_at((b[1] - b'1') as usize, (b[0] - b'A') as usize)
    }

    /// The square named `name` (upper case), or why a unit cannot stand there.
    fn square(name: &str) -> Result<u8, String> {
        let c = name.as_bytes();
        let on_board = c.len() == 2 && (b'A'..=b'H').contains(&c[0]) && (b'1'..=b'8').contains(&c[1]);
        let like_a_cell = c.len() == 2 && c[0].is_ascii_alphabetic() && c[1].is_ascii_digit();
        if !like_a_cell {
            Err(format!("{} is not a cell: expected a column A-H and a row 1-8, like G6", quoted_start(name)))
        } else if !on_board {
            Err(format!("{name} is off the board: columns A-H, rows 1-8"))
        } else {
            Checkers::parse_cell(name)
                .ok_or_else(|| format!("{name} is a light square: units stand on dark ones"))
        }
    }
}

fn player_of(color: Color) -> Player {
    match color {
        Color::Black => Player::First,
        Color::White => Player::Second,
    }
}

impl Rules for Checkers {
    type Position = Position;
    type Action = Action;

    fn start(&self) -> Position {
        Position::start()
    }

    #[inline]
    fn to_move(&self, pos: &Position) -> Player {
        player_of(pos.turn)
    }

    #[inline]
    fn actions(&self, pos: &Position, out: &mut Vec<Action>) {
        moves::generate(pos, out);
    }

    #[inline]
    fn has_actions(&self, pos: &Position) -> bool {
        moves::has_action(pos)
    }

    fn count_actions(&self, pos: &Position) -> u64 {
        moves::count(pos)
    }

    #[inline]
    fn apply(&self, pos: &Position, action: Action) -> Position {
        moves::apply(pos, action)
    }

    /// A side that cannot act has lost: checkers has no draw.
    fn terminal_outcome(&self, _pos: &Position) -> Outcome {
        Outcome::Loss
    }

    /// The board turned half way round with the colours swapped: black's
    /// position is white's, seen from the other side. (No mirror: the dark
    /// squares would not stay dark.)
    fn symmetry_class(&self, pos: &Position) -> Option<Vec<u8>> {
        let mut key = Vec::with_capacity(13);
        self.symmetry_class_into(pos, &mut key).then_some(key)
    }

    fn symmetry_words(&self) -> &'static str {
        "turning the board half round with the colours swapped"
    }

    fn symmetry_class_into(&self, pos: &Position, out: &mut Vec<u8>) -> bool {
        // The lesser image as numbers, not as bytes: comparing byte arrays
        // stalled on loading what had just been stored (a fifth of what was
        // then the census's walk over the tree).
        let same = (pos.black, pos.white, pos.towers, pos.turn == Color::Black);
        let swapped = (
            pos.white.reverse_bits(),
            pos.black.reverse_bits(),
            pos.towers.reverse_bits(),
            pos.turn.other() == Color::Black,
        );
        let (black, white, towers, black_to_move) = same.min(swapped);
        out.clear();
        out.extend_from_slice(&black.to_le_bytes());
        out.extend_from_slice(&white.to_le_bytes());
        out.extend_from_slice(&towers.to_le_bytes());
        out.push(u8::from(black_to_move));
        true
    }
}

impl Play for Checkers {
    fn draw_rules(&self) -> Option<DrawRules> {
        Some(draws::RULES)
    }

    fn is_irreversible(&self, pos: &Position, action: Action) -> bool {
        draws::is_irreversible(pos, action)
    }
}

impl Storage for Checkers {
    /// Black, white and towers, 12 bytes; the material follows from them.
    type Packed = [u32; 3];

    #[inline]
    fn pack(&self, pos: &Position) -> [u32; 3] {
        [pos.black, pos.white, pos.towers]
    }

    #[inline]
    fn unpack(&self, &[black, white, towers]: &[u32; 3], to_move: Player) -> Position {
        let turn = if to_move.maximises() { Color::Black } else { Color::White };
        Position::from_masks(black, white, towers, turn)
    }
}

impl Evaluation for Checkers {
    /// A piece counts 1 and a tower 3: a piece up is a lead, a tower a wide one.
    fn lead(&self, value: i32) -> crate::game::Lead {
        crate::game::Lead::by_margins(value, 1, 3)
    }

    /// Where the opponent surely has a reply, a leaf's cost is its material: no
    /// search for the opponent's actions.
    #[inline]
    fn leaves<'s>(
        &'s self,
        pos: &'s Position,
        actions: &'s [Action],
    ) -> impl ExactSizeIterator<Item = (Position, i32)> + 's {
        let replies = moves::reply_squares(pos);
        actions.iter().map(move |&a| {
            let child = moves::apply(pos, a);
            let cost = if moves::reply_survives(replies, a) {
                child.material()
            } else {
                self.cost(&child, moves::has_action(&child))
            };
            (child, cost)
        })
    }

    #[inline]
    fn heuristic(&self, pos: &Position) -> i32 {
        pos.material()
    }

    /// The course's rule: a side that cannot act has lost, scored as C's
    /// `INT_MIN` when black is stuck and `INT_MAX` when white is.
    #[inline]
    fn terminal_cost(&self, pos: &Position) -> i32 {
        match pos.turn {
            Color::Black => i32::MIN,
            Color::White => i32::MAX,
        }
    }

    /// Measured: a strong move examined 26-41 M positions in a second.
    fn positions_per_second(&self) -> u64 {
        30_000_000
    }

    fn default_depth(&self) -> u8 {
        3
    }
}

impl Notation for Checkers {
    fn why_illegal(&self, pos: &Position, text: &str) -> String {
        if text.matches('-').count() > 1 {
            return format!(
                "{text} names several steps: an action is one step or one jump, like G6-F5",
                text = crate::game::quoted_start(text)
            );
        }
        // Split as typed: a cell that is not one is quoted in the player's own text.
        let Some((a, b)) = text.split_once('-').map(|(a, b)| (a.trim(), b.trim())) else {
            return format!(
                "{text} is not an action: expected two cells joined by '-', like G6-F5",
                text = crate::game::quoted_start(text)
            );
        };
        let cell = |name: &str| {
            let upper = name.to_ascii_uppercase();
            let like_a_cell = upper.len() == 2 && upper.as_bytes()[0].is_ascii_alphabetic();
            Checkers::square(if like_a_cell { &upper } else { name }).map(|sq| (sq, upper))
        };
        let why = || -> Result<String, String> {
            let ((from, a), (to, b)) = (cell(a)?, cell(b)?);
            Ok(moves::why_not(pos, from, to).unwrap_or_else(|| format!("{a}-{b} is not legal here")))
        };
        why().unwrap_or_else(|e| e)
    }

    fn format_action(&self, action: Action) -> String {
        action.notation()
    }

    /// Rows 1 to 8 separated by `/`, each 8 cells from column A, then a space and the
    /// side to move: `......../......../......../......../......../B.w...../.w....../..b..... b`.
    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let err = |m: String| Err(PositionError(m));
        let text = text.trim();
        let Some((board, side)) = text.split_once(' ') else {
            return err(format!(
                "expected 8 rows separated by '/', a space and the side to move (b or w), got {text}",
                text = crate::game::quoted_start(text)
            ));
        };
        let turn = match side.trim() {
            "b" => Color::Black,
            "w" => Color::White,
            other => {
                return err(format!(
                    "side to move must be 'b' or 'w', got {other}",
                    other = crate::game::quoted_start(other)
                ));
            }
        };
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 8 {
            return err(format!("expected 8 rows separated by '/', got {}", rows.len()));
        }
        let mut pos = Position::empty(turn);
        for (r, row) in rows.iter().enumerate() {
            let cells: Vec<char> = row.chars().collect();
            if cells.len() != 8 {
                return err(format!(
                    "row {} must have 8 cells, got {} in {row}",
                    r + 1,
                    cells.len(),
                    row = crate::game::quoted_start(row)
                ));
            }
            for (c, &ch) in cells.iter().enumerate() {
                let Some(cell) = board::Cell::from_symbol(ch) else {
                    return err(format!(
                        "row {}, column {}: {ch:?} is not one of . b w B W",
                        r + 1,
                        (b'A' + c as u8) as char
                    ));
                };
                match square_at(r, c) {
                    Some(s) => pos.set(s, cell),
                    None if cell == Cell::Empty => {}
                    None => {
                        return err(format!(
                            "{}{} is a light cell and must be empty",
                            (b'A' + c as u8) as char,
                            r + 1
                        ));
                    }
                }
            }
        }
        Ok(pos)
    }

    fn format_position(&self, pos: &Position) -> String {
        let side = match pos.turn {
            Color::Black => 'b',
            Color::White => 'w',
        };
        format!("{} {side}", char_grid(8, 8, |r, c| pos.cell_at(r, c).symbol()).join("/"))
    }

    /// The pieces of the unit on `from` (a name such as F6, in any case) can
    /// take, or why there are none.
    fn actions_from(&self, pos: &Position, from: &str) -> Option<Result<Vec<Action>, String>> {
        let name = from.trim().to_ascii_uppercase();
        let sq = match Checkers::square(&name) {
            Ok(sq) => sq,
            Err(why) => return Some(Err(why)),
        };
        let mut legal = Vec::new();
        self.actions(pos, &mut legal);
        legal.retain(|a| a.from() == sq);
        Some(if !legal.is_empty() {
            Ok(legal)
        } else if pos.units(pos.turn) & 1 << sq == 0 {
            Err(moves::why_not(pos, sq, sq).unwrap_or_else(|| format!("{name} is empty")))
        } else {
            Err(format!("the unit on {name} has no step or jump"))
        })
    }
}

impl Presentation for Checkers {
    const NAME: &'static str = "checkers";

    fn evaluation(&self) -> String {
        "values are the cost b + 3B - w - 3W: positive favours black (who maximises), negative white; \
         a side that cannot act scores -2147483648 (black) or 2147483647 (white), as the course's INT_MIN and INT_MAX"
            .to_string()
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "black",
            Player::Second => "white",
        }
    }
}

const RULES: &str = "\
Checkers, the course variant. 8x8 board, columns A-H, rows 1-8 from the top.
Black (b) starts on rows 6-8 and moves first, towards row 1; white (w) starts on
rows 1-3 and moves towards row 8. A piece steps one cell diagonally forward; a
tower (B, W) steps in any diagonal direction. A capture jumps over one adjacent
opponent unit onto the empty cell beyond and removes it: pieces capture forward
only, towers in all four directions; one jump per turn, and capturing is optional.
A piece that ends its action on the far row becomes a tower. A side that cannot
act on its turn loses. Cost: b + 3B - w - 3W (black maximises).
In play (not in the course protocol) a game is drawn when the same position
comes up a third time with the same side to move, or after 50 moves each (100
plies) without a capture or a crowning; a player may offer a draw.
";

impl Registered for Checkers {
    const ABOUT: &'static str = "the course's checkers, 8x8, towers";
    const NOTATION: &'static str =
        "rows 1-8 joined by `/`, 8 cells each from column A (`. b w B W`), a space, `b` or `w`; an action `G6-F5`";
    const RULES: &'static str = RULES;

}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Marks;

    #[test]
    fn play_marks_the_last_move_counts_units_and_tells_towers_from_columns() {
        let g = Checkers;
        let board = |pos: &Position, marks: &Marks<'_, Position, Action>| crate::drawing::board(&g, pos, marks);
        let pos = g
            .parse_position("......../......../......../......../.....b../......../......../B....... w")
            .unwrap();
        let shown = board(&pos, &Marks::after(None, true));
        // Cells are four wide, so that a tower keeps its * in brackets too.
        assert!(shown.contains(" 8 | B* |    |"), "{shown}");
        assert!(shown.contains("black 1 piece, 1 tower; white 0 pieces, 0 towers"), "{shown}");
        let start = g.start();
        let a = g.parse_action(&start, "G6-F5").unwrap();
        let shown = board(&g.apply(&start, a), &Marks::after(Some((&start, a)), true));
        // Light squares, where no unit stands, are blank.
        assert!(shown.contains(" 5 |    | .  |    | .  |    |[b] |    | .  |"), "{shown}");
        assert!(shown.contains(" 6 | b  |    | b  |    | b  |    |(.) |    |"), "{shown}");
        assert!(shown.ends_with("last move G6-F5 (from ( ) to [ ])\n"), "{shown}");
        // The same with box-drawing lines.
        let boxed = board(&g.apply(&start, a), &Marks::after(Some((&start, a)), false));
        assert!(boxed.contains(" 5 │    │ .  │    │ .  │    │[b] │    │ .  │"), "{boxed}");
        // A tower just moved keeps its mark between the brackets.
        let towers = g
            .parse_position("......../......../......../......../......../......../.B....../........ b")
            .unwrap();
        let up = g.parse_action(&towers, "B7-C6").unwrap();
        let shown = board(&g.apply(&towers, up), &Marks::after(Some((&towers, up)), true));
        assert!(shown.contains(" 6 | .  |    |[B*]|"), "{shown}");
        assert!(shown.contains(" 7 |    |(.) |"), "{shown}");
        // One unit's targets instead of the last action: F5 steps to E4 or G4.
        let after = g.apply(&start, a);
        let reply = g.parse_action(&after, "B3-C4").unwrap();
        let pos = g.apply(&after, reply);
        let targets = g.actions_from(&pos, "f5").unwrap().unwrap();
        let marks = Marks { last: Some((&after, reply)), targets: Some(("F5", &targets)), ascii: true };
        let shown = board(&pos, &marks);
        assert!(shown.contains(" 4 | .  |    | w  |    | *  |    | *  |    |"), "{shown}");
        assert!(shown.contains(" 5 |    | .  |    | .  |    |(b) |    | .  |"), "{shown}");
        assert!(shown.ends_with("(F5) can go to *\n"), "{shown}");
        assert_eq!(g.actions_from(&pos, "b3").unwrap().unwrap_err(), "B3 is empty");
        assert_eq!(g.actions_from(&pos, "c4").unwrap().unwrap_err(), "C4 holds white's piece, not yours");
        assert_eq!(g.actions_from(&pos, "a8").unwrap().unwrap_err(), "the unit on A8 has no step or jump");
        assert_eq!(
            g.actions_from(&pos, "b8").unwrap().unwrap_err(),
            "B8 is a light square: units stand on dark ones"
        );
        assert_eq!(
            g.actions_from(&pos, "i9").unwrap().unwrap_err(),
            "I9 is off the board: columns A-H, rows 1-8"
        );
    }

    #[test]
    fn position_notation_round_trips() {
        let g = Checkers;
        let text = "......../......../......../......../......../B.w...../.w....../..b..... b";
        let p = g.parse_position(text).unwrap();
        assert_eq!(g.format_position(&p), text);
        assert_eq!(p.cell(Checkers::parse_cell("A6").unwrap()), Cell::Tower(Color::Black));
        let start = g.format_position(&Position::start());
        assert_eq!(g.parse_position(&start).unwrap(), Position::start());
    }

    #[test]
    fn bad_positions_are_explained() {
        let g = Checkers;
        for (text, needle) in [
            ("......../ b", "8 rows"),
            ("b......./......../......../......../......../......../......../........ b", "light cell"),
            (".x....../......../......../......../......../......../......../........ b", "not one of"),
            ("......../......../......../......../......../......../......../........ x", "side to move"),
            ("......../......../......../......../......../......../......../.........", "a space"),
        ] {
            let e = g.parse_position(text).unwrap_err();
            assert!(e.0.contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn stuck_side_costs_int_min_or_max() {
        let g = Checkers;
        let mut p = Position::empty(Color::Black);
        assert_eq!(g.cost(&p, g.has_actions(&p)), i32::MIN);
        p.turn = Color::White;
        assert_eq!(g.cost(&p, g.has_actions(&p)), i32::MAX);
    }
}
