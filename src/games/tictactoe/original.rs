//! Tic-tac-toe as many people write it: a row and a column as digits, `2 3`
//! (row 2, column 3: our `c2`), beside our column letter and row digit.

/// `2 3` (or `2,3`): row first, then column, each 1-3, as our `c2`.
pub fn row_then_column(text: &str) -> Option<String> {
    let mut digits = text.split(|c: char| c.is_whitespace() || c == ',').filter(|p| !p.is_empty());
    let (row, col) = (digits.next()?, digits.next()?);
    if digits.next().is_some() {
        return None;
    }
    let (row, col): (u8, u8) = (row.parse().ok()?, col.parse().ok()?);
    ((1..=3).contains(&row) && (1..=3).contains(&col)).then(|| format!("{}{row}", (b'a' + col - 1) as char))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;
    use crate::games::tictactoe::TicTacToe;

    #[test]
    fn a_row_and_a_column_name_a_cell() {
        assert_eq!(row_then_column("2 3").as_deref(), Some("c2"));
        assert_eq!(row_then_column("1,1").as_deref(), Some("a1"));
        assert_eq!(row_then_column(" 3  1 ").as_deref(), Some("a3"));
        assert_eq!(row_then_column("4 1"), None);
        assert_eq!(row_then_column("1 2 3"), None);
        assert_eq!(row_then_column("b2"), None);
        let g = TicTacToe;
        assert_eq!(g.parse_action(&g.start(), "2 3"), g.parse_action(&g.start(), "c2"));
    }
}
