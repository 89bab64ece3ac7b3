//! `--search deepening` on the command line: the iterations' table that
//! `analyse` prints, and `--chart FILE`.

use std::io::{self, Write};
use std::path::PathBuf;

use super::exports::Writer;
use crate::export::deepening::moves;
use crate::game::Game;
use crate::request::Opt;
use crate::request::plan::OutputPlan;
use crate::search::deepening::Deepened;
use crate::tree::Tree;

/// `analyse`'s chart of nodes per depth.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ChartOptions {
    /// --search deepening: write an SVG chart of nodes searched per depth
    /// (minimax, alpha-beta in the game's order, deepening with the table,
    /// the minimal tree; log scale) to FILE (`-` for stdout).
    #[arg(long, value_name = "FILE")]
    pub chart: Option<PathBuf>,
}

impl ChartOptions {
    /// Adds the chart, when asked for, to the request's output plan.
    pub fn plan(&self, plan: &mut OutputPlan) {
        if let Some(path) = &self.chart {
            plan.output(Opt::Chart, path);
        }
    }

    /// The chart's job for the plan, when asked for (it is written with the
    /// exports, all or none).
    pub fn job<'a>(&'a self, d: &'a Deepened, limit: u64) -> Option<(Opt, Writer<'a>)> {
        let path = self.chart.as_deref()?;
        let svg: Writer<'a> = Box::new(move |w| w.write_all(crate::export::chart::svg(&d.counts).as_bytes()));
        Some((Opt::Chart, super::exports::within_budget(Opt::Chart, path, limit, svg)))
    }
}

/// The iterations as a table, then the last one beside plain alpha-beta.
pub fn write_iterations<G: Game>(
    out: &mut impl Write,
    game: &G,
    tree: &Tree<'_, G>,
    d: &Deepened,
) -> io::Result<()> {
    writeln!(
        out,
        "\niterative deepening (alpha-beta, a transposition table, the previous line first; {}):",
        d.rule.words()
    )?;
    writeln!(
        out,
        "{:>5} {:>10} {:>10} {:>8} {:>10} {:>6} {:>10} {:>8}  line",
        "depth", "nodes", "table cuts", "cut-offs", "time ms", "EBF", "decision", "value"
    )?;
    for i in &d.iterations {
        let line = moves(game, tree, &i.line);
        writeln!(
            out,
            "{:>5} {:>10} {:>10} {:>8} {:>10.3} {:>6.2} {:>10} {:>8}  {}",
            i.depth,
            i.nodes,
            i.table_cutoffs,
            i.cutoffs,
            i.millis,
            i.branching,
            line.first().map_or("none", String::as_str),
            i.value,
            line.join(" ")
        )?;
    }
    if let (Some(last), Some(&plain)) = (d.last(), d.counts.alphabeta.last()) {
        let all: u64 = d.iterations.iter().map(|i| i.nodes).sum();
        writeln!(
            out,
            "last iteration: {} nodes; alpha-beta in the game's order at depth {}: {plain} nodes; every iteration together: {all}; {} positions in the table",
            last.nodes, last.depth, d.table_size
        )?;
    }
    Ok(())
}
