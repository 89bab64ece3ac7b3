//! `explore` as every door asks for it: a saved analysis (the JSON `analyse
//! --json` wrote) opened again. The door reads the file; this checks what it
//! holds, names its game, and holds the tree built again to it.

use super::budget::DEFAULT_MAX_BYTES;
use super::check::MAX_DEPTH;
use super::refusal::{Refusal, Why};
use crate::export::saved::Saved;
use crate::game::Game;
use crate::games::GameName;
use crate::search::alphabeta::Pruning;
use crate::search::run::Search;
use crate::tree::Tree;
use crate::tree::census::Census;

/// The most bytes a saved analysis may take: four times the JSON that the
/// byte budget's default lets `analyse` write.
pub const MAX_FILE_BYTES: u64 = 4 * DEFAULT_MAX_BYTES;

/// An `explore` as a door gives it: the saved analysis's text (at most
/// [`MAX_FILE_BYTES`] and one more read of it), and the name the door read it by.
#[derive(Clone, Copy, Debug)]
pub struct ExploreArgs<'a> {
    /// The file's text.
    pub text: &'a str,
    /// Its name, as a refusal says it.
    pub name: &'a str,
}

/// An `explore` checked: the saved analysis, its game and how it was searched.
#[derive(Debug)]
pub struct Explore {
    /// What the file holds.
    pub saved: Saved,
    /// Its game.
    pub game: GameName,
    /// The search that made it.
    pub search: Search,
    /// Alpha-beta's cut-off rule.
    pub rule: Pruning,
    name: String,
}

impl ExploreArgs<'_> {
    /// The saved analysis read and checked, or what is wrong with it.
    pub fn check(&self) -> Result<Explore, Refusal> {
        let bad = |why: String| Refusal::said(None, Why::Usage, format!("{}: {why}", self.name));
        if self.text.len() as u64 > MAX_FILE_BYTES {
            return Err(bad(format!(
                "over {} MiB, more than any analysis this gametree saves",
                MAX_FILE_BYTES >> 20
            )));
        }
        let saved = Saved::read(self.text).map_err(bad)?;
        let game =
            GameName::named(&saved.game).ok_or_else(|| bad(format!("unknown game {:?}", saved.game)))?;
        let (search, rule) = saved.search().map_err(bad)?;
        if saved.depth == 0 || saved.depth > MAX_DEPTH {
            return Err(bad(format!("depth {}: a saved tree has 1 to {MAX_DEPTH}", saved.depth)));
        }
        Ok(Explore { saved, game, search, rule, name: self.name.to_string() })
    }
}

impl Explore {
    /// What is wrong with the file, `why`, as a refusal that names it.
    fn bad(&self, why: String) -> Refusal {
        Refusal::said(None, Why::Usage, format!("{}: {why}", self.name))
    }

    /// The saved root position.
    pub fn position<G: Game>(&self, game: &G) -> Result<G::Position, Refusal> {
        game.parse_position(&self.saved.position).map_err(|e| self.bad(format!("position: {e}")))
    }

    /// Whether the census is wanted for the file's own check.
    pub fn wants_census(&self) -> bool {
        self.saved.census.is_some()
    }

    /// The tree built again, held to the file: its nodes, and its census
    /// when the file has one.
    pub fn holds<G: Game>(
        &self,
        game: &G,
        tree: &Tree<'_, G>,
        census: Option<&Census>,
    ) -> Result<(), Refusal> {
        self.saved.check(game, tree).map_err(|e| self.bad(e))?;
        match (census, self.wants_census()) {
            (Some(c), true) => self.saved.check_census(c).map_err(|e| self.bad(e)),
            _ => Ok(()),
        }
    }
}
