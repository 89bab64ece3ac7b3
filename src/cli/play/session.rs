//! A game in the terminal as one session: lines come from one [`Input`], each
//! is parsed once into a [`Command`], and the game is in one of two phases,
//! playing or over. A finished game stays open for undo, save, replay and a
//! new game until `quit` or the end of input.

use std::io::{self, BufRead, Write};
use std::ops::ControlFlow;
use std::path::Path;

use super::command::Command;
use super::ending::{announce, resigned};
use super::input::Input;
use super::opponent::{Opponent, Strength};
use super::record::Record;
use super::replay::Story;
use super::{HELP, MAX_ACTIONS, Setup};
use crate::cli::lines::quoted_start;
use crate::cli::output::write_output;
use crate::cli::{Who, status};
use crate::game::{Game, Marks, Player};

/// What the commands may do: play on, or look back at a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Playing,
    Over,
}

/// The commands of a finished game.
const AFTER: &str = "undo (take back and go on), save FILE, replay, new (same settings), quit";

/// `Break(status)` ends the session.
type Flow = ControlFlow<u8>;

pub struct Session<'a, G: Game, R> {
    game: &'a G,
    setup: &'a Setup<'a>,
    record: Record<G>,
    machine: Opponent,
    input: Input<R>,
    out: &'a mut dyn Write,
    phase: Phase,
    /// Moves played when the game was last saved (or resumed from a file).
    saved_len: Option<usize>,
    /// The position last drawn: a command that changed nothing (help, moves,
    /// a mistyped line) is answered without the board again.
    shown: Option<G::Position>,
}

impl<'a, G: Game, R: BufRead> Session<'a, G, R> {
    pub fn new(
        game: &'a G,
        setup: &'a Setup<'a>,
        record: Record<G>,
        input: Input<R>,
        out: &'a mut dyn Write,
    ) -> Self {
        let s = &setup.settings;
        let strength = Strength {
            level: s.level,
            depth: s.depth,
            seed: s.seed,
            think: std::time::Duration::from_millis(s.think),
            max_nodes: s.max_nodes,
        };
        let machine = Opponent::new(game, &strength);
        let saved_len = setup.resume.map(|_| record.played.len());
        let phase = Phase::Playing;
        Session { game, setup, record, machine, input, out, phase, saved_len, shown: None }
    }

    /// Plays until `quit` or the end of input; the exit status.
    pub fn run(mut self) -> u8 {
        self.say(&format!("{} (type help for the commands)", self.game.name()));
        for note in &self.setup.notes {
            self.say(note);
        }
        loop {
            let flow = match self.phase {
                Phase::Playing if self.record.over(self.game) => {
                    self.end();
                    Flow::Continue(())
                }
                Phase::Playing => self.turn(),
                Phase::Over => self.after(),
            };
            if let Flow::Break(code) = flow {
                return code;
            }
        }
    }

    fn say(&mut self, text: &str) {
        let _ = writeln!(self.out, "{text}");
        let _ = self.out.flush();
    }

    fn sides(&self) -> [Who; 2] {
        [self.setup.settings.first, self.setup.settings.second]
    }

    fn who(&self, p: Player) -> Who {
        self.sides()[usize::from(p != Player::First)]
    }

    /// A complaint about the last line, if any: said on a terminal, the end of
    /// a script.
    fn complain(&mut self, problem: Option<String>) -> Flow {
        match problem.map(|p| self.input.complain(self.out, &p)) {
            Some(Err(code)) => Flow::Break(code),
            _ => Flow::Continue(()),
        }
    }

    /// The game just ended: the board and how it ended.
    fn end(&mut self) {
        self.shown = None;
        self.phase = Phase::Over;
        let (game, sides) = (self.game, self.sides());
        self.say(&format!("\n{}", self.record.board(game, self.setup.ascii).trim_end()));
        let ending = match self.record.resigned {
            Some(side) => resigned(game, side, sides),
            None => announce(game, &self.record.pos, sides),
        };
        self.say(&ending);
    }

    /// One turn: the machine's move, a forced pass, or a person's line.
    fn turn(&mut self) -> Flow {
        let game = self.game;
        let side = game.to_move(&self.record.pos);
        if self.shown.as_ref() != Some(&self.record.pos) {
            let board = self.record.board(game, self.setup.ascii);
            self.say(&format!("\n{board}{} to move", game.player_name(side)));
            self.shown = Some(self.record.pos.clone());
        }
        if self.record.played.len() >= MAX_ACTIONS {
            self.say(&format!("no result after {MAX_ACTIONS} actions: stopped"));
            return Flow::Break(status::OK);
        }
        // A side whose one action is a pass passes at once, and is told why.
        let mut legal = Vec::new();
        game.actions(&self.record.pos, &mut legal);
        if let [only] = legal[..]
            && game.is_pass(only)
        {
            let name = game.player_name(side);
            self.say(&format!("{name} cannot move (no stone can reach an empty cell) and passes"));
            self.record.play(game, only);
            return Flow::Continue(());
        }
        if self.who(side) == Who::Machine {
            return self.machine_move(side);
        }
        let line = match self.input.read(self.out, &format!("{}> ", game.player_name(side))) {
            Ok(Some(l)) => l,
            Ok(None) => {
                self.say("\nend of input: game left unfinished");
                return Flow::Break(status::OK);
            }
            Err(code) => return Flow::Break(code),
        };
        self.playing(Command::parse(&line), line.trim(), side)
    }

    fn machine_move(&mut self, side: Player) -> Flow {
        let game = self.game;
        let chosen = match self.machine.play(game, &self.record.pos) {
            Ok(m) => m,
            Err(e) => {
                let _ = self.out.flush();
                eprintln!("gametree: the machine's move: {}", e.for_search());
                return Flow::Break(status::TOO_MANY_NODES);
            }
        };
        if let Some(why) = &chosen.fell_back {
            self.say(why);
        }
        let (action, note) = (chosen.action, chosen.note);
        self.say(&format!("{} plays {} ({note})", game.player_name(side), game.format_action(action)));
        self.record.play(game, action);
        if !self.setup.delay.is_zero() && self.sides().iter().all(|&w| w == Who::Machine) {
            std::thread::sleep(self.setup.delay);
        }
        Flow::Continue(())
    }

    /// A command while the game is being played (`line` as typed).
    fn playing(&mut self, command: Command, line: &str, side: Player) -> Flow {
        let game = self.game;
        let problem = match command {
            Command::Nothing => None,
            // Nothing typed this long is an action; say so without echoing it all.
            _ if line.chars().count() > 64 => {
                Some(format!("{} is not an action or a command; type help", quoted_start(line)))
            }
            Command::Help => {
                self.say(HELP);
                None
            }
            Command::Rules => {
                self.say(game.rules().trim_end());
                None
            }
            Command::Quit if self.may_quit() => return Flow::Break(status::OK),
            Command::Quit => None,
            Command::Resign => {
                self.record.resigned = Some(side);
                None
            }
            Command::Moves => {
                let mut legal = Vec::new();
                game.actions(&self.record.pos, &mut legal);
                let names: Vec<String> = legal.iter().map(|&a| game.format_action(a)).collect();
                self.say(&format!("legal: {}", names.join(" ")));
                None
            }
            Command::Targets(cell) => self.targets(&cell),
            Command::Undo => {
                let sides = self.sides();
                let person = |p: Player| sides[usize::from(p != Player::First)] == Who::Human;
                if !self.record.undo(game, person) {
                    self.say("nothing to undo");
                }
                None
            }
            Command::Save { file, force } => self.save(&file, force),
            Command::Replay | Command::New => self.action(line),
            Command::Action(text) => self.action(&text),
        };
        self.complain(problem)
    }

    /// A line that is no command: an action, or a mistyped command.
    fn action(&mut self, line: &str) -> Option<String> {
        let game = self.game;
        match game.parse_action(&self.record.pos, line) {
            Ok(a) => {
                self.record.play(game, a);
                None
            }
            // A word that is no action may be a mistyped command.
            Err(e) => {
                let word = line.split(' ').next().unwrap_or("");
                if !word.is_empty() && word.chars().all(|c| c.is_ascii_alphabetic()) {
                    Some(format!("{e}; unknown command {}: type help for the commands", quoted_start(word)))
                } else {
                    Some(e)
                }
            }
        }
    }

    /// `targets CELL`: the cell's unit's actions, marked on the board.
    fn targets(&mut self, cell: &str) -> Option<String> {
        let game = self.game;
        match game.actions_from(&self.record.pos, cell) {
            Some(_) if cell.is_empty() => Some("targets needs a cell: targets CELL".to_string()),
            None => Some(format!("{} has no stones that move; try moves", game.name())),
            Some(Err(why)) => Some(format!("no action starts on {cell}: {why}")),
            Some(Ok(v)) => {
                let marks = Marks { last: None, targets: Some((cell, &v)), ascii: self.setup.ascii };
                let names: Vec<String> = v.iter().map(|&a| game.format_action(a)).collect();
                let board = game.draw_marked(&self.record.pos, &marks);
                self.say(&format!("\n{}", board.trim_end()));
                self.say(&format!("from {cell}: {}", names.join(" ")));
                None
            }
        }
    }

    /// Once the game is over: undo, save, replay, new or quit.
    fn after(&mut self) -> Flow {
        self.say(AFTER);
        let line = match self.input.read(self.out, "> ") {
            Ok(Some(l)) => l,
            Ok(None) => return Flow::Break(status::OK),
            Err(code) => return Flow::Break(code),
        };
        let problem = match Command::parse(&line) {
            Command::Nothing | Command::Help => None,
            Command::Quit if self.may_quit() => return Flow::Break(status::OK),
            Command::Quit => None,
            Command::Undo => self.take_back(),
            Command::New => {
                self.record = Record::new(self.record.start.clone());
                self.say("a new game");
                self.phase = Phase::Playing;
                None
            }
            Command::Replay => self.replay(),
            Command::Save { file, force } => self.save(&file, force),
            _ => Some(format!("the game is over: {} is not one of {AFTER}", quoted_start(line.trim()))),
        };
        self.complain(problem)
    }

    /// `undo` in a finished game: a resignation, a person's last action and
    /// the replies, or (no person played) the last action.
    fn take_back(&mut self) -> Option<String> {
        let sides = self.sides();
        let person = |p: Player| sides[usize::from(p != Player::First)] == Who::Human;
        // Taking back a resignation takes back nothing else.
        let back = self.record.resigned.take().is_some()
            || self.record.undo(self.game, person)
            || self.record.undo_one();
        if !back {
            return Some("nothing to undo".to_string());
        }
        self.phase = Phase::Playing;
        None
    }

    fn replay(&mut self) -> Option<String> {
        let (positions, actions) = (self.record.positions(), self.record.actions());
        let story =
            Story { positions: &positions, actions: &actions, sides: self.sides(), ascii: self.setup.ascii };
        let shown = if self.input.interactive {
            let input = &mut self.input;
            let mut read = || input.next_plain(&mut io::sink());
            story.step_through(self.game, self.out, &mut read)
        } else {
            story.print_all(self.game, self.out)
        };
        shown.err().map(|e| format!("cannot show the replay: {e}"))
    }

    /// `quit`: on a terminal, moves not saved are not thrown away without a yes.
    fn may_quit(&mut self) -> bool {
        let record = &self.record;
        let unsaved = self.saved_len != Some(record.played.len()) && !record.played.is_empty();
        !(self.input.interactive && unsaved) || self.input.yes(self.out, "quit without saving? (y/n) ")
    }

    /// `save FILE`, or `save! FILE`: on a terminal an existing file is
    /// replaced once confirmed; a script must say `save!`.
    fn save(&mut self, file: &str, force: bool) -> Option<String> {
        if file.is_empty() {
            return Some("save needs a file name: save FILE".to_string());
        }
        let path = Path::new(file);
        if !force && path.exists() {
            if !self.input.interactive {
                return Some(format!("{file} exists: save! {file} replaces it"));
            }
            if !self.input.yes(self.out, &format!("{file} exists; replace it? (y/n) ")) {
                self.say("not saved");
                return None;
            }
        }
        let text = self.record.saved(&self.setup.settings).to_text(self.game);
        match write_output(path, |w| w.write_all(text.as_bytes())) {
            Ok(()) => {
                self.say(&format!("saved to {file}"));
                self.saved_len = Some(self.record.played.len());
                None
            }
            Err(e) => Some(format!("cannot save to {file}: {e}")),
        }
    }
}
