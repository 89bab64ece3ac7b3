//! The front doors are wiring (issue 48): a sentence a user reads is written
//! once, in the library's request layer, and each door only spells the
//! options in it its own way. This reads the doors' sources as text and
//! fails on a user-facing string literal written in two of them.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The doors: the command line, the page's engine and the Python module
/// (its Rust and its Python).
const DOORS: &[(&str, &str)] = &[("cli", "src/cli"), ("web", "src/web"), ("python", "python")];

/// Every source file under `dir` whose text a user may read.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        // Tests and build products say nothing to a user.
        if path.is_dir() {
            if !matches!(name.as_str(), "tests" | "target" | "build" | "page" | "__pycache__" | "bench") {
                sources(&path, out);
            }
        } else if name.ends_with(".rs") || name.ends_with(".py") {
            out.push(path);
        }
    }
}

/// The string literals of a Rust or Python source, roughly but enough: text
/// between double quotes (Python's single quotes too), escapes kept as
/// written, comments skipped.
fn literals(text: &str, python: bool) -> Vec<String> {
    let mut found = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let comment = if python { c == '#' } else { c == '/' && chars.get(i + 1) == Some(&'/') };
        if comment {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        // A Rust char literal ('"') or lifetime is no string.
        if !python && c == '\'' {
            if chars.get(i + 2) == Some(&'\'') {
                i += 3;
                continue;
            }
            if chars.get(i + 1) == Some(&'\\') && chars.get(i + 3) == Some(&'\'') {
                i += 4;
                continue;
            }
            i += 1;
            continue;
        }
        if c == '"' || (python && c == '\'') {
            let mut s = String::new();
            i += 1;
            while i < chars.len() && chars[i] != c {
                if chars[i] == '\\' && i + 1 < chars.len() {
                    s.push(chars[i]);
                    i += 1;
                }
                s.push(chars[i]);
                i += 1;
            }
            found.push(s);
        }
        i += 1;
    }
    found
}

/// A sentence a user reads: 24 characters or more, four words or more.
fn is_sentence(s: &str) -> bool {
    s.chars().count() >= 24 && s.split_whitespace().count() >= 4
}

#[test]
fn no_sentence_a_user_reads_is_written_in_two_doors() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut seen: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut files = 0;
    for (door, dir) in DOORS {
        let mut paths = Vec::new();
        sources(&root.join(dir), &mut paths);
        for path in paths {
            files += 1;
            let text = fs::read_to_string(&path).unwrap();
            let python = path.extension().is_some_and(|e| e == "py");
            for s in literals(&text, python).into_iter().filter(|s| is_sentence(s)) {
                let at = format!("{door}: {}", path.strip_prefix(root).unwrap().display());
                seen.entry(s).or_default().insert(at);
            }
        }
    }
    assert!(files > 30, "the doors' sources were found ({files} files)");
    let twice: Vec<String> = seen
        .iter()
        .filter(|(_, at)| at.iter().map(|a| a.split(':').next().unwrap()).collect::<BTreeSet<_>>().len() > 1)
        .map(|(s, at)| format!("{s:?} in {}", at.iter().cloned().collect::<Vec<_>>().join(", ")))
        .collect();
    assert!(twice.is_empty(), "written in two doors (say it once, in src/request):\n{}", twice.join("\n"));
}

#[test]
fn the_reader_finds_literals_and_skips_comments() {
    let rust =
        "let a = \"one two three four five six seven\"; // \"not this one at all, a comment\"\nlet c = '\"';";
    assert_eq!(literals(rust, false), vec!["one two three four five six seven"]);
    let py = "x = 'it is a sentence of words, single quoted' # \"and a comment here, skipped\"";
    assert_eq!(literals(py, true), vec!["it is a sentence of words, single quoted"]);
    assert!(is_sentence("one two three four five six"));
    assert!(!is_sentence("short one"));
}

#[test]
fn docs_budgets_prints_the_table_the_code_holds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let docs = fs::read_to_string(root.join("docs/budgets.md")).unwrap();
    let table = gametree::request::budget::markdown();
    let block = format!("<!-- budgets -->\n{table}<!-- /budgets -->");
    assert!(
        docs.contains(&block),
        "docs/budgets.md's table differs from src/request/budget.rs's; it should read:\n{block}"
    );
}

/// The most lines of Rust the web and Python doors may hold together: they
/// only translate their own arguments into the request layer's and its
/// answers and refusals back (issue 48; they held 2,227, then 1,613, then
/// 1,196 before the Python API's documentation moved to its Python). The
/// issue's aim, 1,100, is reached; this holds it, so that what a door gains
/// is paid for by moving what is not wiring into src/request.
const DOOR_LINES: usize = 1_100;

#[test]
fn the_web_and_python_doors_are_few_lines_of_wiring() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files: Vec<PathBuf> = ["src/web", "python/src"]
        .iter()
        .flat_map(|dir| crate::support::rust_files(&root.join(dir)))
        .collect();
    let counted: Vec<(usize, String)> = files
        .iter()
        .map(|p| {
            (
                fs::read_to_string(p).unwrap().lines().count(),
                p.strip_prefix(root).unwrap().display().to_string(),
            )
        })
        .collect();
    assert!(counted.len() >= 8, "the doors' Rust was found ({} files)", counted.len());
    let total: usize = counted.iter().map(|(n, _)| n).sum();
    let each: Vec<String> = counted.iter().map(|(n, p)| format!("{n:>5} {p}")).collect();
    assert!(
        total <= DOOR_LINES,
        "the web and Python doors hold {total} lines of Rust, more than {DOOR_LINES}: move what is not translation into src/request\n{}",
        each.join("\n")
    );
}
