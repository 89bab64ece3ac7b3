//! The start menu a person at a terminal meets when `play GAME` is given no
//! side, level, depth, position or saved game. Options on the command line
//! skip it, so scripts play as before.

use std::io::{self, Write};
use std::path::PathBuf;

use super::levels::{Level, Who};

/// What the person chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    New { first: Who, second: Who, level: Level },
    Load(PathBuf),
    Quit,
}

/// The game's names for its sides and its rules, for the questions.
pub struct About {
    pub game: &'static str,
    pub first: &'static str,
    pub second: &'static str,
    pub rules: &'static str,
    /// The game left off last time, if one was kept.
    pub last_game: Option<PathBuf>,
}

/// Asks until an answer is one of `options` (Enter takes the first); `None`
/// at the end of input.
fn ask(
    out: &mut dyn Write,
    read: &mut dyn FnMut() -> Option<String>,
    question: &str,
    options: &[&str],
) -> io::Result<Option<usize>> {
    loop {
        write!(out, "{question} [{}] ", options[0])?;
        out.flush()?;
        let Some(answer) = read() else { return Ok(None) };
        let answer = answer.trim().to_ascii_lowercase();
        if answer.is_empty() {
            return Ok(Some(0));
        }
        match options.iter().position(|o| o.split('/').any(|alias| alias == answer)) {
            Some(i) => return Ok(Some(i)),
            None => writeln!(out, "please answer {}", options.join(", "))?,
        }
    }
}

pub fn run(
    about: &About,
    out: &mut dyn Write,
    read: &mut dyn FnMut() -> Option<String>,
) -> io::Result<Choice> {
    writeln!(out, "gametree: {}", about.game)?;
    // With a game left off, continuing it comes first (and is the default).
    let options: &[&str] = match about.last_game {
        Some(_) => &["c/continue", "1/new", "2/load", "3/rules", "4/quit/q"],
        None => &["1/new", "2/load", "3/rules", "4/quit/q"],
    };
    let shift = usize::from(about.last_game.is_some());
    loop {
        if about.last_game.is_some() {
            writeln!(out, "c) continue the last game")?;
        }
        writeln!(out, "1) new game   2) load a saved game   3) rules   4) quit")?;
        let Some(pick) = ask(out, read, "choose:", options)? else {
            return Ok(Choice::Quit);
        };
        if let (Some(last), true) = (&about.last_game, pick < shift) {
            return Ok(Choice::Load(last.clone()));
        }
        match pick - shift {
            0 => {
                let Some(players) = ask(out, read, "players: 1 (against the machine) or 2?", &["1", "2"])?
                else {
                    return Ok(Choice::Quit);
                };
                if players == 0 {
                    let sides = [
                        &format!("{}/first/1", about.first) as &str,
                        &format!("{}/second/2", about.second) as &str,
                    ];
                    let question =
                        format!("your side: {} (first) or {} (second)?", about.first, about.second);
                    let Some(side) = ask(out, read, &question, &sides)? else { return Ok(Choice::Quit) };
                    let levels = ["strong", "hard", "medium", "easy", "random", "mcts"];
                    let question = "level: strong, hard, medium, easy, random or mcts?";
                    let Some(l) = ask(out, read, question, &levels)? else {
                        return Ok(Choice::Quit);
                    };
                    let level =
                        [Level::Strong, Level::Hard, Level::Medium, Level::Easy, Level::Random, Level::Mcts]
                            [l];
                    let (first, second) =
                        if side == 0 { (Who::Human, Who::Machine) } else { (Who::Machine, Who::Human) };
                    return Ok(Choice::New { first, second, level });
                }
                return Ok(Choice::New { first: Who::Human, second: Who::Human, level: Level::Strong });
            }
            1 => {
                write!(out, "saved game file: ")?;
                out.flush()?;
                match read() {
                    Some(f) if !f.trim().is_empty() => return Ok(Choice::Load(PathBuf::from(f.trim()))),
                    Some(_) => continue,
                    None => return Ok(Choice::Quit),
                }
            }
            2 => writeln!(out, "{}", super::wrap::wrap(about.rules, super::wrap::width()))?,
            _ => return Ok(Choice::Quit),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choose(answers: &[&str]) -> (Choice, String) {
        let about = About { game: "ataxx", first: "x", second: "o", rules: "Ataxx rules.", last_game: None };
        let mut answers = answers.iter().map(|s| s.to_string());
        let mut out = Vec::new();
        let choice = run(&about, &mut out, &mut || answers.next()).unwrap();
        (choice, String::from_utf8(out).unwrap())
    }

    #[test]
    fn the_menu_asks_players_side_and_level_with_defaults() {
        let (c, _) = choose(&["1", "", "", ""]);
        assert_eq!(c, Choice::New { first: Who::Human, second: Who::Machine, level: Level::Strong });
        let (c, _) = choose(&["new", "1", "o", "hard"]);
        assert_eq!(c, Choice::New { first: Who::Machine, second: Who::Human, level: Level::Hard });
        let (c, _) = choose(&["1", "", "", "mcts"]);
        assert_eq!(c, Choice::New { first: Who::Human, second: Who::Machine, level: Level::Mcts });
        let (c, _) = choose(&["1", "2"]);
        assert_eq!(c, Choice::New { first: Who::Human, second: Who::Human, level: Level::Strong });
        let (c, said) = choose(&["3", "9", "2", "game.save"]);
        assert_eq!(c, Choice::Load(PathBuf::from("game.save")));
        assert!(said.contains("Ataxx rules.") && said.contains("please answer 1/new"), "{said}");
        assert_eq!(choose(&["q"]).0, Choice::Quit);
        assert_eq!(choose(&["1", "1"]).0, Choice::Quit, "the end of input quits");
    }
}
