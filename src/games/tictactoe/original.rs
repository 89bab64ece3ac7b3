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

/// Whether `text` is two whole numbers, as a row and a column are written.
pub fn two_numbers(text: &str) -> bool {
    let parts: Vec<&str> =
        text.split(|c: char| c.is_whitespace() || c == ',').filter(|p| !p.is_empty()).collect();
    parts.len() == 2 && parts.iter().all(|p| p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit()))
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

    #[test]
    fn a_taken_or_missing_cell_in_rows_and_columns_is_said_as_such() {
        let g = TicTacToe;
        let pos = g.apply(&g.start(), g.parse_action(&g.start(), "b2").unwrap());
        assert_eq!(g.why_illegal(&pos, "2 2"), "b2 is taken (row 2, column 2)");
        assert_eq!(g.why_illegal(&pos, "4 4"), "\"4 4\" is off the board: rows and columns 1-3, like 2 3");
        assert_eq!(g.why_illegal(&pos, "0,1"), "\"0,1\" is off the board: rows and columns 1-3, like 2 3");
        assert!(g.why_illegal(&pos, "c2 now").contains("is not a cell"));
    }
}
