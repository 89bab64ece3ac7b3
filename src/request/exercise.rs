//! `exercise` and `quiz` as every door asks for them: the rules their options
//! follow, said once.

use super::check;
use super::option::{Door, Opt};
use super::refusal::{Refusal, Word};
use super::search::Search;
use crate::exercise::files::{self, Asked};
use crate::exercise::generate::{Constraints, generate, parse_counts, parse_range};
use crate::exercise::page::Paper;
use crate::export::html::Addon;
use crate::games::tree::TextbookTree;
use crate::games::{GameName, Settings};
use crate::search::alphabeta::Pruning;
use crate::words;

/// The most levels an exercise's tree has.
pub const MAX_LEVELS: i64 = 8;

/// Alpha-beta's cut-off rule for an exercise of `search`: the CS188 rule is
/// alpha-beta's alone.
pub fn rule(search: Search, no_prune_on_ties: bool) -> Result<Pruning, Refusal> {
    if no_prune_on_ties && !search.prunes() {
        return Err(Refusal::usage(
            Opt::NoPruneOnTies,
            words![
                Opt::NoPruneOnTies,
                " is about alpha-beta; drop it or use ",
                Word::set(Opt::Search, "alphabeta")
            ],
        ));
    }
    Ok(if no_prune_on_ties { Pruning::PastBound } else { Pruning::OnTies })
}

/// An exercise's levels (plies below a game's position).
pub fn levels(depth: Option<i64>) -> Result<Option<u8>, Refusal> {
    Ok(check::within(Opt::Depth, depth, 1, MAX_LEVELS)?.map(|d| d as u8))
}

/// A range of leaf values, `LO..HI` or `LO,HI`, as `opt` gives it.
pub fn range(opt: Opt, text: Option<&str>, default: (i32, i32)) -> Result<(i32, i32), Refusal> {
    match text {
        None => Ok(default),
        Some(t) => parse_range(t)
            .map_err(|e| Refusal::usage(opt, words![Word::set(opt, format!("{t:?}")), format!(": {e}")])),
    }
}

/// Children per node, as `branching` gives them.
pub fn branching(text: Option<&str>, default: (u64, u64)) -> Result<(u64, u64), Refusal> {
    match text {
        None => Ok(default),
        Some(t) => parse_counts(t).map_err(|e| {
            Refusal::usage(
                Opt::Branching,
                words![Word::set(Opt::Branching, format!("{t:?}")), format!(": {e}")],
            )
        }),
    }
}

/// An exercise as a door gives it: a random textbook tree from a seed, or a
/// game's position.
#[derive(Clone, Debug, Default)]
pub struct ExerciseArgs {
    /// The first tree's seed (a random tree's).
    pub seed: Option<u64>,
    /// Levels of a random tree, or plies below a game's position.
    pub depth: Option<i64>,
    /// Children per inner node of a random tree.
    pub branching: Option<(u64, u64)>,
    /// Leaf values of a random tree.
    pub leaves: Option<(i32, i32)>,
    /// The fewest cut-offs.
    pub cutoffs: Option<i64>,
    /// One cut-off must skip an inner node.
    pub cut_above_leaves: bool,
    /// The search the students run by hand (minimax or alpha-beta).
    pub search: Search,
    /// The CS188 rule.
    pub no_prune_on_ties: bool,
    /// The PDFs' paper.
    pub paper: Paper,
    /// A game's position instead of a random tree.
    pub game: Option<GameName>,
    /// That position (the game's start unless given).
    pub position: Option<String>,
}

/// An exercise checked.
#[derive(Clone, Debug)]
pub struct Exercise {
    /// The first tree's seed.
    pub seed: u64,
    /// Levels, or plies.
    pub depth: u8,
    /// What a random tree must be.
    pub constraints: Constraints,
    /// What the sheets ask.
    pub asked: Asked,
    /// A game's position instead.
    pub game: Option<GameName>,
    /// That position.
    pub position: Option<String>,
}

impl ExerciseArgs {
    /// The exercise checked, or the first thing wrong with it.
    pub fn check(&self) -> Result<Exercise, Refusal> {
        let depth = levels(self.depth)?.unwrap_or(3);
        if !matches!(self.search, Search::Minimax | Search::Alphabeta) {
            return Err(Refusal::usage(
                Opt::Search,
                words![
                    Word::set(Opt::Search, self.search.name()),
                    ": an exercise is searched by minimax or alphabeta"
                ],
            ));
        }
        let rule = rule(self.search, self.no_prune_on_ties)?;
        if self.game.is_none() && self.position.is_some() {
            return Err(Refusal::usage(
                Opt::Position,
                words![Opt::Position, " is a game's: give ", Opt::Game, " too (tree for a tree of your own)"],
            ));
        }
        if self.game.is_some()
            && let Some(opt) = [
                (self.seed.is_some(), Opt::Seed),
                (self.branching.is_some(), Opt::Branching),
                (self.leaves.is_some(), Opt::Leaves),
            ]
            .into_iter()
            .find_map(|(given, opt)| given.then_some(opt))
        {
            return Err(Refusal::usage(
                opt,
                words![
                    opt,
                    " shapes a random tree; a game's position is drawn as it is (drop ",
                    opt,
                    " or ",
                    Opt::Game,
                    ")"
                ],
            ));
        }
        // A game's position must have a cut-off to show, a random tree the
        // two it is drawn with, unless told otherwise.
        let cutoffs = check::within(Opt::Cutoffs, self.cutoffs, 0, i64::from(u32::MAX))?
            .map_or(if self.game.is_some() { 1 } else { 2 }, |c| c as u32);
        let constraints = Constraints {
            depth,
            branching: self.branching.unwrap_or((2, 3)),
            leaves: self.leaves.unwrap_or((0, 20)),
            cutoffs,
            cut_above_leaves: self.cut_above_leaves,
            rule,
            ..Constraints::default()
        };
        constraints.check()?;
        let search = if self.search == Search::Minimax { Search::Minimax } else { Search::Alphabeta };
        let asked = Asked {
            search,
            rule,
            paper: self.paper,
            cutoffs,
            cut_above_leaves: self.cut_above_leaves,
            from_position: self.game.is_some(),
        };
        Ok(Exercise {
            seed: self.seed.unwrap_or(1),
            depth,
            constraints,
            asked,
            game: self.game,
            position: self.position.clone(),
        })
    }
}

impl Exercise {
    /// The files of exercise `number` of `count` (a random tree from seed
    /// `seed + number - 1`), by the names `gametree exercise` gives them; the
    /// page's "more" says how to make more in `door`'s words.
    pub fn files(
        &self,
        number: u32,
        count: u32,
        door: Door,
    ) -> Result<Vec<(&'static str, Vec<u8>)>, Refusal> {
        if let Some(name) = self.game {
            return crate::with_game!(name, &Settings::default(), |g| {
                let pos = check::position(g, self.position.as_deref())?;
                let g = &g.for_machine(g.to_move(&pos));
                let title = format!("Exercise: {} to move", g.player_name(g.to_move(&pos)));
                files::files(g, pos, self.depth, title, self.asked, &[])
            });
        }
        let text = self.tree_text(number)?;
        let game = TextbookTree::default();
        let pos =
            crate::game::Notation::parse_position(&game, &text).expect("generated trees are well formed");
        let nav = [navigation(number, count, self.seed, door)];
        files::files(&game, pos, self.depth, format!("Exercise {number}"), self.asked, &nav)
    }

    /// The random tree of exercise `number` (from seed `seed + number - 1`),
    /// in the textbook notation: what Python's `textbook_tree` gives.
    pub fn tree_text(&self, number: u32) -> Result<String, Refusal> {
        let seed = self.seed.wrapping_add(u64::from(number.saturating_sub(1)));
        generate(seed, &self.constraints, self.asked.search == Search::Alphabeta)
    }
}

/// The page's way through a batch, and past its last how to make more, in
/// `door`'s words.
pub fn navigation(number: u32, count: u32, first_seed: u64, door: Door) -> Addon {
    let next = first_seed.wrapping_add(u64::from(count));
    // The sheet reads "For more, run " before it. The page's downloads are
    // the command line's files byte for byte, and say its command.
    let more = match door {
        Door::Python => words!["the same gametree.exercise call with ", Word::set(Opt::Seed, next), "."],
        Door::Cli | Door::Page => {
            words!["the same gametree exercise command with ", Word::set(Opt::Seed, next), "."]
        }
    };
    let door = if door == Door::Python { door } else { Door::Cli };
    files::navigation(number, count, super::refusal::say(&more, door))
}

/// A quiz as a door gives it: a class's names, one random tree each from
/// seeds `seed`, `seed + 1`, ... (Python's `gametree.quiz`).
#[derive(Clone, Debug)]
pub struct QuizArgs {
    /// The names, one question each.
    pub names: Vec<String>,
    /// The first tree's seed.
    pub seed: u64,
    /// The search, by name: minimax or alphabeta.
    pub search: String,
    /// The CS188 rule.
    pub no_prune_on_ties: bool,
    /// Levels of each tree.
    pub depth: u8,
    /// The question bank's category (a default that names the exercise unless given).
    pub category: Option<String>,
}

/// A quiz checked, held to the class budget before its first tree is drawn.
#[derive(Clone, Debug)]
pub struct Quiz {
    args: QuizArgs,
    alphabeta: bool,
    constraints: Constraints,
    category: String,
}

impl QuizArgs {
    /// The quiz checked, or the first thing wrong with it.
    pub fn check(self) -> Result<Quiz, Refusal> {
        let alphabeta = match self.search.as_str() {
            "alphabeta" => true,
            "minimax" => false,
            other => {
                return Err(Refusal::usage(
                    Opt::Search,
                    words![
                        Word::set(Opt::Search, format!("{other:?}")),
                        ": an exercise is searched by \"minimax\" or \"alphabeta\""
                    ],
                ));
            }
        };
        let searched = if alphabeta { Search::Alphabeta } else { Search::Minimax };
        let rule = rule(searched, self.no_prune_on_ties)?;
        // Before a tree is drawn: 20,000 names would take gigabytes.
        super::budget::class(self.names.len(), None)?;
        let constraints = Constraints { depth: self.depth, rule, ..Constraints::default() };
        let category = self
            .category
            .clone()
            .unwrap_or_else(|| crate::exercise::quiz::default_category(self.seed, alphabeta, rule));
        Ok(Quiz { args: self, alphabeta, constraints, category })
    }
}

impl Quiz {
    /// The quiz: Moodle XML, GIFT, and the key as JSON (each student's name,
    /// tree and answers as `gametree exercise` writes them).
    pub fn made(&self) -> Result<crate::exercise::quiz::ClassQuiz, Refusal> {
        let a = &self.args;
        crate::exercise::quiz::class(&a.names, a.seed, &self.constraints, self.alphabeta, &self.category)
            .map_err(|e| Refusal::said(None, super::Why::Usage, e))
    }
}

/// The names of a class list's text, one question each, read from the file
/// `list` if it was one (`quiz::roster`): refused, naming the file, when it
/// has no name or more than the class budget takes (before a tree is drawn).
pub fn roster(text: &str, list: Option<&str>) -> Result<Vec<String>, Refusal> {
    let names = crate::exercise::quiz::roster(text).map_err(|e| match list {
        Some(path) => Refusal::usage(Opt::Class, words![Word::set(Opt::Class, path), format!(": {e}")]),
        None => Refusal::said(Opt::Class, super::Why::Usage, e),
    })?;
    super::budget::class(names.len(), list)?;
    Ok(names)
}
