//! `gametree explore FILE --html PAGE`: a saved analysis (the JSON `analyse
//! --json` wrote) opened again in the explorer, the same page `analyse
//! --html` wrote; and every kind of bad file refused in one line naming it.

use crate::support;

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_gametree");
const WORKED: &str = "......../......../......../......../......../B.w...../.w....../..b..... b";

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

/// `analyse ARGS --json --html` into `dir`, then `explore` of the JSON: both pages.
fn round_trip(dir: &Path, args: &[&str]) -> (Vec<u8>, Vec<u8>) {
    let (json, first, again) = (dir.join("tree.json"), dir.join("analyse.html"), dir.join("explore.html"));
    let out = Command::new(BIN)
        .arg("analyse")
        .args(args)
        .arg("--json")
        .arg(&json)
        .arg("--html")
        .arg(&first)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let out = Command::new(BIN).arg("explore").arg(&json).arg("--html").arg(&again).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    (fs::read(&first).unwrap(), fs::read(&again).unwrap())
}

#[test]
fn a_saved_analysis_opens_as_the_page_analyse_wrote() {
    let dir = support::Scratch::new("explore-round-trip");
    for args in [
        &["checkers", "--position", WORKED][..],
        &["checkers", "--position", WORKED, "--search", "alphabeta", "--no-prune-on-ties"],
        &[
            "tictactoe",
            "--position",
            "xo.x.o... x",
            "--depth",
            "4",
            "--search",
            "alphabeta",
            "--compare-orders",
        ],
        &["gomoku", "--depth", "2"],
        &["niujiao", "--depth", "4"],
        &["tree"],
    ] {
        let (first, again) = round_trip(&dir, args);
        // The page holds the census (the Positions view) and the search's steps.
        let text = String::from_utf8_lossy(&first);
        assert!(text.contains("id=\"addon-positions\"") && text.contains("\"census\""), "{args:?}");
        assert!(first == again, "{args:?}: explore's page differs from analyse's");
    }
}

/// A saved `--search deepening` opens with its iterations: the same page as
/// `analyse` wrote but for the iterations' times, measured again.
#[test]
fn a_saved_deepening_opens_with_its_iterations() {
    let dir = support::Scratch::new("explore-deepening");
    for args in [
        &["tictactoe", "--position", "x...o.... x", "--depth", "5", "--search", "deepening"][..],
        &["tree", "--search", "deepening", "--no-prune-on-ties", "--compare-orders"],
    ] {
        let (first, again) = round_trip(&dir, args);
        let text = String::from_utf8_lossy(&again);
        assert!(text.contains("id=\"addon-deepening\"") && text.contains("\"iterations\""), "{args:?}");
        assert!(without_times(&first).1 > 0, "{args:?}: the page holds the iterations' times");
        assert_eq!(
            without_times(&first),
            without_times(&again),
            "{args:?}: explore's page differs from analyse's"
        );
    }
}

/// A page with every `"time_ms":N` written as `"time_ms":_`, and how many there were.
fn without_times(page: &[u8]) -> (String, usize) {
    let text = String::from_utf8_lossy(page);
    let mut out = String::with_capacity(text.len());
    let mut rest = &text[..];
    let mut n = 0;
    while let Some(at) = rest.find("\"time_ms\":") {
        let (head, tail) = rest.split_at(at + "\"time_ms\":".len());
        out.push_str(head);
        out.push('_');
        let end = tail
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == 'e' || c == '-'))
            .unwrap_or(tail.len());
        rest = &tail[end..];
        n += 1;
    }
    out.push_str(rest);
    (out, n)
}

/// `explore FILE` refused: status 2, one line on stderr that names the file
/// and says `why`, and no page written.
fn refused(dir: &Path, file: &Path, why: &str, extra: &[&str]) {
    let page = dir.join("refused.html");
    let out =
        Command::new(BIN).arg("explore").arg(file).arg("--html").arg(&page).args(extra).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{}: {err}", file.display());
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains(&file.display().to_string()), "names the file: {err}");
    assert!(err.contains(why), "says {why:?}: {err}");
    assert!(!err.contains("panicked"));
    assert!(!page.exists(), "no page for a refused file");
}

#[test]
fn a_bad_file_is_refused_in_one_line_that_names_it() {
    let dir = support::Scratch::new("explore-refusals");
    let json = dir.join("tree.json");
    let out = run(&["analyse", "tictactoe", "--depth", "3", "--json", json.to_str().unwrap()]);
    assert!(out.status.success());
    let good = fs::read_to_string(&json).unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        fs::write(&p, text).unwrap();
        p
    };
    refused(&dir, &dir.join("missing.json"), "cannot read", &[]);
    refused(&dir, &write("text.json", "position: ......... x\n"), "not a saved analysis", &[]);
    refused(&dir, &write("cut.json", &good[..good.len() / 2]), "not a saved analysis", &[]);
    refused(
        &dir,
        &write("schema.json", &good.replacen("\"schema_version\": 1", "\"schema_version\": 7", 1)),
        "schema_version 7",
        &[],
    );
    refused(
        &dir,
        &write("game.json", &good.replacen("\"game\": \"tictactoe\"", "\"game\": \"chess\"", 1)),
        "unknown game \"chess\"",
        &[],
    );
    // A value changed by hand: the node is named.
    let edited = good.replacen(
        "\"id\":5,\"parent\":0,\"depth\":1,\"action\":\"b2\"",
        "\"id\":5,\"parent\":0,\"depth\":1,\"action\":\"c3\"",
        1,
    );
    assert_ne!(edited, good);
    refused(&dir, &write("edited.json", &edited), "node 5", &[]);
    let mut doc: serde_json::Value = serde_json::from_str(&good).unwrap();
    doc["nodes"][40]["value"] = serde_json::json!(12345);
    refused(&dir, &write("value.json", &doc.to_string()), "node 40", &[]);
    let mut doc: serde_json::Value = serde_json::from_str(&good).unwrap();
    doc["census"]["total"]["positions"] = serde_json::json!(1);
    refused(&dir, &write("census.json", &doc.to_string()), "census", &[]);
    let mut doc: serde_json::Value = serde_json::from_str(&good).unwrap();
    doc["census"]["total"]["games_up_to_symmetry"] = serde_json::json!(1);
    refused(&dir, &write("games.json", &doc.to_string()), "census", &[]);
    // A file from before games up to symmetry were counted has none of them, and opens.
    let mut doc: serde_json::Value = serde_json::from_str(&good).unwrap();
    let census = doc["census"].as_object_mut().unwrap();
    let mut counts: Vec<&mut serde_json::Value> = vec![];
    for (k, v) in census.iter_mut() {
        match k.as_str() {
            "total" => counts.push(v),
            _ => counts.extend(v.as_array_mut().unwrap().iter_mut()),
        }
    }
    for c in counts {
        assert!(c.as_object_mut().unwrap().remove("games_up_to_symmetry").is_some(), "{c}");
    }
    let older = write("older.json", &doc.to_string());
    let out = Command::new(BIN)
        .arg("explore")
        .arg(&older)
        .arg("--html")
        .arg(dir.join("older.html"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // Saved with a setting that explore was not given, and one it was given wrongly.
    let gomoku = dir.join("gomoku.json");
    assert!(
        run(&["analyse", "gomoku", "--depth", "2", "--radius", "2", "--json", gomoku.to_str().unwrap()])
            .status
            .success()
    );
    refused(&dir, &gomoku, "other settings", &[]);
    let out = Command::new(BIN)
        .arg("explore")
        .arg(&gomoku)
        .args(["--radius", "2", "--html", dir.join("gomoku.html").to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // An MCTS search grows a tree of its own.
    let mcts = dir.join("mcts.json");
    assert!(
        run(&[
            "analyse",
            "tictactoe",
            "--search",
            "mcts",
            "--iterations",
            "20",
            "--json",
            mcts.to_str().unwrap()
        ])
        .status
        .success()
    );
    refused(&dir, &mcts, "MCTS", &[]);
}

/// A saved analysis of the tree `(1 2)`, its position replaced by `position`.
fn saved_with_position(dir: &Path, position: &str) -> std::path::PathBuf {
    let json = dir.join("saved.json");
    let out = Command::new(BIN)
        .current_dir(dir)
        .args(["analyse", "tree", "--position", "(1 2)", "--json", json.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let mut doc: serde_json::Value = serde_json::from_slice(&fs::read(&json).unwrap()).unwrap();
    doc["position"] = serde_json::Value::String(position.to_string());
    fs::write(&json, serde_json::to_vec(&doc).unwrap()).unwrap();
    json
}

/// Status 2, and one line on stderr naming the saved file and its position.
fn refused_position(out: &Output, file: &Path) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(&format!("{}: position", file.display())), "{err}");
    assert!(err.contains("is text, never a file to read"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// `explore FILE --html PAGE` in `dir`, killed if it has not ended in 20 s
/// (a FIFO it opened would hold it forever).
fn explore(dir: &Path, file: &Path) -> Output {
    let mut child = Command::new(BIN)
        .current_dir(dir)
        .args(["explore", file.to_str().unwrap(), "--html", "page.html"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            let _ = child.wait();
            panic!("explore {} hung", file.display());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn a_position_inside_a_saved_analysis_is_text_never_a_file() {
    let dir = support::Scratch::new("explore-saved-at");
    // A tree file that gives exactly the saved tree: followed, it opened.
    fs::write(dir.join("t.txt"), "(1 2)").unwrap();
    // A private file: never opened, its bytes never echoed.
    fs::write(dir.join("secret"), "TOPSECRET first line\n").unwrap();
    for at in ["@t.txt", "@secret", " @t.txt"] {
        let saved = saved_with_position(&dir, at);
        let out = explore(&dir, &saved);
        refused_position(&out, &saved);
        assert!(!String::from_utf8_lossy(&out.stderr).contains("TOPSECRET"), "{at}");
        assert!(!dir.join("page.html").exists(), "{at}: a page was written");
    }
    // A FIFO (or stdin) would hold explore forever.
    let fifo = dir.join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let saved = saved_with_position(&dir, "@fifo");
    refused_position(&explore(&dir, &saved), &saved);
    let saved = saved_with_position(&dir, "@-");
    refused_position(&explore(&dir, &saved), &saved);
    // The saved text itself still opens.
    let saved = saved_with_position(&dir, "(1 2)");
    let out = explore(&dir, &saved);
    assert_eq!(out.status.code(), Some(0), "{}", support::text(&out.stderr));
}
