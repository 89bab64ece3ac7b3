//! A saved analysis read back: the JSON `analyse --json` writes
//! (`docs/tree-json.md`), for `gametree explore` to open again in the
//! explorer. The document names its game, root position, depth, search and
//! cut-off rule; the explicit tree those give is the same on every run, so
//! the tree is built again from them and then held to the file node by node
//! (action, board, value, pruned) and to its census: a file that was edited,
//! cut short or saved from other settings is refused, never drawn as if it
//! were what the file says.

use serde::Deserialize;

use super::json::SCHEMA_VERSION;
use crate::game::Game;
use crate::search::alphabeta::Pruning;
use crate::search::run::Search;
use crate::tree::Tree;
use crate::tree::census::Census;

/// The top of a saved analysis, and its nodes.
#[derive(Debug, Deserialize)]
pub struct Saved {
    /// The schema the file follows.
    pub schema_version: u32,
    /// The game's name.
    pub game: String,
    /// The root position, in the game's notation.
    pub position: String,
    /// The depth the tree was built to.
    pub depth: u8,
    /// `minimax`, `alphabeta` or `mcts`.
    pub search: String,
    /// Alpha-beta's cut-off rule.
    pub pruning: Option<String>,
    /// How the values were computed, settings included.
    pub evaluation: String,
    /// Nodes in the tree.
    pub node_count: usize,
    /// Whether the move orders were compared (`--compare-orders`).
    pub move_orders: Option<serde_json::Value>,
    /// Each iteration of `--search deepening` (null for any other search;
    /// absent in a file from before deepening was written).
    #[serde(default)]
    pub deepening: Option<serde_json::Value>,
    /// The census (absent in a file from before it was written).
    #[serde(default)]
    pub census: Option<Census>,
    /// The nodes in id order.
    pub nodes: Vec<SavedNode>,
}

/// What of a saved node the check compares.
#[derive(Debug, Deserialize)]
pub struct SavedNode {
    /// Its id.
    pub id: u32,
    /// The action into it.
    pub action: Option<String>,
    /// Its board's rows.
    #[serde(default)]
    pub board: Vec<String>,
    /// Its value (null where pruned).
    #[serde(default)]
    pub value: Option<i32>,
    /// Whether alpha-beta skipped it.
    #[serde(default)]
    pub pruned: bool,
}

impl Saved {
    /// Reads a saved analysis from its text; the error says, in a few words,
    /// what is wrong.
    pub fn read(text: &str) -> Result<Saved, String> {
        let saved: Saved = serde_json::from_str(text).map_err(|e| format!("not a saved analysis ({e})"))?;
        if saved.schema_version != SCHEMA_VERSION {
            return Err(format!(
                "schema_version {}, and this gametree reads {SCHEMA_VERSION}",
                saved.schema_version
            ));
        }
        if saved.search == "mcts" {
            return Err("an MCTS search; explore opens minimax and alpha-beta trees (open the page analyse --search mcts --html writes)".into());
        }
        // `@FILE` on the command line reads a tree game's position from
        // FILE; inside a file it would open whatever the file says (a FIFO
        // that never ends, a private file whose first bytes the parser's
        // error shows). The saved position is the text the tree was built
        // from.
        if saved.position.trim_start().starts_with('@') {
            return Err(format!(
                "position {:?}: names a file, and a position in a saved analysis is text, never a file to read",
                saved.position
            ));
        }
        if saved.nodes.len() != saved.node_count {
            return Err(format!("{} nodes where node_count says {}", saved.nodes.len(), saved.node_count));
        }
        Ok(saved)
    }

    /// The search that set the values, and its cut-off rule: iterative
    /// deepening where the file holds its iterations (its last iteration is
    /// an alpha-beta search, and the file names it so).
    pub fn search(&self) -> Result<(Search, Pruning), String> {
        let rule = match self.pruning.as_deref() {
            None => Pruning::default(),
            Some(r) if r == Pruning::OnTies.name() => Pruning::OnTies,
            Some(r) if r == Pruning::PastBound.name() => Pruning::PastBound,
            Some(r) => return Err(format!("unknown cut-off rule {r:?}")),
        };
        match self.search.as_str() {
            "minimax" => Ok((Search::Minimax, rule)),
            "alphabeta" if self.deepening.is_some() => Ok((Search::Deepening, rule)),
            "alphabeta" => Ok((Search::Alphabeta, rule)),
            other => Err(format!("unknown search {other:?}")),
        }
    }

    /// Holds the saved nodes to `tree` (the census: [`Saved::check_census`]), built again from the file's
    /// game, position and depth and searched as the file says. The error names
    /// the first node that differs and how.
    pub fn check<G: Game>(&self, game: &G, tree: &Tree<'_, G>) -> Result<(), String> {
        if game.evaluation() != self.evaluation {
            return Err(format!(
                "saved with other settings of {} (its values: \"{}\"); give explore the options analyse had",
                self.game, self.evaluation
            ));
        }
        if tree.len != self.node_count {
            return Err(format!(
                "{} nodes, but position and depth {} give {}; was it edited?",
                self.node_count, self.depth, tree.len
            ));
        }
        let picture = game.picture();
        let mut problem: Option<String> = None;
        let mut index = 0usize;
        tree.walk(|node, _| {
            let saved = &self.nodes[index];
            index += 1;
            if problem.is_some() {
                return;
            }
            let pos = node.position(game);
            let action = node.action.map(|a| game.format_action(a));
            let value = (!node.pruned()).then(|| node.value());
            let board = picture.rows(&game.cells(&pos));
            let differs = if saved.id != node.id() {
                Some(format!("the node at place {} has id {}", node.id(), saved.id))
            } else if saved.action != action {
                Some(format!("action {:?}, the rules give {:?}", saved.action, action))
            } else if saved.board != board {
                Some(format!("board {:?}, the rules give {:?}", saved.board, board))
            } else if saved.pruned != node.pruned() || saved.value != value {
                let shown = |v: Option<i32>| v.map_or("null (pruned)".to_string(), |v| v.to_string());
                Some(format!("value {}, the search gives {}", shown(saved.value), shown(value)))
            } else {
                None
            };
            problem = differs.map(|d| format!("node {}: {d}; was it edited?", node.id()));
        });
        if let Some(p) = problem {
            return Err(p);
        }
        Ok(())
    }

    /// Holds the saved census, if the file has one, to `census`, the census
    /// of the tree [`Saved::check`] checked.
    pub fn check_census(&self, census: &Census) -> Result<(), String> {
        let Some(saved) = &self.census else { return Ok(()) };
        let mut fresh = census.clone();
        if saved.total.games_up_to_symmetry.is_none() {
            // A file from before games up to symmetry were counted has none
            // (nor has a game without symmetries, whose fresh count is none).
            for c in fresh.by_depth.iter_mut().chain([&mut fresh.total]) {
                c.games_up_to_symmetry = None;
            }
        }
        if *saved == fresh {
            Ok(())
        } else {
            Err("its census differs from the tree's; was it edited?".into())
        }
    }
}
