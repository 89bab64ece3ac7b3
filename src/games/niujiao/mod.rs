//! Niujiao qi, the "ox horn" game: rules (in words: `Registered::RULES` below, which
//! `gametree rules niujiao` prints); the board's picture is in `drawing.rs`.
//!
//! Ten points on a ladder with a horn on top. Red (one stone, maximising) starts on
//! 0 and moves first; blue (two stones) starts on 8 and 9 and may never move down.

mod drawing;
#[cfg(feature = "oracles")]
mod oracle;
mod original;

use super::{GameOption, Registered, Settings};
use crate::game::{
    Evaluation, Notation, Outcome, Play, Player, PositionError, Presentation, Rules, Storage, quoted_start,
};

const LINES: [(u8, u8); 17] = [
    (0, 1),
    (0, 2),
    (1, 2),
    (1, 3),
    (2, 3),
    (2, 4),
    (3, 4),
    (3, 5),
    (4, 5),
    (4, 6),
    (5, 6),
    (5, 7),
    (6, 7),
    (6, 8),
    (7, 8),
    (7, 9),
    (8, 9),
];

/// The row of each point: 0 on top; point 1 sits alone between 0 and {2, 3}.
const ROW: [u8; 10] = [0, 1, 2, 2, 3, 3, 4, 4, 5, 5];

/// `NEIGHBOURS[p]`: the points joined to p by a line, as a mask.
const NEIGHBOURS: [u16; 10] = {
    let mut n = [0u16; 10];
    let mut i = 0;
    while i < LINES.len() {
        let (a, b) = LINES[i];
        n[a as usize] |= 1 << b;
        n[b as usize] |= 1 << a;
        i += 1;
    }
    n
};

/// A won game scores this, less the plies it took (quicker wins are better).
pub const WIN: i32 = 1000;

/// A niujiao position: where the three stones stand, whose turn it is, and how
/// many plies have been played (for the ply limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The point red stands on.
    pub red: u8,
    /// The points blue stands on, as a mask.
    pub blue: u16,
    /// Whether red (the first player) is to move.
    pub red_to_move: bool,
    /// Plies played since the start; stays 0 when the game has no ply limit.
    pub plies: u16,
}

/// One stone moved along a line to the adjacent empty point (`0-2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// The point the stone leaves (0..10).
    pub from: u8,
    /// The point it moves to, joined to `from` by a line.
    pub to: u8,
}

/// Niujiao qi: red, one stone, wins by reaching point 8 or 9; blue, two stones
/// that never move down, wins by leaving red no move.
#[derive(Clone, Copy, Debug)]
pub struct Niujiao {
    /// A game with no result after this many plies is drawn; `None`: no limit.
    pub max_plies: Option<u16>,
}

impl Default for Niujiao {
    fn default() -> Self {
        Niujiao { max_plies: Some(DEFAULT_MAX_PLIES) }
    }
}

/// The ply limit of `--max-plies` when none is given.
pub const DEFAULT_MAX_PLIES: u16 = 100;

impl Niujiao {
    fn red_arrived(pos: &Position) -> bool {
        pos.red >= 8
    }

    fn out_of_plies(&self, pos: &Position) -> bool {
        self.max_plies.is_some_and(|m| pos.plies >= m)
    }

    /// Every move of the side to move, whether or not the game is over.
    fn moves(pos: &Position, mut f: impl FnMut(Action)) {
        let occupied = pos.blue | 1 << pos.red;
        if pos.red_to_move {
            let mut to = NEIGHBOURS[pos.red as usize] & !occupied;
            while to != 0 {
                f(Action { from: pos.red, to: to.trailing_zeros() as u8 });
                to &= to - 1;
            }
        } else {
            let mut stones = pos.blue;
            while stones != 0 {
                let from = stones.trailing_zeros() as u8;
                stones &= stones - 1;
                let mut to = NEIGHBOURS[from as usize] & !occupied;
                while to != 0 {
                    let t = to.trailing_zeros() as u8;
                    to &= to - 1;
                    if ROW[t as usize] <= ROW[from as usize] {
                        f(Action { from, to: t });
                    }
                }
            }
        }
    }
}

impl Rules for Niujiao {
    type Position = Position;
    type Action = Action;

    fn start(&self) -> Position {
        Position { red: 0, blue: 1 << 8 | 1 << 9, red_to_move: true, plies: 0 }
    }

    fn to_move(&self, pos: &Position) -> Player {
        if pos.red_to_move { Player::First } else { Player::Second }
    }

    fn actions(&self, pos: &Position, out: &mut Vec<Action>) {
        out.clear();
        if Niujiao::red_arrived(pos) || self.out_of_plies(pos) {
            return;
        }
        Niujiao::moves(pos, |a| out.push(a));
    }

    fn apply(&self, pos: &Position, a: Action) -> Position {
        let mut p = *pos;
        if p.red_to_move {
            p.red = a.to;
        } else {
            p.blue = (p.blue & !(1 << a.from)) | 1 << a.to;
        }
        p.red_to_move = !p.red_to_move;
        if self.max_plies.is_some() {
            p.plies = p.plies.saturating_add(1);
        }
        p
    }

    fn terminal_outcome(&self, pos: &Position) -> Outcome {
        if Niujiao::red_arrived(pos) {
            // Red just arrived; it is blue's turn and blue has lost.
            Outcome::Loss
        } else if self.out_of_plies(pos) {
            Outcome::Draw
        } else {
            // No move: the side to move is trapped.
            Outcome::Loss
        }
    }
}

impl Play for Niujiao {}

impl Storage for Niujiao {
    /// Blue's mask in bits 0-9, red's point in bits 10-13, the plies in 16-31.
    type Packed = u32;

    fn pack(&self, pos: &Position) -> u32 {
        u32::from(pos.blue) | u32::from(pos.red) << 10 | u32::from(pos.plies) << 16
    }

    fn unpack(&self, &p: &u32, to_move: Player) -> Position {
        Position {
            blue: (p & 0x3FF) as u16,
            red: (p >> 10 & 0xF) as u8,
            plies: (p >> 16) as u16,
            red_to_move: to_move.maximises(),
        }
    }
}

impl Evaluation for Niujiao {
    /// The value is red's progress, not a balance: red is ahead from row 3 of
    /// 5 on and well ahead on row 4; blue leads only by a forced result.
    fn lead(&self, value: i32) -> crate::game::Lead {
        match value {
            40.. => crate::game::Lead::WellAhead(Player::First),
            30.. => crate::game::Lead::Ahead(Player::First),
            _ => crate::game::Lead::Level,
        }
    }

    /// How far down red has come, in rows, and how free it is to move.
    fn heuristic(&self, pos: &Position) -> i32 {
        let red_moves = (NEIGHBOURS[pos.red as usize] & !pos.blue).count_ones() as i32;
        10 * ROW[pos.red as usize] as i32 + red_moves
    }

    fn terminal_cost(&self, pos: &Position) -> i32 {
        let win = WIN - pos.plies as i32;
        match self.terminal_outcome(pos) {
            Outcome::Draw => 0,
            // The side to move has lost (or, never here, won).
            outcome => {
                let red_won = (outcome == Outcome::Loss) != pos.red_to_move;
                if red_won { win } else { -win }
            }
        }
    }

    /// Measured: a strong move examined 27-44 M positions in a second.
    fn positions_per_second(&self) -> u64 {
        30_000_000
    }

    /// Wins score 1000 less the plies played (at least 100 in games of up to
    /// 900 plies); heuristics stay under 60.
    fn decided_at(&self) -> i32 {
        100
    }

    fn default_depth(&self) -> u8 {
        10
    }
}

impl Notation for Niujiao {
    fn original_notation(&self, _pos: &Position, text: &str) -> Option<String> {
        original::two_digits(text)
    }

    fn why_illegal(&self, pos: &Position, text: &str) -> String {
        // The original's `05` is explained as the `0-5` it stands for.
        if let Some(ours) = original::two_digits(text.trim()) {
            return self.why_illegal(pos, &ours);
        }
        let points: Option<(u8, u8)> =
            text.split_once('-').and_then(|(f, t)| Some((f.trim().parse().ok()?, t.trim().parse().ok()?)));
        let Some((from, to)) = points else {
            return format!(
                "{text} is not a move: expected two points joined by '-', like 0-2",
                text = crate::game::quoted_start(text)
            );
        };
        let (me, them) = if pos.red_to_move { ("red", "blue") } else { ("blue", "red") };
        let has = |red: bool, p: u8| if red { pos.red == p } else { pos.blue & (1 << p) != 0 };
        if from > 9 || to > 9 {
            format!("{} is off the board: the points are 0 to 9", if from > 9 { from } else { to })
        } else if has(!pos.red_to_move, from) {
            format!("point {from} holds {them}'s stone, not yours")
        } else if !has(pos.red_to_move, from) {
            format!("point {from} is empty: no {me} stone to move")
        } else if from == to {
            format!("a stone must move: {from}-{to} names the same point twice")
        } else if has(true, to) || has(false, to) {
            format!("point {to} is taken")
        } else if !LINES.contains(&(from.min(to), from.max(to))) {
            format!("no line joins points {from} and {to}")
        } else if !pos.red_to_move && ROW[to as usize] > ROW[from as usize] {
            "blue cannot move down".to_string()
        } else {
            format!("{text} is not legal here", text = crate::game::quoted_start(text))
        }
    }

    fn format_action(&self, a: Action) -> String {
        format!("{}-{}", a.from, a.to)
    }

    /// Ten characters for points 0..9 (`r`, `b`, `.`), a space and the side to move
    /// (`r` or `b`). The start is `r.......bb r`.
    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        let err = |m: String| Err(PositionError(m));
        let Some((points, side)) = text.trim().split_once(' ') else {
            return err(format!(
                "expected 10 points (r, b, .), a space and the side to move (r or b), got {text}",
                text = crate::game::quoted_start(text)
            ));
        };
        let red_to_move = match side.trim() {
            "r" => true,
            "b" => false,
            other => {
                return err(format!(
                    "side to move must be 'r' or 'b', got {other}",
                    other = crate::game::quoted_start(other)
                ));
            }
        };
        let chars: Vec<char> = points.chars().collect();
        if chars.len() != 10 {
            return err(format!(
                "expected 10 points, got {} in {points}",
                chars.len(),
                points = crate::game::quoted_start(points)
            ));
        }
        let (mut red, mut blue) = (Vec::new(), 0u16);
        for (i, c) in chars.into_iter().enumerate() {
            match c {
                'r' => red.push(i as u8),
                'b' => blue |= 1 << i,
                '.' => {}
                _ => return err(format!("point {i} is {c:?}; expected r, b or .")),
            }
        }
        if red.len() != 1 || blue.count_ones() != 2 {
            return err(format!("expected one r and two b, got {} r and {} b", red.len(), blue.count_ones()));
        }
        Ok(Position { red: red[0], blue, red_to_move, plies: 0 })
    }

    fn format_position(&self, pos: &Position) -> String {
        let points: String = (0..10).map(|i| point_symbol(pos, i)).collect();
        format!("{points} {}", if pos.red_to_move { 'r' } else { 'b' })
    }

    fn actions_from(&self, pos: &Position, from: &str) -> Option<Result<Vec<Action>, String>> {
        let Some(p) = from.trim().parse::<u8>().ok().filter(|&p| p < 10) else {
            return Some(Err(format!("{} is not a point: the points are 0 to 9", quoted_start(from.trim()))));
        };
        let mut legal = Vec::new();
        self.actions(pos, &mut legal);
        legal.retain(|a| a.from == p);
        let (me, them) = if pos.red_to_move { ("red", "blue") } else { ("blue", "red") };
        Some(match point_symbol(pos, p) {
            _ if !legal.is_empty() => Ok(legal),
            '.' => Err(format!("point {p} is empty: no {me} stone to move")),
            c if (c == 'r') != pos.red_to_move => Err(format!("point {p} holds {them}'s stone, not yours")),
            _ => Err(format!("the stone on point {p} has nowhere to go")),
        })
    }
}

impl Presentation for Niujiao {
    const NAME: &'static str = "niujiao";

    fn evaluation(&self) -> String {
        let limit = self.max_plies.map_or("no ply limit".to_string(), |n| format!("drawn after {n} plies"));
        format!(
            "values favour red (who maximises) when positive and blue when negative: 10 × red's row + \
             red's free neighbouring points; a won game scores ±(1000 − the plies played); {limit}"
        )
    }

    fn why_over(&self, pos: &Position) -> String {
        if Niujiao::red_arrived(pos) {
            "red reached the far row".to_string()
        } else if self.out_of_plies(pos) {
            format!("the {}-ply rule", pos.plies)
        } else {
            format!("{} is trapped", self.player_name(self.to_move(pos)))
        }
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "red",
            Player::Second => "blue",
        }
    }
}

fn point_symbol(pos: &Position, i: u8) -> char {
    if pos.red == i {
        'r'
    } else if pos.blue & 1 << i != 0 {
        'b'
    } else {
        '.'
    }
}

impl Registered for Niujiao {
    const ABOUT: &'static str = "niujiao qi (ox horn), one red stone against two blue";
    const NOTATION: &'static str =
        "points 0-9 (`r b .`), a space, `r` or `b`; an action `0-2`";
    const RULES: &'static str = "\
Niujiao qi (ox horn). Ten points 0-9 on a ladder with a horn on top; lines join
0-1 0-2 1-2 1-3 2-3 2-4 3-4 3-5 4-5 4-6 5-6 5-7 6-7 6-8 7-8 7-9 8-9. Red has one
stone on 0 and moves first; blue has two stones on 8 and 9. A move takes one own
stone along a line to an adjacent empty point. Blue may never move down: only up
or sideways within its row. Red wins by reaching 8 or 9; a side with no move on
its turn loses (blue wins by trapping red). A game with no result after the ply
limit (default 100) is a draw. Actions are written from-to: 0-2 (or 02).
";
    const OPTIONS: &'static [GameOption] = &[GameOption {
        name: "max-plies",
        help: "plies after which a game is drawn (0: no limit; default 100, and no limit for `solve`)",
        min: 0,
        max: u16::MAX as i64,
        for_solve: Some(0),
    }];

    fn configured(settings: &Settings) -> Self {
        let max_plies = match settings.get("max-plies") {
            None => Some(DEFAULT_MAX_PLIES),
            Some(0) => None,
            Some(n) => Some(u16::try_from(n).expect("within the declared range")),
        };
        Niujiao { max_plies }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Marks;

    fn names(g: &Niujiao, p: &Position) -> Vec<String> {
        let mut v = Vec::new();
        g.actions(p, &mut v);
        v.into_iter().map(|a| g.format_action(a)).collect()
    }

    #[test]
    fn start_and_notation() {
        let g = Niujiao::default();
        assert_eq!(g.format_position(&g.start()), "r.......bb r");
        assert_eq!(g.parse_position("r.......bb r").unwrap(), g.start());
        assert_eq!(names(&g, &g.start()), ["0-1", "0-2"]);
        for bad in ["r.......b. r", "rr......bb r", "r.......bb x", "r......bb r", "r..x....bb r"] {
            assert!(g.parse_position(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_drawing_keeps_point_numbers_beside_the_stones() {
        let g = Niujiao::default();
        let start = g.start();
        let a = g.parse_action(&start, "0-2").unwrap();
        let p = g.apply(&start, a);
        let board = |marks: &Marks<'_, Position, Action>| crate::drawing::board(&g, &p, marks);
        let shown = board(&Marks::after(Some((&start, a)), true));
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines[0], "0 (.)");
        assert_eq!(lines[1], "   | \\");
        assert_eq!(lines[2], "   |   .  1");
        assert_eq!(lines[3], "   | /   \\");
        assert_eq!(lines[4], "2 [R]----- .  3");
        assert_eq!(lines[5], "   |   /   |");
        assert_eq!(lines[10], "8  B ----- B  9");
        assert_eq!(lines[11], "last move 0-2 (from ( ) to [ ])");
        // Every point's number is on the drawing, whatever stands on it.
        for n in 0..10 {
            assert!(shown.lines().any(|l| l.split_whitespace().any(|w| w == n.to_string())), "{n}: {shown}");
        }
        // Blue's targets from 8: up to 6 or across the diagonal to 7.
        let targets = g.actions_from(&p, "8").unwrap().unwrap();
        let shown = board(&Marks { last: Some((&start, a)), targets: Some(("8", &targets)), ascii: true });
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!((lines[0], lines[8], lines[10]), ("0  .", "6  * ----- *  7", "8 (B)----- B  9"));
        assert!(shown.ends_with("(8) can go to *\n"), "{shown}");
        let why = |cell: &str| g.actions_from(&p, cell).unwrap().unwrap_err();
        assert_eq!(why("4"), "point 4 is empty: no blue stone to move");
        assert_eq!(why("2"), "point 2 holds red's stone, not yours");
        assert_eq!(why("12"), "\"12\" is not a point: the points are 0 to 9");
        let stuck = g.parse_position(".......rbb b").unwrap();
        assert_eq!(
            g.actions_from(&stuck, "9").unwrap().unwrap_err(),
            "the stone on point 9 has nowhere to go"
        );
    }

    #[test]
    fn blue_never_moves_down() {
        let g = Niujiao::default();
        // Blue on 1 and 2, red on 5: from 1 only to 0; from 2 to 0 or 3 (1 is taken).
        let p = g.parse_position(".bb..r.... b").unwrap();
        assert_eq!(names(&g, &p), ["1-0", "2-0", "2-3"]);
        // Blue on 3 and 8: 3 goes up to 1 or across to 2; 8 up to 6 or 7, or across to 9.
        let p = g.parse_position("r..b....b. b").unwrap();
        assert_eq!(names(&g, &p), ["3-1", "3-2", "8-6", "8-7", "8-9"]);
    }

    #[test]
    fn red_trapped_on_0_loses_and_red_on_8_wins() {
        let g = Niujiao::default();
        let trapped = g.parse_position("rbb....... r").unwrap();
        assert!(!g.has_actions(&trapped));
        assert_eq!(g.terminal_outcome(&trapped), Outcome::Loss);
        assert!(g.terminal_cost(&trapped) < 0);
        let arrived = g.parse_position(".b.b....r. b").unwrap();
        assert!(!g.has_actions(&arrived));
        assert_eq!(g.terminal_outcome(&arrived), Outcome::Loss);
        assert!(g.terminal_cost(&arrived) > 0);
    }

    #[test]
    fn the_ply_limit_draws() {
        let g = Niujiao { max_plies: Some(2) };
        let mut p = g.start();
        for text in ["0-1", "8-6"] {
            p = g.apply(&p, g.parse_action(&p, text).unwrap());
        }
        assert!(!g.has_actions(&p));
        assert_eq!(g.terminal_outcome(&p), Outcome::Draw);
        assert_eq!(g.terminal_cost(&p), 0);
    }
}
