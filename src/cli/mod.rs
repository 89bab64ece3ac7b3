//! Command-line wiring: parse arguments, open files, call the library, print.
//! No game logic lives here.

mod analyse;
mod checkers;
mod contest;
mod exercise;
mod exports;
mod fixtures;
mod lines;
mod manual;
mod output;
mod play;
mod positions;
mod saved;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use crate::games::{self, GameName, Settings};
use crate::limits::{DEFAULT_MAX_NODES, Limits, default_threads};
use crate::tree::prepare_build;

/// Exit statuses shared by every command (documented in docs/exit-status.md).
pub mod status {
    pub const OK: u8 = 0;
    /// The protocol printed an `ERROR:` line; `fixtures`: a fixture failed.
    pub const ILLEGAL_ACTION: u8 = 1;
    /// Bad arguments, an unreadable or malformed input, a bad position or action.
    pub const USAGE: u8 = 2;
    /// A tree (or a solve) would have exceeded its budget.
    pub const TOO_MANY_NODES: u8 = 3;
    /// An output (export file, stdout) could not be written.
    pub const OUTPUT: u8 = 4;
}

/// The deepest tree any command accepts; deeper ones are refused before building.
pub const MAX_DEPTH: u8 = 64;

/// `perft`'s default budget: positions counted at one depth, a minute or two of
/// bulk counting.
pub const DEFAULT_MAX_COUNT: u64 = 100_000_000_000;

#[derive(Parser, Debug)]
#[command(
    name = "gametree",
    version,
    about = "Explicit minimax trees for small board games",
    max_term_width = 100
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Options shared by every command that builds a tree.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct TreeOptions {
    #[arg(long, help = depth_help(), value_parser = clap::value_parser!(u8).range(1..=MAX_DEPTH as i64))]
    depth: Option<u8>,
    /// Refuse to build a tree of more nodes than this.
    #[arg(long, default_value_t = DEFAULT_MAX_NODES, value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: u64,
    /// Print node count, arena bytes, build time and build rate to stderr.
    #[arg(long)]
    stats: bool,
    /// Threads to build deep trees on (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
}

impl TreeOptions {
    /// A budget over what a tree can hold would be cut silently: refuse it
    /// (commands that build a tree; alpha-beta's positions are not nodes).
    fn check_tree_capacity(&self) -> Result<(), u8> {
        if self.max_nodes > crate::limits::MAX_TREE_NODES {
            eprintln!(
                "gametree: --max-nodes {}: a tree holds at most {} nodes",
                self.max_nodes,
                crate::limits::MAX_TREE_NODES
            );
            return Err(status::USAGE);
        }
        Ok(())
    }

    fn build_options(&self) -> Limits {
        Limits {
            max_nodes: self.max_nodes,
            threads: self.threads.map_or_else(default_threads, usize::from),
            deadline: None,
        }
    }
}

/// `--depth`'s help: each game's own default, from the list of games.
fn depth_help() -> String {
    let defaults: Vec<String> = games::ALL.iter().map(|g| format!("{g} {}", g.default_depth())).collect();
    format!("Plies in the tree (1 to {MAX_DEPTH}); default: the game's own ({})", defaults.join(", "))
}

/// The options games declare (`--max-plies N`, ...), each offered once; which
/// game takes which is checked once the game is known.
#[derive(Debug, Clone, Default)]
pub struct GameOptions(Settings);

impl GameOptions {
    fn settings(&self) -> Settings {
        self.0.clone()
    }

    /// An option of one game given for another is a mistake: say so rather than
    /// ignore it.
    fn check(&self, game: GameName) -> Result<(), u8> {
        games::check(game, &self.0).map_err(|e| {
            eprintln!("gametree: {e}");
            status::USAGE
        })
    }
}

impl clap::FromArgMatches for GameOptions {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let mut options = GameOptions::default();
        options.update_from_arg_matches(matches)?;
        Ok(options)
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        for o in games::options() {
            if let Some(&v) = matches.get_one::<i64>(o.name) {
                self.0.set(o.name, v);
            }
        }
        Ok(())
    }
}

impl clap::Args for GameOptions {
    fn augment_args(mut cmd: clap::Command) -> clap::Command {
        for o in games::options() {
            let owners: Vec<&str> = games::games_taking(o.name).map(GameName::as_str).collect();
            cmd = cmd.arg(
                clap::Arg::new(o.name)
                    .long(o.name)
                    .value_name("N")
                    .value_parser(clap::value_parser!(i64).range(o.min..=o.max))
                    .help(format!("{}: {}", owners.join(", "), o.help)),
            );
        }
        cmd
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SearchKind {
    /// Plain minimax over the whole explicit tree.
    Minimax,
    /// Alpha-beta: same value and decision, fewer nodes visited.
    Alphabeta,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Who {
    Human,
    Machine,
}

/// How well the machine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Level {
    /// Any legal action, at random.
    Random,
    /// Search 1 ply.
    Easy,
    /// Search 2 plies.
    Medium,
    /// Search 3 plies.
    Hard,
    /// Alpha-beta deeper and deeper for --think milliseconds, at least to
    /// the game's own depth.
    Strong,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the course's checkers protocol (stages 0, 1 and 2) on INPUT or stdin.
    #[command(name = "checkers")]
    Course {
        /// Input file of actions and an optional A or P command; stdin when absent or `-`.
        input: Option<PathBuf>,
        #[command(flatten)]
        tree: TreeOptions,
        /// Also write DIR/action-N.json, .dot and .html (the explorer) for each
        /// computed action N.
        #[arg(long, value_name = "DIR")]
        export_trees: Option<PathBuf>,
        /// With --export-trees: draw levels 0 to K only in the DOT and HTML files.
        #[arg(long, value_name = "K", conflicts_with = "show_line", requires = "export_trees")]
        show_depth: Option<u8>,
        /// With --export-trees: draw the line of best play and its alternatives only.
        #[arg(long, requires = "export_trees")]
        show_line: bool,
        /// With --export-trees: the search whose values the exports show (the
        /// protocol's own choice is minimax's, which alpha-beta's always equals).
        #[arg(long, value_enum, default_value_t = SearchKind::Minimax, requires = "export_trees")]
        search: SearchKind,
    },
    /// Build the full tree of a position and show or export it.
    Analyse {
        /// The game.
        game: GameName,
        /// The position in the game's notation (default: the start).
        #[arg(long, conflicts_with = "moves")]
        position: Option<String>,
        /// Checkers: start from the position after replaying a protocol input (`-` for stdin).
        #[arg(long, value_name = "INPUT")]
        moves: Option<PathBuf>,
        #[command(flatten)]
        tree: TreeOptions,
        #[command(flatten)]
        game_options: GameOptions,
        /// Which search sets the values; alpha-beta marks the nodes it skips as pruned.
        #[arg(long, value_enum, default_value_t = SearchKind::Minimax)]
        search: SearchKind,
        #[command(flatten)]
        lessons: analyse::Lessons,
        #[command(flatten)]
        exports: exports::ExportOptions,
    },
    /// Print `d count` for d = 1..DEPTH: the positions exactly d actions deep.
    Perft {
        /// The game.
        game: GameName,
        /// Count positions 1 to DEPTH plies deep (1 to 64).
        #[arg(value_parser = clap::value_parser!(u8).range(1..=MAX_DEPTH as i64))]
        depth: u8,
        /// The position in the game's notation (default: the start).
        #[arg(long)]
        position: Option<String>,
        /// Threads to count on (default: every core); 1 counts on this thread alone.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: Option<u16>,
        /// After the totals, print for each legal action at the root the positions
        /// DEPTH deep below it.
        #[arg(long)]
        divide: bool,
        /// Stop with status 3 rather than count more positions than this at one
        /// depth (a depth predicted over it is not started).
        #[arg(long, default_value_t = DEFAULT_MAX_COUNT, value_parser = clap::value_parser!(u64).range(1..))]
        max_nodes: u64,
        /// Stop with status 3 after this many seconds (default: no limit; each
        /// finished depth is printed as it ends, so Ctrl-C keeps them too).
        #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..))]
        max_time: Option<u64>,
        #[command(flatten)]
        game_options: GameOptions,
    },
    /// Solve a small game exactly: `win in N`, `loss in N` or `draw` for the side to move.
    Solve {
        /// The game.
        game: GameName,
        /// The position in the game's notation (default: the start).
        #[arg(long)]
        position: Option<String>,
        /// Give up when more positions than this are reachable (default: no
        /// limit but the memory budget's).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        max_positions: Option<u64>,
        /// The memory the solver's tables may hold, e.g. 512M or 4G (default:
        /// 2G, or half the physical memory if that is less).
        #[arg(long, value_name = "SIZE", value_parser = parse_size)]
        max_memory: Option<u64>,
        #[command(flatten)]
        game_options: GameOptions,
    },
    /// Print the best action and its value: `MOVE VALUE`.
    Best {
        /// The game.
        game: GameName,
        /// The position in the game's notation (default: the start).
        #[arg(long)]
        position: Option<String>,
        #[command(flatten)]
        tree: TreeOptions,
        #[command(flatten)]
        game_options: GameOptions,
        /// Alpha-beta without a tree (fast), or minimax over the explicit tree.
        #[arg(long, value_enum, default_value_t = SearchKind::Alphabeta)]
        search: SearchKind,
    },
    /// Play in the terminal, reading actions from stdin line by line.
    Play {
        /// The game.
        game: GameName,
        /// Who plays the first side (black, x, red); default human, or the saved game's.
        #[arg(long, value_enum)]
        first: Option<Who>,
        /// Who plays the second side (white, o, blue); default machine, or the saved game's.
        #[arg(long, value_enum)]
        second: Option<Who>,
        /// Start from this position (its side to move starts).
        #[arg(long, conflicts_with = "resume")]
        position: Option<String>,
        /// Go on with a game saved with `save FILE`, with its sides, level and
        /// settings (options given here replace them, and say so); `-` reads it
        /// from stdin when the machine plays both sides.
        #[arg(long, value_name = "FILE")]
        resume: Option<PathBuf>,
        /// How well the machine plays (default strong, or the saved game's).
        #[arg(long, value_enum)]
        level: Option<Level>,
        /// The machine's search depth (overrides --level's).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=MAX_DEPTH as i64))]
        depth: Option<u8>,
        /// Pick at random among equally good machine actions, reproducibly.
        #[arg(long)]
        seed: Option<u64>,
        /// The most positions the machine may examine for one action; past it,
        /// it plays the choice of the deepest search that fits (default 50000000).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        max_nodes: Option<u64>,
        /// Milliseconds `--level strong` thinks per move, searching deeper while
        /// time allows (default 1000; a --depth searches that depth instead).
        /// With --seed the time is counted in positions, at the game's usual
        /// rate, so that a seed plays the same game on any machine.
        #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=600_000))]
        think: Option<u64>,
        /// Milliseconds to wait after each move when the machine plays both sides.
        #[arg(long, value_name = "MS", default_value_t = 0)]
        delay: u64,
        /// Draw boards in plain ASCII (x and o, +-|) for terminals without
        /// box-drawing characters or ●/○.
        #[arg(long)]
        ascii: bool,
        #[command(flatten)]
        game_options: GameOptions,
    },
    /// Two machine levels play each other, colours swapped each game: which
    /// is stronger, by results.
    Match {
        /// The game.
        game: GameName,
        /// The first contestant, who takes the first side in odd-numbered games.
        #[arg(value_enum)]
        a: Level,
        /// The second contestant.
        #[arg(value_enum)]
        b: Level,
        /// How many games.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        games: u32,
        /// Game N's contestants draw equal choices from seeds SEED+2(N-1) and
        /// SEED+2(N-1)+1, so games differ and a match can be played again.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Milliseconds `strong` thinks per move (counted in positions at the
        /// game's usual rate, as with a seed).
        #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
        think: u64,
        /// The most positions one move may examine (the deepest search that
        /// fits plays past it).
        #[arg(long, default_value_t = crate::limits::DEFAULT_MAX_NODES, value_parser = clap::value_parser!(u64).range(1..))]
        max_nodes: u64,
        #[command(flatten)]
        game_options: GameOptions,
    },
    /// Step through a saved game action by action.
    Replay {
        /// A file written by `save FILE` in `gametree play` (`-` for stdin).
        file: PathBuf,
        /// Draw boards in plain ASCII.
        #[arg(long)]
        ascii: bool,
    },
    /// Write a worksheet and its answer key (PDF, SVG, LaTeX, the explorer in
    /// practice, every step as JSON) into DIR, from a seeded random tree or a
    /// game position.
    Exercise(exercise::Args),
    /// Print the rules of a game.
    Rules {
        /// The game.
        game: GameName,
    },
    /// Print a shell completion script (e.g. `gametree completions bash > /etc/bash_completion.d/gametree`).
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
    /// Print the manual page in roff, or write one page per command with --all DIR
    /// (e.g. `gametree manpage --all ~/.cargo/share/man/man1; man gametree-play`).
    Manpage(manual::ManpageOptions),
    /// Run every INPUT.txt in DIR that has an INPUT-out.txt through a program and
    /// compare its stdout byte for byte.
    Fixtures {
        /// The folder of NAME.txt inputs and NAME-out.txt expected outputs.
        dir: PathBuf,
        /// The program and its arguments, split at white space (default: this
        /// gametree's `checkers` command). Each input is given on stdin.
        #[arg(long, value_name = "PROGRAM ARGS")]
        cmd: Option<String>,
        /// Seconds each run may take before it is stopped and counted as failed.
        #[arg(long, default_value_t = 60)]
        timeout: u64,
    },
}

/// A byte count with an optional binary suffix: `4096`, `64K`, `512M`, `2G`
/// (`KiB`, `MiB`, `GiB`, `TiB` too).
fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (number, unit) = t.split_at(digits);
    let shift = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => return Err(format!("{unit:?} is not a size unit (use K, M, G or T)")),
    };
    let n: u64 = number.parse().map_err(|_| "expected a number of bytes, e.g. 512M or 2G".to_string())?;
    match n.checked_mul(1 << shift) {
        Some(0) => Err("the budget must be more than 0 bytes".into()),
        Some(b) => Ok(b),
        None => Err("too large".into()),
    }
}

/// What a saved game says before its moves: its game and settings.
fn saved_header(path: &std::path::Path) -> Result<crate::savegame::Header, u8> {
    let text = lines::read_small_file(path).map_err(|e| {
        eprintln!("gametree: {e}");
        status::USAGE
    })?;
    crate::savegame::header(&text).map_err(|e| {
        eprintln!("gametree: {}: {e}", lines::input_name(path));
        status::USAGE
    })
}

/// The game a saved-game file names on its `game NAME` line.
fn saved_game_name(path: &std::path::Path) -> Result<GameName, u8> {
    let name = saved_header(path)?.game;
    GameName::from_str(&name, true).map_err(|_| {
        eprintln!("gametree: {}: unknown game {}", lines::input_name(path), lines::quoted_start(&name));
        status::USAGE
    })
}

/// Output errors, stdout's closed pipe included, and bugs report themselves
/// in one line (see `output::on_panic`); an export's closed pipe is an
/// ordinary write error, so SIGPIPE stays ignored.
fn quiet_failures() {
    std::panic::set_hook(Box::new(output::on_panic));
}

/// Parses the arguments; `--help` and `--version` are printed here, so that
/// an unwritable stdout gives status 4 as for every command.
fn parse_arguments() -> Result<Cli, u8> {
    use std::io::Write;
    Cli::try_parse().map_err(|e| {
        let printed = e.print().and_then(|()| std::io::stdout().flush());
        match printed {
            Err(_) => {
                if !e.use_stderr() {
                    let _ = writeln!(std::io::stderr(), "gametree: cannot write to stdout");
                }
                status::OUTPUT
            }
            Ok(()) => e.exit_code().try_into().unwrap_or(status::USAGE),
        }
    })
}

pub fn main() -> ExitCode {
    quiet_failures();
    let cli = match parse_arguments() {
        Ok(cli) => cli,
        Err(code) => return ExitCode::from(code),
    };
    let code = match cli.command {
        Command::Course { input, tree, export_trees, show_depth, show_line, search } => {
            prepare_build(tree.depth.unwrap_or_else(checkers::default_depth), &tree.build_options());
            let scope = exports::ExportOptions { show_depth, show_line, ..Default::default() }.scope();
            checkers::run(input.as_deref(), &tree, export_trees.as_deref(), scope, search)
        }
        Command::Analyse { game_options, game, .. }
        | Command::Perft { game_options, game, .. }
        | Command::Solve { game_options, game, .. }
        | Command::Best { game_options, game, .. }
        | Command::Play { game_options, game, .. }
            if game_options.check(game).is_err() =>
        {
            status::USAGE
        }
        Command::Analyse { game, position, moves, tree, game_options, search, lessons, exports } => {
            let request = analyse::Request {
                position: position.as_deref(),
                moves: moves.as_deref(),
                tree,
                search,
                lessons,
                exports: &exports,
            };
            crate::with_game!(game, &game_options.settings(), |g| {
                // Helper threads start while the position is still being read.
                prepare_build(tree.depth.unwrap_or_else(|| g.default_depth()), &tree.build_options());
                analyse::run(g, &request)
            })
        }
        Command::Perft { game, depth, position, threads, divide, max_nodes, max_time, game_options } => {
            let request = positions::PerftRequest {
                position: position.as_deref(),
                depth,
                threads: threads.map_or_else(default_threads, usize::from),
                divide,
                max_count: max_nodes,
                max_time: max_time.map(std::time::Duration::from_secs),
            };
            crate::with_game!(game, &game_options.settings(), |g| positions::perft(g, &request))
        }
        Command::Solve { game, position, max_positions, max_memory, game_options } => {
            let budget = crate::search::solve::Budget {
                max_positions: max_positions.unwrap_or(u64::MAX),
                max_bytes: max_memory.unwrap_or_else(crate::search::solve::default_max_bytes),
            };
            // A solve is of the game itself: no ply limit unless one is asked for.
            let settings = games::for_solve(game, &game_options.settings());
            crate::with_game!(game, &settings, |g| positions::solve(g, position.as_deref(), &budget))
        }
        Command::Best { game, position, tree, game_options, search } => {
            crate::with_game!(game, &game_options.settings(), |g| positions::best(
                g,
                position.as_deref(),
                &tree,
                search
            ))
        }
        Command::Play {
            game,
            first,
            second,
            position,
            resume,
            level,
            depth,
            seed,
            max_nodes,
            think,
            delay,
            ascii,
            game_options,
        } => {
            let given = play::settings::Given {
                first,
                second,
                level,
                depth,
                seed,
                max_nodes,
                think,
                game: game_options.settings(),
            };
            play::start(
                game,
                given,
                position.as_deref(),
                resume,
                std::time::Duration::from_millis(delay),
                ascii,
            )
        }
        Command::Match { game, a, b, games, seed, think, max_nodes, game_options } => {
            let strength = |level| play::opponent::Strength {
                level,
                depth: None,
                seed: None,
                think: std::time::Duration::from_millis(think),
                max_nodes,
            };
            crate::with_game!(game, &game_options.settings(), |g| contest::run(
                g,
                strength(a),
                strength(b),
                games,
                seed
            ))
        }
        Command::Exercise(args) => exercise::start(&args),
        Command::Replay { file, ascii } => match saved_game_name(&file) {
            Ok(game) => crate::with_game!(game, &Settings::default(), |g| play::replay(g, &file, ascii)),
            Err(code) => code,
        },
        Command::Rules { game } => {
            crate::with_game!(game, &Settings::default(), |g| {
                print!("{}", crate::game::Presentation::rules(g));
                status::OK
            })
        }
        Command::Fixtures { dir, cmd, timeout } => fixtures::run(&dir, cmd.as_deref(), timeout),
        Command::Completions { shell } => manual::completions(shell),
        Command::Manpage(options) => manual::manpage(&options),
    };
    // What a command printed and could not write (play and match go on
    // without their stdout) is still an output error.
    if output::stdout_failed() && code != status::OUTPUT {
        eprintln!("gametree: cannot write to stdout");
        return ExitCode::from(status::OUTPUT);
    }
    ExitCode::from(code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn every_argument_of_every_command_has_help() {
        let cli = Cli::command();
        cli.clone().debug_assert();
        for cmd in cli.get_subcommands() {
            assert!(cmd.get_about().is_some(), "{} has no description", cmd.get_name());
            for arg in cmd.get_arguments() {
                let id = arg.get_id().as_str();
                if id == "help" || id == "version" {
                    continue;
                }
                assert!(arg.get_help().is_some(), "{} {id} has no help", cmd.get_name());
            }
        }
    }

    #[test]
    fn sizes_read_with_binary_units() {
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size("64K"), Ok(64 << 10));
        assert_eq!(parse_size("512m"), Ok(512 << 20));
        assert_eq!(parse_size("2GiB"), Ok(2 << 30));
        for bad in ["", "0", "2X", "G", "-1", "99999999999T"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn an_option_of_one_game_is_refused_for_another() {
        let parse = |args: &[&str]| Cli::try_parse_from(args).unwrap();
        let Command::Perft { game_options, game, .. } =
            parse(&["gametree", "perft", "checkers", "3", "--defence", "3"]).command
        else {
            unreachable!()
        };
        assert_eq!(game_options.check(game), Err(status::USAGE));
        let Command::Perft { game_options, game, .. } =
            parse(&["gametree", "perft", "gomoku", "3", "--defence", "3"]).command
        else {
            unreachable!()
        };
        assert_eq!(game_options.check(game), Ok(()));
        for (flag, owner, other) in [("--max-plies", "niujiao", "ataxx"), ("--radius", "gomoku", "tictactoe")]
        {
            for (game, ok) in [(owner, true), (other, false)] {
                let cli = parse(&["gametree", "analyse", game, flag, "2"]);
                let Command::Analyse { game_options, game, .. } = cli.command else { unreachable!() };
                assert_eq!(game_options.check(game).is_ok(), ok, "{flag} for {game:?}");
            }
        }
    }
}
