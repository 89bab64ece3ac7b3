//! One exercise's files, as `gametree exercise` writes them into its folder and
//! the browser offers them for download: the same bytes from the same code.

use crate::exercise::page::Paper;
use crate::exercise::{answers, pdf, sheet, svg, tex};
use crate::export::analysis::SearchKind;
use crate::export::html;
use crate::export::scope::Scope;
use crate::game::Game;
use crate::limits::Limits;
use crate::search::alphabeta::{self, Pruning};
use crate::search::back_propagate_observed;
use crate::search::trace::Event;
use crate::tree::{Tree, TreeArena};

/// The most nodes a sheet drawn from a game position may have.
pub const MAX_SHEET_NODES: u64 = 400;

/// What the students are asked to do by hand, and on what paper.
#[derive(Clone, Copy, Debug)]
pub struct Asked {
    /// The search they run.
    pub search: SearchKind,
    /// Alpha-beta's cut-off rule.
    pub rule: Pruning,
    /// The PDFs' paper.
    pub paper: Paper,
}

/// The practice page's "New exercise" for exercise `number` of `count` made
/// from `first_seed`: the next page, or past the last the command for more.
pub fn navigation(number: u32, count: u32, first_seed: u64) -> html::Addon {
    let page = |n: u32| format!("../exercise-{n:02}/practice.html");
    let batched = count > 1;
    let next_seed = first_seed.wrapping_add(u64::from(count));
    html::Addon {
        name: "exercise",
        script: include_str!("../export/explorer/exercise.js"),
        data: serde_json::json!({
            "number": number,
            "count": count,
            "previous": (batched && number > 1).then(|| page(number - 1)),
            "next": (batched && number < count).then(|| page(number + 1)),
            "more": format!("the same gametree exercise command with --seed {next_seed}."),
        }),
    }
}

/// Every file of one exercise, by name, from `pos` to `depth`; `addons` go on
/// its practice page. Refused (with the reason) when the tree passes
/// [`MAX_SHEET_NODES`].
pub fn files<G: Game>(
    game: &G,
    pos: G::Position,
    depth: u8,
    title: String,
    asked: Asked,
    addons: &[html::Addon],
) -> Result<Vec<(&'static str, Vec<u8>)>, String> {
    let mut arena = TreeArena::new();
    let opts = Limits { max_nodes: MAX_SHEET_NODES, threads: 1, ..Limits::NONE };
    let tree = Tree::build(&mut arena, game, pos, depth, &opts)
        .map_err(|e| format!("{e}; an exercise must fit on a page (at most {MAX_SHEET_NODES} nodes)"))?;
    let mut events: Vec<Event> = Vec::new();
    let windows = match asked.search {
        SearchKind::Alphabeta => Some(alphabeta::run_with_rule(&tree, asked.rule, &mut events)),
        SearchKind::Minimax => {
            back_propagate_observed(tree.root, &mut events);
            None
        }
    };
    let sheet = sheet::lay_out(game, &tree, windows.as_deref(), &events, title);
    let tree_text = game.format_position(&tree.root_position);
    let json = answers::write(&sheet, &tree_text, &sheet.index, &events).map_err(|e| e.to_string())?;
    let mut page = Vec::new();
    let opening = html::Opening::Practice;
    html::write_page_with(
        &mut page,
        game,
        &tree,
        windows.as_deref(),
        Some(&events),
        Scope::All,
        opening,
        addons,
    )
    .map_err(|e| e.to_string())?;
    Ok(vec![
        ("worksheet.pdf", pdf::write(&sheet, false, asked.paper)),
        ("answers.pdf", pdf::write(&sheet, true, asked.paper)),
        ("worksheet.svg", svg::write(&sheet, false, asked.paper).into_bytes()),
        ("answers.svg", svg::write(&sheet, true, asked.paper).into_bytes()),
        ("exercise.tex", tex::write(&sheet).into_bytes()),
        ("answers.json", json.into_bytes()),
        ("practice.html", page),
    ])
}
