//! `gametree best`: the best action and its value.

use std::time::Instant;

use super::failure::{Failure, Outcome};
use super::mcts::MctsOptions;
use super::options::game::GameOptions;
use super::options::position::GamePosition;
use super::options::tree::TreeOptions;
use super::output::print_stats;
use crate::game::Game;
use crate::request::analyse::too_many;
use crate::request::best::BestArgs;
use crate::request::check;
use crate::search::Search;
use crate::search::alphabeta;
use crate::search::back_propagate_parallel;
use crate::tree::{Tree, TreeArena};

/// `gametree best`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    at: GamePosition,
    #[command(flatten)]
    tree: TreeOptions,
    #[command(flatten)]
    game_options: GameOptions,
    /// Alpha-beta without a tree (fast), minimax or iterative deepening over
    /// the explicit tree, or MCTS.
    #[arg(long, value_enum, default_value_t = Search::Alphabeta)]
    search: Search,
    #[command(flatten)]
    mcts: MctsOptions,
}

impl Args {
    pub fn run(self) -> Outcome {
        check::settings(self.at.game, &self.game_options.settings())?;
        let args = BestArgs {
            search: self.search,
            depth: self.tree.depth.map(i64::from),
            max_nodes: Some(i64::try_from(self.tree.max_nodes).unwrap_or(i64::MAX)),
            threads: self.tree.threads.map(i64::from),
            mcts: self.mcts.args(),
        };
        let checked = args.check()?;
        if self.search == Search::Mcts {
            return crate::with_game!(self.at.game, &self.game_options.settings(), |g| super::mcts::best(
                g,
                &self.at,
                &self.tree,
                &checked.mcts
            ));
        }
        crate::with_game!(self.at.game, &self.game_options.settings(), |g| best(g, &self))
    }
}

fn best<G: Game>(game: &G, args: &Args) -> Outcome {
    let opts = &args.tree;
    let pos = args.at.of(game)?;
    let game = &game.for_machine(game.to_move(&pos));
    let depth = opts.depth.unwrap_or_else(|| game.default_depth());
    let (action, value) = match args.search.of_tree() {
        Search::Alphabeta if args.search == Search::Deepening => {
            // Deepening replays its iterations over the explicit tree.
            let mut arena = TreeArena::new();
            let tree = Tree::build(&mut arena, game, pos, depth, &opts.build_options())
                .map_err(|e| Failure::from(too_many(&e)))?;
            let (d, _) = crate::search::deepening::run(game, &tree, Default::default(), Default::default());
            if opts.stats {
                let mut text = Vec::new();
                super::deepening::write_iterations(&mut text, game, &tree, &d).map_err(Failure::output)?;
                super::stderr::to_stderr(&String::from_utf8_lossy(&text));
            }
            (tree.decision().and_then(|n| n.action), tree.root.value())
        }
        Search::Alphabeta | Search::Deepening | Search::Mcts => {
            let started = Instant::now();
            let choice = alphabeta::search(game, &pos, &alphabeta::Search::to(depth).within(opts.max_nodes))
                .map_err(|e| Failure::from(crate::request::best::stopped(&e)))?
                .choice;
            if opts.stats {
                super::stderr::to_stderr(&format!(
                    "positions examined: {}, time: {:.3} ms\n",
                    choice.nodes,
                    started.elapsed().as_secs_f64() * 1e3
                ));
            }
            (choice.action, choice.value)
        }
        Search::Minimax => {
            let mut arena = TreeArena::new();
            let started = Instant::now();
            let tree = Tree::build(&mut arena, game, pos, depth, &opts.build_options())
                .map_err(|e| Failure::from(too_many(&e)))?;
            if opts.stats {
                print_stats("", &tree, started.elapsed());
            }
            let value = back_propagate_parallel(tree.root, tree.len, opts.build_options().threads);
            (tree.decision().and_then(|n| n.action), value)
        }
    };
    let action = action.map_or_else(|| "none".to_string(), |a| game.format_action(a));
    super::output::print(&format!("{action} {value}\n"))
}
