//! A game in progress: where it started, what was played, where it stands.

use super::draws::drawn_by_rule;
use super::ending::{ENDED_KEY, Ended};
use super::settings::PlaySettings;
use crate::game::{Game, Marks, Player};
use crate::savegame::SavedGame;

pub struct Record<G: Game> {
    pub start: G::Position,
    pub played: Vec<(G::Position, G::Action)>,
    pub pos: G::Position,
    /// How the game ended besides its rules, if it did (undone by `undo`).
    pub ended: Option<Ended>,
}

impl<G: Game> Record<G> {
    /// The game a saved game holds: its moves played from its start, and the
    /// end its players chose, if they did.
    pub fn from_saved(game: &G, saved: &SavedGame<G>) -> Result<Record<G>, String> {
        let mut r = Record::new(saved.start.clone());
        for &a in &saved.actions {
            r.play(game, a);
        }
        r.ended = Ended::from_saved(&saved.settings)?;
        Ok(r)
    }

    pub fn new(start: G::Position) -> Record<G> {
        Record { pos: start.clone(), start, played: Vec::new(), ended: None }
    }

    pub fn play(&mut self, game: &G, a: G::Action) {
        let next = game.apply(&self.pos, a);
        self.played.push((std::mem::replace(&mut self.pos, next), a));
    }

    pub fn over(&self, game: &G) -> bool {
        self.ended.is_some() || !game.has_actions(&self.pos) || self.drawn(game).is_some()
    }

    /// The draw rule that ended the game, if one did.
    pub fn drawn(&self, game: &G) -> Option<String> {
        drawn_by_rule(game, &self.positions(), &self.actions())
    }

    /// Back to the last turn a person had, taking their action and the replies.
    pub fn undo(&mut self, game: &G, person: impl Fn(Player) -> bool) -> bool {
        self.ended = None;
        match self.played.iter().rposition(|(p, _)| person(game.to_move(p))) {
            Some(back) => {
                self.pos = self.played[back].0.clone();
                self.played.truncate(back);
                true
            }
            None => false,
        }
    }

    /// Takes back the last action, whoever played it.
    pub fn undo_one(&mut self) -> bool {
        self.ended = None;
        match self.played.pop() {
            Some((p, _)) => {
                self.pos = p;
                true
            }
            None => false,
        }
    }

    pub fn saved(&self, settings: &PlaySettings) -> SavedGame<G> {
        let mut settings = settings.to_saved();
        // A resignation or an agreed draw is not in the moves: without this
        // line the game would be offered again as one to continue.
        if let Some(e) = self.ended {
            settings.push((ENDED_KEY.to_string(), e.saved().to_string()));
        }
        SavedGame { settings, start: self.start.clone(), actions: self.actions() }
    }

    pub fn positions(&self) -> Vec<G::Position> {
        let mut v: Vec<G::Position> = self.played.iter().map(|p| p.0.clone()).collect();
        v.push(self.pos.clone());
        v
    }

    pub fn actions(&self) -> Vec<G::Action> {
        self.played.iter().map(|p| p.1).collect()
    }

    /// The board now, the last action marked.
    pub fn board(&self, game: &G, ascii: bool) -> String {
        let last = self.played.last().map(|(before, a)| (before, *a));
        crate::drawing::board(game, &self.pos, &Marks::after(last, ascii))
    }
}
