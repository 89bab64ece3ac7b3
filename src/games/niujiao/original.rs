//! The original niujiao program's notation beside ours: two digits, `02`,
//! for the move from point 0 to point 2 (ours: `0-2`).

/// `02` as `0-2`.
pub fn two_digits(text: &str) -> Option<String> {
    match text.as_bytes() {
        &[f, t] if f.is_ascii_digit() && t.is_ascii_digit() => Some(format!("{}-{}", f as char, t as char)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;
    use crate::games::niujiao::Niujiao;

    #[test]
    fn two_digits_are_a_move_from_the_first_point_to_the_second() {
        assert_eq!(two_digits("02").as_deref(), Some("0-2"));
        assert_eq!(two_digits("0-2"), None);
        assert_eq!(two_digits("012"), None);
        let g = Niujiao::default();
        let start = g.start();
        assert_eq!(g.parse_action(&start, "02"), g.parse_action(&start, "0-2"));
        assert!(g.parse_action(&start, "02").is_ok());
        assert_eq!(g.why_illegal(&start, "05"), g.why_illegal(&start, "0-5"));
        assert!(
            g.why_illegal(&start, "05").starts_with("no line joins points 0 and 5"),
            "{}",
            g.why_illegal(&start, "05")
        );
    }
}
