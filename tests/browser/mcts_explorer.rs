//! The MCTS explorer page (`--search mcts --html`) in a real headless
//! Chromium: its replayed visits, its steps, its chart and its practice are
//! checked against the JSON and the trace the same run writes, which the
//! search itself produced (the page recomputes the visits and UCB numbers).

use crate::support;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use gametree::game::prelude::*;
use gametree::games::checkers::Checkers;
use gametree::games::tictactoe::TicTacToe;
use serde_json::{Value, json};
use support::browser::Browser;

const BIN: &str = env!("CARGO_BIN_EXE_gametree");

/// The page, the JSON and the trace of one MCTS run, in a scratch folder.
struct Run {
    /// Held only to be removed with the run.
    _dir: crate::support::Scratch,
    html: PathBuf,
    json: Value,
    trace: Value,
}

impl Run {
    fn of(tag: &str, args: &[&str]) -> Run {
        let dir = crate::support::Scratch::new(&format!("mcts-page-{tag}"));
        let (html, json, trace) = (dir.join("t.html"), dir.join("t.json"), dir.join("t.trace.json"));
        let out = Command::new(BIN)
            .args(["analyse", "--search", "mcts"])
            .args(args)
            .arg("--html")
            .arg(&html)
            .arg("--json")
            .arg(&json)
            .arg("--trace")
            .arg(&trace)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let read = |p: &Path| serde_json::from_slice(&fs::read(p).unwrap()).unwrap();
        Run { json: read(&json), trace: read(&trace), html, _dir: dir }
    }

    fn open(&self) -> Browser {
        let b = Browser::start();
        b.open(&format!("file://{}", self.html.display()));
        assert_eq!(b.console_errors(), Vec::<String>::new());
        b
    }

    fn nodes(&self) -> &Vec<Value> {
        self.json["nodes"].as_array().unwrap()
    }
}

/// `[id, N, W in half points]` of every node drawn.
fn drawn(b: &Browser) -> Vec<(u64, u64, u64)> {
    let v = b.run(
        "return [...document.querySelectorAll('circle.mnode')].map(c => [Number(c.dataset.id), Number(c.dataset.n), Number(c.dataset.w)])",
    );
    let mut d: Vec<(u64, u64, u64)> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t[0].as_u64().unwrap(), t[1].as_u64().unwrap(), t[2].as_u64().unwrap()))
        .collect();
    d.sort_unstable();
    d
}

fn slide_to(b: &Browser, iteration: u64) {
    b.run(&format!(
        "const s = document.getElementById('slider'); s.value = '{iteration}'; s.dispatchEvent(new Event('input'));"
    ));
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_page_replays_the_searchs_visits_and_steps_by_iteration_and_phase() {
    let run = Run::of("steps", &["tictactoe", "--iterations", "300", "--compare"]);
    let b = run.open();
    assert_eq!(b.text("#decision"), run.json["decision"]["action"].as_str().unwrap());
    assert_eq!(b.text("#ab-decision"), run.json["mcts"]["compare"]["alphabeta_decision"].as_str().unwrap());
    // At the end, every node drawn (the first view draws what fits the
    // width: see the next test), each with the search's own N and W.
    b.run("const m = document.getElementById('min-visits'); m.value = '1'; m.dispatchEvent(new Event('change'));");
    let expected: Vec<(u64, u64, u64)> = run
        .nodes()
        .iter()
        .map(|n| {
            let w = (n["total_reward"].as_f64().unwrap() * 2.0) as u64;
            (n["id"].as_u64().unwrap(), n["visits"].as_u64().unwrap(), w)
        })
        .collect();
    assert_eq!(drawn(&b), expected);

    // Phase by phase from the start: the four phases in order, one visit after backup.
    b.click("#to-start");
    assert_eq!(b.run("return document.body.dataset.phase"), json!("start"));
    assert_eq!(drawn(&b), vec![(0, 0, 0)]);
    // (Within simulate, ▶ plays the playout's moves on the board one by one.)
    let mut phases = Vec::new();
    while phases.last() != Some(&json!("backup")) && phases.len() < 40 {
        b.click("#forward");
        let phase = b.run("return document.body.dataset.phase");
        if phases.last() != Some(&phase) {
            phases.push(phase);
        }
    }
    assert_eq!(phases, [json!("select"), json!("expand"), json!("simulate"), json!("backup")]);
    assert_eq!(drawn(&b).len(), 2);
    assert_eq!(drawn(&b)[0].1, 1, "the root has one visit after the first backup");
    assert!(b.text("#step-text").contains("BACKUP"));

    // The slider: after iteration 100 the root has 100 visits, and the nodes
    // drawn are those the JSON says were made by then.
    slide_to(&b, 100);
    let made = run.nodes().iter().filter(|n| n["created"].as_u64().unwrap() <= 100).count();
    let d = drawn(&b);
    assert_eq!(d.len(), made);
    assert_eq!(d[0], (0, 100, d[0].2));
    b.click("#forward-iteration");
    assert_eq!(b.run("return document.body.dataset.iteration"), json!("101"));

    // Playing runs on by itself: waited for, not timed, since a loaded machine
    // may give the page's timer nothing for a while.
    b.run("document.getElementById('speed').value = '20'");
    b.click("#play");
    let started = std::time::Instant::now();
    let iteration =
        || -> u64 { b.run("return document.body.dataset.iteration").as_str().unwrap().parse().unwrap() };
    while iteration() <= 101 && started.elapsed() < std::time::Duration::from_secs(20) {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    b.click("#play");
    let at = iteration();
    assert!(at > 101, "playback stayed at iteration {at}");
}

/// At 1366x768, as on a classroom projector, the first view needs no
/// scrolling sideways: the decision and every root child are drawn and
/// labelled inside the tree's area; the panel's board has its grid lines; the
/// header writes the default c as people do.
#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_first_view_on_a_projector_shows_the_decision_among_every_root_child() {
    let run = Run::of("projector", &["tictactoe", "--iterations", "300"]);
    let b = Browser::start();
    b.set_size(1366, 768);
    b.open(&format!("file://{}", run.html.display()));
    assert_eq!(b.console_errors(), Vec::<String>::new());
    let root_children: Vec<u64> = run
        .nodes()
        .iter()
        .filter(|n| n["parent"].as_u64() == Some(0))
        .map(|n| n["id"].as_u64().unwrap())
        .collect();
    assert_eq!(root_children.len(), 9);
    let decision =
        run.nodes().iter().find(|n| n["action"] == run.json["decision"]["action"] && n["parent"] == 0);
    let decision = decision.unwrap()["id"].as_u64().unwrap();
    let inside = |id: u64| {
        b.run(&format!(
            "const t = document.getElementById('tree').getBoundingClientRect(); \
             const c = document.querySelector('circle.mnode[data-id=\"{id}\"]'); if (!c) return false; \
             const r = c.getBoundingClientRect(); \
             return r.left >= t.left && r.right <= t.right && r.top >= t.top && r.bottom <= t.bottom"
        ))
    };
    assert_eq!(inside(decision), json!(true), "the decision #{decision} on screen");
    for id in &root_children {
        assert_eq!(inside(*id), json!(true), "root child #{id} on screen");
    }
    let scrolls = b.run("const t = document.getElementById('tree'); return t.scrollWidth > t.clientWidth");
    assert_eq!(scrolls, json!(false), "no sideways scrolling");
    // Each root child is labelled with its action, above its circle.
    let labels = b.run("return [...document.querySelectorAll('#mcts-svg text')].map(t => t.textContent)");
    for n in run.nodes().iter().filter(|n| n["parent"].as_u64() == Some(0)) {
        assert!(labels.as_array().unwrap().contains(&n["action"]), "{} is labelled", n["action"]);
    }
    // The empty board is nine squares, each with its grid line.
    let strokes = b.run(
        "return [...document.querySelectorAll('aside svg.board rect')].map(r => getComputedStyle(r).stroke).filter(s => s && s !== 'none').length",
    );
    assert_eq!(strokes, json!(9), "every square of the panel's board has its line");
    assert!(b.text("#settings").contains("c = √2 ≈ 1.414,"), "{}", b.text("#settings"));
    // Back at iteration 10, where every child has one visit, the fitted view
    // still draws them all (the threshold follows the iteration shown).
    slide_to(&b, 10);
    let ids: Vec<u64> = drawn(&b).iter().map(|d| d.0).collect();
    assert!(root_children.iter().all(|c| ids.contains(c)), "at iteration 10: {ids:?}");
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_chart_draws_the_exact_value_and_practice_checks_uct_choice_with_its_numbers() {
    let run = Run::of("practice", &["tictactoe", "--iterations", "200"]);
    let b = run.open();
    // Tic-tac-toe from the empty board is a draw: reward 1/2.
    assert_eq!(b.run("return document.getElementById('chart').dataset.exact"), json!("0.5"));
    assert_eq!(b.run("return document.getElementById('chart').dataset.points"), json!("200"));

    let events = run.trace["events"].as_array().unwrap();
    let selection = |k: u64| -> Vec<Value> {
        let e = events.iter().find(|e| e["type"] == "select" && e["iteration"] == k).unwrap();
        e["path"].as_array().unwrap().clone()
    };
    b.click("#practice");
    let mut right = 0;
    for question in 0..6 {
        let k: u64 = b.run("return document.body.dataset.iteration").as_str().unwrap().parse().unwrap();
        let asked: Vec<u64> = b
            .run("return [...document.querySelectorAll('#practice-box button.child')].map(x => Number(x.dataset.child))")
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        // The question's node is on the search's path; its answer is the next step.
        let path = selection(k);
        let step = path.iter().find(|s| asked.contains(&s["node"].as_u64().unwrap())).unwrap();
        let answer = step["node"].as_u64().unwrap();
        let give = if question % 2 == 0 { answer } else { *asked.iter().find(|&&c| c != answer).unwrap() };
        b.click(&format!("#practice-box button.child[data-child='{give}']"));
        let verdict = b.run("return document.getElementById('verdict').className");
        assert_eq!(verdict, json!(if give == answer { "right" } else { "wrong" }));
        right += usize::from(give == answer);
        // The page's UCB numbers for the answer are the search's.
        let row = format!("#children tr[data-child='{answer}']");
        let f = |key: &str| format!("{:.4}", step[key].as_f64().unwrap());
        assert_eq!(b.text(&format!("{row} .exploit")), f("exploit"));
        assert_eq!(b.text(&format!("{row} .explore")), f("explore"));
        assert_eq!(b.text(&format!("{row} .ucb")), f("ucb"));
        assert!(b.text("#practice-score").contains(&format!("Score: {right} of {}", question + 1)));
        b.click("#next-question");
    }
}

/// The position of node `id` of `run`: the root's, with the actions on the
/// path to it played by the game's own rules.
fn position_of<G: Game>(game: &G, run: &Run, root: &str, id: u64) -> G::Position {
    let mut path = Vec::new();
    let mut n = &run.nodes()[id as usize];
    while let Some(p) = n["parent"].as_u64() {
        path.push(n["action"].as_str().unwrap().to_string());
        n = &run.nodes()[p as usize];
    }
    let mut pos = game.parse_position(root).unwrap();
    for a in path.iter().rev() {
        pos = game.apply(&pos, game.parse_action(&pos, a).unwrap());
    }
    pos
}

/// Steps through the first playout of `run` that has `at_least` moves and
/// checks the board move by move against the game's own rules.
fn playout_on_the_board<G: Game>(game: &G, name: &str, root: &str, iterations: &str, at_least: usize) {
    let run = Run::of(&format!("playout-{name}"), &[name, "--position", root, "--iterations", iterations]);
    let events = run.trace["events"].as_array().unwrap();
    let sim = events
        .iter()
        .find(|e| e["type"] == "simulate" && e["moves"].as_array().unwrap().len() >= at_least)
        .unwrap_or_else(|| panic!("{name}: no playout of {at_least} moves"));
    let k = sim["iteration"].as_u64().unwrap();
    let moves: Vec<&str> = sim["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    let mut pos = position_of(game, &run, root, sim["node"].as_u64().unwrap());
    let b = run.open();
    b.set_viewport(1366, 768);
    slide_to(&b, k - 1);
    for _ in 0..3 {
        b.click("#forward");
    }
    assert_eq!(b.run("return document.body.dataset.phase"), json!("simulate"));
    let board = |b: &Browser| {
        b.run(
            "const f = document.getElementById('playout'); if (!f) return null; \
             return [Number(f.dataset.ply), f.dataset.cells, f.querySelectorAll('svg.board circle:not(.spot)').length, \
                     f.querySelectorAll('svg.board rect.moved').length, f.querySelector('figcaption').textContent]",
        )
    };
    let mut before = game.cells(&pos);
    for j in 0..=moves.len() {
        let seen = board(&b);
        let cells = game.cells(&pos);
        let units = cells.chars().filter(|&c| c != '.').count();
        let ringed = cells.chars().zip(before.chars()).filter(|(a, b)| a != b).count();
        assert_eq!(seen[0], json!(j), "{name}: the board's move, iteration {k}");
        assert_eq!(seen[1], json!(cells), "{name}: the board after {j} of {moves:?}");
        assert_eq!(seen[2], json!(units), "{name}: pieces drawn after {j} moves");
        assert_eq!(seen[3], json!(ringed), "{name}: the last move ringed after {j} moves");
        if j > 0 {
            let caption = seen[4].as_str().unwrap();
            assert!(caption.contains(&format!("move {j} of {}: {}", moves.len(), moves[j - 1])), "{caption}");
            assert!(b.text("#step-text mark").contains(moves[j - 1]), "the step's words mark move {j}");
        }
        if let (2, Some(dir)) = (j, std::env::var_os("GAMETREE_SHOTS")) {
            b.screenshot(&Path::new(&dir).join(format!("mcts-playout-{name}.png")));
        }
        if j < moves.len() {
            before = cells;
            pos = game.apply(&pos, game.parse_action(&pos, moves[j]).unwrap());
        }
        b.press("\u{E014}"); // →, as a clicker's PageDown
    }
    // Past the last move, backup; back from it, the playout's last board.
    assert_eq!(b.run("return document.body.dataset.phase"), json!("backup"));
    assert_eq!(board(&b), Value::Null, "the playout's board stays in its step");
    b.press("\u{E00E}"); // PageUp
    assert_eq!(b.run("return document.body.dataset.phase"), json!("simulate"));
    assert_eq!(board(&b).get(0), Some(&json!(moves.len())));
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn a_playout_is_drawn_on_the_board_move_by_move() {
    playout_on_the_board(&TicTacToe, "tictactoe", "x...xo... o", "60", 3);
    playout_on_the_board(
        &Checkers,
        "checkers",
        "......../......../......../......../......../B.w...../.w....../..b..... b",
        "30",
        3,
    );
}

/// The smallest font of `css`'s texts as drawn on screen, in px (the SVG's
/// scale included).
fn drawn_font(b: &Browser, css: &str) -> f64 {
    b.run(&format!(
        "const k = document.getElementById('mcts-svg').getScreenCTM().a; \
         return Math.min(...[...document.querySelectorAll({})].map(t => parseFloat(getComputedStyle(t).fontSize) * k))",
        json!(css)
    ))
    .as_f64()
    .unwrap()
}

/// On the empty board, whose root keeps all nine children on screen, at each
/// projector size: N · Q and the actions at 20 px or more, the UCB terms at
/// 16 px or more (as α/β on the other pages), every root child inside the
/// tree's area, and no two labels overlapping.
#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_empty_boards_nine_children_are_labelled_readably_at_every_projector_size() {
    let run = Run::of("sizes", &["tictactoe", "--iterations", "300"]);
    let b = Browser::start();
    for (w, h) in [(1280, 720), (1366, 768), (1920, 1080)] {
        b.set_viewport(w, h);
        b.open(&format!("file://{}", run.html.display()));
        assert_eq!(b.console_errors(), Vec::<String>::new());
        if let (Some(dir), 1280) = (std::env::var_os("GAMETREE_SHOTS"), w) {
            b.screenshot(&Path::new(&dir).join("mcts-empty-1280.png"));
        }
        let (values, terms) =
            (drawn_font(&b, "#mcts-svg text.nq, #mcts-svg text.act"), drawn_font(&b, "#mcts-svg text.terms"));
        let outside = b.run(
            "const t = document.getElementById('tree').getBoundingClientRect(); \
             return [...document.querySelectorAll('circle.mnode')].filter(c => document.querySelector(`#mcts-svg`) && \
               c.dataset.id !== '0' && Number(c.dataset.id) <= 9).filter(c => { const r = c.getBoundingClientRect(); \
               return r.left < t.left || r.right > t.right || r.top < t.top || r.bottom > t.bottom; }).map(c => c.dataset.id)",
        );
        let overlaps = b.run(
            "const rs = [...document.querySelectorAll('#mcts-svg text')].map(t => [t.textContent, t.getBoundingClientRect()]); const out = []; \
             for (let i = 0; i < rs.length; i++) for (let j = i + 1; j < rs.length; j++) { const [p, a] = rs[i], [q, c] = rs[j]; \
               if (a.left < c.right - 1 && c.left < a.right - 1 && a.top < c.bottom - 1 && c.top < a.bottom - 1) out.push(`${p} / ${q}`); } return out",
        );
        let root_children =
            b.run("return document.querySelectorAll('#mcts-svg text.act').length").as_u64().unwrap();
        eprintln!(
            "{w}x{h} MCTS empty board: {root_children} nodes labelled, N · Q and actions at least {values:.1} px, UCB terms at least {terms:.1} px"
        );
        assert!(root_children >= 10, "{w}x{h}: the root and its nine children labelled");
        assert!(values >= 20.0, "{w}x{h}: N · Q at {values:.1} px");
        assert!(terms >= 16.0, "{w}x{h}: UCB terms at {terms:.1} px");
        assert_eq!(outside, json!([]), "{w}x{h}: root children off the tree's area");
        assert_eq!(overlaps, json!([]), "{w}x{h}: labels overlap");
        // The root's nine edges fan out under its N · Q: never across it.
        assert_eq!(edges_through_labels(&b), Vec::<String>::new(), "{w}x{h}");
        assert_eq!(panel_overflow(&b), Value::Null, "{w}x{h}: the side panel scrolls sideways");
    }
}

/// Every place where a drawn edge shows through a label of the tree: each
/// edge is sampled along its line in screen coordinates, and where a sample
/// falls inside a label's box (the middle three fifths of its height, two px
/// in from each side) the browser is asked what lies there, topmost first:
/// the line must be under a label's white ground (a halo hides a line under
/// a glyph's strokes, not across its gaps).
pub(crate) fn edges_through_labels(b: &Browser) -> Vec<String> {
    let v = b.run(
        "const svg = document.getElementById('mcts-svg'), m = svg.getScreenCTM(); \
         const pt = (x, y) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]; \
         const boxes = [...svg.querySelectorAll('text')].map(t => [`${t.getAttribute('class')} ${t.textContent}`, t.getBoundingClientRect()]); \
         const out = new Set(); \
         for (const l of svg.querySelectorAll('line.edge')) { \
           const [ax, ay] = pt(+l.getAttribute('x1'), +l.getAttribute('y1')), [bx, by] = pt(+l.getAttribute('x2'), +l.getAttribute('y2')); \
           for (let k = 0; k <= 300; k++) { \
             const x = ax + (bx - ax) * k / 300, y = ay + (by - ay) * k / 300; \
             for (const [name, r] of boxes) { \
               if (x < r.left + 2 || x > r.right - 2 || y < r.top + 0.2 * r.height || y > r.bottom - 0.2 * r.height) continue; \
               const under = document.elementsFromPoint(x, y), li = under.indexOf(l), gi = under.findIndex(e => e.matches('rect.ground')); \
               if (li >= 0 && (gi < 0 || li < gi)) out.add(`the edge from (${Math.round(ax)}, ${Math.round(ay)}) to (${Math.round(bx)}, ${Math.round(by)}) shows through the ${name}`); \
             } \
           } \
         } \
         return [...out]",
    );
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

/// Whether the side panel is wider than its box (a sideways scrollbar).
pub(crate) fn panel_overflow(b: &Browser) -> Value {
    b.run("const a = document.querySelector('aside'); return a.scrollWidth > a.clientWidth ? `${a.scrollWidth} px of content in ${a.clientWidth}` : null")
}

/// The MCTS page's panel names a node as the explorer does: "#5 (b2)", the
/// root "The root" (it said "#5 b2" and "#0 root").
#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_panel_names_a_node_by_its_id_and_move_as_the_explorer_does() {
    let run = Run::of("names", &["tictactoe", "--iterations", "60"]);
    let b = run.open();
    let heading = |id: u64| {
        b.run(&format!(
            "const c = document.querySelector('#mcts-svg [data-id=\"{id}\"]'); \
             c.dispatchEvent(new MouseEvent('click', {{ bubbles: true }})); \
             return document.querySelector('#panel h3').textContent"
        ))
    };
    assert_eq!(heading(0), "The root");
    let shown =
        b.run("return [...document.querySelectorAll('#mcts-svg [data-id]')].map(c => Number(c.dataset.id))");
    let shown: Vec<u64> = shown.as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert!(shown.len() > 5, "{shown:?}");
    for &id in shown.iter().filter(|&&id| id > 0).take(8) {
        let action = run.nodes()[id as usize]["action"].as_str().unwrap().to_string();
        assert_eq!(heading(id), format!("#{id} ({action})"));
    }
    assert_eq!(b.console_errors(), Vec::<String>::new());
}
