//! An independent, deliberately naive reading of the course's rules (`gametree
//! rules checkers`, the `RULES` of src/games/checkers/mod.rs): an 8x8 array of
//! characters, implicit recursive minimax, and its own printing. It shares no code
//! with the crate, so agreement between the two is evidence, not tautology.

#![allow(dead_code)]

pub type Board = [[u8; 8]; 8];

pub fn start() -> Board {
    let mut b = [[b'.'; 8]; 8];
    for (r, row) in b.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            if (r + c) % 2 == 1 {
                if r < 3 {
                    *cell = b'w';
                } else if r > 4 {
                    *cell = b'b';
                }
            }
        }
    }
    b
}

fn owner(cell: u8) -> Option<bool> {
    // Some(true) for black units.
    match cell {
        b'b' | b'B' => Some(true),
        b'w' | b'W' => Some(false),
        _ => None,
    }
}

/// (from_row, from_col, to_row, to_col) in the course's order.
pub fn actions(b: &Board, black: bool) -> Vec<(usize, usize, usize, usize)> {
    let dirs: [(i32, i32); 4] = [(-1, 1), (1, 1), (1, -1), (-1, -1)];
    let mut v = Vec::new();
    for r in 0..8 {
        for c in 0..8 {
            if owner(b[r][c]) != Some(black) {
                continue;
            }
            let tower = b[r][c].is_ascii_uppercase();
            for (dr, dc) in dirs {
                let forward = if black { dr == -1 } else { dr == 1 };
                if !tower && !forward {
                    continue;
                }
                let (r1, c1) = (r as i32 + dr, c as i32 + dc);
                if !(0..8).contains(&r1) || !(0..8).contains(&c1) {
                    continue;
                }
                let n = b[r1 as usize][c1 as usize];
                if n == b'.' {
                    v.push((r, c, r1 as usize, c1 as usize));
                } else if owner(n) == Some(!black) {
                    let (r2, c2) = (r1 + dr, c1 + dc);
                    if (0..8).contains(&r2) && (0..8).contains(&c2) && b[r2 as usize][c2 as usize] == b'.' {
                        v.push((r, c, r2 as usize, c2 as usize));
                    }
                }
            }
        }
    }
    v
}

pub fn apply(b: &Board, a: (usize, usize, usize, usize)) -> Board {
    let mut n = *b;
    let (r, c, r2, c2) = a;
    let mut unit = n[r][c];
    n[r][c] = b'.';
    if r.abs_diff(r2) == 2 {
        n[(r + r2) / 2][(c + c2) / 2] = b'.';
    }
    if (unit == b'b' && r2 == 0) || (unit == b'w' && r2 == 7) {
        unit = unit.to_ascii_uppercase();
    }
    n[r2][c2] = unit;
    n
}

pub fn cost(b: &Board, black_to_move: bool) -> i32 {
    if actions(b, black_to_move).is_empty() {
        return if black_to_move { i32::MIN } else { i32::MAX };
    }
    let mut s = 0;
    for row in b {
        for &x in row {
            s += match x {
                b'b' => 1,
                b'B' => 3,
                b'w' => -1,
                b'W' => -3,
                _ => 0,
            };
        }
    }
    s
}

fn value(b: &Board, black: bool, depth: u32) -> i32 {
    let acts = actions(b, black);
    if depth == 0 || acts.is_empty() {
        return cost(b, black);
    }
    let vals = acts.iter().map(|&a| value(&apply(b, a), !black, depth - 1));
    if black { vals.max().unwrap() } else { vals.min().unwrap() }
}

/// The left-most best action at `depth` plies and the number of nodes in its tree.
pub fn decide(b: &Board, black: bool, depth: u32) -> Option<(usize, usize, usize, usize)> {
    let acts = actions(b, black);
    let mut best: Option<((usize, usize, usize, usize), i32)> = None;
    for a in acts {
        let v = value(&apply(b, a), !black, depth - 1);
        let better = match best {
            None => true,
            Some((_, bv)) => {
                if black {
                    v > bv
                } else {
                    v < bv
                }
            }
        };
        if better {
            best = Some((a, v));
        }
    }
    best.map(|(a, _)| a)
}

pub fn tree_size(b: &Board, black: bool, depth: u32) -> usize {
    let acts = if depth == 0 { Vec::new() } else { actions(b, black) };
    1 + acts.iter().map(|&a| tree_size(&apply(b, a), !black, depth - 1)).sum::<usize>()
}

fn board_text(b: &Board, out: &mut String) {
    out.push_str("     A   B   C   D   E   F   G   H\n");
    let rule = "   +---+---+---+---+---+---+---+---+\n";
    out.push_str(rule);
    for (r, row) in b.iter().enumerate() {
        out.push_str(&format!(" {} |", r + 1));
        for &x in row {
            out.push_str(&format!(" {} |", x as char));
        }
        out.push('\n');
        out.push_str(rule);
    }
}

fn name(a: (usize, usize, usize, usize)) -> String {
    format!("{}{}-{}{}", (b'A' + a.1 as u8) as char, a.0 + 1, (b'A' + a.3 as u8) as char, a.2 + 1)
}

/// The whole protocol on `input`: (stdout, exit status).
pub fn protocol(input: &str, depth: u32) -> (String, i32) {
    let mut out = String::new();
    let mut b = start();
    let mut black = true;
    let mut n = 0;
    out.push_str("BOARD SIZE: 8x8\n#BLACK PIECES: 12\n#WHITE PIECES: 12\n");
    board_text(&b, &mut out);
    let record = |out: &mut String, b: &Board, black: bool, n: usize, a, star: bool| {
        out.push_str("=====================================\n");
        let side = if black { "BLACK" } else { "WHITE" };
        out.push_str(&format!("{}{side} ACTION #{n}: {}\n", if star { "*** " } else { "" }, name(a)));
        out.push_str(&format!("BOARD COST: {}\n", cost(b, !black)));
        board_text(b, out);
    };
    for line in input.split('\n') {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        if t == "A" || t == "P" {
            let count = if t == "A" { 1 } else { 10 };
            for _ in 0..count {
                let a = decide(&b, black, depth).expect("the game would have ended");
                b = apply(&b, a);
                n += 1;
                record(&mut out, &b, black, n, a, true);
                if actions(&b, !black).is_empty() {
                    out.push_str(if black { "BLACK WIN!\n" } else { "WHITE WIN!\n" });
                    return (out, 0);
                }
                black = !black;
            }
            return (out, 0);
        }
        let s = t.as_bytes();
        let is_action = s.len() == 5
            && s[0].is_ascii_alphabetic()
            && s[1].is_ascii_digit()
            && s[2] == b'-'
            && s[3].is_ascii_alphabetic()
            && s[4].is_ascii_digit();
        if !is_action {
            return (out, 2);
        }
        let on = |l: u8, d: u8| (b'A'..=b'H').contains(&l) && (b'1'..=b'8').contains(&d);
        let err = |out: &mut String, m: &str| {
            out.push_str(&format!("ERROR: {m}\n"));
            (std::mem::take(out), 1)
        };
        if !on(s[0], s[1]) {
            return err(&mut out, "Source cell is outside of the board.");
        }
        if !on(s[3], s[4]) {
            return err(&mut out, "Target cell is outside of the board.");
        }
        let (r, c) = ((s[1] - b'1') as usize, (s[0] - b'A') as usize);
        let (r2, c2) = ((s[4] - b'1') as usize, (s[3] - b'A') as usize);
        if b[r][c] == b'.' {
            return err(&mut out, "Source cell is empty.");
        }
        if b[r2][c2] != b'.' {
            return err(&mut out, "Target cell is not empty.");
        }
        if owner(b[r][c]) != Some(black) {
            return err(&mut out, "Source cell holds opponent's piece/tower.");
        }
        let a = (r, c, r2, c2);
        if !actions(&b, black).contains(&a) {
            return err(&mut out, "Illegal action.");
        }
        b = apply(&b, a);
        n += 1;
        record(&mut out, &b, black, n, a, false);
        if actions(&b, !black).is_empty() {
            out.push_str(if black { "BLACK WIN!\n" } else { "WHITE WIN!\n" });
            return (out, 0);
        }
        black = !black;
    }
    (out, 0)
}
