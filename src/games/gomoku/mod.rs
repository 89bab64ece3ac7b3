//! Gomoku, five in a row: rules and the original's evaluation (the rules in
//! words: `Registered::RULES` below, which `gametree rules gomoku` prints);
//! the board's picture is in `drawing.rs`.
//!
//! A 15x15 board, cell `row * 15 + col` with row 0 the top row (row 15) and col 0
//! column a. x (black) moves first and maximises.

mod drawing;
#[cfg(feature = "oracles")]
mod oracle;

use std::sync::LazyLock;

use super::{GameOption, Registered, Settings};
use crate::game::symmetry;
use crate::game::{
    Drawing, Evaluation, Notation, Outcome, Play, Player, PositionError, Presentation, Rules, Storage,
    run_length,
};

/// The board's side, in points: 15x15.
pub const SIZE: usize = 15;
const CELLS: usize = SIZE * SIZE;
const EMPTY: u8 = 0;
const X: u8 = 1;
const O: u8 = 2;
/// A won board scores this plus the empty cells left: above any evaluation.
pub const WIN: i32 = 1_000_000_000;
/// The original's defence weight: how much the opponent's patterns count.
pub const DEFAULT_DEFENCE: i32 = 9;
/// The four line directions as (row, col) steps: across, down, and both diagonals.
const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// A Gomoku position: the stones on the 225 points, the side to move, and the
/// winner once there is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    cells: [u8; CELLS],
    /// Whether x (the first player) is to move.
    pub x_to_move: bool,
    stones: u8,
    /// `X` or `O` once someone has five in a row.
    winner: u8,
    /// The pattern scores `[x, o]` of every line ([`Position::scores`]), kept up to
    /// date by `apply` four lines at a time: evaluating a leaf is then free, where
    /// rescanning all 88 lines made tree builds twenty times slower than
    /// generating the moves.
    score: [i64; 2],
}

/// What a tree node keeps of a position, 60 bytes instead of 228: a bit per cell
/// for each colour, row by row (bits 0-14), the winner in the spare top bit of
/// the first row of its colour; the stone count follows from the bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Packed {
    x: [u16; SIZE],
    o: [u16; SIZE],
}

const WINNER_BIT: u16 = 1 << 15;

/// Gomoku on 15x15, five in a row wins (longer runs too), x first; a full board
/// is a draw. The settings shape the machine's search, not the rules: which
/// points it considers and how it weighs the two sides' patterns.
#[derive(Clone, Copy, Debug)]
pub struct Gomoku {
    /// How much the opponent's patterns weigh against the machine's own.
    pub defence: i32,
    /// Candidate moves lie within this many cells of a stone.
    pub radius: u8,
    /// The side whose patterns count fully.
    pub machine: Player,
}

impl Default for Gomoku {
    fn default() -> Self {
        Gomoku { defence: DEFAULT_DEFENCE, radius: 1, machine: Player::First }
    }
}

/// The name of point `i` (`row * 15 + col`, row 0 at the top): `a15` for 0,
/// `o1` for 224.
pub fn cell_name(i: u8) -> String {
    let (r, c) = (i as usize / SIZE, i as usize % SIZE);
    format!("{}{}", (b'a' + c as u8) as char, SIZE - r)
}

fn at(r: i32, c: i32) -> Option<usize> {
    (0..SIZE as i32).contains(&r).then_some(())?;
    (0..SIZE as i32).contains(&c).then(|| (r as usize) * SIZE + c as usize)
}

/// The score of a run of `len` stones with `open` empty ends, as the original had it.
fn pattern(len: usize, open: u8) -> i64 {
    match (len.min(5), open) {
        (5, _) => 1_000_000,
        (_, 0) => 0,
        (4, 2) => 10_000,
        (4, _) => 1_000,
        (3, 2) => 1_000,
        (3, _) => 100,
        (2, 2) => 100,
        (2, _) => 10,
        (1, 2) => 10,
        _ => 1,
    }
}

impl Position {
    /// An empty board, x to move: the start.
    pub fn empty() -> Position {
        Position { cells: [EMPTY; CELLS], x_to_move: true, stones: 0, winner: EMPTY, score: [0; 2] }
    }

    /// Sets the running score after cells were written directly.
    fn rescore(mut self) -> Position {
        self.score = self.scores();
        self
    }

    /// What is on point `i` (numbered as in [`cell_name`]): 0 empty, 1 an x
    /// stone, 2 an o stone.
    pub fn cell(&self, i: usize) -> u8 {
        self.cells[i]
    }

    /// The stones of the five (or longer) run through `i`, if there is one.
    fn five_through(&self, i: usize) -> Option<Vec<usize>> {
        let who = self.cells[i];
        if who == EMPTY {
            return None;
        }
        let (r, c) = ((i / SIZE) as i32, (i % SIZE) as i32);
        for (dr, dc) in DIRECTIONS {
            let mut line = vec![i];
            for sign in [1, -1] {
                let mut k = 1;
                while let Some(j) = at(r + sign * dr * k, c + sign * dc * k) {
                    if self.cells[j] != who {
                        break;
                    }
                    line.push(j);
                    k += 1;
                }
            }
            if line.len() >= 5 {
                line.sort_unstable();
                return Some(line);
            }
        }
        None
    }

    /// The winning line, when the game has been won.
    pub fn winning_line(&self) -> Option<Vec<usize>> {
        if self.winner == EMPTY {
            return None;
        }
        (0..CELLS).find_map(|i| if self.cells[i] == self.winner { self.five_through(i) } else { None })
    }

    /// Pattern scores of both sides, `[x, o]`, over every row, column and diagonal.
    fn scores(&self) -> [i64; 2] {
        let mut total = [0i64; 2];
        for (dr, dc) in DIRECTIONS {
            for start in 0..CELLS {
                let (r, c) = ((start / SIZE) as i32, (start % SIZE) as i32);
                // Each line once, from where it enters the board.
                if at(r - dr, c - dc).is_none() {
                    let [x, o] = self.line_scores(r, c, dr, dc);
                    total[0] += x;
                    total[1] += o;
                }
            }
        }
        total
    }

    /// The pattern scores `[x, o]` of the line through `i` in direction `(dr, dc)`.
    fn line_through(&self, i: usize, (dr, dc): (i32, i32)) -> [i64; 2] {
        let (r, c) = ((i / SIZE) as i32, (i % SIZE) as i32);
        let last = SIZE as i32 - 1;
        // Steps back to where the line enters the board.
        let back = match (dr, dc) {
            (0, _) => c,
            (_, 0) => r,
            (_, 1) => r.min(c),
            _ => r.min(last - c),
        };
        self.line_scores(r - back * dr, c - back * dc, dr, dc)
    }

    /// The pattern scores `[x, o]` of the line entering the board at `(r, c)`.
    fn line_scores(&self, r: i32, c: i32, dr: i32, dc: i32) -> [i64; 2] {
        let last = SIZE as i32 - 1;
        // Cells until the line leaves the board, found once rather than per cell.
        let len = match (dr, dc) {
            (0, _) => SIZE as i32 - c,
            (_, 0) => SIZE as i32 - r,
            (_, 1) => SIZE as i32 - r.max(c),
            _ => (SIZE as i32 - r).min(c + 1),
        };
        let (start, step) = ((r * SIZE as i32 + c) as usize, (dr * SIZE as i32 + dc) as isize);
        debug_assert!(len > 0 && (0..=last).contains(&r) && (0..=last).contains(&c));
        let mut total = [0i64; 2];
        let mut run_who = EMPTY;
        let mut run_len = 0;
        let mut open_before = false;
        let mut prev = EMPTY;
        for k in 0..=len as isize {
            let cell =
                if k < len as isize { self.cells[(start as isize + k * step) as usize] } else { u8::MAX };
            if run_len > 0 && cell != run_who {
                let open = open_before as u8 + (cell == EMPTY) as u8;
                total[run_who as usize - 1] += pattern(run_len, open);
                run_len = 0;
            }
            if cell != EMPTY && cell != u8::MAX {
                if run_len == 0 {
                    run_who = cell;
                    open_before = prev == EMPTY && k > 0;
                }
                run_len += 1;
            }
            prev = cell;
        }
        total
    }

    /// How urgent a move on the empty cell `i` looks: the longest lines of either
    /// colour it would join, squared and summed. Used only to order the search.
    fn urgency(&self, i: usize) -> i32 {
        let (r, c) = ((i / SIZE) as i32, (i % SIZE) as i32);
        let mut u = 0;
        for (dr, dc) in DIRECTIONS {
            for who in [X, O] {
                let mut n = 0;
                for sign in [1, -1] {
                    let mut k = 1;
                    while let Some(j) = at(r + sign * dr * k, c + sign * dc * k) {
                        if self.cells[j] != who {
                            break;
                        }
                        n += 1;
                        k += 1;
                    }
                }
                u += n * n * n;
            }
        }
        u
    }
}

impl Rules for Gomoku {
    type Position = Position;

    /// The cell, 0..225.
    type Action = u8;

    fn start(&self) -> Position {
        Position::empty()
    }

    fn to_move(&self, pos: &Position) -> Player {
        if pos.x_to_move { Player::First } else { Player::Second }
    }

    /// Empty cells within `radius` of a stone, in reading order (row 15 first, a to
    /// o); the centre alone on an empty board.
    fn actions(&self, pos: &Position, out: &mut Vec<u8>) {
        out.clear();
        if pos.winner != EMPTY || pos.stones as usize == CELLS {
            return;
        }
        if pos.stones == 0 {
            out.push((SIZE / 2 * SIZE + SIZE / 2) as u8);
            return;
        }
        let rad = self.radius as i32;
        let mut near = [false; CELLS];
        for i in (0..CELLS).filter(|&i| pos.cells[i] != EMPTY) {
            let (r, c) = ((i / SIZE) as i32, (i % SIZE) as i32);
            for dr in -rad..=rad {
                for dc in -rad..=rad {
                    if let Some(j) = at(r + dr, c + dc) {
                        near[j] = true;
                    }
                }
            }
        }
        out.extend((0..CELLS).filter(|&i| near[i] && pos.cells[i] == EMPTY).map(|i| i as u8));
    }

    /// Any empty point while the game goes on; the search considers fewer.
    fn is_legal(&self, pos: &Position, cell: u8) -> bool {
        self.has_actions(pos) && pos.cells.get(cell as usize) == Some(&EMPTY)
    }

    fn has_actions(&self, pos: &Position) -> bool {
        pos.winner == EMPTY && (pos.stones as usize) < CELLS
    }

    fn apply(&self, pos: &Position, cell: u8) -> Position {
        let mut p = *pos;
        for dir in DIRECTIONS {
            let [x, o] = pos.line_through(cell as usize, dir);
            p.score[0] -= x;
            p.score[1] -= o;
        }
        p.cells[cell as usize] = if pos.x_to_move { X } else { O };
        p.stones += 1;
        for dir in DIRECTIONS {
            let [x, o] = p.line_through(cell as usize, dir);
            p.score[0] += x;
            p.score[1] += o;
        }
        if p.five_through(cell as usize).is_some() {
            p.winner = p.cells[cell as usize];
        }
        p.x_to_move = !pos.x_to_move;
        p
    }

    fn terminal_outcome(&self, pos: &Position) -> Outcome {
        if pos.winner == EMPTY { Outcome::Draw } else { Outcome::Loss }
    }

    /// The board's eight turns and mirrors (candidate moves are the points near
    /// stones, which turn with them).
    fn symmetry_class(&self, pos: &Position) -> Option<Vec<u8>> {
        static MAPS: LazyLock<[Vec<usize>; 8]> = LazyLock::new(|| symmetry::square_maps(SIZE));
        Some(symmetry::least_image(&MAPS, |m| {
            let mut cells = vec![0; CELLS + 1];
            for (i, &c) in pos.cells.iter().enumerate() {
                cells[m[i]] = c;
            }
            cells[CELLS] = u8::from(pos.x_to_move);
            cells
        }))
    }
}

impl Play for Gomoku {
    /// A person may play any empty point; the machine considers those near stones.
    fn every_action(&self, pos: &Position) -> Option<Vec<u8>> {
        let open = pos.winner == EMPTY;
        Some((0..CELLS).filter(|&i| open && pos.cells[i] == EMPTY).map(|i| i as u8).collect())
    }
}

impl Storage for Gomoku {
    type Packed = Packed;

    fn pack(&self, pos: &Position) -> Packed {
        let mut p = Packed { x: [0; SIZE], o: [0; SIZE] };
        for (i, &cell) in pos.cells.iter().enumerate() {
            let bit = 1 << (i % SIZE);
            match cell {
                X => p.x[i / SIZE] |= bit,
                O => p.o[i / SIZE] |= bit,
                _ => {}
            }
        }
        match pos.winner {
            X => p.x[0] |= WINNER_BIT,
            O => p.o[0] |= WINNER_BIT,
            _ => {}
        }
        p
    }

    fn unpack(&self, p: &Packed, to_move: Player) -> Position {
        let mut pos = Position::empty();
        for (i, cell) in pos.cells.iter_mut().enumerate() {
            let bit = 1 << (i % SIZE);
            if p.x[i / SIZE] & bit != 0 {
                *cell = X;
            } else if p.o[i / SIZE] & bit != 0 {
                *cell = O;
            }
        }
        pos.stones = pos.cells.iter().filter(|&&c| c != EMPTY).count() as u8;
        pos.x_to_move = to_move.maximises();
        pos.winner = if p.x[0] & WINNER_BIT != 0 {
            X
        } else if p.o[0] & WINNER_BIT != 0 {
            O
        } else {
            EMPTY
        };
        pos.rescore()
    }
}

impl Evaluation for Gomoku {
    /// An open three scores 1000 and an open four 10,000, but the value a
    /// search returns counts the opponent's patterns `defence` times over (the
    /// original's machine plays scared), so that both sides read as behind in
    /// an even game. The margins are scaled by the same weight: a side is
    /// ahead when it leads by more than the opponent's weighted open three.
    fn lead(&self, value: i32) -> crate::game::Lead {
        let w = self.defence.max(1);
        crate::game::Lead::by_margins(value, w.saturating_mul(1_000), w.saturating_mul(10_000))
    }

    /// The machine's pattern score minus the defence weight times the opponent's,
    /// seen from x's side.
    fn heuristic(&self, pos: &Position) -> i32 {
        let [x, o] = pos.score;
        let w = self.defence as i64;
        let v = match self.machine {
            Player::First => x - w * o,
            Player::Second => -(o - w * x),
        };
        v.clamp(-(WIN as i64) + 1, WIN as i64 - 1) as i32
    }

    fn terminal_cost(&self, pos: &Position) -> i32 {
        let left = (CELLS - pos.stones as usize) as i32;
        match pos.winner {
            X => WIN + left,
            O => -(WIN + left),
            _ => 0,
        }
    }

    /// Measured: a strong move examined 0.25-1.4 M positions in a second (pattern scores are costly).
    fn positions_per_second(&self) -> u64 {
        1_000_000
    }

    fn decided_at(&self) -> i32 {
        WIN
    }

    fn default_depth(&self) -> u8 {
        4
    }

    fn order_for_search(&self, pos: &Position, actions: &mut [u8]) {
        // Most urgent first, ties in the generated order; keyed on the stack, as
        // this runs at every inner node of a search.
        let mut keyed = [(0i32, 0u8, 0u8); CELLS];
        let keyed = &mut keyed[..actions.len()];
        for (i, (k, &a)) in keyed.iter_mut().zip(actions.iter()).enumerate() {
            *k = (-pos.urgency(a as usize), i as u8, a);
        }
        keyed.sort_unstable();
        for (a, &(_, _, cell)) in actions.iter_mut().zip(keyed.iter()) {
            *a = cell;
        }
    }

    fn for_machine(&self, machine: Player) -> Self {
        Gomoku { machine, ..*self }
    }
}

impl Notation for Gomoku {
    fn format_action(&self, cell: u8) -> String {
        cell_name(cell)
    }

    fn parse_action(&self, pos: &Position, text: &str) -> Result<u8, String> {
        let t = text.trim().to_ascii_lowercase();
        let b = t.as_bytes();
        let cell = (b.len() >= 2 && (b'a'..=b'o').contains(&b[0]))
            .then(|| t[1..].parse::<usize>().ok())
            .flatten()
            .filter(|r| (1..=SIZE).contains(r))
            .map(|r| ((SIZE - r) * SIZE + (b[0] - b'a') as usize) as u8);
        let Some(cell) = cell else {
            return Err(format!(
                "{text} is not a point: expected a column a-o and a row 1-15, like h8",
                text = crate::game::quoted_start(text)
            ));
        };
        if !self.has_actions(pos) {
            return Err(format!(
                "{text} is not legal: the game is over",
                text = crate::game::quoted_start(text)
            ));
        }
        if pos.cells[cell as usize] != EMPTY {
            return Err(format!("{text} is taken", text = crate::game::quoted_start(text)));
        }
        Ok(cell)
    }

    /// 15 rows from the top (row 15) joined by `/`, `x`, `o` and digits for runs of
    /// empty points, then a space and the side to move.
    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let err = |m: String| Err(PositionError(m));
        let Some((board, side)) = text.trim().split_once(' ') else {
            return err(format!(
                "expected 15 rows joined by '/', a space and the side to move (x or o), got {text}",
                text = crate::game::quoted_start(text)
            ));
        };
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != SIZE {
            return err(format!("expected 15 rows separated by '/', got {}", rows.len()));
        }
        let mut p = Position::empty();
        for (r, row) in rows.iter().enumerate() {
            let mut c = 0;
            let mut digits = String::new();
            for ch in row.chars().chain(std::iter::once('|')) {
                if ch.is_ascii_digit() {
                    digits.push(ch);
                    continue;
                }
                if !digits.is_empty() {
                    c += digits.parse::<usize>().unwrap_or(usize::MAX).min(SIZE + 1);
                    digits.clear();
                }
                match ch {
                    '|' => {}
                    'x' | 'o' if c < SIZE => {
                        p.cells[r * SIZE + c] = if ch == 'x' { X } else { O };
                        p.stones += 1;
                        c += 1;
                    }
                    'x' | 'o' => {
                        return err(format!(
                            "row {} ({row}) has more than 15 points",
                            SIZE - r,
                            row = crate::game::quoted_start(row)
                        ));
                    }
                    _ => {
                        return err(format!(
                            "row {} ({row}): {ch:?} is not x, o or a digit",
                            SIZE - r,
                            row = crate::game::quoted_start(row)
                        ));
                    }
                }
            }
            if c != SIZE {
                return err(format!(
                    "row {} ({row}) has {c} points, not 15",
                    SIZE - r,
                    row = crate::game::quoted_start(row)
                ));
            }
        }
        p.x_to_move = match side.trim() {
            "x" => true,
            "o" => false,
            other => {
                return err(format!(
                    "side to move must be 'x' or 'o', got {other}",
                    other = crate::game::quoted_start(other)
                ));
            }
        };
        let winners: Vec<u8> = (0..CELLS).filter_map(|i| p.five_through(i).map(|_| p.cells[i])).collect();
        if winners.contains(&X) && winners.contains(&O) {
            return err("both sides have five in a row".to_string());
        }
        p.winner = winners.first().copied().unwrap_or(EMPTY);
        Ok(p.rescore())
    }

    fn format_position(&self, pos: &Position) -> String {
        let cells: Vec<char> = self.cells(pos).chars().collect();
        let rows: Vec<String> =
            cells.chunks(SIZE).map(|r| run_length(&r.iter().collect::<String>())).collect();
        format!("{} {}", rows.join("/"), if pos.x_to_move { 'x' } else { 'o' })
    }
}

impl Presentation for Gomoku {
    const NAME: &'static str = "gomoku";

    fn why_over(&self, pos: &Position) -> String {
        match pos.winning_line() {
            Some(line) => {
                let (first, last) = (line[0], line[line.len() - 1]);
                format!("five in a row at {}..{}", cell_name(first as u8), cell_name(last as u8))
            }
            None => "the board is full".to_string(),
        }
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "x",
            Player::Second => "o",
        }
    }

    fn evaluation(&self) -> String {
        let (me, them) = match self.machine {
            Player::First => ("x", "o"),
            Player::Second => ("o", "x"),
        };
        format!(
            "values favour x (who maximises) when positive and o when negative; searching for {me}, \
             {me}'s patterns count once and {them}'s {} times (--defence {}), candidates within {} of a stone \
             (--radius {}); five in a row scores ±(1,000,000,000 + empty points)",
            self.defence, self.defence, self.radius, self.radius
        )
    }
}

impl Registered for Gomoku {
    const ABOUT: &'static str = "Gomoku, five in a row on 15x15";
    const NOTATION: &'static str =
        "15 rows from the top (`x o` and digits), a space, `x` or `o`; an action `h8` (column a-o, row 1-15 from the bottom)";
    const RULES: &'static str = "\
Gomoku (five in a row). 15x15 board; x (black) and o take turns putting a stone on
an empty point, x first. Five or more in a row, column or diagonal wins; a full
board is a draw. Points are a column a-o and a row 1-15 from the bottom: h8 is the
centre. The machine scores runs of stones by length and open ends (five 1,000,000;
open four 10,000; open three or half-open four 1,000; ...), its own minus the
defence weight (default 9) times the opponent's, and considers only points next to
stones.
";
    const OPTIONS: &'static [GameOption] = &[
        GameOption {
            name: "defence",
            help: "weight of the opponent's patterns against the machine's own (default 9)",
            min: 0,
            max: 1000,
            for_solve: None,
        },
        GameOption {
            name: "radius",
            help: "consider points within this distance of a stone (default 1)",
            min: 1,
            max: 14,
            for_solve: None,
        },
    ];

    fn configured(settings: &Settings) -> Self {
        let defaults = Gomoku::default();
        let number = |name, default: i64| settings.get(name).unwrap_or(default);
        Gomoku {
            defence: number("defence", defaults.defence.into()) as i32,
            radius: number("radius", defaults.radius.into()) as u8,
            ..defaults
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The machine's value counts the opponent's patterns nine times, so a
    /// quiet position reads negative for whichever side searched it: that
    /// must read as level, not as both sides behind, and a real threat (the
    /// opponent's open three, weighted) as behind.
    #[test]
    fn a_lead_is_read_through_the_defence_weight() {
        use crate::game::{Evaluation, Lead};
        let g = Gomoku::default();
        let mut pos = g.start();
        for name in ["h8", "g7"] {
            let cell = g.parse_action(&pos, name).unwrap();
            pos = g.apply(&pos, cell);
        }
        for side in [Player::First, Player::Second] {
            let machine = g.for_machine(side);
            let v = machine.heuristic(&pos);
            assert_eq!(g.lead(v), Lead::Level, "{side:?}: {v}");
        }
        let threat = -(g.defence * 1_000);
        assert_eq!(g.lead(threat), Lead::Ahead(Player::Second));
    }
    use crate::game::Marks;

    fn pos(stones: &[(&str, u8)], x_to_move: bool) -> Position {
        let g = Gomoku::default();
        let mut p = Position::empty();
        for &(name, who) in stones {
            let cell = g.parse_action(&p, name).unwrap();
            p.cells[cell as usize] = who;
            p.stones += 1;
        }
        p.x_to_move = x_to_move;
        p.rescore()
    }

    #[test]
    fn notation_round_trips() {
        let g = Gomoku::default();
        let p = pos(&[("h8", X), ("a15", O), ("o1", X)], false);
        let text = g.format_position(&p);
        assert_eq!(text, "o14/15/15/15/15/15/15/7x7/15/15/15/15/15/15/14x o");
        assert_eq!(g.parse_position(&text).unwrap(), p);
        assert_eq!(cell_name(112), "h8");
        for bad in [
            "15/15 x",
            "o15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 x",
            "q14/15/15/15/15/15/15/15/15/15/15/15/15/15/15 x",
        ] {
            assert!(g.parse_position(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn five_wins_and_shows_its_line() {
        let g = Gomoku::default();
        let p = pos(
            &[("d4", X), ("e5", X), ("f6", X), ("g7", X), ("a1", O), ("b1", O), ("c1", O), ("d1", O)],
            true,
        );
        let q = g.apply(&p, g.parse_action(&p, "h8").unwrap());
        assert!(!g.has_actions(&q));
        assert_eq!(g.terminal_outcome(&q), Outcome::Loss);
        assert!(g.terminal_cost(&q) > WIN);
        let names: Vec<String> = q.winning_line().unwrap().iter().map(|&i| cell_name(i as u8)).collect();
        assert_eq!(names, ["h8", "g7", "f6", "e5", "d4"]);
        let shown = crate::drawing::board(&g, &q, &Marks::after(Some((&p, 112)), true));
        assert!(shown.contains("; five in a row: h8 g7 f6 e5 d4\n"), "{shown}");
    }

    #[test]
    fn the_board_is_drawn_as_a_go_board_with_the_last_stone_in_brackets() {
        let g = Gomoku::default();
        let h8 = g.parse_action(&g.start(), "h8").unwrap();
        let q = g.apply(&g.start(), h8);
        let boxed = crate::drawing::board(&g, &q, &Marks::after(Some((&g.start(), h8)), false));
        let lines: Vec<&str> = boxed.lines().collect();
        assert_eq!(lines[0], "   a b c d e f g h i j k l m n o");
        assert_eq!(lines[1], "15 ┌─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┐  15");
        assert_eq!(lines[8], " 8 ├─┼─┼─┼─┼─┼─┼[●]┼─┼─┼─┼─┼─┼─┤  8");
        assert_eq!(lines[15], " 1 └─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┘  1");
        assert_eq!(lines[17], "● x, ○ o; x 1 stone, o 0 stones; move 1");
        assert_eq!(lines[18], "last move h8 (at [ ])");
        let plain = crate::drawing::board(&g, &q, &Marks::after(Some((&g.start(), h8)), true));
        assert!(plain.contains("\n 8 . . . . . . .[x]. . . . . . .  8\n"), "{plain}");
        assert!(plain.contains("\nx 1 stone, o 0 stones; move 1\n"), "{plain}");
        assert!(plain.is_ascii(), "{plain}");
    }

    #[test]
    fn patterns_are_scored_by_length_and_open_ends() {
        // An open three for x in the middle of a row: 1,000; o has nothing.
        let p = pos(&[("e8", X), ("f8", X), ("g8", X)], false);
        let [x, o] = p.scores();
        // The row holds the open three; columns and diagonals hold open ones.
        assert_eq!(o, 0);
        assert_eq!(x, 1_000 + 3 * 3 * 10);
        // Blocked on one side by o: a half-open three (100) for x.
        let q = pos(&[("e8", X), ("f8", X), ("g8", X), ("d8", O)], false);
        assert_eq!(q.scores()[0], 100 + 3 * 3 * 10);
    }

    #[test]
    fn the_running_score_is_the_full_rescan_after_every_move() {
        // A long game along a fixed pseudo-random path through the candidates,
        // blocking and extending lines of both colours, edges included.
        let g = Gomoku { radius: 2, ..Gomoku::default() };
        let mut p = g.start();
        let mut actions = Vec::new();
        let mut state = 12345u64;
        while g.has_actions(&p) {
            g.actions(&p, &mut actions);
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            p = g.apply(&p, actions[(state >> 33) as usize % actions.len()]);
            assert_eq!(p.score, p.scores(), "after {} stones", p.stones);
        }
        assert!(p.stones > 20);
    }

    #[test]
    fn candidates_are_the_points_next_to_stones() {
        let g = Gomoku::default();
        let mut v = Vec::new();
        g.actions(&Position::empty(), &mut v);
        assert_eq!(v, [112]);
        g.actions(&pos(&[("h8", X)], false), &mut v);
        assert_eq!(v.len(), 8);
        let wide = Gomoku { radius: 2, ..Gomoku::default() };
        wide.actions(&pos(&[("h8", X)], false), &mut v);
        assert_eq!(v.len(), 24);
    }
}
