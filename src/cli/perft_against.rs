//! `gametree perft GAME DEPTH --against "CMD"`: another program's divide
//! compared with ours, down to the first position where the two part.

use std::time::Duration;

use super::child::{Unprinted, run_capped};
use super::failure::{Failure, Kind, Outcome};
use crate::game::Game;
use crate::search::perft::PerftBudget;
use crate::search::perft_diff::{Comparison, Difference, NoDivide, Stopped, compare, parse_divide};

/// The most a divide may print: a line for each legal action, and no game has
/// ten thousand of them.
const MAX_DIVIDE_BYTES: u64 = 1 << 20;

/// Runs the comparison from `pos` within `budget` (each run of CMD within
/// `timeout` too) and prints what it found; status 1 when the two differ or
/// the other program misbehaves, 3 when a budget ran out.
pub fn against<G: Game>(
    game: &G,
    pos: &G::Position,
    depth: u8,
    threads: usize,
    budget: &PerftBudget,
    cmd: &str,
    timeout: Duration,
) -> Outcome {
    let program: Vec<String> = cmd.split_whitespace().map(String::from).collect();
    if program.is_empty() {
        return Err(Failure::usage("--against is empty; expected a program and its arguments"));
    }
    let shown = crate::game::printable(cmd).into_owned();
    let mut calls = 0;
    let mut theirs = |position: &str, depth: u8, wait: Duration| {
        calls += 1;
        let depth_arg = depth.to_string();
        let given = format!("(given {position:?} {depth})");
        let printed =
            run_capped(&program, &[position, &depth_arg], MAX_DIVIDE_BYTES, wait).map_err(|e| match e {
                Unprinted::TimedOut => NoDivide::TimedOut(format!(
                    "{shown} did not finish within {} s (--timeout) {given}",
                    timeout.as_secs()
                )),
                Unprinted::Failed(why) => NoDivide::Failed(format!("{shown} {why} {given}")),
            })?;
        let text = String::from_utf8_lossy(&printed.0);
        parse_divide(&text).map_err(|why| NoDivide::Failed(format!("{shown} {given}: {why}")))
    };
    let found = compare(game, pos, depth, threads, budget, timeout, &mut theirs);
    let report = match found {
        Ok(Comparison::Agree { depth, total }) => {
            super::output::print(&format!(
                "agree: {total} positions at depth {depth}, every root action the same\n"
            ))?;
            return Ok(());
        }
        Ok(Comparison::Differ(d)) => describe(&d, calls),
        Err(Stopped::Budget(refusal)) => return Err(refusal.into()),
        // Its output wrong in itself: its fault, told after its name.
        Err(Stopped::Wrong(what)) => format!("stopped: {shown} {what}\n"),
        // Started once and failed: the program's fault, told as a failure of it.
        Err(Stopped::Theirs(why)) if calls > 1 || !why.contains("cannot be started") => {
            format!("stopped: {why}\n")
        }
        Err(Stopped::Theirs(why)) => return Err(Failure::usage(why)),
    };
    super::output::print(&report)?;
    Err(Failure::quiet(Kind::Refused))
}

/// The difference in words, for a person: where, what, and how we got there.
fn describe(d: &Difference, calls: usize) -> String {
    let mut out = String::new();
    let at = if d.path.is_empty() {
        "at the root".to_string()
    } else {
        format!(
            "after {} ({} from the root)",
            d.path.join(" "),
            crate::game::counted(d.path.len() as u32, "ply", "plies")
        )
    };
    out.push_str(&format!("differ {at}, depth {} from there ({calls} runs of yours)\n", d.depth));
    out.push_str(&format!("position: {}\n", d.position));
    if !d.missing.is_empty() {
        out.push_str(&format!("missing from yours (legal here): {}\n", d.missing.join(" ")));
    }
    if !d.extra.is_empty() {
        out.push_str(&format!("extra in yours (not legal here): {}\n", d.extra.join(" ")));
    }
    for (action, ours, theirs) in &d.counts {
        out.push_str(&format!("{action}: gametree counts {ours}, yours {theirs}\n"));
    }
    if let Some((above, sum)) = d.inconsistent {
        out.push_str(&format!(
            "yours counted {above} here in the divide above, but its divide here sums to {sum}\n"
        ));
    }
    out
}
