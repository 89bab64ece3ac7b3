//! `gametree explore`: open a saved analysis (the JSON `analyse --json`
//! wrote) in the explorer again. The library reads the file and builds its
//! tree again (`export::saved`); this wires the file, the game and the page.

use std::io::Read;
use std::path::PathBuf;

use super::checkers::open_input;
use super::exports::{self, ExportOptions};
use super::failure::{Failure, Outcome};
use super::options::game::GameOptions;
use crate::export::saved::Saved;
use crate::game::prelude::*;
use crate::games::ALL;
use crate::limits::Limits;
use crate::search::run::{Asked, search_tree};
use crate::tree::census::census;
use crate::tree::{Tree, TreeArena};

/// The most bytes a saved analysis may take: four times the JSON that
/// `--max-bytes`' default lets `analyse` write.
const MAX_FILE_BYTES: u64 = 4 * exports::DEFAULT_MAX_BYTES;

/// `gametree explore`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The saved analysis: the JSON `analyse --json` wrote (`-` for stdin).
    #[arg(value_name = "TREE.json")]
    file: PathBuf,
    /// Write the explorer, with its statistics, to FILE (`-` for stdout).
    #[arg(long, value_name = "FILE", required = true)]
    html: PathBuf,
    /// The game's settings the analysis was made with (Gomoku's --radius, ...).
    #[command(flatten)]
    game_options: GameOptions,
    /// Refuse to write a page of more than SIZE bytes, e.g. 256M (default 64M).
    #[arg(long, value_name = "SIZE", value_parser = super::solve::parse_size)]
    max_bytes: Option<u64>,
}

impl Args {
    pub fn run(self) -> Outcome {
        let (mut reader, name) = open_input(Some(&self.file))?;
        let mut text = String::new();
        let read = reader.by_ref().take(MAX_FILE_BYTES + 1).read_to_string(&mut text);
        read.map_err(|e| Failure::usage(format!("{name}: cannot read it as text: {e}")))?;
        if text.len() as u64 > MAX_FILE_BYTES {
            return Err(Failure::usage(format!(
                "{name}: over {} MiB, more than any analysis this gametree saves",
                MAX_FILE_BYTES >> 20
            )));
        }
        let bad = |why: String| Failure::usage(format!("{name}: {why}"));
        let saved = Saved::read(&text).map_err(bad)?;
        let game = ALL
            .iter()
            .copied()
            .find(|g| g.as_str() == saved.game)
            .ok_or_else(|| bad(format!("unknown game {:?}", saved.game)))?;
        self.game_options.check(game)?;
        let opts =
            ExportOptions { html: Some(self.html.clone()), max_bytes: self.max_bytes, ..Default::default() };
        // The saved analysis is the one input; the page, the one output.
        let mut plan = opts.planned();
        plan.input(None, &self.file);
        exports::check_plan(&plan)?;
        crate::with_game!(game, &self.game_options.settings(), |g| open(g, &saved, &name, &opts))
    }
}

/// Builds the saved tree again, holds it to the file, and writes its page as
/// `analyse --html` does.
fn open<G: Game>(game: &G, saved: &Saved, name: &str, opts: &ExportOptions) -> Outcome {
    let bad = |why: String| Failure::usage(format!("{name}: {why}"));
    let pos = game.parse_position(&saved.position).map_err(|e| bad(format!("position: {e}")))?;
    let game = &game.for_machine(game.to_move(&pos));
    let (search, rule) = saved.search().map_err(bad)?;
    if saved.depth == 0 || saved.depth > super::options::tree::MAX_DEPTH {
        return Err(bad(format!(
            "depth {}: a saved tree has 1 to {}",
            saved.depth,
            super::options::tree::MAX_DEPTH
        )));
    }
    let mut arena = TreeArena::new();
    let limits = Limits::default();
    let tree = Tree::build(&mut arena, game, pos, saved.depth, &limits).map_err(Failure::budget)?;
    opts.check_byte_budget(&tree, search.of_tree(), rule)?;
    let asked = Asked {
        search,
        rule,
        compare_orders: saved.move_orders.is_some(),
        threads: limits.threads,
        trace: exports::wants_trace(opts, tree.len),
        keep: exports::keep(opts, tree.len),
    };
    let searched = search_tree(game, &tree, &asked);
    saved.check(game, &tree).map_err(bad)?;
    // Counted once, for the file's census and the exports that show it.
    let census = (saved.census.is_some() || exports::wants_census(opts)).then(|| census(game, &tree));
    if let Some(c) = &census {
        saved.check_census(c).map_err(bad)?;
    }
    exports::write_all(game, &tree, &searched, census.as_ref(), opts)
}
