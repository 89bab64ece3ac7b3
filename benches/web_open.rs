//! How soon the browser page is interactive (docs/performance.md, "In the
//! browser"): the page `src/web/build` writes, opened from disk in a fresh
//! headless Chromium tab ten times, each time timed by the page's own clock
//! from navigation start to its `gametree-ready` mark (set when the form
//! answers and the first tree, AIMA's figure 5.2 under alpha-beta, is on
//! screen: the wasm engine compiled, its worker started, the tree built,
//! searched and drawn). Also the first paint, and the file's size. Needs the
//! wasm toolchain and Chromium:
//!
//! ```sh
//! cargo bench -p gametree-benches --bench web_open
//! ```

// The test suite's own WebDriver client; the benchmark uses part of it.
#[allow(dead_code)]
#[path = "../tests/support/browser.rs"]
mod browser;

use std::path::Path;
use std::process::Command;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let built = Command::new(root.join("src/web/build")).output().expect("src/web/build runs");
    assert!(built.status.success(), "src/web/build failed:\n{}", String::from_utf8_lossy(&built.stderr));
    let page = root.join("target/web/index.html").canonicalize().unwrap();
    let size = std::fs::metadata(&page).unwrap().len();
    let b = browser::Browser::start_alone();
    let mut ready = Vec::new();
    let mut paint = Vec::new();
    for run in 0..11 {
        // A different address each time, so that each is a fresh load.
        b.open(&format!("file://{}?run={run}", page.display()));
        let r = b.run(
            "const m = performance.getEntriesByName('gametree-ready')[0];
             const p = performance.getEntriesByName('first-contentful-paint')[0];
             return [m ? m.startTime : null, p ? p.startTime : null]",
        );
        // The first load also warms the browser's own caches: not counted.
        if run > 0 {
            ready.push(r[0].as_f64().expect("the page marks gametree-ready"));
            paint.push(r[1].as_f64().unwrap_or(f64::NAN));
        }
    }
    let summary = |ms: &mut Vec<f64>| {
        ms.sort_by(f64::total_cmp);
        format!(
            "median {:.0} ms (range {:.0}-{:.0}, {} loads)",
            ms[ms.len() / 2],
            ms[0],
            ms[ms.len() - 1],
            ms.len()
        )
    };
    println!("target/web/index.html: {size} bytes");
    println!("first contentful paint: {}", summary(&mut paint));
    println!("interactive (gametree-ready, first tree shown): {}", summary(&mut ready));
}
