//! The original Ataxx programs' notation beside ours: a clone may name the
//! stone it grows from, `a7b6`, as a jump does.

use super::{Position, cell_name, parse_cell};

/// `a7b6` from one of the mover's stones to a neighbouring cell: the clone `b6`.
pub fn clone_with_its_source(pos: &Position, text: &str) -> Option<String> {
    let t = text.to_ascii_lowercase();
    if t.len() != 4 || !t.is_ascii() {
        return None;
    }
    let (from, to) = (parse_cell(&t[..2])?, parse_cell(&t[2..])?);
    let (f, g) = (usize::from(from), usize::from(to));
    let next_to = from != to && (f / 7).abs_diff(g / 7) <= 1 && (f % 7).abs_diff(g % 7) <= 1;
    (next_to && pos.mine_theirs().0 & (1 << from) != 0).then(|| cell_name(to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;
    use crate::games::ataxx::{Action, Ataxx};

    #[test]
    fn a_clone_may_name_its_source_when_it_is_the_movers_neighbour() {
        let (g, start) = (Ataxx, Ataxx.start());
        assert_eq!(clone_with_its_source(&start, "a7b6").as_deref(), Some("b6"));
        assert_eq!(g.parse_action(&start, "A7B6"), Ok(Action::Clone(parse_cell("b6").unwrap())));
        // Not a neighbour, not the mover's stone, not a cell: no clone.
        assert_eq!(clone_with_its_source(&start, "a7c5"), None);
        assert_eq!(clone_with_its_source(&start, "g7f6"), None);
        assert_eq!(clone_with_its_source(&start, "c3c4"), None);
        assert_eq!(clone_with_its_source(&start, "a7a7"), None);
        assert_eq!(clone_with_its_source(&start, "h9g8"), None);
    }
}
