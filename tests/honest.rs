//! A test that needs what a clone may lack is `#[ignore = "why"]`d, never a pass
//! that checks nothing: no test may print that it skipped and return, and every
//! ignored test says why. This reads the test sources themselves.
//!
//! And `cargo test` runs every test this machine can run: a test is ignored only
//! where what it needs is absent, as the build script found (`has_dot` and the
//! like), and what the build script found is what the machine has.

use std::fs;
use std::path::Path;

/// Each `.rs` file under `dir`, by its path, with its text.
fn sources(dir: &Path) -> Vec<(String, String)> {
    let files = crate::support::rust_files(dir);
    files.into_iter().map(|p| (p.display().to_string(), fs::read_to_string(&p).unwrap())).collect()
}

#[test]
fn no_test_passes_by_skipping_and_every_ignored_test_says_why() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["tests", "src", "benches", "examples"] {
        if root.join(dir).is_dir() {
            files.extend(sources(&root.join(dir)));
        }
    }
    assert!(files.len() > 20, "the sources were found");
    // Built from parts so that this file does not trip its own check.
    let skipped = ["SKIP", "PED"].concat();
    let bare_ignore = ["#[ig", "nore]"].concat();
    for (name, text) in &files {
        assert!(
            !text.contains(&skipped),
            "{name} prints {skipped}: mark the test #[ignore = \"why\"] instead"
        );
        assert!(!text.contains(&bare_ignore), "{name} ignores a test without saying why");
    }
}

#[test]
fn a_test_is_ignored_only_where_what_it_needs_is_absent() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    files.extend(sources(&root.join("tests")));
    files.extend(sources(&root.join("src")));
    let ignore = ["ign", "ore = \""].concat();
    for (name, text) in &files {
        for (at, _) in text.match_indices(&ignore) {
            let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
            if text[line_start..at].trim_start().starts_with("//") {
                continue;
            }
            // The attribute this reason belongs to starts at the last `#[` before it.
            let attribute = &text[text[..at].rfind("#[").unwrap_or(0)..at];
            // A test too slow for the README's command says so and how long it
            // takes; .ci/run runs it (`--include-ignored`).
            let slow = attribute.trim() == "#[" && text[at + ignore.len()..].starts_with("slow: ");
            assert!(
                slow || attribute.split_whitespace().collect::<String>().starts_with("#[cfg_attr(not("),
                "{name}: a test ignored whatever the machine has never runs in `cargo test`; write \
                 #[cfg_attr(not(has_...), ignore = \"why\")] with a probe in build.rs, or \
                 #[ignore = \"slow: how long, and who runs it\"]"
            );
        }
    }
}

/// Whether `program` runs here, as the tests that need it run it.
fn runs(program: &str, arg: &str) -> bool {
    std::process::Command::new(program).arg(arg).output().is_ok_and(|o| o.status.success())
}

/// Whether the `python3` on PATH runs `code` (`-B`: writing no bytecode).
fn runs_python(code: &str) -> bool {
    std::process::Command::new("python3").args(["-B", "-c", code]).output().is_ok_and(|o| o.status.success())
}

#[test]
fn the_build_script_found_what_this_machine_has() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let course = std::env::var_os("GAMETREE_COURSE_FIXTURES")
        .filter(|v| !v.is_empty())
        .is_some_and(|f| ["official", "rulings"].iter().all(|d| root.join(&f).join(d).is_dir()));
    let chromium = ["chromium", "chromedriver"].iter().all(|p| runs(p, "--version"));
    let found = [
        ("has_dot", cfg!(has_dot), runs("dot", "-V")),
        ("has_groff", cfg!(has_groff), runs("groff", "-v")),
        ("has_pdftotext", cfg!(has_pdftotext), runs("pdftotext", "-v")),
        ("has_chromium", cfg!(has_chromium), chromium),
        ("has_pygambit", cfg!(has_pygambit), runs_python("import pygambit")),
        ("has_course_fixtures", cfg!(has_course_fixtures), course),
        ("has_axe", cfg!(has_axe), std::env::var_os("GAMETREE_AXE").is_some_and(|p| Path::new(&p).is_file())),
    ];
    for (cfg, built_with, here) in found {
        assert_eq!(
            built_with,
            here,
            "{cfg}: the tests were built where it was {}, but it is {} now; `touch build.rs` to look again",
            if built_with { "present" } else { "absent" },
            if here { "present" } else { "absent" },
        );
    }
}
