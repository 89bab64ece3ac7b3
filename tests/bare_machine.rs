//! The README's test command on a machine that has none of the optional tools:
//! it must pass, every test that needs one of them shown as ignored with its
//! reason. A test that drove Chromium without asking for it once failed there
//! ("chromedriver starts: No such file or directory") while CI, which installs
//! everything, never saw it. This builds the suite again with the tools hidden
//! and runs it.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What the build script looks for on PATH (build.rs): hidden by leaving each
/// out of a copy of every PATH folder that holds it. `python3` goes whole, and
/// pygambit with it; `wasm-ld` takes Debian's wasm toolchain with it (a rustup
/// wasm32 target, where one could be added, would stay).
const TOOLS: [&str; 8] =
    ["dot", "groff", "pdftotext", "pdflatex", "chromium", "chromedriver", "python3", "wasm-ld"];

/// The settings the build script reads, unset as on a fresh machine.
const SETTINGS: [&str; 2] = ["GAMETREE_COURSE_FIXTURES", "GAMETREE_AXE"];

/// PATH with the tools hidden: a folder that holds one of them is replaced by a
/// folder of links to all its other entries.
fn path_without_tools(scratch: &Path) -> OsString {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs: Vec<PathBuf> = std::env::split_paths(&path)
        .enumerate()
        .map(|(i, dir)| {
            if !TOOLS.iter().any(|t| dir.join(t).exists()) {
                return dir;
            }
            let copy = scratch.join(format!("path-{i}"));
            std::fs::create_dir_all(&copy).unwrap();
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let name = entry.file_name();
                if !TOOLS.iter().any(|t| name == *t) {
                    std::os::unix::fs::symlink(entry.path(), copy.join(&name)).unwrap();
                }
            }
            copy
        })
        .collect();
    std::env::join_paths(dirs).unwrap()
}

/// Every test of the run's output as (name, what happened).
fn outcomes(stdout: &str) -> Vec<(String, String)> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("test ")?.split_once(" ... "))
        .map(|(name, result)| (name.to_string(), result.to_string()))
        .collect()
}

/// `cargo test --profile quick EXTRA` with PATH as given and the settings
/// unset, in a target folder of its own (the running suite's folder is cargo's,
/// and the build script's findings differ, so everything is built for this
/// run); fails unless it passes. Returns what each test did.
fn cargo_test(path: &OsString, extra: &[&str]) -> Vec<(String, String)> {
    let manifest = env!("CARGO_MANIFEST_DIR");
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bare-machine");
    let mut cargo = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cargo.current_dir(manifest).args(["test", "--profile", "quick"]).args(extra);
    // What cargo set for this test binary would steer the inner build.
    for (key, _) in std::env::vars_os() {
        let key = key.to_string_lossy();
        if (key.starts_with("CARGO_") && key != "CARGO_HOME") || key.starts_with("RUST_TEST") {
            cargo.env_remove(&*key);
        }
    }
    for setting in SETTINGS {
        cargo.env_remove(setting);
    }
    let out = cargo.env("PATH", path).env("CARGO_TARGET_DIR", &target).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let tail = |t: &str| {
        t.lines().rev().take(40).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join("\n")
    };
    assert!(
        out.status.success(),
        "`cargo test --profile quick {}` failed with the tools hidden ({}):\n{}\n{}",
        extra.join(" "),
        out.status,
        tail(&stdout),
        tail(&stderr)
    );
    let all = outcomes(&stdout);
    for (name, result) in all.iter().filter(|(_, r)| r.starts_with("ignored")) {
        assert!(result.starts_with("ignored, "), "{name} is ignored without its reason: {result}");
    }
    all
}

#[test]
#[ignore = "slow: builds and runs the whole suite and the browser tier a second time with the optional tools hidden (about 4 minutes on 2 cores); .ci/run runs it"]
fn the_readme_test_command_passes_on_a_machine_without_the_optional_tools() {
    let scratch = crate::support::Scratch::new("bare-machine");
    let path = path_without_tools(&scratch);
    for tool in TOOLS {
        let found = std::env::split_paths(&path).any(|d| d.join(tool).exists());
        assert!(!found, "{tool} is still on the PATH meant to hide it");
    }
    let quick = cargo_test(&path, &[]);
    let ignored = quick.iter().filter(|(_, r)| r.starts_with("ignored")).count();
    // The browser tier, asked for by name on a machine without a browser:
    // every test in it is ignored, saying what it needs (checked above), and
    // most say Chromium (a few name first the course's data or axe-core).
    let browser = cargo_test(&path, &["--test", "browser"]);
    let ran: Vec<&str> =
        browser.iter().filter(|(_, r)| !r.starts_with("ignored")).map(|(n, _)| n.as_str()).collect();
    let chromium = browser.iter().filter(|(_, r)| r.contains("chromium")).count();
    assert!(browser.len() >= 20, "only {} browser tests were listed", browser.len());
    assert!(ran.is_empty(), "browser tests that ran without a browser: {ran:?}");
    assert!(
        chromium * 10 >= browser.len() * 9,
        "only {chromium} of {} say they need Chromium",
        browser.len()
    );
    println!(
        "with {} hidden: {} tests, {} ignored with their reasons; the browser tier's {} all ignored for want of Chromium",
        TOOLS.join(", "),
        quick.len(),
        ignored,
        browser.len()
    );
}
