//! The tree as a Gambit extensive-form game (`.efg`, format version 2), which
//! game-theory courses read with Gambit: every inner node a decision of the side
//! to move in an information set of its own (the games are of perfect
//! information), every leaf an outcome paying the first player its value and the
//! second player its negation.
//!
//! Payoffs keep the tree's values where they are ordinary numbers. The course's
//! cost of a side that cannot move, ±2147483647 (INT_MIN and INT_MAX), would
//! sit beside single digits and break Gambit's floating-point solvers (its
//! float LCP stops with "Bad exit index in LemkeTableau", its float LP gives 0
//! where the value is 2147483647), so values beyond [`FAR`] are written, in the
//! same order, just past the largest ordinary value of the tree. Order is all an
//! equilibrium of a game of perfect information depends on, so Gambit finds the
//! same best moves, and the payoff of each subgame is the rescaled value.

use std::collections::BTreeSet;
use std::io::{self, Write};

use super::summary::Summary;
use crate::game::{Game, Player};
use crate::tree::{GameNode, Tree};

/// A string in the format's double quotes.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Values whose magnitude passes this are rescaled (see the module's text).
pub const FAR: i64 = 1_000_000;

/// The order-keeping map from a tree's leaf values to the payoffs written:
/// odd (a value and its negation stay negations), the identity up to [`FAR`],
/// and beyond it each distinct magnitude, in order, the next whole number past
/// the largest magnitude kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payoffs {
    /// The largest magnitude written as it is.
    kept: i64,
    /// The magnitudes beyond [`FAR`], ascending.
    far: Vec<i64>,
}

impl Payoffs {
    /// The map for a tree whose leaves have these values.
    pub fn new(values: impl IntoIterator<Item = i32>) -> Self {
        let magnitudes: BTreeSet<i64> = values.into_iter().map(|v| i64::from(v).abs()).collect();
        let kept = magnitudes.iter().copied().filter(|&m| m <= FAR).max().unwrap_or(0);
        Payoffs { kept, far: magnitudes.into_iter().filter(|&m| m > FAR).collect() }
    }

    /// The payoff written for a leaf of value `v` (to the first player).
    pub fn of(&self, v: i32) -> i64 {
        let v = i64::from(v);
        match self.far.binary_search(&v.abs()) {
            Ok(rank) => v.signum() * (self.kept + 1 + rank as i64),
            Err(_) => v,
        }
    }

    /// What the file's comment says of the rescaled values, if any were.
    fn note(&self) -> String {
        let said: Vec<String> =
            self.far.iter().zip(self.kept + 1..).map(|(m, written)| format!("±{m} as ±{written}")).collect();
        if said.is_empty() {
            String::new()
        } else {
            format!(
                " Values beyond ±{FAR} are written in the same order past the largest other value, so that \
                 floating-point solvers work: {}.",
                said.join(", ")
            )
        }
    }
}

struct Writer<'w, G: Game> {
    out: &'w mut dyn Write,
    game: &'w G,
    payoffs: Payoffs,
    /// The last information set numbered for each player, and the last outcome.
    infosets: [u64; 2],
    outcomes: u64,
}

impl<G: Game> Writer<'_, G> {
    /// Writes `node` and everything below it, in preorder as the format wants.
    fn node(&mut self, node: &GameNode<G>) -> io::Result<()> {
        let name = quoted(&format!("#{}", node.id()));
        if node.is_leaf() {
            self.outcomes += 1;
            let v = self.payoffs.of(node.value());
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
/// second. Payoffs are the game's finite values, except that a value beyond
/// ±[`FAR`] (the course's cost of a side that cannot move) is written in the
/// same order just past the others ([`Payoffs`]), so Gambit's solvers, in
/// floating point too, find the tree's values or their rescaled stand-ins.
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
    // Distinct values only: a few dozen, whatever the tree's size.
    let mut leaves = BTreeSet::new();
    tree.walk(|n, _| {
        if n.is_leaf() {
            leaves.insert(n.value());
        }
    });
    let payoffs = Payoffs::new(leaves);
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
             Payoffs at a leaf: its value to {}, the negation to {}; {}.{}",
            summary.node_count,
            players[0],
            players[1],
            summary.evaluation,
            payoffs.note()
        ))
    )?;
    Writer { out, game, payoffs, infosets: [0; 2], outcomes: 0 }.node(tree.root)
}

#[cfg(test)]
mod tests {
    use super::Payoffs;

    #[test]
    fn far_values_come_just_past_the_others_in_order_and_odd() {
        let map = Payoffs::new([-3, 0, 1, 3, i32::MAX, i32::MIN, -1001]);
        let written: Vec<i64> = [i32::MIN, -1001, -3, 0, 1, 3, i32::MAX].map(|v| map.of(v)).to_vec();
        // INT_MIN's magnitude is one more than INT_MAX's: it goes one further.
        assert_eq!(written, [-1003, -1001, -3, 0, 1, 3, 1002]);
        assert_eq!(map.of(-i32::MAX), -1002);
        // A tree of ordinary values is written as it is.
        let plain = Payoffs::new([-1001, 5, 0]);
        assert!([-1001, 5, 0, 7].iter().all(|&v| plain.of(v) == i64::from(v)));
        assert_eq!(plain.note(), "");
    }
}
