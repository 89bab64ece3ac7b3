//! A test that needs what a clone may lack is `#[ignore = "why"]`d, never a pass
//! that checks nothing: no test may print that it skipped and return, and every
//! ignored test says why. This reads the test sources themselves.

use std::fs;
use std::path::Path;

fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push((path.display().to_string(), fs::read_to_string(&path).unwrap()));
        }
    }
}

#[test]
fn no_test_passes_by_skipping_and_every_ignored_test_says_why() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["tests", "src", "benches", "examples"] {
        if root.join(dir).is_dir() {
            sources(&root.join(dir), &mut files);
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
