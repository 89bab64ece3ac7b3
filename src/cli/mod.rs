//! Command-line wiring: parse arguments, open files, call the library, print.
//! No game logic lives here. Each command is one file (or folder) with its own
//! arguments; the argument groups several commands share are in `options`.
//! Every command returns an [`failure::Outcome`]; [`failure`] turns it into the
//! exit status.

mod analyse;
mod best;
mod checkers;
mod child;
mod completions;
mod contest;
mod deepening;
mod exercise;
mod explore;
mod exports;
pub mod failure;
mod fixtures;
mod lines;
mod manpage;
mod mcts;
mod options;
mod output;
mod perft;
mod perft_against;
mod play;
mod progress;
mod replay;
mod rules;
mod saved;
mod solve;
mod stderr;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use self::failure::{Failure, Kind, Outcome};

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

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the course's checkers protocol (stages 0, 1 and 2) on INPUT or stdin.
    #[command(name = "checkers")]
    Course(checkers::Args),
    /// Build the full tree of a position and show or export it.
    Analyse(analyse::Args),
    /// Print `d count` for d = 1..DEPTH: the positions exactly d actions deep.
    Perft(perft::Args),
    /// Solve a small game exactly: `win in N`, `loss in N` or `draw` for the side to move.
    Solve(solve::Args),
    /// Print the best action and its value: `MOVE VALUE`.
    Best(best::Args),
    /// Play in the terminal, reading actions from stdin line by line.
    Play(play::args::Args),
    /// Two machine levels play each other, colours swapped each game: which
    /// is stronger, by results.
    Match(contest::Args),
    /// Step through a saved game action by action.
    Replay(replay::Args),
    /// Write a worksheet and its answer key (PDF, SVG, LaTeX, the explorer in
    /// practice, every step as JSON) into DIR, from a seeded random tree or a
    /// game position.
    Exercise(exercise::Args),
    /// Open a saved analysis (the JSON `analyse --json` wrote) in the explorer
    /// again, with its statistics.
    Explore(explore::Args),
    /// Print the rules of a game.
    Rules(rules::Args),
    /// Print a shell completion script (e.g. `gametree completions bash > /etc/bash_completion.d/gametree`).
    Completions(completions::Args),
    /// Print the manual page in roff, or write one page per command with --all DIR
    /// (e.g. `gametree manpage --all ~/.cargo/share/man/man1; man gametree-play`).
    Manpage(manpage::Args),
    /// Run every INPUT.txt in DIR that has an INPUT-out.txt through a program and
    /// compare its stdout byte for byte.
    Fixtures(fixtures::Args),
}

impl Command {
    fn run(self) -> Outcome {
        match self {
            Command::Course(args) => args.run(),
            Command::Analyse(args) => args.run(),
            Command::Perft(args) => args.run(),
            Command::Solve(args) => args.run(),
            Command::Best(args) => args.run(),
            Command::Play(args) => args.run(),
            Command::Match(args) => args.run(),
            Command::Replay(args) => args.run(),
            Command::Exercise(args) => args.run(),
            Command::Explore(args) => args.run(),
            Command::Rules(args) => args.run(),
            Command::Completions(args) => args.run(),
            Command::Manpage(args) => args.run(),
            Command::Fixtures(args) => args.run(),
        }
    }
}

/// The program: parse, run the command, say how it ended.
pub fn main() -> ExitCode {
    // Output errors, stdout's closed pipe included, and bugs report
    // themselves in one line; an export's closed pipe is an ordinary write
    // error, so SIGPIPE stays ignored.
    std::panic::set_hook(Box::new(output::on_panic));
    let outcome = parse_arguments().and_then(|cli| cli.map_or(Ok(()), |cli| cli.command.run()));
    ExitCode::from(finish(outcome))
}

/// Parses the arguments: `None` when clap has answered them itself (`--help`,
/// `--version`). They are printed here, so that an unwritable stdout gives
/// status 4 as for every command; clap's own errors have been said.
fn parse_arguments() -> Result<Option<Cli>, Failure> {
    use std::io::Write;
    match Cli::try_parse() {
        Ok(cli) => Ok(Some(cli)),
        Err(e)
            if e.use_stderr()
                && let Some(said) = with_escapes_shown() =>
        {
            let said = rust_words(&said).unwrap_or(said);
            match write!(std::io::stderr(), "{said}") {
                Ok(()) => Err(Failure::quiet(Kind::Usage)),
                Err(_) => Err(Failure::quiet(Kind::Output)),
            }
        }
        Err(e) if e.use_stderr() && rust_words(&e.to_string()).is_some() => {
            let said = rust_words(&e.to_string()).unwrap_or_default();
            match write!(std::io::stderr(), "{said}") {
                Ok(()) => Err(Failure::quiet(Kind::Usage)),
                Err(_) => Err(Failure::quiet(Kind::Output)),
            }
        }
        Err(e) => match e.print().and_then(|()| std::io::stdout().flush()) {
            Err(_) if e.use_stderr() => Err(Failure::quiet(Kind::Output)),
            Err(_) => Err(Failure::output(output::stdout_failure())),
            Ok(()) if e.exit_code() == 0 => Ok(None),
            Ok(()) => Err(Failure::quiet(Kind::Usage)),
        },
    }
}

/// Clap's message for arguments that hold a control character (an escape,
/// a bell), with each shown escaped (`\u{1b}`) as every other message shows
/// them: clap's own output strips escapes (its colours' and the user's alike),
/// so `--depth $'3\e[2J'` was echoed as '3'. `None` when no argument holds one.
fn with_escapes_shown() -> Option<String> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let escaping = |a: &std::ffi::OsString| a.to_str().is_some_and(|a| crate::game::printable(a) != a);
    if !args.iter().any(escaping) {
        return None;
    }
    // Uncoloured, the rendered text is clap's words and the arguments' bytes.
    let plain = <Cli as clap::CommandFactory>::command().styles(clap::builder::Styles::plain());
    let e = plain.try_get_matches_from(args).err()?;
    Some(crate::game::printable(&e.render().ansi().to_string()).into_owned())
}

/// Clap's message with the standard library's words for a number it could
/// not read ("invalid digit found in string") put in a person's; `None`
/// when it has none of them.
fn rust_words(message: &str) -> Option<String> {
    const PLAIN: [(&str, &str); 5] = [
        ("invalid digit found in string", "expected a whole number (digits only, no point or exponent)"),
        ("number too large to fit in target type", "too large"),
        ("number too small to fit in target type", "too small"),
        ("cannot parse integer from empty string", "expected a whole number"),
        ("invalid float literal", "expected a number"),
    ];
    let found = PLAIN.iter().any(|(rust, _)| message.contains(rust));
    found.then(|| PLAIN.iter().fold(message.to_string(), |m, (rust, ours)| m.replace(rust, ours)))
}

/// Says how the command ended and gives its exit status. What a command
/// printed and could not write (play and match go on without their stdout)
/// is still an output error.
fn finish(outcome: Outcome) -> u8 {
    let status = match outcome {
        Ok(()) => failure::OK,
        Err(failure) => failure.report(),
    };
    // A closed terminal ended the session: what could not be said on it is
    // no output error, and the status stays SIGHUP's (129), as documented.
    if status == Kind::Signal(libc::SIGHUP).status() {
        return status;
    }
    if output::stdout_failed() && status != Kind::Output.status() {
        failure::report(output::stdout_failure());
        return Kind::Output.status();
    }
    // A message that could not be said is an output error too.
    if stderr::stderr_failed() {
        return Kind::Output.status();
    }
    status
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
}
