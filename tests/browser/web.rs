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

/// The page, built once for the whole run by the README's command (with a
/// lighter profile, see Cargo.toml's `web-test`).
fn page() -> &'static Path {
    static PAGE: OnceLock<PathBuf> = OnceLock::new();
    PAGE.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        // The same engine as the shipped page, built without LTO for a
        // fifth less compile; .ci/run checks the release page's size.
        let out = Command::new(root.join("src/web/build"))
            .env("GAMETREE_WEB_PROFILE", "web-test")
            .output()
            .expect("src/web/build runs");
        assert!(out.status.success(), "src/web/build failed:\n{}", String::from_utf8_lossy(&out.stderr));
        root.join("target/web/index.html")
    })
}

pub(crate) fn url() -> String {
    format!("file://{}", page().display())
}

pub(crate) fn open() -> Browser {
    let b = Browser::start();
    fresh(&b, &url());
    b
}

/// Opens `address` (with no `#` request) as a person's first visit: the
/// page reopens the fields kept in the browser's storage, and a pooled
/// browser's hold an earlier test's, so they are cleared and the page opened
/// again.
pub(crate) fn fresh(b: &Browser, address: &str) {
    b.open(address);
    b.run("localStorage.clear()");
    b.open(&format!("{address}{}", if address.contains('?') { "&fresh" } else { "?fresh" }));
}

/// What the command line writes for `analyse ARGS --json -`.
pub(crate) fn cli_json(args: &[&str]) -> String {
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

fn assert_same(b: &Browser, mut options: Value) {
    // MCTS's tree in the page is held to the page's node budget, which its
    // JSON states: the command line is given the same budget.
    if options["search"] == json!("mcts") && options.get("max-nodes").is_none() {
        options["max-nodes"] = json!(gametree::request::budget::PAGE_MAX_NODES);
    }
    let args = args_of(&options);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let cli = cli_json(&args);
    let page = page_analyse(b, &options).unwrap_or_else(|e| panic!("the page refused {options}: {e}"));
    // Deepening times each iteration (`time_ms`), a clock's reading that no
    // two runs share in either door: each is checked to be a time, and the
    // texts are then held equal byte for byte with the readings taken out.
    let (page, page_times) = without_times(&page);
    let (cli, cli_times) = without_times(&cli);
    assert_eq!(page_times, cli_times, "as many timed iterations in page and CLI for {options}");
    if options["search"] == json!("deepening") {
        assert!(page_times > 0, "deepening's JSON times its iterations: {page:.400}");
    }
    assert!(page == cli, "page and CLI differ for {options}:\npage: {:.400}\ncli:  {:.400}", page, cli);
}

/// `text` with each `"time_ms":NUMBER` read as a time of 0 or more and
/// written `"time_ms":T`, and how many there were.
fn without_times(text: &str) -> (String, usize) {
    const KEY: &str = "\"time_ms\":";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut n = 0;
    while let Some(at) = rest.find(KEY) {
        let (before, after) = rest.split_at(at + KEY.len());
        let end = after.find([',', '}']).unwrap_or(after.len());
        let ms: f64 =
            after[..end].parse().unwrap_or_else(|_| panic!("time_ms is not a number: {:.40}", after));
        assert!(ms >= 0.0 && ms.is_finite(), "time_ms {ms}");
        out.push_str(before);
        out.push('T');
        rest = &after[end..];
        n += 1;
    }
    out.push_str(rest);
    (out, n)
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
            let search =
                ["minimax", "alphabeta", "alphabeta", "deepening", "mcts"][(round + rng.below(5)) % 5];
            let mut options = json!({"game": game, "position": position, "search": search});
            match search {
                "mcts" => {
                    options["iterations"] = json!(50 + rng.below(300));
                    options["seed"] = json!(rng.below(1000));
                }
                _ => options["depth"] = json!(depth),
            }
            if (search == "alphabeta" || search == "deepening") && round % 2 == 1 {
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
        assert_same(&b, json!({"game": "tree", "position": text, "search": "deepening"}));
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

    // (The game's first look, stopped: its own refusal, had it come after
    // the click below, would have been read as the refusal of depth 12.)
    choose_game(&b, "checkers");
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
    // Waited for, not slept on: a loaded machine may report no depth in 0.8 s.
    wait_for(&b, "return /Counting positions… depth /.test(document.getElementById('status').textContent)");
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
    // The page opens on AIMA's tree; that explorer's window is marked so that
    // the wait below is for the tree typed here, not the one already shown.
    shown(&b);
    let frame = "document.getElementById('explorer').contentWindow";
    b.run(&format!("{frame}.stale = true"));
    b.type_into("#position", "((3 12 8) (2 4 6) (14 5 2))");
    b.type_into("#depth", "2");
    b.click("#analyse");
    wait_for(&b, &format!("const w = {frame}; return w.gametree && !w.stale ? 'yes' : ''"));
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

pub(crate) fn wait_for(b: &Browser, script: &str) {
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
pub(crate) fn shown(b: &Browser) -> Value {
    wait_for(b, "return document.getElementById('explorer').contentWindow.gametree ? 'yes' : ''");
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
    choose_game(&b, "tictactoe");
    b.type_into("#position", "xo.x.o... x");
    b.type_into("#depth", "3");
    b.click("#analyse");
    // The request typed here, not the game's first look (also tic-tac-toe's).
    wait_for(
        &b,
        "const l = new URLSearchParams(location.hash.slice(1)); return l.get('position') === 'xo.x.o... x' && l.get('depth') === '3'",
    );
    let hash = b.run("return location.hash").as_str().unwrap().to_string();
    let expected =
        cli_json(&["tictactoe", "--position", "xo.x.o... x", "--depth", "3", "--search", "alphabeta"]);
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

/// Chooses `game` in the form, as a person does, and stops the first look
/// the page then takes on its own (the game's start at its depth, and each
/// smaller depth while over the page's budget: tic-tac-toe's 9, 8, 7 ... or
/// gomoku's, each built up to the budget before it is refused), as a person
/// does with Cancel. Left running, it held the worker for seconds ahead of
/// the test's own requests, and its answers (a refusal, the address's
/// `#game=...`, the depth field) could be read as theirs.
pub(crate) fn choose_game(b: &Browser, game: &str) {
    b.run(&format!(
        "document.getElementById('game').value = '{game}'; document.getElementById('game').onchange()"
    ));
    // The board is asked for first (the worker answers in order): once it is
    // drawn, what is left is the first look.
    wait_for(
        b,
        &format!(
            "return document.querySelector('#board[data-game={game}] [data-point]') && !document.getElementById('board-box').hidden"
        ),
    );
    b.run("if (gametree.busy) gametree.cancel()");
    wait_for(b, "return gametree.busy === 0");
}

pub(crate) fn click_point(b: &Browser, point: usize) {
    b.click(&format!("#board [data-point='{point}'] .hit"));
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn a_board_set_up_by_clicking_its_points_is_written_in_the_games_notation_and_searched_again() {
    let b = open();
    shown(&b);
    choose_game(&b, "tictactoe");
    assert_eq!(b.count("#board [data-point]"), 9);
    b.type_into("#depth", "3");
    // The centre once: an x, and so it is o's turn.
    click_point(&b, 4);
    wait_for(&b, "return document.getElementById('position').value === '....x.... o' ? 'yes' : ''");
    assert_eq!(b.run("return document.getElementById('to-move').value"), json!("second"));
    // The corner twice: x (two x and no o: no position, said so), then o
    // (o still to move, which the game allows).
    click_point(&b, 0);
    wait_for(&b, "return document.getElementById('error-position').textContent");
    assert!(b.text("#error-position").contains("cannot arise"), "{}", b.text("#error-position"));
    click_point(&b, 0);
    wait_for(&b, "return document.getElementById('position').value === 'o...x.... o' ? 'yes' : ''");
    assert_eq!(b.text("#error-position"), "", "mended, the message goes");
    // Each change searches again: the explorer shows the position set up.
    wait_for(
        &b,
        "const w = document.getElementById('explorer').contentWindow; return w.gametree && w.gametree.header.summary.position === 'o...x.... o' ? 'yes' : ''",
    );
    let summary = shown(&b);
    let cli: Value =
        serde_json::from_str(&cli_json(&["tictactoe", "--position", "o...x.... o", "--depth", "3"])).unwrap();
    assert_eq!(summary["node_count"], cli["node_count"], "{summary}");
    // Who is to move is chosen too (niujiao: either side may be to move).
    choose_game(&b, "niujiao");
    b.run("const s = document.getElementById('to-move'); s.value = 'second'; s.onchange()");
    wait_for(&b, "return document.getElementById('position').value === 'r.......bb b' ? 'yes' : ''");
    // A board that is no position is said beside the position's field.
    choose_game(&b, "checkers");
    assert_eq!(b.count("#board [data-point]"), 64);
    click_point(&b, 0); // a light square: no unit stands there
    wait_for(&b, "return document.getElementById('error-position').textContent");
    let said = b.text("#error-position");
    assert!(said.contains("this board is no position"), "{said}");
    // Every board game can be set up; a textbook tree has no board.
    for game in ["niujiao", "ataxx", "gomoku"] {
        choose_game(&b, game);
        assert_eq!(b.run("return document.getElementById('edit-controls').hidden"), json!(false), "{game}");
    }
    b.run("document.getElementById('game').value = 'tree'; document.getElementById('game').onchange()");
    assert_eq!(b.run("return document.getElementById('board-box').hidden"), json!(true));
    assert!(b.console_errors().is_empty(), "{:?}", b.console_errors());
}

/// The machine's first move in `gametree play`, machine first, at `level`.
fn cli_machine_move(game: &str, position: &str, level: &str, seed: u64) -> String {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .args(["play", game, "--position", position, "--first", "machine", "--second", "human"])
        .args(["--level", level, "--seed", &seed.to_string(), "--think", "200", "--ascii"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"quit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let at = text.find(" plays ").unwrap_or_else(|| panic!("no machine move in:\n{text}"));
    text[at + 7..].split_whitespace().next().unwrap().to_string()
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn the_machine_plays_in_the_page_as_in_play_at_every_level_and_a_person_plays_it_on_the_board() {
    let b = open();
    for (game, position) in [
        ("tictactoe", "x...o.... x"),
        ("niujiao", "r.......bb r"),
        ("checkers", ".w.w.w.w/w.w.w.w./.w.w.w.w/......../......../b.b.b.b./.b.b.b.b/b.b.b.b. b"),
        ("ataxx", "x5o/7/7/7/7/7/o5x x 0 1"),
    ] {
        for level in ["random", "easy", "medium", "hard", "strong", "mcts"] {
            for seed in [1u64, 7] {
                let options =
                    json!({"game": game, "position": position, "level": level, "seed": seed, "think": 200});
                let page = b.run(&format!("return gametree.run('machine', {options}).then(a => a.action)"));
                let cli = cli_machine_move(game, position, level, seed);
                assert_eq!(page.as_str(), Some(cli.as_str()), "{game} {level} seed {seed}");
            }
        }
    }
    // A person against the machine: the machine opens (the person takes o).
    shown(&b);
    choose_game(&b, "tictactoe");
    b.click("#mode-play");
    b.run("document.getElementById('level').value = 'easy'; document.getElementById('you-play').value = 'second'");
    b.click("#new-game");
    wait_for(&b, "return document.querySelectorAll('#game-record li').length === 1 ? 'yes' : ''");
    assert!(b.text("#game-record li").starts_with("x plays "), "{}", b.text("#game-record"));
    // The first empty point, clicked: the person's move, then the machine's.
    let empty = b.run("return [...document.getElementById('position').value.split(' ')[0]].indexOf('.')");
    click_point(&b, empty.as_u64().unwrap() as usize);
    wait_for(&b, "return document.querySelectorAll('#game-record li').length === 3 ? 'yes' : ''");
    let record = b.run("return [...document.querySelectorAll('#game-record li')].map(l => l.textContent)");
    assert!(record[1].as_str().unwrap().starts_with("o plays "), "{record}");
    let position = b.run("return document.getElementById('position').value");
    let cells = position.as_str().unwrap().split(' ').next().unwrap();
    assert_eq!((cells.matches('x').count(), cells.matches('o').count()), (2, 1), "{position}");
    assert!(position.as_str().unwrap().ends_with(" o"), "the person's turn again: {position}");
    // Every move is also a button: the person plays one by its name.
    let first = b.run("return document.querySelector('#moves button').textContent");
    b.click("#moves button");
    wait_for(&b, "return document.querySelectorAll('#game-record li').length >= 4 ? 'yes' : ''");
    let record = b.run("return [...document.querySelectorAll('#game-record li')].map(l => l.textContent)");
    assert_eq!(record[3], json!(format!("o plays {}", first.as_str().unwrap())));
    assert!(b.console_errors().is_empty(), "{:?}", b.console_errors());
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn on_a_projector_and_on_a_phone_nothing_runs_off_the_side_and_the_tree_and_board_are_in_view() {
    // GAMETREE_SHOTS=DIR keeps a screenshot of each view to look at.
    let shots = std::env::var_os("GAMETREE_SHOTS");
    let b = Browser::start_alone();
    for (w, h) in [(1366, 768), (390, 844)] {
        b.set_viewport(w, h);
        fresh(&b, &format!("{}?{w}x{h}", url()));
        shown(&b);
        let fits = |what: &str| {
            let wide = b.run("return document.documentElement.scrollWidth");
            assert!(wide.as_u64().unwrap() <= w as u64, "{w}x{h}, {what}: the page is {wide} px wide");
        };
        fits("the first tree");
        // The explorer is on the first screen: on a projector beside the form,
        // from the top, and whole; on a phone below it, the whole width.
        let frame = b.run("const r = document.getElementById('explorer').getBoundingClientRect(); return [r.top, r.width, r.bottom]");
        let (top, width, bottom) =
            (frame[0].as_f64().unwrap(), frame[1].as_f64().unwrap(), frame[2].as_f64().unwrap());
        if w > h {
            assert!(
                top < 0.15 * h as f64 && bottom <= h as f64,
                "{w}x{h}: the tree is not whole on the screen: {frame}"
            );
            assert!(width >= 0.6 * w as f64, "{w}x{h}: the tree is narrow: {frame}");
        } else {
            assert!(top < 0.9 * h as f64, "{w}x{h}: the tree starts below the first screen: {frame}");
            assert!(width >= 0.85 * w as f64, "{w}x{h}: the tree is narrow: {frame}");
        }
        if let Some(dir) = &shots {
            b.screenshot(&Path::new(dir).join(format!("web-{w}x{h}-first-tree.png")));
        }
        // A board game: the board whole on screen, its points big enough to tap.
        choose_game(&b, "checkers");
        fits("the checkers board");
        let board = b.run("const r = document.getElementById('board').getBoundingClientRect(); return [r.left, r.right, r.width]");
        assert!(
            board[0].as_f64().unwrap() >= 0.0 && board[1].as_f64().unwrap() <= w as f64,
            "{w}x{h}: {board}"
        );
        let point =
            b.run("return document.querySelector('#board [data-point] .hit').getBoundingClientRect().width");
        assert!(
            point.as_f64().unwrap() >= 36.0,
            "{w}x{h}: a checkers square is {point} px, too small to tap"
        );
        b.run("document.getElementById('board-box').scrollIntoView()");
        if let Some(dir) = &shots {
            b.screenshot(&Path::new(dir).join(format!("web-{w}x{h}-checkers-board.png")));
        }
        b.click("#mode-play");
        b.run("document.getElementById('level').value = 'easy'; document.getElementById('you-play').value = 'second'");
        b.click("#new-game");
        // The machine opens; once it has moved, its tree is shown.
        wait_for(
            &b,
            "return document.querySelector('#game-record li') && /^The tree the machine searched/.test(document.getElementById('machine-tree').textContent) ? 'yes' : ''",
        );
        fits("a game against the machine");
        if let Some(dir) = &shots {
            b.run("document.getElementById('machine-tree').scrollIntoView()");
            b.screenshot(&Path::new(dir).join(format!("web-{w}x{h}-play.png")));
        }
    }
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn a_node_at_the_edge_is_searched_deeper_in_place_twice_and_each_graft_is_the_clis_tree_of_its_position() {
    let b = open();
    shown(&b);
    choose_game(&b, "tictactoe");
    b.run(
        "document.getElementById('search').value = 'alphabeta'; document.getElementById('search').onchange()",
    );
    b.type_into("#depth", "2");
    b.type_into("#position", "x...o.... x");
    b.click("#analyse");
    let frame = "document.getElementById('explorer').contentWindow";
    wait_for(
        &b,
        &format!(
            "const w = {frame}; return w.gametree && w.gametree.header.summary.depth === 2 && w.gametree.header.summary.position === 'x...o.... x' ? 'yes' : ''"
        ),
    );
    let before = b.run(&format!("return {frame}.gametree.n"));
    // Twice: a node at the edge (the first on the line of best play, then
    // one at the edge of that graft), double-clicked where it is drawn.
    let mut roots = Vec::new();
    for round in 0..2 {
        let n = b.run(&format!(
            "const g = {frame}.gametree, d = {frame}.document;
             const done = g.graft.grafted();
             let n = -1;
             for (let i = 0; i < g.n && n < 0; i++) if (g.graft.can(i) && (!done.length || done.every(r => {{ for (let p = i; p >= 0; p = g.nodes.parent[p]) if (p === r) return true; return false; }}))) n = i;
             g.select(n);
             d.querySelector(`[data-index=\"${{n}}\"]`).dispatchEvent(new MouseEvent('dblclick', {{bubbles: true}}));
             return n"
        ));
        let n = n.as_i64().unwrap_or_else(|| panic!("no node at the edge in round {round}"));
        assert!(n >= 0, "no node at the edge in round {round}");
        wait_for(
            &b,
            &format!("return {frame}.gametree.graft.grafted().length === {} ? 'yes' : ''", round + 1),
        );
        roots.push(n);
    }
    let after = b.run(&format!("return {frame}.gametree.n"));
    assert!(after.as_i64() > before.as_i64(), "{before} -> {after}");
    // Each graft, node by node, against the CLI's tree of the position its
    // line reaches, two plies deep (the deeper graft stands in its first's
    // leaf: that leaf's static cost is the CLI's, its value the deeper one).
    for (k, &root) in roots.iter().enumerate() {
        let line = b.run(&format!("return {frame}.gametree.graft.line({root})"));
        let mut position = "x...o.... x".to_string();
        for action in line.as_array().unwrap() {
            let out = b.run(&format!(
                "return gametree.run('apply', {{game: 'tictactoe', position: {position:?}, action: {action}}}).then(a => a.position)"
            ));
            position = out.as_str().unwrap().to_string();
        }
        let cli = cli_json(&["tictactoe", "--position", &position, "--depth", "2", "--search", "alphabeta"]);
        let differences = b.run(&format!(
            "const g = {frame}.gametree, T = {cli}, F = g.FLAGS, nodes = g.nodes, out = [];
             const later = g.graft.grafted().filter(r => r !== {root});
             const walk = (j, i) => {{
               const c = T.nodes[j];
               const say = (what, page, cli) => out.push(`#${{g.idOf(i)}} ${{g.graft.line(i).join(' ')}}: ${{what}} ${{page}} in the page, ${{cli}} in the CLI`);
               if (j && g.actionName(i) !== c.action) say('action', g.actionName(i), c.action);
               if (!!(nodes.flags[i] & F.PRUNED) !== c.pruned) say('pruned', nodes.flags[i] & F.PRUNED, c.pruned);
               if (j && nodes.cost[i] !== c.cost) say('cost', nodes.cost[i], c.cost);
               const bound = nodes.flags[i] & F.LOWER ? 'lower' : nodes.flags[i] & F.UPPER ? 'upper' : c.pruned ? null : 'exact';
               if (j && bound !== c.bound) say('bound', bound, c.bound);
               if (later.includes(i)) {{
                 if (c.children.length) say('a leaf', false, 'has children');
                 return;
               }}
               if (nodes.count[i] !== c.children.length) say('children', nodes.count[i], c.children.length);
               if (!c.pruned && nodes.value[i] !== c.value && !later.some(r => {{ for (let p = r; p >= 0; p = nodes.parent[p]) if (p === i) return true; return false; }})) say('value', nodes.value[i], c.value);
               c.children.forEach((cj, k) => walk(cj, nodes.first[i] + k));
             }};
             walk(0, {root});
             return out"
        ));
        assert_eq!(differences, json!([]), "graft {k} at node {root}, position {position}");
    }
    // Values above a graft: each the greatest (MAX) or least (MIN) of its
    // searched children's, and the panel says what changed.
    let wrong = b.run(&format!(
        "const g = {frame}.gametree, n = g.nodes, F = g.FLAGS, out = [];
         for (const r of g.graft.grafted()) for (let p = n.parent[r]; p >= 0; p = n.parent[p]) {{
           let v = null;
           for (let k = 0; k < n.count[p]; k++) {{ const c = n.first[p] + k; if (!(n.flags[c] & F.PRUNED)) v = v === null ? n.value[c] : n.flags[p] & F.MAXIMISING ? Math.max(v, n.value[c]) : Math.min(v, n.value[c]); }}
           if (v !== n.value[p]) out.push(`${{g.idOf(p)}}: ${{n.value[p]}}, its children back up ${{v}}`);
         }}
         return out"
    ));
    assert_eq!(wrong, json!([]));
    let panel = b.run(&format!(
        "const g = {frame}.gametree; g.select({}); return {frame}.document.getElementById('panel').textContent",
        roots[1]
    ));
    let panel = panel.as_str().unwrap();
    assert!(
        panel.contains("before the graft")
            && panel.contains("searched deeper")
            && panel.contains("2 plies deeper"),
        "{panel}"
    );
    assert!(b.text("#status").contains("grafted below"), "{}", b.text("#status"));
    // The form shows what was searched last: the last graft's position, its plies.
    let line = b.run(&format!("return {frame}.gametree.graft.line({})", roots[1]));
    let mut position = "x...o.... x".to_string();
    for action in line.as_array().unwrap() {
        let out = b.run(&format!(
            "return gametree.run('apply', {{game: 'tictactoe', position: {position:?}, action: {action}}}).then(a => a.position)"
        ));
        position = out.as_str().unwrap().to_string();
    }
    assert_eq!(b.run("return document.getElementById('position').value"), json!(position));
    assert_eq!(b.run("return document.getElementById('depth').value"), json!("2"));
    // The banner keeps the first search's decision and says what the tree now backs up.
    let banner = b.run(&format!("return {frame}.document.getElementById('graft-line').textContent"));
    assert!(banner.as_str().is_some_and(|t| t.contains("with the line searched deeper")), "{banner}");
    // The explorer never left: the same page, now with its graft's boxes drawn.
    assert_eq!(b.run(&format!("return {frame}.gametree.header.summary.position")), json!("x...o.... x"));
    assert!(
        b.run(&format!("return {frame}.document.querySelectorAll('.box.grafted').length")).as_u64()
            >= Some(1)
    );
    assert!(b.console_errors().is_empty(), "{:?}", b.console_errors());
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn while_playing_the_explorer_shows_the_tree_the_machine_searched_for_its_last_move_or_says_there_is_none() {
    let b = open();
    shown(&b);
    choose_game(&b, "tictactoe");
    shown(&b);
    let frame = "document.getElementById('explorer').contentWindow";
    let note = || b.text("#machine-tree");
    let records = |n: usize| {
        wait_for(
            &b,
            &format!("return document.querySelectorAll('#game-record li').length === {n} ? 'yes' : ''"),
        )
    };
    // What the explorer shows once the machine's tree has come: its summary,
    // its node count and the values of the root's children by action.
    let machine_tree = || {
        wait_for(
            &b,
            "return /^The tree the machine searched/.test(document.getElementById('machine-tree').textContent) && !document.getElementById('explorer').hidden ? 'yes' : ''",
        );
        shown(&b);
        b.run(&format!(
            "const g = {frame}.gametree; const kids = {{}};
             for (let k = 0; k < g.nodes.count[0]; k++) kids[g.actionName(g.nodes.first[0] + k)] = g.nodes.value[g.nodes.first[0] + k];
             return {{summary: g.header.summary, n: g.n, root: g.nodes.value[0], kids}}"
        ))
    };
    let played = |i: usize| {
        let r = b.run("return [...document.querySelectorAll('#game-record li')].map(l => l.textContent)");
        let line = r[i].as_str().unwrap().to_string();
        line.split(' ').nth(2).unwrap().to_string()
    };
    let start = b.run("return document.getElementById('position').value").as_str().unwrap().to_string();
    b.click("#mode-play");
    b.run("document.getElementById('level').value = 'medium'; document.getElementById('you-play').value = 'second'");
    b.click("#new-game");
    records(1);
    // medium searches tic-tac-toe 3 plies (a third of its own 9): that tree,
    // from the position before the move, is the command line's.
    let t = machine_tree();
    assert_eq!(t["summary"]["position"], json!(start), "{t}");
    assert_eq!(t["summary"]["depth"], json!(3), "{t}");
    assert!(note().contains("alpha-beta to depth 3"), "{}", note());
    let cli: Value = serde_json::from_str(&cli_json(&[
        "tictactoe",
        "--position",
        &start,
        "--depth",
        "3",
        "--search",
        "alphabeta",
    ]))
    .unwrap();
    assert_eq!(t["n"], cli["node_count"], "{t}");
    assert_eq!(t["root"], cli["nodes"][0]["value"], "{t}");
    // The move played is one of the tree's best.
    let m = played(0);
    assert_eq!(t["kids"][&m], t["root"], "the machine played {m}, not a best move of {t}");
    // random searches nothing: no tree, and the page says so; the last one
    // is gone with the person's move.
    b.run("document.getElementById('level').value = 'random'; document.getElementById('level').onchange()");
    let empty = b.run("return [...document.getElementById('position').value.split(' ')[0]].indexOf('.')");
    click_point(&b, empty.as_u64().unwrap() as usize);
    records(3);
    wait_for(
        &b,
        "return /searched no tree/.test(document.getElementById('machine-tree').textContent) ? 'yes' : ''",
    );
    assert_eq!(b.run("return document.getElementById('explorer').hidden"), json!(true));
    // (The emptied frame loads its blank document a moment later.)
    wait_for(&b, &format!("return !{frame}.gametree"));
    // mcts (its third move: the game cannot be over before it): the same
    // iterations from the same seed, so the tree's decision is its move.
    b.run("document.getElementById('level').value = 'mcts'; document.getElementById('level').onchange()");
    let empty = b.run("return [...document.getElementById('position').value.split(' ')[0]].indexOf('.')");
    click_point(&b, empty.as_u64().unwrap() as usize);
    records(5);
    wait_for(
        &b,
        &format!(
            "return /^The tree the machine searched/.test(document.getElementById('machine-tree').textContent) && {frame}.document.getElementById('decision') ? 'yes' : ''"
        ),
    );
    assert!(note().contains("MCTS, 50000 iterations"), "{}", note());
    let decision = b.run(&format!("return {frame}.document.getElementById('decision').textContent"));
    assert_eq!(decision, json!(played(4)), "{}", note());
    assert!(b.console_errors().is_empty(), "{:?}", b.console_errors());
}
