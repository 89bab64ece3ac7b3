//! Options given by name, as a door without typed arguments of its own
//! reads them (the page's JSON object): the door converts each value to its
//! type ([`Given`]), and each request says here which options it takes, in
//! what order, with what defaults, so that a new option is read in one place.

use super::analyse::{AnalyseArgs, MctsArgs, Outputs};
use super::best::BestArgs;
use super::check;
use super::exercise::{self, ExerciseArgs};
use super::machine::MachineArgs;
use super::option::Opt;
use super::perft::PerftArgs;
use super::refusal::{Refusal, Word};
use super::search::Search;
use crate::exercise::page::Paper;
use crate::game::{Game, Player};
use crate::search::levels::Level;
use crate::search::mcts::Rollout;
use crate::words;

/// A door's options by name, each read once, converted to the type asked
/// for or refused naming the option.
pub trait Given {
    /// A text; none when not given.
    fn text(&mut self, opt: Opt) -> Result<Option<String>, Refusal>;
    /// A switch: given or not.
    fn flag(&mut self, opt: Opt) -> Result<bool, Refusal>;
    /// A whole number, its range left to the request.
    fn whole(&mut self, opt: Opt) -> Result<Option<i64>, Refusal>;
    /// A number, as given (the request checks it).
    fn number(&mut self, opt: Opt) -> Result<Option<f64>, Refusal>;

    /// A value out of `choices`.
    fn choice(&mut self, opt: Opt, choices: &[&'static str]) -> Result<Option<&'static str>, Refusal> {
        let Some(text) = self.text(opt)? else { return Ok(None) };
        choices.iter().copied().find(|c| *c == text).map(Some).ok_or_else(|| {
            let set = Word::set(opt, format!("{text:?}"));
            Refusal::usage(opt, words![set, format!(": expected one of {}", choices.join(", "))])
        })
    }

    /// A seed: a whole number, 0 or more.
    fn seed(&mut self) -> Result<Option<u64>, Refusal> {
        Ok(check::within(Opt::Seed, self.whole(Opt::Seed)?, 0, i64::MAX)?.map(|s| s as u64))
    }

    /// The search, one of `allowed`; `default` when not given.
    fn search(&mut self, allowed: &[Search], default: Search) -> Result<Search, Refusal> {
        let names: Vec<&'static str> = allowed.iter().map(|s| s.name()).collect();
        Ok(self.choice(Opt::Search, &names)?.and_then(Search::named).unwrap_or(default))
    }

    /// The position, or the game's start.
    fn position<G: Game>(&mut self, game: &G) -> Result<G::Position, Refusal> {
        check::position(game, self.text(Opt::Position)?.as_deref())
    }

    /// A side, `first` or `second`.
    fn side(&mut self, opt: Opt) -> Result<Option<Player>, Refusal> {
        Ok(self
            .choice(opt, &["first", "second"])?
            .map(|s| if s == "first" { Player::First } else { Player::Second }))
    }

    /// MCTS's options.
    fn mcts(&mut self) -> Result<MctsArgs, Refusal> {
        Ok(MctsArgs {
            iterations: self.whole(Opt::Iterations)?,
            think: None,
            seed: self.seed()?,
            uct_c: self.number(Opt::UctC)?,
            rollout: match self.choice(Opt::Rollout, &["random", "heuristic"])? {
                Some("heuristic") => Some(Rollout::Heuristic),
                Some(_) => Some(Rollout::Random),
                None => None,
            },
            solver: self.flag(Opt::Solver)?,
            compare: self.flag(Opt::Compare)?,
        })
    }

    /// An `analyse` of `outputs` (its budgets are the door's).
    fn analyse(&mut self, outputs: Outputs) -> Result<AnalyseArgs, Refusal> {
        Ok(AnalyseArgs {
            search: self.search(&Search::ALL, Search::Minimax)?,
            depth: self.whole(Opt::Depth)?,
            no_prune_on_ties: self.flag(Opt::NoPruneOnTies)?,
            compare_orders: self.flag(Opt::CompareOrders)?,
            mcts: self.mcts()?,
            show_depth: self.whole(Opt::ShowDepth)?,
            show_line: self.flag(Opt::ShowLine)?,
            outputs,
            ..AnalyseArgs::default()
        })
    }

    /// A `best` by one of `allowed` (its budgets are the door's).
    fn best(&mut self, allowed: &[Search]) -> Result<BestArgs, Refusal> {
        Ok(BestArgs {
            search: self.search(allowed, Search::Alphabeta)?,
            depth: self.whole(Opt::Depth)?,
            mcts: self.mcts()?,
            ..BestArgs::default()
        })
    }

    /// A `perft`.
    fn perft(&mut self) -> Result<PerftArgs, Refusal> {
        Ok(PerftArgs {
            depth: self.whole(Opt::Depth)?,
            divide: self.flag(Opt::Divide)?,
            max_nodes: self.whole(Opt::MaxNodes)?,
            ..PerftArgs::default()
        })
    }

    /// The machine's move at a level (`strong` unless given).
    fn machine(&mut self) -> Result<MachineArgs, Refusal> {
        let names: Vec<&str> = Level::ALL.iter().map(|(_, n)| *n).collect();
        let level = match self.choice(Opt::Level, &names)? {
            Some(n) => Level::ALL.iter().find(|(_, m)| *m == n).map_or(Level::Strong, |(l, _)| *l),
            None => Level::Strong,
        };
        Ok(MachineArgs {
            level,
            depth: self.whole(Opt::Depth)?,
            seed: self.seed()?,
            think: self.whole(Opt::Think)?,
            max_nodes: None,
        })
    }

    /// An exercise: a random tree's, or with `game` a game's position's.
    fn exercise(&mut self) -> Result<ExerciseArgs, Refusal> {
        Ok(ExerciseArgs {
            seed: self.seed()?,
            depth: self.whole(Opt::Depth)?,
            branching: self
                .text(Opt::Branching)?
                .map(|t| exercise::branching(Some(&t), (2, 3)))
                .transpose()?,
            leaves: self
                .text(Opt::Leaves)?
                .map(|t| exercise::range(Opt::Leaves, Some(&t), (0, 20)))
                .transpose()?,
            cutoffs: self.whole(Opt::Cutoffs)?,
            cut_above_leaves: self.flag(Opt::CutAboveLeaves)?,
            search: match self.choice(Opt::Search, &["minimax", "alphabeta"])? {
                Some("minimax") => Search::Minimax,
                _ => Search::Alphabeta,
            },
            no_prune_on_ties: self.flag(Opt::NoPruneOnTies)?,
            paper: match self.choice(Opt::Paper, &["a4", "letter"])? {
                Some("letter") => Paper::Letter,
                _ => Paper::A4,
            },
            game: self.text(Opt::Game)?.map(|name| check::game(&name)).transpose()?,
            position: self.text(Opt::Position)?,
        })
    }
}
