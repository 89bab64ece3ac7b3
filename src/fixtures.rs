//! Comparing a program's output with a fixture's expected output, line by line.

use std::fmt;

/// Whether a program's output matched a fixture's.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Byte for byte the same.
    Same,
    /// Not the same, and where they first part.
    Differs(Difference),
}

/// The first place where actual output departs from the expected.
#[derive(Debug, PartialEq, Eq)]
pub struct Difference {
    /// 1-based line number.
    pub line: usize,
    /// The expected line, or `None` where the expected output had ended.
    pub expected: Option<String>,
    /// The actual line, or `None` where the actual output had ended.
    pub actual: Option<String>,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A line is shown up to 120 characters: a program may print a
        // gigabyte on one.
        let show = |l: &Option<String>| match l {
            Some(s) if s.chars().count() > SHOWN => {
                let cut = s.char_indices().nth(SHOWN).map_or(s.len(), |(i, _)| i);
                format!("{:?}... ({} bytes)", &s[..cut], s.len())
            }
            Some(s) => format!("{s:?}"),
            None => "end of output".to_string(),
        };
        write!(f, "line {}: expected {}, got {}", self.line, show(&self.expected), show(&self.actual))
    }
}

/// The most characters of a line a difference shows.
const SHOWN: usize = 120;

/// Lines including their terminator, so a missing final newline or a stray `\r`
/// shows up as a difference on the line where it happens.
fn lines(bytes: &[u8]) -> Vec<&[u8]> {
    bytes.split_inclusive(|&b| b == b'\n').collect()
}

/// Compares `actual` output with the `expected` bytes of a fixture, line by
/// line, line terminators included.
pub fn compare(expected: &[u8], actual: &[u8]) -> Verdict {
    if expected == actual {
        return Verdict::Same;
    }
    let (e, a) = (lines(expected), lines(actual));
    let text = |l: Option<&&[u8]>| l.map(|l| String::from_utf8_lossy(l).into_owned());
    let i = e.iter().zip(&a).position(|(x, y)| x != y).unwrap_or(e.len().min(a.len()));
    Verdict::Differs(Difference { line: i + 1, expected: text(e.get(i)), actual: text(a.get(i)) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_the_first_differing_line() {
        let Verdict::Differs(d) = compare(b"a\nb\nc\n", b"a\nB\nc\n") else { panic!() };
        assert_eq!((d.line, d.expected.as_deref(), d.actual.as_deref()), (2, Some("b\n"), Some("B\n")));
    }

    #[test]
    fn reports_missing_and_extra_lines_and_newlines() {
        let Verdict::Differs(d) = compare(b"a\nb\n", b"a\n") else { panic!() };
        assert_eq!((d.line, d.actual), (2, None));
        let Verdict::Differs(d) = compare(b"a\n", b"a\nextra\n") else { panic!() };
        assert_eq!((d.line, d.expected), (2, None));
        let Verdict::Differs(d) = compare(b"a\n", b"a") else { panic!() };
        assert_eq!(d.line, 1);
        let Verdict::Differs(d) = compare(b"a\n", b"a\r\n") else { panic!() };
        assert_eq!(d.line, 1);
        assert_eq!(compare(b"x\n", b"x\n"), Verdict::Same);
    }

    #[test]
    fn a_long_line_is_shown_short() {
        let long = "y".repeat(10_000);
        let Verdict::Differs(d) = compare(b"a\n", long.as_bytes()) else { panic!() };
        let shown = d.to_string();
        assert!(shown.len() < 200, "{shown}");
        assert!(shown.ends_with(&format!("{:?}... (10000 bytes)", "y".repeat(120))), "{shown}");
    }
}
