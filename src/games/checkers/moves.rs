//! Checkers actions: generation in the course's order, and applying them.

use super::board::{Color, Dir, JUMP, NEIGHBOUR, NO_SQUARE, Position, col_of, row_of};

/// One action: a unit leaves `from` in direction `dir`, stepping one cell or, when
/// `capture`, jumping over the adjacent unit to the cell beyond.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    pub from: u8,
    pub dir: Dir,
    pub capture: bool,
}

impl Action {
    pub fn to(self) -> u8 {
        let table = if self.capture { &JUMP } else { &NEIGHBOUR };
        table[self.from as usize][self.dir as usize]
    }

    /// The action that takes a unit from `from` to `to`, if the two squares lie one
    /// or two diagonal steps apart; whether it is legal is another matter.
    pub fn between(from: u8, to: u8) -> Option<Action> {
        for dir in Dir::ALL {
            for capture in [false, true] {
                let a = Action { from, dir, capture };
                if a.to() == to {
                    return Some(a);
                }
            }
        }
        None
    }

    /// The course's notation, `G6-F5`.
    pub fn notation(self) -> String {
        format!("{}-{}", cell_name(self.from), cell_name(self.to()))
    }
}

pub fn cell_name(s: u8) -> String {
    let col = (b'A' + col_of(s) as u8) as char;
    format!("{}{}", col, row_of(s) + 1)
}

/// Calls `f` for each action of the unit on `s` (owned by the side to move), in
/// direction order NE, SE, SW, NW; stops early when `f` returns false. Returns
/// false when stopped early.
#[inline]
fn unit_actions(pos: &Position, s: u8, mut f: impl FnMut(Action) -> bool) -> bool {
    let me = pos.turn;
    let occupied = pos.occupied();
    let theirs = pos.units(me.other());
    let tower = pos.towers & (1 << s) != 0;
    for dir in Dir::ALL {
        if !tower && !dir.forward_for(me) {
            continue;
        }
        let n = NEIGHBOUR[s as usize][dir as usize];
        if n == NO_SQUARE {
            continue;
        }
        let action = if occupied & (1 << n) == 0 {
            Action {
                from: s,
                dir,
                capture: false,
            }
        } else {
            let j = JUMP[s as usize][dir as usize];
            if theirs & (1 << n) == 0 || j == NO_SQUARE || occupied & (1 << j) != 0 {
                continue;
            }
            Action {
                from: s,
                dir,
                capture: true,
            }
        };
        if !f(action) {
            return false;
        }
    }
    true
}

/// Visits the units of the side to move in scan order (row 1 first, left to right).
#[inline]
fn for_each_action(pos: &Position, mut f: impl FnMut(Action) -> bool) {
    let mut units = pos.units(pos.turn);
    while units != 0 {
        let s = units.trailing_zeros() as u8;
        units &= units - 1;
        if !unit_actions(pos, s, &mut f) {
            return;
        }
    }
}

/// All legal actions of the side to move, in the course's order.
pub fn generate(pos: &Position, out: &mut Vec<Action>) {
    out.clear();
    for_each_action(pos, |a| {
        out.push(a);
        true
    });
}

pub fn has_action(pos: &Position) -> bool {
    let mut found = false;
    for_each_action(pos, |_| {
        found = true;
        false
    });
    found
}

/// Applies an action known to be legal: moves the unit, removes a captured one, and
/// crowns a piece that ends on its far row. The turn passes to the other side.
pub fn apply(pos: &Position, a: Action) -> Position {
    let mut p = *pos;
    let from = 1u32 << a.from;
    let to_sq = a.to();
    let to = 1u32 << to_sq;
    let me = pos.turn;
    let was_tower = p.towers & from != 0;
    let (mine, theirs) = match me {
        Color::Black => (&mut p.black, &mut p.white),
        Color::White => (&mut p.white, &mut p.black),
    };
    *mine = (*mine & !from) | to;
    if a.capture {
        let mid = 1u32 << NEIGHBOUR[a.from as usize][a.dir as usize];
        *theirs &= !mid;
        p.towers &= !mid;
    }
    p.towers &= !from;
    if was_tower || row_of(to_sq) == me.far_row() {
        p.towers |= to;
    }
    p.turn = me.other();
    p
}

/// Whether `a` is one of the legal actions of the side to move.
pub fn is_legal(pos: &Position, a: Action) -> bool {
    let mut found = false;
    for_each_action(pos, |b| {
        found = a == b;
        !found
    });
    found
}

#[cfg(test)]
mod tests {
    use super::super::board::{Cell, square_at};
    use super::*;

    fn sq(name: &str) -> u8 {
        let b = name.as_bytes();
        square_at((b[1] - b'1') as usize, (b[0] - b'A') as usize).unwrap()
    }

    fn names(pos: &Position) -> Vec<String> {
        let mut v = Vec::new();
        generate(pos, &mut v);
        v.into_iter().map(Action::notation).collect()
    }

    #[test]
    fn black_opening_actions_in_course_order() {
        // Row 6 scanned left to right; each piece tries NE then NW.
        assert_eq!(
            names(&Position::start()),
            [
                "A6-B5", "C6-D5", "C6-B5", "E6-F5", "E6-D5", "G6-H5", "G6-F5"
            ]
        );
    }

    #[test]
    fn white_opening_actions_in_course_order() {
        let mut p = Position::start();
        p.turn = Color::White;
        // Row 3 first: each piece tries SE then SW.
        assert_eq!(
            names(&p),
            [
                "B3-C4", "B3-A4", "D3-E4", "D3-C4", "F3-G4", "F3-E4", "H3-G4"
            ]
        );
    }

    #[test]
    fn capture_removes_the_jumped_unit_and_crowns_on_the_far_row() {
        let mut p = Position::empty(Color::White);
        p.set(sq("C6"), Cell::Piece(Color::White));
        p.set(sq("D7"), Cell::Piece(Color::Black));
        let a = Action::between(sq("C6"), sq("E8")).unwrap();
        assert!(a.capture && is_legal(&p, a));
        let q = apply(&p, a);
        assert_eq!(q.cell(sq("E8")), Cell::Tower(Color::White));
        assert_eq!(q.cell(sq("D7")), Cell::Empty);
        assert_eq!(q.cell(sq("C6")), Cell::Empty);
        assert_eq!(q.turn, Color::Black);
    }

    #[test]
    fn towers_move_and_capture_in_all_directions_pieces_only_forward() {
        let mut p = Position::empty(Color::Black);
        p.set(sq("E4"), Cell::Tower(Color::Black));
        p.set(sq("F5"), Cell::Piece(Color::White));
        assert_eq!(names(&p), ["E4-F3", "E4-G6", "E4-D5", "E4-D3"]);
        p.set(sq("E4"), Cell::Piece(Color::Black));
        assert_eq!(names(&p), ["E4-F3", "E4-D3"]);
        // A captured tower disappears along with its tower mark.
        p.set(sq("E4"), Cell::Tower(Color::Black));
        p.set(sq("F5"), Cell::Tower(Color::White));
        let q = apply(&p, Action::between(sq("E4"), sq("G6")).unwrap());
        assert_eq!(q.towers, 1 << sq("G6"));
        assert_eq!(q.white, 0);
    }

    #[test]
    fn no_capture_over_own_units_or_onto_occupied_cells() {
        let mut p = Position::empty(Color::Black);
        p.set(sq("E4"), Cell::Piece(Color::Black));
        p.set(sq("F3"), Cell::Piece(Color::Black));
        p.set(sq("D3"), Cell::Piece(Color::White));
        p.set(sq("C2"), Cell::Piece(Color::White));
        // Row 3 is scanned before row 4; E4 can neither jump its own F3 nor land on C2.
        assert_eq!(names(&p), ["F3-G2", "F3-E2"]);
        assert!(has_action(&p));
        p.set(sq("G2"), Cell::Piece(Color::White));
        p.set(sq("F3"), Cell::Piece(Color::White));
        assert!(!has_action(&p));
    }
}
