// ---- Grafting: a node at the edge of the built depth gets the tree the
// engine built from its own position a few plies deeper, hung under it in
// this very explorer (the same fold, zoom, selection and panel), as often as
// a student follows a line. The page computes no value: the grafted nodes'
// values are the deeper search's, as its JSON gives them. What changes above
// is a minimax back-up, said as such: each ancestor takes the greatest (MAX)
// or least (MIN) value of the children the search did not skip, and shows the
// value the first search gave beside the one "with the line searched deeper".
// (Under alpha-beta the siblings it skipped are not searched again; a bound
// stays a bound.) Stepping and practice replay the first search: its events
// never reach a grafted node.
import { addHook, hooks, setSelected, tree, ui } from './state.js';
import { CUT_ALPHA, CUT_BETA, H, LEAF, LOWER, MAXIMISING, PRUNED, S, UPPER, actionName, bestChild, children, enginePruned, isLeaf, isMax, line, windowed } from './data.js';
import { boardCache, esc } from './boards.js';
import { num, pathTo, tag } from './words.js';
import { canvas } from './layout.js';
import { header } from './header.js';
import { select } from './find.js';
const grafts = new Map(); // graft root -> { plies, staticValue, deeper, nodes }
const firstValue = new Map(); // ancestor -> the value the first search gave it
let graftCells = null; // grafted node -> its board's cells, from the JSON
let graftsShown = true; // false while stepping or practising: the first search's tree
const actionIndex = new Map(H.actions.map((a, i) => [a, i]));
const builtDepth = S.depth;
// The depth at which `n`'s part of the tree stops: the first build's, or the
// deepest graft's above it.
function edgeDepth(n) {
  for (let p = n; p >= 0; p = tree.parent[p]) {
    const g = grafts.get(p);
    if (g) return tree.depth[p] + g.plies;
  }
  return builtDepth;
}
// A node the engine could search deeper: a leaf at its part's depth (a leaf
// above it is a finished game).
const canGraft = (n) => graftsShown && n >= 0 && n < tree.N && isLeaf(n) && !enginePruned(n) && !grafts.has(n) && tree.depth[n] >= edgeDepth(n);
function grown(Type, old, size) {
  if (!old) return null;
  const a = new Type(size);
  a.set(old);
  return a;
}
const infinite = (v) => (v === '+∞' ? Infinity : v === '−∞' || v === '-∞' ? -Infinity : v);
const int32 = (v) => { v = infinite(v); return v == null ? 0 : Math.max(-2147483647, Math.min(2147483647, v)); };
// Hangs the tree of `json` (`gametree analyse --json` of node n's position,
// `plies` deep, under this page's search) under node n; returns the number
// of nodes grafted.
function graft(n, json, plies) {
  if (!canGraft(n)) throw new Error(`node ${tag(n)} is not at the edge of the tree`);
  const nodes = json.nodes;
  const root = nodes[0];
  if (!root || root.parent !== null) throw new Error('the tree to graft has no root');
  const added = nodes.length - 1;
  const size = tree.N + added;
  tree.count = grown(Uint16Array, tree.count, size); tree.action = grown(Uint16Array, tree.action, size);
  tree.flags = grown(Uint8Array, tree.flags, size); tree.cost = grown(Int32Array, tree.cost, size); tree.value = grown(Int32Array, tree.value, size);
  tree.alpha = grown(Float64Array, tree.alpha, size); tree.beta = grown(Float64Array, tree.beta, size);
  tree.first = grown(Int32Array, tree.first, size); tree.parent = grown(Int32Array, tree.parent, size); tree.depth = grown(Uint8Array, tree.depth, size);
  ui.open = grown(Uint8Array, ui.open, size);
  const nextId = tree.realId ? tree.realId[tree.N - 1] + 1 : tree.N;
  tree.realId = grown(Float64Array, tree.realId, size);
  if (!graftCells) graftCells = new Map();
  // Each node's children take consecutive indices, as the page's own do:
  // breadth first from n.
  const at = new Map([[0, n]]);
  let next = tree.N;
  const rootMax = isMax(n);
  for (const todo = [0]; todo.length;) {
    const j = todo.shift();
    const i = at.get(j);
    const kids = nodes[j].children;
    tree.first[i] = next; tree.count[i] = kids.length;
    for (const c of kids) {
      const m = nodes[c], k = next++;
      at.set(c, k);
      tree.parent[k] = i; tree.depth[k] = tree.depth[n] + m.depth;
      if (!actionIndex.has(m.action)) { actionIndex.set(m.action, H.actions.length); H.actions.push(m.action); }
      tree.action[k] = actionIndex.get(m.action);
      let f = (m.to_move === root.to_move) === rootMax ? MAXIMISING : 0;
      if (m.pruned) f |= PRUNED;
      if (!m.children.length) f |= LEAF;
      if (m.cutoff === 'beta') f |= CUT_BETA;
      if (m.cutoff === 'alpha') f |= CUT_ALPHA;
      if (m.bound === 'lower') f |= LOWER;
      if (m.bound === 'upper') f |= UPPER;
      // (A leaf's value is its cost, as the page's own leaves', pruned or not.)
      tree.flags[k] = f; tree.cost[k] = int32(m.cost); tree.value[k] = f & LEAF ? tree.cost[k] : int32(m.value);
      if (tree.alpha) { tree.alpha[k] = m.alpha == null ? 0 : infinite(m.alpha); tree.beta[k] = m.beta == null ? 0 : infinite(m.beta); }
      if (tree.realId) tree.realId[k] = nextId + (k - tree.N);
      if (m.board) graftCells.set(k, m.board.join('').split(''));
      todo.push(c);
    }
  }
  // A grafted leaf's value may be longer than any the page first had (a
  // won game's ±1004 under a tree of small evaluations): leaves widen as
  // view.js sizes them, never narrow.
  let wide = ui.leafW;
  for (let k = tree.N; k < size; k++) {
    if (!(tree.flags[k] & LEAF)) continue;
    const digits = String(Math.abs(tree.cost[k])).length + (tree.cost[k] < 0 ? 1 : 0);
    wide = Math.max(wide, digits * 15 + 12, ui.leafActInBox ? H.actions[tree.action[k]].length * 8.5 + 8 : 0);
  }
  if (wide > ui.leafW) { ui.leafW = Math.ceil(wide); canvas.style.setProperty('--leaf-w', ui.leafW + 'px'); }
  tree.N = size;
  const staticValue = tree.value[n];
  tree.flags[n] &= ~LEAF;
  tree.value[n] = int32(root.value);
  grafts.set(n, { plies, staticValue, deeper: tree.value[n], nodes: added });
  // The line above n, backed up again.
  for (let p = tree.parent[n]; p >= 0; p = tree.parent[p]) {
    let v = null;
    for (const k of children(p)) if (!enginePruned(k)) v = v === null ? tree.value[k] : isMax(p) ? Math.max(v, tree.value[k]) : Math.min(v, tree.value[k]);
    if (v === null || v === tree.value[p]) break;
    if (!firstValue.has(p)) firstValue.set(p, tree.value[p]);
    tree.value[p] = v;
  }
  line.clear(); line.add(0);
  for (let m = 0; tree.count[m] && bestChild(m) >= 0;) { m = bestChild(m); line.add(m); }
  ui.open[n] = 1;
  boardCache.clear();
  header();
  select(n);
  return added;
}
// A grafted node's board is its JSON's; the page's own nodes are in its columns.
hooks.cells.push((n) => (graftCells && graftCells.has(n) ? graftCells.get(n) : null));
// The banner's decision and line are the first search's; beside them, what
// the tree now backs up, once a graft has been made.
hooks.header.push(() => {
  const banner = document.getElementById('banner');
  if (!grafts.size || !graftsShown || !banner || banner.hidden) return;
  const best = [];
  for (let m = 0; tree.count[m] && bestChild(m) >= 0;) { m = bestChild(m); best.push(actionName(m)); }
  const same = tree.value[0] === S.value && best.join(' ') === S.line.join(' ');
  banner.insertAdjacentHTML('beforeend', ` <span id="graft-line" class="graft-note">${same ? 'the same with the line searched deeper'
    : `with the line searched deeper: value <b>${esc(num(tree.value[0]))}</b>, line ${esc(best.join(' '))}`}</span>`);
});
// What changed, on the node and in the panel.
function deeperOf(n) {
  for (let p = n; p >= 0; p = tree.parent[p]) if (grafts.has(p)) return p;
  return -1;
}
addHook(hooks.node, (n) => (!graftsShown ? '' : grafts.has(n) ? 'grafted' : firstValue.has(n) && tree.value[n] !== firstValue.get(n) ? 'rebacked' : ''));
addHook(hooks.panel, (n) => {
  if (!graftsShown) return '';
  const g = grafts.get(n);
  const row = (label, v) => `<dt>${label}</dt><dd>${esc(v)}</dd>`;
  if (g) {
    return row('before the graft', `${num(g.staticValue)}, its static value at the edge of the tree first built`)
      + row('searched deeper', `${num(g.deeper)}: the value of its own tree, ${g.plies} ${g.plies === 1 ? 'ply' : 'plies'} deeper (${g.nodes} nodes grafted here)`)
      + (windowed ? row('its tree\'s window', 'searched from here with a full window, [−∞, +∞]: the α and β on entry above are the first search\'s') : '');
  }
  if (firstValue.has(n) && tree.value[n] !== firstValue.get(n)) {
    return row('value first searched', num(firstValue.get(n)))
      + row('with the line searched deeper', `${num(tree.value[n])}: backed up from its children's values, the line below searched deeper`);
  }
  const d = deeperOf(n);
  return d > n ? row('grafted', `from ${tag(d)}'s own tree, searched ${grafts.get(d).plies} plies deeper`) : '';
});
// Stepping and practice are the first search's: its events never reach a
// grafted node, and a worksheet's windows are its. While in them the grafts
// are folded away (each graft root a leaf of its static value again, the
// line its first values), and are back as they were in any other mode.
let graftsHeld = null; // while folded away: what to put back
function showGrafts(on) {
  if (on === graftsShown || !grafts.size) { graftsShown = on; return; }
  if (!on) {
    graftsHeld = new Map();
    for (const p of [...firstValue.keys(), ...grafts.keys()]) graftsHeld.set(p, tree.value[p]);
    for (const [p, v] of firstValue) tree.value[p] = v;
    for (const [g, info] of grafts) { info.count = tree.count[g]; tree.count[g] = 0; tree.flags[g] |= LEAF; tree.value[g] = info.staticValue; }
    // (A node inside a graft is not drawn: its graft root is selected instead.)
    let top = -1;
    for (let m = ui.selected; m >= 0; m = tree.parent[m]) if (grafts.has(m)) top = m;
    if (top >= 0) setSelected(top);
  } else {
    for (const [g, info] of grafts) { tree.count[g] = info.count; tree.flags[g] &= ~LEAF; }
    for (const [p, v] of graftsHeld) tree.value[p] = v;
    graftsHeld = null;
  }
  graftsShown = on;
  line.clear(); line.add(0);
  for (let m = 0; tree.count[m] && bestChild(m) >= 0;) { m = bestChild(m); line.add(m); }
}
// (Called only once leaving a worksheet is sure: modes.js.)
hooks.mode.push((m) => showGrafts(m !== 'step' && m !== 'practice'));
(function graftStyle() {
  const st = document.createElement('style');
  st.textContent = '.graft-note { color: #5a2f9f; font-weight: normal; margin-left: 0.6em; } .box.grafted, .box.rebacked { outline: 3px dashed #7a4fbf; outline-offset: 2px; }'
    + '.box.grafted::after { content: "deeper"; } .box.rebacked::after { content: "line deeper"; }'
    + '.box.grafted::after, .box.rebacked::after { position: absolute; top: -1.25em; right: 0; font: bold 13px sans-serif; color: #5a2f9f; background: #fff; padding: 0 3px; }';
  document.head.appendChild(st);
})();
export const graftApi = Object.freeze({
  can: canGraft,
  line: (n) => pathTo(n).map(actionName),
  at: (n, json, plies) => graft(n, json, plies),
  grafted: () => [...grafts.keys()],
});
