//! A board game played in a door that draws its own board (the page): the
//! board as the game describes it, a board set up point by point, and an
//! action applied, each said as the door shows it.

use serde::Serialize;

use super::machine::game_over;
use super::option::Opt;
use super::refusal::{Refusal, Why};
use crate::game::drawing::Picture;
use crate::game::{Game, Player};

/// A position as a door draws it and takes a move on it by its points.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    /// The position, in the game's notation.
    pub position: String,
    /// The board's description (the explorer's).
    pub picture: Picture,
    /// Its cells.
    pub cells: String,
    /// `first` or `second`.
    pub to_move: &'static str,
    /// The two sides' names, the first's first.
    pub players: [&'static str; 2],
    /// Each legal action, with the points it starts from and ends on.
    pub actions: Vec<Action>,
    /// The end of the game, in words, once there is no legal action.
    pub over: Option<String>,
    /// The game's count of the board, if it keeps one.
    pub tally: Option<String>,
    /// Each point's name.
    pub names: Vec<String>,
    /// Whether the board can be set up point by point.
    pub editable: bool,
}

/// A legal action by its points.
#[derive(Clone, Debug, Serialize)]
pub struct Action {
    /// In the game's notation.
    pub name: String,
    /// The point it starts from, if it moves a unit.
    pub from: Option<usize>,
    /// The point it ends on.
    pub to: Option<usize>,
}

/// `pos` as a door draws it. `you`: the side a person plays against the
/// machine, if a game is played: its end is then said as `play` says it to
/// them ("you win").
pub fn view<G: Game>(game: &G, pos: &G::Position, you: Option<Player>) -> View {
    let mut legal = Vec::new();
    game.actions(pos, &mut legal);
    let actions = legal
        .iter()
        .map(|&a| {
            let s = game.spots(pos, a);
            Action { name: game.format_action(a), from: s.from, to: s.to }
        })
        .collect();
    let mover = game.to_move(pos);
    let over = legal.is_empty().then(|| {
        game_over(game, pos, |p| match you {
            Some(y) if y == p => "you".to_string(),
            Some(_) => "the machine".to_string(),
            None => game.player_name(p).to_string(),
        })
    });
    View {
        position: game.format_position(pos),
        picture: game.picture(),
        cells: game.cells(pos),
        to_move: side_name(mover),
        players: [game.player_name(Player::First), game.player_name(Player::Second)],
        actions,
        over,
        tally: game.tally(pos),
        names: (0..game.picture().points.len()).map(|i| game.point_name(i)).collect(),
        editable: game.setup(&game.cells(pos), mover).is_some(),
    }
}

/// A side as a door names it: `first` or `second`.
pub fn side_name(p: Player) -> &'static str {
    if p == Player::First { "first" } else { "second" }
}

/// The position whose board is `cells` with `mover` to move; what is wrong
/// with it if none.
pub fn setup<G: Game>(game: &G, cells: &str, mover: Player) -> Result<G::Position, Refusal> {
    match game.setup(cells, mover) {
        None => Err(Refusal::said(Opt::Game, Why::Usage, format!("{} has no board to set up", game.name()))),
        Some(Err(why)) => {
            Err(Refusal::said(Opt::Position, Why::Usage, format!("this board is no position: {why}")))
        }
        Some(Ok(pos)) => Ok(pos),
    }
}

/// The position after `action` (in the game's notation) is played at `pos`.
pub fn apply<G: Game>(game: &G, pos: &G::Position, action: &str) -> Result<G::Position, Refusal> {
    let action = game.parse_action(pos, action).map_err(|e| Refusal::said(Opt::Action, Why::Usage, e))?;
    Ok(game.apply(pos, action))
}
