//! `gametree explore`: open a saved analysis (the JSON `analyse --json`
//! wrote) in the explorer again. The library reads the file and builds its
//! tree again (`export::saved`); this wires the file, the game and the page.

use std::io::Read;
use std::path::PathBuf;

use super::checkers::open_input;
use super::exports::{self, ExportOptions};
use super::failure::{Failure, Outcome};
use super::options::game::GameOptions;
use crate::game::prelude::*;
use crate::limits::Limits;
use crate::request::analyse::too_many;
use crate::request::explore::{Explore, ExploreArgs, MAX_FILE_BYTES};
use crate::search::run::{Asked, search_tree};
use crate::tree::census::census;
use crate::tree::{Tree, TreeArena};

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
        let explore = ExploreArgs { text: &text, name: &name }.check()?;
        drop(text);
        self.game_options.check(explore.game)?;
        let opts =
            ExportOptions { html: Some(self.html.clone()), max_bytes: self.max_bytes, ..Default::default() };
        // The saved analysis is the one input; the page, the one output.
        let mut plan = opts.planned();
        plan.input(None, &self.file);
        exports::check_plan(&plan)?;
        crate::with_game!(explore.game, &self.game_options.settings(), |g| open(g, &explore, &opts))
    }
}

/// Builds the saved tree again, holds it to the file, and writes its page as
/// `analyse --html` does.
fn open<G: Game>(game: &G, explore: &Explore, opts: &ExportOptions) -> Outcome {
    let pos = explore.position(game)?;
    let game = &game.for_machine(game.to_move(&pos));
    let (search, rule) = (explore.search, explore.rule);
    let mut arena = TreeArena::new();
    let limits = Limits::default();
    let tree = Tree::build(&mut arena, game, pos, explore.saved.depth, &limits)
        .map_err(|e| Failure::from(too_many(&e)))?;
    opts.check_byte_budget(&tree, search.of_tree(), rule)?;
    let asked = Asked {
        search,
        rule,
        compare_orders: explore.saved.move_orders.is_some(),
        threads: limits.threads,
        trace: exports::wants_trace(opts, tree.len),
        keep: exports::keep(opts, tree.len),
    };
    let searched = search_tree(game, &tree, &asked);
    // Counted once, for the file's census and the exports that show it.
    let census = (explore.wants_census() || exports::wants_census(opts)).then(|| census(game, &tree));
    explore.holds(game, &tree, census.as_ref())?;
    exports::write_all(game, &tree, &searched, census.as_ref(), opts)
}
