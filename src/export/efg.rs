//! The tree as a Gambit extensive-form game (`.efg`, format version 2), which
//! game-theory courses read with Gambit: every inner node a decision of the side
//! to move in an information set of its own (the games are of perfect
//! information), every leaf an outcome paying the first player its value and the
//! second player its negation.

use std::io::{self, Write};

use super::summary::Summary;
use crate::game::{Game, Player};
use crate::tree::{GameNode, Tree};

/// A string in the format's double quotes.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

struct Writer<'w, G: Game> {
    out: &'w mut dyn Write,
    game: &'w G,
    /// The last information set numbered for each player, and the last outcome.
    infosets: [u64; 2],
    outcomes: u64,
}

impl<G: Game> Writer<'_, G> {
    /// Writes `node` and everything below it, in preorder as the format wants.
    fn node(&mut self, node: &GameNode<'_, G>) -> io::Result<()> {
        let name = quoted(&format!("#{}", node.id()));
        if node.is_leaf() {
            self.outcomes += 1;
            let v = i64::from(node.value());
            return writeln!(self.out, "t {name} {} \"\" {{ {v}, {} }}", self.outcomes, -v);
        }
        let player = if node.player() == Player::First { 1 } else { 2 };
        self.infosets[player - 1] += 1;
        let actions: Vec<String> = node
            .children()
            .iter()
            .map(|c| quoted(&self.game.format_action(c.action.expect("below the root"))))
            .collect();
        writeln!(
            self.out,
            "p {name} {player} {} \"\" {{ {} }} 0",
            self.infosets[player - 1],
            actions.join(" ")
        )?;
        for c in node.children() {
            self.node(c)?;
        }
        Ok(())
    }
}

/// Writes `tree` as a Gambit extensive-form game: each inner node a move of its
/// side to move, named `#ID` with its actions in the game's notation, each leaf
/// an outcome paying its value to the first player and the negation to the
/// second. Payoffs are the game's finite values (a side that cannot move pays
/// its real cost, not an infinity), so Gambit's solvers find the tree's values.
///
/// # Errors
///
/// [`NotSearched`](crate::tree::NotSearched), as an [`io::ErrorKind::Other`]
/// error, when no search has set the tree's values; any error of `out`.
///
/// ```
/// use gametree::export::efg::write_tree;
/// use gametree::game::prelude::*;
/// use gametree::games::tictactoe::TicTacToe;
/// use gametree::limits::Limits;
/// use gametree::search::back_propagate;
/// use gametree::tree::{Tree, TreeArena};
///
/// let game = TicTacToe;
/// let pos = game.parse_position("xo.ox.... x").unwrap();
/// let mut arena = TreeArena::new();
/// let tree = Tree::build(&mut arena, &game, pos, 9, &Limits::default()).unwrap();
/// let mut out = Vec::new();
/// assert!(write_tree(&mut out, &game, &tree).is_err(), "not searched yet");
/// back_propagate(tree.root);
/// write_tree(&mut out, &game, &tree).unwrap();
/// let efg = String::from_utf8(out).unwrap();
/// assert!(efg.starts_with("EFG 2 R "));
/// // One outcome line per leaf, one decision line per inner node.
/// let mut leaves = 0;
/// tree.walk(|n, _| leaves += usize::from(n.is_leaf()));
/// assert_eq!(efg.lines().filter(|l| l.starts_with("t ")).count(), leaves);
/// ```
pub fn write_tree<G: Game>(out: &mut dyn Write, game: &G, tree: &Tree<'_, G>) -> io::Result<()> {
    tree.check_searched().map_err(io::Error::other)?;
    let summary = Summary::new(game, tree, false);
    let players = [game.player_name(Player::First), game.player_name(Player::Second)];
    writeln!(
        out,
        "EFG 2 R {} {{ {} {} }}",
        quoted(&format!("{} tree, depth {}, from {}", summary.game, summary.depth, summary.position)),
        quoted(players[0]),
        quoted(players[1])
    )?;
    writeln!(
        out,
        "{}\n",
        quoted(&format!(
            "Written by gametree: the explicit tree of {} nodes, construction ids as node names. \
             Payoffs at a leaf: its value to {}, the negation to {}; {}.",
            summary.node_count, players[0], players[1], summary.evaluation
        ))
    )?;
    Writer { out, game, infosets: [0; 2], outcomes: 0 }.node(tree.root)
}
