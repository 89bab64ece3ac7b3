//! Sharing work out among the helper team: units taken one at a time from a
//! counter, enough of them for uneven units to even out.

/// Units per thread to aim for, so that uneven ones still even out.
pub const UNITS_PER_THREAD: usize = 24;

/// Goes down from `first`, a level at a time (`next` makes a level from the one
/// above), until a level has enough units for `threads` threads, `most` levels
/// have been gone down, or the next level would be empty. Returns how many
/// levels were gone down and the last level.
pub fn split<T>(
    first: Vec<T>,
    threads: usize,
    most: usize,
    mut next: impl FnMut(&[T]) -> Vec<T>,
) -> (usize, Vec<T>) {
    let mut level = first;
    let mut down = 0;
    while down < most && level.len() < UNITS_PER_THREAD * threads {
        let below = next(&level);
        if below.is_empty() {
            break;
        }
        level = below;
        down += 1;
    }
    (down, level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_split_stops_at_enough_units_at_the_most_levels_or_before_an_empty_level() {
        let tenfold = |level: &[u32]| level.iter().flat_map(|&n| (0..10).map(move |i| n * 10 + i)).collect();
        assert_eq!(split(vec![1], 2, 9, tenfold).0, 2, "100 units are enough for 2 threads, 10 are not");
        assert_eq!(split(vec![1], 2, 1, tenfold), (1, (10..20).collect()));
        let ends = |level: &[u32]| if level[0] < 100 { tenfold(level) } else { Vec::new() };
        assert_eq!(split(vec![1], 1000, 9, ends).0, 2, "the last level with units is kept");
    }
}
