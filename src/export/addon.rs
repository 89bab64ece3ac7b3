//! A part of the explorer page beyond its own views (the MCTS view, the move
//! orders' trees, deepening's iterations, the positions' census, an exercise
//! set's navigation): what each of those exports hands the page writer. Its own
//! module so that the views and the page writer both import it and neither the
//! other.

/// A part of the page beyond the explorer's own, such as the move orders'
/// trees: a module of the page's script (`src/export/html.rs`'s `MODULES`),
/// bundled after the explorer's and run once it has drawn, which takes what
/// it needs from the explorer's modules (`addView` in `views.js` gives it a
/// mode button and the tree's area), and data of its own that it reads with
/// `addonData(name)` (`hook.js`; `window.gametree.data(name)` outside).
pub struct Addon {
    /// The data's name: lower-case letters, digits and `-`.
    pub name: &'static str,
    /// The module that draws it (`orders.js`); `None`: data alone, for a
    /// script that reaches the page through `window.gametree`.
    pub module: Option<&'static str>,
    /// The data, written as JSON safe inside a script element.
    pub data: serde_json::Value,
}
