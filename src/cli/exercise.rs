//! `gametree exercise`: worksheets and answer keys, from a seed or a game position.

use std::path::{Path, PathBuf};

use super::failure::{Failure, Outcome};
use super::options::position::position_or_start;
use super::options::search::SearchKind;
use super::output::{Durability, lies_inside, write_folder, write_output_with};
use crate::exercise::generate::{Constraints, generate};
use crate::exercise::page::Paper;
use crate::exercise::{answers, pdf, sheet, svg, tex};
use crate::export::html;
use crate::export::scope::Scope;
use crate::game::prelude::*;
use crate::games::GameName;
use crate::limits::Limits;
use crate::search::alphabeta::{self, Pruning};
use crate::search::back_propagate_observed;
use crate::search::trace::Event;
use crate::tree::{Tree, TreeArena};

/// One file's contents, written to whatever it is given.
type Job<'a> = Box<dyn Fn(&mut dyn std::io::Write) -> std::io::Result<()> + 'a>;

/// The most nodes a sheet drawn from a game position may have.
const MAX_SHEET_NODES: u64 = 400;

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
    #[arg(long, default_value = "2..3", value_parser = parse_counts)]
    pub branching: (u64, u64),
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
    let constraints = Constraints {
        depth: args.depth,
        branching: args.branching,
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
    // A position read from a file in the folder would be replaced by the set.
    if let Some(file) = args.position.as_deref().and_then(|p| p.strip_prefix('@'))
        && lies_inside(Path::new(file), &args.out)
    {
        return Err(Failure::usage(format!(
            "--out {} holds the input --position @{file}, which the new set would replace; give --out another folder",
            args.out.display()
        )));
    }
    if let Some(game) = args.game {
        crate::with_game!(game, &crate::games::Settings::default(), |g| run_game(g, &request))
    } else {
        run_random(&request)
    }
}

/// `A..B`, two integers.
pub fn parse_range(text: &str) -> Result<(i32, i32), String> {
    let (a, b) = text.split_once("..").ok_or("write a range as LEAST..MOST, e.g. 2..3")?;
    let n = |t: &str| t.trim().parse::<i32>().map_err(|_| format!("{t:?} is not a whole number"));
    Ok((n(a)?, n(b)?))
}

/// `A..B`, two counts (0 or more): a count too large for any tree is kept
/// as it was typed (saturated), so that the check names what was given.
pub fn parse_counts(text: &str) -> Result<(u64, u64), String> {
    let (a, b) = text.split_once("..").ok_or("write a range as LEAST..MOST, e.g. 2..3")?;
    let n = |t: &str| {
        let t = t.trim();
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("{t:?} is not a whole number"));
        }
        Ok(t.parse::<u64>().unwrap_or(u64::MAX))
    };
    Ok((n(a)?, n(b)?))
}

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

/// The practice page's "New exercise" for exercise `number` of a batch made
/// from `first_seed`: the next page, or past the last the command for more.
fn navigation(req: &Request<'_>, number: u32, first_seed: u64) -> html::Addon {
    let page = |n: u32| format!("../exercise-{n:02}/practice.html");
    let batched = req.count > 1;
    let next_seed = first_seed.wrapping_add(u64::from(req.count));
    html::Addon {
        name: "exercise",
        script: include_str!("../export/explorer/exercise.js"),
        data: serde_json::json!({
            "number": number,
            "count": req.count,
            "previous": (batched && number > 1).then(|| page(number - 1)),
            "next": (batched && number < req.count).then(|| page(number + 1)),
            "more": format!("the same gametree exercise command with --seed {next_seed}."),
        }),
    }
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
    let mut arena = TreeArena::new();
    let opts = Limits { max_nodes: MAX_SHEET_NODES, threads: 1, ..Limits::default() };
    // exercise has no --max-nodes: the page is the limit, and --depth the way under it.
    let tree = Tree::build(&mut arena, game, pos, depth, &opts).map_err(|_| {
        Failure::budget(format!(
            "the tree to --depth {depth} has more than {MAX_SHEET_NODES} nodes, more than a sheet shows; use a smaller --depth"
        ))
    })?;
    let mut events: Vec<Event> = Vec::new();
    let windows = match req.search {
        SearchKind::Alphabeta => Some(alphabeta::run_with_rule(&tree, req.constraints.rule, &mut events)),
        SearchKind::Minimax => {
            back_propagate_observed(tree.root, &mut events);
            None
        }
    };
    let sheet = sheet::lay_out(game, &tree, windows.as_deref(), &events, title);
    let tree_text = game.format_position(&tree.root_position);
    let json = answers::write(&sheet, &tree_text, &sheet.index, &events).map_err(Failure::output)?;
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::output(format!("cannot create {}: {e}", dir.display())))?;
    let files: Vec<(&str, Job<'_>)> = vec![
        ("worksheet.pdf", Box::new(|w| w.write_all(&pdf::write(&sheet, false, req.paper)))),
        ("answers.pdf", Box::new(|w| w.write_all(&pdf::write(&sheet, true, req.paper)))),
        ("worksheet.svg", Box::new(|w| w.write_all(svg::write(&sheet, false, req.paper).as_bytes()))),
        ("answers.svg", Box::new(|w| w.write_all(svg::write(&sheet, true, req.paper).as_bytes()))),
        ("exercise.tex", Box::new(|w| w.write_all(tex::write(&sheet).as_bytes()))),
        ("answers.json", Box::new(|w| w.write_all(json.as_bytes()))),
        (
            "practice.html",
            Box::new(|w| {
                let opening = html::Opening::Practice;
                let (windows, events) = (windows.as_deref(), Some(events.as_slice()));
                html::write_page_with(w, game, &tree, windows, events, Scope::All, opening, addons)
            }),
        ),
    ];
    // Into the set's new folder, synced once for the whole set when it is
    // complete (`write_folder`), not once a file.
    for (name, job) in files {
        let path = dir.join(name);
        write_output_with(&path, Durability::Later, |w| job(w))
            .map_err(|e| Failure::output(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(())
}

/// Where exercise `number` goes in the set being written into `set`.
fn folder(set: &Path, req: &Request<'_>, number: u32) -> PathBuf {
    if req.count == 1 { set.to_path_buf() } else { set.join(format!("exercise-{number:02}")) }
}

/// Writes the whole set into `--out` through `fill`: all of it or, on any
/// failure, none (the old set stays as it was).
fn write_set(req: &Request<'_>, fill: impl FnOnce(&Path) -> Outcome) -> Outcome {
    write_folder(req.out, fill, Failure::output)
}

/// Random textbook trees: exercise N from seed SEED + N - 1.
pub fn run_random(req: &Request<'_>) -> Outcome {
    let game = crate::games::tree::TextbookTree::default();
    let alphabeta = req.search == SearchKind::Alphabeta;
    write_set(req, |set| {
        for number in 1..=req.count {
            let seed = req.seed.wrapping_add(u64::from(number - 1));
            let text = generate(seed, &req.constraints, alphabeta).map_err(Failure::usage)?;
            let pos = game.parse_position(&text).expect("generated trees are well formed");
            let title = format!("Exercise {number}");
            let nav = [navigation(req, number, req.seed)];
            write_exercise(&game, pos, req.constraints.depth, title, req, &folder(set, req, number), &nav)?;
        }
        Ok(())
    })
}

/// A real game's position, to `req.depth`.
pub fn run_game<G: Game>(game: &G, req: &Request<'_>) -> Outcome {
    let pos = position_or_start(game, req.position)?;
    let game = &game.for_machine(game.to_move(&pos));
    let title = format!("Exercise: {} to move", game.player_name(game.to_move(&pos)));
    write_set(req, |set| write_exercise(game, pos, req.depth, title, req, &folder(set, req, 1), &[]))
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
