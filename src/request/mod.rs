//! One request layer for every front door: the command line (`src/cli`), the
//! page's engine (`src/web`) and the Python module (`python/`) each translate
//! their arguments into a request here, and its refusals back into their own
//! spelling. Nothing a door checks is checked in the door: a new option, rule
//! or budget is added here once and every door follows.
//!
//! - [`option`]: every option a request takes, named once, and how each door
//!   spells it ([`Door`]).
//! - [`refusal`]: why a request is refused, naming the option at fault.
//! - [`budget`]: the budgets (nodes, bytes of every output, time, memory,
//!   iterations, class size) with their one table of defaults.
//! - [`search`]: the one enum of searches a door can ask for.
//! - [`check`]: the checks several requests share, each option's range.
//! - [`analyse`]: `analyse` and its exports, checked once; [`analysed`]: its
//!   result as a door keeps it (Python's `Tree`); [`depth`]: the depth a
//!   tree is built to when none is given, and what a given depth leaves out;
//!   [`best`]: `best`;
//!   [`exercise`]: the rules of exercises and quizzes; [`machine`]: the
//!   machine's move at a level, and its words for a person; [`perft`]: counts
//!   within their budgets; [`solve`]: a game solved exactly, within its
//!   budgets; [`explore`]: a saved analysis opened again.
//! - [`games`]: the list of games as every door shows it; [`board`]: a
//!   board drawn, set up and played in a door that draws its own (the page).
//! - [`given`]: the options each request takes, read by name from a door
//!   without typed arguments of its own (the page).
//! - [`plan`]: every file a request reads and writes, checked together
//!   before anything is built, and written all or none (unix only: the
//!   page's engine reads and writes no files).

pub mod analyse;
pub mod analysed;
pub mod best;
pub mod board;
pub mod budget;
pub mod check;
pub mod depth;
pub mod exercise;
pub mod explore;
pub mod games;
pub mod given;
pub mod machine;
pub mod notebook;
pub mod option;
pub mod perft;
#[cfg(unix)]
pub mod plan;
pub mod refusal;
pub mod search;
pub mod solve;

pub use option::{Door, Opt};
#[cfg(unix)]
pub use plan::OutputPlan;
pub use refusal::{Refusal, Why, Word};
pub use search::Search;
