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
    /// The actions the machine considers (in most games every legal one).
    Moves,
    /// Every legal action.
    Legal,
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
    /// An offer of a draw to the other side.
    Draw,
    /// The machine's suggestion.
    Hint,
    /// Values as numbers too, or no longer.
    Verbose,
    /// Anything else: an action in the game's notation, or a mistyped command.
    Action(String),
}

impl Command {
    /// The command a line asks for, or why it is refused: a command with
    /// words it does not take (`undo 5` would undo once, not five times).
    pub fn parse(line: &str) -> Result<Command, String> {
        let line = line.trim();
        let (word, arg) = line.split_once(char::is_whitespace).map_or((line, ""), |(c, a)| (c, a.trim()));
        let command = Command::word(word, arg).unwrap_or_else(|| Command::Action(line.to_string()));
        let takes_words = matches!(command, Command::Targets(_) | Command::Save { .. } | Command::Action(_));
        if !arg.is_empty() && !takes_words {
            let word = word.to_ascii_lowercase();
            return Err(format!("{word} takes nothing after it: type {word} alone"));
        }
        Ok(command)
    }

    /// The command `word` names, with its argument; `None`: no command.
    fn word(word: &str, arg: &str) -> Option<Command> {
        Some(match word.to_ascii_lowercase().as_str() {
            "" => Command::Nothing,
            "help" | "?" => Command::Help,
            "rules" => Command::Rules,
            "quit" | "q" | "exit" => Command::Quit,
            "resign" => Command::Resign,
            "moves" => Command::Moves,
            "legal" => Command::Legal,
            "targets" => Command::Targets(arg.to_string()),
            "undo" => Command::Undo,
            "save" => Command::Save { file: arg.to_string(), force: false },
            "save!" => Command::Save { file: arg.to_string(), force: true },
            "replay" => Command::Replay,
            "new" => Command::New,
            "draw" => Command::Draw,
            "hint" => Command::Hint,
            "verbose" => Command::Verbose,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_become_commands_in_any_case_with_their_aliases() {
        let parse = |l: &str| Command::parse(l).unwrap();
        assert_eq!(parse("  "), Command::Nothing);
        assert_eq!(parse("Q"), Command::Quit);
        assert_eq!(parse("exit"), Command::Quit);
        assert_eq!(parse("?"), Command::Help);
        assert_eq!(parse("targets  a7 "), Command::Targets("a7".to_string()));
        assert_eq!(parse("save! my game"), Command::Save { file: "my game".to_string(), force: true });
        assert_eq!(parse(" b6 "), Command::Action("b6".to_string()));
        // `h` is a column in most games, so no alias of help.
        assert_eq!(parse("h 8"), Command::Action("h 8".to_string()));
    }

    #[test]
    fn a_command_with_words_it_does_not_take_is_refused_in_one_line() {
        assert_eq!(Command::parse("undo 5").unwrap_err(), "undo takes nothing after it: type undo alone");
        assert_eq!(
            Command::parse("Resign please").unwrap_err(),
            "resign takes nothing after it: type resign alone"
        );
        assert!(Command::parse("quit now").is_err());
        assert!(Command::parse("draw\tplease").is_err());
    }
}
