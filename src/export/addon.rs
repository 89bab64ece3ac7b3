//! A part of the explorer page beyond its own views (the MCTS view, the move
//! orders' trees, deepening's iterations, the positions' census, an exercise
//! set's navigation): what each of those exports hands the page writer. Its own
//! module so that the views and the page writer both import it and neither the
//! other.

/// A part of the page beyond the explorer's own, such as the MCTS view or the
/// move orders' trees: a script file run after the explorer's, which reaches
/// the page through `window.gametree` (`src/export/explorer/hook.js` lists what
/// that holds; `gametree.addView` gives it a mode button and the tree's area),
/// and data of its own that the script reads with `gametree.data(name)`.
pub struct Addon {
    /// The data's name: lower-case letters, digits and `-`.
    pub name: &'static str,
    /// The script, this project's own file (`include_str!`).
    pub script: &'static str,
    /// The data, written as JSON safe inside a script element.
    pub data: serde_json::Value,
}
