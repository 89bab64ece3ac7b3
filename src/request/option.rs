//! Every option a request takes, named once, and how each front door spells it:
//! a refusal names `Opt::Depth`, and the command line says `--depth`, Python
//! `depth=` and the page its `depth` field.

/// An option of a request, by its one name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opt {
    /// The game.
    Game,
    /// The position, in the game's notation.
    Position,
    /// Checkers: a protocol input replayed to the position.
    Moves,
    /// Plies in the tree.
    Depth,
    /// Which search.
    Search,
    /// Alpha-beta cuts off only past the bound (CS188), not on reaching it (AIMA).
    NoPruneOnTies,
    /// Alpha-beta under each move order beside it.
    CompareOrders,
    /// MCTS's iterations.
    Iterations,
    /// MCTS's time to iterate for instead, in milliseconds.
    Think,
    /// MCTS's seed.
    Seed,
    /// MCTS's exploration constant.
    UctC,
    /// MCTS's playout policy.
    Rollout,
    /// MCTS's exact-win solver.
    Solver,
    /// Alpha-beta beside MCTS.
    Compare,
    /// Draw the tree to this depth only.
    ShowDepth,
    /// Draw the line of best play only.
    ShowLine,
    /// The node budget.
    MaxNodes,
    /// The byte budget of each output.
    MaxBytes,
    /// The time budget.
    MaxTime,
    /// The memory budget.
    MaxMemory,
    /// The solver's budget of distinct positions.
    MaxPositions,
    /// Threads to build and search on.
    Threads,
    /// perft: each first move's count.
    Divide,
    /// perft: another program to compare counts with.
    Against,
    /// The JSON export.
    Json,
    /// The Graphviz export.
    Dot,
    /// The explorer page.
    Html,
    /// The Gambit export.
    Efg,
    /// The drawing and page as the graph of distinct positions.
    MergeTranspositions,
    /// The search's events.
    Trace,
    /// Checkers: the folder each computed action's exports go into.
    ExportTrees,
    /// Iterative deepening's chart.
    Chart,
    /// A quiz's class list.
    Class,
    /// The folder an exercise set is written into.
    Out,
    /// A quiz's answer key, a file.
    Key,
    /// A quiz as Moodle XML.
    Moodle,
    /// A quiz as GIFT.
    Gift,
    /// The trees a grader runs.
    Trees,
    /// An action, in the game's notation.
    Action,
    /// A board's cells, set up point by point.
    Cells,
    /// The side to move of a board set up.
    ToMove,
    /// The side a person plays against the machine.
    You,
    /// The machine's level of play.
    Level,
    /// An exercise tree's children per node.
    Branching,
    /// An exercise tree's leaf values.
    Leaves,
    /// An exercise's cut-offs.
    Cutoffs,
    /// An exercise with a cut-off above the leaves.
    CutAboveLeaves,
    /// An exercise's paper size.
    Paper,
    /// A game's own option (`max-plies`, `radius`, ...), by its name.
    GameOption(&'static str),
}

impl Opt {
    /// Every option but the games' own.
    pub const ALL: &[Opt] = &[
        Opt::Game,
        Opt::Position,
        Opt::Depth,
        Opt::Search,
        Opt::NoPruneOnTies,
        Opt::CompareOrders,
        Opt::Iterations,
        Opt::Think,
        Opt::Seed,
        Opt::UctC,
        Opt::Rollout,
        Opt::Solver,
        Opt::Compare,
        Opt::ShowDepth,
        Opt::ShowLine,
        Opt::MaxNodes,
        Opt::MaxBytes,
        Opt::MaxTime,
        Opt::MaxMemory,
        Opt::Threads,
        Opt::Divide,
        Opt::Against,
        Opt::Json,
        Opt::Dot,
        Opt::Html,
        Opt::Efg,
        Opt::MergeTranspositions,
        Opt::Trace,
        Opt::Chart,
        Opt::Class,
        Opt::Moodle,
        Opt::Gift,
        Opt::Trees,
        Opt::Action,
        Opt::Cells,
        Opt::ToMove,
        Opt::You,
        Opt::Level,
        Opt::Branching,
        Opt::Leaves,
        Opt::Cutoffs,
        Opt::CutAboveLeaves,
        Opt::Paper,
    ];

    /// The option named `name` (a game's own among them).
    pub fn named(name: &str) -> Option<Opt> {
        Opt::ALL
            .iter()
            .copied()
            .find(|o| o.name() == name)
            .or_else(|| crate::games::options().find(|o| o.name == name).map(|o| Opt::GameOption(o.name)))
    }

    /// The option's one name, in the command line's words without the dashes
    /// (the page's key).
    pub fn name(self) -> &'static str {
        match self {
            Opt::Game => "game",
            Opt::Position => "position",
            Opt::Moves => "moves",
            Opt::Depth => "depth",
            Opt::Search => "search",
            Opt::NoPruneOnTies => "no-prune-on-ties",
            Opt::CompareOrders => "compare-orders",
            Opt::Iterations => "iterations",
            Opt::Think => "think",
            Opt::Seed => "seed",
            Opt::UctC => "uct-c",
            Opt::Rollout => "rollout",
            Opt::Solver => "solver",
            Opt::Compare => "compare",
            Opt::ShowDepth => "show-depth",
            Opt::ShowLine => "show-line",
            Opt::MaxNodes => "max-nodes",
            Opt::MaxBytes => "max-bytes",
            Opt::MaxTime => "max-time",
            Opt::MaxMemory => "max-memory",
            Opt::MaxPositions => "max-positions",
            Opt::Threads => "threads",
            Opt::Divide => "divide",
            Opt::Against => "against",
            Opt::Json => "json",
            Opt::Dot => "dot",
            Opt::Html => "html",
            Opt::Efg => "efg",
            Opt::MergeTranspositions => "merge-transpositions",
            Opt::Trace => "trace",
            Opt::ExportTrees => "export-trees",
            Opt::Chart => "chart",
            Opt::Class => "class",
            Opt::Out => "out",
            Opt::Key => "key",
            Opt::Moodle => "moodle",
            Opt::Gift => "gift",
            Opt::Trees => "trees",
            Opt::Action => "action",
            Opt::Cells => "cells",
            Opt::ToMove => "to-move",
            Opt::You => "you",
            Opt::Level => "level",
            Opt::Branching => "branching",
            Opt::Leaves => "leaves",
            Opt::Cutoffs => "cutoffs",
            Opt::CutAboveLeaves => "cut-above-leaves",
            Opt::Paper => "paper",
            Opt::GameOption(name) => name,
        }
    }

    /// Whether it is a switch (given or not) rather than an option with a value.
    pub fn is_switch(self) -> bool {
        matches!(
            self,
            Opt::NoPruneOnTies
                | Opt::CompareOrders
                | Opt::Solver
                | Opt::Compare
                | Opt::ShowLine
                | Opt::Divide
        )
    }
}

/// A front door: where a request came from, and so how its refusals spell options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Door {
    /// The command line: `--depth 3`.
    Cli,
    /// The Python module: `depth=3`.
    Python,
    /// The page: its `depth` field (and key).
    Page,
}

impl Door {
    /// The option as this door's user writes it, a switch as it is turned on:
    /// `--no-prune-on-ties`, `prune_on_ties=False`, `no-prune-on-ties`.
    pub fn spell(self, opt: Opt) -> String {
        match self {
            Door::Cli => format!("--{}", opt.name()),
            Door::Page => opt.name().to_string(),
            Door::Python => match opt {
                // Python's one switch that reads the other way round.
                Opt::NoPruneOnTies => "prune_on_ties=False".to_string(),
                // Python's exports are the searched tree's methods.
                Opt::Json | Opt::Dot | Opt::Html | Opt::Efg => format!("Tree.to_{}()", opt.name()),
                o if o.is_switch() => format!("{}=True", python_name(o)),
                o => format!("{}=", python_name(o)),
            },
        }
    }

    /// The option given `value`: `--search alphabeta`, `search="alphabeta"`, `search alphabeta`.
    pub fn spell_set(self, opt: Opt, value: &str) -> String {
        // Python writes a text in quotes; a number, or a text already quoted, as it is.
        let bare = value.parse::<f64>().is_ok() || value.starts_with('"');
        // A range, `A..B` on the command line and the page, is Python's pair.
        let pair = matches!(opt, Opt::Branching | Opt::Leaves)
            .then(|| value.split_once(".."))
            .flatten()
            .filter(|(a, b)| a.trim().parse::<i64>().is_ok() && b.trim().parse::<i64>().is_ok());
        match self {
            Door::Python if let Some((a, b)) = pair => {
                format!("{}=({}, {})", python_name(opt), a.trim(), b.trim())
            }
            Door::Cli => format!("--{} {value}", opt.name()),
            Door::Page => format!("{} {value}", opt.name()),
            Door::Python if bare => format!("{}={value}", python_name(opt)),
            Door::Python => format!("{}={value:?}", python_name(opt)),
        }
    }
}

/// The keyword Python takes for `opt`.
fn python_name(opt: Opt) -> String {
    match opt {
        Opt::NoPruneOnTies => "prune_on_ties".to_string(),
        // `gametree.quiz(students, ...)`: a list of names or a class list file.
        Opt::Class => "students".to_string(),
        o => o.name().replace('-', "_"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_door_spells_an_option_its_own_way() {
        assert_eq!(Door::Cli.spell(Opt::MaxNodes), "--max-nodes");
        assert_eq!(Door::Python.spell(Opt::MaxNodes), "max_nodes=");
        assert_eq!(Door::Page.spell(Opt::MaxNodes), "max-nodes");
        assert_eq!(Door::Python.spell(Opt::NoPruneOnTies), "prune_on_ties=False");
        assert_eq!(Door::Python.spell(Opt::CompareOrders), "compare_orders=True");
        assert_eq!(Door::Cli.spell_set(Opt::Search, "alphabeta"), "--search alphabeta");
        assert_eq!(Door::Python.spell_set(Opt::Search, "alphabeta"), "search=\"alphabeta\"");
        assert_eq!(Door::Python.spell_set(Opt::Depth, "99"), "depth=99");
        assert_eq!(Door::Python.spell(Opt::Class), "students=");
        assert_eq!(Door::Python.spell_set(Opt::Branching, "5..6"), "branching=(5, 6)");
        assert_eq!(Door::Cli.spell_set(Opt::Branching, "5..6"), "--branching 5..6");
    }

    #[test]
    fn every_option_is_found_by_its_one_name() {
        for &o in Opt::ALL {
            assert_eq!(Opt::named(o.name()), Some(o), "{o:?}");
        }
        assert_eq!(Opt::named("radius"), Some(Opt::GameOption("radius")));
        assert_eq!(Opt::named("depht"), None);
    }
}
