//! How a game ends: what a person is told about results and values, and the
//! ends the players choose (a resignation, an agreed draw) as a save keeps them.

use super::levels::Who;

use crate::game::{Game, Player};

/// An end the players chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// This side resigned.
    Resigned(Player),
    /// A draw offered and accepted.
    Agreed,
}

/// The saved-game key of an end the players chose.
pub const ENDED_KEY: &str = "ended";

impl Ended {
    /// The value of the `ended` line of a saved game.
    pub fn saved(self) -> &'static str {
        match self {
            Ended::Resigned(Player::First) => "first resigned",
            Ended::Resigned(Player::Second) => "second resigned",
            Ended::Agreed => "draw agreed",
        }
    }

    /// The end a saved game's settings record, if any; an `ended` line with
    /// another value is refused in words.
    pub fn from_saved(settings: &[(String, String)]) -> Result<Option<Ended>, String> {
        let Some((_, value)) = settings.iter().find(|(k, _)| k == ENDED_KEY) else { return Ok(None) };
        [Ended::Resigned(Player::First), Ended::Resigned(Player::Second), Ended::Agreed]
            .into_iter()
            .find(|e| e.saved() == value)
            .map(Some)
            .ok_or_else(|| {
                format!(
                    "saved setting ended: {} is not one of \"first resigned\", \"second resigned\", \"draw agreed\"",
                    crate::game::quoted_start(value)
                )
            })
    }
}

pub use crate::request::machine::winner;

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

/// "the machine wins: x has no move left (x 30 stones, o 19)": the request
/// layer's words, which the page says too.
pub fn announce<G: Game>(game: &G, pos: &G::Position, sides: [Who; 2]) -> String {
    crate::request::machine::game_over(game, pos, |p| who_is(game, sides, p))
}

/// How a game over ended, as its last line says it: the end its players chose
/// (`ended`), else the draw rule that ended it (`rule`), else the rules' result
/// at `last`.
pub fn how_ended<G: Game>(
    game: &G,
    ended: Option<Ended>,
    rule: Option<&str>,
    last: &G::Position,
    sides: [Who; 2],
) -> String {
    match (ended, rule) {
        (Some(Ended::Resigned(side)), _) => resigned(game, side, sides),
        (Some(Ended::Agreed), _) => drawn(None),
        (None, Some(rule)) => drawn(Some(rule)),
        (None, None) => announce(game, last, sides),
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Notation;
    use crate::games::ataxx::Ataxx;
    use crate::games::checkers::Checkers;
    use crate::games::tictactoe::TicTacToe;
    use crate::request::machine::{raw_value, value_for};

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
        let win = crate::games::tictactoe::WIN + 2;
        assert_eq!(value_for(&g, win, Player::First, None), "x wins by force");
        assert_eq!(value_for(&g, win, Player::First, Some(1)), "x wins with this move");
        assert_eq!(value_for(&g, win, Player::First, Some(3)), "x wins in 2 moves");
        assert_eq!(value_for(&g, win, Player::First, Some(2)), "x wins in 1 move");
        assert_eq!(value_for(&g, -win, Player::First, Some(4)), "x loses in 2 moves");
        assert_eq!(value_for(&g, -win, Player::First, Some(3)), "x loses in 1 move");
        assert_eq!(value_for(&g, -win, Player::First, Some(1)), "x loses with this move");
        assert_eq!(value_for(&g, -win, Player::Second, Some(3)), "o wins in 2 moves");
        assert_eq!(raw_value(&g, -win, Player::Second, Some(3)), "value +1002 for o, the end at ply 3");
    }

    /// Values short of a forced result read as a lead by each game's scale,
    /// from the mover's side, and the number is kept for the verbose mode.
    #[test]
    fn values_read_as_leads_by_each_games_scale() {
        use crate::games::gomoku::Gomoku;
        use crate::games::niujiao::Niujiao;
        let said = |words: &str, raw: &str| (words.to_string(), raw.to_string());
        let both = |w: String, r: String| (w, r);
        // Checkers counts a piece 1 and a tower 3, black's way.
        let checkers = |v, p| both(value_for(&Checkers, v, p, None), raw_value(&Checkers, v, p, None));
        assert_eq!(checkers(0, Player::First), said("the game is level", "value +0 for black"));
        assert_eq!(checkers(1, Player::First), said("black is ahead", "value +1 for black"));
        assert_eq!(checkers(3, Player::Second), said("white is well behind", "value -3 for white"));
        assert_eq!(checkers(-2, Player::Second), said("white is ahead", "value +2 for white"));
        // Ataxx: a tenth of the stones is a lead, two fifths a wide one.
        assert_eq!(value_for(&Ataxx, 99, Player::First, None), "the game is level");
        assert_eq!(value_for(&Ataxx, -100, Player::First, None), "x is behind");
        assert_eq!(value_for(&Ataxx, -400, Player::Second, None), "o is well ahead");
        // Tic-tac-toe counts open lines.
        assert_eq!(value_for(&TicTacToe, 2, Player::Second, None), "o is behind");
        // Gomoku: an open three's worth is a lead, an open four's a wide one,
        // both weighted as the machine weighs the opponent (defence 9).
        let gomoku = Gomoku::default();
        assert_eq!(value_for(&gomoku, -248, Player::First, None), "the game is level");
        assert_eq!(value_for(&gomoku, -1_500, Player::First, None), "the game is level");
        assert_eq!(value_for(&gomoku, -9_000, Player::First, None), "x is behind");
        assert_eq!(value_for(&gomoku, 90_000, Player::First, None), "x is well ahead");
        // Niujiao measures red's progress down the ladder, not a balance.
        let n = Niujiao::default();
        assert_eq!(value_for(&n, 24, Player::Second, None), "the game is level");
        assert_eq!(value_for(&n, 33, Player::Second, None), "blue is behind");
        assert_eq!(value_for(&n, 41, Player::First, None), "red is well ahead");
        // Words are monotone in the value: as the mover's value rises they
        // never step back (well behind, behind, level, ahead, well ahead, each
        // forced result at the ends), in every game and for either side.
        let rank = |w: &str| {
            ["loses", "well behind", "behind", "level", "is ahead", "well ahead", "wins"]
                .iter()
                .position(|k| w.contains(k))
                .unwrap_or_else(|| panic!("no rank for {w:?}"))
        };
        fn ranks<G: Game>(g: &G, p: Player, rank: &dyn Fn(&str) -> usize) -> Vec<usize> {
            let sign = if p.maximises() { 1 } else { -1 };
            let mut values: Vec<i32> = (-2_000..=2_000).step_by(7).collect();
            values.extend((-100_000..=100_000).step_by(997));
            values.extend([i32::MIN + 1, -1_000_004, 1_000_004, i32::MAX]);
            values.sort_unstable();
            // Rising for the mover: the first player's values, or their negation.
            values.iter().map(|&v| rank(&value_for(g, sign * v, p, None))).collect()
        }
        for p in [Player::First, Player::Second] {
            let all = [
                ranks(&Checkers, p, &rank),
                ranks(&Ataxx, p, &rank),
                ranks(&TicTacToe, p, &rank),
                ranks(&gomoku, p, &rank),
                ranks(&n, p, &rank),
            ];
            for (i, r) in all.iter().enumerate() {
                assert!(r.windows(2).all(|w| w[0] <= w[1]), "game {i}, {p:?}: {r:?}");
            }
        }
        // Numbers never reach the words.
        for v in [-5000, -3, 0, 7, 450] {
            assert!(!value_for(&Ataxx, v, Player::First, None).chars().any(|c| c.is_ascii_digit()));
        }
    }
}
