//! gametree in the browser: the page `src/web/build` writes, opened from disk
//! in a real headless Chromium. Its `window.gametree` is held to the command
//! line byte for byte, and the page is used as a person uses it.

use crate::support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use gametree::games::{ALL, Settings};
use gametree::rng::Rng;
use serde_json::{Value, json};
use support::browser::Browser;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");

/// The page, built once for the whole run by the README's command.
fn page() -> &'static Path {
    static PAGE: OnceLock<PathBuf> = OnceLock::new();
    PAGE.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let out = Command::new(root.join("src/web/build")).output().expect("src/web/build runs");
        assert!(out.status.success(), "src/web/build failed:\n{}", String::from_utf8_lossy(&out.stderr));
        root.join("target/web/index.html")
    })
}

fn url() -> String {
    format!("file://{}", page().display())
}

fn open() -> Browser {
    let b = Browser::start();
    b.open(&url());
    b
}

/// What the command line writes for `analyse ARGS --json -`.
fn cli_json(args: &[&str]) -> String {
    let out = Command::new(BIN).arg("analyse").args(args).args(["--json", "-"]).output().unwrap();
    assert!(out.status.success(), "analyse {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// What the page's `gametree.analyse(options)` resolves to, or its error.
fn page_analyse(b: &Browser, options: &Value) -> Result<String, Value> {
    let script = format!(
        "return gametree.analyse({options}).then(t => ({{ok: t}}), e => ({{err: {{message: e.message, key: e.key, panic: e.panic}}}}))"
    );
    let r = b.run(&script);
    match r["ok"].as_str() {
        Some(t) => Ok(t.to_string()),
        None => Err(r["err"].clone()),
    }
}

/// The command line's arguments for the page's `options`: the same names.
fn args_of(options: &Value) -> Vec<String> {
    let mut args = vec![options["game"].as_str().unwrap().to_string()];
    for (k, v) in options.as_object().unwrap() {
        match (k.as_str(), v) {
            ("game", _) => {}
            (_, Value::Bool(true)) => args.push(format!("--{k}")),
            (_, Value::String(s)) => args.extend([format!("--{k}"), s.clone()]),
            (_, v) => args.extend([format!("--{k}"), v.to_string()]),
        }
    }
    args
}

fn assert_same(b: &Browser, options: Value) {
    let args = args_of(&options);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let cli = cli_json(&args);
    let page = page_analyse(b, &options).unwrap_or_else(|e| panic!("the page refused {options}: {e}"));
    assert!(page == cli, "page and CLI differ for {options}:\npage: {:.400}\ncli:  {:.400}", page, cli);
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn the_pages_analyse_is_the_clis_json_byte_for_byte_over_random_positions_of_every_game() {
    let b = open();
    let mut rng = Rng::new(37);
    for &name in ALL {
        let settings = Settings::default();
        for round in 0..3 {
            let choices: Vec<u32> = (0..rng.below(12)).map(|_| rng.next_u64() as u32).collect();
            let (position, depth) = gametree::with_game!(name, &settings, |g| {
                let pos = support::playing::playout(g, &choices);
                (
                    g.format_position(&pos),
                    g.default_depth().min(if name.as_str() == "checkers" { 3 } else { 2 }),
                )
            });
            let game = name.as_str();
            let search = ["minimax", "alphabeta", "alphabeta", "mcts"][(round + rng.below(4)) % 4];
            let mut options = json!({"game": game, "position": position, "search": search});
            match search {
                "mcts" => {
                    options["iterations"] = json!(50 + rng.below(300));
                    options["seed"] = json!(rng.below(1000));
                }
                _ => options["depth"] = json!(depth),
            }
            if search == "alphabeta" && round % 2 == 1 {
                options["no-prune-on-ties"] = json!(true);
            }
            assert_same(&b, options);
        }
    }
    for file in ["aima-5.2.txt", "cs188-one-ghost-3level.txt", "wikipedia-alpha-beta.txt"] {
        let text = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/textbook").join(file),
        )
        .unwrap();
        assert_same(
            &b,
            json!({"game": "tree", "position": text, "search": "alphabeta", "no-prune-on-ties": true}),
        );
        assert_same(
            &b,
            json!({"game": "tree", "position": text, "search": "alphabeta", "compare-orders": true}),
        );
    }
    assert!(b.console_errors().is_empty(), "{:?}", b.console_errors());
    assert_eq!(b.requests(&url()), Vec::<String>::new(), "the page fetches nothing");
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn the_pages_perft_and_best_print_what_the_cli_prints() {
    let b = open();
    for (options, args) in [
        (json!({"game": "ataxx", "depth": 3}), vec!["perft", "ataxx", "3"]),
        (
            json!({"game": "tictactoe", "depth": 4, "divide": true}),
            vec!["perft", "tictactoe", "4", "--divide"],
        ),
    ] {
        let page = b.run(&format!("return gametree.perft({options})"));
        let cli = Command::new(BIN).args(&args).output().unwrap();
        assert_eq!(page.as_str(), Some(String::from_utf8(cli.stdout).unwrap().as_str()), "{args:?}");
    }
    for (options, args) in [
        (json!({"game": "tictactoe", "depth": 9}), vec!["best", "tictactoe", "--depth", "9"]),
        (
            json!({"game": "niujiao", "search": "minimax", "depth": 3}),
            vec!["best", "niujiao", "--search", "minimax", "--depth", "3"],
        ),
        (
            json!({"game": "gomoku", "search": "mcts", "iterations": 300, "seed": 5}),
            vec!["best", "gomoku", "--search", "mcts", "--iterations", "300", "--seed", "5"],
        ),
    ] {
        let page = b.run(&format!("return gametree.best({options})"));
        let cli = Command::new(BIN).args(&args).output().unwrap();
        assert_eq!(page.as_str(), Some(String::from_utf8(cli.stdout).unwrap().as_str()), "{args:?}");
    }
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn a_bad_tree_is_explained_beside_its_field_a_big_tree_is_refused_and_a_panic_leaves_the_page_working() {
    let b = open();
    b.type_into("#position", "((3 5) (2 9)");
    b.click("#analyse");
    wait_for(&b, "return document.getElementById('error-position').textContent");
    let said = b.text("#error-position");
    assert!(said.contains("column 1") && said.contains("never closed"), "{said}");
    assert_eq!(
        b.run("return document.getElementById('position').getAttribute('aria-invalid')"),
        json!("true")
    );

    b.run("document.getElementById('game').value = 'checkers'; document.getElementById('game').onchange()");
    b.type_into("#depth", "12");
    b.click("#analyse");
    wait_for(&b, "return document.getElementById('error-depth').textContent");
    let said = b.text("#error-depth");
    assert!(said.contains("budget") && said.contains("smaller depth"), "{said}");

    let panic =
        b.run("return gametree.run('panic', {game: 'tree'}).then(() => null, e => [e.panic, e.message])");
    assert_eq!(panic[0], json!(true), "{panic}");
    assert!(panic[1].as_str().unwrap().contains("a panic asked for"), "{panic}");
    assert_same(&b, json!({"game": "tictactoe", "depth": 2, "search": "alphabeta"}));
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn cancel_ends_a_long_count_and_the_next_request_runs() {
    let b = open();
    b.run("window.long = gametree.perft({game: 'ataxx', depth: 7}).then(() => 'done', e => e.message); return 0");
    b.run("return new Promise(r => setTimeout(r, 800))");
    let status = b.text("#status");
    assert!(status.contains("Counting positions… depth "), "each depth is reported as it ends: {status}");
    assert_eq!(
        b.run("return document.getElementById('cancel').disabled"),
        json!(false),
        "Cancel is offered while busy"
    );
    b.click("#cancel");
    assert_eq!(b.run("return window.long"), json!("cancelled"));
    assert_same(&b, json!({"game": "niujiao", "depth": 2}));
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn a_textbook_trees_leaf_changed_in_the_explorer_is_searched_again_at_once() {
    let b = open();
    b.type_into("#position", "((3 12 8) (2 4 6) (14 5 2))");
    b.type_into("#depth", "2");
    b.click("#analyse");
    wait_for(&b, "return document.getElementById('explorer').contentWindow.gametree ? 'yes' : ''");
    let frame = "document.getElementById('explorer').contentWindow";
    let decision = format!("return {frame}.gametree.header.summary.decision");
    assert_eq!(b.run(&decision), json!("1"), "MAX goes to the first child (value 3)");
    // Node 12 is the third MIN node's last leaf, 2: made 40, that node backs
    // up 5, more than the first's 3, and MAX goes there instead.
    // The explorer opens on the line of best play: node 3 is folded.
    b.run(&format!("{frame}.document.querySelector(\".node[data-id='3'] .toggle\").click()"));
    wait_for(&b, &format!("return {frame}.document.querySelector('[data-id=\"12\"]') ? 'yes' : ''"));
    b.run(&format!(
        "const d = {frame}.document; const box = [...d.querySelectorAll('[data-index]')].find(e => e.dataset.id === '12');
         box.dispatchEvent(new MouseEvent('dblclick', {{bubbles: true}}))"
    ));
    wait_for(&b, "return document.getElementById('leaf-value') ? 'yes' : ''");
    assert_eq!(b.run("return document.getElementById('leaf-value').value"), json!("2"));
    b.type_into("#leaf-value", "40");
    b.run("document.getElementById('leaf-edit').requestSubmit()");
    wait_for(
        &b,
        "return document.getElementById('position').value.includes('40') && document.getElementById('explorer').contentWindow.gametree && document.getElementById('explorer').contentWindow.gametree.header.summary.decision === '3' ? 'yes' : ''",
    );
    assert_eq!(
        b.run("return document.getElementById('position').value"),
        json!("((3 12 8) (2 4 6) (14 5 40))")
    );
}

fn wait_for(b: &Browser, script: &str) {
    let started = std::time::Instant::now();
    loop {
        let v = b.run(script);
        if v.as_str().is_some_and(|s| !s.is_empty()) || v == json!(true) {
            return;
        }
        assert!(started.elapsed().as_secs() < 60, "waited in vain for: {script}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn the_pages_exercise_files_are_the_clis_byte_for_byte() {
    use base64::Engine;
    let b = open();
    for (options, args) in [
        (
            json!({"seed": 7, "depth": 3, "no-prune-on-ties": true}),
            vec!["--seed", "7", "--depth", "3", "--no-prune-on-ties"],
        ),
        (
            json!({"seed": 3, "search": "minimax", "branching": "2..2", "paper": "letter"}),
            vec!["--seed", "3", "--search", "minimax", "--branching", "2..2", "--paper", "letter"],
        ),
        (
            json!({"game": "tictactoe", "position": "xox.o.... x", "depth": 2}),
            vec!["--game", "tictactoe", "--position", "xox.o.... x", "--depth", "2"],
        ),
    ] {
        let dir = support::Scratch::new("web-exercise");
        let out = Command::new(BIN).arg("exercise").args(&args).arg("--out").arg(&*dir).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let files = b.run(&format!("return gametree.exercise({options})"));
        let files = files.as_object().unwrap_or_else(|| panic!("no files for {options}: {files}"));
        let mut names: Vec<String> = std::fs::read_dir(&*dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        let mut page_names: Vec<String> = files.keys().cloned().collect();
        page_names.sort();
        assert_eq!(page_names, names, "the same files for {args:?}");
        for (name, body) in files {
            let bytes = match body {
                Value::String(t) => t.clone().into_bytes(),
                v => base64::engine::general_purpose::STANDARD.decode(v["base64"].as_str().unwrap()).unwrap(),
            };
            assert!(bytes == std::fs::read(dir.join(name)).unwrap(), "{name} differs for {args:?}");
        }
    }
}

/// The explorer's summary of the tree the page shows.
fn shown(b: &Browser) -> Value {
    wait_for(&b, "return document.getElementById('explorer').contentWindow.gametree ? 'yes' : ''");
    b.run("return document.getElementById('explorer').contentWindow.gametree.header.summary")
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn the_page_opens_on_a_searched_tree_and_a_link_opens_the_tree_it_names() {
    let b = open();
    // Before anything is pressed: AIMA's figure 5.2 under alpha-beta.
    let summary = shown(&b);
    assert_eq!(
        (&summary["game"], &summary["search"], &summary["decision"], &summary["value"], &summary["pruned"]),
        (&json!("tree"), &json!("alphabeta"), &json!("B"), &json!(3), &json!(2)),
        "{summary}"
    );
    assert_eq!(summary["node_count"], json!(13));
    let mark = b.run("return performance.getEntriesByName('gametree-ready').length");
    assert_eq!(mark, json!(1), "the page marks when it is interactive (benches/web.rs times it)");
    // The address now names that tree; a request made in the form too.
    b.run("document.getElementById('game').value = 'tictactoe'; document.getElementById('game').onchange()");
    b.type_into("#position", "xo.x.o... x");
    b.type_into("#depth", "3");
    b.click("#analyse");
    wait_for(&b, "return location.hash.includes('tictactoe') ? 'yes' : ''");
    let hash = b.run("return location.hash").as_str().unwrap().to_string();
    let expected = cli_json(&["tictactoe", "--position", "xo.x.o... x", "--depth", "3", "--search", "alphabeta"]);
    // The link, opened afresh, shows the same tree with the same form.
    let b2 = Browser::start();
    b2.open(&format!("{}?from-a-link{hash}", url()));
    let summary = shown(&b2);
    assert_eq!((&summary["game"], &summary["depth"]), (&json!("tictactoe"), &json!(3)), "{summary}");
    assert_eq!(b2.run("return document.getElementById('position').value"), json!("xo.x.o... x"));
    let json = b2.run("return gametree.analyse({game: 'tictactoe', position: 'xo.x.o... x', depth: 3, search: 'alphabeta'})");
    assert_eq!(json.as_str(), Some(expected.as_str()));
    let node_count: Value = serde_json::from_str(&expected).unwrap();
    assert_eq!(summary["node_count"], node_count["node_count"], "the link's tree is the CLI's");
    assert!(b2.console_errors().is_empty(), "{:?}", b2.console_errors());
}

/// Serves `file` as `/` and `/index.html` over HTTP on a port of its own, as a
/// static host would; anything else is 404, and every path asked for is kept.
fn serve(file: &Path) -> (String, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
    use std::io::{BufRead, BufReader, Write};
    let body = std::fs::read(file).unwrap();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let asked = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = asked.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut first = String::new();
            if reader.read_line(&mut first).is_err() {
                continue;
            }
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).map_or(true, |n| n == 0) || line == "\r\n" {
                    break;
                }
            }
            let path = first.split_whitespace().nth(1).unwrap_or("").to_string();
            log.lock().unwrap().push(path.clone());
            let (status, body): (&str, &[u8]) = match path.as_str() {
                "/" | "/index.html" => ("200 OK", &body),
                _ => ("404 Not Found", b"not here"),
            };
            let head = format!(
                "HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(body));
        }
    });
    (format!("http://{addr}/"), asked)
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn the_page_is_one_file_under_3_mb_that_works_from_a_static_http_host_as_from_disk() {
    let size = std::fs::metadata(page()).unwrap().len();
    assert!(size < 3_000_000, "the page is {size} bytes; the issue allows under 3 MB");
    let (address, asked) = serve(page());
    let b = Browser::start();
    b.open(&address);
    assert_eq!(shown(&b)["decision"], json!("B"), "the first tree is searched over HTTP too");
    assert_same(&b, json!({"game": "ataxx", "depth": 2, "search": "alphabeta"}));
    let perft = b.run("return gametree.perft({game: 'niujiao', depth: 4})");
    let cli = Command::new(BIN).args(["perft", "niujiao", "4"]).output().unwrap();
    assert_eq!(perft.as_str(), Some(String::from_utf8(cli.stdout).unwrap().as_str()));
    assert_eq!(*asked.lock().unwrap(), vec!["/".to_string()], "the host is asked for the page alone");
    assert!(b.console_errors().is_empty(), "{:?}", b.console_errors());
}
