//! Comparing a program's output with a fixture's expected output, line by line,
//! as both are read: neither is ever held whole (a program may print a
//! gigabyte, and an expected output may be large too).

use std::fmt;
use std::io::{self, Read};

use crate::game::quoted_prefix;

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
    pub expected: Option<Line>,
    /// The actual line, or `None` where the actual output had ended.
    pub actual: Option<Line>,
}

/// A line as far as it is shown: its start (with its terminator if short) and
/// its whole length in bytes.
#[derive(Debug, PartialEq, Eq)]
pub struct Line {
    /// Its first bytes, enough to show, lossily decoded.
    pub start: String,
    /// Its whole length in bytes, terminator included.
    pub bytes: usize,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A line is shown up to SHOWN characters: a program may print a
        // gigabyte on one.
        let show = |l: &Option<Line>| match l {
            Some(l) if l.start.chars().count() > SHOWN || l.start.len() < l.bytes => {
                format!("{} ({} bytes)", quoted_prefix(&l.start, SHOWN), l.bytes)
            }
            Some(l) => quoted_prefix(&l.start, SHOWN),
            None => "end of output".to_string(),
        };
        write!(f, "line {}: expected {}, got {}", self.line, show(&self.expected), show(&self.actual))
    }
}

/// The most characters of a line a difference shows.
const SHOWN: usize = 120;

/// The most bytes of a line kept to show it: enough for [`SHOWN`] characters
/// of four bytes each, and one more to tell that there was more.
const KEPT: usize = 4 * SHOWN + 1;

/// How much of each side is read at a time.
const CHUNK: usize = 64 << 10;

/// One side's current line as it is read: its first [`KEPT`] bytes and its length.
#[derive(Default)]
struct LineSoFar {
    start: Vec<u8>,
    bytes: usize,
}

impl LineSoFar {
    fn extend(&mut self, bytes: &[u8]) {
        let room = KEPT.saturating_sub(self.start.len());
        self.start.extend_from_slice(&bytes[..room.min(bytes.len())]);
        self.bytes += bytes.len();
    }

    /// The line once it is over (at its newline, or at the end of its side).
    fn finish(self) -> Option<Line> {
        (self.bytes > 0)
            .then(|| Line { start: String::from_utf8_lossy(&self.start).into_owned(), bytes: self.bytes })
    }
}

/// Reads `side` on from where the difference was found to the end of its
/// line (or of `side`), adding it to `line`; at most `limit` more bytes are read.
fn rest_of_line(side: &mut impl Read, line: &mut LineSoFar, mut limit: u64) -> io::Result<()> {
    let mut buf = vec![0; CHUNK];
    while limit > 0 {
        let n = side.read(&mut buf[..CHUNK.min(limit as usize)])?;
        if n == 0 {
            return Ok(());
        }
        limit -= n as u64;
        match buf[..n].iter().position(|&b| b == b'\n') {
            Some(i) => {
                line.extend(&buf[..=i]);
                return Ok(());
            }
            None => line.extend(&buf[..n]),
        }
    }
    Ok(())
}

/// Fills `buf` from `side` as far as it goes; the bytes read.
fn fill(side: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match side.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// Compares `expected` with `actual` as both are read, a chunk at a time.
/// Lines include their terminator, so a missing final newline or a stray
/// `\r` shows as a difference on the line where it happens. Once they differ,
/// at most `limit` more bytes of either are read to finish the lines shown.
pub fn compare_streams(mut expected: impl Read, mut actual: impl Read, limit: u64) -> io::Result<Verdict> {
    let (mut e, mut a) = (vec![0; CHUNK], vec![0; CHUNK]);
    let mut line = 1;
    let mut current = LineSoFar::default();
    loop {
        let got = fill(&mut actual, &mut a)?;
        let want = fill(&mut expected, &mut e[..got.max(1)])?;
        let common = e[..want].iter().zip(&a[..got]).take_while(|(x, y)| x == y).count();
        let same = &a[..common];
        let newlines = same.iter().filter(|&&b| b == b'\n').count();
        if newlines > 0 {
            line += newlines;
            current = LineSoFar::default();
            let last = same.iter().rposition(|&b| b == b'\n').expect("counted");
            current.extend(&same[last + 1..]);
        } else {
            current.extend(same);
        }
        if common == want && common == got {
            if got == 0 {
                return Ok(Verdict::Same);
            }
            continue;
        }
        // They differ here: finish both lines from the same start.
        let mut exp = LineSoFar { start: current.start.clone(), bytes: current.bytes };
        let mut act = current;
        let (e_rest, a_rest) = (&e[common..want], &a[common..got]);
        for (side, rest) in [(&mut exp, e_rest), (&mut act, a_rest)] {
            match rest.iter().position(|&b| b == b'\n') {
                Some(i) => side.extend(&rest[..=i]),
                None => side.extend(rest),
            }
        }
        if !e_rest.contains(&b'\n') {
            rest_of_line(&mut expected, &mut exp, limit)?;
        }
        if !a_rest.contains(&b'\n') {
            rest_of_line(&mut actual, &mut act, limit)?;
        }
        return Ok(Verdict::Differs(Difference { line, expected: exp.finish(), actual: act.finish() }));
    }
}

/// [`compare_streams`] on two outputs in memory.
pub fn compare(expected: &[u8], actual: &[u8]) -> Verdict {
    compare_streams(expected, actual, u64::MAX).expect("reading memory cannot fail")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(d: &Option<Line>) -> Option<&str> {
        d.as_ref().map(|l| l.start.as_str())
    }

    #[test]
    fn reports_the_first_differing_line() {
        let Verdict::Differs(d) = compare(b"a\nb\nc\n", b"a\nB\nc\n") else { panic!() };
        assert_eq!((d.line, shown(&d.expected), shown(&d.actual)), (2, Some("b\n"), Some("B\n")));
        let Verdict::Differs(d) = compare(b"a\nbcd\n", b"a\nbcx\n") else { panic!() };
        assert_eq!((d.line, shown(&d.expected), shown(&d.actual)), (2, Some("bcd\n"), Some("bcx\n")));
    }

    #[test]
    fn reports_missing_and_extra_lines_and_newlines() {
        let Verdict::Differs(d) = compare(b"a\nb\n", b"a\n") else { panic!() };
        assert_eq!((d.line, d.actual), (2, None));
        let Verdict::Differs(d) = compare(b"a\n", b"a\nextra\n") else { panic!() };
        assert_eq!((d.line, d.expected), (2, None));
        let Verdict::Differs(d) = compare(b"a\n", b"a") else { panic!() };
        assert_eq!((d.line, shown(&d.actual)), (1, Some("a")));
        let Verdict::Differs(d) = compare(b"a\n", b"a\r\n") else { panic!() };
        assert_eq!(d.line, 1);
        assert_eq!(compare(b"x\n", b"x\n"), Verdict::Same);
        assert_eq!(compare(b"", b""), Verdict::Same);
    }

    #[test]
    fn a_long_line_is_shown_short() {
        let long = "y".repeat(10_000);
        let Verdict::Differs(d) = compare(b"a\n", long.as_bytes()) else { panic!() };
        let shown = d.to_string();
        assert!(shown.len() < 200, "{shown}");
        assert!(shown.ends_with(&format!("{:?}... (10000 bytes)", "y".repeat(120))), "{shown}");
    }

    /// A reader that hands out at most a few bytes at a time, as a pipe may.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.0.len()).min(3);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn outputs_arriving_in_pieces_and_past_a_chunk_compare_as_whole_ones() {
        let mut expected = Vec::new();
        for i in 0..30_000 {
            expected.extend(format!("line {i}\n").bytes());
        }
        let mut actual = expected.clone();
        let at = expected.len() - 100;
        actual[at] = b'#';
        let whole = compare(&expected, &actual);
        let Verdict::Differs(d) = &whole else { panic!() };
        let line = expected[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        assert_eq!(d.line, line);
        assert_eq!(compare_streams(&expected[..], Trickle(&actual), u64::MAX).unwrap(), whole);
        assert_eq!(compare_streams(&expected[..], Trickle(&expected), u64::MAX).unwrap(), Verdict::Same);
    }
}
