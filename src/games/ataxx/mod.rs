//! Ataxx: rules (in words: `Registered::RULES` below, which
//! `gametree rules ataxx` prints); the board's picture is in `drawing.rs`.
//!
//! A 7x7 board as 64-bit masks, square `row * 7 + col` with row 0 the top row
//! (rank 7) and col 0 file a. x moves first and maximises.

mod drawing;
#[cfg(feature = "oracles")]
mod oracle;
mod original;

use std::sync::LazyLock;

use super::Registered;
use crate::game::symmetry;
use crate::game::{
    Drawing, Evaluation, Notation, Outcome, Play, Player, PositionError, Presentation, Rules, Storage,
    quoted_start, run_length,
};

const SIZE: usize = 7;
const CELLS: usize = SIZE * SIZE;
const BOARD: u64 = (1 << CELLS) - 1;
/// Plies without a clone after which the game is drawn.
pub const HALFMOVE_LIMIT: u16 = 100;
/// A won game scores this plus the stone difference: above any evaluation.
pub const WIN: i32 = 1_000_000;

const fn rings() -> ([u64; CELLS], [u64; CELLS]) {
    let mut one = [0u64; CELLS];
    let mut two = [0u64; CELLS];
    let mut s = 0;
    while s < CELLS {
        let (r, c) = ((s / SIZE) as i32, (s % SIZE) as i32);
        let mut t = 0;
        while t < CELLS {
            let (r2, c2) = ((t / SIZE) as i32, (t % SIZE) as i32);
            let dr = if r > r2 { r - r2 } else { r2 - r };
            let dc = if c > c2 { c - c2 } else { c2 - c };
            let d = if dr > dc { dr } else { dc };
            if d == 1 {
                one[s] |= 1 << t;
            } else if d == 2 {
                two[s] |= 1 << t;
            }
            t += 1;
        }
        s += 1;
    }
    (one, two)
}

/// `RING1[s]`: the up to 8 neighbours of s (clone targets); `RING2[s]`: the cells at
/// distance exactly 2 (jump targets).
const RING1: [u64; CELLS] = rings().0;
const RING2: [u64; CELLS] = rings().1;

/// An Ataxx position: the board as three disjoint masks of the 49 cells (bit
/// `row * 7 + col`, row 0 at the top), the side to move and the clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// x's stones.
    pub x: u64,
    /// o's stones.
    pub o: u64,
    /// Cells no stone may enter (`-` in the FEN).
    pub blocked: u64,
    /// Whether x (the first player) is to move.
    pub x_to_move: bool,
    /// Plies since the last clone.
    pub halfmove: u16,
    /// Starts at 1 and grows after each o move.
    pub fullmove: u16,
}

impl Position {
    fn mine_theirs(&self) -> (u64, u64) {
        if self.x_to_move { (self.x, self.o) } else { (self.o, self.x) }
    }

    fn empty(&self) -> u64 {
        BOARD & !(self.x | self.o | self.blocked)
    }

    /// Whether the stones `stones` have any clone or jump onto an empty cell.
    fn can_move(&self, stones: u64) -> bool {
        let empty = self.empty();
        let mut s = stones;
        while s != 0 {
            let sq = s.trailing_zeros() as usize;
            s &= s - 1;
            if (RING1[sq] | RING2[sq]) & empty != 0 {
                return true;
            }
        }
        false
    }

    fn over(&self) -> bool {
        self.x == 0
            || self.o == 0
            || self.halfmove >= HALFMOVE_LIMIT
            || !(self.can_move(self.x) || self.can_move(self.o))
    }
}

/// What a tree node keeps of a position, 20 bytes instead of 32: x's cells and
/// the blocked ones, o's cells and the blocked ones (the blocked cells are those
/// in both), each as two 32-bit halves so that the node needs no 8-byte
/// alignment, and the two clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Packed {
    x_or_blocked: [u32; 2],
    o_or_blocked: [u32; 2],
    halfmove: u16,
    fullmove: u16,
}

fn halves(m: u64) -> [u32; 2] {
    [m as u32, (m >> 32) as u32]
}

fn whole([lo, hi]: [u32; 2]) -> u64 {
    u64::from(lo) | u64::from(hi) << 32
}

/// One Ataxx move; cells are numbered as in [`Position`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A new stone on this cell, next to one of the mover's.
    Clone(u8),
    /// A stone leaves the first cell for the second, two cells away.
    Jump(u8, u8),
    /// Only when the side to move has no move and the game goes on.
    Pass,
}

/// Ataxx on a 7x7 board (`gametree ... ataxx`): x moves first; a game ends
/// when a side has no stones, the board is full, neither side can move, or
/// after [`HALFMOVE_LIMIT`] plies without a clone.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ataxx;

/// The name of cell `s` (0..49, as in [`Position`]): `a7` for 0, `g1` for 48.
pub fn cell_name(s: u8) -> String {
    let (r, c) = (s as usize / SIZE, s as usize % SIZE);
    format!("{}{}", (b'a' + c as u8) as char, SIZE - r)
}

/// The cell named `text` (`a1`..`g7`, lower case), the inverse of
/// [`cell_name`]; `None` for any other text.
pub fn parse_cell(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'g').contains(&b[0]) || !(b'1'..=b'7').contains(&b[1]) {
        return None;
    }
    Some(((SIZE - (b[1] - b'0') as usize) * SIZE + (b[0] - b'a') as usize) as u8)
}

impl Ataxx {
    /// The cells a stone on `from` can reach, clone targets first, each in board
    /// order, as actions: for "show me where this stone can go".
    pub fn targets(&self, pos: &Position, from: u8) -> Vec<Action> {
        let (mine, _) = pos.mine_theirs();
        if mine & 1 << from == 0 || pos.over() {
            return Vec::new();
        }
        let empty = pos.empty();
        let clones = bits(RING1[from as usize] & empty).map(Action::Clone);
        let jumps = bits(RING2[from as usize] & empty).map(|t| Action::Jump(from, t));
        clones.chain(jumps).collect()
    }

    /// Stone counts (x, o).
    pub fn counts(pos: &Position) -> (u32, u32) {
        (pos.x.count_ones(), pos.o.count_ones())
    }
}

/// Cells of the first and last columns, which a sideways shift must not wrap.
const FIRST_COLUMN: u64 = {
    let mut m = 0;
    let mut r = 0;
    while r < SIZE {
        m |= 1 << (r * SIZE);
        r += 1;
    }
    m
};
const LAST_COLUMN: u64 = FIRST_COLUMN << (SIZE - 1);

/// Every cell next to a cell of `m` (and `m` itself): the clone targets of the
/// stones `m`, by shifts rather than one table look-up per stone.
fn dilate(m: u64) -> u64 {
    let row = m | (m & !LAST_COLUMN) << 1 | (m & !FIRST_COLUMN) >> 1;
    (row | row << SIZE | row >> SIZE) & BOARD
}

fn bits(mut m: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let s = m.trailing_zeros() as u8;
        m &= m - 1;
        Some(s)
    })
}

impl Rules for Ataxx {
    type Position = Position;
    type Action = Action;

    fn start(&self) -> Position {
        self.parse_position("x5o/7/7/7/7/7/o5x x 0 1").expect("the start parses")
    }

    fn to_move(&self, pos: &Position) -> Player {
        if pos.x_to_move { Player::First } else { Player::Second }
    }

    /// Clones by target cell, then jumps by start and target cell, all in board
    /// order (a7, b7, ... g1); a pass alone when the side to move is stuck.
    fn actions(&self, pos: &Position, out: &mut Vec<Action>) {
        out.clear();
        if pos.over() {
            return;
        }
        let (mine, _) = pos.mine_theirs();
        let empty = pos.empty();
        let mut clone_targets = 0;
        for s in bits(mine) {
            clone_targets |= RING1[s as usize];
        }
        out.extend(bits(clone_targets & empty).map(Action::Clone));
        for s in bits(mine) {
            out.extend(bits(RING2[s as usize] & empty).map(|t| Action::Jump(s, t)));
        }
        if out.is_empty() {
            out.push(Action::Pass);
        }
    }

    fn has_actions(&self, pos: &Position) -> bool {
        !pos.over()
    }

    /// Clone targets by shifts, jumps by a population count per stone, as
    /// [`Rules::actions`] lists them; a pass when there is neither.
    fn count_actions(&self, pos: &Position) -> u64 {
        // `over` asks whether either side can move; perft calls this at every
        // position one ply above its leaves, so the usual case (the side to move
        // has moves, hence the game goes on) is answered by the count itself.
        let (mine, theirs) = pos.mine_theirs();
        if mine == 0 || theirs == 0 || pos.halfmove >= HALFMOVE_LIMIT {
            return 0;
        }
        let empty = pos.empty();
        let clones = u64::from((dilate(mine) & empty).count_ones());
        let jumps: u64 = bits(mine).map(|s| u64::from((RING2[s as usize] & empty).count_ones())).sum();
        match clones + jumps {
            // No move of its own: a pass while the other side can move, else over.
            0 => u64::from(pos.can_move(theirs)),
            n => n,
        }
    }

    fn apply(&self, pos: &Position, action: Action) -> Position {
        let mut p = *pos;
        let (mut mine, mut theirs) = pos.mine_theirs();
        match action {
            Action::Pass => p.halfmove = p.halfmove.saturating_add(1),
            Action::Clone(t) | Action::Jump(_, t) => {
                if let Action::Jump(f, _) = action {
                    mine &= !(1 << f);
                    p.halfmove = p.halfmove.saturating_add(1);
                } else {
                    p.halfmove = 0;
                }
                let turned = RING1[t as usize] & theirs;
                mine |= 1 << t | turned;
                theirs &= !turned;
            }
        }
        if pos.x_to_move {
            (p.x, p.o) = (mine, theirs);
        } else {
            (p.o, p.x) = (mine, theirs);
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p.x_to_move = !pos.x_to_move;
        p
    }

    fn terminal_outcome(&self, pos: &Position) -> Outcome {
        let (x, o) = Ataxx::counts(pos);
        let (mine, theirs) = if pos.x_to_move { (x, o) } else { (o, x) };
        if pos.halfmove >= HALFMOVE_LIMIT && x > 0 && o > 0 {
            Outcome::Draw
        } else if mine > theirs {
            Outcome::Win
        } else if mine < theirs {
            Outcome::Loss
        } else {
            Outcome::Draw
        }
    }

    /// The board's eight turns and mirrors, blocked cells with the stones;
    /// the clocks are part of the position.
    fn symmetry_class(&self, pos: &Position) -> Option<Vec<u8>> {
        static MAPS: LazyLock<[Vec<usize>; 8]> = LazyLock::new(|| symmetry::square_maps(SIZE));
        Some(symmetry::least_image(&MAPS, |m| {
            let masks = [pos.x, pos.o, pos.blocked].map(|b| symmetry::map_bits(b, m).to_le_bytes());
            let clocks = [pos.halfmove.to_le_bytes(), pos.fullmove.to_le_bytes()];
            masks.concat().into_iter().chain(clocks.concat()).chain([u8::from(pos.x_to_move)]).collect()
        }))
    }
}

impl Play for Ataxx {
    fn is_pass(&self, action: Action) -> bool {
        action == Action::Pass
    }
}

impl Storage for Ataxx {
    type Packed = Packed;

    fn pack(&self, pos: &Position) -> Packed {
        Packed {
            x_or_blocked: halves(pos.x | pos.blocked),
            o_or_blocked: halves(pos.o | pos.blocked),
            halfmove: pos.halfmove,
            fullmove: pos.fullmove,
        }
    }

    fn unpack(&self, p: &Packed, to_move: Player) -> Position {
        let (x, o) = (whole(p.x_or_blocked), whole(p.o_or_blocked));
        let blocked = x & o;
        Position {
            x: x & !blocked,
            o: o & !blocked,
            blocked,
            x_to_move: to_move.maximises(),
            halfmove: p.halfmove,
            fullmove: p.fullmove,
        }
    }
}

impl Evaluation for Ataxx {
    /// 1000 is a board all x's: a tenth of the stones is a lead, two fifths a wide one.
    fn lead(&self, value: i32) -> crate::game::Lead {
        crate::game::Lead::by_margins(value, 100, 400)
    }

    /// The original's evaluation, "own stones / all stones", as the stone
    /// difference over all stones (the same order), scaled to -1000..=1000.
    fn heuristic(&self, pos: &Position) -> i32 {
        let (x, o) = Ataxx::counts(pos);
        if x + o == 0 {
            return 0;
        }
        1000 * (x as i32 - o as i32) / (x + o) as i32
    }

    fn terminal_cost(&self, pos: &Position) -> i32 {
        let (x, o) = Ataxx::counts(pos);
        match self.terminal_outcome(pos) {
            Outcome::Draw => 0,
            _ if x > o => WIN + (x - o) as i32,
            _ => -(WIN + (o - x) as i32),
        }
    }

    /// Measured: a strong move examined 9-28 M positions in a second.
    fn positions_per_second(&self) -> u64 {
        10_000_000
    }

    fn decided_at(&self) -> i32 {
        WIN
    }

    fn default_depth(&self) -> u8 {
        3
    }
}

impl Notation for Ataxx {
    fn original_notation(&self, pos: &Position, text: &str) -> Option<String> {
        original::clone_with_its_source(pos, text)
    }

    fn why_illegal(&self, pos: &Position, text: &str) -> String {
        let t = text.to_ascii_lowercase();
        let me = if pos.x_to_move { 'x' } else { 'o' };
        let (mine, theirs) = pos.mine_theirs();
        let cell = |name: &str| {
            parse_cell(name).ok_or_else(|| {
                let b = name.as_bytes();
                if b.len() == 2 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit() {
                    format!("{name} is off the board: columns a-g, rows 1-7")
                } else {
                    format!(
                        "{name} is not a cell: expected a column a-g and a row 1-7, like b6",
                        name = crate::game::quoted_start(name)
                    )
                }
            })
        };
        // What stands on a target cell, if anything.
        let taken = |c: u8, name: &str| {
            let bit = 1u64 << c;
            if pos.blocked & bit != 0 {
                Some(format!("{name} is blocked"))
            } else if (mine | theirs) & bit != 0 {
                Some(format!("{name} is taken"))
            } else {
                None
            }
        };
        let why = || -> Result<String, String> {
            // Cells are ASCII; anything else is no move (and must not be cut mid-character).
            match if t.is_ascii() { t.len() } else { 0 } {
                4 if t == "0000" || t == "pass" => Ok(format!("{me} may pass only when it has no move")),
                2 => {
                    let to = cell(&t)?;
                    Ok(taken(to, &t).unwrap_or_else(|| {
                        format!(
                            "no {me} stone is next to {t} to clone from (a jump names its start, like a7c5)"
                        )
                    }))
                }
                4 => {
                    let (f, to) = (cell(&t[..2])?, cell(&t[2..])?);
                    let bit = 1u64 << f;
                    if mine & bit == 0 {
                        return Ok(if theirs & bit != 0 {
                            format!("{} is {}'s stone, not yours", &t[..2], if me == 'x' { 'o' } else { 'x' })
                        } else if pos.blocked & bit != 0 {
                            format!("{} is blocked", &t[..2])
                        } else {
                            format!("{} is empty: no {me} stone to move", &t[..2])
                        });
                    }
                    if let Some(why) = taken(to, &t[2..]) {
                        return Ok(why);
                    }
                    let (fr, fc, tr, tc) = (f / 7, f % 7, to / 7, to % 7);
                    match fr.abs_diff(tr).max(fc.abs_diff(tc)) {
                        0 => Ok("a stone must move: the two cells are the same".to_string()),
                        1 => Ok(format!(
                            "{} is next to {}: that is a clone, typed {}",
                            &t[2..],
                            &t[..2],
                            &t[2..]
                        )),
                        d => Ok(format!("{} to {} is {d} cells: a jump goes exactly 2", &t[..2], &t[2..])),
                    }
                }
                _ => Err(format!(
                    "{text} is not a move: expected a cell like b6 (a clone), two like a7c5 (a jump), or 0000 (a pass)",
                    text = crate::game::quoted_start(text)
                )),
            }
        };
        why().unwrap_or_else(|e| e)
    }

    fn format_action(&self, action: Action) -> String {
        match action {
            Action::Clone(t) => cell_name(t),
            Action::Jump(f, t) => format!("{}{}", cell_name(f), cell_name(t)),
            Action::Pass => "0000".to_string(),
        }
    }

    /// The common Ataxx FEN: rows from the top joined by `/` (`x`, `o`, `-` for a
    /// blocked cell, digits for runs of empty cells), the side to move, and
    /// optionally the half-move clock and the move number.
    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let err = |m: String| Err(PositionError(m));
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(2..=4).contains(&fields.len()) {
            return err(format!(
                "expected rows, side to move and optionally the half-move clock and move number, like \"x5o/7/7/7/7/7/o5x x 0 1\"; got {text}",
                text = crate::game::quoted_start(text)
            ));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != SIZE {
            return err(format!("expected 7 rows separated by '/', got {}", rows.len()));
        }
        let mut p = Position { x: 0, o: 0, blocked: 0, x_to_move: true, halfmove: 0, fullmove: 1 };
        for (r, row) in rows.iter().enumerate() {
            let mut c = 0;
            for ch in row.chars() {
                match ch {
                    '1'..='7' => c += ch as usize - '0' as usize,
                    'x' | 'o' | '-' if c < SIZE => {
                        let bit = 1u64 << (r * SIZE + c);
                        match ch {
                            'x' => p.x |= bit,
                            'o' => p.o |= bit,
                            _ => p.blocked |= bit,
                        }
                        c += 1;
                    }
                    'x' | 'o' | '-' => {
                        return err(format!(
                            "row {} ({row}) has more than 7 cells",
                            r + 1,
                            row = crate::game::quoted_start(row)
                        ));
                    }
                    _ => {
                        return err(format!(
                            "row {} ({row}): {ch:?} is not x, o, - or a digit 1-7",
                            r + 1,
                            row = crate::game::quoted_start(row)
                        ));
                    }
                }
            }
            if c != SIZE {
                return err(format!(
                    "row {} ({row}) has {c} cells, not 7",
                    r + 1,
                    row = crate::game::quoted_start(row)
                ));
            }
        }
        p.x_to_move = match fields[1] {
            "x" => true,
            "o" => false,
            other => {
                return err(format!(
                    "side to move must be 'x' or 'o', got {other}",
                    other = crate::game::quoted_start(other)
                ));
            }
        };
        let number = |i: usize, what: &str| -> Result<Option<u16>, PositionError> {
            fields.get(i).map_or(Ok(None), |f| {
                f.parse().map(Some).map_err(|_| {
                    let digits = !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit());
                    let why = if digits { "must be at most 65535" } else { "must be a whole number" };
                    PositionError(format!("{what} {why}, got {f}", f = crate::game::quoted_start(f)))
                })
            })
        };
        if let Some(h) = number(2, "the half-move clock")? {
            p.halfmove = h;
        }
        if let Some(f) = number(3, "the move number")? {
            if f == 0 {
                return err("the move number starts at 1".to_string());
            }
            p.fullmove = f;
        }
        Ok(p)
    }

    fn format_position(&self, pos: &Position) -> String {
        let cells: Vec<char> = self.cells(pos).chars().collect();
        let rows: Vec<String> =
            cells.chunks(SIZE).map(|r| run_length(&r.iter().collect::<String>())).collect();
        let side = if pos.x_to_move { 'x' } else { 'o' };
        format!("{} {side} {} {}", rows.join("/"), pos.halfmove, pos.fullmove)
    }

    fn actions_from(&self, pos: &Position, from: &str) -> Option<Result<Vec<Action>, String>> {
        let why_none = |c: u8| {
            let (mine, theirs) = pos.mine_theirs();
            let name = cell_name(c);
            if theirs & 1 << c != 0 {
                format!("{name} holds {}'s stone, not yours", if pos.x_to_move { 'o' } else { 'x' })
            } else if pos.blocked & 1 << c != 0 {
                format!("{name} is blocked")
            } else if mine & 1 << c == 0 {
                format!("{name} is empty")
            } else {
                format!("the stone on {name} has no empty cell within two steps")
            }
        };
        Some(match parse_cell(from.trim()) {
            None => Err(format!(
                "{} is not a cell: expected a column a-g and a row 1-7, like b6",
                quoted_start(from)
            )),
            Some(c) => Some(self.targets(pos, c)).filter(|v| !v.is_empty()).ok_or_else(|| why_none(c)),
        })
    }
}

impl Presentation for Ataxx {
    const NAME: &'static str = "ataxx";

    fn evaluation(&self) -> String {
        "values favour x (who maximises) when positive and o when negative: 1000 × (x's stones − o's stones) \
         / all stones; a finished game scores ±(1,000,000 + the stone difference)"
            .to_string()
    }

    fn why_over(&self, pos: &Position) -> String {
        let (x, o) = Ataxx::counts(pos);
        if x == 0 || o == 0 {
            format!("{} has no stones left", if x == 0 { 'x' } else { 'o' })
        } else if pos.halfmove >= HALFMOVE_LIMIT {
            format!("the {HALFMOVE_LIMIT}-ply rule: {HALFMOVE_LIMIT} plies without a clone")
        } else if pos.empty() == 0 {
            "the board is full".to_string()
        } else {
            "neither side can move".to_string()
        }
    }

    fn score(&self, pos: &Position) -> Option<String> {
        let (x, o) = Ataxx::counts(pos);
        Some(format!("x {}, o {o}", crate::game::counted(x, "stone", "stones")))
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "x",
            Player::Second => "o",
        }
    }
}

impl Registered for Ataxx {
    const ABOUT: &'static str = "Ataxx, 7x7, clone or jump and convert";
    const NOTATION: &'static str =
        "Ataxx FEN: rows from the top (`x o -` and digits), side, half-move clock, move number; an action `b6` (clone), `a7c5` (jump) or `0000` (pass)";
    const RULES: &'static str = "\
Ataxx. 7x7 board; x starts on a7 and g1, o on g7 and a1; x moves first. A move
picks one of your stones and an empty cell: one step away (any of the 8
neighbours) the stone is cloned, a new stone appears there (written b6, or a7b6
naming the stone); two steps away it jumps, leaving its cell (written a7c5).
Either way every opponent stone next to the target turns to your colour. Blocked
cells (-) take no stones. A side with no move passes (0000). The game ends when a
side has no stones or neither can move; more stones wins. 100 plies without a clone is a draw. The machine's
evaluation is 1000 x (x's stones - o's stones) / all stones, from x's side; a
finished game scores +-(1,000,000 + the stone difference).
";

}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Marks;

    #[test]
    fn a_stones_targets_tell_clones_from_jumps_and_blocked_cells_fill_their_square() {
        let g = Ataxx;
        let pos = g.parse_position("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1").unwrap();
        let targets = g.actions_from(&pos, "a7").unwrap().unwrap();
        let marks = Marks { last: None, targets: Some(("a7", &targets)), ascii: true };
        let shown = crate::drawing::board(&g, &pos, &marks);
        // Clones to the neighbours (+), jumps two away (*), never onto c5 or e5.
        assert!(shown.contains(" 7 |(x)| + | * | . | . | . | o |\n"), "{shown}");
        assert!(shown.contains(" 6 | + | + | * | . | . | . | . |\n"), "{shown}");
        assert!(shown.contains(" 5 | * | * |###| . |###| . | . |\n"), "{shown}");
        assert!(shown.contains("\nx 2 stones, o 2 stones; move 1\n"), "{shown}");
        assert!(shown.ends_with("(a7) can go to *, or put a new unit on +\n"), "{shown}");
        let b6 = g.parse_action(&pos, "b6").unwrap();
        let boxed = crate::drawing::board(&g, &g.apply(&pos, b6), &Marks::after(Some((&pos, b6)), false));
        assert!(boxed.contains(" 6 │ . │[●]│ . │"), "{boxed}");
        assert!(boxed.contains(" 5 │ . │ . │░░░│ . │░░░│"), "{boxed}");
        assert!(boxed.contains("\n● x, ○ o; x 3 stones, o 2 stones; move 1\n"), "{boxed}");
        assert!(boxed.ends_with("last move b6 (at [ ])\n"), "{boxed}");
    }

    #[test]
    fn fen_round_trips_and_refuses_nonsense() {
        let g = Ataxx;
        for fen in ["x5o/7/7/7/7/7/o5x x 0 1", "x5o/7/2-1-2/7/2-1-2/7/o5x o 12 7", "7/7/7/3x3/7/7/7 x 0 1"] {
            assert_eq!(g.format_position(&g.parse_position(fen).unwrap()), fen);
        }
        assert_eq!(
            g.format_position(&g.parse_position("x5o/7/7/7/7/7/o5x o").unwrap()),
            "x5o/7/7/7/7/7/o5x o 0 1"
        );
        for bad in [
            "x5o/7/7/7/7/7 x",
            "x6o/7/7/7/7/7/o5x x",
            "x5o/7/7/7/7/7/o5x z",
            "x5q/7/7/7/7/7/o5x x",
            "x5o/7/7/7/7/7/o5x x a",
        ] {
            assert!(g.parse_position(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn clone_and_jump_convert_neighbours_at_the_edges() {
        let g = Ataxx;
        // x on a1 clones to b2: every o around b2 turns, diagonal ones included.
        let p = g.parse_position("7/7/7/7/2o4/o6/xoo4 x").unwrap();
        let q = g.apply(&p, Action::Clone(parse_cell("b2").unwrap()));
        assert_eq!(g.format_position(&q), "7/7/7/7/2x4/xx5/xxx4 o 0 1");
        // A jump from a1 to c3 leaves a1 empty and turns o on b2, a neighbour of c3.
        let p = g.parse_position("7/7/7/7/7/1o5/x6 x 5 3").unwrap();
        let q = g.apply(&p, g.parse_action(&p, "a1c3").unwrap());
        assert_eq!(g.format_position(&q), "7/7/7/7/2x4/1x5/7 o 6 3");
    }

    #[test]
    fn a_stuck_side_passes_and_a_full_board_ends_the_game() {
        let g = Ataxx;
        // x on a1 walled in by blocked cells, o free: x must pass.
        let p = g.parse_position("o6/7/7/7/---4/---4/x--4 x").unwrap();
        let mut v = Vec::new();
        g.actions(&p, &mut v);
        assert_eq!(v, [Action::Pass]);
        assert_eq!(g.format_action(v[0]), "0000");
        let full = g.parse_position("xxxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/ooooooo x").unwrap();
        assert!(!g.has_actions(&full));
        assert_eq!(g.terminal_outcome(&full), Outcome::Win);
        let gone = g.parse_position("x6/7/7/7/7/7/7 o").unwrap();
        assert_eq!(g.terminal_outcome(&gone), Outcome::Loss);
        assert!(g.terminal_cost(&gone) > WIN);
    }

    #[test]
    fn targets_of_a_stone() {
        let g = Ataxx;
        let names: Vec<String> = g
            .targets(&g.start(), parse_cell("a7").unwrap())
            .into_iter()
            .map(|a| g.format_action(a))
            .collect();
        assert_eq!(names, ["b7", "a6", "b6", "a7c7", "a7c6", "a7a5", "a7b5", "a7c5"]);
        assert!(g.targets(&g.start(), parse_cell("g7").unwrap()).is_empty(), "o's stone, x to move");
        let p = g.parse_position("x5o/7/7/7/---4/---4/x--4 x").unwrap();
        let why = |cell: &str| g.actions_from(&p, cell).unwrap().unwrap_err();
        assert_eq!(why("g7"), "g7 holds o's stone, not yours");
        assert_eq!(why("b1"), "b1 is blocked");
        assert_eq!(why("d4"), "d4 is empty");
        assert_eq!(why("a1"), "the stone on a1 has no empty cell within two steps");
        assert_eq!(why("k9"), "\"k9\" is not a cell: expected a column a-g and a row 1-7, like b6");
    }
}
