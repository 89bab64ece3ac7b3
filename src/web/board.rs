//! A board game in the page: its board as the game describes it (`board`),
//! a board set up point by point (`setup`), and the machine's move at a level
//! of play (`machine`), as `gametree play --level LEVEL` chooses it; each the
//! request layer's (`request::board`, `request::machine`).

use serde_json::{Value, json};

use gametree::game::{Game, Player};
use gametree::request::board;
use gametree::request::given::Given;
use gametree::request::machine::{Searched, machine_move};
use gametree::request::{Opt, Refusal};

use crate::options::Options;

/// `board`: the position's picture, its cells, who is to move, and each legal
/// action with the points it starts from and ends on, so that the page draws
/// the board and takes a move by its points. `you`: the side the person plays
/// against the machine, if a game is played.
pub fn board<G: Game>(game: &G, mut o: Options) -> Result<Value, Refusal> {
    let pos = o.position(game)?;
    let you = o.side(Opt::You)?;
    o.finish()?;
    let mut view = json!(board::view(game, &pos, you));
    view["ok"] = json!(true);
    Ok(view)
}

/// `setup`: the position whose board is `cells` with `to-move` (`first` or
/// `second`) to move, in the game's notation; what is wrong with it if none.
pub fn setup<G: Game>(game: &G, mut o: Options) -> Result<Value, Refusal> {
    let cells = o.text(Opt::Cells)?.unwrap_or_default();
    let mover = o.side(Opt::ToMove)?.unwrap_or(Player::First);
    o.finish()?;
    let pos = board::setup(game, &cells, mover)?;
    Ok(json!({"ok": true, "position": game.format_position(&pos)}))
}

/// `machine`: the move the machine plays at `level` from `position`, as
/// `gametree play --level LEVEL --seed SEED --think MS` plays its first move
/// (the library's machine player), and the position after it.
pub fn machine<G: Game>(game: &G, mut o: Options) -> Result<Value, Refusal> {
    let pos = o.position(game)?;
    let args = o.machine()?;
    o.finish()?;
    let played = machine_move(game, &pos, &args.check()?)?;
    Ok(json!({
        "ok": true,
        "action": game.format_action(played.action),
        "note": format!("{}; {}", played.note, played.detail),
        // What the machine searched, for the page to show its tree.
        "searched": (played.searched != Searched::Random).then_some(played.searched),
        "position": game.format_position(&game.apply(&pos, played.action)),
    }))
}

/// `apply`: the position after `action` (in the game's notation) is played.
pub fn apply<G: Game>(game: &G, mut o: Options) -> Result<Value, Refusal> {
    let pos = o.position(game)?;
    let text = o.text(Opt::Action)?.unwrap_or_default();
    o.finish()?;
    Ok(json!({"ok": true, "position": game.format_position(&board::apply(game, &pos, &text)?)}))
}
