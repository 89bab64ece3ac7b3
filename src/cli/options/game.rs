//! The options games declare (`--max-plies N`, `--radius N`, ...).

use crate::cli::failure::{Failure, Outcome};
use crate::games::{self, GameName, Settings};

/// The options games declare, each offered once; which game takes which is
/// checked once the game is known.
#[derive(Debug, Clone, Default)]
pub struct GameOptions(Settings);

impl GameOptions {
    /// The settings given.
    pub fn settings(&self) -> Settings {
        self.0.clone()
    }

    /// An option of one game given for another is a mistake: say so rather than
    /// ignore it.
    pub fn check(&self, game: GameName) -> Outcome {
        games::check(game, &self.0).map_err(Failure::usage)
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
                    .value_parser(super::whole::<i64>(o.min, o.max))
                    .help(format!("{}: {}", owners.join(", "), o.help)),
            );
        }
        cmd
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::failure::Kind;

    /// A command line of a game and its options, as the commands take them.
    #[derive(clap::Parser)]
    struct Probe {
        game: GameName,
        #[command(flatten)]
        options: GameOptions,
    }

    #[test]
    fn an_option_of_one_game_is_refused_for_another() {
        let check = |args: &[&str]| {
            let probe = Probe::try_parse_from(args).unwrap();
            probe.options.check(probe.game).map_err(|f| f.kind)
        };
        assert_eq!(check(&["probe", "checkers", "--defence", "3"]), Err(Kind::Usage));
        assert_eq!(check(&["probe", "gomoku", "--defence", "3"]), Ok(()));
        for (flag, owner, other) in [("--max-plies", "niujiao", "ataxx"), ("--radius", "gomoku", "tictactoe")]
        {
            assert_eq!(check(&["probe", owner, flag, "2"]), Ok(()), "{flag} for {owner}");
            assert_eq!(check(&["probe", other, flag, "2"]), Err(Kind::Usage), "{flag} for {other}");
        }
    }
}
