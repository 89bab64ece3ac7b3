//! Every file of the repository that the code, the tests or the documents name
//! by its path exists: a module moved without its mentions leaves a reader
//! looking for a file that is gone. A line that names an old path on purpose
//! (a history, as in docs/performance.md) says where the file is "now".

use std::fs;
use std::path::{Path, PathBuf};

const ROOTS: [&str; 8] = ["src", "tests", "docs", "benches", "examples", "fuzz", "python", "README.md"];
const NAMED: [&str; 8] =
    ["src/", "tests/", "docs/", "benches/", "examples/", "fuzz/", "fixtures/", "python/"];
/// Paths of other repositories that a document names: libataxx's perft tool,
/// built beside ours for a side-by-side measurement.
/// (This file names them too, in the list below.)
const FOREIGN: [(&str, &str); 2] =
    [("docs/performance.md", "examples/perft.cpp"), ("tests/references.rs", "examples/perft.cpp")];

fn texts(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<_> = fs::read_dir(path).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for entry in entries {
            // Build output and Python's caches are not ours to check.
            let name = entry.file_name().unwrap().to_string_lossy().into_owned();
            if !matches!(name.as_str(), "target" | "__pycache__" | ".pytest_cache" | "corpus" | "artifacts") {
                texts(&entry, out);
            }
        }
    } else if matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("rs" | "md" | "js" | "css" | "html" | "py" | "pyi" | "toml")
    ) {
        out.push(path.to_path_buf());
    }
}

/// The repository paths a line names: a known top folder, then path
/// characters, ending in a file name with an extension (a sentence's full stop
/// is not part of it).
fn named_paths(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    for start in NAMED {
        let mut from = 0;
        while let Some(at) = line[from..].find(start) {
            let begin = from + at;
            from = begin + start.len();
            // "../src/" or "xsrc/" is not a path from the top of the repository.
            let before = line[..begin].chars().last();
            if matches!(before, Some(c) if c.is_alphanumeric() || c == '/' || c == '.' || c == '_' || c == '-')
            {
                continue;
            }
            let rest = &line[begin..];
            let len =
                rest.find(|c: char| !(c.is_ascii_alphanumeric() || "/._-".contains(c))).unwrap_or(rest.len());
            let path = rest[..len].trim_end_matches('.');
            let file = path.rsplit('/').next().unwrap_or("");
            // A placeholder such as src/games/NAME/drawing.rs names no one file.
            let placeholder =
                path.split('/').any(|part| part.len() > 1 && part.chars().all(|c| c.is_ascii_uppercase()));
            if file.contains('.') && !file.starts_with('.') && !path.contains('*') && !placeholder {
                found.push(path.to_string());
            }
        }
    }
    found
}

#[test]
fn every_path_the_repository_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for top in ROOTS {
        texts(&root.join(top), &mut files);
    }
    let mut dead = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let here = file.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            for path in named_paths(line) {
                checked += 1;
                let foreign = FOREIGN.contains(&(here.as_str(), path.as_str()));
                if !root.join(&path).exists() && !line.contains("now `") && !foreign {
                    dead.push(format!("{here}:{}: {path}", n + 1));
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} paths named: the scan has stopped finding them");
    assert!(dead.is_empty(), "paths named that do not exist:\n{}", dead.join("\n"));
}

#[test]
fn the_scan_finds_paths_and_not_their_lookalikes() {
    assert_eq!(named_paths("see `src/tree/arena.rs`."), ["src/tree/arena.rs"]);
    assert_eq!(
        named_paths("in docs/web.md. Then tests/support/browser.rs"),
        ["tests/support/browser.rs", "docs/web.md"]
    );
    assert!(named_paths("../shared/spec/games.md and target/web/index.html").is_empty());
    assert!(named_paths("the folder src/games/ and fixtures/*.txt").is_empty());
    assert!(named_paths("in `src/games/NAME/drawing.rs`").is_empty());
}
