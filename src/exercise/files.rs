//! One exercise's files, as `gametree exercise` writes them into its folder and
//! the browser offers them for download: the same bytes from the same code.

use crate::exercise::page::Paper;
use crate::exercise::{answers, pdf, sheet, svg, tex};
use crate::export::analysis::Search;
use crate::export::html;
use crate::game::Game;
use crate::limits::Limits;
use crate::request::{Opt, Refusal, Why, Word};
use crate::search::alphabeta::{self, Pruning};
use crate::search::back_propagate_observed;
use crate::search::trace::Event;
use crate::tree::{Tree, TreeArena};
use crate::words;

/// The most nodes a sheet drawn from a game position may have.
pub const MAX_SHEET_NODES: u64 = 400;

/// What the students are asked to do by hand, and on what paper.
#[derive(Clone, Copy, Debug)]
pub struct Asked {
    /// The search they run.
    pub search: Search,
    /// Alpha-beta's cut-off rule.
    pub rule: Pruning,
    /// The PDFs' paper.
    pub paper: Paper,
    /// The fewest cut-offs the tree must have (alpha-beta only).
    pub cutoffs: u32,
    /// Whether one of them must skip an inner node.
    pub cut_above_leaves: bool,
    /// Whether the tree is a game position's (which is what it is) rather
    /// than a random tree (which can be drawn again): for the advice given
    /// when it does not fit.
    pub from_position: bool,
}

/// The practice page's "New exercise" for exercise `number` of `count`: the
/// next page, or past the last `more`, how to make more (in the words of the
/// door that made it: the request layer's).
pub fn navigation(number: u32, count: u32, more: String) -> html::Addon {
    let page = |n: u32| format!("../exercise-{n:02}/practice.html");
    let batched = count > 1;
    html::Addon {
        name: "exercise",
        module: Some("exercise.js"),
        data: serde_json::json!({
            "number": number,
            "count": count,
            "previous": (batched && number > 1).then(|| page(number - 1)),
            "next": (batched && number < count).then(|| page(number + 1)),
            "more": more,
        }),
    }
}

/// Every file of one exercise, by name, from `pos` to `depth`; `addons` go on
/// its practice page. Refused (with the reason) when the tree passes
/// [`MAX_SHEET_NODES`], has fewer cut-offs than asked, or would print a label
/// under 8 pt or over another.
pub fn files<G: Game>(
    game: &G,
    pos: G::Position,
    depth: u8,
    title: String,
    asked: Asked,
    addons: &[html::Addon],
) -> Result<Vec<(&'static str, Vec<u8>)>, Refusal> {
    let mut arena = TreeArena::new();
    let opts = Limits { max_nodes: MAX_SHEET_NODES, threads: 1, ..Limits::NONE };
    // exercise has no --max-nodes: the page is the limit, and --depth the way under it.
    let tree = Tree::build(&mut arena, game, pos, depth, &opts).map_err(|_| {
        Refusal::budget(
            Opt::Depth,
            words![
                "the tree to ",
                Word::set(Opt::Depth, depth),
                format!(" has more than {MAX_SHEET_NODES} nodes, more than a sheet shows; use a smaller "),
                Opt::Depth
            ],
        )
    })?;
    let mut events: Vec<Event> = Vec::new();
    let windows = match asked.search {
        Search::Minimax => {
            back_propagate_observed(tree.root, &mut events);
            None
        }
        _ => Some(alphabeta::run_with_rule(&tree, asked.rule, &mut events)),
    };
    // A game's position is not drawn at random: its tree is what it is, and
    // one with fewer cut-offs than asked (by default, none: nothing to
    // prune) is refused, never written as if it met them.
    if let Some(w) = windows.as_deref() {
        let (all, above) = crate::exercise::generate::cut_offs(&tree, w);
        if all < asked.cutoffs || (asked.cut_above_leaves && above == 0) {
            return Err(too_few_cutoffs(depth, (all, above), asked));
        }
    }
    let sheet = sheet::lay_out(game, &tree, windows.as_deref(), &events, title);
    // Nothing goes on paper that a student cannot read: no label under 8 pt,
    // none printed over another, on the worksheet or on the key.
    let page = crate::exercise::page::Page::fit(&sheet, asked.paper);
    for key in [false, true] {
        if let Some(why) = crate::exercise::marks::illegible(&sheet.marks(&page, key, true)) {
            return Err(illegible(&sheet, &why, asked));
        }
    }
    let tree_text = game.format_position(&tree.root_position);
    let json = answers::write(&sheet, &tree_text, &events).map_err(|e| Refusal::said(None, Why::Usage, e))?;
    // The students' page holds no answer, only what checks one (the key is
    // the other files); its salt is the exercise's own, so the same exercise
    // writes the same page from every door.
    let mut page = Vec::new();
    let salt = crate::export::seal::salt(&[
        &sheet.title,
        &tree_text,
        &depth.to_string(),
        &format!("{:?} {:?}", asked.search, asked.rule),
    ]);
    html::write_worksheet(&mut page, game, &tree, windows.as_deref(), addons, salt)
        .map_err(|e| Refusal::said(None, Why::Usage, e))?;
    Ok(vec![
        ("worksheet.pdf", pdf::write(&sheet, false, asked.paper)),
        ("answers.pdf", pdf::write(&sheet, true, asked.paper)),
        ("worksheet.svg", svg::write(&sheet, false, asked.paper).into_bytes()),
        ("answers.svg", svg::write(&sheet, true, asked.paper).into_bytes()),
        ("exercise.tex", tex::write(&sheet, asked.paper).into_bytes()),
        ("answers.json", json.into_bytes()),
        ("practice.html", page),
    ])
}

/// A game position's tree with fewer cut-offs than `asked`: it has `found`
/// (all, and how many above the leaves).
fn too_few_cutoffs(depth: u8, found: (u32, u32), asked: Asked) -> Refusal {
    let ((all, above), above_leaves) = (found, asked.cut_above_leaves);
    let mut said = words![format!(
        "this position's tree, {depth} plies deep, has {all} cut-off(s){}; ",
        if above_leaves { format!(", {above} above the leaves") } else { String::new() },
    )];
    said.extend(if above_leaves {
        words![Opt::Cutoffs, " with ", Opt::CutAboveLeaves]
    } else {
        words![Opt::Cutoffs]
    });
    said.extend(words![
        format!(
            " asks for {}{}: try another ",
            asked.cutoffs,
            if above_leaves { ", one above the leaves" } else { "" }
        ),
        Opt::Depth,
        " or ",
        Opt::Position
    ]);
    Refusal::usage(Opt::Cutoffs, said)
}

/// A sheet a student could not read (`why`), and what to try instead.
fn illegible(sheet: &sheet::Sheet, why: &str, asked: Asked) -> Refusal {
    let mut said = words![
        format!(
            "this tree ({} leaves across, {} levels) does not fit a page legibly: {why}; try a smaller ",
            sheet.leaves, sheet.levels
        ),
        Opt::Depth
    ];
    said.extend(if asked.from_position || asked.cutoffs == 1 {
        words![" or another ", Opt::Position]
    } else {
        words![" or ", Opt::Branching]
    });
    Refusal::usage(Opt::Depth, said)
}
