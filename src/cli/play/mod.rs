//! `gametree play` and `gametree replay`: games in the terminal.
//!
//! Actions and commands come from stdin one per line, so a game can be scripted.
//! On a terminal a mistyped line is explained and asked again; in a script it is
//! an error that names the line and stops the game. The session itself is in
//! `session.rs`; here the start menu and the loading of saved games.

pub mod args;
mod autosave;
mod command;
pub mod draws;
pub mod ending;
mod input;
pub mod levels;
mod locale;
pub mod menu;
mod record;
mod replay;
mod session;
pub mod settings;
mod signals;
mod wrap;

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::time::Duration;

use self::ending::Ended;
use self::input::Input;
use self::levels::Who;
use self::record::Record;
use self::replay::Story;
use self::session::Session;
use self::settings::{Given, PlaySettings};
use super::failure::{Failure, Kind, Outcome};
use super::lines::{input_name, is_stdio, read_small_file};
use super::options::position::position_or_start;
use crate::game::{Game, Player};
use crate::games::{self, GameName, Settings};
use crate::savegame::{Header, SavedGame};

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
    /// The machine's values as numbers too, with its depth and positions.
    pub verbose: bool,
}

/// How a game is shown, from the command line.
#[derive(Clone, Copy, Debug, Default)]
pub struct View {
    /// Plain ASCII boards (also chosen for a locale without UTF-8).
    pub ascii: bool,
    /// The machine's values as numbers too (`--verbose`).
    pub verbose: bool,
}

/// Machine-only games stop here if nothing has ended them (checkers has no draw rule).
pub const MAX_ACTIONS: usize = 1000;

pub(crate) const HELP: &str = "\
commands: an action in the game's notation; moves (the legal actions, or where a
game has many, the candidates the machine considers); legal (every legal action); targets CELL
(where the unit on CELL can go, marked on the board, in games whose units move);
undo (your last action and the replies to it); hint (strong's suggestion);
draw (offer a draw); resign; save FILE; verbose (values as numbers too, on or off);
rules; help (or ?); quit (or q, exit).
Commands may be typed in any case.";

pub fn read_saved<G: Game>(game: &G, path: &Path) -> Result<SavedGame<G>, Failure> {
    let text = read_small_file(path).map_err(Failure::usage)?;
    SavedGame::parse(game, &text).map_err(|e| Failure::usage(format!("{}: {e}", input_name(path))))
}

/// What a saved game says before its moves: its game and settings.
pub fn saved_header(path: &Path) -> Result<Header, Failure> {
    let text = read_small_file(path).map_err(Failure::usage)?;
    crate::savegame::header(&text).map_err(|e| Failure::usage(format!("{}: {e}", input_name(path))))
}

/// `gametree play`: the start menu for a person at a terminal who gave no
/// choices, a saved game's settings under the command line's, then the game.
pub fn start(
    game: GameName,
    mut given: Given,
    position: Option<&str>,
    mut resume: Option<PathBuf>,
    delay: Duration,
    view: View,
) -> Outcome {
    let bare = [given.first, given.second].iter().all(Option::is_none)
        && given.level.is_none()
        && given.depth.is_none()
        && position.is_none()
        && resume.is_none();
    if bare && io::stdin().is_terminal() {
        match start_menu(game) {
            menu::Choice::New { first, second, level } => {
                (given.first, given.second, given.level) = (Some(first), Some(second), Some(level));
            }
            menu::Choice::Load(path) => resume = Some(path),
            // Ctrl-C or a closed terminal at the menu ends as in a game.
            menu::Choice::Quit => {
                return match signals::take() {
                    Some(signal) => {
                        println!();
                        Err(Failure::quiet(Kind::Signal(signal)))
                    }
                    None => Ok(()),
                };
            }
        }
    }
    if !bare && resume.is_none() && position.is_none() && io::stdin().is_terminal() {
        match offer_unfinished(game) {
            Offer::Continue(slot) => resume = Some(slot),
            Offer::New => {}
            Offer::Quit(signal) => {
                println!();
                return Err(Failure::quiet(Kind::Signal(signal)));
            }
        }
    }
    let ascii = view.ascii || !locale::is_utf8();
    let saved = match resume.as_deref().map(saved_header).transpose()? {
        Some(header) => header.settings,
        None => Vec::new(),
    };
    // A saved game of another game's options is refused as a bad setting is.
    let merged = PlaySettings::merge(&given, &saved)
        .and_then(|(settings, notes)| games::check(game, &settings.game).map(|()| (settings, notes)));
    match merged {
        Err(e) => {
            Err(Failure::usage(format!("{}: {e}", input_name(resume.as_deref().unwrap_or(Path::new(""))))))
        }
        Ok((settings, _))
            if resume.as_deref().is_some_and(is_stdio)
                && [settings.first, settings.second].contains(&Who::Human) =>
        {
            Err(Failure::usage(
                "--resume -: the saved game was read from stdin, where a person's moves would \
                 come from; give its file, or let the machine play both sides",
            ))
        }
        Ok((settings, notes)) => {
            let game_settings = settings.game.clone();
            let setup = Setup {
                settings,
                notes,
                position,
                resume: resume.as_deref(),
                delay,
                ascii,
                verbose: view.verbose,
            };
            crate::with_game!(game, &game_settings, |g| run(g, &setup))
        }
    }
}

/// `gametree play` with no game: a person at a terminal picks one from the
/// list (`None`: they quit); a script is told to name one.
fn pick_game() -> Result<Option<GameName>, Failure> {
    if !io::stdin().is_terminal() {
        let names: Vec<&str> = crate::games::ALL.iter().map(|g| g.as_str()).collect();
        return Err(Failure::usage(format!(
            "play: name a game: gametree play GAME, one of {}",
            names.join(", ")
        )));
    }
    signals::catch();
    let mut input = Input::new(io::BufReader::new(signals::Interruptible(io::stdin())), true);
    let mut read = || input.next_plain(&mut io::stdout());
    let picked = menu::pick_game(&mut super::output::stdout(), &mut read);
    match (picked, signals::take()) {
        (_, Some(signal)) => {
            println!();
            Err(Failure::quiet(Kind::Signal(signal)))
        }
        (Ok(game), None) => Ok(game),
        (Err(e), None) => Err(Failure::output(e.to_string())),
    }
}

enum Offer {
    Continue(PathBuf),
    New,
    Quit(i32),
}

/// Options on the command line skip the start menu, but not the game left
/// unfinished last time: the person is asked whether to continue it (with the
/// options given) before a new game moves it aside, so that saved games do not
/// pile up unseen.
fn offer_unfinished(game: GameName) -> Offer {
    let Some(slot) = autosave::path(game.as_str()) else { return Offer::New };
    let Some(moves) =
        crate::with_game!(game, &Settings::default(), |g| unfinished(g, &slot).map(|r| r.played.len()))
    else {
        return Offer::New;
    };
    signals::catch();
    let mut input = Input::new(io::BufReader::new(signals::Interruptible(io::stdin())), true);
    let question = format!(
        "your last {game} game is unfinished ({}): continue it? (y: continue it, with the options given here; \
         n: a new game, the old one kept aside) ",
        crate::game::counted(moves as u32, "ply", "plies")
    );
    let yes = input.yes(&mut super::output::stdout(), &wrap::fit(&question, wrap::width()));
    match signals::take() {
        Some(signal) => Offer::Quit(signal),
        None if yes => Offer::Continue(slot),
        None => Offer::New,
    }
}

/// The start menu, asked again after a saved game that cannot be loaded.
fn start_menu(game: GameName) -> menu::Choice {
    let mut about = crate::with_game!(game, &Settings::default(), |g| menu::About {
        game: g.name(),
        first: g.player_name(Player::First),
        second: g.player_name(Player::Second),
        rules: game.entry().rules,
        last_game: None,
    });
    // A finished game is not offered: there is nothing to continue.
    about.last_game = autosave::path(about.game)
        .filter(|p| crate::with_game!(game, &Settings::default(), |g| unfinished(g, p).is_some()));
    signals::catch();
    let mut input = Input::new(io::BufReader::new(signals::Interruptible(io::stdin())), true);
    loop {
        let mut read = || input.next_plain(&mut io::stdout());
        match menu::run(&about, &mut super::output::stdout(), &mut read) {
            Ok(menu::Choice::Load(path)) => {
                let path = autosave::expand_home(&path.to_string_lossy());
                let fits = crate::with_game!(game, &Settings::default(), |g| loadable(g, game, &path));
                match fits {
                    Ok(()) => return menu::Choice::Load(path),
                    // Ctrl-C while a FIFO waits for its writer leaves, as
                    // Ctrl-C at the menu does (the menu was shown again,
                    // then the pending signal ended it).
                    Err(e) if signals::pending() => {
                        drop(super::output::print(&format!("\n{}\n", wrap::fit(&e, wrap::width()))));
                        return menu::Choice::Quit;
                    }
                    // A failed write is remembered: the status says so at the end.
                    Err(e) => {
                        let said = wrap::fit(&format!("cannot load it: {e}"), wrap::width());
                        drop(super::output::print(&format!("{said}\n")))
                    }
                }
            }
            Ok(choice) => return choice,
            Err(_) => return menu::Choice::Quit,
        }
    }
}

/// Why `path` is not a saved game of `game`, if it is not (the person has
/// just typed the name: it is not said again).
fn loadable<G: Game>(game: &G, game_name: GameName, path: &Path) -> Result<(), String> {
    let text = read_small_file(path)?;
    let header = crate::savegame::header(&text).map_err(|e| e.to_string())?;
    if header.game != game.name() {
        return Err(format!("a saved game of {}, not {}", header.game, game.name()));
    }
    SavedGame::parse(game, &text).map_err(|e| e.to_string())?;
    let (settings, _) = PlaySettings::merge(&Given::default(), &header.settings)?;
    games::check(game_name, &settings.game)?;
    Ok(())
}

pub fn run<G: Game>(game: &G, setup: &Setup<'_>) -> Outcome {
    let record = match setup.resume {
        Some(path) => {
            let saved = read_saved(game, path)?;
            Record::from_saved(game, &saved)
                .map_err(|e| Failure::usage(format!("{}: {e}", input_name(path))))?
        }
        None => Record::new(position_or_start(game, setup.position)?),
    };
    let interactive = io::stdin().is_terminal();
    signals::catch();
    let input = Input::new(io::BufReader::new(signals::Interruptible(io::stdin())), interactive);
    // Only a person's game is kept: a script has its input to play again.
    let kept = autosave::path(game.name()).filter(|_| interactive);
    if let Some(slot) = &kept {
        keep_unfinished(game, slot, setup.resume)?;
    }
    let unkept = (interactive && kept.is_none()).then(|| {
        "there is nowhere to keep it automatically (neither XDG_STATE_HOME nor HOME is set)".to_string()
    });
    Session::new(game, setup, record, input, &mut super::output::stdout(), kept).unkept_because(unkept).run()
}

/// An unfinished game in the autosave slot that this session does not
/// continue is moved aside, and the player told where, before the new game
/// takes the slot: starting or loading another game never loses one.
fn keep_unfinished<G: Game>(game: &G, slot: &Path, resumed: Option<&Path>) -> Outcome {
    let same = |p: &Path| std::fs::canonicalize(p).ok() == std::fs::canonicalize(slot).ok();
    if resumed.is_some_and(same) || unfinished(game, slot).is_none() {
        return Ok(());
    }
    let seconds =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    match autosave::move_aside(slot, seconds) {
        Ok(aside) => {
            let (name, aside) = (game.name(), aside.display());
            let said = format!(
                "your unfinished game is kept in\n{aside}\nto continue it: gametree play {name} --resume {aside}"
            );
            super::output::print(&format!("{}\n", wrap::fit(&said, wrap::width())))
        }
        Err(e) => Err(Failure::output(format!("cannot keep the unfinished game in {}: {e}", slot.display()))),
    }
}

/// The game saved at `path` if it is one of `game`'s with moves played and
/// not yet over: a game worth continuing.
fn unfinished<G: Game>(game: &G, path: &Path) -> Option<Record<G>> {
    let saved = read_saved(game, path).ok()?;
    let record = Record::from_saved(game, &saved).ok()?;
    (!record.played.is_empty() && !record.over(game)).then_some(record)
}

/// `gametree replay FILE`: every position of a saved game; on a terminal one at
/// a time, stepping forward and back.
pub fn replay<G: Game>(game: &G, path: &Path, ascii: bool) -> Outcome {
    let ascii = ascii || !locale::is_utf8();
    let saved = read_saved(game, path)?;
    let (settings, _) = PlaySettings::merge(&settings::Given::default(), &saved.settings)
        .map_err(|e| Failure::usage(format!("{}: {e}", input_name(path))))?;
    let sides = [settings.first, settings.second];
    let positions = saved.positions(game);
    let ended = Ended::from_saved(&saved.settings)
        .map_err(|e| Failure::usage(format!("{}: {e}", input_name(path))))?;
    let story = Story { positions: &positions, actions: &saved.actions, sides, ascii, ended };
    // A game read from stdin leaves nothing there to step with.
    let interactive = io::stdin().is_terminal() && io::stdout().is_terminal() && !is_stdio(path);
    let out = &mut super::output::stdout();
    let shown = if interactive {
        let mut input = Input::new(io::stdin().lock(), true);
        let mut read = || input.next_plain(&mut io::stdout());
        story.step_through(game, out, &mut read)
    } else {
        story.print_all(game, out)
    };
    shown.map_err(Failure::output)
}
