//! No import circle between the files of one folder (docs/design.md: imports
//! point downwards, no circle between files). The sources are read as text:
//! every `crate::` and `super::` path, in `use` lines (groups expanded) and
//! in code, is resolved to the file it names (through a folder's re-exports);
//! a circle of such references between files fails the test, which names it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Circles known and left for now, each as its folder and members (sorted);
/// none today (src/web's, through `commands::position`, went when the page's
/// options took the position). The test fails while an entry names a circle
/// that is not there.
const ALLOWED: &[(&str, &[&str])] = &[];

/// The folder a crate's `crate::` paths start from: `src/web` is a crate of its own.
fn crate_root(root: &Path, file: &Path) -> PathBuf {
    let web = root.join("src/web");
    if file.starts_with(&web) { web } else { root.join("src") }
}

/// The module folder-or-file path of `file`, as a list of segments from its
/// crate's root, and whether the file is its folder's module (`mod.rs`,
/// `lib.rs`, `main.rs`).
fn module_of(crate_dir: &Path, file: &Path) -> (Vec<String>, bool) {
    let rel = file.strip_prefix(crate_dir).unwrap();
    let mut segs: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
    let last = segs.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if ["mod", "lib", "main"].contains(&stem) {
        (segs, true)
    } else {
        segs.push(stem.to_string());
        (segs, false)
    }
}

/// The text without comments and without inline `mod NAME { ... }` blocks
/// written at the start of a line (tests), whose `super` is the file itself.
fn code(text: &str) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for line in text.lines() {
        if skipping {
            skipping = line != "}";
            continue;
        }
        let t = line.trim_start();
        if (line.starts_with("mod ") || line.starts_with("pub mod ")) && line.ends_with('{') {
            skipping = true;
            continue;
        }
        let line = match t.find("//") {
            Some(i) => &t[..i],
            None => t,
        };
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Expands a use tree (`a::{b, c::{d, e}}`) into its paths.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap().trim();
        return if path.is_empty() { vec![] } else { vec![path.to_string()] };
    };
    let prefix = &tree[..open];
    let Some(close) = tree.rfind('}').filter(|&c| c > open) else { return vec![] };
    let inner = &tree[open + 1..close];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .flat_map(expand)
        .map(|p| if p == "self" { prefix.trim_end_matches("::").to_string() } else { format!("{prefix}{p}") })
        .collect()
}

/// What the line holding byte `i` of `code` says before it.
fn rest_start(code: &str, i: usize) -> &str {
    let start = code[..i].rfind('\n').map_or(0, |n| n + 1);
    &code[start..i]
}

/// Every `crate::`/`super::` path of `code`: those of `use` statements, and
/// those written in place.
fn paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in code.match_indices("use ") {
        // A statement starts a line (`code` trimmed them), after `pub` at most.
        if !matches!(rest_start(code, i), "" | "pub " | "pub(crate) " | "pub(super) ") {
            continue;
        }
        let after = &code[i + 4..];
        let Some(end) = after.find(';') else { break };
        out.extend(expand(&after[..end].replace('\n', " ")).into_iter().map(|p| p.replace(' ', "")));
    }
    // Paths in place: `crate::a::b` and `super::a`, ended by any character
    // that is not part of a path.
    for start in ["crate::", "super::"] {
        for (i, _) in code.match_indices(start) {
            if code[..i].chars().last().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String =
                code[i..].chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
            out.push(path.trim_end_matches(':').to_string());
        }
    }
    out.retain(|p| p.starts_with("crate::") || p.starts_with("super::") || p.starts_with("self::"));
    out
}

/// The file or folder that `path`, written in `file`, refers to: the deepest
/// module it names (an item of a folder's module file that the file
/// re-exports from one of its own files counts as that file).
fn target(crate_dir: &Path, file: &Path, path: &str) -> Option<PathBuf> {
    let (mut module, is_mod_file) = module_of(crate_dir, file);
    let mut segs = path.split("::").filter(|s| !s.is_empty()).peekable();
    match *segs.peek()? {
        "crate" => {
            module.clear();
            segs.next();
        }
        "super" | "self" => {
            // A file's `self` is the file; a module file's, its folder.
            if !is_mod_file && segs.peek() == Some(&"super") {
                module.pop();
                segs.next();
            }
            while let Some(&s) = segs.peek() {
                match s {
                    "super" => {
                        module.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                segs.next();
            }
        }
        _ => return None,
    }
    let base = crate_dir.join(module.join("/"));
    let mut at = if base.is_dir() { base } else { base.with_extension("rs") };
    for s in segs {
        if at.is_dir() {
            let file = at.join(format!("{s}.rs"));
            let dir = at.join(s);
            if file.is_file() {
                at = file;
                continue;
            }
            if dir.is_dir() {
                at = dir;
                continue;
            }
            // An item of the folder's module: the file it comes from, if the
            // module file says `pub use FILE::{.., s, ..}`.
            return Some(reexported(&at, s).unwrap_or(at));
        }
        break;
    }
    Some(at)
}

/// The file of `dir` whose item `name` the folder's module file re-exports.
fn reexported(dir: &Path, name: &str) -> Option<PathBuf> {
    let module = ["mod.rs", "lib.rs"].iter().map(|m| dir.join(m)).find(|m| m.is_file())?;
    let text = code(&fs::read_to_string(module).ok()?);
    for line in text.split(';') {
        let Some(tree) = line.trim().strip_prefix("pub use ") else { continue };
        for p in expand(tree) {
            let mut segs: Vec<&str> = p.split("::").collect();
            if segs.last() == Some(&name) && segs.len() >= 2 {
                segs.pop();
                let file = dir.join(format!("{}.rs", segs[0]));
                if file.is_file() {
                    return Some(file);
                }
            }
        }
    }
    None
}

/// The references between the files of `src/`, by their paths from `root`:
/// `from -> to` when `from` names something of `to`. Module files (`mod.rs`,
/// `lib.rs`, `main.rs`) are left out: they declare and re-export the files of
/// their folder, whose names resolve to those files.
fn graph(root: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let files = crate::support::rust_files(&root.join("src"));
    let module_file = |p: &Path| ["mod.rs", "lib.rs", "main.rs"].iter().any(|m| p.ends_with(m));
    let name = |p: &Path| p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files.iter().filter(|f| !module_file(f)) {
        let crate_dir = crate_root(root, file);
        let text = code(&fs::read_to_string(file).unwrap());
        for path in paths(&text) {
            let Some(to) = target(&crate_dir, file, &path) else { continue };
            if to.is_file() && !module_file(&to) && &to != file {
                g.entry(name(file)).or_default().insert(name(&to));
            }
        }
    }
    g
}

/// The circles of `g`: each strongly connected set of two or more entries,
/// sorted, with one circle through it written out.
fn circles(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<(Vec<String>, String)> {
    let reach = |from: &str| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.to_string()];
        while let Some(n) = stack.pop() {
            for m in g.get(&n).into_iter().flatten() {
                if seen.insert(m.clone()) {
                    stack.push(m.clone());
                }
            }
        }
        seen
    };
    let nodes: BTreeSet<&String> = g.keys().chain(g.values().flatten()).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for n in nodes {
        if done.contains(n) {
            continue;
        }
        let from_n = reach(n);
        if !from_n.contains(n) {
            continue;
        }
        let set: Vec<String> = from_n.iter().filter(|m| reach(m).contains(n)).cloned().collect();
        done.extend(set.iter().cloned());
        // One circle: the shortest way back to n, breadth first.
        let mut back: BTreeMap<String, String> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([n.clone()]);
        'search: while let Some(a) = queue.pop_front() {
            for b in g.get(&a).into_iter().flatten() {
                if b == n {
                    back.insert(format!("{n}#end"), a.clone());
                    break 'search;
                }
                if !back.contains_key(b) {
                    back.insert(b.clone(), a.clone());
                    queue.push_back(b.clone());
                }
            }
        }
        let mut line = vec![n.clone()];
        let mut at = back[&format!("{n}#end")].clone();
        while &at != n {
            line.push(at.clone());
            at = back[&at].clone();
        }
        line.push(n.clone());
        let last = line.len() - 1;
        line[1..last].reverse();
        out.push((set, line.join(" -> ")));
    }
    out
}

#[test]
fn no_folder_of_src_has_an_import_circle_between_its_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let g = graph(root);
    for folder in ["src/web/", "src/cli/", "src/export/", "src/tree/", "src/search/"] {
        let within =
            g.iter().any(|(a, to)| a.starts_with(folder) && to.iter().any(|b| b.starts_with(folder)));
        assert!(within, "{folder}'s files refer to one another");
    }
    let mut found = Vec::new();
    let mut allowed_seen = BTreeSet::new();
    for (set, circle) in circles(&g) {
        let folder = Path::new(&set[0]).parent().unwrap().to_string_lossy().into_owned();
        let names: Vec<&str> =
            set.iter().map(|f| f.strip_prefix(&format!("{folder}/")).unwrap_or(f)).collect();
        match ALLOWED.iter().position(|(f, members)| *f == folder && *members == names.as_slice()) {
            Some(k) => {
                allowed_seen.insert(k);
            }
            None => found.push(circle),
        }
    }
    assert!(found.is_empty(), "import circles between files:\n{}", found.join("\n"));
    for (k, (folder, members)) in ALLOWED.iter().enumerate() {
        assert!(
            allowed_seen.contains(&k),
            "the allowed circle {folder}: {members:?} is gone: remove it from ALLOWED"
        );
    }
}

#[test]
fn the_reader_finds_a_circle_through_use_groups_and_paths_in_place() {
    let dir = std::env::temp_dir().join(format!("gametree-imports-{}", std::process::id()));
    let src = dir.join("src");
    fs::create_dir_all(src.join("SHOP")).unwrap();
    fs::write(src.join("lib.rs"), "pub mod SHOP;\n").unwrap();
    fs::write(src.join("SHOP/mod.rs"), "mod a;\nmod b;\nmod c;\npub use c::Till;\n").unwrap();
    // a -> b through a use group, b -> c through a path in place that names
    // the folder's re-export of c's Till, c -> a through `use super::a`.
    fs::write(src.join("SHOP/a.rs"), "use crate::SHOP::{self, b::{Shelf, Aisle}};\n").unwrap();
    fs::write(src.join("SHOP/b.rs"), "fn f() { super::super::SHOP::Till::open(); }\n").unwrap();
    fs::write(
        src.join("SHOP/c.rs"),
        "// use super::b; (a comment)\npub struct Till;\nuse super::a::Stock;\nmod tests {\n    use super::b;\n}\n",
    )
    .unwrap();
    let g = graph(&dir);
    let one = |f: &str| BTreeSet::from([format!("src/SHOP/{f}")]);
    assert_eq!(g["src/SHOP/a.rs"], one("b.rs"));
    assert_eq!(g["src/SHOP/b.rs"], one("c.rs"), "Till is c's, re-exported");
    assert_eq!(g["src/SHOP/c.rs"], one("a.rs"), "not the comment's, nor the test module's");
    let found = circles(&g);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, ["src/SHOP/a.rs", "src/SHOP/b.rs", "src/SHOP/c.rs"]);
    assert_eq!(found[0].1, "src/SHOP/a.rs -> src/SHOP/b.rs -> src/SHOP/c.rs -> src/SHOP/a.rs");
    fs::remove_dir_all(&dir).unwrap();
}
