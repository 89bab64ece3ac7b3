//! The browser app as a student alone with it uses it (issue 50): a typed
//! tree is searched whole, a link opens what it names or says why not, the
//! form shows what is searched, nothing typed is lost to a reload or to Back,
//! a game's end is said in `play`'s words, and a phone gets 44 px targets and
//! one scroll. In a real headless Chromium, at a laptop's and a phone's size.

use crate::classroom::SMALL_TARGETS;
use crate::support;
use crate::web::{choose_game, cli_json, click_point, fresh, open, shown, url, wait_for};

use gametree::game::{Notation, Presentation};
use gametree::games::tictactoe::TicTacToe;
use serde_json::{Value, json};
use support::browser::Browser;

const FRAME: &str = "document.getElementById('explorer').contentWindow";

/// Runs `act` (a script that starts a search) and waits until the explorer
/// shows a tree it had not shown before; returns that tree's summary.
fn new_tree(b: &Browser, act: &str) -> Value {
    b.run(&format!("{FRAME}.stale = true"));
    b.run(act);
    wait_for(b, &format!("const w = {FRAME}; return w && w.gametree && !w.stale ? 'yes' : ''"));
    shown(b)
}

fn field(b: &Browser, id: &str) -> Value {
    b.run(&format!("return document.getElementById('{id}').value"))
}

/// A 4-level textbook tree: the Depth field's old 2 cut it to 10 nodes.
const TALL: &str = "(((1 2) (3 4)) ((5 6) (7 (8 9))) ((10 11) 12))";

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn a_typed_tree_is_searched_whole_and_a_depth_that_cuts_it_is_said_beside_the_answer() {
    let b = open();
    shown(&b);
    assert_eq!(field(&b, "depth"), json!(""), "a textbook tree's depth is left to the tree");
    b.type_into("#position", TALL);
    let whole = new_tree(&b, "document.getElementById('analyse').click()");
    let cli: Value = serde_json::from_str(&cli_json(&["tree", "--position", TALL])).unwrap();
    assert_eq!((&whole["node_count"], &whole["depth"]), (&cli["node_count"], &json!(4)), "{whole}");
    assert_eq!(b.run("return document.getElementById('depth-note').hidden"), json!(true));
    // Asked for less, the tree is cut, and the page says so beside it, in the
    // command line's words.
    b.type_into("#depth", "2");
    let cut = new_tree(&b, "document.getElementById('analyse').click()");
    let cli: Value = serde_json::from_str(&cli_json(&["tree", "--position", TALL, "--depth", "2"])).unwrap();
    assert_eq!(cut["node_count"], cli["node_count"], "{cut}");
    let note = b.text("#depth-note");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["analyse", "tree", "--position", TALL, "--depth", "2"])
        .output()
        .unwrap();
    let said = String::from_utf8(out.stdout).unwrap();
    let cli_note = said.lines().find_map(|l| l.strip_prefix("note: ")).expect("the command line says it too");
    assert_eq!(note, cli_note);
    assert!(note.contains("Depth 2 cuts this tree") && note.contains("searched whole (depth 4)"), "{note}");
    assert!(b.console_errors().is_empty(), "{:?}", b.console_errors());
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn a_link_opens_what_it_names_at_the_menus_depth_or_says_beside_the_field_what_it_cannot_open() {
    let b = Browser::start();
    fresh(&b, &url());
    // The depth the menu takes for tic-tac-toe (its own 9 is over the budget).
    b.run("const g = document.getElementById('game'); g.value = 'tictactoe'; g.onchange()");
    wait_for(&b, "return document.getElementById('depth').value !== '' && gametree.busy === 0");
    let menu = field(&b, "depth");
    assert_ne!(menu, json!("9"));
    b.open(&format!("{}?teacher#game=tictactoe&search=alphabeta", url()));
    let summary = shown(&b);
    assert_eq!(
        (&summary["game"], &summary["search"]),
        (&json!("tictactoe"), &json!("alphabeta")),
        "{summary}"
    );
    assert_eq!(json!(summary["depth"].to_string()), menu, "a link without a depth takes the menu's");
    assert_eq!(field(&b, "depth"), menu);
    assert_eq!(b.text("#error-depth"), "");
    assert!(b.text("#depth-note").contains("fits the budget"), "{}", b.text("#depth-note"));
    // What a link cannot open is said beside the field at fault, in the
    // request layer's words naming what was given; nothing else is shown.
    for (i, (hash, at, given)) in [
        ("game=chess", "game", "chess"),
        ("game=tictactoe&depth=abc", "depth", "abc"),
        ("game=tictactoe&search=bogus&depth=2", "search", "bogus"),
    ]
    .into_iter()
    .enumerate()
    {
        b.open(&format!("{}?bad{i}#{hash}", url()));
        wait_for(&b, "return document.getElementById('error-depth').textContent");
        let said = b.text("#error-depth");
        assert!(said.contains(given), "{hash}: {said}");
        assert_eq!(
            b.run(&format!("return document.getElementById('{at}').getAttribute('aria-invalid')")),
            json!("true"),
            "{hash}: {said}"
        );
        assert_eq!(b.run("return document.getElementById('result').hidden"), json!(true), "{hash}");
    }
    assert!(b.console_errors().is_empty(), "{:?}", b.console_errors());
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn a_new_exercise_puts_its_tree_in_the_form_and_analyse_then_searches_that_tree_whole() {
    let b = open();
    shown(&b);
    b.run(&format!("{FRAME}.stale = true"));
    b.click("#exercise");
    wait_for(&b, &format!("const w = {FRAME}; return w && w.gametree && !w.stale ? 'yes' : ''"));
    let key = b.run(
        "return gametree.exercise({search: 'alphabeta', seed: 1, depth: 3}).then(f => JSON.parse(f['answers.json']).tree)",
    );
    assert_eq!(field(&b, "position"), key, "the exercise's tree is in the Position field");
    // The worksheet is offered; its key only behind a closed disclosure.
    let offered = b.run(
        "const names = (css) => [...document.querySelectorAll(css)].filter(a => a.checkVisibility()).map(a => a.textContent).sort(); \
         return [names('#downloads > a'), names('#downloads details.key a'), document.querySelector('#downloads details.key').open]",
    );
    assert_eq!(offered[0], json!(["practice.html", "worksheet.pdf", "worksheet.svg"]), "{offered}");
    assert_eq!(offered[1], json!([]), "no key is in sight: {offered}");
    assert_eq!(offered[2], json!(false), "{offered}");
    b.click("#downloads details.key summary");
    let key_files = b.run(
        "return [...document.querySelectorAll('#downloads details.key a')].filter(a => a.checkVisibility()).map(a => a.textContent).sort()",
    );
    assert_eq!(
        key_files,
        json!(["answers.json", "answers.pdf", "answers.svg", "exercise.tex"]),
        "opened on purpose"
    );
    let tree = key.as_str().unwrap();
    let summary = new_tree(&b, "document.getElementById('analyse').click()");
    let cli: Value = serde_json::from_str(&cli_json(&["tree", "--position", tree])).unwrap();
    assert_eq!(summary["node_count"], cli["node_count"], "{summary}");
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn the_fields_survive_a_reload_and_back_returns_to_the_tree_before() {
    let b = open();
    shown(&b);
    b.type_into("#position", "((1 2) (3 4))");
    assert_eq!(new_tree(&b, "document.getElementById('analyse').click()")["value"], json!(3));
    b.type_into("#position", "((5 6) (7 8))");
    assert_eq!(new_tree(&b, "document.getElementById('analyse').click()")["value"], json!(7));
    let back = new_tree(&b, "history.back()");
    assert_eq!(back["value"], json!(3), "Back shows the tree before: {back}");
    assert_eq!(field(&b, "position"), json!("((1 2) (3 4))"));
    let forward = new_tree(&b, "history.forward()");
    assert_eq!(forward["value"], json!(7), "{forward}");
    // Typed, not analysed, then the page reloaded: the text is still there.
    b.type_into("#position", "((9 1) (2 8) (3 3))");
    b.type_into("#depth", "1");
    b.run("window.before = true; location.reload()");
    wait_for(&b, "return !window.before && document.body && document.body.dataset.ready === 'true'");
    assert_eq!(field(&b, "position"), json!("((9 1) (2 8) (3 3))"));
    assert_eq!(field(&b, "depth"), json!("1"));
    assert!(b.console_errors().is_empty(), "{:?}", b.console_errors());
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn a_games_end_names_the_winner_or_the_draw_in_plays_words_and_promises_no_tree() {
    let b = open();
    shown(&b);
    let g = TicTacToe;
    for (position, you, who) in [
        ("xxxoo.... o", None, "x"),
        ("xxxoo.... o", Some("first"), "you"),
        ("xxxoo.... o", Some("second"), "the machine"),
        ("xoxxoooxx o", None, "x"),
    ] {
        let pos = g.parse_position(position).unwrap();
        let words = gametree::request::machine::game_over(&g, &pos, |p| match you {
            None => g.player_name(p).to_string(),
            Some(_) if who == "you" => "you".to_string(),
            Some(_) => "the machine".to_string(),
        });
        let o = match you {
            Some(y) => json!({"game": "tictactoe", "position": position, "you": y}),
            None => json!({"game": "tictactoe", "position": position}),
        };
        let over = b.run(&format!("return gametree.run('board', {o}).then(a => a.over)"));
        assert_eq!(over, json!(words), "{position} {you:?}");
    }
    // A person's winning move: the end said in one sentence, no tree promised.
    choose_game(&b, "tictactoe");
    b.type_into("#position", "xx.oo.... x");
    b.run("document.getElementById('position').dispatchEvent(new Event('change'))");
    wait_for(&b, "return /x to move/.test(document.getElementById('board-said').textContent)");
    b.click("#mode-play");
    b.run("document.getElementById('level').value = 'random'; document.getElementById('you-play').value = 'first'");
    b.click("#new-game");
    wait_for(
        &b,
        "return /A game against the machine/.test(document.getElementById('machine-tree').textContent)",
    );
    click_point(&b, 2);
    wait_for(&b, "return /Game over/.test(document.getElementById('machine-tree').textContent)");
    let note = b.text("#machine-tree");
    assert!(
        note.starts_with("x plays ") && note.ends_with(". Game over: you win: three in a row."),
        "{note}"
    );
    assert_eq!(b.text("#board-said"), "Game over: you win: three in a row.");
    assert_eq!(b.run("return document.getElementById('explorer').hidden"), json!(true));
    assert!(b.console_errors().is_empty(), "{:?}", b.console_errors());
}

/// Every control of the page in sight smaller than 44x44 px (a check box or
/// radio counts as its label), the board's points aside (a 15x15 gomoku
/// board cannot give each 44 px on a phone; checkers' are held to 36 px in
/// web.rs).
fn small_controls(b: &Browser) -> Value {
    b.run(
        "return [...document.querySelectorAll('button, select, input, textarea, a[href]')]
           .filter(e => e.offsetParent !== null && !e.closest('#board'))
           .map(e => (e.type === 'checkbox' || e.type === 'radio') ? e.closest('label') || e : e)
           .map(e => [e.id || e.textContent.trim().slice(0, 20), e.getBoundingClientRect()])
           .filter(([, r]) => r.width < 44 || r.height < 44)
           .map(([n, r]) => `${n}: ${Math.round(r.width)}x${Math.round(r.height)}`)",
    )
}

#[test]
#[cfg_attr(
    not(all(has_wasm_toolchain, has_chromium)),
    ignore = "needs a wasm32 std (rustup target add wasm32-unknown-unknown, or Debian's rustc-web cargo-web rust-web-src lld) and Debian's chromium and chromium-driver (.ci/run installs them)"
)]
fn on_a_phone_with_touch_the_page_scrolls_once_never_sideways_and_every_control_is_a_44_px_target() {
    let shots = std::env::var_os("GAMETREE_SHOTS");
    let b = Browser::start_touch();
    b.set_viewport(390, 844);
    fresh(&b, &format!("{}?phone", url()));
    shown(&b);
    assert_eq!(b.run("return matchMedia('(pointer: coarse)').matches"), json!(true), "a touch screen");
    let check = |what: &str| {
        let wide = b.run("return document.documentElement.scrollWidth");
        assert!(wide.as_u64().unwrap() <= 390, "{what}: the page is {wide} px wide");
        assert_eq!(small_controls(&b), json!([]), "{what}");
        // The explorer's own controls, the nodes' fold buttons included.
        let framed = b.run(&format!(
            "return (function () {{ {SMALL_TARGETS} return smallTargets(document.getElementById('explorer').contentDocument); }})()"
        ));
        assert_eq!(framed["small"], json!([]), "{what}: in the explorer");
        assert!(framed["probed"].as_u64().unwrap() > 0, "{what}: no fold button's target probed");
        // The frame is as tall as the explorer in it: the page scrolls, the
        // frame does not.
        let frame = b.run(
            "const f = document.getElementById('explorer'); const d = f.contentDocument.documentElement;
             return [f.clientHeight, d.scrollHeight, d.scrollWidth, f.clientWidth]",
        );
        let (h, inner) = (frame[0].as_f64().unwrap(), frame[1].as_f64().unwrap());
        assert!(inner <= h + 1.0, "{what}: the explorer scrolls inside its frame: {frame}");
    };
    check("the first tree");
    if let Some(dir) = &shots {
        b.screenshot(&std::path::Path::new(dir).join("web-phone-first-tree.png"));
        b.run("document.getElementById('explorer').scrollIntoView()");
        b.screenshot(&std::path::Path::new(dir).join("web-phone-explorer.png"));
    }
    choose_game(&b, "tictactoe");
    b.tap("#mode-play");
    b.run("document.getElementById('level').value = 'easy'");
    b.tap("#new-game");
    wait_for(&b, "return document.querySelector('#moves button') ? 'yes' : ''");
    // A tap on the board plays there; the machine answers.
    b.tap("#board [data-point='4'] .hit");
    wait_for(&b, "return document.querySelectorAll('#game-record li').length === 2 ? 'yes' : ''");
    let wide = b.run("return document.documentElement.scrollWidth");
    assert!(wide.as_u64().unwrap() <= 390, "playing: the page is {wide} px wide");
    assert_eq!(small_controls(&b), json!([]), "playing");
    if let Some(dir) = &shots {
        b.run("document.getElementById('board-box').scrollIntoView()");
        b.screenshot(&std::path::Path::new(dir).join("web-phone-play.png"));
    }
    assert!(b.console_errors().is_empty(), "{:?}", b.console_errors());
}
