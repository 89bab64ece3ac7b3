//! The tree as one self-contained HTML page: the explorer (`docs/explorer.md`).
//!
//! The page's template, script and style are this project's own files beside
//! this one, embedded with `include_str!`; the tree goes into the page as data,
//! so the file opens from disk with no network. Nodes are stored compactly, as
//! columns of little-endian binary in base64: children have consecutive ids, so a
//! child count per node is all the page needs to rebuild the shape, and each
//! board is a few bits per point that ever changes in the tree.

use std::collections::HashMap;
use std::io::{self, Write};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::Serialize;

use super::modules::{Module, bundle_all};
use super::scope::{Scope, Shown};
use super::seal;
use super::summary::Summary;
use crate::game::Game;
use crate::game::drawing::Picture;
use crate::search::alphabeta::{Cutoff, Window, WindowEnd};
use crate::search::trace::Event;
use crate::tree::{Bound, GameNode, Tree};

const TEMPLATE: &str = include_str!("explorer/page.html");
/// The page's script: ES modules, one file per concern, which the page
/// carries bundled from `start.js` (`super::modules`). The MCTS page's
/// `mcts.js` takes what it shares with them from the same list.
pub(crate) const MODULES: &[Module] = &[
    Module { name: "state.js", text: include_str!("explorer/state.js") },
    Module { name: "data.js", text: include_str!("explorer/data.js") },
    Module { name: "board.js", text: include_str!("explorer/board.js") },
    Module { name: "boards.js", text: include_str!("explorer/boards.js") },
    Module { name: "words.js", text: include_str!("explorer/words.js") },
    Module { name: "questions.js", text: include_str!("explorer/questions.js") },
    Module { name: "trace.js", text: include_str!("explorer/trace.js") },
    Module { name: "view.js", text: include_str!("explorer/view.js") },
    Module { name: "layout.js", text: include_str!("explorer/layout.js") },
    Module { name: "node_state.js", text: include_str!("explorer/node_state.js") },
    Module { name: "nodes.js", text: include_str!("explorer/nodes.js") },
    Module { name: "edges.js", text: include_str!("explorer/edges.js") },
    Module { name: "zoom.js", text: include_str!("explorer/zoom.js") },
    Module { name: "print.js", text: include_str!("explorer/print.js") },
    Module { name: "panel.js", text: include_str!("explorer/panel.js") },
    Module { name: "header.js", text: include_str!("explorer/header.js") },
    Module { name: "views.js", text: include_str!("explorer/views.js") },
    Module { name: "modes.js", text: include_str!("explorer/modes.js") },
    Module { name: "step_board.js", text: include_str!("explorer/step_board.js") },
    Module { name: "step.js", text: include_str!("explorer/step.js") },
    Module { name: "practice.js", text: include_str!("explorer/practice.js") },
    Module { name: "find.js", text: include_str!("explorer/find.js") },
    Module { name: "input.js", text: include_str!("explorer/input.js") },
    Module { name: "small_tree.js", text: include_str!("explorer/small_tree.js") },
    Module { name: "hook.js", text: include_str!("explorer/hook.js") },
    Module { name: "graft.js", text: include_str!("explorer/graft.js") },
    Module { name: "start.js", text: include_str!("explorer/start.js") },
    Module { name: "columns.js", text: include_str!("explorer/columns.js") },
    Module { name: "keys.js", text: include_str!("explorer/keys.js") },
    Module { name: "mcts.js", text: include_str!("explorer/mcts.js") },
    // The views a page adds when it has their data (`Addon::module`).
    Module { name: "deepening.js", text: include_str!("explorer/deepening.js") },
    Module { name: "merged.js", text: include_str!("explorer/merged.js") },
    Module { name: "orders.js", text: include_str!("explorer/orders.js") },
    Module { name: "positions.js", text: include_str!("explorer/positions.js") },
    Module { name: "exercise.js", text: include_str!("explorer/exercise.js") },
];
const STYLE: &str = include_str!("explorer/explorer.css");
/// The boards' style (`board.css`), which the MCTS page shares.
pub(crate) const BOARD_STYLE: &str = include_str!("explorer/board.css");

/// Trees larger than this get no step-through: the page would carry several
/// events per node. `--trace FILE` still writes them.
pub const TRACE_LIMIT: usize = 100_000;

/// Node flags in the page's data.
const MAXIMISING: u8 = 1;
const PRUNED: u8 = 2;
const LEAF: u8 = 4;
const CUT_BETA: u8 = 8;
const CUT_ALPHA: u8 = 16;
/// The value is a bound: the minimax value is at least it, or at most it.
const LOWER: u8 = 32;
const UPPER: u8 = 64;

#[derive(Serialize)]
struct Header<'a> {
    /// The summary, in a student's worksheet without its answers ([`ANSWERS`]).
    summary: serde_json::Value,
    /// `all`, `depth K` or `line`.
    scope: String,
    /// Nodes in the page (all of them, unless a scope cut the tree).
    embedded: usize,
    /// Whether alpha-beta set the values: then each searched node's window
    /// follows the values in the data.
    windows: bool,
    picture: &'a Picture,
    /// The root's board, one symbol per point; the page takes points that never
    /// change from it.
    root_cells: String,
    /// The points that change somewhere in the tree, whose symbols each node
    /// stores, and the symbols in the order their codes number them.
    varying: Vec<usize>,
    symbols: Vec<char>,
    bits: u32,
    /// Every distinct action, by its index in the node data.
    actions: Vec<String>,
    /// The root's own name, where the game's notation gives it one (a
    /// textbook tree's `A:(...)`): the page calls the root by it.
    root_name: Option<String>,
    /// `[index, hidden]` for each node in the page whose subtree the scope cut.
    hidden: Vec<[u64; 2]>,
    /// Why there are no trace events, when there are none.
    trace_note: Option<String>,
    /// The mode the page opens in.
    opening: Opening,
    /// A student's worksheet's salted answer tags (`seal.rs`); absent elsewhere.
    #[serde(skip_serializing_if = "Option::is_none")]
    sealed: Option<Sealed>,
}

/// What a worksheet checks answers with: the page's salt, and every node's
/// tags in base64, [`seal::TAG`] bytes each, five a node, by index.
#[derive(Serialize)]
struct Sealed {
    salt: String,
    tags: String,
}

/// The summary's answers, which a student's worksheet leaves out.
const ANSWERS: [&str; 4] = ["decision", "value", "line", "pruned"];
/// A worksheet's page shows the worksheet alone: no mode that shows answers
/// (it holds none to show), no reveal.
const SEALED_STYLE: &str = "#mode-explore, #mode-step, #reveal, #reveal-one, #practise-here, #leave-practice { display: none !important; }";
/// Why a worksheet's page has no step-through.
const SEALED_NOTE: &str = "a student's worksheet carries none of the search's steps or answers: step through the search in the teacher's page (gametree analyse ... --html)";

/// What the page shows when it opens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Opening {
    /// The tree with its values: the answer key.
    #[default]
    Explore,
    /// The worksheet: no values until the student checks them.
    Practice,
}

pub use super::addon::Addon;

/// Writes the page. `windows` as for [`super::json::write_tree`]; `events` is the
/// search's trace, shown step by step when the tree is small enough.
pub fn write_tree<G: Game>(
    out: &mut dyn Write,
    game: &G,
    tree: &Tree<'_, G>,
    windows: Option<&[Option<Window>]>,
    events: Option<&[Event]>,
    scope: Scope,
) -> io::Result<()> {
    write_page(out, game, tree, windows, events, scope, Opening::Explore)
}

/// [`write_tree`], opening in the mode `opening` (an exercise's page opens as a
/// worksheet).
pub fn write_page<G: Game>(
    out: &mut dyn Write,
    game: &G,
    tree: &Tree<'_, G>,
    windows: Option<&[Option<Window>]>,
    events: Option<&[Event]>,
    scope: Scope,
    opening: Opening,
) -> io::Result<()> {
    write_page_with(out, game, tree, windows, events, scope, opening, &[])
}

/// [`write_page`] with `addons`, each a script and its data after the explorer's.
#[allow(clippy::too_many_arguments)]
pub fn write_page_with<G: Game>(
    out: &mut dyn Write,
    game: &G,
    tree: &Tree<'_, G>,
    windows: Option<&[Option<Window>]>,
    events: Option<&[Event]>,
    scope: Scope,
    opening: Opening,
    addons: &[Addon],
) -> io::Result<()> {
    write(out, game, tree, windows, events, scope, opening, addons, None)
}

/// A student's worksheet: the page opening in practice, whose source holds
/// no answer (no value of an inner node, no window, no bound, no pruned node,
/// no step, no decision or line), only each question's salted tag (`seal.rs`
/// says what that protects against); `salt` makes the tags this page's own.
pub fn write_worksheet<G: Game>(
    out: &mut dyn Write,
    game: &G,
    tree: &Tree<'_, G>,
    windows: Option<&[Option<Window>]>,
    addons: &[Addon],
    salt: [u8; 16],
) -> io::Result<()> {
    write(out, game, tree, windows, None, Scope::All, Opening::Practice, addons, Some(salt))
}

#[allow(clippy::too_many_arguments)]
fn write<G: Game>(
    out: &mut dyn Write,
    game: &G,
    tree: &Tree<'_, G>,
    windows: Option<&[Option<Window>]>,
    events: Option<&[Event]>,
    scope: Scope,
    opening: Opening,
    addons: &[Addon],
    salt: Option<[u8; 16]>,
) -> io::Result<()> {
    tree.check_searched().map_err(io::Error::other)?;
    let summary = Summary::of(game, tree, windows);
    let mut summary_json = serde_json::to_value(&summary)?;
    let sealed = salt.map(|salt| Sealed {
        salt: seal::hex(&salt),
        tags: STANDARD.encode(seal::tags(tree, windows, &salt)),
    });
    if let (Some(_), Some(map)) = (&sealed, summary_json.as_object_mut()) {
        for key in ANSWERS {
            map.remove(key);
        }
        // (The page's script joins the line: an empty one says nothing.)
        map.insert("line".into(), serde_json::json!([]));
    }
    let picture = game.picture();
    let shown = Shown::new(tree, scope);
    let nodes = Collected::of(game, tree, &shown, windows, sealed.is_some())?;
    let boards = Boards::of(game, tree, &shown, &picture, nodes.varies);
    let trace_note = if sealed.is_some() {
        Some(SEALED_NOTE.to_string())
    } else {
        trace_note(events.is_some(), scope, tree.len)
    };
    let trace = events.filter(|_| trace_note.is_none());
    let header = Header {
        summary: summary_json,
        scope: match scope {
            Scope::All => "all".into(),
            Scope::Depth(k) => format!("depth {k}"),
            Scope::Line => "line".into(),
        },
        embedded: nodes.columns.count.len(),
        windows: windows.is_some(),
        picture: &picture,
        root_cells: boards.root_cells,
        varying: boards.varying,
        symbols: boards.symbols,
        bits: boards.bits,
        actions: nodes.actions,
        root_name: game.position_name(&tree.root_position),
        hidden: nodes.hidden,
        trace_note,
        opening,
        sealed,
    };
    let seal_style = if header.sealed.is_some() { SEALED_STYLE } else { "" };
    let events = trace.map(|e| STANDARD.encode(encode_events(e))).unwrap_or_default();
    // The title names the tree but no result: in practice mode it is a worksheet's.
    let title = escape_html(&format!(
        "{} tree: {} to move, depth {}, {}, {} nodes",
        summary.game, summary.to_move, summary.depth, summary.search, summary.node_count
    ));
    let header = script_json(&header)?;
    fill(out, TEMPLATE, &|name, out| match name {
        "title" => out.write_all(title.as_bytes()),
        "style" => out
            .write_all(STYLE.as_bytes())
            .and_then(|()| out.write_all(BOARD_STYLE.as_bytes()))
            .and_then(|()| out.write_all(seal_style.as_bytes())),
        "header" => out.write_all(header.as_bytes()),
        "nodes" => write_base64(out, &|w| {
            nodes.columns.write_to(w)?;
            w.write_all(&boards.packed)
        }),
        "events" => out.write_all(events.as_bytes()),
        "script" => write_script(out, addons),
        "addons" => write_addons(out, addons),
        other => Err(io::Error::other(format!("the page template names an unknown part {other:?}"))),
    })
}

/// The explorer's script: its modules bundled from `start.js`, then the
/// modules of the addons' views, which run once the explorer has drawn.
fn write_script(out: &mut dyn Write, addons: &[Addon]) -> io::Result<()> {
    let mut entries = vec!["start.js"];
    for a in addons {
        if let Some(m) = a.module
            && !entries.contains(&m)
        {
            entries.push(m);
        }
    }
    out.write_all(script(&entries)?.as_bytes())
}

/// The bundle of `entries` and what they import among [`MODULES`], made
/// once for each list of entries.
pub(crate) fn script(entries: &[&'static str]) -> io::Result<&'static str> {
    use std::sync::{Mutex, OnceLock};
    static MADE: OnceLock<Mutex<HashMap<Vec<&'static str>, &'static str>>> = OnceLock::new();
    let mut made = MADE.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(s) = made.get(entries) {
        return Ok(s);
    }
    // (The modules are this project's own files: an error here is a bug the
    // tests meet first, never a reader's input.)
    let text =
        bundle_all(MODULES, entries).map_err(|e| io::Error::other(format!("the page's script: {e}")))?;
    let text: &'static str = Box::leak(format!("'use strict';\n{text}").into_boxed_str());
    made.insert(entries.to_vec(), text);
    Ok(text)
}

/// Each addon's data, before the script that reads it.
fn write_addons(out: &mut dyn Write, addons: &[Addon]) -> io::Result<()> {
    for a in addons {
        if a.name.is_empty()
            || !a.name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        {
            return Err(io::Error::other(format!(
                "an addon's name must be a-z, 0-9 and -, not {:?}",
                a.name
            )));
        }
        let data = script_json(&a.data)?;
        writeln!(out, "<script type=\"application/json\" id=\"addon-{}\">{data}</script>", a.name)?;
    }
    Ok(())
}

/// The first pass over the drawn nodes: their shape, actions, costs, values and
/// windows, the actions' names, the scope's cuts, and which points of the board
/// ever differ from the root's.
struct Collected {
    columns: Columns,
    actions: Vec<String>,
    hidden: Vec<[u64; 2]>,
    varies: Vec<bool>,
}

impl Collected {
    fn of<G: Game>(
        game: &G,
        tree: &Tree<'_, G>,
        shown: &Shown,
        windows: Option<&[Option<Window>]>,
        sealed: bool,
    ) -> io::Result<Collected> {
        let root_cells = game.cells(&tree.root_position);
        let mut columns = Columns::default();
        let mut numbers: HashMap<String, u16> = HashMap::new();
        let mut actions: Vec<String> = Vec::new();
        let mut varies = vec![false; root_cells.len()];
        let mut hidden = Vec::new();
        let mut index = 0u64;
        shown.walk(tree, |node, _, cut| {
            let pos = node.position(game);
            let cells = game.cells(&pos);
            for ((v, a), b) in varies.iter_mut().zip(cells.bytes()).zip(root_cells.bytes()) {
                *v |= a != b;
            }
            let action = node.action.map_or(u16::MAX, |a| {
                let name = game.format_action(a);
                *numbers.entry(name.clone()).or_insert_with(|| {
                    actions.push(name);
                    (actions.len() - 1) as u16
                })
            });
            if cut > 0 {
                hidden.push([index, cut]);
            }
            index += 1;
            let window = windows.and_then(|w| w[node.id() as usize]);
            if sealed {
                columns.push_sealed::<G>(node, shown.opens(node), action, windows.is_some());
            } else {
                columns.push(game, node, &pos, shown.opens(node), action, window);
            }
        });
        if actions.len() >= usize::from(u16::MAX) {
            return Err(io::Error::other("the tree has more distinct actions than the page can number"));
        }
        Ok(Collected { columns, actions, hidden, varies })
    }
}

/// The second pass: each drawn node's board, a few bits per point that varies.
struct Boards {
    root_cells: String,
    varying: Vec<usize>,
    symbols: Vec<char>,
    bits: u32,
    packed: Vec<u8>,
}

impl Boards {
    fn of<G: Game>(
        game: &G,
        tree: &Tree<'_, G>,
        shown: &Shown,
        picture: &Picture,
        varies: Vec<bool>,
    ) -> Boards {
        let mut symbols = vec!['.'];
        symbols.extend(picture.units.iter().map(|u| u.symbol));
        let code = |ch: char| symbols.iter().position(|&s| s == ch).unwrap_or(0) as u8;
        let varying: Vec<usize> = (0..varies.len()).filter(|&i| varies[i]).collect();
        let bits = usize::BITS - (symbols.len() - 1).leading_zeros();
        let board_bytes = (varying.len() * bits as usize).div_ceil(8);
        let mut packed = Vec::new();
        shown.walk(tree, |node, _, _| {
            let cells = game.cells(&node.position(game));
            let cells = cells.as_bytes();
            let at = packed.len();
            packed.resize(at + board_bytes, 0u8);
            for (k, &p) in varying.iter().enumerate() {
                let c = code(char::from(cells[p]));
                for b in 0..bits as usize {
                    if c >> b & 1 != 0 {
                        let bit = k * bits as usize + b;
                        packed[at + bit / 8] |= 1 << (bit % 8);
                    }
                }
            }
        });
        Boards { root_cells: game.cells(&tree.root_position), varying, symbols, bits, packed }
    }
}

/// Why the page offers no step-through, when it offers none.
fn trace_note(has_events: bool, scope: Scope, len: usize) -> Option<String> {
    if !has_events {
        return Some(
            "this page was written without the search's events; write it again with --html (any tree of at most 100000 nodes carries them) or write them with --trace FILE".to_string(),
        );
    }
    if scope != Scope::All {
        return Some(
            "step-through needs the whole tree; write the page without --show-depth or --show-line".into(),
        );
    }
    (len > TRACE_LIMIT).then(|| {
        format!(
            "step-through is offered for trees of at most {TRACE_LIMIT} nodes, and this one has {len}: its events would make the page too large to open. \
             To step through this search, write its events with --trace FILE and read them (docs/trace.md), \
             or write the page for a smaller tree (a lower --depth, or a later position), which carries them"
        )
    })
}

/// Writes what `data` writes as one base64 text, encoding as it goes: a
/// large tree's page data is never held twice, once in base64.
fn write_base64(out: &mut dyn Write, data: &dyn Fn(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    let mut encoder = base64::write::EncoderWriter::new(out, &STANDARD);
    data(&mut encoder)?;
    encoder.finish().map(|_| ())
}

/// Writes `items` little-endian a slice at a time, so that a column is never
/// copied whole into bytes.
fn write_le<T: Copy, const N: usize>(
    out: &mut dyn Write,
    items: &[T],
    bytes: fn(T) -> [u8; N],
) -> io::Result<()> {
    let mut buf = Vec::with_capacity(1024 * N);
    for chunk in items.chunks(1024) {
        buf.clear();
        buf.extend(chunk.iter().flat_map(|&v| bytes(v)));
        out.write_all(&buf)?;
    }
    Ok(())
}

/// Writes `template` with each `{{name}}` in it replaced by what `part` writes.
/// Only the template is scanned, never what goes into it.
pub(crate) fn fill(
    out: &mut dyn Write,
    template: &str,
    part: &dyn Fn(&str, &mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        let end = rest[start..].find("}}").map(|e| start + e).expect("placeholders are closed");
        out.write_all(&rest.as_bytes()[..start])?;
        part(&rest[start + 2..end], out)?;
        rest = &rest[end + 2..];
    }
    out.write_all(rest.as_bytes())
}

/// The node columns, in the page's order: child counts, actions, flags, costs,
/// the values of inner nodes (a leaf's value is its cost), then under alpha-beta
/// the window of each searched node.
#[derive(Default)]
struct Columns {
    count: Vec<u16>,
    action: Vec<u16>,
    flags: Vec<u8>,
    cost: Vec<i32>,
    value: Vec<i32>,
    window: Vec<[i32; 2]>,
    /// For each window, which of its ends are infinite ([`infinite_ends`]).
    infinite: Vec<u8>,
}

impl Columns {
    fn push<G: Game>(
        &mut self,
        game: &G,
        node: &GameNode<G>,
        pos: &G::Position,
        opens: bool,
        action: u16,
        window: Option<Window>,
    ) {
        self.count.push(if opens { node.children().len() as u16 } else { 0 });
        self.action.push(action);
        let mut flags = 0;
        if node.maximising() {
            flags |= MAXIMISING;
        }
        if node.pruned() {
            flags |= PRUNED;
        }
        flags |= match node.bound() {
            Bound::Exact => 0,
            Bound::Lower => LOWER,
            Bound::Upper => UPPER,
        };
        if node.is_leaf() {
            flags |= LEAF;
            self.cost.push(node.value());
        } else {
            self.cost.push(game.cost(pos, true));
            self.value.push(node.value());
        }
        if let Some(w) = window {
            self.window.push([finite_part(w.alpha), finite_part(w.beta)]);
            self.infinite.push(infinite_ends(w.alpha, w.beta) as u8);
            flags |= match w.cutoff {
                Some(Cutoff::Beta) => CUT_BETA,
                Some(Cutoff::Alpha) => CUT_ALPHA,
                None => 0,
            };
        }
        self.flags.push(flags);
    }

    /// A worksheet's node: its shape, its side and, for a leaf, its cost (the
    /// givens); an inner node's value and cost are 0, no node is pruned or a
    /// bound, and every node has the window [0, 0] under alpha-beta (the page
    /// reads a window for each node not pruned, and asks for them all).
    fn push_sealed<G: Game>(&mut self, node: &GameNode<G>, opens: bool, action: u16, windowed: bool) {
        self.count.push(if opens { node.children().len() as u16 } else { 0 });
        self.action.push(action);
        let mut flags = if node.maximising() { MAXIMISING } else { 0 };
        if node.is_leaf() {
            flags |= LEAF;
            self.cost.push(node.value());
        } else {
            self.cost.push(0);
            self.value.push(0);
        }
        if windowed {
            self.window.push([0, 0]);
            self.infinite.push(0);
        }
        self.flags.push(flags);
    }

    /// Writes the columns in the page's order, little-endian, column after
    /// column, without gathering them into one buffer first (which held the
    /// columns a second time: 17 MB more at depth 7 of test4).
    fn write_to(&self, out: &mut dyn Write) -> io::Result<()> {
        write_le(out, &self.count, u16::to_le_bytes)?;
        write_le(out, &self.action, u16::to_le_bytes)?;
        out.write_all(&self.flags)?;
        write_le(out, &self.cost, i32::to_le_bytes)?;
        write_le(out, &self.value, i32::to_le_bytes)?;
        write_le(out, self.window.as_flattened(), i32::to_le_bytes)?;
        out.write_all(&self.infinite)
    }
}

/// A window end's number in the page's 32-bit arrays; an infinite end is 0
/// there, and its mark in [`infinite_ends`] says which infinity it is. (The
/// extreme numbers cannot stand for the infinities: a checkers side that cannot
/// move costs ±2147483647, a real value.)
fn finite_part(b: WindowEnd) -> i32 {
    match b {
        WindowEnd::Value(v) => v,
        WindowEnd::MinusInfinity | WindowEnd::PlusInfinity => 0,
    }
}

/// Bits marking a window's infinite ends: 1 α = −∞, 2 α = +∞, 4 β = −∞, 8 β = +∞.
fn infinite_ends(alpha: WindowEnd, beta: WindowEnd) -> i32 {
    let bits = |e: WindowEnd, shift: u32| match e {
        WindowEnd::MinusInfinity => 1 << shift,
        WindowEnd::PlusInfinity => 2 << shift,
        WindowEnd::Value(_) => 0,
    };
    bits(alpha, 0) | bits(beta, 2)
}

/// Five 32-bit numbers per event: kind, node, then by kind
/// enter: alpha, beta, and 16 if windowed plus the window's infinite ends;
/// leaf and return: value; window: alpha, beta, the infinite ends; cut-off:
/// first and last skipped child, 0 for a beta cut-off or 1 for alpha.
fn encode_events(events: &[Event]) -> Vec<u8> {
    let mut b = Vec::with_capacity(events.len() * 20);
    for e in events {
        let words: [i32; 5] = match *e {
            Event::Enter { node, window: Some((a, z)) } => {
                [0, node as i32, finite_part(a), finite_part(z), 16 | infinite_ends(a, z)]
            }
            Event::Enter { node, window: None } => [0, node as i32, 0, 0, 0],
            Event::Leaf { node, value } => [1, node as i32, value, 0, 0],
            Event::Return { node, value } => [2, node as i32, value, 0, 0],
            Event::Window { node, alpha, beta } => {
                [3, node as i32, finite_part(alpha), finite_part(beta), infinite_ends(alpha, beta)]
            }
            Event::Cutoff { node, kind, first, last } => {
                [4, node as i32, first as i32, last as i32, i32::from(kind == Cutoff::Alpha)]
            }
        };
        b.extend(words.iter().flat_map(|w| w.to_le_bytes()));
    }
    b
}

/// JSON that can stand inside a `<script>` element: `<`, `>` and `&` (which can
/// only occur inside strings) are written as escapes, so no text in it can end
/// the element or start markup.
pub fn script_json(value: &impl Serialize) -> io::Result<String> {
    let json = serde_json::to_string(value)?;
    Ok(json.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026"))
}

/// `text` safe inside HTML elements and quoted attributes: `<`, `>`, `&`, `"`
/// and `'` written as entities.
pub fn escape_html(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '&' => s.push_str("&amp;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&#39;"),
            c => s.push(c),
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every script file beside this one is a module of the pages, type-checked
    /// (jsconfig.json's list); each addon's view bundles after the explorer.
    #[test]
    fn every_module_is_bundled_and_type_checked() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/export/explorer");
        let jsconfig = std::fs::read_to_string(dir.join("jsconfig.json")).unwrap();
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|f| f.ends_with(".js"))
            .collect();
        files.sort();
        let mut listed: Vec<String> = MODULES.iter().map(|m| m.name.to_string()).collect();
        listed.sort();
        assert_eq!(files, listed, "src/export/explorer's modules and MODULES differ");
        for f in &files {
            assert!(jsconfig.contains(&format!("\"{f}\"")), "jsconfig.json does not check {f}");
        }
        // Both pages' bundles resolve, and the MCTS page takes the shared decoder.
        assert!(script(&["start.js"]).unwrap().contains("const __m_columns"));
        assert!(script(&["mcts.js"]).unwrap().contains("const __m_columns"));
        assert!(
            !script(&["mcts.js"]).unwrap().contains("const __m_data"),
            "the MCTS page needs none of the tree's data"
        );
        // Each addon's view runs after the explorer, sharing its modules.
        for view in ["deepening.js", "merged.js", "orders.js", "positions.js", "exercise.js"] {
            let both = script(&["start.js", view]).unwrap();
            assert_eq!(both.matches("const __m_state =").count(), 1, "{view}");
            assert!(both.find("const __m_start").unwrap() < both.find(&format!("// ---- {view}")).unwrap());
        }
    }

    #[test]
    fn nothing_in_the_data_can_end_the_script_or_start_markup() {
        let json = script_json(&vec!["</script><b>&amp;"]).unwrap();
        assert!(!json.contains('<') && !json.contains('>') && !json.contains('&'), "{json}");
        let back: Vec<String> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, ["</script><b>&amp;"]);
        assert_eq!(
            escape_html("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }
}
