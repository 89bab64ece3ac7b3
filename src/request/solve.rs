//! `solve` as every door asks for it: a game solved exactly by retrograde
//! analysis, within a memory budget and a budget of distinct positions.

use super::option::Opt;
use super::refusal::{Refusal, Word};
use crate::game::Game;
use crate::games::{self, GameName, Settings};
use crate::search::solve::{self as solver, Budget, Bytes, Progress, Solution, TooBig};
use crate::words;

/// A `solve` as a door gives it.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolveArgs {
    /// Bytes the solver's tables may hold (the default's, held to the
    /// machine, unless given).
    pub max_memory: Option<i64>,
    /// Distinct positions it may find (no limit but the memory's unless given).
    pub max_positions: Option<i64>,
}

/// A `solve` checked: its budget, held to what the process may use.
#[derive(Clone, Copy, Debug)]
pub struct Solve {
    /// What the solver may use.
    pub budget: Budget,
    /// The memory asked for and the ceiling it was held to, when the ceiling
    /// is what holds it.
    pub held: Option<(u64, u64)>,
}

impl SolveArgs {
    /// The request checked, its memory held to what the process may use (a
    /// budget the address space cannot hold would end in a failed allocation).
    pub fn check(&self) -> Result<Solve, Refusal> {
        let at_least_one = |opt: Opt, given: Option<i64>| match given {
            Some(n) if n < 1 => Err(Refusal::usage(opt, words![Word::set(opt, n), ": give 1 or more"])),
            other => Ok(other.map(|n| n as u64)),
        };
        let max_memory = at_least_one(Opt::MaxMemory, self.max_memory)?;
        let max_positions = at_least_one(Opt::MaxPositions, self.max_positions)?;
        let (max_bytes, held) = memory_budget(max_memory);
        Ok(Solve { budget: Budget { max_positions: max_positions.unwrap_or(u64::MAX), max_bytes }, held })
    }
}

/// The settings a solve plays `game` under: the game itself, with no ply
/// limit unless one is asked for.
pub fn settings(game: GameName, given: &Settings) -> Settings {
    games::for_solve(game, given)
}

/// `pos` solved for the side to move: "win in N", "loss in N" or "draw";
/// `progress` hears how far the solve has come.
pub fn solve<G: Game>(
    game: &G,
    pos: &G::Position,
    req: &Solve,
    progress: &mut dyn FnMut(Progress),
) -> Result<Solution, Refusal> {
    match solver::solve(game, pos, &req.budget, progress) {
        Ok(solved) => Ok(solved.get(pos).expect("the root is solved")),
        Err(e) => Err(refusal(&e, req.held)),
    }
}

/// A memory budget `asked` for (none: the default), held to what the process
/// may use: the budget, and with it the budget asked for and the ceiling when
/// the ceiling is what holds it.
pub fn memory_budget(asked: Option<u64>) -> (u64, Option<(u64, u64)>) {
    match asked {
        Some(asked) => match crate::limits::bytes_within_memory(asked) {
            (bytes, Some(ceiling)) => (bytes, Some((asked, ceiling))),
            (bytes, None) => (bytes, None),
        },
        None => (solver::default_max_bytes(), None),
    }
}

/// A solve that gave up, as a refusal any door says in its own words: what
/// was too big and which budget to raise (`--max-memory`, `max_memory=`).
/// `held`: the memory asked for and the ceiling it was held to, as
/// [`memory_budget`] gives them.
pub fn refusal(e: &TooBig, held: Option<(u64, u64)>) -> Refusal {
    let said = e.to_string();
    match (e, held) {
        (TooBig::Stopped, _) => Refusal::budget(None, words![said]),
        (TooBig::Positions { .. }, _) => {
            Refusal::budget(Opt::MaxPositions, words![said, "; raise ", Opt::MaxPositions, " to try anyway"])
        }
        (_, Some((asked, _))) => Refusal::budget(
            Opt::MaxMemory,
            words![
                said,
                "; ",
                Word::set(Opt::MaxMemory, asked),
                format!(" ({}) is held to what this process may use (", Bytes(asked)),
                crate::limits::MEMORY_LIMITS,
                "); give it more memory"
            ],
        ),
        (_, None) => {
            Refusal::budget(Opt::MaxMemory, words![said, "; raise ", Opt::MaxMemory, " to try anyway"])
        }
    }
}
