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

/// Each node's answers, from `analyse` of the exercise's tree (the library's
/// search, as the key's): by id.
fn searched_again(dir: &std::path::Path) -> Value {
    let key: Value = serde_json::from_slice(&fs::read(dir.join("answers.json")).unwrap()).unwrap();
    let tree = key["tree"].as_str().unwrap();
    let mut args = vec!["tree", "--position", tree, "--search", "alphabeta"];
    if key["pruning"] == "no-prune-on-ties" {
        args.push("--no-prune-on-ties");
    }
    support::written::analysed(dir, &args).0
}

/// A student's worksheet (issue 49.4, 50.5): the page's source holds no
/// answer, neither in its summary nor in its node data nor as steps, and yet
/// Check marks a wrong answer wrong and a right one right; on a blank sheet it
/// says only that everything is blank.
#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver (.ci/run installs them)")]
fn a_students_worksheet_holds_no_answer_and_still_checks_every_one() {
    let dir = support::Scratch::new("exercise-sealed");
    let out = gametree(&["exercise", "--seed", "3", "--out", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let doc = searched_again(&dir);
    let nodes = doc["nodes"].as_array().unwrap();
    let html = fs::read_to_string(dir.join("practice.html")).unwrap();
    // The answers as the explorer's data writes them, searched for in the
    // source: a teacher's page of the same tree holds each, the worksheet none.
    let teacher = dir.join("teacher.html");
    let tree = doc["position"].as_str().unwrap();
    let out = gametree(&[
        "analyse",
        "tree",
        "--position",
        tree,
        "--search",
        "alphabeta",
        "--html",
        teacher.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let teacher = fs::read_to_string(teacher).unwrap();
    let pruned = nodes.iter().filter(|n| n["pruned"] == true).count();
    for field in [
        format!("\"decision\":{}", doc["decision"]["action"]),
        format!("\"value\":{}", doc["decision"]["value"]),
        format!("\"pruned\":{pruned}"),
        format!("\"line\":{}", doc["principal_variation"]),
    ] {
        assert!(teacher.contains(&field), "the teacher's page holds {field}");
        assert!(!html.contains(&field), "the worksheet holds {field}");
    }
    let events = html.split("id=\"tree-events\">").nth(1).unwrap().split("</script>").next().unwrap();
    assert_eq!(events, "", "the worksheet carries no steps of the search");
    let b = support::browser::Browser::start();
    b.set_size(1366, 768);
    b.open(&format!("file://{}", dir.join("practice.html").display()));
    assert_eq!(b.run("return document.body.dataset.mode"), "practice");
    // Nor in the data the page decoded: the givens (shape, sides, leaves'
    // values) and nothing else.
    let data = b.run(
        "const g = window.gametree, v = g.nodes, F = g.FLAGS, out = [];
         for (let i = 0; i < g.n; i++) out.push([v.flags[i] & F.LEAF ? 1 : 0, v.flags[i] & ~(F.LEAF | F.MAXIMISING), v.cost[i], v.value[i], v.alpha[i], v.beta[i]]);
         return out",
    );
    let data = data.as_array().unwrap();
    assert_eq!(data.len(), nodes.len());
    for (n, d) in nodes.iter().zip(data) {
        let leaf = n["children"].as_array().unwrap().is_empty();
        assert_eq!(d[0], u8::from(leaf), "#{}", n["id"]);
        let expected = if leaf {
            serde_json::json!([1, 0, n["cost"], n["cost"], 0, 0])
        } else {
            serde_json::json!([0, 0, 0, 0, 0, 0])
        };
        assert_eq!(d, &expected, "#{}: [leaf, flags, cost, value, α, β] in the page", n["id"]);
    }
    // No mode that shows answers, no reveal.
    for id in ["mode-explore", "mode-step", "reveal", "reveal-one"] {
        assert_eq!(
            b.run(&format!("return document.getElementById('{id}').offsetParent === null")),
            true,
            "#{id} shows"
        );
    }
    // A blank check: everything blank, nothing marked right, wrong or missed.
    let inner: Vec<&Value> = nodes.iter().filter(|n| !n["children"].as_array().unwrap().is_empty()).collect();
    b.click("#check");
    let score = b.text("#practice-score");
    let blank = inner.len();
    assert!(
        score.starts_with(&format!(
            "0 of {blank} right: values 0 right, 0 wrong, {blank} blank; cuts 0 right, 0 wrong, 0 missed; α and β 0 right, 0 wrong, {} blank",
            2 * blank
        )),
        "{score}"
    );
    assert_eq!(b.count(".node.wrong") + b.count(".node.right") + b.count("#edges g[class*='c-']"), 0);
    assert_eq!(b.run("return document.getElementById('practice-why').hidden"), true);
    if let Ok(shots) = std::env::var("GAMETREE_SHOTS") {
        b.screenshot(&std::path::Path::new(&shots).join("worksheet-blank-check.png"));
    }
    // A wrong value and a wrong α are marked wrong, with no answer in the reason.
    let root_value = doc["decision"]["value"].as_i64().unwrap();
    b.type_into("input[data-guess='0']", &(root_value + 1).to_string());
    b.type_into("input[data-alpha='0']", "5");
    b.click("#check");
    assert!(b.text("#practice-score").contains("values 0 right, 1 wrong"), "{}", b.text("#practice-score"));
    assert_eq!(
        b.run("return document.querySelector('.node[data-id=\"0\"]').classList.contains('wrong')"),
        true
    );
    assert_eq!(b.count("label.ab.wrong input[data-alpha='0']"), 1);
    let why = b.text("#practice-why");
    assert!(!why.contains(&root_value.to_string()), "the reason gives the answer away: {why}");
    // Every answer right: the values (with their bounds), the windows, the cuts.
    let end = |v: &Value| v.as_str().map_or_else(|| v.to_string(), |s| s.replace('∞', "inf"));
    let mut asked = 0;
    for n in &inner {
        if n["pruned"] == true {
            continue;
        }
        let sign = match n["bound"].as_str().unwrap() {
            "lower" => ">=",
            "upper" => "<=",
            _ => "",
        };
        let id = &n["id"];
        b.type_into(&format!("input[data-guess='{id}']"), &format!("{sign}{}", n["value"]));
        b.type_into(&format!("input[data-alpha='{id}']"), &end(&n["alpha"]));
        b.type_into(&format!("input[data-beta='{id}']"), &end(&n["beta"]));
        asked += 1;
    }
    let cuts: Vec<&Value> = nodes
        .iter()
        .filter(|n| n["pruned"] == true && nodes[n["parent"].as_u64().unwrap() as usize]["pruned"] == false)
        .collect();
    assert!(!cuts.is_empty(), "seed 3 has cut-offs");
    // (Cut as from the keyboard: the node found, then x.)
    let cut = |id: &Value| {
        b.type_into("#find", &format!("{id}\n"));
        b.press("x");
    };
    for n in &cuts {
        cut(&n["id"]);
    }
    b.click("#check");
    let total = asked + cuts.len();
    let score = b.text("#practice-score");
    assert!(
        score.starts_with(&format!(
            "{total} of {total} right: values {asked} right, 0 wrong, 0 blank; cuts {} right, 0 wrong, 0 missed; α and β {} right, 0 wrong, 0 blank",
            cuts.len(),
            2 * asked
        )),
        "{score}"
    );
    assert_eq!(b.count(".node.wrong"), 0);
    // A bound of the wrong kind is wrong; a cut left out is missed, and a node
    // the search never reaches, answered, is wrong.
    let bound =
        inner.iter().find(|n| (n["bound"] == "lower" || n["bound"] == "upper") && n["pruned"] == false);
    if let Some(n) = bound {
        let other = if n["bound"] == "lower" { "<=" } else { ">=" };
        b.type_into(&format!("input[data-guess='{}']", n["id"]), &format!("{other}{}", n["value"]));
        b.click("#check");
        assert!(b.text("#practice-score").contains(&format!("values {} right, 1 wrong", asked - 1)));
        let sign = if n["bound"] == "lower" { ">=" } else { "<=" };
        b.type_into(&format!("input[data-guess='{}']", n["id"]), &format!("{sign}{}", n["value"]));
    }
    let skipped = cuts
        .iter()
        .find(|n| !n["children"].as_array().unwrap().is_empty())
        .expect("a cut above a leaf's parent");
    let id = &skipped["id"];
    cut(id);
    b.type_into(&format!("input[data-guess='{id}']"), "3");
    b.click("#check");
    let score = b.text("#practice-score");
    assert!(
        score.contains(&format!("values {asked} right, 1 wrong")) && score.contains("1 missed"),
        "{score}"
    );
    assert_eq!(b.count(&format!("#edges g.c-missed[data-edge='{id}']")), 1);
    assert_eq!(
        b.run(&format!(
            "return document.querySelector('.node[data-id=\"{id}\"]').classList.contains('wrong')"
        )),
        true
    );
    assert!(b.text("#practice-why").contains("never searched"), "{}", b.text("#practice-why"));
    if let Ok(shots) = std::env::var("GAMETREE_SHOTS") {
        b.screenshot(&std::path::Path::new(&shots).join("worksheet-checked.png"));
    }
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// A game position's worksheet (boards, large values) and a minimax one (no
/// window, no cut) check as the random tree's does: blank is blank, every
/// right answer right, a wrong one wrong.
#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver (.ci/run installs them)")]
fn a_game_positions_worksheet_and_a_minimax_one_check_every_answer() {
    let b = support::browser::Browser::start();
    b.set_size(1366, 768);
    for (k, (exercise, analyse)) in [
        (
            &["--game", "tictactoe", "--position", "x.oxo.... x", "--depth", "2"][..],
            &["tictactoe", "--position", "x.oxo.... x", "--depth", "2", "--search", "alphabeta"][..],
        ),
        (&["--seed", "5", "--search", "minimax"], &[][..]),
    ]
    .into_iter()
    .enumerate()
    {
        let dir = support::Scratch::new(&format!("exercise-sealed-{k}"));
        let out = gametree(&[&["exercise", "--out", dir.to_str().unwrap()], exercise].concat());
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let doc = if analyse.is_empty() {
            let key: Value = serde_json::from_slice(&fs::read(dir.join("answers.json")).unwrap()).unwrap();
            let tree = key["tree"].as_str().unwrap();
            support::written::analysed(&dir, &["tree", "--position", tree, "--search", "minimax"]).0
        } else {
            support::written::analysed(&dir, analyse).0
        };
        let windowed = doc["search"] == "alphabeta";
        let nodes = doc["nodes"].as_array().unwrap();
        let inner: Vec<&Value> =
            nodes.iter().filter(|n| !n["children"].as_array().unwrap().is_empty()).collect();
        b.open(&format!("file://{}", dir.join("practice.html").display()));
        assert_eq!(b.run("return document.body.dataset.mode"), "practice", "{exercise:?}");
        b.click("#check");
        let score = b.text("#practice-score");
        let blank = inner.len();
        assert!(
            score.starts_with(&format!("0 of {blank} right: values 0 right, 0 wrong, {blank} blank")),
            "{exercise:?}: {score}"
        );
        assert_eq!(b.count(".node.wrong") + b.count(".node.right") + b.count("#edges g[class*='c-']"), 0);
        let end = |v: &Value| v.as_str().map_or_else(|| v.to_string(), |s| s.replace('∞', "inf"));
        let mut asked = 0;
        for n in inner.iter().filter(|n| n["pruned"] == false) {
            let sign = match n["bound"].as_str().unwrap() {
                "lower" => ">=",
                "upper" => "<=",
                _ => "",
            };
            let id = &n["id"];
            b.type_into(&format!("input[data-guess='{id}']"), &format!("{sign}{}", n["value"]));
            if windowed {
                b.type_into(&format!("input[data-alpha='{id}']"), &end(&n["alpha"]));
                b.type_into(&format!("input[data-beta='{id}']"), &end(&n["beta"]));
            }
            asked += 1;
        }
        let mut cuts = 0;
        for n in nodes.iter().filter(|n| {
            n["pruned"] == true && nodes[n["parent"].as_u64().unwrap() as usize]["pruned"] == false
        }) {
            b.type_into("#find", &format!("{}\n", n["id"]));
            b.press("x");
            cuts += 1;
        }
        assert_eq!(cuts > 0, windowed, "{exercise:?}");
        b.click("#check");
        let total = asked + cuts;
        let score = b.text("#practice-score");
        assert!(
            score.starts_with(&format!("{total} of {total} right: values {asked} right, 0 wrong, 0 blank")),
            "{exercise:?}: {score}"
        );
        if let (Ok(shots), 0) = (std::env::var("GAMETREE_SHOTS"), k) {
            b.screenshot(&std::path::Path::new(&shots).join("worksheet-board-right.png"));
        }
        // The root's value one off: wrong.
        let root = doc["nodes"][0]["value"].as_i64().unwrap();
        b.type_into("input[data-guess='0']", &(root - 1).to_string());
        b.click("#check");
        assert!(
            b.text("#practice-score").contains(&format!("values {} right, 1 wrong", asked - 1)),
            "{exercise:?}"
        );
        assert_eq!(
            b.run("return document.querySelector('.node[data-id=\"0\"]').classList.contains('wrong')"),
            true
        );
        assert_eq!(b.console_errors(), Vec::<String>::new());
    }
}
