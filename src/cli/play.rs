//! `gametree play`: a game in the terminal, human or machine on either side.
//!
//! Actions come from stdin one per line, so a game can be scripted. On a terminal a
//! mistyped action is explained and asked again; in a script it is an error that
//! names the line and stops the game.

use std::io::{self, BufRead, IsTerminal, Write};

use super::positions::position_or_start;
use super::{Who, status};
use crate::game::{Game, Outcome, Player};
use crate::search::machine::{Machine, Rng};

pub struct Setup<'a> {
    pub first: Who,
    pub second: Who,
    pub position: Option<&'a str>,
    pub depth: Option<u8>,
    pub seed: Option<u64>,
}

/// Machine-only games stop here if nothing has ended them (checkers has no draw rule).
const MAX_ACTIONS: usize = 1000;

const HELP: &str =
    "commands: an action in the game's notation, `moves` (list the legal actions), `undo`, `help`, `quit`";

pub fn run<G: Game>(game: &G, setup: &Setup<'_>) -> u8 {
    let mut pos = match position_or_start(game, setup.position) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let mut machine =
        Machine { depth: setup.depth.unwrap_or_else(|| game.default_depth()), rng: setup.seed.map(Rng::new) };
    let who = |p: Player| {
        if p == Player::First { setup.first } else { setup.second }
    };
    let interactive = io::stdin().is_terminal();
    let mut lines = io::stdin().lock().lines();
    let mut line_no = 0;
    let mut history: Vec<G::Position> = Vec::new();
    let out = &mut io::stdout().lock();
    let say = |out: &mut dyn Write, text: &str| {
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    };
    say(out, &format!("{} ({HELP})", game.name()));
    loop {
        let side = game.to_move(&pos);
        say(out, &format!("\n{}{} to move", game.draw(&pos), game.player_name(side)));
        if !game.has_actions(&pos) {
            let result = match game.terminal_outcome(&pos) {
                Outcome::Draw => "draw".to_string(),
                Outcome::Loss => format!("{} wins", game.player_name(side.other())),
                Outcome::Win => format!("{} wins", game.player_name(side)),
            };
            say(out, &format!("game over: {result}"));
            return status::OK;
        }
        if history.len() >= MAX_ACTIONS {
            say(out, &format!("no result after {MAX_ACTIONS} actions: stopped"));
            return status::OK;
        }
        if who(side) == Who::Machine {
            let choice = machine.choose(game, &pos);
            let action = choice.action.expect("a side with actions gets one");
            say(
                out,
                &format!(
                    "{} plays {} (value {}, {} positions examined)",
                    game.player_name(side),
                    game.format_action(action),
                    choice.value,
                    choice.nodes
                ),
            );
            history.push(pos.clone());
            pos = game.apply(&pos, action);
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
            Err(e) => {
                eprintln!("gametree: <stdin>:{line_no}: cannot read: {e}");
                return status::USAGE;
            }
        };
        match line.trim() {
            "" => {}
            "help" => say(out, HELP),
            "quit" => return status::OK,
            "moves" => {
                let mut legal = Vec::new();
                game.actions(&pos, &mut legal);
                let names: Vec<String> = legal.iter().map(|&a| game.format_action(a)).collect();
                say(out, &format!("legal: {}", names.join(" ")));
            }
            "undo" => {
                // Back to this side's previous turn: its own action and any replies.
                let mut back = history.len();
                while back > 0 {
                    back -= 1;
                    if game.to_move(&history[back]) == side {
                        break;
                    }
                }
                if history.is_empty() || game.to_move(&history[back]) != side {
                    say(out, "nothing to undo");
                } else {
                    pos = history[back].clone();
                    history.truncate(back);
                }
            }
            text => match game.parse_action(&pos, text) {
                Ok(a) => {
                    history.push(pos.clone());
                    pos = game.apply(&pos, a);
                }
                Err(e) if interactive => say(out, &e),
                Err(e) => {
                    let _ = out.flush();
                    eprintln!("gametree: <stdin>:{line_no}: {e}");
                    return status::USAGE;
                }
            },
        }
    }
}
