//! Transpositions marked in the explorer, in Chromium (the DOT and the JSON
//! are tests/transpositions.rs's, in the suite).

use crate::support;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use serde_json::Value;
use support::browser::Browser;
use support::written::{TRANSPOSING, ids, ids_by_position, transposing_tree};

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_explorer_marks_transpositions_and_selecting_one_outlines_the_others() {
    let dir = support::Scratch::new("transpositions-page");
    let html = dir.join("tree.html");
    let doc = transposing_tree(&dir, &["--html", html.to_str().unwrap()]);
    let groups = ids_by_position(&doc);
    let shared: BTreeSet<u64> = groups.values().filter(|g| g.len() > 1).flatten().copied().collect();
    assert!(shared.len() > 20, "the position has transpositions: {}", shared.len());
    let b = Browser::start();
    b.set_viewport(1366, 768);
    b.open(&format!("file://{}", html.display()));
    assert_eq!(b.console_errors(), Vec::<String>::new());
    b.click("#expand-all");
    assert_eq!(b.count(".node"), doc["node_count"].as_u64().unwrap() as usize);
    // Exactly the nodes whose position another node holds are marked.
    let marked = ids(
        b.run("return [...document.querySelectorAll('.node.transposition')].map(e => Number(e.dataset.id))")
    );
    assert_eq!(marked, shared);
    assert_eq!(b.count(".node.same-position"), 0, "nothing outlined before a selection");
    // Fitting the whole tree to the window shut the panel: open it again.
    if b.run("return document.body.classList.contains('panel-shut')") == Value::Bool(true) {
        b.click("#panel-toggle");
    }
    // Selecting one outlines the others of its position, and only them.
    let biggest = groups.values().max_by_key(|g| g.len()).unwrap();
    let chosen = biggest[1];
    b.click(&format!(".node[data-id='{chosen}']"));
    let outlined = ids(
        b.run("return [...document.querySelectorAll('.node.same-position')].map(e => Number(e.dataset.id))")
    );
    let others: BTreeSet<u64> = biggest.iter().copied().filter(|&i| i != chosen).collect();
    assert_eq!(outlined, others);
    // The panel says how many paths reach it and offers the others.
    let row = b.run("return document.querySelector(\"[data-field='same-position']\").textContent");
    let row = row.as_str().unwrap();
    assert!(row.contains(&format!("reached by {} paths", biggest.len())), "{row}");
    let offered = ids(b.run("return [...document.querySelectorAll('#panel [data-same]')].map(e => gametree.idOf(Number(e.dataset.same)))"));
    assert_eq!(offered, others);
    // Following one selects it, and the outline moves to the rest.
    let next = *others.iter().next().unwrap();
    b.click(&format!("#panel [data-same='{next}']"));
    assert_eq!(b.run("return gametree.idOf(gametree.selected())"), Value::from(next));
    let outlined = ids(
        b.run("return [...document.querySelectorAll('.node.same-position')].map(e => Number(e.dataset.id))")
    );
    assert_eq!(outlined, biggest.iter().copied().filter(|&i| i != next).collect());
    // A node no other node shares has no mark and no row.
    let alone = groups.values().find(|g| g.len() == 1).unwrap()[0];
    b.click(&format!(".node[data-id='{alone}']"));
    assert_eq!(b.count(".node.same-position"), 0);
    assert_eq!(b.count("[data-field='same-position']"), 0);
    // A worksheet shows no marks: they would tell which nodes share a value.
    b.click("#mode-practice");
    assert_eq!(b.count(".node.transposition"), 0);
    b.click("#mode-explore");
    // The Positions view holds the census, as the JSON does.
    b.click("#mode-positions");
    let total: Vec<String> = b
        .run("return [...document.querySelectorAll('#census tr.total td')].map(td => td.textContent)")
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().replace(',', ""))
        .collect();
    let t = &doc["census"]["total"];
    let want: Vec<String> = support::written::CENSUS_COLUMNS.iter().map(|k| t[k].to_string()).collect();
    assert_eq!(total[0], "total");
    assert_eq!(total[1..], want[..]);
    assert_eq!(t["positions"].as_u64().unwrap() as usize, groups.len());
    assert_eq!(games_up_to_symmetry(&b), (t["games_up_to_symmetry"].clone(), t["finished"].clone()));
    let screenshot = dir.join("positions.png");
    b.click("#mode-explore");
    b.click(&format!(".node[data-id='{chosen}']"));
    b.screenshot(&screenshot);
    if let Ok(keep) = std::env::var("GAMETREE_KEEP_SCREENSHOTS") {
        let _ = fs::copy(&screenshot, Path::new(&keep).join("census-transpositions.png"));
    }
    // A board its mirror keeps, where the games up to symmetry are fewer
    // than the finished games: the legend names the JSON's figure.
    let html = dir.join("mirrored.html");
    let args = ["tictactoe", "--position", "x...o...x o", "--depth", "5", "--html", html.to_str().unwrap()];
    let (doc, _) = support::written::analysed(&dir, &args);
    let t = &doc["census"]["total"];
    assert!(t["games_up_to_symmetry"].as_u64().unwrap() < t["finished"].as_u64().unwrap(), "{t}");
    b.open(&format!("file://{}", html.display()));
    b.click("#mode-positions");
    assert_eq!(games_up_to_symmetry(&b), (t["games_up_to_symmetry"].clone(), t["finished"].clone()));
    // The symmetries are named as the game has them: a square board's turns
    // and mirrors; checkers' board turned half round with the colours swapped.
    let legend = |b: &Browser| b.text("#view-positions p");
    assert!(
        legend(&b).contains("Positions that a turn or a mirror of the board makes the same"),
        "{}",
        legend(&b)
    );
    let html = dir.join("checkers.html");
    support::written::analysed(&dir, &["checkers", "--depth", "4", "--html", html.to_str().unwrap()]);
    b.open(&format!("file://{}", html.display()));
    b.click("#mode-positions");
    let said = legend(&b);
    assert!(
        said.contains("Positions that turning the board half round with the colours swapped makes the same"),
        "{said}"
    );
    assert!(!said.contains("mirror"), "{said}");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// The games up to symmetry and the finished games, as the Positions view's
/// legend names them.
fn games_up_to_symmetry(b: &Browser) -> (Value, Value) {
    let legend = b.run("return document.getElementById('games-up-to-symmetry').textContent");
    let legend = legend.as_str().unwrap().replace(',', "");
    let figures: Vec<u64> = legend.split_whitespace().filter_map(|w| w.parse().ok()).collect();
    assert!(legend.starts_with("Games up to symmetry: ") && figures.len() == 2, "{legend}");
    (Value::from(figures[0]), Value::from(figures[1]))
}

/// Edges between positions: (first id, first id, action) -> tree edges.
type Edges = BTreeMap<(u64, u64, String), u64>;

/// The DOT's drawn positions (first id -> paths) and edges, read from its
/// statements.
fn dot_graph(dot: &str) -> (BTreeMap<u64, u64>, Edges) {
    let mut index = BTreeMap::new();
    let mut positions = BTreeMap::new();
    for line in dot.lines().filter(|l| l.contains("id=\"position-")) {
        let n: u64 = line.split_whitespace().next().unwrap().parse().unwrap();
        let id: u64 =
            line.split("id=\"position-").nth(1).unwrap().split('"').next().unwrap().parse().unwrap();
        let paths: u64 = line.split("<B>").nth(2).unwrap().split(" path").next().unwrap().parse().unwrap();
        index.insert(n, id);
        positions.insert(id, paths);
    }
    let mut edges = BTreeMap::new();
    for line in dot.lines().filter(|l| l.contains(" -> ")) {
        let mut ends = line.split(" [").next().unwrap().split(" -> ");
        let from = index[&ends.next().unwrap().trim().parse::<u64>().unwrap()];
        let to = index[&ends.next().unwrap().trim().parse::<u64>().unwrap()];
        let label = line.split("label=\"").nth(1).unwrap().split('"').next().unwrap();
        let (action, k) = match label.split_once(" (×") {
            Some((a, k)) => (a.to_string(), k.trim_end_matches(')').parse().unwrap()),
            None => (label.to_string(), 1),
        };
        edges.insert((from, to, action), k);
    }
    (positions, edges)
}

/// The merged graph counted from the JSON's nodes alone: each position's
/// first id and node count, least depth and values (searched nodes', distinct,
/// least first), and each edge between two positions by action with how
/// many edges of the tree it stands for.
struct Counted {
    paths: BTreeMap<u64, u64>,
    depth: BTreeMap<u64, u64>,
    values: BTreeMap<u64, Vec<i64>>,
    edges: Edges,
    members: BTreeMap<u64, Vec<u64>>,
}

fn counted(doc: &Value) -> Counted {
    let nodes = doc["nodes"].as_array().unwrap();
    let groups = ids_by_position(doc);
    let first: BTreeMap<String, u64> = groups.iter().map(|(k, g)| (k.clone(), g[0])).collect();
    let of = |n: &Value| first[&support::written::position_key(n)];
    let mut c = Counted {
        paths: groups.values().map(|g| (g[0], g.len() as u64)).collect(),
        depth: BTreeMap::new(),
        values: BTreeMap::new(),
        edges: BTreeMap::new(),
        members: groups.values().map(|g| (g[0], g.clone())).collect(),
    };
    for n in nodes {
        let p = of(n);
        let d = n["depth"].as_u64().unwrap();
        c.depth.entry(p).and_modify(|e| *e = (*e).min(d)).or_insert(d);
        let vs = c.values.entry(p).or_default();
        if !n["pruned"].as_bool().unwrap() && !vs.contains(&n["value"].as_i64().unwrap()) {
            vs.push(n["value"].as_i64().unwrap());
            vs.sort_unstable();
        }
        if let Some(parent) = n["parent"].as_u64() {
            let key = (of(&nodes[parent as usize]), p, n["action"].as_str().unwrap().to_string());
            *c.edges.entry(key).or_default() += 1;
        }
    }
    c
}

/// What the page's Positions graph draws: each box's first id, paths,
/// value text and top; each edge's ends and actions with their counts.
fn drawn(b: &Browser) -> (Vec<Value>, Edges) {
    let boxes = b.run(
        "return [...document.querySelectorAll('#merged-canvas .mbox')].map(e => ({ first: Number(e.dataset.first), \
         paths: Number(e.dataset.paths), shown: e.querySelector('.mpaths').textContent, value: e.querySelector('.mval').textContent, \
         top: e.offsetTop, pruned: e.classList.contains('pruned'), line: e.classList.contains('line') }))",
    );
    let edges = b.run(
        "return [...document.querySelectorAll('#merged-canvas .medge')].map(e => [Number(e.dataset.from), Number(e.dataset.to), e.dataset.actions])",
    );
    let mut out = BTreeMap::new();
    for e in edges.as_array().unwrap() {
        let (from, to) = (e[0].as_u64().unwrap(), e[1].as_u64().unwrap());
        for a in e[2].as_str().unwrap().split(' ') {
            let (action, k) = a.rsplit_once(':').unwrap();
            assert!(out.insert((from, to, action.to_string()), k.parse().unwrap()).is_none(), "{a} twice");
        }
    }
    (boxes.as_array().unwrap().clone(), out)
}

/// A value as the page writes it (a minus sign, not a hyphen).
fn written(v: i64) -> String {
    v.to_string().replace('-', "−")
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn merge_transpositions_opens_the_explorer_on_the_graph_of_positions_the_dot_draws() {
    let dir = support::Scratch::new("transpositions-merged-page");
    let (html, dot) = (dir.join("merged.html"), dir.join("merged.dot"));
    let doc = transposing_tree(
        &dir,
        &[
            "--search",
            "alphabeta",
            "--merge-transpositions",
            "--html",
            html.to_str().unwrap(),
            "--dot",
            dot.to_str().unwrap(),
        ],
    );
    let want = counted(&doc);
    assert!(want.paths.values().any(|&p| p > 1), "the tree has transpositions");
    let (dot_positions, dot_edges) = dot_graph(&fs::read_to_string(&dot).unwrap());
    assert_eq!(dot_positions, want.paths, "the DOT against the JSON");
    assert_eq!(dot_edges, want.edges, "the DOT against the JSON");
    let b = Browser::start();
    b.set_viewport(1366, 768);
    b.open(&format!("file://{}", html.display()));
    assert_eq!(b.console_errors(), Vec::<String>::new());
    // The page opens on the graph.
    assert_eq!(b.run("return document.body.dataset.mode"), Value::from("merged"));
    assert_eq!(
        b.run("return document.getElementById('mode-merged').getAttribute('aria-pressed')"),
        Value::from("true")
    );
    // The graph has a panel of its own: the toolbar keeps the panel's
    // button, and only it, beside the modes.
    assert_eq!(b.toolbar_shown(), Value::from(vec!["panel-toggle"]));
    let shut = "return document.body.classList.contains('panel-shut')";
    let before = b.run(shut);
    b.click("#panel-toggle");
    assert_ne!(b.run(shut), before, "the panel's button does nothing over the graph");
    b.click("#panel-toggle");
    let (boxes, edges) = drawn(&b);
    if let Some(dir) = std::env::var_os("GAMETREE_SHOTS") {
        b.screenshot(&Path::new(&dir).join("positions-graph-open.png"));
    }
    // No move is written over another: a label with no room of its own is
    // left out until its position is chosen. The line's are all written.
    let (shown, over) = labels(&b);
    assert!(shown > 0, "no edge labelled");
    assert_eq!(over, Vec::<String>::new(), "edge labels over each other ({shown} shown)");
    assert_eq!(b.count("#merged-canvas .medge.line.crowded"), 0, "a move of the line of best play left out");
    // Each position once, with its paths, its values, on its level.
    let got: BTreeMap<u64, u64> = boxes
        .iter()
        .map(|x| {
            assert_eq!(x["shown"].as_str().unwrap(), format!("×{}", x["paths"]));
            (x["first"].as_u64().unwrap(), x["paths"].as_u64().unwrap())
        })
        .collect();
    assert_eq!(boxes.len(), got.len(), "a position drawn twice");
    assert_eq!(got, want.paths);
    assert_eq!(got, dot_positions);
    let mut tops: BTreeMap<u64, BTreeSet<i64>> = BTreeMap::new();
    for x in &boxes {
        let first = x["first"].as_u64().unwrap();
        let values = &want.values[&first];
        let text = if values.is_empty() {
            "—".to_string()
        } else {
            values.iter().map(|&v| written(v)).collect::<Vec<_>>().join(" | ")
        };
        assert_eq!(x["value"].as_str().unwrap(), text, "position of #{first}");
        assert_eq!(x["pruned"].as_bool().unwrap(), values.is_empty());
        tops.entry(want.depth[&first]).or_default().insert(x["top"].as_i64().unwrap());
    }
    assert!(
        boxes.iter().any(|x| x["pruned"] == Value::Bool(true)),
        "alpha-beta left some position unsearched"
    );
    // A level per depth, top down; a wide one, in a graph fitted to its
    // area, in rows of its own, all under the level above it.
    let levels: Vec<(i64, i64)> = tops.values().map(|t| (*t.first().unwrap(), *t.last().unwrap())).collect();
    assert!(levels.windows(2).all(|w| w[0].1 < w[1].0), "levels top down by depth: {levels:?}");
    // Every edge of the tree, as the DOT keeps it.
    assert_eq!(edges, want.edges);
    assert_eq!(edges, dot_edges);
    assert_eq!(edges.values().sum::<u64>(), doc["node_count"].as_u64().unwrap() - 1);
    // The line of best play: its positions red.
    let line = doc["principal_variation"].as_array().unwrap().len();
    assert_eq!(boxes.iter().filter(|x| x["line"] == Value::Bool(true)).count(), line + 1);

    // Selecting the position most paths reach outlines it and its edges and
    // lists the nodes that hold it.
    let (&chosen, _) = want.paths.iter().max_by_key(|&(_, &p)| p).unwrap();
    b.click(&format!("#merged-canvas .mbox[data-first='{chosen}']"));
    let outlined =
        ids(b.run("return [...document.querySelectorAll('.mbox.chosen')].map(e => Number(e.dataset.first))"));
    assert_eq!(outlined, BTreeSet::from([chosen]));
    let listed = b.run("return [...document.querySelectorAll('#merged-panel [data-node]')].map(e => gametree.idOf(Number(e.dataset.node)))");
    let listed: Vec<u64> = listed.as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(listed, want.members[&chosen]);
    let paths = b.text("#merged-panel [data-field='paths']");
    assert_eq!(paths, want.paths[&chosen].to_string());
    let near = b.run("return [...document.querySelectorAll('.medge.near')].map(e => [Number(e.dataset.from), Number(e.dataset.to)])");
    let near: BTreeSet<(u64, u64)> =
        near.as_array().unwrap().iter().map(|e| (e[0].as_u64().unwrap(), e[1].as_u64().unwrap())).collect();
    let touching: BTreeSet<(u64, u64)> = want
        .edges
        .keys()
        .filter(|(f, t, _)| *f == chosen || *t == chosen)
        .map(|(f, t, _)| (*f, *t))
        .collect();
    assert_eq!(near, touching);
    let hidden = b.run(
        "return [...document.querySelectorAll('#merged-canvas .medge.near text')].filter(t => getComputedStyle(t).display === 'none').length",
    );
    assert_eq!(hidden, 0, "the chosen position's moves all written");
    // The graph opens fitted to its area: seen whole, without boards, at
    // 12 px or more.
    assert_eq!(b.count(".mbox svg.board"), 0);
    assert_eq!(
        b.run("return document.getElementById('merged-boards').getAttribute('aria-pressed')"),
        "false"
    );
    seen_whole(&b, "at 1366x768");
    readable(&b, [16.0, 12.0, 12.0]);
    if let Some(dir) = std::env::var_os("GAMETREE_SHOTS") {
        b.screenshot(&Path::new(&dir).join("positions-graph.png"));
    }
    // Boards: the same graph full size, each position's board drawn.
    let fitted = b.run("return document.getElementById('merged-canvas').offsetHeight").as_i64().unwrap();
    b.click("#merged-boards");
    assert_eq!(drawn(&b), (boxes_again(&b, &boxes), edges.clone()));
    let full = b.run("return document.getElementById('merged-canvas').offsetHeight").as_i64().unwrap();
    assert!(fitted < full, "{fitted} px fitted, {full} px with boards");
    assert_eq!(b.count(".mbox svg.board"), boxes.len());
    assert_eq!(
        ids(b.run("return [...document.querySelectorAll('.mbox.chosen')].map(e => Number(e.dataset.first))")),
        BTreeSet::from([chosen])
    );
    readable(&b, [20.0, 18.0, 16.0]);
    // Drawn full size, the graph opens on its root, not on the empty corner
    // of its wide first levels.
    let root_seen = b.run(
        "const a = document.getElementById('merged-area').getBoundingClientRect(); \
         const r = document.querySelector(\".mbox[data-first='0']\").getBoundingClientRect(); \
         return r.left >= a.left && r.right <= a.right && r.top >= a.top && r.bottom <= a.bottom",
    );
    assert_eq!(root_seen, true, "with Boards the root's position is in sight");
    if let Some(dir) = std::env::var_os("GAMETREE_SHOTS") {
        b.screenshot(&Path::new(&dir).join("positions-graph-boards.png"));
    }
    // And fitted again, on a laptop's screen too.
    b.click("#merged-boards");
    assert_eq!(b.count(".mbox svg.board"), 0);
    b.set_viewport(1280, 720);
    seen_whole(&b, "at 1280x720");
    readable(&b, [16.0, 12.0, 12.0]);
    if let Some(dir) = std::env::var_os("GAMETREE_SHOTS") {
        b.screenshot(&Path::new(&dir).join("positions-graph-1280x720.png"));
    }
    b.set_viewport(1366, 768);
    // Closer together, the levels leave the labels less room: still none
    // over another once nothing is chosen (a click beside the boxes).
    b.run(
        "document.getElementById('merged-canvas').dispatchEvent(new MouseEvent('click', { bubbles: true }))",
    );
    assert_eq!(b.count(".mbox.chosen"), 0);
    let (shown, over) = labels(&b);
    assert_eq!(over, Vec::<String>::new(), "edge labels over each other without boards ({shown} shown)");
    assert_eq!(b.count("#merged-canvas .medge.line.crowded"), 0, "a move of the line of best play left out");
    if let Some(dir) = std::env::var_os("GAMETREE_SHOTS") {
        b.screenshot(&Path::new(&dir).join("positions-graph-no-boards-none-chosen.png"));
    }
    b.click(&format!("#merged-canvas .mbox[data-first='{chosen}']"));
    // A node listed opens in the tree, selected, its transpositions outlined.
    let second = want.members[&chosen][1];
    b.click(&format!("#merged-panel [data-node='{}']", b.run(&format!("return gametree.indexOf({second})"))));
    assert_eq!(b.run("return document.body.dataset.mode"), Value::from("explore"));
    assert_eq!(b.run("return gametree.idOf(gametree.selected())"), Value::from(second));
    let others = ids(
        b.run("return [...document.querySelectorAll('.node.same-position')].map(e => Number(e.dataset.id))")
    );
    let held: BTreeSet<u64> = want.members[&chosen].iter().copied().filter(|&i| i != second).collect();
    assert!(others.is_subset(&held), "{others:?} outlined, {held:?} hold the position");
    let row = b.text("[data-field='same-position']");
    assert!(row.contains(&format!("reached by {} paths", want.paths[&chosen])), "{row}");
    // And the explorer's panel leads back to the position in the graph.
    if b.run("return document.body.classList.contains('panel-shut')") == Value::Bool(true) {
        b.click("#panel-toggle");
    }
    b.click("#panel [data-merged]");
    assert_eq!(b.run("return document.body.dataset.mode"), Value::from("merged"));
    assert_eq!(
        ids(b.run("return [...document.querySelectorAll('.mbox.chosen')].map(e => Number(e.dataset.first))")),
        BTreeSet::from([chosen])
    );
}

/// The whole graph in its area, nothing to scroll to: every box's texts on
/// screen inside it.
fn seen_whole(b: &Browser, said: &str) {
    let v = b.run(
        "const a = document.getElementById('merged-area'), r = a.getBoundingClientRect();          const right = r.left + a.clientWidth, bottom = r.top + a.clientHeight;          const out = [...document.querySelectorAll('#merged-canvas .mbox')].filter(e => { const q = e.getBoundingClientRect();            return q.left < r.left - 0.5 || q.top < r.top - 0.5 || q.right > right + 0.5 || q.bottom > bottom + 0.5; }).length;          return [a.scrollWidth > a.clientWidth, a.scrollHeight > a.clientHeight, out]",
    );
    assert_eq!(
        v,
        serde_json::json!([false, false, 0]),
        "{said}: [scrolls across, scrolls down, boxes out of sight]"
    );
}

/// The values, the paths and the actions of the graph as drawn: the type
/// size times the scale it is drawn at, at least `least` px each.
fn readable(b: &Browser, least_px: [f64; 3]) {
    let least = |css: &str| {
        b.run(&format!(
            "return Math.min(...[...document.querySelectorAll({css:?})].map(e => {{ \
               let k = 1; if (e instanceof SVGElement && e.ownerSVGElement) {{ const m = e.ownerSVGElement.getScreenCTM(); k = Math.hypot(m.a, m.b); }} \
               return parseFloat(getComputedStyle(e).fontSize) * k; }}))"
        ))
        .as_f64()
        .unwrap()
    };
    let (values, paths, actions) =
        (least("#merged-canvas .mval"), least("#merged-canvas .mpaths"), least("#merged-canvas .medge text"));
    eprintln!("positions graph: values {values} px, paths {paths} px, actions {actions} px");
    assert!(
        values >= least_px[0] && paths >= least_px[1] && actions >= least_px[2],
        "{values} {paths} {actions} against {least_px:?}"
    );
}

/// How many edge labels are shown, and which pairs of them overlap.
fn labels(b: &Browser) -> (u64, Vec<String>) {
    let v = b.run(
        "const r = [...document.querySelectorAll('#merged-canvas .medge text')].filter(t => getComputedStyle(t).display !== 'none') \
           .map(t => [t.textContent, t.getBoundingClientRect()]); const over = []; \
         for (let i = 0; i < r.length; i++) for (let j = i + 1; j < r.length; j++) { const [s, a] = r[i], [u, c] = r[j]; \
           if (Math.min(a.right, c.right) - Math.max(a.left, c.left) > 0.5 && Math.min(a.bottom, c.bottom) - Math.max(a.top, c.top) > 0.5) \
             over.push(s + ' / ' + u); } \
         return [r.length, over]",
    );
    let over = v[1].as_array().unwrap().iter().map(|x| x.as_str().unwrap().to_string()).collect();
    (v[0].as_u64().unwrap(), over)
}

/// The boxes `drawn` read before, with the tops the page has now.
fn boxes_again(b: &Browser, before: &[Value]) -> Vec<Value> {
    let tops = b.run("return [...document.querySelectorAll('#merged-canvas .mbox')].map(e => e.offsetTop)");
    before
        .iter()
        .zip(tops.as_array().unwrap())
        .map(|(x, top)| {
            let mut x = x.clone();
            x["top"] = top.clone();
            x
        })
        .collect()
}

#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn the_explorer_offers_the_positions_graph_where_the_tree_has_transpositions() {
    let dir = support::Scratch::new("transpositions-offered");
    let page = |name: &str, args: &[&str]| {
        let html = dir.join(format!("{name}.html"));
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gametree"))
            .arg("analyse")
            .args(args)
            .arg("--html")
            .arg(&html)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        format!("file://{}", html.display())
    };
    let b = Browser::start();
    b.set_viewport(1366, 768);
    // A tree with transpositions: the page opens on the tree, and offers the
    // graph from the Positions view, its toolbar button shown only while the
    // graph is (one more button wrapped the toolbar at 1366x768).
    b.open(&page("ttt", &["tictactoe", "--position", TRANSPOSING, "--depth", "4"]));
    assert_eq!(b.console_errors(), Vec::<String>::new());
    assert_eq!(b.run("return document.body.dataset.mode"), Value::from("explore"));
    let shown = "return !document.getElementById('mode-merged').hidden";
    assert_eq!(b.run(shown), Value::Bool(false));
    b.click("#mode-positions");
    b.click("#positions-graph");
    assert_eq!(b.run("return document.body.dataset.mode"), Value::from("merged"));
    assert_eq!(b.run(shown), Value::Bool(true));
    let doc = transposing_tree(&dir, &[]);
    assert_eq!(b.count("#merged-canvas .mbox"), ids_by_position(&doc).len());
    b.click("#mode-explore");
    assert_eq!(b.run(shown), Value::Bool(false));
    // A tree without (AIMA's: every node a position of its own): not offered.
    b.open(&page("aima", &["tree"]));
    assert_eq!(b.count("#mode-merged"), 0);
    b.click("#mode-positions");
    assert_eq!(b.count("#positions-graph"), 0);
    // Too many positions to draw legibly: not offered; asked for, the view
    // says why and what draws them.
    let args = ["tictactoe", "--depth", "4"];
    b.open(&page("big", &args));
    assert_eq!(b.count("#mode-merged"), 0);
    b.open(&page("big-merged", &[&args[..], &["--merge-transpositions"]].concat()));
    assert_eq!(b.console_errors(), Vec::<String>::new());
    assert_eq!(b.run("return document.body.dataset.mode"), Value::from("merged"));
    let doc = support::written::analysed(&dir, &args).0;
    let positions = ids_by_position(&doc).len();
    assert!(positions > 400, "{positions}");
    let says = b.text("#view-merged");
    assert!(says.contains(&format!("{} distinct positions", big(positions as u64))), "{says}");
    assert!(says.contains("--merge-transpositions --dot FILE"), "{says}");
    assert_eq!(b.count("#merged-canvas .mbox"), 0);
}

/// A count as the page writes it, with thousands' commas.
fn big(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A dense graph at 1366x768: tic-tac-toe after x a1 and o b2, four plies
/// (1020 nodes, 345 positions, 639 lines). Its moves were written over each
/// other (67 pairs of labels with boards, 80 without) where an edge found no
/// room along it; such a label now waits for its position to be chosen.
#[test]
#[cfg_attr(not(has_chromium), ignore = "needs Debian's chromium and chromium-driver")]
fn a_dense_positions_graph_writes_no_move_over_another() {
    let dir = support::Scratch::new("transpositions-dense");
    let html = dir.join("dense.html");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["analyse", "tictactoe", "--position", "x...o.... x", "--depth", "4", "--merge-transpositions"])
        .arg("--html")
        .arg(&html)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let b = Browser::start();
    b.set_viewport(1366, 768);
    b.open(&format!("file://{}", html.display()));
    assert_eq!(b.run("return document.body.dataset.mode"), Value::from("merged"));
    for boards in ["with boards", "without boards"] {
        let (shown, over) = labels(&b);
        assert!(shown > 0, "{boards}: no edge labelled");
        assert_eq!(over, Vec::<String>::new(), "{boards}: edge labels over each other ({shown} shown)");
        assert_eq!(b.count("#merged-canvas .medge.line.crowded"), 0, "{boards}: a move of the line left out");
        b.click("#merged-boards");
    }
    // A position chosen has all its moves written, a crowded one's too.
    let crowded = b.run(
        "const e = document.querySelector('#merged-canvas .medge.crowded'); \
         return e ? Number(e.dataset.to) : null",
    );
    let to = crowded.as_u64().expect("some label finds no room in a graph this dense");
    b.click(&format!("#merged-canvas .mbox[data-first='{to}']"));
    let hidden = b.run(
        "return [...document.querySelectorAll('#merged-canvas .medge.near text')].filter(t => getComputedStyle(t).display === 'none').length",
    );
    assert_eq!(hidden, 0, "the chosen position's moves all written");
    assert_eq!(b.console_errors(), Vec::<String>::new());
}
