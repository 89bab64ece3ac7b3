//! The README as a Markdown renderer shows it. GitHub's tables (GFM) end only at
//! a blank line: a paragraph written straight under a table becomes a row of one
//! cell, and a row with fewer cells is padded, so neither shows as a mistake.
//! Here every table's rows have the header's number of cells, every line of a
//! table is a row, and the commands table lists every command.

use crate::support;

const README: &str = include_str!("../README.md");

/// The cells of a table row: split at pipes that are not escaped (`\|`), as GFM
/// does, even inside code spans; `None` for a line that is not a row.
fn cells(line: &str) -> Option<Vec<String>> {
    let inner = line.trim().strip_prefix('|')?.strip_suffix('|')?;
    let mut cells = vec![String::new()];
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let next = chars.next().unwrap_or('\\');
                cells.last_mut().unwrap().extend(['\\', next]);
            }
            '|' => cells.push(String::new()),
            c => cells.last_mut().unwrap().push(c),
        }
    }
    Some(cells.into_iter().map(|c| c.trim().to_string()).collect())
}

fn is_delimiter_row(line: &str) -> bool {
    cells(line).is_some_and(|cs| {
        cs.iter().all(|c| {
            let c = c.trim_start_matches(':').trim_end_matches(':');
            !c.is_empty() && c.chars().all(|ch| ch == '-')
        })
    })
}

/// A table: its line number (from 1), header and rows, each row as its line
/// number and its cells (`None` for a line that is not a row).
struct Table {
    line: usize,
    header: Vec<String>,
    rows: Vec<(usize, Option<Vec<String>>)>,
}

/// Every table of `text` outside code blocks, each up to the blank line that
/// ends it; and the numbers of the lines that look like rows but are in no
/// table (a renderer shows them as they are, pipes and all).
fn tables(text: &str) -> (Vec<Table>, Vec<usize>) {
    let lines: Vec<&str> = text.lines().collect();
    let (mut found, mut stray) = (Vec::new(), Vec::new());
    let (mut i, mut fenced) = (0, false);
    while i < lines.len() {
        if lines[i].trim_start().starts_with("```") {
            fenced = !fenced;
        }
        let starts_table = !fenced && i + 1 < lines.len() && is_delimiter_row(lines[i + 1]);
        match cells(lines[i]).filter(|_| starts_table) {
            Some(header) => {
                let mut table = Table { line: i + 1, header, rows: Vec::new() };
                i += 2;
                while i < lines.len() && !lines[i].trim().is_empty() {
                    table.rows.push((i + 1, cells(lines[i])));
                    i += 1;
                }
                found.push(table);
            }
            None => {
                if !fenced && lines[i].trim_start().starts_with('|') {
                    stray.push(i + 1);
                }
                i += 1;
            }
        }
    }
    (found, stray)
}

#[test]
fn every_table_is_whole() {
    let (tables, stray) = tables(README);
    assert!(tables.len() >= 3, "the README's tables were found");
    assert_eq!(
        stray, [0; 0],
        "README.md: lines of a table, but outside one (after a blank line or a paragraph)"
    );
    for t in &tables {
        assert!(!t.rows.is_empty(), "line {}: a table without rows", t.line);
        for (line, row) in &t.rows {
            let row = row.as_ref().unwrap_or_else(|| {
                panic!("README.md:{line}: a line inside the table of line {} that is not a row", t.line)
            });
            assert_eq!(row.len(), t.header.len(), "README.md:{line}: cells, against the header's");
        }
    }
}

#[test]
fn the_check_finds_a_paragraph_inside_a_table_and_rows_outside_one() {
    let broken =
        "| a | b |\n| --- | --- |\n| 1 | 2 |\nA paragraph.\n| 3 | 4 |\n\n| a | b |\n|---|:-:|\n| 1 \\| 2 |\n";
    let (t, stray) = tables(broken);
    assert_eq!(t.len(), 2);
    assert!(stray.is_empty());
    assert_eq!(t[0].rows.len(), 3);
    assert!(t[0].rows[1].1.is_none(), "the paragraph is not a row");
    assert_eq!(t[1].rows[0].1.as_ref().unwrap().len(), 1, "an escaped pipe splits no cell");
    let cut = "| a | b |\n| --- | --- |\n| 1 | 2 |\n\nA paragraph.\n| 3 | 4 |\n```\n| code |\n```\n";
    assert_eq!(tables(cut).1, [6]);
}

#[test]
fn the_commands_table_lists_every_command() {
    let commands = support::commands();
    assert!(commands.len() >= 12, "{commands:?}");
    let (tables, _) = tables(README);
    let table = tables.iter().find(|t| t.header == ["command", "what it does"]).expect("the commands table");
    for c in &commands {
        let named =
            table.rows.iter().filter_map(|(_, row)| row.as_ref()).any(|row| {
                row[0].starts_with(&format!("`gametree {c} ")) || row[0] == format!("`gametree {c}`")
            });
        assert!(named, "the README's commands table has no row for `gametree {c}`");
    }
}

#[path = "../examples/build_search_export.rs"]
mod build_search_export;

/// The Rust code blocks of `text`, each as written between its fences.
fn rust_blocks(text: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut block: Option<String> = None;
    for line in text.lines() {
        match (&mut block, line.trim_start()) {
            (None, "```rust") => block = Some(String::new()),
            (Some(b), "```") => {
                blocks.push(std::mem::take(b));
                block = None;
            }
            (Some(b), _) => {
                b.push_str(line);
                b.push('\n');
            }
            (None, _) => {}
        }
    }
    blocks
}

#[test]
fn the_library_example_is_the_file_the_tests_run() {
    let example = include_str!("../examples/build_search_export.rs");
    assert_eq!(
        rust_blocks(README),
        [example],
        "README.md's Rust block and examples/build_search_export.rs must be the same text"
    );
}

#[test]
fn the_library_example_builds_searches_and_exports_the_worked_example() {
    build_search_export::main().unwrap();
    let path = std::env::temp_dir().join("worked-example.json");
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    // The worked example as docs/teaching.md works it by hand: 30 nodes,
    // black plays A6-B5 worth 1, and alpha-beta needs 20 of the 30 nodes.
    assert_eq!(doc["search"], "alphabeta");
    assert_eq!(doc["node_count"], 30);
    assert_eq!(doc["decision"]["action"], "A6-B5");
    assert_eq!(doc["decision"]["value"], 1);
    let nodes = doc["nodes"].as_array().unwrap();
    assert_eq!(nodes.iter().filter(|n| n["pruned"] == false).count(), 20);
}
