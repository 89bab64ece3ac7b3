//! `gametree exercise`: generated trees meet their constraints (checked here
//! with an alpha-beta of the test's own), the same seed writes the same bytes,
//! the LaTeX compiles with pdflatex, the PDFs read back with pdftotext, and
//! the SVG renders in Chromium.

use crate::support;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use gametree::exercise::generate::{Constraints, generate};
use gametree::game::prelude::*;
use gametree::games::checkers::Checkers;
use gametree::games::tictactoe::TicTacToe;
use gametree::search::alphabeta::Pruning;
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");
const FILES: [&str; 7] = [
    "worksheet.pdf",
    "answers.pdf",
    "worksheet.svg",
    "answers.svg",
    "exercise.tex",
    "answers.json",
    "practice.html",
];

fn gametree(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

fn temp_dir(tag: &str) -> crate::support::Scratch {
    crate::support::Scratch::new(&format!("exercise-{tag}"))
}

/// A tree read the test's own way (the generator writes only numbers,
/// parentheses, spaces and each node's name before a colon).
enum T {
    Leaf(i32),
    Inner(Vec<T>),
}

fn read(text: &str) -> T {
    let mut stack: Vec<Vec<T>> = vec![Vec::new()];
    for token in text.replace('(', " ( ").replace(')', " ) ").split_whitespace() {
        if token.ends_with(':') {
            continue;
        }
        match token.rsplit(':').next().unwrap() {
            "(" => stack.push(Vec::new()),
            ")" => {
                let children = stack.pop().unwrap();
                stack.last_mut().unwrap().push(T::Inner(children));
            }
            n => stack.last_mut().unwrap().push(T::Leaf(n.parse().unwrap())),
        }
    }
    stack.pop().unwrap().pop().unwrap()
}

/// Fail-soft alpha-beta; counts nodes that skip children, and those whose
/// skipped children include an inner node.
fn cuts(t: &T, mut alpha: i32, mut beta: i32, max: bool, ties: bool, counts: &mut (u32, u32)) -> i32 {
    let T::Inner(children) = t else {
        let T::Leaf(v) = t else { unreachable!() };
        return *v;
    };
    let mut v = if max { i32::MIN } else { i32::MAX };
    for (i, c) in children.iter().enumerate() {
        let cv = cuts(c, alpha, beta, !max, ties, counts);
        let stop = if max {
            v = v.max(cv);
            let s = if ties { v >= beta } else { v > beta };
            alpha = alpha.max(v);
            s
        } else {
            v = v.min(cv);
            let s = if ties { v <= alpha } else { v < alpha };
            beta = beta.min(v);
            s
        };
        if stop {
            if i + 1 < children.len() {
                counts.0 += 1;
                counts.1 += u32::from(children[i + 1..].iter().any(|c| matches!(c, T::Inner(_))));
            }
            break;
        }
    }
    v
}

fn shape(t: &T, depth: u8, c: &Constraints) {
    match t {
        T::Leaf(v) => {
            assert_eq!(depth, c.depth, "every leaf is at the depth asked for");
            assert!((c.leaves.0..=c.leaves.1).contains(v));
        }
        T::Inner(children) => {
            let n = children.len() as u64;
            assert!((c.branching.0..=c.branching.1).contains(&n), "{n} children");
            for ch in children {
                shape(ch, depth + 1, c);
            }
        }
    }
}

#[test]
fn a_thousand_seeds_meet_their_constraints() {
    let asks = [
        Constraints::default(),
        Constraints {
            cutoffs: 3,
            cut_above_leaves: true,
            depth: 4,
            leaves: (-9, 9),
            ..Constraints::default()
        },
        Constraints { rule: Pruning::PastBound, branching: (3, 3), leaves: (1, 5), ..Constraints::default() },
    ];
    for c in asks {
        let mut found = 0;
        for seed in 0..1000 {
            match generate(seed, &c, true) {
                Ok(text) => {
                    let t = read(&text);
                    shape(&t, 0, &c);
                    let mut counts = (0, 0);
                    cuts(&t, i32::MIN, i32::MAX, true, c.rule == Pruning::OnTies, &mut counts);
                    assert!(counts.0 >= c.cutoffs, "seed {seed}: {text} has {} cut-offs", counts.0);
                    assert!(!c.cut_above_leaves || counts.1 > 0, "seed {seed}: {text}");
                    found += 1;
                }
                Err(e) => assert!(
                    !e.to_string().contains('\n') && e.to_string().starts_with("no tree of depth"),
                    "{e}"
                ),
            }
        }
        assert!(found >= 990, "{found} of 1,000 seeds met {c:?}");
    }
}

#[test]
fn constraints_that_cannot_be_met_are_said_in_one_line() {
    let dir = temp_dir("impossible");
    let out = gametree(&[
        "exercise",
        "--seed",
        "1",
        "--out",
        dir.to_str().unwrap(),
        "--depth",
        "1",
        "--cutoffs",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no tree of depth 1 with 1 cut-off(s) found in 10000 tries"), "{err}");
    assert!(fs::read_dir(&dir).unwrap().next().is_none(), "nothing written");
}

#[test]
fn the_same_seed_writes_the_same_bytes_and_count_numbers_the_exercises() {
    let (a, b) = (temp_dir("same-a"), temp_dir("same-b"));
    support::written::exercise_into(&a, &["--cut-above-leaves"]);
    support::written::exercise_into(&b, &["--cut-above-leaves"]);
    for f in FILES {
        assert_eq!(fs::read(a.join(f)).unwrap(), fs::read(b.join(f)).unwrap(), "{f}");
    }
    let answers: Value = serde_json::from_slice(&fs::read(a.join("answers.json")).unwrap()).unwrap();
    assert_eq!(answers["pruning"], "prune-on-ties");
    assert!(!answers["pruned"].as_array().unwrap().is_empty());
    assert_eq!(
        (&answers["visits"][0]["alpha"], &answers["visits"][0]["beta"]),
        (&Value::from("-∞"), &Value::from("+∞"))
    );
    let c = temp_dir("count");
    support::written::exercise_into(&c, &["--count", "3", "--paper", "letter"]);
    for n in 1..=3 {
        for f in FILES {
            assert!(c.join(format!("exercise-0{n}")).join(f).is_file(), "{n} {f}");
        }
    }
    // Letter, turned for seed 7's wide tree.
    assert!(
        String::from_utf8_lossy(&fs::read(c.join("exercise-01/worksheet.pdf")).unwrap()).contains("792 612")
    );
    // A game position instead of a random tree.
    let g = temp_dir("game");
    support::written::exercise_into(
        &g,
        &["--game", "tictactoe", "--position", "x.oxo.... x", "--depth", "2"],
    );
    let answers: Value = serde_json::from_slice(&fs::read(g.join("answers.json")).unwrap()).unwrap();
    // (x wins at once with a3: that child is a leaf.)
    assert_eq!(answers["nodes"].as_array().unwrap().len(), 1 + 5 + 4 * 4);
    assert_eq!(answers["nodes"][1]["action"], "b1");
    assert!(
        !answers["pruned"].as_array().unwrap().is_empty(),
        "a real position's exercise has something to prune"
    );
}

#[test]
fn a_failed_write_leaves_the_folder_as_it_was_and_no_temporaries() {
    // The set is written into a folder beside --out and exchanged with it
    // only when whole: a folder in the way of answers.json refuses the set
    // before any of it is seen (tests/sweep/outputs.rs has the full disk).
    let bad = temp_dir("whole-bad");
    fs::create_dir(bad.join("answers.json")).unwrap();
    let out = gametree(&["exercise", "--seed", "7", "--out", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(4), "{}", String::from_utf8_lossy(&out.stderr));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("answers.json") && err.lines().count() == 1, "{err}");
    let names: Vec<String> =
        fs::read_dir(&bad).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    assert_eq!(names, ["answers.json"], "nothing of the set is written");
    let ours = format!(".{}.", bad.file_name().unwrap().to_str().unwrap());
    let beside: Vec<String> = fs::read_dir(bad.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with(&ours))
        .collect();
    assert!(beside.is_empty(), "no temporary left: {beside:?}");
}

fn have(tool: &str) -> bool {
    Command::new(tool).arg("-v").output().is_ok()
}

#[test]
#[cfg_attr(
    not(has_pdflatex),
    ignore = "needs pdflatex with TikZ (texlive-latex-base, texlive-latex-extra, texlive-pictures; .ci/run installs them)"
)]
fn the_latex_compiles_with_pdflatex() {
    assert!(have("pdflatex"), "pdflatex is not installed");
    let dir = temp_dir("latex");
    support::written::exercise_into(&dir, &["--cut-above-leaves", "--depth", "4", "--branching", "2..2"]);
    let out = Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", "exercise.tex"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    let text = Command::new("pdftotext").args(["exercise.pdf", "-"]).current_dir(&dir).output().unwrap();
    assert!(String::from_utf8_lossy(&text.stdout).contains("answer key"));
}

/// The whole-number words of a PDF's text.
fn numbers(pdf: &Path) -> Vec<i64> {
    let out = Command::new("pdftotext").arg(pdf).arg("-").output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .split(|c: char| !(c.is_ascii_digit() || c == '-'))
        .filter_map(|w| w.parse().ok())
        .collect()
}

#[test]
#[cfg_attr(not(has_pdftotext), ignore = "needs pdftotext (poppler-utils; .ci/run installs it)")]
fn the_key_has_the_values_the_worksheet_leaves_out() {
    assert!(have("pdftotext"), "pdftotext is not installed");
    let dir = temp_dir("pdf");
    support::written::exercise_into(&dir, &["--leaves", "100..199"]);
    let answers: Value = serde_json::from_slice(&fs::read(dir.join("answers.json")).unwrap()).unwrap();
    let nodes = answers["nodes"].as_array().unwrap();
    let leaves: Vec<i64> =
        nodes.iter().filter(|n| n["leaf"] == true).map(|n| n["value"].as_i64().unwrap_or(-1)).collect();
    // Values are 100 or more; actions (1, 2, 3) and the title's number less.
    let big = |pdf: &str| numbers(&dir.join(pdf)).into_iter().filter(|&n| n >= 100).collect::<Vec<_>>();
    let sheet = big("worksheet.pdf");
    assert_eq!(sheet.len(), leaves.len(), "the worksheet gives the leaves and nothing else");
    let key = big("answers.pdf");
    for n in nodes.iter().filter(|n| n["leaf"] == false && n["pruned"] == false) {
        let v = n["value"].as_i64().unwrap();
        let in_key = key.iter().filter(|&&k| k == v).count();
        let in_sheet = sheet.iter().filter(|&&k| k == v).count();
        assert!(in_key > in_sheet, "the backed-up {v} is in the key and not (as often) on the worksheet");
    }
    let text = Command::new("pdftotext").arg(dir.join("answers.pdf")).arg("-").output().unwrap();
    assert!(String::from_utf8_lossy(&text.stdout).contains("alpha="));
}

/// A word pdftotext finds on a PDF's page: its box in points from the top
/// left, and its text.
struct Word {
    x: (f64, f64),
    y: (f64, f64),
    text: String,
}

/// Each page of a PDF: its width and height, and its words, from poppler's
/// `pdftotext -bbox-layout`.
fn pages(pdf: &Path) -> Vec<((f64, f64), Vec<Word>)> {
    let out = Command::new("pdftotext").arg("-bbox-layout").arg(pdf).arg("-").output().unwrap();
    assert!(out.status.success(), "pdftotext {}", pdf.display());
    let html = String::from_utf8(out.stdout).unwrap();
    let attr = |tag: &str, name: &str| -> f64 {
        let from = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        tag[from..from + tag[from..].find('"').unwrap()].parse().unwrap()
    };
    html.split("<page ")
        .skip(1)
        .map(|page| {
            let size = (attr(page, "width"), attr(page, "height"));
            let words = page
                .split("<word ")
                .skip(1)
                .map(|w| {
                    let text = w[w.find('>').unwrap() + 1..w.find("</word>").unwrap()].to_string();
                    Word {
                        x: (attr(w, "xMin"), attr(w, "xMax")),
                        y: (attr(w, "yMin"), attr(w, "yMax")),
                        text,
                    }
                })
                .collect();
            (size, words)
        })
        .collect()
}

/// The one page of a sheet's own PDF.
fn words(pdf: &Path) -> ((f64, f64), Vec<Word>) {
    pages(pdf).remove(0)
}

/// A word's type size in points, from its box's height: poppler makes a box
/// as high as its font's ascent plus descent, which for Helvetica (our PDF's
/// base-14 font, and LaTeX's helvet) is 0.925 of the size, and for Computer
/// Modern's math italic (the LaTeX sheet's alpha and beta) 0.885.
fn type_size(w: &Word) -> f64 {
    let ratio = if w.text.contains(['α', 'β']) { 0.885 } else { 0.925 };
    (w.y.1 - w.y.0) / ratio
}

/// Every page of `pdf` prints at least five words, none under 8 pt and none
/// over another; the least size is printed.
fn assert_legible(what: &str, pdf: &Path) {
    for (n, (_, words)) in pages(pdf).iter().enumerate() {
        assert!(words.len() > 5, "{what} page {}: {} words", n + 1, words.len());
        let least = words.iter().map(type_size).fold(f64::INFINITY, f64::min);
        eprintln!("{what} page {}: {} words, the least at {least:.2} pt", n + 1, words.len());
        // (A hundredth off: the box's corners are rounded to 0.001 point.)
        assert!(least >= 7.99, "{what} page {}: a word at {least:.2} pt", n + 1);
        for (i, a) in words.iter().enumerate() {
            for b in &words[i + 1..] {
                // Shrunk by half a point: neighbours on a line touch.
                let hit =
                    a.x.0 + 0.5 < b.x.1 && b.x.0 + 0.5 < a.x.1 && a.y.0 + 0.5 < b.y.1 && b.y.0 + 0.5 < a.y.1;
                assert!(
                    !hit,
                    "{what} page {}: {:?} at {:?} {:?} over {:?} at {:?} {:?}",
                    n + 1,
                    a.text,
                    a.x,
                    a.y,
                    b.text,
                    b.x,
                    b.y
                );
            }
        }
    }
}

#[test]
#[cfg_attr(not(has_pdftotext), ignore = "needs pdftotext (poppler-utils; .ci/run installs it)")]
fn the_tree_fills_the_page_in_type_a_class_can_read() {
    assert!(have("pdftotext"), "pdftotext is not installed");
    let dir = temp_dir("page");
    // Seed 7's default tree has 27 leaves: wider than tall, so on A4 turned.
    support::written::exercise_into(&dir, &[]);
    for pdf in ["worksheet.pdf", "answers.pdf"] {
        let ((width, height), words) = words(&dir.join(pdf));
        assert_eq!((width, height), (842.0, 595.0), "{pdf}: A4 landscape");
        // Helvetica's box is 0.925 of its size: every word is 9 pt or more.
        for w in &words {
            assert!(w.y.1 - w.y.0 >= 0.925 * 9.0 - 0.01, "{pdf}: {:?} is under 9 pt", w.text);
        }
        // The tree (the words below the question) runs across the page and down it.
        let question_end =
            words.iter().filter(|w| w.text.ends_with("prunes.")).map(|w| w.y.1).fold(0.0, f64::max);
        let tree: Vec<&Word> = words.iter().filter(|w| w.y.0 > question_end).collect();
        let across =
            tree.iter().map(|w| w.x.1).fold(0.0, f64::max) - tree.iter().map(|w| w.x.0).fold(width, f64::min);
        let down = tree.iter().map(|w| w.y.1).fold(0.0, f64::max) - question_end;
        assert!(across > 0.8 * width, "{pdf}: the tree spans {across:.0} of {width} points across");
        assert!(down > 0.7 * height, "{pdf}: the tree spans {down:.0} of {height} points down");
    }
}

#[test]
fn a_game_positions_exercise_honours_cutoffs_or_refuses_for_every_game() {
    // The documented position of the old docs pruned nothing at depth 2: refused
    // with its reason, not written as an alpha-beta exercise with nothing to cut.
    let dir = temp_dir("cutoffs");
    let run = |args: &[&str]| {
        let mut all = vec!["exercise", "--out", dir.to_str().unwrap()];
        all.extend_from_slice(args);
        gametree(&all)
    };
    let none = run(&["--game", "tictactoe", "--position", "x.o.x.... o", "--depth", "2"]);
    assert_eq!(none.status.code(), Some(2));
    let err = String::from_utf8_lossy(&none.stderr);
    assert!(err.contains("has 0 cut-off(s)") && err.lines().count() == 1, "{err}");
    // Every game: a count of cut-offs no small tree has is refused with status 2.
    for game in ["checkers", "tictactoe", "niujiao", "ataxx", "gomoku", "tree"] {
        let mut args = vec!["--game", game, "--depth", "1", "--cutoffs", "500"];
        if game == "tree" {
            args.extend_from_slice(&["--position", "((3 12 8) (2 4 6) (14 5 2))"]);
        }
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{game}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(String::from_utf8_lossy(&out.stderr).contains("--cutoffs asks for 500"), "{game}");
    }
    // Honoured where the tree has them: AIMA's one cut-off meets --cutoffs 1, not 2.
    let aima = ["--game", "tree", "--position", "((3 12 8) (2 4 6) (14 5 2))", "--depth", "2"];
    assert_eq!(run(&[&aima[..], &["--cutoffs", "1"]].concat()).status.code(), Some(0));
    assert_eq!(run(&[&aima[..], &["--cutoffs", "2"]].concat()).status.code(), Some(2));
    // A tree too wide to print legibly is refused, never printed at 2 pt.
    let wide = run(&["--game", "tictactoe", "--position", "x.o.x.... o", "--depth", "3"]);
    assert_eq!(wide.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&wide.stderr).contains("under 8 pt"),
        "{}",
        String::from_utf8_lossy(&wide.stderr)
    );
}

#[test]
#[cfg_attr(not(has_pdftotext), ignore = "needs pdftotext (poppler-utils; .ci/run installs it)")]
fn no_sheet_prints_a_label_under_8_pt_or_over_another() {
    for args in LEGIBLE {
        let dir = legible_sheet("legible-pdf", args);
        for pdf in ["worksheet.pdf", "answers.pdf"] {
            assert_legible(&format!("{args:?} {pdf}"), &dir.join(pdf));
        }
    }
}

#[test]
#[cfg_attr(
    not(all(has_pdflatex, has_pdftotext)),
    ignore = "needs pdflatex with TikZ (texlive-latex-base, texlive-latex-extra, texlive-pictures) and pdftotext (poppler-utils; .ci/run installs them)"
)]
fn no_latex_sheet_prints_a_label_under_8_pt_or_over_another() {
    assert!(have("pdflatex"), "pdflatex is not installed");
    for args in LEGIBLE {
        let dir = legible_sheet("legible-tex", args);
        let out = Command::new("pdflatex")
            .args(["-interaction=nonstopmode", "-halt-on-error", "exercise.tex"])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stdout));
        let pdf = dir.join("exercise.pdf");
        assert_eq!(pages(&pdf).len(), 2, "{args:?}: the worksheet and the key");
        assert_legible(&format!("{args:?} exercise.pdf"), &pdf);
    }
}

#[test]
#[cfg_attr(not(has_pdftotext), ignore = "needs pdftotext (poppler-utils; .ci/run installs it)")]
fn the_key_writes_a_bound_as_a_bound_as_the_explorer_does() {
    // AIMA's Figure 5.2: C stops after c1 = 2, at most 2 (the explorer's "≤ 2");
    // D sees 14, 5 and 2, exactly 2.
    let dir = temp_dir("bounds");
    let aima = "A:(B:(b1:3 b2:12 b3:8) C:(c1:2 c2:4 c3:6) D:(d1:14 d2:5 d3:2))";
    let out = gametree(&[
        "exercise",
        "--game",
        "tree",
        "--position",
        aima,
        "--depth",
        "2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let svg = fs::read_to_string(dir.join("answers.svg")).unwrap();
    assert_eq!(svg.matches(">≤2<").count(), 1, "C's bound in the SVG key");
    assert!(!svg.contains(">≥"), "no lower bound in this tree");
    let text = |pdf: &str| {
        let out = Command::new("pdftotext").arg(dir.join(pdf)).arg("-").output().unwrap();
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let key = text("answers.pdf");
    assert_eq!(key.matches("<=2").count(), 1, "C's bound in the PDF key:\n{key}");
    assert!(!text("worksheet.pdf").contains("<="), "the worksheet gives no answer");
    let answers: Value = serde_json::from_slice(&fs::read(dir.join("answers.json")).unwrap()).unwrap();
    assert_eq!(answers["value"], 3);
}

/// A sheet of each game's real position (checkers, tic-tac-toe, niujiao,
/// ataxx, gomoku: the board drawn beside the tree), textbook trees, and random
/// trees from the smallest to the deepest the CLI prints.
const LEGIBLE: [&[&str]; 11] = [
    &["--seed", "42"],
    &["--seed", "1", "--depth", "3", "--branching", "3..3"],
    &["--seed", "1", "--depth", "5", "--branching", "2..2"],
    &["--seed", "2", "--depth", "8", "--branching", "1..2"],
    &["--game", "tictactoe", "--position", "x.oxo.... x", "--depth", "2"],
    &["--game", "checkers", "--position", WORKED, "--depth", "2"],
    &["--game", "niujiao", "--depth", "3"],
    &[
        "--game",
        "ataxx",
        "--position",
        "ooooooo/ooooooo/ooooooo/ooooooo/ooooooo/1oooooo/x1ooooo x",
        "--depth",
        "2",
    ],
    &["--game", "gomoku", "--position", GOMOKU, "--depth", "2"],
    &["--game", "tree", "--position", "@fixtures/textbook/wikipedia-alpha-beta.txt", "--depth", "4"],
    &[
        "--game",
        "tree",
        "--position",
        "A:(B:(b1:3 b2:12 b3:8) C:(c1:2 c2:4 c3:6) D:(d1:14 d2:5 d3:2))",
        "--depth",
        "2",
    ],
];

/// A full gomoku board with no five in a row and three cells left in the middle.
const GOMOKU: &str = "xxooxxooxxooxxo/ooxxooxxooxxoox/xxooxxooxxooxxo/ooxxooxxooxxoox/xxooxxooxxooxxo/ooxxooxxooxxoox/xxooxxooxxooxxo/ooxxo3ooxxoox/xxooxxooxxooxxo/ooxxooxxooxxoox/xxooxxooxxooxxo/ooxxooxxooxxoox/xxooxxooxxooxxo/ooxxooxxooxxoox/xxooxxooxxooxxo x";

/// The folder (its name tagged `tag`) of the exercise `args` asks for,
/// written by the CLI.
fn legible_sheet(tag: &str, args: &[&str]) -> crate::support::Scratch {
    let dir = temp_dir(tag);
    let mut all = vec!["exercise", "--out", dir.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = Command::new(BIN).args(&all).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    dir
}

/// The course's worked example: a black tower, two white pieces and a black piece.
const WORKED: &str = "......../......../......../......../......../B.w...../.w....../..b..... b";

/// The sheets of a game's position `position` show its board: a unit drawn for
/// each the game's rules put on it, and its coordinates, in the top left
/// corner beside the title, above the tree.
fn the_board_on_the_sheets<G: Game>(game: &G, name: &str, position: &str, coords: &[&str]) {
    let dir = temp_dir(&format!("board-{name}"));
    let out = gametree(&[
        "exercise",
        "--game",
        name,
        "--position",
        position,
        "--depth",
        "2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let pos = game.parse_position(position).unwrap();
    let units = game.cells(&pos).chars().filter(|&c| c != '.').count();
    assert!(units > 0);
    for file in ["worksheet.svg", "answers.svg"] {
        let svg = fs::read_to_string(dir.join(file)).unwrap();
        assert_eq!(svg.matches("<circle").count(), units, "{name} {file}: a circle for each unit");
    }
    let tex = fs::read_to_string(dir.join("exercise.tex")).unwrap();
    assert_eq!(tex.matches(" circle[radius=").count(), 2 * units, "{name}: the board on both LaTeX pages");
    for pdf in ["worksheet.pdf", "answers.pdf"] {
        let (_, words) = words(&dir.join(pdf));
        let title = words.iter().find(|w| w.text == "Exercise:").expect("the title");
        let leaf = words.iter().map(|w| w.y.0).fold(0.0, f64::max);
        for c in coords {
            let w = words.iter().find(|w| w.text == *c).unwrap_or_else(|| panic!("{name} {pdf}: no {c}"));
            assert!(
                w.x.1 < title.x.0,
                "{name} {pdf}: {c} at {:?} is not left of the title at {:?}",
                w.x,
                title.x
            );
            assert!(w.y.1 < leaf, "{name} {pdf}: {c} below the tree");
        }
    }
}

#[test]
#[cfg_attr(not(has_pdftotext), ignore = "needs pdftotext (poppler-utils; .ci/run installs it)")]
fn a_real_positions_sheet_shows_its_board() {
    the_board_on_the_sheets(&TicTacToe, "tictactoe", "x.oxo.... x", &["a", "b", "c", "1", "2", "3"]);
    the_board_on_the_sheets(&Checkers, "checkers", WORKED, &["A", "E", "H", "1", "8"]);
    // A textbook tree has no board: no circle on its sheet.
    let dir = temp_dir("board-tree");
    let out = gametree(&[
        "exercise",
        "--game",
        "tree",
        "--position",
        "((3 12 8) (2 4 6))",
        "--depth",
        "2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(fs::read_to_string(dir.join("worksheet.svg")).unwrap().matches("<circle").count(), 0);
}

/// The text of the `<script>` element `id` in a page.
fn script_text<'a>(html: &'a str, id: &str) -> &'a str {
    html.split(&format!("id=\"{id}\">")).nth(1).unwrap().split("</script>").next().unwrap()
}

/// A student's practice page holds no answer (issue 49.4): its summary has
/// no decision, value, line or pruned count, it carries no step of the search,
/// and its node data (decoded here as the page decodes it, data.js) gives
/// inner nodes neither value nor static cost, no node a window, a bound or
/// the pruned mark. Each question's tag is of the right answer (seal.rs).
#[test]
fn a_students_practice_page_holds_no_answer_in_its_source() {
    use base64::Engine;
    use gametree::export::seal;
    for (k, args) in [
        &["--seed", "3"][..],
        &["--seed", "4", "--leaves", "100..199", "--no-prune-on-ties"],
        &["--seed", "5", "--search", "minimax"],
        &["--game", "tictactoe", "--position", "x.oxo.... x", "--depth", "2", "--cutoffs", "0"],
    ]
    .iter()
    .enumerate()
    {
        let dir = temp_dir(&format!("sealed-{k}"));
        let out = gametree(&[&["exercise", "--out", dir.to_str().unwrap()], *args].concat());
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        let html = fs::read_to_string(dir.join("practice.html")).unwrap();
        let key: Value = serde_json::from_slice(&fs::read(dir.join("answers.json")).unwrap()).unwrap();
        let header: Value = serde_json::from_str(script_text(&html, "tree-header")).unwrap();
        let summary = header["summary"].as_object().unwrap();
        for answer in ["decision", "value", "pruned"] {
            assert!(!summary.contains_key(answer), "{args:?}: the summary gives its {answer}");
        }
        assert_eq!(summary["line"], serde_json::json!([]), "{args:?}");
        assert_eq!(script_text(&html, "tree-events"), "", "{args:?}: the page carries the search's steps");
        // The node columns, as data.js reads them.
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(script_text(&html, "tree-nodes").trim())
            .unwrap();
        let n = header["embedded"].as_u64().unwrap() as usize;
        let nodes = key["nodes"].as_array().unwrap();
        assert_eq!(n, nodes.len(), "{args:?}");
        let i32_at = |at: usize| i32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        let flags = &bytes[4 * n..5 * n];
        let leaf: Vec<bool> = flags.iter().map(|f| f & 4 != 0).collect();
        let inner = leaf.iter().filter(|&&l| !l).count();
        assert_eq!(inner, nodes.iter().filter(|n| n["leaf"] == false).count(), "{args:?}");
        assert!(flags.iter().all(|f| f & !(1 | 4) == 0), "{args:?}: a pruned, bound or cut-off flag");
        let cost = |i: usize| i32_at(5 * n + 4 * i);
        assert!((0..n).filter(|&i| !leaf[i]).all(|i| cost(i) == 0), "{args:?}: an inner node's cost");
        let values = 9 * n;
        assert!((0..inner).all(|i| i32_at(values + 4 * i) == 0), "{args:?}: an inner node's value");
        if header["windows"] == true {
            let windows = values + 4 * inner;
            assert!(bytes[windows..windows + 9 * n].iter().all(|&b| b == 0), "{args:?}: a window");
        }
        // The root's tag is its value's, under the page's salt.
        let salt = header["sealed"]["salt"].as_str().unwrap();
        let tags = base64::engine::general_purpose::STANDARD
            .decode(header["sealed"]["tags"].as_str().unwrap())
            .unwrap();
        assert_eq!(tags.len(), n * 5 * seal::TAG, "{args:?}");
        let root = key["value"].as_i64().unwrap();
        let tag = |v: i64| seal::sha256(format!("{salt}|v|0|{v}").as_bytes())[..seal::TAG].to_vec();
        assert_eq!(tags[..seal::TAG], tag(root)[..], "{args:?}: the root's tag");
        assert_ne!(tags[..seal::TAG], tag(root + 1)[..], "{args:?}");
    }
}
