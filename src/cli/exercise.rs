//! `gametree exercise`: worksheets and answer keys, from a seed or a game position.

use std::path::{Path, PathBuf};

use super::failure::{Failure, Outcome};
use super::options::position::position_or_start;
use super::options::search::SearchKind;
use super::output::{Durability, sync_folder, write_output_with};
use crate::exercise::files::{self, Asked};
use crate::exercise::generate::{Constraints, generate};
use crate::exercise::page::Paper;
use crate::export::html;
use crate::game::prelude::*;
use crate::games::GameName;
use crate::search::alphabeta::Pruning;

/// `gametree exercise`'s options.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Exercise N (of --count) is made from seed SEED + N - 1: the same
    /// seed and options write the same bytes.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The folder to write into (created if need be).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// How many exercises, written into DIR/exercise-01, DIR/exercise-02...
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub count: u32,
    /// Levels of a random tree (1 to 8), or plies below a --game position.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub depth: u8,
    /// Children of each inner node of a random tree: LEAST..MOST.
    #[arg(long, default_value = "2..3", value_parser = parse_range)]
    pub branching: (i32, i32),
    /// Leaf values of a random tree: LEAST..MOST.
    #[arg(long, default_value = "0..20", value_parser = parse_range, allow_hyphen_values = true)]
    pub leaves: (i32, i32),
    /// Alpha-beta: at least this many nodes must cut off some children.
    #[arg(long, default_value_t = 2)]
    pub cutoffs: u32,
    /// Alpha-beta: at least one cut-off must skip an inner node, not only leaves.
    #[arg(long)]
    pub cut_above_leaves: bool,
    /// Alpha-beta cuts off only when a value passes the bound (CS188), not
    /// when it reaches it (AIMA).
    #[arg(long)]
    pub no_prune_on_ties: bool,
    /// The search the students run by hand.
    #[arg(long, value_enum, default_value_t = SearchKind::Alphabeta)]
    pub search: SearchKind,
    /// The PDFs' paper.
    #[arg(long, value_enum, default_value_t = Paper::A4)]
    pub paper: Paper,
    /// Draw the tree of this game's position instead of a random tree.
    #[arg(long)]
    pub game: Option<GameName>,
    /// With --game: the position (default: the start).
    #[arg(long, requires = "game")]
    pub position: Option<String>,
}

impl Args {
    pub fn run(self) -> Outcome {
        start(&self)
    }
}

/// Checks the options, then writes the exercises asked for.
fn start(args: &Args) -> Outcome {
    let rule = if args.no_prune_on_ties { Pruning::PastBound } else { Pruning::OnTies };
    let narrow = |v: i32| u8::try_from(v).unwrap_or(0);
    let constraints = Constraints {
        depth: args.depth,
        branching: (narrow(args.branching.0), narrow(args.branching.1)),
        leaves: args.leaves,
        cutoffs: args.cutoffs,
        cut_above_leaves: args.cut_above_leaves,
        rule,
        ..Default::default()
    };
    let request = Request {
        seed: args.seed,
        out: &args.out,
        count: args.count,
        constraints,
        search: args.search,
        paper: args.paper,
        position: args.position.as_deref(),
        depth: args.depth,
    };
    check(args.search, rule)?;
    if let Some(game) = args.game {
        crate::with_game!(game, &crate::games::Settings::default(), |g| run_game(g, &request))
    } else {
        run_random(&request)
    }
}

pub use crate::exercise::generate::parse_range;

pub struct Request<'a> {
    pub seed: u64,
    pub out: &'a Path,
    pub count: u32,
    pub constraints: Constraints,
    pub search: SearchKind,
    pub paper: Paper,
    /// A game position instead of a random tree: the position's text and depth.
    pub position: Option<&'a str>,
    pub depth: u8,
}

/// Every file of one exercise, written into `dir`; `addons` go on its page.
fn write_exercise<G: Game>(
    game: &G,
    pos: G::Position,
    depth: u8,
    title: String,
    req: &Request<'_>,
    dir: &Path,
    addons: &[html::Addon],
) -> Outcome {
    let asked = Asked { search: req.search, rule: req.constraints.rule, paper: req.paper };
    let files = files::files(game, pos, depth, title, asked, addons).map_err(Failure::budget)?;
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::output(format!("cannot create {}: {e}", dir.display())))?;
    // Each file whole under its own name or not at all; the disk is synced
    // once for the whole batch (`finish`), not once a file.
    for (name, bytes) in files {
        let path = dir.join(name);
        write_output_with(&path, Durability::Later, |w| w.write_all(&bytes))
            .map_err(|e| Failure::output(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(())
}

fn folder(req: &Request<'_>, number: u32) -> PathBuf {
    if req.count == 1 { req.out.to_path_buf() } else { req.out.join(format!("exercise-{number:02}")) }
}

/// Random textbook trees: exercise N from seed SEED + N - 1.
pub fn run_random(req: &Request<'_>) -> Outcome {
    let game = crate::games::tree::TextbookTree::default();
    let alphabeta = req.search == SearchKind::Alphabeta;
    for number in 1..=req.count {
        let seed = req.seed.wrapping_add(u64::from(number - 1));
        let text = generate(seed, &req.constraints, alphabeta).map_err(Failure::usage)?;
        let pos = game.parse_position(&text).expect("generated trees are well formed");
        let title = format!("Exercise {number}");
        let nav = [files::navigation(number, req.count, req.seed)];
        write_exercise(&game, pos, req.constraints.depth, title, req, &folder(req, number), &nav)?;
    }
    finish(req)
}

/// Puts the batch's files on disk in one sync.
fn finish(req: &Request<'_>) -> Outcome {
    sync_folder(req.out).map_err(|e| Failure::output(format!("cannot sync {}: {e}", req.out.display())))
}

/// A real game's position, to `req.depth`.
pub fn run_game<G: Game>(game: &G, req: &Request<'_>) -> Outcome {
    let pos = position_or_start(game, req.position)?;
    let game = &game.for_machine(game.to_move(&pos));
    let title = format!("Exercise: {} to move", game.player_name(game.to_move(&pos)));
    write_exercise(game, pos, req.depth, title, req, &folder(req, 1), &[])?;
    finish(req)
}

/// Whether `rule` and `search` go together.
pub fn check(search: SearchKind, rule: Pruning) -> Outcome {
    if search == SearchKind::Minimax && rule != Pruning::default() {
        return Err(Failure::usage(
            "--no-prune-on-ties is about alpha-beta; drop it or use --search alphabeta",
        ));
    }
    Ok(())
}
