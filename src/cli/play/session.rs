//! A game in the terminal as one session: lines come from one [`Input`], each
//! is parsed once into a [`Command`], and the game is in one of two phases,
//! playing or over. A finished game stays open for undo, save, replay and a
//! new game until `quit` or the end of input.

use std::io::{self, BufRead, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use super::command::Command;
use super::ending::Ended;
use super::ending::how_ended;
use super::input::Input;
use super::levels::Who;
use super::record::Record;
use super::replay::Story;
use super::wrap::{fit, width, wrap};
use super::{HELP, MAX_ACTIONS, Setup};
use super::{autosave, signals};
use crate::cli::failure::{Failure, Kind, Outcome};
use crate::cli::lines::quoted_start;
use crate::cli::output::write_output;
use crate::game::{Game, Marks, Player};
use crate::request::machine::{Move, Opponent, Strength};
use crate::search::stop;

/// What an autosave holds of the game: its moves, and the end its players
/// chose (a resignation changes the game but not its moves).
type Kept = (usize, Option<Ended>);

/// What the commands may do: play on, or look back at a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Playing,
    Over,
}

/// The commands of a finished game.
const AFTER: &str = "undo (take back and go on), save FILE, replay, new (same settings), quit";

/// `Break(outcome)` ends the session.
type Flow = ControlFlow<Outcome>;

pub struct Session<'a, G: Game, R> {
    game: &'a G,
    setup: &'a Setup<'a>,
    record: Record<G>,
    machine: Opponent,
    /// Hints come from strong, whatever the machine's level: advice is the
    /// best play the program knows, and says so.
    adviser: Opponent,
    input: Input<R>,
    out: &'a mut dyn Write,
    phase: Phase,
    /// Moves played when the game was last saved (or resumed from a file).
    saved_len: Option<usize>,
    /// The position last drawn: a command that changed nothing (help, moves,
    /// a mistyped line) is answered without the board again.
    shown: Option<G::Position>,
    /// Where the game is saved after each move (a person at a terminal), and
    /// the moves and the chosen end it holds.
    autosave: Option<(PathBuf, Option<Kept>)>,
    /// Why a person's game is not kept automatically (no place for it, or
    /// the last save failed), said with an offer of another file when they
    /// leave it.
    unkept: Option<String>,
    /// The machine's values as numbers too (`--verbose`, or `verbose`).
    verbose: bool,
}

impl<'a, G: Game, R: BufRead> Session<'a, G, R> {
    pub fn new(
        game: &'a G,
        setup: &'a Setup<'a>,
        record: Record<G>,
        input: Input<R>,
        out: &'a mut dyn Write,
        autosave: Option<PathBuf>,
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
        let adviser =
            Opponent::new(game, &Strength { level: super::levels::Level::Strong, depth: None, ..strength });
        let saved_len = setup.resume.map(|_| record.played.len());
        let autosave = autosave.map(|p| (p, None));
        let phase = Phase::Playing;
        let verbose = setup.verbose;
        Session {
            game,
            setup,
            record,
            machine,
            adviser,
            input,
            out,
            phase,
            saved_len,
            shown: None,
            autosave,
            unkept: None,
            verbose,
        }
    }

    /// Says that a person's game has no automatic save, and why.
    pub fn unkept_because(mut self, why: Option<String>) -> Self {
        self.unkept = why;
        self
    }

    /// Plays until `quit` or the end of input.
    pub fn run(mut self) -> Outcome {
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
            if let Flow::Break(outcome) = flow {
                return outcome;
            }
        }
    }

    /// Says `text`, its long lines broken to the terminal's width.
    fn say(&mut self, text: &str) {
        let _ = writeln!(self.out, "{}", fit(text, width()));
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
            Some(Err(failure)) => Flow::Break(Err(failure)),
            _ => Flow::Continue(()),
        }
    }

    /// Saves the game to its autosave file if it changed; a failure is said
    /// once and autosaving stops.
    fn autosave(&mut self) {
        // A resignation or an agreed draw changes the game but not its moves.
        let now = (self.record.played.len(), self.record.ended);
        let Some((path, saved)) = self.autosave.as_mut() else { return };
        if *saved == Some(now) {
            return;
        }
        let text = self.record.saved(&self.setup.settings).to_text(self.game);
        match autosave::write(path, &text) {
            Ok(()) => *saved = Some(now),
            Err(e) => {
                let said = format!("cannot save the game automatically to {}: {e}", path.display());
                self.unkept = Some(format!("it could not be kept in {}: {e}", path.display()));
                self.autosave = None;
                self.say(&said);
            }
        }
    }

    /// Where the game is kept, for a person leaving it: "; it is kept in",
    /// the path on a line of its own (a path is long), and how to go on.
    fn kept(&self) -> String {
        match &self.autosave {
            Some((path, Some(_))) if !self.record.played.is_empty() => {
                let how = match self.phase {
                    Phase::Playing => format!("`gametree play {}` continues it", self.game.name()),
                    Phase::Over => format!("`gametree replay {} FILE` shows it", self.game.name()),
                };
                format!("; it is kept in\n{}\n({how})", path.display())
            }
            _ => String::new(),
        }
    }

    /// The input ended: Ctrl-D or a script's end, or a signal (Ctrl-C at a
    /// prompt, a closed terminal).
    fn input_ended(&mut self) -> Flow {
        let signal = signals::take();
        self.input_ended_by(signal.unwrap_or(0))
    }

    /// The session ends: `signal` 0 for the end of input.
    fn input_ended_by(&mut self, signal: libc::c_int) -> Flow {
        self.autosave();
        // A finished game's script may simply end.
        if signal == 0 && self.phase == Phase::Over && self.kept().is_empty() {
            return Flow::Break(Ok(()));
        }
        let (why, outcome) = match signal {
            0 => ("end of input", Ok(())),
            // What there is to say goes to stdout, where the game is.
            libc::SIGHUP => ("the terminal closed", Err(Failure::quiet(Kind::Signal(libc::SIGHUP)))),
            _ => ("interrupted", Err(Failure::quiet(Kind::Signal(libc::SIGINT)))),
        };
        let left = if self.phase == Phase::Playing { ": game left unfinished" } else { "" };
        let kept = self.kept();
        let lost = self.phase == Phase::Playing
            && kept.is_empty()
            && self.saved_len != Some(self.record.played.len())
            && !self.record.played.is_empty();
        match self.unkept.clone().filter(|_| lost) {
            Some(unkept) => {
                self.say(&format!("\n{why}{left}; {unkept}"));
                // A person is still there unless the terminal closed.
                if signal != libc::SIGHUP {
                    self.offer_another_file();
                }
            }
            None => self.say(&format!("\n{why}{left}{kept}")),
        }
        Flow::Break(outcome)
    }

    /// Asks for a file to keep a game that could not be saved automatically,
    /// until it is saved or the person gives none (Enter, Ctrl-D, Ctrl-C).
    fn offer_another_file(&mut self) {
        if !self.input.interactive {
            return;
        }
        loop {
            let question = "save it to another file? (a file name; Enter: leave it unsaved) ";
            let Ok(Some(name)) = self.input.read(self.out, question) else { break };
            let name = name.trim();
            if name.is_empty() {
                break;
            }
            match self.save(name, false) {
                None if self.saved_len == Some(self.record.played.len()) => break,
                None => {}
                Some(problem) => self.say(&problem),
            }
        }
    }

    /// The game just ended: the board and how it ended.
    fn end(&mut self) {
        self.autosave();
        self.shown = None;
        self.phase = Phase::Over;
        let (game, sides) = (self.game, self.sides());
        self.say(&format!("\n{}", self.record.board(game, self.setup.ascii).trim_end()));
        let rule = self.record.drawn(game);
        let ending = how_ended(game, self.record.ended, rule.as_deref(), &self.record.pos, sides);
        self.say(&ending);
    }

    /// One turn: the machine's move, a forced pass, or a person's line.
    fn turn(&mut self) -> Flow {
        let game = self.game;
        let side = game.to_move(&self.record.pos);
        if self.shown.as_ref() != Some(&self.record.pos) {
            self.autosave();
            let board = self.record.board(game, self.setup.ascii);
            self.say(&format!("\n{board}{} to move", game.player_name(side)));
            self.shown = Some(self.record.pos.clone());
        }
        if self.record.played.len() >= MAX_ACTIONS {
            self.say(&format!("no result after {MAX_ACTIONS} actions: stopped"));
            return Flow::Break(Ok(()));
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
            Ok(None) => return self.input_ended(),
            Err(failure) => return Flow::Break(Err(failure)),
        };
        match Command::parse(&line) {
            Ok(command) => self.playing(command, line.trim(), side),
            Err(refused) => self.complain(Some(refused)),
        }
    }

    fn machine_move(&mut self, side: Player) -> Flow {
        let game = self.game;
        // A Ctrl-C at an earlier prompt is not a stop of this thinking; with
        // the machine on both sides there is no prompt, and it ends the game.
        if self.sides().contains(&Who::Human) {
            signals::take();
            stop::take();
        }
        let chosen = match self.machine.play(game, &self.record.pos) {
            Ok(m) => m,
            Err(e) => {
                let _ = self.out.flush();
                return Flow::Break(Err(Failure::budget(format!(
                    "the machine's move: {}",
                    crate::request::best::search_over(&e).in_door(crate::request::Door::Cli)
                ))));
            }
        };
        if let Some(why) = &chosen.fell_back {
            self.say(&crate::request::refusal::say(why, crate::request::Door::Cli));
        }
        let signal = signals::take();
        if chosen.interrupted || signal == Some(libc::SIGINT) {
            let plies = if chosen.depth == 1 { "ply" } else { "plies" };
            self.say(&format!(
                "(Ctrl-C: the best move found so far, from {} {plies}; undo takes it back)",
                chosen.depth
            ));
        }
        let (action, note) = (chosen.action, self.told(&chosen));
        self.say(&format!("{} plays {} ({note})", game.player_name(side), game.format_action(action)));
        self.record.play(game, action);
        if signal == Some(libc::SIGHUP) {
            return self.input_ended_by(libc::SIGHUP);
        }
        // With the machine on both sides there is no prompt to come back to:
        // Ctrl-C, while it thinks or during --delay, ends the game as at a
        // prompt (kept, status 130).
        if self.sides().iter().all(|&w| w == Who::Machine)
            && (signal == Some(libc::SIGINT) || self.wait_out_delay())
        {
            return self.input_ended_by(signals::take().unwrap_or(libc::SIGINT));
        }
        Flow::Continue(())
    }

    /// Waits `--delay` after a machine's move, in short steps so that a
    /// Ctrl-C or a closed terminal is heard at once: true if one came.
    fn wait_out_delay(&self) -> bool {
        let until = std::time::Instant::now() + self.setup.delay;
        loop {
            if signals::pending() {
                return true;
            }
            let left = until.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                return false;
            }
            std::thread::sleep(left.min(std::time::Duration::from_millis(20)));
        }
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
                self.say(&wrap(HELP, width()));
                None
            }
            Command::Rules => {
                // A session plays a game of the list: its rules are there.
                let rules = crate::games::GameName::named(game.name()).map_or("", |g| g.entry().rules);
                self.say(&wrap(rules, width()));
                None
            }
            Command::Quit if self.may_quit() => return Flow::Break(Ok(())),
            Command::Quit => None,
            Command::Resign => {
                self.record.ended = Some(Ended::Resigned(side));
                None
            }
            Command::Moves | Command::Legal => {
                let every = game.every_action(&self.record.pos);
                let (what, list) = match every {
                    Some(all) if command == Command::Legal => ("legal", all),
                    Some(_) => ("candidates the machine considers (legal lists every point)", Vec::new()),
                    None => ("legal", Vec::new()),
                };
                let mut list = list;
                if list.is_empty() {
                    game.actions(&self.record.pos, &mut list);
                }
                let names: Vec<String> = list.iter().map(|&a| game.format_action(a)).collect();
                self.say(&format!("{what}: {}", names.join(" ")));
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
            Command::Draw => self.offer_draw(side),
            Command::Hint => self.hint(side),
            Command::Verbose => {
                self.verbose = !self.verbose;
                let now = if self.verbose { "on: values as numbers too" } else { "off: values in words" };
                self.say(&format!("verbose {now}"));
                None
            }
            Command::Replay | Command::New => self.action(line),
            Command::Action(text) => self.action(&text),
        };
        self.complain(problem)
    }

    /// `draw`: a machine accepts when its search says it cannot win; a person
    /// is asked.
    fn offer_draw(&mut self, side: Player) -> Option<String> {
        let (game, other) = (self.game, side.other());
        let accepted = if self.who(other) == Who::Machine {
            let chosen = match self.machine.play(game, &self.record.pos) {
                Ok(m) => m,
                Err(e) => {
                    return Some(format!(
                        "the machine cannot weigh the offer: {}",
                        crate::request::best::search_over(&e).in_door(crate::request::Door::Cli)
                    ));
                }
            };
            let wins = if other.maximises() { chosen.value > 0 } else { chosen.value < 0 };
            let answer = if wins { "declines: it still expects to win" } else { "accepts: it sees no win" };
            self.say(&format!("the machine {answer}"));
            !wins
        } else {
            let question = format!(
                "{} offers a draw; {}, do you accept? (y/n) ",
                game.player_name(side),
                game.player_name(other)
            );
            let yes = self.input.yes(self.out, &question);
            if !yes {
                self.say("the offer is declined: play on");
            }
            yes
        };
        if accepted {
            self.record.ended = Some(Ended::Agreed);
        }
        None
    }

    /// What the machine says of its move: its view in words, and in the
    /// verbose mode the numbers behind it.
    fn told(&self, chosen: &Move<G::Action>) -> String {
        if self.verbose { format!("{}; {}", chosen.note, chosen.detail) } else { chosen.note.clone() }
    }

    /// `hint`: what strong would play here, and how deep it looked.
    fn hint(&mut self, side: Player) -> Option<String> {
        let game = self.game;
        match self.adviser.play(game, &self.record.pos) {
            Ok(m) => {
                let name = game.player_name(side);
                let note = self.told(&m);
                let plies = if m.depth == 1 { "ply" } else { "plies" };
                let by = format!("strong, {} {plies}", m.depth);
                self.say(&format!(
                    "hint ({by}): {name} could play {} ({note})",
                    game.format_action(m.action)
                ));
                None
            }
            Err(e) => Some(format!(
                "no hint: {}",
                crate::request::best::search_over(&e).in_door(crate::request::Door::Cli)
            )),
        }
    }

    /// A line that is no command: an action, or a mistyped command.
    fn action(&mut self, line: &str) -> Option<String> {
        let game = self.game;
        match game.parse_action(&self.record.pos, line) {
            Ok(a) => {
                self.record.play(game, a);
                None
            }
            Err(e) => Some(unknown_or(line, e)),
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
                let board = crate::drawing::board(game, &self.record.pos, &marks);
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
            Ok(None) => return self.input_ended(),
            Err(failure) => return Flow::Break(Err(failure)),
        };
        let command = match Command::parse(&line) {
            Ok(command) => command,
            Err(refused) => return self.complain(Some(refused)),
        };
        let problem = match command {
            Command::Nothing | Command::Help => None,
            Command::Quit if self.may_quit() => return Flow::Break(Ok(())),
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
            _ => Some(format!(
                "the game is over: {} is no command here; type one of the above",
                quoted_start(line.trim())
            )),
        };
        self.complain(problem)
    }

    /// `undo` in a finished game: a resignation, a person's last action and
    /// the replies, or (no person played) the last action.
    fn take_back(&mut self) -> Option<String> {
        let sides = self.sides();
        let person = |p: Player| sides[usize::from(p != Player::First)] == Who::Human;
        // Taking back a resignation takes back nothing else.
        let back = self.record.ended.take().is_some()
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
        let story = Story {
            positions: &positions,
            actions: &actions,
            sides: self.sides(),
            ascii: self.setup.ascii,
            ended: self.record.ended,
        };
        let shown = if self.input.interactive {
            let input = &mut self.input;
            // A line too long is said (on stdout, which `out` is) and asked again.
            let mut read = || input.next_plain(&mut io::stdout());
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
        // Say what each answer does: y was read as "yes, save" as often as not.
        let stay = if self.phase == Phase::Over { "stay" } else { "play on" };
        // "Without saving" read as a contradiction beside an autosave that keeps
        // the game, so the question names what happens to it instead.
        let question = if self.autosave.is_some() {
            // A finished game is kept as it ended: quitting loses nothing.
            if self.phase == Phase::Over {
                return true;
            }
            format!("quit now? (y: quit, the game is kept to continue later; n: {stay}) ")
        } else {
            format!("quit without saving? (y: quit, the moves are lost; n: {stay}) ")
        };
        !(self.input.interactive && unsaved) || self.input.yes(self.out, &question)
    }

    /// `save FILE`, or `save! FILE`: on a terminal an existing file is
    /// replaced once confirmed; a script must say `save!`.
    fn save(&mut self, file: &str, force: bool) -> Option<String> {
        if file.is_empty() {
            return Some("save needs a file name: save FILE".to_string());
        }
        let path = autosave::expand_home(file);
        // The name as typed may hold escapes: it is said with them shown, not
        // acted on by the terminal.
        let file = &*crate::game::printable(file);
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
        match write_output(&path, |w| w.write_all(text.as_bytes())) {
            Ok(()) => {
                self.say(&format!("saved to {file}"));
                self.saved_len = Some(self.record.played.len());
                None
            }
            Err(e) => Some(format!("cannot save to {file}: {e}")),
        }
    }
}

/// What is wrong with a line that is no command and no legal action: the
/// game's reason, or, for a word the game could not read at all (its
/// message begins by quoting it), that it is no command either: the rule a
/// game's `Notation::why_illegal` is documented to follow.
fn unknown_or(line: &str, why: String) -> String {
    let word = line.split(' ').next().unwrap_or("");
    let a_word = !word.is_empty() && word.chars().all(|c| c.is_ascii_alphabetic());
    if a_word && why.starts_with(&format!("{line:?}")) {
        format!("unknown command {}: type help for the commands", quoted_start(word))
    } else {
        why
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_word_gets_one_message() {
        let said = |line: &str, why: &str| unknown_or(line, why.to_string());
        assert_eq!(
            said("hello", "\"hello\" is not a move: expected a cell like b6"),
            "unknown command \"hello\": type help for the commands"
        );
        // The game knew what was meant: its reason stands.
        assert_eq!(
            said("pass", "x may pass only when it has no move"),
            "x may pass only when it has no move"
        );
        assert_eq!(said("b9", "\"b9\" is not a cell"), "\"b9\" is not a cell");
    }
}
