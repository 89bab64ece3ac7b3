//! A line typed during a game, parsed once into what it asks for.

/// What a line asks for. Command words are case-insensitive; anything that is
/// not a command word is offered to the game as an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// An empty line.
    Nothing,
    Help,
    Rules,
    Quit,
    Resign,
    /// The legal actions.
    Moves,
    /// Where the unit on a cell can go (the cell as typed, maybe empty).
    Targets(String),
    Undo,
    /// `save FILE`, or `save! FILE` to replace a file without asking.
    Save {
        file: String,
        force: bool,
    },
    Replay,
    New,
    /// Anything else: an action in the game's notation, or a mistyped command.
    Action(String),
}

impl Command {
    /// The command a line asks for (words after a command that takes none
    /// are ignored).
    pub fn parse(line: &str) -> Command {
        let line = line.trim();
        let (word, arg) = line.split_once(' ').map_or((line, ""), |(c, a)| (c, a.trim()));
        Command::word(word, arg).unwrap_or_else(|| Command::Action(line.to_string()))
    }

    /// The command `word` names, with its argument; `None`: no command.
    fn word(word: &str, arg: &str) -> Option<Command> {
        Some(match word.to_ascii_lowercase().as_str() {
            "" => Command::Nothing,
            "help" | "?" | "h" => Command::Help,
            "rules" => Command::Rules,
            "quit" | "q" | "exit" => Command::Quit,
            "resign" => Command::Resign,
            "moves" => Command::Moves,
            "targets" => Command::Targets(arg.to_string()),
            "undo" => Command::Undo,
            "save" => Command::Save { file: arg.to_string(), force: false },
            "save!" => Command::Save { file: arg.to_string(), force: true },
            "replay" => Command::Replay,
            "new" => Command::New,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_become_commands_in_any_case_with_their_aliases() {
        assert_eq!(Command::parse("  "), Command::Nothing);
        assert_eq!(Command::parse("Q"), Command::Quit);
        assert_eq!(Command::parse("exit"), Command::Quit);
        assert_eq!(Command::parse("?"), Command::Help);
        assert_eq!(Command::parse("targets  a7 "), Command::Targets("a7".to_string()));
        assert_eq!(
            Command::parse("save! my game"),
            Command::Save { file: "my game".to_string(), force: true }
        );
        assert_eq!(Command::parse(" b6 "), Command::Action("b6".to_string()));
    }
}
