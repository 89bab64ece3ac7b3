//! `gametree match`: two machine levels play each other game after game,
//! colours swapped each game, and the results are counted: which level is
//! stronger is told by results, not by how deep it searched.

use std::io::Write;
use std::time::{Duration, Instant};

use super::failure::{Failure, Outcome};
use super::options::game::GameOptions;
use super::play::MAX_ACTIONS;
use super::play::draws::drawn_by_rule;
use super::play::ending::winner;
use super::play::levels::Level;
use super::play::settings::value_name;
use crate::game::{Game, Player};
use crate::games::GameName;
use crate::limits::TooManyNodes;
use crate::request::machine::{Opponent, Strength};

/// One contestant's tally.
#[derive(Default)]
struct Tally {
    wins: u32,
    moves: u64,
    plies_searched: u64,
    thinking: Duration,
    longest: Duration,
}

/// Plays `games` games between `a` and `b` (a has the first side in the
/// first game), each game with its own seeds drawn from `seed`, and prints
/// each result as it ends and the totals.
pub fn run<G: Game>(game: &G, a: Strength, b: Strength, games: u32, seed: u64) -> Outcome {
    let name = |s: &Strength, other: &Strength, tag: &str| {
        let level = value_name(s.level);
        if s.level == other.level { format!("{level} ({tag})") } else { level }
    };
    let names = [name(&a, &b, "A"), name(&b, &a, "B")];
    let mut tallies = [Tally::default(), Tally::default()];
    let (mut draws, mut unfinished) = (0, 0);
    let out = &mut super::output::stdout();
    for g in 0..games {
        // Contestant c plays the first side in even games when c is A.
        let first = (g % 2) as usize;
        let seeds = [seed.wrapping_add(2 * u64::from(g)), seed.wrapping_add(2 * u64::from(g) + 1)];
        let mut players: Vec<Opponent> = [a, b]
            .iter()
            .zip(seeds)
            .map(|(s, seed)| Opponent::new(game, &Strength { seed: Some(seed), ..*s }))
            .collect();
        let contestant = |p: Player| if p == Player::First { first } else { 1 - first };
        let Played { last, plies, drawn } =
            one_game(game, &mut players, &contestant, &mut tallies).map_err(|(c, e)| {
                let _ = out.flush();
                Failure::budget(format!(
                    "game {}: {}'s move: {}",
                    g + 1,
                    names[c],
                    crate::request::best::search_over(&e).in_door(crate::request::Door::Cli)
                ))
            })?;
        let pos = &last;
        let sides = format!(
            "{} ({}) against {} ({})",
            names[first],
            game.player_name(Player::First),
            names[1 - first],
            game.player_name(Player::Second)
        );
        let result = if let Some(rule) = drawn {
            draws += 1;
            format!("a draw: {rule}, {plies} plies")
        } else if game.has_actions(pos) {
            unfinished += 1;
            format!("no result after {MAX_ACTIONS} plies")
        } else {
            let why = game.why_over(pos);
            let score = game.score(pos).map_or(String::new(), |s| format!(" ({s})"));
            match winner(game, pos) {
                None => {
                    draws += 1;
                    // "a draw: the board is full" read as two verdicts: the reason is an aside.
                    let score = game.score(pos).map_or(String::new(), |s| format!("; {s}"));
                    format!("a draw ({why}{score}), {plies} plies")
                }
                Some(p) => {
                    let c = contestant(p);
                    tallies[c].wins += 1;
                    format!("{} wins: {why}{score}, {plies} plies", names[c])
                }
            }
        };
        let _ = writeln!(out, "game {}: {sides}: {result}", g + 1);
        let _ = out.flush();
    }
    totals(out, &names, &tallies, games, draws, unfinished);
    Ok(())
}

/// How one game of a match went.
struct Played<P> {
    /// The position it ended in (or stopped at, after [`MAX_ACTIONS`]).
    last: P,
    plies: usize,
    /// The draw rule of play's that ended it, if one did.
    drawn: Option<String>,
}

/// Plays one game between `players` (`contestant` says whose turn a side's
/// is), counting each move in `tallies`, until it ends by the game's rules,
/// by a draw rule or at [`MAX_ACTIONS`]. Err: whose search did not fit even
/// one ply into its budget.
fn one_game<G: Game>(
    game: &G,
    players: &mut [Opponent],
    contestant: &dyn Fn(Player) -> usize,
    tallies: &mut [Tally; 2],
) -> Result<Played<G::Position>, (usize, TooManyNodes)> {
    // The history, for play's draw rules (repetition, quiet plies).
    let (mut positions, mut actions) = (vec![game.start()], Vec::new());
    let mut drawn = None;
    while drawn.is_none() && actions.len() < MAX_ACTIONS {
        let pos = &positions[positions.len() - 1];
        if !game.has_actions(pos) {
            break;
        }
        let c = contestant(game.to_move(pos));
        let began = Instant::now();
        let chosen = players[c].play(game, pos).map_err(|e| (c, e))?;
        let t = &mut tallies[c];
        t.thinking += began.elapsed();
        t.longest = t.longest.max(began.elapsed());
        t.moves += 1;
        t.plies_searched += u64::from(chosen.depth);
        positions.push(game.apply(pos, chosen.action));
        actions.push(chosen.action);
        drawn = drawn_by_rule(game, &positions, &actions);
    }
    let plies = actions.len();
    Ok(Played { last: positions.pop().expect("the start at least"), plies, drawn })
}

/// The match's totals: wins and draws, then each contestant's moves, depth
/// and time.
fn totals(
    out: &mut dyn Write,
    names: &[String; 2],
    tallies: &[Tally; 2],
    games: u32,
    draws: u32,
    unfinished: u32,
) {
    let count = |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let unfinished = if unfinished > 0 { format!(", {unfinished} unfinished") } else { String::new() };
    let _ = writeln!(
        out,
        "\n{}: {} {}, {} {}, {}{unfinished}",
        count(games, "game", "games"),
        names[0],
        count(tallies[0].wins, "win", "wins"),
        names[1],
        count(tallies[1].wins, "win", "wins"),
        count(draws, "draw", "draws"),
    );
    for (n, t) in names.iter().zip(tallies) {
        let moves = t.moves.max(1) as f64;
        let each = if t.plies_searched == 0 {
            "at random".to_string()
        } else {
            format!("{:.1} plies searched on average", t.plies_searched as f64 / moves)
        };
        let ms = t.thinking.as_secs_f64() * 1000.0 / moves;
        let longest = t.longest.as_secs_f64() * 1000.0;
        let _ = writeln!(out, "{n}: {} moves, {each}, {ms:.0} ms a move (longest {longest:.0} ms)", t.moves);
    }
}

// The command is `match`; its file is named for what it holds, `match` being a keyword.

/// `gametree match`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game.
    game: GameName,
    /// The first contestant, who takes the first side in odd-numbered games.
    #[arg(value_enum)]
    a: Level,
    /// The second contestant.
    #[arg(value_enum)]
    b: Level,
    /// How many games.
    #[arg(long, default_value_t = 10, value_parser = super::options::whole::<u32>(1, 10_000))]
    games: u32,
    /// Game N's contestants draw equal choices from seeds SEED+2(N-1) and
    /// SEED+2(N-1)+1, so games differ and a match can be played again.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Milliseconds `strong` thinks per move (counted in positions at the
    /// game's usual rate, as with a seed).
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = super::options::whole::<u64>(1, crate::request::machine::MAX_THINK_MS))]
    think: u64,
    /// The most positions one move may examine (the deepest search that
    /// fits plays past it).
    #[arg(long, default_value_t = crate::limits::DEFAULT_MAX_NODES, value_parser = super::options::at_least::<u64>(1))]
    max_nodes: u64,
    #[command(flatten)]
    game_options: GameOptions,
}

impl Args {
    pub fn run(self) -> Outcome {
        self.game_options.check(self.game)?;
        let strength = |level| Strength {
            level,
            depth: None,
            seed: None,
            think: Duration::from_millis(self.think),
            max_nodes: self.max_nodes,
        };
        let (a, b) = (strength(self.a), strength(self.b));
        crate::with_game!(self.game, &self.game_options.settings(), |g| run(g, a, b, self.games, self.seed))
    }
}
