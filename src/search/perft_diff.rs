//! Where another move generator parts from ours: its perft "divide" (each
//! legal action with the positions below it) compared with ours, descending
//! into the first action whose counts differ until a position is reached where
//! an action is missing or extra. Chess programmers know this as perftree; it
//! turns "the count at depth 5 is wrong" into "in this position, this move".

use std::collections::BTreeMap;
use std::time::Duration;

use crate::game::Game;
use crate::request::Refusal;
use crate::search::perft::{PerftBudget, perft_by_depth};

/// One line of a divide: an action as the other program wrote it, and its count.
pub type DivideLine = (String, u64);

/// The other generator: its divide of a position (in our notation) at a
/// depth, given at most the time it is called with, or why it gave none.
pub type TheirDivide<'a> = dyn FnMut(&str, u8, Duration) -> Result<Vec<DivideLine>, NoDivide> + 'a;

/// Why the other generator gave no divide, in the caller's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoDivide {
    /// It was still running when the time it was given ran out, and was
    /// stopped: what to say when that time was its own limit (the request's
    /// time budget, when that was less, is said by [`compare`]).
    TimedOut(String),
    /// It failed otherwise: could not be started, flooded, exited with a
    /// status, printed what is not a divide.
    Failed(String),
}

/// Why a comparison ended without an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// A budget of the request ran out, counting ours or waiting for theirs.
    Budget(Refusal),
    /// The other program gave no divide: why, as the caller of it said.
    Theirs(String),
    /// Its divide is wrong in itself (an action twice, counts that sum past
    /// what a count can be): what it did, in words to follow its name, with
    /// the position and depth it was given.
    Wrong(String),
}

/// What the comparison found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// Every action and count agreed at the root.
    Agree {
        /// The depth compared.
        depth: u8,
        /// The positions at that depth, which both counted.
        total: u64,
    },
    /// The first position where the two part.
    Differ(Difference),
}

/// A position where the other generator lists other actions than ours, or
/// agrees on the actions but not on what is below them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The actions from the root to this position, in our notation.
    pub path: Vec<String>,
    /// The position, in our notation.
    pub position: String,
    /// The depth counted from here.
    pub depth: u8,
    /// Legal here, but not in the other divide.
    pub missing: Vec<String>,
    /// In the other divide, but not legal here (as it wrote them).
    pub extra: Vec<String>,
    /// Actions both list whose counts differ: (action, ours, theirs). Told when
    /// nothing is missing or extra, at depth 1, or when the other program's own
    /// counts disagree with each other (see `inconsistent`).
    pub counts: Vec<(String, u64, u64)>,
    /// The other program's count for this position, from its divide one level
    /// up, when its own divide here sums to something else: (its count above,
    /// its sum here). Its counts then contradict themselves, and no position
    /// further down can be blamed.
    pub inconsistent: Option<(u64, u64)>,
}

/// Compares `theirs` (called with a position in our notation, a depth and
/// the time it may take, returning that divide, or why it could not) with
/// our own perft from `root` to `depth`, descending as far as the counts lead.
///
/// `budget` holds for the whole comparison: each of our counts is made within
/// it as `gametree perft` makes them (a depth predicted over its nodes is not
/// started), and each run of theirs is given the time the budget has left
/// when that is less than `timeout`, its own limit. Either budget running out
/// stops the comparison with its refusal.
pub fn compare<G: Game>(
    game: &G,
    root: &G::Position,
    depth: u8,
    threads: usize,
    budget: &PerftBudget,
    timeout: Duration,
    theirs: &mut TheirDivide,
) -> Result<Comparison, Stopped> {
    let (mut pos, mut depth) = (root.clone(), depth);
    let mut path: Vec<String> = Vec::new();
    let mut their_count_here: Option<u64> = None;
    let mut actions = Vec::new();
    loop {
        let text = game.format_position(&pos);
        game.actions(&pos, &mut actions);
        let ours: Vec<(G::Action, u64)> = if actions.is_empty() {
            Vec::new()
        } else {
            let place = match path.len() {
                0 => " of gametree's own count".to_string(),
                _ => format!(" of gametree's own count after {}", path.join(" ")),
            };
            let mut divide = Vec::new();
            for counts in perft_by_depth(game, &pos, depth, threads, budget, &place, &|_, _| {}) {
                divide = counts.map_err(Stopped::Budget)?.divide;
            }
            actions.iter().copied().zip(divide).collect()
        };
        let given = format!("(given {text:?} {depth})");
        let waiting = || format!("the other program's divide {given}");
        if budget.over_time() {
            return Err(Stopped::Budget(budget.out_of_time(waiting())));
        }
        let left = budget.time_left().filter(|&left| left < timeout);
        let listed = match theirs(&text, depth, left.unwrap_or(timeout)) {
            Ok(listed) => listed,
            Err(NoDivide::TimedOut(_)) if left.is_some() => {
                return Err(Stopped::Budget(budget.out_of_time(waiting())));
            }
            Err(NoDivide::TimedOut(why) | NoDivide::Failed(why)) => return Err(Stopped::Theirs(why)),
        };
        let (matched, extra) = match_actions(game, &pos, &actions, &listed)
            .map_err(|twice| Stopped::Wrong(format!("lists {twice} twice {given}")))?;
        let missing: Vec<String> = actions
            .iter()
            .filter(|a| !matched.contains_key(&game.format_action(**a)))
            .map(|a| game.format_action(*a))
            .collect();
        let differing: Vec<(String, u64, u64)> = ours
            .iter()
            .filter_map(|&(a, n)| {
                let name = game.format_action(a);
                let theirs = *matched.get(&name)?;
                (theirs != n).then_some((name, n, theirs))
            })
            .collect();
        // Their counts are theirs: a sum past u64::MAX is their mistake, told
        // as one, never a wrapped figure.
        let sum = listed
            .iter()
            .try_fold(0u64, |sum, (_, n)| sum.checked_add(*n))
            .ok_or_else(|| Stopped::Wrong(format!("printed counts that sum past {} {given}", u64::MAX)))?;
        let inconsistent = their_count_here.filter(|&above| above != sum).map(|above| (above, sum));
        let here = |counts| Difference {
            path: path.clone(),
            position: text.clone(),
            depth,
            missing: missing.clone(),
            extra: extra.clone(),
            counts,
            inconsistent,
        };
        if !missing.is_empty() || !extra.is_empty() {
            return Ok(Comparison::Differ(here(Vec::new())));
        }
        let Some((action, _, theirs_below)) = differing.first().cloned() else {
            // Below the root, a count that differed above shows here as
            // actions or counts that differ, or as counts that contradict
            // the count above; whatever the other program says, a
            // difference is never reported as agreement.
            return Ok(if path.is_empty() && inconsistent.is_none() {
                Comparison::Agree { depth, total: sum }
            } else {
                Comparison::Differ(here(Vec::new()))
            });
        };
        if depth == 1 || inconsistent.is_some() {
            return Ok(Comparison::Differ(here(differing)));
        }
        let a = actions[actions.iter().position(|&a| game.format_action(a) == action).expect("ours")];
        pos = game.apply(&pos, a);
        depth -= 1;
        path.push(action);
        their_count_here = Some(theirs_below);
    }
}

/// Their lines matched to our legal actions (by our notation, however they
/// wrote them), and the ones that are not legal here, as written; or the
/// action they list twice.
fn match_actions<G: Game>(
    game: &G,
    pos: &G::Position,
    legal: &[G::Action],
    listed: &[DivideLine],
) -> Result<(BTreeMap<String, u64>, Vec<String>), String> {
    let mut matched = BTreeMap::new();
    let mut extra = Vec::new();
    for (text, n) in listed {
        let ours =
            game.parse_action(pos, text).ok().filter(|a| legal.contains(a)).map(|a| game.format_action(a));
        match ours {
            Some(name) => {
                if matched.insert(name.clone(), *n).is_some() {
                    return Err(name);
                }
            }
            None => extra.push(text.clone()),
        }
    }
    Ok((matched, extra))
}

/// Reads a divide: `ACTION COUNT` a line (or `ACTION: COUNT`, as `perft
/// --divide` writes it); blank lines are skipped. A count past `u64::MAX` is
/// named as such.
pub fn parse_divide(text: &str) -> Result<Vec<DivideLine>, String> {
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let split = line
            .rsplit_once(char::is_whitespace)
            .map(|(action, count)| (action.trim().trim_end_matches(':').trim(), count))
            .filter(|(action, _)| !action.is_empty());
        let not_a_line =
            || format!("line {} is not ACTION COUNT: {}", i + 1, crate::game::quoted_start(line));
        let Some((action, count)) = split else { return Err(not_a_line()) };
        match count.parse::<u64>() {
            Ok(n) => lines.push((action.to_string(), n)),
            Err(_) if all_digits(count) => {
                let shown = match count.get(..40) {
                    Some(start) if count.len() > 40 => format!("{start}... ({} digits)", count.len()),
                    _ => count.to_string(),
                };
                return Err(format!(
                    "line {}: {shown} is more than {}, the most a count can be",
                    i + 1,
                    u64::MAX
                ));
            }
            Err(_) => return Err(not_a_line()),
        }
    }
    Ok(lines)
}

/// Whether `s` is digits only (and some).
fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::prelude::*;
    use crate::games::tictactoe::TicTacToe;
    use crate::request::Opt;
    use crate::search::perft::perft;

    const MINUTE: Duration = Duration::from_secs(60);

    /// No budget to speak of.
    fn ample() -> PerftBudget {
        PerftBudget::new(u64::MAX, None)
    }

    /// Our own divide, as another program would print it.
    fn divide(pos: &str, depth: u8) -> Vec<DivideLine> {
        let g = TicTacToe;
        let p = g.parse_position(pos).unwrap();
        let mut actions = Vec::new();
        g.actions(&p, &mut actions);
        if actions.is_empty() {
            return Vec::new();
        }
        let d = perft(&g, &p, depth, 1, &|_| {}).divide;
        actions.iter().map(|a| g.format_action(*a)).zip(d).collect()
    }

    #[test]
    fn a_generator_that_agrees_is_told_so() {
        let g = TicTacToe;
        let found = compare(&g, &g.start(), 4, 1, &ample(), MINUTE, &mut |p, d, _| Ok(divide(p, d))).unwrap();
        assert_eq!(found, Comparison::Agree { depth: 4, total: 3024 });
    }

    /// A generator that forgets b2 whenever x holds a1, counting with its own bug.
    fn forgetful_actions(
        g: &TicTacToe,
        p: &<TicTacToe as Rules>::Position,
    ) -> Vec<<TicTacToe as Rules>::Action> {
        let mut actions = Vec::new();
        g.actions(p, &mut actions);
        if g.format_position(p).starts_with('x') {
            actions.retain(|&a| g.format_action(a) != "b2");
        }
        actions
    }

    fn forgetful_count(g: &TicTacToe, p: &<TicTacToe as Rules>::Position, depth: u8) -> u64 {
        if depth == 0 {
            return 1;
        }
        forgetful_actions(g, p).iter().map(|&a| forgetful_count(g, &g.apply(p, a), depth - 1)).sum()
    }

    #[test]
    fn a_missing_action_deep_down_is_found_where_it_is_missing() {
        let g = TicTacToe;
        let mut broken = |p: &str, d: u8, _| {
            let p = g.parse_position(p).unwrap();
            Ok(forgetful_actions(&g, &p)
                .iter()
                .map(|&a| (g.format_action(a), forgetful_count(&g, &g.apply(&p, a), d - 1)))
                .collect())
        };
        let Comparison::Differ(found) = compare(&g, &g.start(), 3, 1, &ample(), MINUTE, &mut broken).unwrap()
        else {
            panic!("no difference found")
        };
        // a1 is the first root action, and x on a1 is where b2 goes missing.
        assert_eq!(found.path, ["a1"]);
        assert_eq!(found.position, "x........ o");
        assert_eq!(found.missing, ["b2"]);
        assert!(found.extra.is_empty() && found.counts.is_empty() && found.inconsistent.is_none());
    }

    #[test]
    fn counts_that_contradict_themselves_are_told_as_such() {
        let g = TicTacToe;
        // Right below the root, but one more than it says at the root.
        let mut liar = |p: &str, d: u8, _| {
            let mut lines = divide(p, d);
            if p == g.format_position(&g.start()) {
                lines[0].1 += 1;
            }
            Ok(lines)
        };
        let Comparison::Differ(found) = compare(&g, &g.start(), 3, 1, &ample(), MINUTE, &mut liar).unwrap()
        else {
            panic!("no difference found")
        };
        assert_eq!(found.path, ["a1"]);
        assert_eq!(found.inconsistent, Some((8 * 7 + 1, 8 * 7)));
    }

    #[test]
    fn the_other_program_is_given_the_time_the_budget_has_left_and_stopped_by_it() {
        let g = TicTacToe;
        let given = std::cell::RefCell::new(Vec::new());
        let mut slow = |_: &str, _: u8, wait: Duration| -> Result<Vec<DivideLine>, NoDivide> {
            given.borrow_mut().push(wait);
            Err(NoDivide::TimedOut(format!("did not finish within {} s (--timeout)", wait.as_secs())))
        };
        // Its own timeout is the less: its fault, in the caller's words.
        let found = compare(&g, &g.start(), 3, 1, &ample(), MINUTE, &mut slow);
        assert_eq!(found, Err(Stopped::Theirs("did not finish within 60 s (--timeout)".into())));
        // The budget's time left is the less: the budget stopped it, named.
        let budget = PerftBudget::new(u64::MAX, Some(Duration::from_secs(2)));
        let Err(Stopped::Budget(refusal)) = compare(&g, &g.start(), 3, 1, &budget, MINUTE, &mut slow) else {
            panic!("not stopped by the budget")
        };
        assert_eq!(refusal.option, Some(Opt::MaxTime));
        assert_eq!(
            refusal.in_door(crate::request::Door::Cli),
            "the other program's divide (given \"......... x\" 3) was not finished within --max-time 2; stopped"
        );
        assert_eq!(given.borrow()[0], MINUTE);
        let wait = given.borrow()[1];
        assert!(wait <= Duration::from_secs(2) && wait > Duration::from_secs(1), "{wait:?}");
        // Our own count is held to the node budget as plain perft's is.
        let few = PerftBudget::new(100, None);
        let Err(Stopped::Budget(refusal)) = compare(&g, &g.start(), 5, 1, &few, MINUTE, &mut slow) else {
            panic!("not stopped by the budget")
        };
        assert_eq!(refusal.option, Some(Opt::MaxNodes));
        assert_eq!(given.borrow().len(), 2, "not run once our count was refused");
    }

    #[test]
    fn divides_are_read_with_or_without_a_colon_and_nonsense_is_named() {
        assert_eq!(parse_divide("a1 3\n\nb2: 4\n").unwrap(), [("a1".into(), 3), ("b2".into(), 4)]);
        assert!(parse_divide("a1 3\nhello\n").unwrap_err().starts_with("line 2 is not ACTION COUNT"));
        assert!(parse_divide("a1 -3").is_err());
        assert_eq!(parse_divide("a1 18446744073709551615").unwrap(), [("a1".into(), u64::MAX)]);
        assert_eq!(
            parse_divide("a1 2\nb1 18446744073709551616").unwrap_err(),
            "line 2: 18446744073709551616 is more than 18446744073709551615, the most a count can be"
        );
        let long = "9".repeat(100_000);
        assert!(parse_divide(&format!("a1 {long}")).unwrap_err().contains("9999... (100000 digits) is more"));
        assert!(parse_divide("123").unwrap_err().starts_with("line 1 is not ACTION COUNT"));
    }
}
