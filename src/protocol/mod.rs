//! The course's stage 0-2 text protocol for checkers.
//!
//! `run` replays the input actions with the six checks of the spec, then carries out
//! the command (`A` or `P`) with decisions taken from the explicit tree. Nothing here
//! writes files or knows about exports: a caller that wants the trees gets each one
//! through the `on_tree` callback.

pub mod input;
pub mod render;

use std::io::{self, BufRead, Write};
use std::time::Duration;

use crate::runtime::clock::Instant;

use crate::game::{Evaluation, Notation, Rules};
use crate::games::checkers::board::square_at;
use crate::games::checkers::{Action, Cell, Checkers, Position, moves};
use crate::limits::{Limits, TooManyNodes};
use crate::search::back_propagate_parallel;
use crate::tree::{Tree, TreeArena};
use input::{Command, Item, Items, RawCell};

/// Receives each computed action's tree: the action's number as it will be printed,
/// the finished tree, and how long building it took.
pub type TreeSink<'s> = dyn FnMut(usize, &Tree<'_, Checkers>, Duration) -> io::Result<()> + 's;

/// How many computed actions `P` plays.
pub const PLAY_ACTIONS: usize = 10;

/// How the protocol computes its actions.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Plies in the decision tree; the course uses 3.
    pub depth: u8,
    /// The node budget and threads of each computed action's tree build.
    pub build: Limits,
}

impl Default for Options {
    fn default() -> Self {
        Options { depth: 3, build: Limits::default() }
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Input replayed and any command carried out, or the game was won.
    Finished,
    /// An `ERROR:` line was printed.
    IllegalAction,
    /// A line that is neither an action nor a command; nothing after it was read.
    Malformed {
        /// The line's number, from 1.
        line: usize,
        /// The line as read, trimmed.
        text: String,
    },
    /// A computed action's tree exceeded the node budget.
    TooManyNodes {
        /// The number the action would have been printed with.
        action_number: usize,
        /// The budget passed.
        error: TooManyNodes,
    },
    /// The input could not be read; the message says why.
    Unreadable {
        /// Lines read before the failure.
        line: usize,
        /// Why reading failed.
        message: String,
    },
}

impl Ending {
    /// The process exit status the spec assigns.
    pub fn exit_code(&self) -> i32 {
        match self {
            Ending::Finished => 0,
            Ending::IllegalAction => 1,
            Ending::Malformed { .. } | Ending::Unreadable { .. } => 2,
            Ending::TooManyNodes { .. } => 3,
        }
    }
}

/// The six checks of stage 0, in the order the spec runs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// The source cell is not on the 8x8 board.
    SourceOutside,
    /// The target cell is not on the 8x8 board.
    TargetOutside,
    /// No unit stands on the source cell.
    SourceEmpty,
    /// A unit stands on the target cell.
    TargetNotEmpty,
    /// The unit on the source cell is the opponent's.
    SourceOpponent,
    /// Any other reason the action is not legal (wrong direction, too far, a
    /// jump over nothing).
    Illegal,
}

impl ActionError {
    /// The `ERROR:` line the spec prints for this check, byte for byte.
    pub fn message(self) -> &'static str {
        match self {
            ActionError::SourceOutside => "ERROR: Source cell is outside of the board.",
            ActionError::TargetOutside => "ERROR: Target cell is outside of the board.",
            ActionError::SourceEmpty => "ERROR: Source cell is empty.",
            ActionError::TargetNotEmpty => "ERROR: Target cell is not empty.",
            ActionError::SourceOpponent => "ERROR: Source cell holds opponent's piece/tower.",
            ActionError::Illegal => "ERROR: Illegal action.",
        }
    }
}

/// Runs the checks on an input action and returns it when legal.
pub fn check_action(pos: &Position, from: RawCell, to: RawCell) -> Result<Action, ActionError> {
    let (fr, fc) = from.on_board().ok_or(ActionError::SourceOutside)?;
    let (tr, tc) = to.on_board().ok_or(ActionError::TargetOutside)?;
    let source = pos.cell_at(fr, fc);
    let (Cell::Piece(owner) | Cell::Tower(owner)) = source else {
        return Err(ActionError::SourceEmpty);
    };
    if pos.cell_at(tr, tc) != Cell::Empty {
        return Err(ActionError::TargetNotEmpty);
    }
    if owner != pos.turn {
        return Err(ActionError::SourceOpponent);
    }
    // A non-empty source is a dark square; the target may be a light one.
    match (square_at(fr, fc), square_at(tr, tc)) {
        (Some(f), Some(t)) => match Action::between(f, t) {
            Some(a) if moves::is_legal(pos, a) => Ok(a),
            _ => Err(ActionError::Illegal),
        },
        _ => Err(ActionError::Illegal),
    }
}

/// The machine's choice for `pos`: builds the explicit tree, back-propagates and
/// takes the root's best child. Hands the finished tree to `on_tree` first.
pub fn decide(
    pos: &Position,
    opts: &Options,
    on_tree: &mut dyn FnMut(&Tree<'_, Checkers>, Duration) -> io::Result<()>,
) -> Result<Option<Action>, DecideError> {
    let mut arena = TreeArena::new();
    let started = Instant::now();
    let tree = Tree::build(&mut arena, &Checkers, *pos, opts.depth, &opts.build)?;
    let built = started.elapsed();
    back_propagate_parallel(tree.root, tree.len, opts.build.threads);
    on_tree(&tree, built)?;
    Ok(tree.decision().and_then(|n| n.action))
}

/// Why a computed action could not be decided.
#[derive(Debug)]
pub enum DecideError {
    /// Its tree would have exceeded the node budget.
    TooManyNodes(TooManyNodes),
    /// The `on_tree` callback failed writing the tree's exports.
    Io(io::Error),
}

impl From<TooManyNodes> for DecideError {
    fn from(e: TooManyNodes) -> Self {
        DecideError::TooManyNodes(e)
    }
}

impl From<io::Error> for DecideError {
    fn from(e: io::Error) -> Self {
        DecideError::Io(e)
    }
}

/// One game in progress: the board and how many actions have been played.
struct Session<'w, W: Write> {
    out: &'w mut W,
    pos: Position,
    played: usize,
}

impl<W: Write> Session<'_, W> {
    /// Plays a legal action and prints its record. Returns true when it won the game.
    fn play(&mut self, action: Action, computed: bool) -> io::Result<bool> {
        let mover = self.pos.turn;
        self.pos = moves::apply(&self.pos, action);
        self.played += 1;
        let game = Checkers;
        let can_act = game.has_actions(&self.pos);
        let cost = game.cost(&self.pos, can_act);
        render::write_action(self.out, computed, mover, self.played, &action.notation(), cost, &self.pos)?;
        if !can_act {
            render::write_winner(self.out, mover)?;
        }
        Ok(!can_act)
    }
}

/// Runs the protocol on `input`, printing to `out`. `on_tree` receives the tree of
/// every computed action, numbered as the action will be printed.
pub fn run(
    input: impl BufRead,
    out: &mut impl Write,
    opts: &Options,
    on_tree: &mut TreeSink<'_>,
) -> io::Result<Ending> {
    let mut s = Session { out, pos: Position::start(), played: 0 };
    render::write_header(s.out, &s.pos)?;
    let mut items = Items::new(input);
    while let Some(item) = items.next() {
        let item = match item {
            Ok(item) => item,
            Err(e) => {
                return Ok(Ending::Unreadable { line: items.lines_read(), message: e.to_string() });
            }
        };
        match item {
            Item::Malformed { line, text } => return Ok(Ending::Malformed { line, text }),
            Item::Action { from, to, .. } => match check_action(&s.pos, from, to) {
                Ok(action) => {
                    if s.play(action, false)? {
                        return Ok(Ending::Finished);
                    }
                }
                Err(e) => {
                    writeln!(s.out, "{}", e.message())?;
                    return Ok(Ending::IllegalAction);
                }
            },
            Item::Command { command, .. } => {
                let count = match command {
                    Command::Next => 1,
                    Command::Play => PLAY_ACTIONS,
                };
                for _ in 0..count {
                    let number = s.played + 1;
                    let mut hand = |tree: &Tree<'_, Checkers>, built| on_tree(number, tree, built);
                    let action = match decide(&s.pos, opts, &mut hand) {
                        Ok(Some(a)) => a,
                        // Unreachable from the protocol: a stuck side ends the game first.
                        Ok(None) => {
                            render::write_winner(s.out, s.pos.turn.other())?;
                            return Ok(Ending::Finished);
                        }
                        Err(DecideError::Io(e)) => return Err(e),
                        Err(DecideError::TooManyNodes(error)) => {
                            return Ok(Ending::TooManyNodes { action_number: number, error });
                        }
                    };
                    if s.play(action, true)? {
                        break;
                    }
                }
                return Ok(Ending::Finished);
            }
        }
    }
    Ok(Ending::Finished)
}

/// Why an input could not be replayed to a position.
#[derive(Debug)]
pub enum ReplayError {
    /// A line that is neither an action nor a command.
    Malformed {
        /// The line's number, from 1.
        line: usize,
        /// The line as read, trimmed.
        text: String,
    },
    /// An action that failed one of the six checks.
    Illegal {
        /// The line's number, from 1.
        line: usize,
        /// The first check it failed.
        error: ActionError,
    },
    /// The input could not be read.
    Io(io::Error),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Malformed { line, text } => {
                write!(f, "line {line}: {}", malformed_message(text))
            }
            ReplayError::Illegal { line, error } => write!(f, "line {line}: {}", error.message()),
            ReplayError::Io(e) => write!(f, "cannot read the input: {e}"),
        }
    }
}

/// What to tell the user about a line that is neither an action nor a command:
/// its start, quoted and escaped, and its length when that is cut.
pub fn malformed_message(text: &str) -> String {
    let length = match text.len() {
        n if n > input::MAX_LINE => format!(" (over {} bytes)", input::MAX_LINE),
        n if text.chars().nth(crate::game::QUOTED).is_some() => format!(" ({n} bytes)"),
        _ => String::new(),
    };
    format!(
        "expected an action like G6-F5 (letter, digit, '-', letter, digit), or A or P; got {}{length}",
        crate::game::quoted_start(text)
    )
}

/// The game the protocol plays, by its name in the list of games.
pub const GAME: &str = <Checkers as crate::game::Presentation>::NAME;

/// [`replay`]'s position in checkers notation, for commands that take any game.
pub fn replay_notation(input: impl BufRead) -> Result<String, ReplayError> {
    replay(input).map(|pos| Checkers.format_position(&pos))
}

/// Replays the actions of a protocol input (stopping at a command or at the end of
/// the game) and returns the position reached.
pub fn replay(input: impl BufRead) -> Result<Position, ReplayError> {
    let mut pos = Position::start();
    for item in Items::new(input) {
        match item.map_err(ReplayError::Io)? {
            Item::Malformed { line, text } => return Err(ReplayError::Malformed { line, text }),
            Item::Command { .. } => break,
            Item::Action { line, from, to } => {
                let action =
                    check_action(&pos, from, to).map_err(|error| ReplayError::Illegal { line, error })?;
                pos = moves::apply(&pos, action);
                if !moves::has_action(&pos) {
                    break;
                }
            }
        }
    }
    Ok(pos)
}
