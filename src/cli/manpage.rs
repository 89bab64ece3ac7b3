//! `gametree manpage`: the command line described for `man` (the main page,
//! or one page per command with `--all DIR`). The pages come from the
//! argument definitions themselves; only the exit statuses are written out
//! here.

use std::path::{Path, PathBuf};

use clap::CommandFactory;
use clap_mangen::Man;
use clap_mangen::roff::{Roff, bold, roman};

use super::Cli;
use super::failure::{Failure, Kind, OK, Outcome};
use super::lines::STDIO;
use super::output::write_output;

const ILLEGAL_ACTION: u8 = Kind::Refused.status();
const USAGE: u8 = Kind::Usage.status();
const TOO_MANY_NODES: u8 = Kind::Budget.status();
const OUTPUT: u8 = Kind::Output.status();

/// `gametree manpage`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Write one page per command into DIR, created if need be: gametree.1,
    /// gametree-checkers.1, gametree-analyse.1 and so on (`man DIR/gametree-play.1`).
    #[arg(long, value_name = "DIR")]
    all: Option<PathBuf>,
}

/// What each command's exit statuses mean for it. docs/exit-status.md says the
/// same at more length; a test holds the two together.
pub const EXIT_STATUSES: &[(&str, &[(u8, &str)])] = &[
    (
        "checkers",
        &[
            (OK, "the input was played to its end, a won game included"),
            (ILLEGAL_ACTION, "an ERROR: line was printed for an illegal action"),
            (
                USAGE,
                "bad arguments, an unreadable input or a malformed line (what was printed before it stays)",
            ),
            (TOO_MANY_NODES, "a tree would have had more nodes than --max-nodes"),
            (OUTPUT, "stdout or an export could not be written"),
        ],
    ),
    (
        "analyse",
        &[
            (OK, "the tree was built, searched and written"),
            (USAGE, "bad arguments, a malformed position or --moves input, two exports aimed at one file"),
            (TOO_MANY_NODES, "the tree would have had more nodes than --max-nodes (nothing is written)"),
            (OUTPUT, "stdout or an export could not be written"),
        ],
    ),
    (
        "perft",
        &[
            (OK, "every depth was counted; with --against, the other program agreed"),
            (
                ILLEGAL_ACTION,
                "--against: the other program's counts differ, or it hung, flooded, failed or printed no divide",
            ),
            (USAGE, "bad arguments, a malformed position, or an --against program that cannot be started"),
            (
                TOO_MANY_NODES,
                "a depth was predicted over --max-nodes, or --max-time ran out (finished depths stay printed)",
            ),
            (OUTPUT, "stdout could not be written"),
        ],
    ),
    (
        "solve",
        &[
            (OK, "the position was solved"),
            (USAGE, "bad arguments or a malformed position"),
            (TOO_MANY_NODES, "the solver's tables would have passed --max-memory or --max-positions"),
            (OUTPUT, "stdout could not be written"),
        ],
    ),
    (
        "best",
        &[
            (OK, "the best action was printed"),
            (USAGE, "bad arguments or a malformed position"),
            (TOO_MANY_NODES, "the tree or the search would have passed --max-nodes"),
            (OUTPUT, "stdout could not be written"),
        ],
    ),
    (
        "play",
        &[
            (OK, "the game finished, or was quit or left at the end of the input"),
            (USAGE, "bad arguments, position or saved game; in a script, an illegal action or a failed save"),
            (TOO_MANY_NODES, "not even one ply of the machine's search fits --max-nodes"),
            (OUTPUT, "stdout could not be written (the game is played on)"),
            (
                Kind::Signal(libc::SIGHUP).status(),
                "the terminal closed (SIGHUP) during a game, which was kept for `play GAME` to continue",
            ),
            (
                Kind::Signal(libc::SIGINT).status(),
                "Ctrl-C (SIGINT) at a prompt during a game, which was kept for `play GAME` to continue",
            ),
        ],
    ),
    (
        "match",
        &[
            (OK, "every game was played"),
            (USAGE, "bad arguments"),
            (TOO_MANY_NODES, "not even one ply of a contestant's search fits --max-nodes"),
            (OUTPUT, "stdout could not be written (the games are played on)"),
        ],
    ),
    (
        "replay",
        &[
            (OK, "the game was shown"),
            (USAGE, "bad arguments, or a saved game that is unreadable, damaged or over 16 MiB"),
            (OUTPUT, "stdout could not be written"),
        ],
    ),
    (
        "exercise",
        &[
            (OK, "every exercise was written"),
            (USAGE, "bad arguments, a malformed position, or no tree met the constraints"),
            (TOO_MANY_NODES, "the position's tree has more nodes than a sheet can show"),
            (OUTPUT, "DIR or a file in it could not be written"),
        ],
    ),
    (
        "explore",
        &[
            (OK, "the saved analysis was opened and its page written"),
            (
                USAGE,
                "bad arguments, or a file that is no saved analysis, was edited, or was saved with other game settings",
            ),
            (TOO_MANY_NODES, "the page would pass --max-bytes"),
            (OUTPUT, "the page could not be written"),
        ],
    ),
    (
        "rules",
        &[
            (OK, "the rules were printed"),
            (USAGE, "bad arguments (an unknown game)"),
            (OUTPUT, "stdout could not be written"),
        ],
    ),
    (
        "completions",
        &[
            (OK, "the script was printed"),
            (USAGE, "bad arguments (an unknown shell)"),
            (OUTPUT, "stdout could not be written"),
        ],
    ),
    (
        "manpage",
        &[
            (OK, "the page, or every page, was written"),
            (USAGE, "bad arguments"),
            (OUTPUT, "stdout, DIR or a page in it could not be written"),
        ],
    ),
    (
        "fixtures",
        &[
            (OK, "every fixture passed"),
            (ILLEGAL_ACTION, "at least one fixture failed"),
            (USAGE, "bad arguments, an unreadable DIR or one without fixtures, a program that cannot start"),
            (OUTPUT, "stdout could not be written"),
        ],
    ),
];

/// What every command's statuses have in common, for the main page.
const COMMON_STATUSES: &[(u8, &str)] = &[
    (OK, "success"),
    (ILLEGAL_ACTION, "checkers: an ERROR: line was printed; fixtures: a fixture failed"),
    (USAGE, "bad arguments, or an unreadable or malformed input"),
    (
        TOO_MANY_NODES,
        "a budget (--max-nodes, --max-time, --max-memory, --max-positions) would have been passed",
    ),
    (OUTPUT, "an output (stdout, an export, a page) could not be written"),
];

const SIGNALS: &str = "Killed by SIGINT, SIGTERM or SIGHUP, a command ends as the signal ends it \
    (status 128 + the signal's number in a shell). A bug, should there be one, is reported in \
    one line as an internal error, status 101.";

impl Args {
    /// The main page to stdout, or every page into a folder.
    pub fn run(self) -> Outcome {
        let result = match &self.all {
            None => write_output(Path::new(STDIO), |w| w.write_all(page(&command_line()).as_bytes())),
            Some(dir) => write_all_pages(dir),
        };
        result.map_err(Failure::output)
    }
}

/// The command line as the pages show it: built, so that each command knows
/// its full name (`gametree-play`), and without clap's `help` command, which
/// has no page.
fn command_line() -> clap::Command {
    let mut cli = Cli::command().disable_help_subcommand(true);
    cli.build();
    cli
}

/// `DIR/gametree.1` and `DIR/gametree-COMMAND.1` for every command.
fn write_all_pages(dir: &Path) -> std::io::Result<()> {
    let in_dir =
        |e: std::io::Error, what: &Path| std::io::Error::new(e.kind(), format!("{}: {e}", what.display()));
    std::fs::create_dir_all(dir).map_err(|e| in_dir(e, dir))?;
    let cli = command_line();
    // All pages or none: each is written under its temporary name, and only
    // once every one is whole are they renamed into place (a disk that
    // filled part way left this version's first pages beside the last one's).
    let mut staged = Vec::new();
    for cmd in std::iter::once(&cli).chain(cli.get_subcommands()) {
        let man = Man::new(cmd.clone());
        let path = dir.join(man.get_filename());
        let written = super::output::write_staged(&path, |w| w.write_all(page(cmd).as_bytes()));
        staged.extend(written.map_err(|e| in_dir(e, &path))?);
    }
    for file in staged {
        let path = file.target().to_path_buf();
        file.put_in_place().map_err(|e| in_dir(e, &path))?;
    }
    super::output::sync_folder(dir).map_err(|e| in_dir(e, dir))
}

/// The roff page of `cmd` (the whole command line, or one command of it, once
/// built), with an EXIT STATUS section before its VERSION, as man-pages(7) orders them.
fn page(cmd: &clap::Command) -> String {
    let mut text = Vec::new();
    // Every page's footer names the program, commands' pages included.
    let source = format!("gametree {}", env!("CARGO_PKG_VERSION"));
    Man::new(cmd.clone()).source(source).render(&mut text).expect("writing to memory cannot fail");
    let text = String::from_utf8(text).expect("clap_mangen writes UTF-8");
    let statuses = match EXIT_STATUSES.iter().find(|(name, _)| *name == cmd.get_name()) {
        Some((_, own)) => own,
        None => COMMON_STATUSES,
    };
    let mut section = Roff::new();
    section.control("SH", ["EXIT STATUS"]);
    for (code, meaning) in statuses {
        section.control("TP", []).text([bold(code.to_string())]).text([roman(*meaning)]);
    }
    section.control("PP", []).text([roman(SIGNALS)]);
    if cmd.has_subcommands() {
        section.text([roman(
            "Each command's own page (gametree manpage --all DIR writes them) says what its statuses mean for it.",
        )]);
    }
    // Rendered as the page is (apostrophes as \*(Aq), less the preamble that
    // defines that string, which the page has already.
    let section = section.render();
    let section = section.strip_prefix(&Roff::new().render()).unwrap_or(&section);
    match text.find("\n.SH VERSION") {
        Some(at) => format!("{}\n{section}{}", &text[..at], &text[at + 1..]),
        None => text + section,
    }
}
