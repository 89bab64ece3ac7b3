//! The browser's engine against the native command line (docs/performance.md,
//! "In the browser"): each task five times in the page that `src/web/build`
//! writes, opened in headless Chromium (timed there, from the request to the
//! answer), and five times by the native release binary (timed here, the
//! whole process), one after the other. Prints medians and ranges; checks
//! only that both give the same answer. Needs the wasm toolchain, Chromium and
//! `target/release/gametree`:
//!
//! ```sh
//! cargo build --release && cargo bench -p gametree-benches --bench web
//! ```
//!
//! `GAMETREE_WEB_PAGE=FILE` times that page instead of building one (an
//! older build, to compare).

// The test suite's own WebDriver client; the benchmark uses part of it.
#[allow(dead_code)]
#[path = "../tests/support/browser.rs"]
mod browser;

use std::path::Path;
use std::process::Command;

use serde_json::{Value, json};

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let native = root.join("target/release/gametree");
    assert!(native.exists(), "build target/release/gametree first (cargo build --release)");
    let page = match std::env::var_os("GAMETREE_WEB_PAGE") {
        Some(file) => Path::new(&file).canonicalize().unwrap(),
        None => {
            let built = Command::new(root.join("src/web/build")).output().expect("src/web/build runs");
            assert!(
                built.status.success(),
                "src/web/build failed:\n{}",
                String::from_utf8_lossy(&built.stderr)
            );
            root.join("target/web/index.html").canonicalize().unwrap()
        }
    };
    let b = browser::Browser::start_alone();
    // (The whole tic-tac-toe tree's JSON is 137 MB: on a loaded machine the
    // page took longer than WebDriver's 30 s.)
    b.set_script_timeout(std::time::Duration::from_secs(600));
    b.open(&format!("file://{}", page.display()));
    let tasks: [(&str, &str, Value, &[&str]); 5] = [
        // An answer with its JSON: the tree's text built in the engine and
        // carried to the page (issue 50: within 1.6x of the native command).
        (
            "tic-tac-toe, whole tree, alpha-beta, with its JSON (analyse --depth 9 --json -)",
            "analyse",
            json!({"game": "tictactoe", "search": "alphabeta", "depth": 9, "max-nodes": 600000}),
            &[
                "analyse",
                "tictactoe",
                "--search",
                "alphabeta",
                "--depth",
                "9",
                "--max-nodes",
                "600000",
                "--max-bytes",
                "300000000",
                "--json",
                "-",
                "--threads",
                "1",
            ],
        ),
        (
            "MCTS, 200,000 iterations, with its JSON (analyse tictactoe --search mcts --json -)",
            "analyse",
            json!({"game": "tictactoe", "search": "mcts", "iterations": 200000, "max-nodes": 600000}),
            &[
                "analyse",
                "tictactoe",
                "--search",
                "mcts",
                "--iterations",
                "200000",
                "--max-nodes",
                "600000",
                "--max-bytes",
                "300000000",
                "--json",
                "-",
                "--threads",
                "1",
            ],
        ),
        (
            "tic-tac-toe, whole tree, alpha-beta (best --depth 9)",
            "best",
            json!({"game": "tictactoe", "search": "alphabeta", "depth": 9}),
            &["best", "tictactoe", "--search", "alphabeta", "--depth", "9", "--threads", "1"],
        ),
        (
            "MCTS, 200,000 iterations (best tictactoe)",
            "best",
            json!({"game": "tictactoe", "search": "mcts", "iterations": 200000}),
            &["best", "tictactoe", "--search", "mcts", "--iterations", "200000", "--threads", "1"],
        ),
        (
            "perft ataxx 5",
            "perft",
            json!({"game": "ataxx", "depth": 5}),
            &["perft", "ataxx", "5", "--threads", "1"],
        ),
    ];
    let median = |ms: &[f64]| {
        let mut ms = ms.to_vec();
        ms.sort_by(f64::total_cmp);
        (ms[ms.len() / 2], ms[0], ms[ms.len() - 1])
    };
    let summary = |ms: &[f64]| {
        let (m, lo, hi) = median(ms);
        format!("median {m:.1} ms (range {lo:.1}-{hi:.1}, {} runs)", ms.len())
    };
    for (name, f, options, args) in tasks {
        let mut page = Vec::new();
        let mut cli = Vec::new();
        for _ in 0..5 {
            let r = b.run(&format!(
                "const t = performance.now(); return gametree.{f}({options}).then(a => [performance.now() - t, a])"
            ));
            page.push(r[0].as_f64().unwrap());
            let started = std::time::Instant::now();
            let out = Command::new(&native).args(args).output().unwrap();
            cli.push(started.elapsed().as_secs_f64() * 1e3);
            assert_eq!(
                r[1].as_str(),
                Some(String::from_utf8(out.stdout).unwrap().as_str()),
                "{name}: the same answer"
            );
        }
        let ratio = median(&page).0 / median(&cli).0;
        println!(
            "{name}\n  page:   {}\n  native: {}\n  ratio of medians {ratio:.2}",
            summary(&page),
            summary(&cli)
        );
    }
}
