//! Checkers actions: generation in the course's order, and applying them.

use super::board::{Color, Dir, JUMP, NEIGHBOUR, Position, col_of, row_of};

use super::shifts::{from_which, step};

/// One action: a unit leaves `from` in direction `dir`, stepping one cell or, when
/// `capture`, jumping over the adjacent unit to the cell beyond, `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    from: u8,
    /// Kept rather than looked up each time: every leaf of a tree needs it twice.
    to: u8,
    dir: Dir,
    capture: bool,
}

impl Action {
    #[inline]
    fn new(from: u8, dir: Dir, capture: bool) -> Action {
        let table = if capture { &JUMP } else { &NEIGHBOUR };
        Action { from, to: table[from as usize][dir as usize], dir, capture }
    }

    /// The dark square (0..32) the unit ends on.
    #[inline]
    pub fn to(self) -> u8 {
        self.to
    }

    /// The dark square (0..32) the unit leaves.
    pub fn from(self) -> u8 {
        self.from
    }

    /// The action that takes a unit from `from` to `to`, if the two squares lie one
    /// or two diagonal steps apart; whether it is legal is another matter.
    pub fn between(from: u8, to: u8) -> Option<Action> {
        for dir in Dir::ALL {
            for capture in [false, true] {
                let a = Action::new(from, dir, capture);
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

/// The course's name of dark square `s` (0..32): column letter and row number,
/// `A2` for square 4.
pub fn cell_name(s: u8) -> String {
    let col = (b'A' + col_of(s) as u8) as char;
    format!("{}{}", col, row_of(s) + 1)
}

/// For each direction, the units of the side to move that can step that way and
/// those that can capture that way (never both: the neighbour is empty or not).
#[inline(always)]
fn movers(pos: &Position) -> ([u32; 4], [u32; 4]) {
    let me = pos.turn;
    let mine = pos.units(me);
    let theirs = pos.units(me.other());
    let empty = !(mine | theirs);
    let towers = mine & pos.towers;
    let mut steps = [0; 4];
    let mut captures = [0; 4];
    for dir in Dir::ALL {
        let units = if dir.forward_for(me) { mine } else { towers };
        steps[dir as usize] = units & from_which(empty, dir);
        captures[dir as usize] = units & from_which(theirs & from_which(empty, dir), dir);
    }
    (steps, captures)
}

/// All legal actions of the side to move, in the course's order: units in scan
/// order (row 1 first, left to right), each trying NE, SE, SW, NW.
pub fn generate(pos: &Position, out: &mut Vec<Action>) {
    let (steps, captures) = movers(pos);
    let either = [0, 1, 2, 3].map(|d| steps[d] | captures[d]);
    // Filled on the stack and copied once: a push checks for room every time. A
    // board read from a file may hold 32 units of one side, with 4 actions each.
    let mut found = [Action::new(0, Dir::NorthEast, false); 128];
    let mut n = 0;
    let mut units = either[0] | either[1] | either[2] | either[3];
    while units != 0 {
        let from = units.trailing_zeros() as u8;
        units &= units - 1;
        for dir in Dir::ALL {
            if either[dir as usize] >> from & 1 != 0 {
                found[n] = Action::new(from, dir, captures[dir as usize] >> from & 1 != 0);
                n += 1;
            }
        }
    }
    out.clear();
    out.extend_from_slice(&found[..n]);
}

/// How many actions [`generate`] would list: one per unit and direction that can
/// step or capture (never both: a step needs the neighbour empty, a capture needs
/// it taken).
pub fn count(pos: &Position) -> u64 {
    let (steps, captures) = movers(pos);
    steps.iter().chain(&captures).map(|m| u64::from(m.count_ones())).sum()
}

/// Whether the side to move can act. Asked of every leaf, so it looks for a plain
/// step first (almost always there) before it works out captures.
#[inline]
pub fn has_action(pos: &Position) -> bool {
    let me = pos.turn;
    let mine = pos.units(me);
    let theirs = pos.units(me.other());
    let empty = !(mine | theirs);
    let towers = mine & pos.towers;
    let units = |dir: Dir| if dir.forward_for(me) { mine } else { towers };
    if Dir::ALL.iter().any(|&d| units(d) & from_which(empty, d) != 0) {
        return true;
    }
    Dir::ALL.iter().any(|&d| units(d) & from_which(theirs & from_which(empty, d), d) != 0)
}

/// Squares where a piece of each colour is crowned: row 1 for black, row 8 for white.
const BLACK_CROWN: u32 = 0x0000_000F;
const WHITE_CROWN: u32 = 0xF000_0000;

/// Applies an action known to be legal: moves the unit, removes a captured one, and
/// crowns a piece that ends on its far row. The turn passes to the other side, and
/// the material follows from what changed: a captured piece is worth 1, a
/// captured tower 3, and a crowning gains 2 (black's side counts up).
///
/// Every node of a tree is made by this, so it is written to inline and to look
/// up the captured square once, without bounds checks (squares are below 32 and
/// directions below 4 by construction; the masks only tell the compiler so).
#[inline(always)]
pub fn apply(pos: &Position, a: Action) -> Position {
    let from = 1u32 << a.from;
    let to = 1u32 << a.to();
    let captured =
        if a.capture { 1u32 << NEIGHBOUR[usize::from(a.from & 31)][a.dir as usize & 3] } else { 0 };
    let (crown, sign) = match pos.turn {
        Color::Black => (BLACK_CROWN, 1),
        Color::White => (WHITE_CROWN, -1),
    };
    let was_tower = pos.towers & from != 0;
    let crowned = !was_tower && to & crown != 0;
    let taken = if captured & pos.towers != 0 { 3 } else { i8::from(captured != 0) };
    let towers = (pos.towers & !captured & !from) | if was_tower || crowned { to } else { 0 };
    let (black, white) = match pos.turn {
        Color::Black => (pos.black ^ (from | to), pos.white & !captured),
        Color::White => (pos.black & !captured, pos.white ^ (from | to)),
    };
    pos.with(black, white, towers, sign * (taken + 2 * i8::from(crowned)))
}

/// The squares the opponent of the side to move could step to, were it their
/// turn: see [`reply_survives`].
#[inline]
pub fn reply_squares(pos: &Position) -> u32 {
    let them = pos.turn.other();
    let units = pos.units(them);
    let towers = units & pos.towers;
    let empty = !pos.occupied();
    Dir::ALL.iter().fold(0, |t, &dir| {
        let movers = if dir.forward_for(them) { units } else { towers };
        t | (step(movers, dir) & empty)
    })
}

/// Whether the opponent can surely act after `a`, knowing only `replies`, the
/// [`reply_squares`] of the position `a` is played in. A step takes from the
/// opponent only the square it lands on (the square it leaves only gives); a
/// capture also takes the steps of the unit it removes, up to four squares.
#[inline(always)]
pub fn reply_survives(replies: u32, a: Action) -> bool {
    replies & !(1 << a.to()) != 0 && (!a.capture || replies.count_ones() > 5)
}

/// Whether `a` is one of the legal actions of the side to move.
pub fn is_legal(pos: &Position, a: Action) -> bool {
    let (steps, captures) = movers(pos);
    let set = if a.capture { captures } else { steps };
    set[a.dir as usize] & (1 << a.from) != 0
}

/// The rules read literally, square by square and direction by direction: slow,
/// and independent of the shifts [`generate`] uses, so the two can check each other.
/// Why the action `from`-`to` (squares of a legal-looking pair) is not legal
/// for the side to move, in words; `None` if it is.
pub fn why_not(pos: &Position, from: u8, to: u8) -> Option<String> {
    let me = pos.turn;
    let (f, t) = (cell_name(from), cell_name(to));
    if pos.units(me) & (1 << from) == 0 {
        return Some(if pos.units(me.other()) & (1 << from) != 0 {
            format!("{f} holds {}'s piece, not yours", me.other().upper_name().to_lowercase())
        } else {
            format!("{f} is empty")
        });
    }
    if pos.occupied() & (1 << to) != 0 {
        return Some(format!("{t} is not empty"));
    }
    let Some(a) = Action::between(from, to) else {
        return Some(format!("{f} to {t} is not one diagonal step, nor a jump of two"));
    };
    if pos.towers & (1 << from) == 0 && !a.dir.forward_for(me) {
        return Some("a piece moves forward only; towers move both ways".to_string());
    }
    if a.capture {
        let over = NEIGHBOUR[from as usize][a.dir as usize];
        if pos.units(me.other()) & (1 << over) == 0 {
            let what = if pos.units(me) & (1 << over) != 0 { "your own piece" } else { "an empty square" };
            return Some(format!("a jump must capture an opponent's piece; {} is {what}", cell_name(over)));
        }
    }
    (!is_legal(pos, a)).then(|| format!("{f}-{t} is not legal here"))
}

/// The legal actions of `pos`, found square by square straight from the rules,
/// slowly and without the bit masks [`Rules::actions`](crate::game::Rules::actions)
/// uses: the oracle the tests compare the fast generator with.
pub fn reference_actions(pos: &Position) -> Vec<Action> {
    use super::board::NO_SQUARE;
    let me = pos.turn;
    let mut v = Vec::new();
    for s in 0..32u8 {
        if pos.units(me) & (1 << s) == 0 {
            continue;
        }
        let tower = pos.towers & (1 << s) != 0;
        for dir in Dir::ALL {
            let n = NEIGHBOUR[s as usize][dir as usize];
            if (!tower && !dir.forward_for(me)) || n == NO_SQUARE {
                continue;
            }
            if pos.occupied() & (1 << n) == 0 {
                v.push(Action::new(s, dir, false));
            } else if pos.units(me.other()) & (1 << n) != 0 {
                let j = JUMP[s as usize][dir as usize];
                if j != NO_SQUARE && pos.occupied() & (1 << j) == 0 {
                    v.push(Action::new(s, dir, true));
                }
            }
        }
    }
    v
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

    /// Boards with units on about three squares in four, pieces and towers of
    /// both colours mixed at random, either side to move.
    fn random_boards(n: usize) -> impl Iterator<Item = Position> {
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        (0..n).map(move |_| {
            let (a, b, t) = (next() as u32, next() as u32, next() as u32);
            let density = next() as u32 | next() as u32;
            let black = a & density;
            let white = b & density & !black;
            let turn = if next() & 1 == 0 { Color::Black } else { Color::White };
            Position::from_masks(black, white, t, turn)
        })
    }

    #[test]
    fn generation_matches_the_literal_rules_on_random_boards() {
        for pos in random_boards(20_000) {
            let mut v = Vec::new();
            generate(&pos, &mut v);
            let r = reference_actions(&pos);
            assert_eq!(v, r, "{pos:?}");
            assert_eq!(has_action(&pos), !r.is_empty());
            for a in &r {
                assert!(is_legal(&pos, *a));
            }
        }
    }

    #[test]
    fn leaf_costs_told_from_the_parent_equal_those_of_the_children() {
        use crate::game::Evaluation;
        let game = super::super::Checkers;
        let (mut told, mut made) = (0, 0);
        let mut actions = Vec::new();
        for pos in random_boards(20_000) {
            generate(&pos, &mut actions);
            let replies = reply_squares(&pos);
            for (&a, leaf) in actions.iter().zip(game.leaves(&pos, &actions)) {
                let child = apply(&pos, a);
                let can_act = has_action(&child);
                assert_eq!(leaf, (child, game.cost(&child, can_act)), "{pos:?} {a:?}");
                if reply_survives(replies, a) {
                    assert!(can_act, "{pos:?} {a:?}");
                    told += 1;
                } else {
                    made += 1;
                }
            }
        }
        // Both ways of working out a leaf were put to the test, captures included.
        assert!(told > 10_000 && made > 1_000, "{told} told, {made} made");
    }

    #[test]
    fn material_kept_by_apply_equals_a_recount() {
        let mut seed = 99u64;
        for _ in 0..2_000 {
            let mut pos = Position::start();
            let mut v = Vec::new();
            for _ in 0..120 {
                generate(&pos, &mut v);
                if v.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                pos = apply(&pos, v[(seed >> 33) as usize % v.len()]);
                assert_eq!(pos, Position::from_masks(pos.black, pos.white, pos.towers, pos.turn));
            }
        }
    }

    #[test]
    fn black_opening_actions_in_course_order() {
        // Row 6 scanned left to right; each piece tries NE then NW.
        assert_eq!(
            names(&Position::start()),
            ["A6-B5", "C6-D5", "C6-B5", "E6-F5", "E6-D5", "G6-H5", "G6-F5"]
        );
    }

    #[test]
    fn white_opening_actions_in_course_order() {
        let mut p = Position::start();
        p.turn = Color::White;
        // Row 3 first: each piece tries SE then SW.
        assert_eq!(names(&p), ["B3-C4", "B3-A4", "D3-E4", "D3-C4", "F3-G4", "F3-E4", "H3-G4"]);
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
