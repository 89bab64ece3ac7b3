//! Finds what some tests need beyond the crate, so that `cargo test` runs every
//! test this machine can run and shows the others as ignored, with the reason:
//!
//! - `has_dot`: Graphviz's `dot` on PATH (the DOT tests render with it);
//! - `has_groff`: `groff` on PATH (the manual pages are rendered with it, as
//!   `man` does);
//! - `has_pdftotext`: poppler's `pdftotext` on PATH (printed pages and PDFs are
//!   read back with it);
//! - `has_pdflatex`: `pdflatex` on PATH (exercises' LaTeX is compiled with it;
//!   the tests need TikZ (texlive-pictures) and Helvetica (texlive-fonts-recommended) too);
//! - `has_chromium`: `chromium` and `chromedriver` on PATH (Debian's packages
//!   put them in /usr/bin; the explorer tests drive the page in a real browser);
//! - `has_pygambit`: a `python3` on PATH that imports `pygambit` (Gambit's
//!   solvers read the `.efg` exports; `pip install pygambit` in a venv);
//! - `has_axe`: axe-core's `axe.min.js` at the path in `GAMETREE_AXE` (from
//!   the npm registry, installed outside the checkout: `npm install --prefix
//!   /tmp/gametree-ci-npm axe-core`, as `.ci/run` does); the accessibility test
//!   runs it in Chromium and finds it through `GAMETREE_AXE_JS`;
//! - `has_gift_pegjs`: the GIFT parser `gift-pegjs` (its `pegjs-gift.js`) in
//!   the folder `GAMETREE_GIFT_PEGJS` names, and `node` on PATH to run it
//!   (from the npm registry, outside the checkout: `npm install --prefix
//!   /tmp/gametree-ci-npm gift-pegjs`, as `.ci/run` does); the quiz test
//!   parses the GIFT quizzes with it, found through `GAMETREE_GIFT_PEGJS_DIR`;
//! - `has_wasm_toolchain`: a Rust standard library for wasm32-unknown-unknown,
//!   rustup's (`rustup target add wasm32-unknown-unknown`) or Debian's
//!   (rustc-web, cargo-web, rust-web-src and lld's wasm-ld), which
//!   `src/web/build` uses to build the page the browser tests open;
//! - `has_course_fixtures`: the course's official fixtures and rulings, in the
//!   folder that the environment variable `GAMETREE_COURSE_FIXTURES` names
//!   (holding `official/` and `rulings/`; a relative path is taken from the
//!   checkout), read in place. The tests find that folder through the same
//!   variable, which this script hands them made absolute.
//!
//! A test binary runs on the machine that built it, so looking here is looking
//! there. Installing or removing one of them makes cargo run this again: it
//! watches what it found, or else the folders a package would put it in.

use std::env;
use std::path::{Path, PathBuf};

fn main() {
    println!(
        "cargo::rustc-check-cfg=cfg(has_dot, has_groff, has_pdftotext, has_pdflatex, has_chromium, has_pygambit, has_axe, has_course_fixtures)"
    );
    println!("cargo::rustc-check-cfg=cfg(has_gift_pegjs)");
    println!("cargo::rustc-check-cfg=cfg(has_wasm_toolchain)");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=PATH");

    let path_dirs: Vec<PathBuf> =
        env::var_os("PATH").map(|p| env::split_paths(&p).collect()).unwrap_or_default();
    for (cfg, program) in [
        ("has_dot", "dot"),
        ("has_groff", "groff"),
        ("has_pdftotext", "pdftotext"),
        ("has_pdflatex", "pdflatex"),
    ] {
        let at = on_path(&path_dirs, program);
        found(cfg, at.as_slice(), at.is_some(), &installable_dirs(&path_dirs));
    }

    let browser: Vec<Option<PathBuf>> =
        ["chromium", "chromedriver"].iter().map(|p| on_path(&path_dirs, p)).collect();
    let chromium = browser.iter().all(Option::is_some);
    let browser: Vec<PathBuf> = browser.into_iter().flatten().collect();
    found("has_chromium", &browser, chromium, &installable_dirs(&path_dirs));

    let python = on_path(&path_dirs, "python3");
    // pip installs into the folder python names here: watched, so that installing
    // or removing pygambit makes cargo look again.
    let site =
        python.as_deref().and_then(|p| ask(p, "import sysconfig; print(sysconfig.get_paths()['purelib'])"));
    let site = site.map(PathBuf::from);
    let pygambit = python.as_deref().is_some_and(|p| ask(p, "import pygambit").is_some());
    let package: Vec<PathBuf> = site.iter().map(|s| s.join("pygambit")).chain(python.clone()).collect();
    let would_appear_in = [site.into_iter().collect(), installable_dirs(&path_dirs)].concat();
    found("has_pygambit", &package, pygambit, &would_appear_in);

    println!("cargo::rerun-if-env-changed=GAMETREE_AXE");
    let axe = env::var_os("GAMETREE_AXE").map(PathBuf::from);
    let axe_found = axe.as_deref().is_some_and(Path::is_file);
    if let (true, Some(js)) = (axe_found, &axe) {
        println!("cargo::rustc-env=GAMETREE_AXE_JS={}", js.display());
    }
    let axe_dir: Vec<PathBuf> =
        axe.iter().filter_map(|p| p.parent().map(Path::to_path_buf)).filter(|d| d.is_dir()).collect();
    found("has_axe", axe.as_slice(), axe_found, &axe_dir);

    println!("cargo::rerun-if-env-changed=GAMETREE_GIFT_PEGJS");
    let gift = env::var_os("GAMETREE_GIFT_PEGJS").map(PathBuf::from);
    let node = on_path(&path_dirs, "node");
    let gift_js: Vec<PathBuf> = gift.iter().map(|d| d.join("pegjs-gift.js")).collect();
    let gift_found = node.is_some() && gift_js.iter().any(|p| p.is_file());
    if let (true, Some(dir)) = (gift_found, &gift) {
        println!("cargo::rustc-env=GAMETREE_GIFT_PEGJS_DIR={}", dir.display());
    }
    let gift_seen: Vec<PathBuf> = gift_js.iter().cloned().chain(node.clone()).collect();
    let gift_dirs: Vec<PathBuf> =
        gift.iter().filter(|d| d.is_dir()).cloned().chain(installable_dirs(&path_dirs)).collect();
    found("has_gift_pegjs", &gift_seen, gift_found, &gift_dirs);

    // As src/web/build looks: rustup's target beside the compiler building
    // this, else Debian's compiler, its std's source and wasm-ld.
    let rustc = env::var_os("RUSTC").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("rustc"));
    let sysroot = std::process::Command::new(&rustc).args(["--print", "sysroot"]).output().ok();
    let sysroot =
        sysroot.filter(|o| o.status.success()).map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    let rustup_wasm = sysroot.map(|s| PathBuf::from(s).join("lib/rustlib/wasm32-unknown-unknown/lib"));
    let wasm_ld = path_dirs.iter().map(|dir| dir.join("wasm-ld")).find(|p| is_executable(p));
    let debian = [
        Path::new("/usr/bin/cargo"),
        Path::new("/usr/bin/rustc"),
        Path::new("/usr/lib/rustlib/src/rust/library"),
    ];
    let debian_wasm = debian.iter().all(|p| p.exists()) && wasm_ld.is_some();
    let wasm: Vec<PathBuf> = if rustup_wasm.as_ref().is_some_and(|p| p.is_dir()) {
        rustup_wasm.into_iter().collect()
    } else {
        debian.iter().map(|p| p.to_path_buf()).chain(wasm_ld).collect()
    };
    let wasm_present = wasm.iter().all(|p| p.exists()) && (wasm.len() == 1 || debian_wasm);
    found(
        "has_wasm_toolchain",
        &wasm,
        wasm_present,
        &[PathBuf::from("/usr/bin"), PathBuf::from("/usr/lib/rustlib")],
    );

    println!("cargo::rerun-if-env-changed={COURSE_FIXTURES}");
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let folder = env::var_os(COURSE_FIXTURES).filter(|v| !v.is_empty()).map(|v| manifest.join(v));
    let course: Vec<PathBuf> =
        folder.iter().flat_map(|f| ["official", "rulings"].map(|d| f.join(d))).collect();
    let present = !course.is_empty() && course.iter().all(|d| d.is_dir());
    found("has_course_fixtures", &course, present, &folder.iter().cloned().collect::<Vec<_>>());
    if let (true, Some(folder)) = (present, &folder) {
        println!("cargo::rustc-env={COURSE_FIXTURES}={}", folder.display());
    }
}

/// The setting that names the folder of the course's fixtures.
const COURSE_FIXTURES: &str = "GAMETREE_COURSE_FIXTURES";

/// The first executable `program` in the folders of PATH.
fn on_path(path_dirs: &[PathBuf], program: &str) -> Option<PathBuf> {
    path_dirs.iter().map(|dir| dir.join(program)).find(|p| is_executable(p))
}

/// Sets `cfg` when `present`, and asks to be run again when what was found
/// changes or, when it was not found, when a folder it would appear in changes.
fn found(cfg: &str, what: &[impl AsRef<Path>], present: bool, would_appear_in: &[PathBuf]) {
    // A path that does not exist would make cargo run this script, and rebuild
    // the crate, every time: only existing paths are watched.
    let watched: Vec<&Path> = if present {
        what.iter().map(AsRef::as_ref).collect()
    } else {
        would_appear_in.iter().map(PathBuf::as_path).filter(|p| p.is_dir()).collect()
    };
    for path in watched {
        println!("cargo::rerun-if-changed={}", path.display());
    }
    if present {
        println!("cargo::rustc-cfg={cfg}");
    }
}

/// The folders of PATH that a package manager installs into: absolute, and not
/// the checkout or inside it (whose files change with every build).
fn installable_dirs(path_dirs: &[PathBuf]) -> Vec<PathBuf> {
    let manifest = env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from).unwrap_or_default();
    path_dirs
        .iter()
        .filter(|d| d.is_absolute() && !d.starts_with(&manifest) && !manifest.starts_with(d))
        .cloned()
        .collect()
}

/// What `python` prints running `code`, trimmed; `None` when it fails. `-B`:
/// no bytecode is written into the watched folders, which would make cargo
/// run this again and rebuild everything.
fn ask(python: &Path, code: &str) -> Option<String> {
    let out = std::process::Command::new(python).args(["-B", "-c", code]).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata().is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}
