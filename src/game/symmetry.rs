//! The symmetries of a square board, for games whose rules look the same
//! after the board is turned or mirrored: two positions one of these maps to
//! the other are the same game, which counting positions "up to symmetry"
//! (the tree's census) wants to know.

/// The square board's eight symmetries in a lesson's words.
pub const SQUARE_WORDS: &str = "a turn or a mirror of the board";

/// For each of the eight symmetries of an `n` by `n` board (the identity, three
/// turns, four mirrors), where each cell `row * n + col` goes.
pub fn square_maps(n: usize) -> [Vec<usize>; 8] {
    std::array::from_fn(|t| {
        (0..n * n)
            .map(|cell| {
                let (r, c) = (cell / n, cell % n);
                let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                let r = if t & 1 != 0 { n - 1 - r } else { r };
                let c = if t & 2 != 0 { n - 1 - c } else { c };
                r * n + c
            })
            .collect()
    })
}

/// `mask` (bit `cell`) with every bit moved to where `map` sends its cell.
pub fn map_bits(mask: u64, map: &[usize]) -> u64 {
    let mut out = 0;
    let mut rest = mask;
    while rest != 0 {
        let cell = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        out |= 1 << map[cell];
    }
    out
}

/// The least of the byte strings that `key` gives for each of the board's
/// eight images: the same for every position in a class, and for no other.
pub fn least_image(maps: &[Vec<usize>; 8], key: impl Fn(&[usize]) -> Vec<u8>) -> Vec<u8> {
    maps.iter().map(|m| key(m)).min().expect("eight images")
}

/// The least of the keys that `key` gives for each of the board's eight
/// images, keys of any ordered kind: numbers compare faster than byte strings,
/// and make no vector per image.
pub fn least_image_by<K: Ord>(maps: &[Vec<usize>; 8], key: impl Fn(&[usize]) -> K) -> K {
    maps.iter().map(|m| key(m)).min().expect("eight images")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_maps_are_distinct_permutations_that_keep_neighbours_neighbours() {
        for n in [3, 7, 15] {
            let maps = square_maps(n);
            for m in &maps {
                let mut seen = m.clone();
                seen.sort_unstable();
                assert_eq!(seen, (0..n * n).collect::<Vec<_>>());
                // Cells side by side stay side by side.
                let near = |a: usize, b: usize| (a / n).abs_diff(b / n) + (a % n).abs_diff(b % n) == 1;
                assert!((0..n * n - 1).filter(|&c| c % n != n - 1).all(|c| near(m[c], m[c + 1])));
            }
            let distinct: std::collections::BTreeSet<_> = maps.iter().collect();
            assert_eq!(distinct.len(), 8, "n = {n}");
        }
    }
}
