//! `gametree play` and `gametree replay`: games in the terminal.
//!
//! Actions come from stdin one per line, so a game can be scripted. On a terminal a
//! mistyped action is explained and asked again; in a script it is an error that
//! names the line and stops the game.

use std::io::{self, IsTerminal, Write};
use std::path::Path;

use super::lines::{Lines, quoted_start, read_small_file};
use super::output::write_output;
use super::positions::position_or_start;
use super::{Level, Who, status};
use crate::game::{Game, Outcome, Player};
use crate::savegame::SavedGame;
use crate::search::machine::{Machine, Rng};

pub struct Setup<'a> {
    pub first: Who,
    pub second: Who,
    pub position: Option<&'a str>,
    pub resume: Option<&'a Path>,
    pub level: Level,
    pub depth: Option<u8>,
    pub seed: Option<u64>,
    pub max_nodes: u64,
}

/// Machine-only games stop here if nothing has ended them (checkers has no draw rule).
const MAX_ACTIONS: usize = 1000;

const HELP: &str = "\
commands: an action in the game's notation; moves (the legal actions); targets CELL
(where the stone on CELL can go, where the game has stones that move); undo (your
last action and the replies to it); save FILE; rules; help; quit";

/// A game in progress: where it started, what was played, where it stands.
struct Record<G: Game> {
    start: G::Position,
    played: Vec<(G::Position, G::Action)>,
    pos: G::Position,
}

impl<G: Game> Record<G> {
    fn last(&self) -> Option<G::Action> {
        self.played.last().map(|p| p.1)
    }

    fn play(&mut self, game: &G, a: G::Action) {
        let next = game.apply(&self.pos, a);
        self.played.push((std::mem::replace(&mut self.pos, next), a));
    }

    fn saved(&self) -> SavedGame<G> {
        SavedGame { start: self.start.clone(), actions: self.played.iter().map(|p| p.1).collect() }
    }
}

/// The result line for a finished game.
fn result<G: Game>(game: &G, pos: &G::Position) -> String {
    let side = game.to_move(pos);
    match game.terminal_outcome(pos) {
        Outcome::Draw => "draw".to_string(),
        Outcome::Loss => format!("{} wins", game.player_name(side.other())),
        Outcome::Win => format!("{} wins", game.player_name(side)),
    }
}

pub fn read_saved<G: Game>(game: &G, path: &Path) -> Result<SavedGame<G>, u8> {
    let text = read_small_file(path).map_err(|e| {
        eprintln!("gametree: {e}");
        status::USAGE
    })?;
    SavedGame::parse(game, &text).map_err(|e| {
        eprintln!("gametree: {}: {e}", path.display());
        status::USAGE
    })
}

pub fn run<G: Game>(game: &G, setup: &Setup<'_>) -> u8 {
    let mut record = match setup.resume {
        Some(path) => match read_saved(game, path) {
            Ok(saved) => {
                let mut r = Record { start: saved.start.clone(), played: Vec::new(), pos: saved.start };
                for a in saved.actions {
                    r.play(game, a);
                }
                r
            }
            Err(code) => return code,
        },
        None => match position_or_start(game, setup.position) {
            Ok(p) => Record { start: p.clone(), played: Vec::new(), pos: p },
            Err(code) => return code,
        },
    };
    let depth = setup.depth.unwrap_or(match setup.level {
        Level::Random | Level::Strong => game.default_depth(),
        Level::Easy => 1,
        Level::Medium => 2,
        Level::Hard => 3,
    });
    let seed = setup.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
    });
    let mut machine = Machine { depth, rng: setup.seed.map(Rng::new), max_nodes: setup.max_nodes };
    let mut random = Rng::new(seed);
    let who = |p: Player| if p == Player::First { setup.first } else { setup.second };
    let interactive = io::stdin().is_terminal();
    let mut lines = Lines::new(io::stdin().lock());
    let mut line_no = 0;
    let out = &mut io::stdout().lock();
    let say = |out: &mut dyn Write, text: &str| {
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    };
    say(out, &format!("{} (type help for the commands)", game.name()));
    loop {
        let side = game.to_move(&record.pos);
        say(
            out,
            &format!("\n{}{} to move", game.draw_after(&record.pos, record.last()), game.player_name(side)),
        );
        if !game.has_actions(&record.pos) {
            say(out, &format!("game over: {}", result(game, &record.pos)));
            return status::OK;
        }
        if record.played.len() >= MAX_ACTIONS {
            say(out, &format!("no result after {MAX_ACTIONS} actions: stopped"));
            return status::OK;
        }
        if who(side) == Who::Machine {
            let (action, note) = if setup.level == Level::Random {
                let mut legal = Vec::new();
                game.actions(&record.pos, &mut legal);
                (legal[random.below(legal.len())], "at random".to_string())
            } else {
                let c = match machine.choose(game, &record.pos) {
                    Ok(c) => c,
                    Err(e) => {
                        let _ = out.flush();
                        eprintln!("gametree: the machine's move: {}", e.for_search());
                        return status::TOO_MANY_NODES;
                    }
                };
                let a = c.action.expect("a side with actions gets one");
                (a, format!("value {}, {} positions examined", c.value, c.nodes))
            };
            say(out, &format!("{} plays {} ({note})", game.player_name(side), game.format_action(action)));
            record.play(game, action);
            continue;
        }
        let _ = write!(out, "{}> ", game.player_name(side));
        let _ = out.flush();
        let Some(line) = lines.next() else {
            say(out, "\nend of input: game left unfinished");
            return status::OK;
        };
        line_no += 1;
        let line = match line {
            Ok(l) => l,
            Err(e) if interactive => {
                say(out, &e.to_string());
                continue;
            }
            Err(e) => {
                let _ = out.flush();
                eprintln!("gametree: <stdin>:{line_no}: {e}");
                return status::USAGE;
            }
        };
        let (command, arg) = line.trim().split_once(' ').map_or((line.trim(), ""), |(c, a)| (c, a.trim()));
        let complaint = match command {
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
            "quit" => return status::OK,
            "moves" => {
                let mut legal = Vec::new();
                game.actions(&record.pos, &mut legal);
                let names: Vec<String> = legal.iter().map(|&a| game.format_action(a)).collect();
                say(out, &format!("legal: {}", names.join(" ")));
                None
            }
            "targets" => match game.actions_from(&record.pos, arg) {
                None => Some(format!("{} has no stones that move; try moves", game.name())),
                Some(v) if v.is_empty() => {
                    Some(format!("no action starts on {arg:?}; expected one of your stones"))
                }
                Some(v) => {
                    let names: Vec<String> = v.iter().map(|&a| game.format_action(a)).collect();
                    say(out, &format!("from {arg}: {}", names.join(" ")));
                    None
                }
            },
            "undo" => {
                // Back to this side's previous turn: its own action and any replies.
                match record.played.iter().rposition(|(p, _)| game.to_move(p) == side) {
                    Some(back) => {
                        record.pos = record.played[back].0.clone();
                        record.played.truncate(back);
                    }
                    None => say(out, "nothing to undo"),
                }
                None
            }
            "save" if arg.is_empty() => Some("save needs a file name: save FILE".to_string()),
            "save" => {
                let text = record.saved().to_text(game);
                match write_output(Path::new(arg), |w| w.write_all(text.as_bytes())) {
                    Ok(()) => {
                        say(out, &format!("saved to {arg}"));
                        None
                    }
                    Err(e) => Some(format!("cannot save to {arg}: {e}")),
                }
            }
            _ => match game.parse_action(&record.pos, line.trim()) {
                Ok(a) => {
                    record.play(game, a);
                    None
                }
                Err(e) => Some(e),
            },
        };
        if let Some(message) = complaint {
            if interactive {
                say(out, &message);
            } else {
                let _ = out.flush();
                eprintln!("gametree: <stdin>:{line_no}: {message}");
                return status::USAGE;
            }
        }
    }
}

/// `gametree replay FILE`: every position of a saved game, one action at a time;
/// on a terminal, Enter shows the next one and `q` stops.
pub fn replay<G: Game>(game: &G, path: &Path) -> u8 {
    let saved = match read_saved(game, path) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let positions = saved.positions(game);
    let interactive = io::stdin().is_terminal() && io::stdout().is_terminal();
    let mut input = Lines::new(io::stdin().lock());
    let out = &mut io::stdout().lock();
    let mut show = |text: String| writeln!(out, "{text}").and_then(|_| out.flush());
    let mut shown = show(format!("start\n{}", game.draw(&positions[0])));
    for (i, (&a, pos)) in saved.actions.iter().zip(&positions[1..]).enumerate() {
        if interactive {
            let _ = write!(io::stderr(), "(Enter: next, q: stop) ");
            match input.next() {
                Some(Ok(l)) if l.trim() == "q" => return status::OK,
                None => return status::OK,
                _ => {}
            }
        }
        let mover = game.player_name(game.to_move(&positions[i]));
        shown = shown.and_then(|_| {
            show(format!(
                "action {}: {mover} plays {}\n{}",
                i + 1,
                game.format_action(a),
                game.draw_after(pos, Some(a))
            ))
        });
    }
    let last = positions.last().expect("never empty");
    let end =
        if game.has_actions(last) { "the game was not finished".to_string() } else { result(game, last) };
    match shown.and_then(|_| show(format!("end: {end}"))) {
        Ok(()) => status::OK,
        Err(e) => {
            eprintln!("gametree: {e}");
            status::OUTPUT
        }
    }
}
