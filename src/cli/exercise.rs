//! `gametree exercise`: worksheets and answer keys, from a seed or a game position.

use std::path::{Path, PathBuf};

use super::failure::{Failure, Outcome};
use super::output::{Durability, lies_inside, write_folder, write_output_with};
use crate::exercise::generate::{Constraints, parse_counts, parse_range};
use crate::exercise::page::Paper;
use crate::exercise::quiz;
use crate::games::GameName;
use crate::request::exercise::{Exercise, ExerciseArgs};
use crate::request::plan::{OutputPlan, Writer};
use crate::request::{Door, Opt, Search};

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
    #[arg(long, default_value_t = 1, value_parser = super::options::whole::<u32>(1, crate::request::budget::MAX_CLASS))]
    pub count: u32,
    /// Levels of a random tree (1 to 8), or plies below a --game position.
    #[arg(long, default_value_t = 3, value_parser = super::options::whole::<u8>(1, crate::request::exercise::MAX_LEVELS))]
    pub depth: u8,
    /// Children of each inner node of a random tree: LEAST..MOST.
    #[arg(long, default_value = "2..3", value_parser = parse_counts)]
    pub branching: (u64, u64),
    /// Leaf values of a random tree: LEAST..MOST.
    #[arg(long, default_value = "0..20", value_parser = parse_range, allow_hyphen_values = true)]
    pub leaves: (i32, i32),
    /// Alpha-beta: at least this many nodes must cut off some children (a
    /// random tree: 2 unless given; a --game position: 1, so that there is
    /// something to prune, and a position whose tree has fewer is refused).
    #[arg(long)]
    pub cutoffs: Option<u32>,
    /// Alpha-beta: at least one cut-off must skip an inner node, not only leaves.
    #[arg(long)]
    pub cut_above_leaves: bool,
    /// Alpha-beta cuts off only when a value passes the bound (CS188), not
    /// when it reaches it (AIMA).
    #[arg(long)]
    pub no_prune_on_ties: bool,
    /// The search the students run by hand.
    #[arg(long, default_value = "alphabeta", value_parser = super::options::search::by_hand())]
    pub search: Search,
    /// The PDFs' paper.
    #[arg(long, value_enum, default_value_t = Paper::A4)]
    pub paper: Paper,
    /// Draw the tree of this game's position instead of a random tree.
    #[arg(long)]
    pub game: Option<GameName>,
    /// With --game: the position (default: the start).
    #[arg(long, requires = "game")]
    pub position: Option<String>,
    /// Also write the exercises as a Moodle XML quiz to FILE: one cloze
    /// question per tree, with its drawing, every node's value, alpha and
    /// beta on entry, and the pruned edges to tick (random trees only).
    #[arg(long, value_name = "FILE", conflicts_with = "game")]
    pub moodle: Option<PathBuf>,
    /// Also write the exercises as GIFT to FILE: one matching question per
    /// tree, with its drawing (random trees only).
    #[arg(long, value_name = "FILE", conflicts_with = "game")]
    pub gift: Option<PathBuf>,
    /// The question bank category the quiz's questions go into (a `/` makes
    /// a subcategory; default: the search and the seed), so that a Moodle
    /// quiz's "random question from category" gives each student a tree.
    #[arg(long, value_name = "NAME", conflicts_with = "game")]
    pub category: Option<String>,
    /// A class list, a name per line (a CSV's first column, its header line
    /// skipped): an exercise for each student in the list's order from
    /// --seed, the quiz's questions named after them, and one key for the
    /// class, DIR/class-key.json.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["game", "count"])]
    pub class: Option<PathBuf>,
}

impl Args {
    pub fn run(self) -> Outcome {
        start(&self)
    }
}

/// Checks the options, then writes the exercises asked for.
fn start(args: &Args) -> Outcome {
    // A random tree's options have defaults here (clap's): a game's position
    // takes none of them.
    let random = args.game.is_none();
    let exercise = ExerciseArgs {
        seed: random.then_some(args.seed),
        depth: Some(i64::from(args.depth)),
        branching: random.then_some(args.branching),
        leaves: random.then_some(args.leaves),
        cutoffs: args.cutoffs.map(i64::from),
        cut_above_leaves: args.cut_above_leaves,
        search: args.search,
        no_prune_on_ties: args.no_prune_on_ties,
        paper: args.paper,
        game: args.game,
        position: args.position.clone(),
    }
    .check()?;
    let request = Request {
        seed: args.seed,
        out: &args.out,
        count: args.count,
        constraints: exercise.constraints,
        search: args.search,
        exercise: &exercise,
    };
    // A position read from a file in the folder would be replaced by the set.
    if let Some(file) = args.position.as_deref().and_then(|p| p.strip_prefix('@'))
        && lies_inside(Path::new(file), &args.out)
    {
        return Err(Failure::usage(format!(
            "--out {} holds the input --position @{file}, which the new set would replace; give --out another folder",
            args.out.display()
        )));
    }
    // The class list, the quiz files: checked together before anything is made.
    let plan = plan(args);
    super::exports::check_plan(&plan)?;
    if args.game.is_some() {
        return write_set(&request, |set| write_exercise(&request, 1, set));
    }
    let names = match &args.class {
        Some(path) => {
            let text = class_list(path)?;
            Some(crate::request::exercise::roster(&text, Some(&path.display().to_string()))?)
        }
        None => None,
    };
    let request = Request { count: names.as_ref().map_or(args.count, |n| n.len() as u32), ..request };
    let quiz = if args.moodle.is_some() || args.gift.is_some() || names.is_some() {
        quiz_files(args, &request, names, plan)?
    } else {
        Quiz::default()
    };
    run_random(&request, quiz)
}

/// The text of `--class LIST`, `-` reading stdin (as every file a command
/// reads), a FIFO or process substitution read as a file is.
fn class_list(path: &Path) -> Result<String, Failure> {
    use std::io::Read;
    /// Far more than a class of the 1000 names one command takes.
    const MOST: u64 = 1 << 20;
    let name = super::lines::input_name(path);
    let failed = |e: std::io::Error| Failure::usage(format!("--class {name}: {}", super::lines::plain(&e)));
    let reader: Box<dyn Read> = if path == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(path).map_err(failed)?)
    };
    let mut bytes = Vec::new();
    reader.take(MOST + 1).read_to_end(&mut bytes).map_err(failed)?;
    if bytes.len() as u64 > MOST {
        return Err(Failure::usage(format!("--class {name}: over {MOST} bytes, too large for a class list")));
    }
    String::from_utf8(bytes).map_err(|_| Failure::usage(format!("--class {name}: not a text file")))
}

/// The quiz made from a batch, written with its set: the class's key in the
/// set's folder, `--moodle` and `--gift` through the request's output plan,
/// renamed into place only once the set is (a full disk left a new set
/// beside the old seed's quiz and key).
#[derive(Default)]
struct Quiz {
    key: Option<String>,
    files: Vec<(Opt, String)>,
    plan: OutputPlan,
}

/// The request's output plan: `--class` and a `--position @FILE` read,
/// `--moodle` and `--gift` written (one over the class list, `--class c.txt
/// --moodle c.txt`, replaced it). The set's folder, `--out`, is checked
/// apart: a folder holds the files it is given.
fn plan(args: &Args) -> OutputPlan {
    let mut plan = OutputPlan::new();
    if let Some(class) = &args.class {
        plan.input(Opt::Class, class);
    }
    if let Some(file) = args.position.as_deref().and_then(|p| p.strip_prefix('@')) {
        plan.input(Opt::Position, file);
    }
    if let Some(moodle) = &args.moodle {
        plan.output(Opt::Moodle, moodle);
    }
    if let Some(gift) = &args.gift {
        plan.output(Opt::Gift, gift);
    }
    plan
}

/// `--moodle`, `--gift` and `--class`: the batch's trees as a quiz, and the
/// class's key.
fn quiz_files(
    args: &Args,
    req: &Request<'_>,
    names: Option<Vec<String>>,
    plan: OutputPlan,
) -> Result<Quiz, Failure> {
    let alphabeta = req.search == Search::Alphabeta;
    let class = names.is_some();
    let names = names.unwrap_or_else(|| (1..=req.count).map(|n| format!("Exercise {n}")).collect());
    let category = args
        .category
        .clone()
        .unwrap_or_else(|| quiz::default_category(req.seed, alphabeta, req.constraints.rule));
    let made =
        quiz::class(&names, req.seed, &req.constraints, alphabeta, &category).map_err(Failure::usage)?;
    let mut files: Vec<(Opt, String)> = Vec::new();
    if args.moodle.is_some() {
        files.push((Opt::Moodle, made.moodle));
    }
    if args.gift.is_some() {
        files.push((Opt::Gift, made.gift));
    }
    let key = class.then_some(made.key);
    Ok(Quiz { key, files, plan })
}

pub struct Request<'a> {
    pub seed: u64,
    pub out: &'a Path,
    pub count: u32,
    pub constraints: Constraints,
    pub search: Search,
    /// The exercise, checked by the request layer.
    pub exercise: &'a Exercise,
}

/// Every file of exercise `number` of the set, written into its folder of `set`.
fn write_exercise(req: &Request<'_>, number: u32, set: &Path) -> Outcome {
    let files = req.exercise.files(number, req.count, Door::Cli)?;
    let dir = folder(set, req, number);
    std::fs::create_dir_all(&dir)
        .map_err(|e| Failure::output(format!("cannot create {}: {e}", dir.display())))?;
    // Into the set's new folder, synced once for the whole set when it is
    // complete (`write_folder`), not once a file.
    for (name, bytes) in files {
        let path = dir.join(name);
        write_output_with(&path, Durability::Later, |w| w.write_all(&bytes))
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
fn run_random(req: &Request<'_>, quiz: Quiz) -> Outcome {
    let mut staged = None;
    write_set(req, |set| {
        for number in 1..=req.count {
            write_exercise(req, number, set)?;
        }
        let cannot =
            |path: &Path, e: std::io::Error| Failure::output(format!("cannot write {}: {e}", path.display()));
        if let Some(key) = &quiz.key {
            let path = set.join("class-key.json");
            std::fs::write(&path, key).map_err(|e| cannot(&req.out.join("class-key.json"), e))?;
        }
        // Left under their temporary names (a stream is written now) until
        // the set is in place.
        let jobs: Vec<(Opt, Writer<'_>)> = quiz
            .files
            .iter()
            .map(|(opt, text)| {
                (*opt, Box::new(move |w: &mut dyn std::io::Write| w.write_all(text.as_bytes())) as Writer<'_>)
            })
            .collect();
        staged = Some(quiz.plan.stage(jobs).map_err(super::exports::write_failure)?);
        Ok(())
    })?;
    staged.map_or(Ok(()), |s| s.finish().map_err(super::exports::write_failure))
}
