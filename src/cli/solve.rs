//! `gametree solve`: a small game solved exactly.

use super::failure::Outcome;
use super::options::game::GameOptions;
use super::options::position::GamePosition;
use super::progress::progress;
use crate::game::Game;
use crate::request::solve::{self as request, Solve, SolveArgs};
use crate::search::solve::Bytes;

/// `gametree solve`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    at: GamePosition,
    /// Give up when more positions than this are reachable (default: no
    /// limit but the memory budget's).
    #[arg(long, value_parser = super::options::at_least::<u64>(1))]
    max_positions: Option<u64>,
    /// The memory the solver's tables may hold, e.g. 512M or 4G (default:
    /// 2G, or half the physical memory, or half the address space `ulimit -v`
    /// leaves, whichever is least).
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    max_memory: Option<u64>,
    #[command(flatten)]
    game_options: GameOptions,
}

impl Args {
    pub fn run(self) -> Outcome {
        self.game_options.check(self.at.game)?;
        let wide = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
        let args =
            SolveArgs { max_memory: self.max_memory.map(wide), max_positions: self.max_positions.map(wide) };
        let req = args.check()?;
        let settings = request::settings(self.at.game, &self.game_options.settings());
        crate::with_game!(self.at.game, &settings, |g| solve(g, &self.at, &req))
    }
}

fn solve<G: Game>(game: &G, at: &GamePosition, req: &Solve) -> Outcome {
    let pos = at.of(game)?;
    let bar = progress("positions found");
    let limit = Bytes(req.budget.max_bytes);
    let solved = request::solve(game, &pos, req, &mut |p| {
        bar.set_position(p.positions);
        bar.set_message(format!("positions found, {} of {limit} held", Bytes(p.bytes)));
    });
    bar.finish_and_clear();
    super::output::print(&format!("{}\n", solved?))
}

/// A byte count with an optional binary suffix: `4096`, `64K`, `512M`, `2G`
/// (`KiB`, `MiB`, `GiB`, `TiB` too).
pub(super) fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (number, unit) = t.split_at(digits);
    let shift = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => return Err(format!("{unit:?} is not a size unit (use K, M, G or T)")),
    };
    let n: u64 = number.parse().map_err(|_| "expected a number of bytes, e.g. 512M or 2G".to_string())?;
    match n.checked_mul(1 << shift) {
        Some(0) => Err("the budget must be more than 0 bytes".into()),
        Some(b) => Ok(b),
        None => Err("too large".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_with_binary_units() {
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size("64K"), Ok(64 << 10));
        assert_eq!(parse_size("512m"), Ok(512 << 20));
        assert_eq!(parse_size("2GiB"), Ok(2 << 30));
        for bad in ["", "0", "2X", "G", "-1", "99999999999T"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }
}
