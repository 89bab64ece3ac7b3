//! Whole-board neighbour shifts on the 32-square masks, for move generation
//! without per-square loops.
//!
//! With `s = row * 4 + col / 2`, a square's diagonal neighbours are at fixed index
//! offsets that depend only on the parity of its row (even rows hold columns B, D,
//! F, H; odd rows A, C, E, G): north-east is -3 from an even row and -4 from an odd
//! one, and so on. Squares on the board's left or right edge are masked out where
//! the offset would wrap into the wrong column; shifts past either end of the
//! board drop off the 32-bit word.

use super::board::Dir;

const EVEN_ROWS: u32 = 0x0F0F_0F0F;
const ODD_ROWS: u32 = 0xF0F0_F0F0;
/// Squares at position 3 within their row (column H on even rows, G on odd).
const LAST: u32 = 0x8888_8888;
/// Squares at position 0 within their row (column B on even rows, A on odd).
const FIRST: u32 = 0x1111_1111;

/// The squares that the squares of `m` reach by one step in `dir`.
#[inline(always)]
pub fn step(m: u32, dir: Dir) -> u32 {
    match dir {
        Dir::NorthEast => ((m & EVEN_ROWS & !LAST) >> 3) | ((m & ODD_ROWS) >> 4),
        Dir::NorthWest => ((m & EVEN_ROWS) >> 4) | ((m & ODD_ROWS & !FIRST) >> 5),
        Dir::SouthEast => ((m & EVEN_ROWS & !LAST) << 5) | ((m & ODD_ROWS) << 4),
        Dir::SouthWest => ((m & EVEN_ROWS) << 4) | ((m & ODD_ROWS & !FIRST) << 3),
    }
}

#[inline(always)]
pub fn opposite(dir: Dir) -> Dir {
    match dir {
        Dir::NorthEast => Dir::SouthWest,
        Dir::SouthEast => Dir::NorthWest,
        Dir::SouthWest => Dir::NorthEast,
        Dir::NorthWest => Dir::SouthEast,
    }
}

/// The squares whose neighbour in `dir` lies in `m`.
#[inline(always)]
pub fn from_which(m: u32, dir: Dir) -> u32 {
    step(m, opposite(dir))
}

#[cfg(test)]
mod tests {
    use super::super::board::{NEIGHBOUR, NO_SQUARE};
    use super::*;

    #[test]
    fn shifts_agree_with_the_neighbour_table() {
        for s in 0..32u8 {
            for dir in Dir::ALL {
                let n = NEIGHBOUR[s as usize][dir as usize];
                let expected = if n == NO_SQUARE { 0 } else { 1u32 << n };
                assert_eq!(step(1 << s, dir), expected, "square {s} {dir:?}");
                if n != NO_SQUARE {
                    assert_eq!(from_which(1 << n, dir) & (1 << s), 1 << s);
                }
            }
        }
    }
}
