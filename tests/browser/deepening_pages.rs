//! Iterative deepening's page in Chromium: stepping from iteration to
//! iteration, table cut-offs marked apart from alpha-beta's (the JSON, the
//! table and the chart are tests/deepening_pages.rs's, in the suite).

use crate::support;

use std::fs;

use support::browser::Browser;

/// Tic-tac-toe with five empty points, x to move: small, and full of
/// transpositions from the third ply on.
const TICTACTOE: &str = "xo.ox.... x";

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_explorer_steps_through_the_iterations_and_marks_table_cutoffs_apart() {
    let dir = support::Scratch::new("deepening-page");
    let html = dir.join("tree.html");
    let (doc, _) = support::written::deepened(
        &dir,
        &["tictactoe", "--position", TICTACTOE, "--depth", "5"],
        &["--html", html.to_str().unwrap()],
    );
    let its = doc["deepening"]["iterations"].as_array().unwrap().clone();
    let b = Browser::start();
    b.open(&format!("file://{}", html.display()));
    assert_eq!(b.console_errors(), Vec::<String>::new());
    // The page opens on the last iteration, in the tree's area: Iterations is
    // one of the explorer's modes, pressed.
    assert_eq!(b.run("return !document.getElementById('view-deepening').hidden"), true);
    assert_eq!(b.run("return document.querySelector('main').hidden"), true);
    assert_eq!(
        b.run("return document.getElementById('mode-deepening').getAttribute('aria-pressed')"),
        "true"
    );
    assert_eq!(b.text("#toolbar [role=radiogroup] #mode-deepening"), "Iterations");
    // The tree's own controls (expand, reset, compact, zoom, find) are greyed
    // out while the iterations have the tree's area, and back with the tree.
    let tree_controls = "return ['expand-all', 'collapse-all', 'compact', 'zoom-out', 'zoom-fit', 'zoom-in', 'find']\
        .map(id => document.getElementById(id).disabled)";
    assert_eq!(b.run(tree_controls), serde_json::Value::from(vec![true; 7]));
    assert_eq!(b.run("return document.getElementById('panel-toggle').disabled"), false);
    b.click("#mode-explore");
    assert_eq!(b.run(tree_controls), serde_json::Value::from(vec![false; 7]));
    b.click("#mode-deepening");
    assert_eq!(b.run(tree_controls), serde_json::Value::from(vec![true; 7]));
    assert_eq!(b.run("return document.getElementById('view-deepening').dataset.shown"), "5");
    assert_eq!(b.count("#view-deepening [role=tab]"), its.len());
    let mut tables_seen = 0;
    for (k, it) in its.iter().enumerate() {
        b.click(&format!("#iteration-{}", k + 1));
        assert_eq!(
            b.run("return document.getElementById('view-deepening').dataset.shown"),
            (k + 1).to_string()
        );
        // Every node drawn is within the iteration's depth; the visited ones are its count.
        assert_eq!(
            b.count("#view-deepening .node.seen") as u64,
            it["nodes"].as_u64().unwrap(),
            "depth {}",
            k + 1
        );
        let tables = b.count("#view-deepening .node.table");
        let cuts = b.count("#view-deepening .node.cutoff");
        assert_eq!(tables as u64, it["table_cutoffs"].as_u64().unwrap(), "depth {}", k + 1);
        assert_eq!(cuts as u64, it["cutoffs"].as_u64().unwrap(), "depth {}", k + 1);
        // Each kind has its own mark and its own word, not a colour alone.
        assert_eq!(b.count("#view-deepening .node.table .mark[data-kind=table] rect"), tables);
        assert_eq!(b.count("#view-deepening .node.cutoff .mark[data-kind=table]"), 0);
        let words = b.run(
            "return [...document.querySelectorAll('#view-deepening .node .mark .word')].map(e => e.textContent)",
        );
        let words: Vec<&str> = words.as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
        assert_eq!(words.iter().filter(|w| **w == "table").count(), tables);
        assert_eq!(words.iter().filter(|w| **w == "cut").count(), cuts);
        tables_seen += tables;
        let said = b.text("#view-deepening .said");
        assert!(said.contains(&format!("Depth {}", k + 1)), "{said}");
        assert!(said.contains(it["decision"].as_str().unwrap()), "{said}");
    }
    assert!(tables_seen > 0, "tic-tac-toe transposes: some iteration uses the table");
    // The arrow keys step between iterations, as the buttons do.
    b.click("#iteration-1");
    b.press("\u{E014}");
    assert_eq!(b.run("return document.getElementById('view-deepening').dataset.shown"), "2");
    b.click("#iteration-prev");
    assert_eq!(b.run("return document.getElementById('view-deepening').dataset.shown"), "1");
    // The chart is in the page, with its four series.
    assert_eq!(b.count("#view-deepening .chart svg .series"), 4);
    b.set_viewport(1366, 768);
    b.click("#iteration-5");
    b.screenshot(&dir.join("iterations.png"));
    if let Some(keep) = std::env::var_os("GAMETREE_KEEP_SCREENSHOT") {
        fs::copy(dir.join("iterations.png"), keep).unwrap();
    }
    b.click("#deepening-close");
    assert_eq!(b.run("return document.getElementById('view-deepening').hidden"), true);
    assert_eq!(b.run("return document.getElementById('mode-explore').getAttribute('aria-pressed')"), "true");
    assert_eq!(b.run("return document.querySelector('main').hidden"), false);
    // Its mode button opens it again on the iteration chosen; Esc goes back.
    b.click("#mode-deepening");
    assert_eq!(b.run("return document.getElementById('view-deepening').dataset.shown"), "5");
    b.press("\u{E00C}");
    assert_eq!(b.run("return document.getElementById('view-deepening').hidden"), true);
    assert_eq!(b.run("return document.activeElement.id"), "mode-deepening");
    // Step mode says what can be stepped here, and how to step alpha-beta.
    b.click("#mode-step");
    let said = b.text("#step-text");
    assert!(said.contains("press Iterations") && said.contains("--search alphabeta"), "{said}");
    assert!(!said.contains("without the search's events"), "{said}");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}
