//! Exercises' pages and drawings in Chromium (the sheets, the key and the
//! LaTeX are tests/exercises.rs's, in the suite).

use crate::support;

use std::fs;
use std::process::{Command, Output};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");

fn gametree(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver (.ci/run installs them)")]
fn the_svg_renders_in_chromium() {
    let dir = support::Scratch::new("exercise-svg");
    support::written::exercise_into(&dir, &[]);
    let b = support::browser::Browser::start();
    let answers: Value = serde_json::from_slice(&fs::read(dir.join("answers.json")).unwrap()).unwrap();
    for (file, crossed) in [("worksheet.svg", false), ("answers.svg", true)] {
        // The file as an image (Chromium must decode it) and inline (to count
        // what it drew); the page says it is ready once the image has loaded.
        let svg = fs::read_to_string(dir.join(file)).unwrap();
        let page = dir.join(format!("{file}.html"));
        fs::write(
            &page,
            format!(
                "<!doctype html><html><body>{svg}<img id=\"file\" src=\"{file}\" \
                 onload=\"document.body.dataset.ready='true'\" \
                 onerror=\"document.body.dataset.broken='true'; document.body.dataset.ready='true'\"></body></html>"
            ),
        )
        .unwrap();
        b.open(&format!("file://{}", page.display()));
        assert_eq!(b.run("return document.body.dataset.broken || 'no'"), "no", "{file} decodes as an image");
        assert!(b.run("return document.getElementById('file').naturalWidth").as_u64().unwrap() > 100);
        // The nodes' shapes (white boxes behind labels aside).
        let shapes =
            b.run("return document.querySelectorAll('svg polygon:not([stroke=\"#ffffff\"])').length");
        assert_eq!(shapes.as_u64().unwrap() as usize, answers["nodes"].as_array().unwrap().len(), "{file}");
        // The PDF's page, turned for this wide tree, and filled as the PDF is,
        // in type of 9 pt or more.
        let page = b.run("const s = document.querySelector('svg'); return [s.getAttribute('width'), s.getAttribute('height')]");
        assert_eq!(page, serde_json::json!(["842", "595"]), "{file}");
        let width = b.run("return document.querySelector('svg').getBBox().width");
        assert!(width.as_f64().unwrap() > 0.8 * 842.0, "{file} spans the page: {width}");
        let smallest =
            b.run("return Math.min(...[...document.querySelectorAll('svg text')].map(t => +t.getAttribute('font-size')))");
        assert!(smallest.as_f64().unwrap() >= 9.0, "{file}: type of {smallest} pt");
        let red = b.run(
            "return [...document.querySelectorAll('svg line')].filter(l => l.getAttribute('stroke') === '#c80000').length",
        );
        assert_eq!(red.as_u64().unwrap() > 0, crossed, "{file}: pruned branches crossed out in the key only");
    }
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver (.ci/run installs them)")]
fn the_practice_page_opens_in_practice_with_no_answer_shown() {
    let dir = support::Scratch::new("exercise-practice");
    support::written::exercise_into(&dir, &[]);
    let answers: Value = serde_json::from_slice(&fs::read(dir.join("answers.json")).unwrap()).unwrap();
    let b = support::browser::Browser::start();
    b.open(&format!("file://{}", dir.join("practice.html").display()));
    assert_eq!(b.run("return document.body.dataset.mode"), "practice");
    assert_eq!(b.run("return document.getElementById('mode-practice').getAttribute('aria-pressed')"), "true");
    assert_eq!(b.run("return document.getElementById('practice').hidden"), false, "the practice bar shows");
    assert_eq!(b.run("return document.getElementById('banner').hidden"), true, "no decision banner");
    // Every inner node of the exercise asks for its value; none is given.
    let inner = answers["nodes"].as_array().unwrap().iter().filter(|n| n["leaf"] == false).count();
    assert_eq!(b.count(".node:not(.leaf) input.guess"), inner);
    assert_eq!(b.count(".node:not(.leaf) .value"), 0);
    assert_eq!(b.count(".node.pruned"), 0);
    assert_eq!(b.console_errors(), Vec::<String>::new());
    // A page written by analyse still opens in explore mode.
    let page = dir.join("explore.html");
    let out = gametree(&["analyse", "tree", "--search", "alphabeta", "--html", page.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    b.open(&format!("file://{}", page.display()));
    assert_eq!(b.run("return document.body.dataset.mode"), "explore");
    assert!(b.count(".node:not(.leaf) .value") > 0);
}

/// "New exercise" on a batch's practice page: the next page of the batch,
/// "Previous" back; past the last, the command that makes more (the page
/// computes no tree of its own). A page written by analyse has neither.
#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver (.ci/run installs them)")]
fn new_exercise_goes_through_the_batch_and_then_names_the_next_seed() {
    let dir = support::Scratch::new("exercise-new-exercise");
    let out = gametree(&["exercise", "--seed", "3", "--count", "2", "--out", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let b = support::browser::Browser::start();
    b.open(&format!("file://{}", dir.join("exercise-01/practice.html").display()));
    assert_eq!(b.count("#previous-exercise"), 0, "the first has no previous");
    let first_tree = b.run("return document.title");
    b.click("#new-exercise");
    let url = b.run("return location.pathname");
    assert!(url.as_str().unwrap().ends_with("/exercise-02/practice.html"), "{url}");
    assert_ne!(b.run("return document.title"), first_tree, "another tree");
    assert_eq!(b.run("return document.body.dataset.mode"), "practice");
    // The last of the batch: the button tells the command for more.
    assert_eq!(b.run("return document.getElementById('exercise-more').hidden"), true);
    b.click("#new-exercise");
    let more = b.text("#exercise-more");
    assert!(more.contains("exercise 2 of 2") && more.contains("--seed 5"), "{more}");
    b.click("#previous-exercise");
    let url = b.run("return location.pathname");
    assert!(url.as_str().unwrap().ends_with("/exercise-01/practice.html"), "{url}");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}
