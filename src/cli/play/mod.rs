//! `gametree play` and `gametree replay`: games in the terminal.
//!
//! Actions and commands come from stdin one per line, so a game can be scripted.
//! On a terminal a mistyped line is explained and asked again; in a script it is
//! an error that names the line and stops the game. A finished game stays open
//! for undo, save, replay and a new game until `quit` or the end of input.

pub mod ending;
pub mod menu;
pub mod opponent;
mod replay;
pub mod settings;

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use self::ending::{announce, resigned};
use self::opponent::{Opponent, Strength};
use self::replay::Story;
use self::settings::{Given, PlaySettings};
use super::lines::{Lines, input_name, is_stdio, quoted_start, read_small_file};
use super::output::write_output;
use super::positions::position_or_start;
use super::{Who, status};
use crate::game::{Game, Marks, Player};
use crate::games::{self, GameName, Settings};
use crate::savegame::SavedGame;

pub struct Setup<'a> {
    pub settings: PlaySettings,
    /// Said before the game: which saved settings the command line replaced.
    pub notes: Vec<String>,
    pub position: Option<&'a str>,
    pub resume: Option<&'a Path>,
    /// Between machine moves when no person plays.
    pub delay: Duration,
    /// Boards in plain ASCII, for terminals without box-drawing characters.
    pub ascii: bool,
}

/// Machine-only games stop here if nothing has ended them (checkers has no draw rule).
pub const MAX_ACTIONS: usize = 1000;

const HELP: &str = "\
commands: an action in the game's notation; moves (the legal actions); targets CELL
(where the unit on CELL can go, marked on the board, in games whose units move);
undo (your last action and the replies to it); resign; save FILE; rules; help (or
?); quit (or q, exit). Commands may be typed in any case.";

const AFTER: &str = "undo (take back and go on), save FILE, replay, new (same settings), quit";

/// A game in progress: where it started, what was played, where it stands.
struct Record<G: Game> {
    start: G::Position,
    played: Vec<(G::Position, G::Action)>,
    pos: G::Position,
    /// The side that resigned, if one did (undone by `undo` or `new`).
    resigned: Option<Player>,
}

impl<G: Game> Record<G> {
    fn new(start: G::Position) -> Record<G> {
        Record { pos: start.clone(), start, played: Vec::new(), resigned: None }
    }

    fn last(&self) -> Option<G::Action> {
        self.played.last().map(|p| p.1)
    }

    fn play(&mut self, game: &G, a: G::Action) {
        let next = game.apply(&self.pos, a);
        self.played.push((std::mem::replace(&mut self.pos, next), a));
    }

    fn over(&self, game: &G) -> bool {
        self.resigned.is_some() || !game.has_actions(&self.pos)
    }

    /// Back to the last turn a person had, taking their action and the replies.
    fn undo(&mut self, game: &G, person: impl Fn(Player) -> bool) -> bool {
        self.resigned = None;
        match self.played.iter().rposition(|(p, _)| person(game.to_move(p))) {
            Some(back) => {
                self.pos = self.played[back].0.clone();
                self.played.truncate(back);
                true
            }
            None => false,
        }
    }

    fn saved(&self, settings: &PlaySettings) -> SavedGame<G> {
        SavedGame {
            settings: settings.to_saved(),
            start: self.start.clone(),
            actions: self.played.iter().map(|p| p.1).collect(),
        }
    }

    fn positions(&self) -> Vec<G::Position> {
        let mut v: Vec<G::Position> = self.played.iter().map(|p| p.0.clone()).collect();
        v.push(self.pos.clone());
        v
    }

    fn actions(&self) -> Vec<G::Action> {
        self.played.iter().map(|p| p.1).collect()
    }

    /// The board now, the last action marked.
    fn board(&self, game: &G, ascii: bool) -> String {
        game.draw_marked(&self.pos, &Marks::after(self.last(), ascii))
    }
}

pub fn read_saved<G: Game>(game: &G, path: &Path) -> Result<SavedGame<G>, u8> {
    let text = read_small_file(path).map_err(|e| {
        eprintln!("gametree: {e}");
        status::USAGE
    })?;
    SavedGame::parse(game, &text).map_err(|e| {
        eprintln!("gametree: {}: {e}", input_name(path));
        status::USAGE
    })
}

/// A command word: case-insensitive, aliases folded.
fn command_word(word: &str) -> String {
    let w = word.to_ascii_lowercase();
    match w.as_str() {
        "q" | "exit" => "quit".to_string(),
        "?" | "h" => "help".to_string(),
        _ => w,
    }
}

/// Prints a prompt and reads a line: `None` at the end of input, Err(status) when
/// a script's line cannot be read.
type ReadLine<'a> = dyn FnMut(&mut dyn Write, &str) -> Result<Option<String>, u8> + 'a;

/// A yes to a question (the end of input is a no).
fn yes(answer: Result<Option<String>, u8>) -> bool {
    matches!(answer, Ok(Some(a)) if matches!(a.trim().to_ascii_lowercase().as_str(), "y" | "yes"))
}

/// What the person chose once a game was over.
enum After {
    GoOn,
    Quit(u8),
}

/// `gametree play`: the start menu for a person at a terminal who gave no
/// choices, a saved game's settings under the command line's, then the game.
pub fn start(
    game: GameName,
    mut given: Given,
    position: Option<&str>,
    mut resume: Option<PathBuf>,
    delay: Duration,
    ascii: bool,
) -> u8 {
    let bare = [given.first, given.second].iter().all(Option::is_none)
        && given.level.is_none()
        && given.depth.is_none()
        && position.is_none()
        && resume.is_none();
    if bare && io::stdin().is_terminal() {
        let about = crate::with_game!(game, &Settings::default(), |g| menu::About {
            game: g.name(),
            first: g.player_name(Player::First),
            second: g.player_name(Player::Second),
            rules: g.rules(),
        });
        let mut input = Lines::new(io::stdin().lock());
        let mut read = || input.next().and_then(Result::ok);
        match menu::run(&about, &mut io::stdout(), &mut read) {
            Ok(menu::Choice::New { first, second, level }) => {
                (given.first, given.second, given.level) = (Some(first), Some(second), Some(level));
            }
            Ok(menu::Choice::Load(path)) => resume = Some(path),
            Ok(menu::Choice::Quit) | Err(_) => return status::OK,
        }
    }
    let saved = match resume.as_deref().map(super::saved_header) {
        Some(Ok(header)) => header.settings,
        Some(Err(code)) => return code,
        None => Vec::new(),
    };
    // A saved game of another game's options is refused as a bad setting is.
    let merged = PlaySettings::merge(&given, &saved)
        .and_then(|(settings, notes)| games::check(game, &settings.game).map(|()| (settings, notes)));
    match merged {
        Err(e) => {
            eprintln!("gametree: {}: {e}", input_name(resume.as_deref().unwrap_or(Path::new(""))));
            status::USAGE
        }
        Ok((settings, _))
            if resume.as_deref().is_some_and(is_stdio)
                && [settings.first, settings.second].contains(&Who::Human) =>
        {
            eprintln!(
                "gametree: --resume -: the saved game was read from stdin, where a person's moves would \
                 come from; give its file, or let the machine play both sides"
            );
            status::USAGE
        }
        Ok((settings, notes)) => {
            let game_settings = settings.game.clone();
            let setup = Setup { settings, notes, position, resume: resume.as_deref(), delay, ascii };
            crate::with_game!(game, &game_settings, |g| run(g, &setup))
        }
    }
}

pub fn run<G: Game>(game: &G, setup: &Setup<'_>) -> u8 {
    let mut record = match setup.resume {
        Some(path) => match read_saved(game, path) {
            Ok(saved) => {
                let mut r = Record::new(saved.start.clone());
                for a in saved.actions {
                    r.play(game, a);
                }
                r
            }
            Err(code) => return code,
        },
        None => match position_or_start(game, setup.position) {
            Ok(p) => Record::new(p),
            Err(code) => return code,
        },
    };
    let s = &setup.settings;
    let strength = Strength {
        level: s.level,
        depth: s.depth,
        seed: s.seed,
        think: Duration::from_millis(s.think),
        max_nodes: s.max_nodes,
    };
    let mut machine = Opponent::new(game, &strength);
    let sides = [s.first, s.second];
    let who = |p: Player| if p == Player::First { s.first } else { s.second };
    let person = |p: Player| who(p) == Who::Human;
    let interactive = io::stdin().is_terminal();
    let mut lines = Lines::new(io::stdin().lock());
    let line_no = std::cell::Cell::new(0usize);
    let out = &mut io::stdout().lock();
    let say = |out: &mut dyn Write, text: &str| {
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    };
    // A line of input: `None` at its end; an unreadable line ends a script.
    let mut next_line = |out: &mut dyn Write, prompt: &str| -> Result<Option<String>, u8> {
        loop {
            let _ = write!(out, "{prompt}");
            let _ = out.flush();
            line_no.set(line_no.get() + 1);
            match lines.next() {
                None => return Ok(None),
                Some(Ok(l)) => return Ok(Some(l)),
                Some(Err(e)) if interactive => {
                    let _ = writeln!(out, "{e}");
                }
                Some(Err(e)) => {
                    let _ = out.flush();
                    eprintln!("gametree: <stdin>:{}: {e}", line_no.get());
                    return Err(status::USAGE);
                }
            }
        }
    };
    // A complaint: said on a terminal, the end of a script.
    let complain = |out: &mut dyn Write, line_no: usize, message: &str| -> Result<(), u8> {
        if interactive {
            let _ = writeln!(out, "{message}");
            let _ = out.flush();
            Ok(())
        } else {
            let _ = out.flush();
            eprintln!("gametree: <stdin>:{line_no}: {message}");
            Err(status::USAGE)
        }
    };
    // `save FILE`, or `save! FILE` to replace a file without asking: on a
    // terminal an existing file is replaced once confirmed; a script must say
    // `save!`. Err(None): nothing to complain of (the person said no).
    let save = |record: &Record<G>,
                file: &str,
                force: bool,
                out: &mut dyn Write,
                next_line: &mut ReadLine<'_>|
     -> Result<(), Option<String>> {
        if file.is_empty() {
            return Err(Some("save needs a file name: save FILE".to_string()));
        }
        if !force && Path::new(file).exists() {
            if !interactive {
                return Err(Some(format!("{file} exists: save! {file} replaces it")));
            }
            if !yes(next_line(out, &format!("{file} exists; replace it? (y/n) "))) {
                let _ = writeln!(out, "not saved");
                return Err(None);
            }
        }
        let text = record.saved(s).to_text(game);
        match write_output(Path::new(file), |w| w.write_all(text.as_bytes())) {
            Ok(()) => {
                let _ = writeln!(out, "saved to {file}");
                Ok(())
            }
            Err(e) => Err(Some(format!("cannot save to {file}: {e}"))),
        }
    };
    // Moves played when the game was last saved (or resumed from a file).
    let mut saved_len = setup.resume.map(|_| record.played.len());
    // On a terminal, moves not saved are not thrown away without a yes.
    let may_quit =
        |record: &Record<G>, saved_len: Option<usize>, out: &mut dyn Write, next_line: &mut ReadLine<'_>| {
            let unsaved = saved_len != Some(record.played.len()) && !record.played.is_empty();
            !(interactive && unsaved) || yes(next_line(out, "quit without saving? (y/n) "))
        };

    say(out, &format!("{} (type help for the commands)", game.name()));
    for note in &setup.notes {
        say(out, note);
    }
    let mut shown: Option<G::Position> = None;
    loop {
        if record.over(game) {
            shown = None;
            say(out, &format!("\n{}", record.board(game, setup.ascii).trim_end()));
            let ending = match record.resigned {
                Some(side) => resigned(game, side, sides),
                None => announce(game, &record.pos, sides),
            };
            say(out, &ending);
            // The game stays open: undo, save, replay, new, quit.
            let after = loop {
                say(out, AFTER);
                let line = match next_line(out, "> ") {
                    Ok(Some(l)) => l,
                    Ok(None) => break After::Quit(status::OK),
                    Err(code) => break After::Quit(code),
                };
                let (word, arg) =
                    line.trim().split_once(' ').map_or((line.trim(), ""), |(c, a)| (c, a.trim()));
                let problem = match command_word(word).as_str() {
                    "" => None,
                    "quit" if may_quit(&record, saved_len, out, &mut next_line) => {
                        break After::Quit(status::OK);
                    }
                    "quit" => None,
                    "help" => None,
                    // Taking back a resignation takes back nothing else.
                    "undo" if record.resigned.take().is_some() => break After::GoOn,
                    "undo" if record.undo(game, person) => break After::GoOn,
                    "undo" if !record.played.is_empty() => {
                        // No person played: take back one action.
                        record.resigned = None;
                        if let Some((p, _)) = record.played.pop() {
                            record.pos = p;
                        }
                        break After::GoOn;
                    }
                    "undo" => Some("nothing to undo".to_string()),
                    "new" => {
                        record = Record::new(record.start.clone());
                        say(out, "a new game");
                        break After::GoOn;
                    }
                    "replay" => {
                        let (positions, actions) = (record.positions(), record.actions());
                        let story =
                            Story { positions: &positions, actions: &actions, sides, ascii: setup.ascii };
                        let shown = if interactive {
                            let mut read = || next_line(&mut io::sink(), "").ok().flatten();
                            story.step_through(game, out, &mut read)
                        } else {
                            story.print_all(game, out)
                        };
                        shown.err().map(|e| format!("cannot show the replay: {e}"))
                    }
                    w @ ("save" | "save!") => {
                        let force = w == "save!";
                        match save(&record, arg, force, out, &mut next_line) {
                            Ok(()) => {
                                saved_len = Some(record.played.len());
                                None
                            }
                            Err(e) => e,
                        }
                    }
                    _ => {
                        Some(format!("the game is over: {} is not one of {AFTER}", quoted_start(line.trim())))
                    }
                };
                if let Some(p) = problem
                    && let Err(code) = complain(out, line_no.get(), &p)
                {
                    break After::Quit(code);
                }
            };
            match after {
                After::GoOn => continue,
                After::Quit(code) => return code,
            }
        }
        let side = game.to_move(&record.pos);
        // A command that changed nothing (help, moves, a mistyped line) is
        // answered without the board again.
        if shown.as_ref() != Some(&record.pos) {
            say(out, &format!("\n{}{} to move", record.board(game, setup.ascii), game.player_name(side)));
            shown = Some(record.pos.clone());
        }
        if record.played.len() >= MAX_ACTIONS {
            say(out, &format!("no result after {MAX_ACTIONS} actions: stopped"));
            return status::OK;
        }
        // A side whose one action is a pass passes at once, and is told why.
        let mut legal = Vec::new();
        game.actions(&record.pos, &mut legal);
        if let [only] = legal[..]
            && game.is_pass(only)
        {
            say(
                out,
                &format!(
                    "{} cannot move (no stone can reach an empty cell) and passes",
                    game.player_name(side)
                ),
            );
            record.play(game, only);
            continue;
        }
        if who(side) == Who::Machine {
            let chosen = match machine.play(game, &record.pos) {
                Ok(m) => m,
                Err(e) => {
                    let _ = out.flush();
                    eprintln!("gametree: the machine's move: {}", e.for_search());
                    return status::TOO_MANY_NODES;
                }
            };
            if let Some(why) = &chosen.fell_back {
                say(out, why);
            }
            let (action, note) = (chosen.action, chosen.note);
            say(out, &format!("{} plays {} ({note})", game.player_name(side), game.format_action(action)));
            record.play(game, action);
            if !setup.delay.is_zero() && sides.iter().all(|&w| w == Who::Machine) {
                std::thread::sleep(setup.delay);
            }
            continue;
        }
        let line = match next_line(out, &format!("{}> ", game.player_name(side))) {
            Ok(Some(l)) => l,
            Ok(None) => {
                say(out, "\nend of input: game left unfinished");
                return status::OK;
            }
            Err(code) => return code,
        };
        let (word, arg) = line.trim().split_once(' ').map_or((line.trim(), ""), |(c, a)| (c, a.trim()));
        let complaint = match command_word(word).as_str() {
            "" => None,
            // Nothing typed this long is an action; say so without echoing it all.
            _ if line.trim().chars().count() > 64 => {
                Some(format!("{} is not an action or a command; type help", quoted_start(line.trim())))
            }
            "help" => {
                say(out, HELP);
                None
            }
            "rules" => {
                say(out, game.rules().trim_end());
                None
            }
            "quit" if may_quit(&record, saved_len, out, &mut next_line) => return status::OK,
            "quit" => None,
            "resign" => {
                record.resigned = Some(side);
                None
            }
            "moves" => {
                let mut legal = Vec::new();
                game.actions(&record.pos, &mut legal);
                let names: Vec<String> = legal.iter().map(|&a| game.format_action(a)).collect();
                say(out, &format!("legal: {}", names.join(" ")));
                None
            }
            "targets" => match game.actions_from(&record.pos, arg) {
                Some(_) if arg.is_empty() => Some("targets needs a cell: targets CELL".to_string()),
                None => Some(format!("{} has no stones that move; try moves", game.name())),
                Some(Err(why)) => Some(format!("no action starts on {}: {why}", arg)),
                Some(Ok(v)) => {
                    let marks = Marks { last: None, targets: Some((arg, &v)), ascii: setup.ascii };
                    let names: Vec<String> = v.iter().map(|&a| game.format_action(a)).collect();
                    say(out, &format!("\n{}", game.draw_marked(&record.pos, &marks).trim_end()));
                    say(out, &format!("from {arg}: {}", names.join(" ")));
                    None
                }
            },
            "undo" => {
                if !record.undo(game, person) {
                    say(out, "nothing to undo");
                }
                None
            }
            w @ ("save" | "save!") => match save(&record, arg, w == "save!", out, &mut next_line) {
                Ok(()) => {
                    saved_len = Some(record.played.len());
                    None
                }
                Err(e) => e,
            },
            _ => match game.parse_action(&record.pos, line.trim()) {
                Ok(a) => {
                    record.play(game, a);
                    None
                }
                // A word that is no action may be a mistyped command.
                Err(e) if !word.is_empty() && word.chars().all(|c| c.is_ascii_alphabetic()) => {
                    Some(format!("{e}; unknown command {}: type help for the commands", quoted_start(word)))
                }
                Err(e) => Some(e),
            },
        };
        if let Some(message) = complaint
            && let Err(code) = complain(out, line_no.get(), &message)
        {
            return code;
        }
    }
}

/// `gametree replay FILE`: every position of a saved game; on a terminal one at
/// a time, stepping forward and back.
pub fn replay<G: Game>(game: &G, path: &Path, ascii: bool) -> u8 {
    let saved = match read_saved(game, path) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let sides = match PlaySettings::merge(&settings::Given::default(), &saved.settings) {
        Ok((s, _)) => [s.first, s.second],
        Err(e) => {
            eprintln!("gametree: {}: {e}", input_name(path));
            return status::USAGE;
        }
    };
    let positions = saved.positions(game);
    let story = Story { positions: &positions, actions: &saved.actions, sides, ascii };
    // A game read from stdin leaves nothing there to step with.
    let interactive = io::stdin().is_terminal() && io::stdout().is_terminal() && !is_stdio(path);
    let out = &mut io::stdout().lock();
    let shown = if interactive {
        let mut input = Lines::new(io::stdin().lock());
        let mut read = || input.next().and_then(Result::ok);
        story.step_through(game, out, &mut read)
    } else {
        story.print_all(game, out)
    };
    match shown {
        Ok(()) => status::OK,
        Err(e) => {
            eprintln!("gametree: {e}");
            status::OUTPUT
        }
    }
}
