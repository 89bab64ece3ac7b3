//! Play's draw rules ([`Play::draw_rules`](crate::game::Play::draw_rules)) read from a game's history, the
//! same for a game being played, a resumed one and a replay.

use crate::game::Game;

/// Which rule drew the game, in words for the end of the game: "the same
/// position came up 3 times".
pub fn drawn_by_rule<G: Game>(game: &G, positions: &[G::Position], actions: &[G::Action]) -> Option<String> {
    let rules = game.draw_rules()?;
    let now = positions.last()?;
    let seen = positions.iter().filter(|&p| p == now).count();
    if seen >= rules.repetitions {
        return Some(format!("the same position came up {seen} times"));
    }
    let quiet =
        actions.iter().zip(positions).rev().take_while(|&(&a, p)| !game.is_irreversible(p, a)).count();
    (quiet >= rules.quiet_plies)
        .then(|| format!("{} moves each ({quiet} plies) passed without {}", quiet / 2, rules.irreversible))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;
    use crate::games::checkers::Checkers;
    use crate::games::tictactoe::TicTacToe;

    /// The history of playing `moves` from `start`.
    fn history<G: Game>(game: &G, start: G::Position, moves: &[&str]) -> (Vec<G::Position>, Vec<G::Action>) {
        let (mut positions, mut actions) = (vec![start], Vec::new());
        for m in moves {
            let pos = positions.last().unwrap();
            let a = game.parse_action(pos, m).unwrap();
            positions.push(game.apply(pos, a));
            actions.push(a);
        }
        (positions, actions)
    }

    #[test]
    fn checkers_draws_on_the_third_repetition_and_after_100_quiet_plies() {
        let g = Checkers;
        let start = g
            .parse_position("......../W......./......../......../......../......../.......B/........ b")
            .unwrap();
        let shuffle = ["H7-G8", "A2-B1", "G8-H7", "B1-A2"];
        let (p, a) = history(&g, start, &shuffle);
        assert_eq!(drawn_by_rule(&g, &p, &a), None, "twice is not yet a draw");
        let (p, a) = history(&g, start, &[&shuffle[..], &shuffle[..]].concat());
        assert_eq!(drawn_by_rule(&g, &p, &a).as_deref(), Some("the same position came up 3 times"));
        // Quiet plies are counted back to the last capture or crowning (a
        // history made up for the count: the last position is new each time).
        let (p, a) = history(&g, start, &["H7-G8"]);
        let quiet = |n: usize| {
            let positions: Vec<_> = std::iter::repeat_n(p[0], n).chain([p[1]]).collect();
            drawn_by_rule(&g, &positions, &vec![a[0]; n])
        };
        assert_eq!(quiet(99), None);
        assert_eq!(
            quiet(100).as_deref(),
            Some("50 moves each (100 plies) passed without a capture or a crowning")
        );
        // A capture 49 plies ago restarts the count, 110 plies in.
        let capturing = g
            .parse_position("......../......b./...w..../....b.../......../......../......../........ b")
            .unwrap();
        let capture = g.parse_action(&capturing, "E4-C2").unwrap();
        let positions: Vec<_> = [vec![p[0]; 60], vec![capturing], vec![p[0]; 49], vec![p[1]]].concat();
        let actions = [vec![a[0]; 60], vec![capture], vec![a[0]; 49]].concat();
        assert_eq!(drawn_by_rule(&g, &positions, &actions), None);
        assert_eq!(drawn_by_rule(&TicTacToe, &[TicTacToe.start()], &[]), None, "no rules, no draw");
    }
}
