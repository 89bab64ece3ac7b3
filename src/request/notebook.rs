//! What a notebook shows of a searched tree (Python's `Tree._repr_html_`).
//!
//! The explorer is a page with a script, shown in a sandboxed frame. A
//! notebook that is not trusted (executed elsewhere, shared, opened on
//! another machine) strips scripts and frames from HTML output and refuses
//! SVG output outright: the frame alone would leave a blank cell. So the cell
//! carries, before the frame, a still drawing of the tree (`export::sketch`)
//! as an image, which untrusted HTML keeps, and a sentence saying how to get
//! the explorer; a script, which runs only where the notebook is trusted,
//! takes both away and leaves the explorer.

use std::sync::atomic::{AtomicU64, Ordering};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;

use super::analysed::Analysed;
use super::budget::DEFAULT_MAX_BYTES;
use crate::export::html::escape_html;
use crate::export::scope::Scope;

/// The most nodes the notebook's explorer draws whole; a larger tree is drawn
/// as its line of best play with the alternatives at each of its nodes (the
/// page of a whole tree takes a dozen bytes a node, which a notebook keeps).
pub const INLINE_MAX_NODES: usize = 20_000;

/// The sentence over the still drawing while the explorer cannot run.
pub const UNTRUSTED: &str = "This is a still drawing: the interactive explorer appears here when the notebook is trusted (Trust Notebook in JupyterLab's command palette, or jupyter trust NOTEBOOK.ipynb and open it again) or when its cells are run again.";

/// The sentence over the still drawing of a tree that has no inline explorer.
pub const NO_EXPLORER: &str = "This tree has no explorer page inline; to_html() says why.";

/// The cell's HTML: the still drawing and its sentence, then the explorer in
/// its frame (620 px tall, less on a screen whose notebook shows less, so
/// that a projector's 1366x768 sees the frame whole below its cell) and the
/// script that shows it in place of the drawing. The explorer page is the
/// command line's `--html` (of the line of best play for a tree of more than
/// [`INLINE_MAX_NODES`] nodes); where it cannot be made (an MCTS tree of more
/// iterations than its page steps through) the cell is the drawing alone.
pub fn cell(tree: &dyn Analysed) -> String {
    let facts = tree.facts();
    let title = escape_html(&facts.title);
    let drawing = STANDARD.encode(tree.sketch());
    let whole = tree.len() <= INLINE_MAX_NODES || facts.search == "mcts";
    let scope = if whole { Scope::All } else { Scope::Line };
    let page = tree.html(scope, DEFAULT_MAX_BYTES).ok().and_then(|p| String::from_utf8(p).ok());
    let still = |sentence: &str| {
        format!(
            "<div class=\"gametree-still\"><p><em>{}</em></p><img src=\"data:image/svg+xml;base64,{drawing}\" \
             alt=\"{title}: its first levels and its line of best play\" \
             style=\"max-width: 100%; height: auto\"></div>",
            escape_html(sentence)
        )
    };
    let Some(page) = page else {
        return format!("<div class=\"gametree-cell\">{}</div>", still(NO_EXPLORER));
    };
    // An id for a notebook whose scripts are run by eval (no currentScript):
    // unique in the page however many cells and kernels it has shown.
    static SHOWN: AtomicU64 = AtomicU64::new(0);
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    let id = format!("gametree-{}-{nanos:x}-{}", std::process::id(), SHOWN.fetch_add(1, Ordering::Relaxed));
    format!(
        "<div class=\"gametree-cell\" id=\"{id}\">{}\
         <iframe sandbox=\"allow-scripts\" title=\"{title}\" style=\"width: 100%; height: min(620px, calc(100vh - 140px)); min-height: 360px; border: 1px solid #ccc\" srcdoc=\"{}\"></iframe>\
         <script>(function () {{ var s = document.currentScript; \
         var c = s && s.parentNode && s.parentNode.id === \"{id}\" ? s.parentNode : document.getElementById(\"{id}\"); \
         var still = c && c.querySelector(\".gametree-still\"); if (still) still.remove(); }})();</script></div>",
        still(UNTRUSTED),
        escape_html(&page)
    )
}
