//! Where a game's lines come from: a person at a terminal or a script. The
//! difference is kept here: a terminal is asked again and asked to confirm, a
//! script stops at its first bad line, naming it.

use std::io::{BufRead, Write};

use crate::cli::failure::Failure;
use crate::cli::lines::Lines;

pub struct Input<R> {
    lines: Lines<R>,
    /// A person at a terminal.
    pub interactive: bool,
    /// The number of the last line read.
    line_no: usize,
}

impl<R: BufRead> Input<R> {
    pub fn new(reader: R, interactive: bool) -> Input<R> {
        Input { lines: Lines::new(reader), interactive, line_no: 0 }
    }

    /// Prints `prompt` and reads a line: `None` at the end of input,
    /// Err when a script's line cannot be read (a terminal is told and asked
    /// again).
    pub fn read(&mut self, out: &mut dyn Write, prompt: &str) -> Result<Option<String>, Failure> {
        loop {
            let _ = write!(out, "{prompt}");
            let _ = out.flush();
            self.line_no += 1;
            match self.lines.next() {
                None => return Ok(None),
                Some(Ok(l)) => return Ok(Some(l)),
                Some(Err(e)) if self.interactive => {
                    let _ = writeln!(out, "{e}");
                }
                Some(Err(e)) => {
                    let _ = out.flush();
                    return Err(Failure::usage(format!("<stdin>:{}: {e}", self.line_no)));
                }
            }
        }
    }

    /// A line without a prompt, for the menu and the replay (`None`: the end
    /// of input, or a script's unreadable line).
    pub fn next_plain(&mut self, out: &mut dyn Write) -> Option<String> {
        self.read(out, "").ok().flatten()
    }

    /// A yes to `question` (the end of input is a no).
    pub fn yes(&mut self, out: &mut dyn Write, question: &str) -> bool {
        let answer = self.read(out, question);
        matches!(answer, Ok(Some(a)) if matches!(a.trim().to_ascii_lowercase().as_str(), "y" | "yes"))
    }

    /// A complaint about the last line: said on a terminal, the end of a
    /// script (Err).
    pub fn complain(&self, out: &mut dyn Write, message: &str) -> Result<(), Failure> {
        if self.interactive {
            let _ = writeln!(out, "{}", super::wrap::fit(message, super::wrap::width()));
            let _ = out.flush();
            Ok(())
        } else {
            let _ = out.flush();
            Err(Failure::usage(format!("<stdin>:{}: {message}", self.line_no)))
        }
    }
}
