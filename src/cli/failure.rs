//! Why a command failed, and the exit status each reason gives: the one place
//! where docs/exit-status.md's numbers are written down.

use std::fmt::Display;

/// What went wrong, which sets the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `checkers`: an `ERROR:` line was printed; `fixtures`: a fixture failed.
    Refused,
    /// Bad arguments, an unreadable or malformed input, a bad position or action.
    Usage,
    /// A budget (`--max-nodes`, `--max-time`, `--max-memory`, ...) would have been passed.
    Budget,
    /// An output (stdout, an export, a page) could not be written.
    Output,
    /// A game at a prompt ended by this signal (SIGINT, SIGHUP), as a shell
    /// reports a process it ended.
    Signal(i32),
}

/// Success, for the tables that list every status.
pub const OK: u8 = 0;

impl Kind {
    /// The exit status.
    pub const fn status(self) -> u8 {
        match self {
            Kind::Refused => 1,
            Kind::Usage => 2,
            Kind::Budget => 3,
            Kind::Output => 4,
            Kind::Signal(n) => 128 + n as u8,
        }
    }
}

/// A command's failure: its kind, and the one line to say on stderr (none
/// when what there was to say has been said, as with the protocol's `ERROR:`
/// line on stdout).
#[derive(Debug, PartialEq, Eq)]
pub struct Failure {
    pub kind: Kind,
    message: Option<String>,
}

impl Failure {
    /// A failure with `message` to report.
    pub fn new(kind: Kind, message: impl Display) -> Failure {
        Failure { kind, message: Some(message.to_string()) }
    }

    /// A failure already explained where it happened.
    pub fn quiet(kind: Kind) -> Failure {
        Failure { kind, message: None }
    }

    /// Bad arguments or input.
    pub fn usage(message: impl Display) -> Failure {
        Failure::new(Kind::Usage, message)
    }

    /// A budget that would have been passed.
    pub fn budget(message: impl Display) -> Failure {
        Failure::new(Kind::Budget, message)
    }

    /// An output that could not be written.
    pub fn output(message: impl Display) -> Failure {
        Failure::new(Kind::Output, message)
    }

    /// Says what went wrong (if that is still to say) and gives the exit status.
    pub fn report(&self) -> u8 {
        if let Some(message) = &self.message {
            report(message);
        }
        self.kind.status()
    }
}

/// A command's result: nothing on success, its failure otherwise.
pub type Outcome = Result<(), Failure>;

/// One line on stderr, as every error of the command line is said.
pub fn report(message: impl Display) {
    super::stderr::say(message);
}

/// A request the library refused, in the command line's words: a usage
/// error (status 2) or a budget (status 3).
impl From<crate::request::Refusal> for Failure {
    fn from(r: crate::request::Refusal) -> Failure {
        let kind = match r.why {
            crate::request::Why::Usage => Kind::Usage,
            crate::request::Why::Budget => Kind::Budget,
        };
        Failure::new(kind, r.in_door(crate::request::Door::Cli))
    }
}
