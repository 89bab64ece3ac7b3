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

/// What each question means, for `help` (or `?`) at its prompt.
const HELP_CHOOSE: &str = "new: a new game from the start; load: a game saved with `save FILE`; \
rules: how the game is played; quit: leave.";
const HELP_CONTINUE: &str = "continue: the game left off last time, where it stopped;";
const HELP_PLAYERS: &str =
    "1: you play one side and the machine the other; 2: two people take turns at this keyboard.";
const HELP_SIDE: &str = "the side you play; the first side moves first, the machine plays the other.";
const HELP_LEVEL: &str = "strong searches deepest and thinks for a second a move; hard, medium and easy \
search less deep; random plays any legal move; mcts plays by Monte Carlo tree search.";

/// Asks until an answer is one of `options` (Enter takes the first); `help`
/// or `?` says what the question means; `None` at the end of input.
fn ask(
    out: &mut dyn Write,
    read: &mut dyn FnMut() -> Option<String>,
    question: &str,
    options: &[&str],
    help: &str,
) -> io::Result<Option<usize>> {
    loop {
        write!(out, "{question} [{}] ", options[0])?;
        out.flush()?;
        let Some(answer) = read() else { return Ok(None) };
        let answer = answer.trim().to_ascii_lowercase();
        if answer.is_empty() {
            return Ok(Some(0));
        }
        if matches!(answer.as_str(), "help" | "?") {
            let said = format!("{help} Answer {}; Enter takes {}.", options.join(", "), options[0]);
            writeln!(out, "{}", super::wrap::fit(&said, super::wrap::width()))?;
            continue;
        }
        match options.iter().position(|o| o.split('/').any(|alias| alias == answer)) {
            Some(i) => return Ok(Some(i)),
            None => writeln!(out, "please answer {} (or help)", options.join(", "))?,
        }
    }
}

/// `gametree play` with no game, at a terminal: which game, from the list of
/// games; `None` if the person quits or the input ends.
pub fn pick_game(
    out: &mut dyn Write,
    read: &mut dyn FnMut() -> Option<String>,
) -> io::Result<Option<crate::games::GameName>> {
    let games = crate::games::ENTRIES;
    writeln!(out, "gametree: which game?")?;
    for (i, e) in games.iter().enumerate() {
        let line = format!("{}) {}: {}", i + 1, e.name, e.about);
        writeln!(out, "{}", super::wrap::fit(&line, super::wrap::width()))?;
    }
    let options: Vec<String> = games
        .iter()
        .enumerate()
        .map(|(i, e)| format!("{}/{}", i + 1, e.name))
        .chain(["q/quit".to_string()])
        .collect();
    let options: Vec<&str> = options.iter().map(String::as_str).collect();
    let help = "the number or the name of a game; `gametree play GAME` goes straight to it.";
    Ok(ask(out, read, "game:", &options, help)?.and_then(|i| crate::games::ALL.get(i).copied()))
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
    let choose_help = match about.last_game {
        Some(_) => format!("{HELP_CONTINUE} {HELP_CHOOSE}"),
        None => HELP_CHOOSE.to_string(),
    };
    loop {
        if about.last_game.is_some() {
            writeln!(out, "c) continue the last game")?;
        }
        writeln!(out, "1) new game   2) load a saved game   3) rules   4) quit")?;
        let Some(pick) = ask(out, read, "choose:", options, &choose_help)? else {
            return Ok(Choice::Quit);
        };
        if let (Some(last), true) = (&about.last_game, pick < shift) {
            return Ok(Choice::Load(last.clone()));
        }
        match pick - shift {
            0 => {
                let Some(players) =
                    ask(out, read, "players: 1 (against the machine) or 2?", &["1", "2"], HELP_PLAYERS)?
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
                    let Some(side) = ask(out, read, &question, &sides, HELP_SIDE)? else {
                        return Ok(Choice::Quit);
                    };
                    let levels = ["strong", "hard", "medium", "easy", "random", "mcts"];
                    let question = "level: strong, hard, medium, easy, random or mcts?";
                    let Some(l) = ask(out, read, question, &levels, HELP_LEVEL)? else {
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

    #[test]
    fn every_question_answers_help_and_asks_again() {
        let (c, said) = choose(&["help", "1", "?", "1", "help", "x", "?", "easy"]);
        assert_eq!(c, Choice::New { first: Who::Human, second: Who::Machine, level: Level::Easy });
        for meaning in [HELP_CHOOSE, HELP_PLAYERS, HELP_SIDE, HELP_LEVEL] {
            let start: String = meaning.chars().take(20).collect();
            assert!(said.contains(&start), "{start:?} in {said}");
        }
        assert!(!said.contains("please answer"), "help is an answer, not a mistake: {said}");
    }

    #[test]
    fn with_no_game_the_list_of_games_is_offered() {
        let pick = |answers: &[&str]| {
            let mut answers = answers.iter().map(|s| s.to_string());
            let mut out = Vec::new();
            let g = pick_game(&mut out, &mut || answers.next()).unwrap();
            (g, String::from_utf8(out).unwrap())
        };
        let (g, said) = pick(&["?", "2"]);
        assert_eq!(g, crate::games::ALL.get(1).copied());
        for e in crate::games::ENTRIES {
            assert!(said.contains(&format!(") {}: ", e.name)), "{} offered: {said}", e.name);
        }
        let last = crate::games::ALL[crate::games::ALL.len() - 1];
        assert_eq!(pick(&[last.as_str()]).0, Some(last));
        assert_eq!(pick(&["q"]).0, None);
        assert_eq!(pick(&[]).0, None, "the end of input quits");
    }
}
