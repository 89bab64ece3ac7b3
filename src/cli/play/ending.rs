//! What a person is told about results and values.

use super::levels::Who;
use crate::game::{Game, Outcome, Player};

/// The winner of a finished game, if any.
pub fn winner<G: Game>(game: &G, pos: &G::Position) -> Option<Player> {
    let side = game.to_move(pos);
    match game.terminal_outcome(pos) {
        Outcome::Draw => None,
        Outcome::Loss => Some(side.other()),
        Outcome::Win => Some(side),
    }
}

/// Who a side is, to the person at the keyboard: "you" when one person plays
/// the machine, else the side's name (with "(machine)" when machines play).
fn who_is<G: Game>(game: &G, sides: [Who; 2], p: Player) -> String {
    let me = if p == Player::First { sides[0] } else { sides[1] };
    let humans = sides.iter().filter(|&&w| w == Who::Human).count();
    match (humans, me) {
        (1, Who::Human) => "you".to_string(),
        (1, Who::Machine) => "the machine".to_string(),
        (0, _) => format!("{} (machine)", game.player_name(p)),
        _ => game.player_name(p).to_string(),
    }
}

/// "the machine wins: x has no move left (x 30 stones, o 19)".
pub fn announce<G: Game>(game: &G, pos: &G::Position, sides: [Who; 2]) -> String {
    let (why, score) = (game.why_over(pos), game.score(pos));
    let Some(p) = winner(game, pos) else {
        // "a draw: the board is full" read as two verdicts: the reason is an aside.
        let score = score.map_or(String::new(), |s| format!("; {s}"));
        return format!("game over: a draw ({why}{score})");
    };
    let result = match who_is(game, sides, p).as_str() {
        "you" => "you win".to_string(),
        w => format!("{w} wins"),
    };
    let score = score.map_or(String::new(), |s| format!(" ({s})"));
    format!("game over: {result}: {why}{score}")
}

/// A draw by one of play's rules, or by agreement (`rule` None).
pub fn drawn(rule: Option<&str>) -> String {
    match rule {
        Some(rule) => format!("game over: a draw ({rule})"),
        None => "game over: a draw, agreed".to_string(),
    }
}

/// `side` resigned.
pub fn resigned<G: Game>(game: &G, side: Player, sides: [Who; 2]) -> String {
    let (loser, winner) = (who_is(game, sides, side), who_is(game, sides, side.other()));
    let verb = |w: &str| if w == "you" { "win" } else { "wins" };
    let resigns = if loser == "you" { "you resign" } else { &format!("{loser} resigns") };
    format!("game over: {resigns}: {winner} {}", verb(&winner))
}

/// A search value from the first player's point of view, told from `mover`'s:
/// a forced result in words, with its distance when the search knows it
/// (`ends_in` plies, the mover's move included), anything else as a signed
/// number. Moves are counted as in chess problems, the winner's: "x wins in 3
/// moves" is x's 3rd move from now, "x loses in 2 moves" the opponent's 2nd.
pub fn value_for<G: Game>(game: &G, value: i32, mover: Player, ends_in: Option<u8>) -> String {
    let v = if mover.maximises() { i64::from(value) } else { -i64::from(value) };
    let name = game.player_name(mover);
    if !game.is_decided(value) {
        return format!("{v:+} for {name}");
    }
    let (verb, fallback) =
        if v > 0 { ("wins", "wins by force") } else { ("loses", "loses against best play") };
    let Some(plies) = ends_in else {
        return format!("{name} {fallback}");
    };
    let moves = if v > 0 { plies.div_ceil(2) } else { plies / 2 };
    match (plies, moves) {
        (1, _) => format!("{name} {verb} with this move"),
        (_, 1) => format!("{name} {verb} in 1 move, at ply {plies}"),
        _ => format!("{name} {verb} in {moves} moves, at ply {plies}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Notation;
    use crate::games::ataxx::Ataxx;
    use crate::games::checkers::Checkers;
    use crate::games::tictactoe::TicTacToe;

    #[test]
    fn results_and_values_read_as_words() {
        let g = TicTacToe;
        let won = g.parse_position("xxxoo.... o").unwrap();
        let one = [Who::Human, Who::Machine];
        assert_eq!(announce(&g, &won, one), "game over: you win: three in a row");
        assert_eq!(
            announce(&g, &won, [Who::Machine, Who::Human]),
            "game over: the machine wins: three in a row"
        );
        assert_eq!(announce(&g, &won, [Who::Human, Who::Human]), "game over: x wins: three in a row");
        assert_eq!(
            announce(&g, &won, [Who::Machine, Who::Machine]),
            "game over: x (machine) wins: three in a row"
        );
        let full = g.parse_position("xoxxoooxx o").unwrap();
        assert_eq!(announce(&g, &full, one), "game over: a draw (the board is full)");
        let a = Ataxx.parse_position("xxxxxxx/7/7/7/7/7/7 o 0 9").unwrap();
        assert_eq!(announce(&Ataxx, &a, one), "game over: you win: o has no stones left (x 7 stones, o 0)");
        assert_eq!(resigned(&g, Player::First, one), "game over: you resign: the machine wins");
        assert_eq!(resigned(&g, Player::Second, one), "game over: the machine resigns: you win");

        assert_eq!(value_for(&Checkers, i32::MIN, Player::Second, None), "white wins by force");
        assert_eq!(value_for(&Checkers, i32::MIN, Player::First, None), "black loses against best play");
        assert_eq!(value_for(&Checkers, 3, Player::Second, Some(3)), "-3 for white");
        let win = crate::games::tictactoe::WIN + 2;
        assert_eq!(value_for(&g, win, Player::First, None), "x wins by force");
        assert_eq!(value_for(&g, win, Player::First, Some(1)), "x wins with this move");
        assert_eq!(value_for(&g, win, Player::First, Some(3)), "x wins in 2 moves, at ply 3");
        assert_eq!(value_for(&g, win, Player::First, Some(2)), "x wins in 1 move, at ply 2");
        assert_eq!(value_for(&g, -win, Player::First, Some(4)), "x loses in 2 moves, at ply 4");
        assert_eq!(value_for(&g, -win, Player::First, Some(3)), "x loses in 1 move, at ply 3");
        assert_eq!(value_for(&g, -win, Player::First, Some(1)), "x loses with this move");
    }
}
