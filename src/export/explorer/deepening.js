// Iterative deepening replayed (`analyse --search deepening --html`): one view
// over the explorer that steps from iteration to iteration, each drawn as the
// tree's top levels with what that iteration visited, the order it took the
// children in (the previous line first), and where it stopped early: an
// alpha-beta cut-off (red strokes across the first skipped edge and the word
// "cut") or a transposition-table answer (a boxed T and the word "table").
// Beside it, every iteration's figures and the chart of nodes per depth. Its
// data is the addon data `deepening` (src/export/deepening.rs), and it is one
// of the page's modes (views.js's addView): its button in the toolbar's
// modes, its area in the tree's.
import { addonData, stepNote } from './hook.js';
import { addView } from './views.js';
import { setMode } from './modes.js';
import { stepKey } from './keys.js';
import { smallTree } from './small_tree.js';
import { boardEsc as esc } from './board.js';
const D = addonData('deepening');
const T = D.tree;
const ITS = D.iterations;
const N = T ? T.count.length : 0;
const offset = new Int32Array(N + 1);
for (let n = 0; n < N; n++) offset[n + 1] = offset[n] + T.count[n];

const plural = (k, one, many) => `${k} ${k === 1 ? one : many}`;

const style = document.createElement('style');
style.textContent = `
#view-deepening:not([hidden]) { display: flex; flex-direction: column; overflow: hidden; }
#view-deepening h2 { font-size: 19px; margin: 0 0 6px; }
#view-deepening #deepening-close { float: right; margin: 0 0 6px 8px; font-size: 16px; padding: 3px 10px; }
#view-deepening #best-line { font-size: 16px; padding: 2px 8px; }
#view-deepening .steps { display: flex; gap: 6px; padding: 4px 12px; border-bottom: 1px solid #ddd; flex-wrap: nowrap; align-items: center; }
#view-deepening .steps button { font-size: 16px; padding: 3px 10px; white-space: nowrap; flex: none; }
#view-deepening .steps [role=tablist] { display: flex; gap: 6px; flex-wrap: nowrap; overflow-x: auto; min-width: 0; }
#view-deepening [role=tab] { display: flex; align-items: baseline; gap: 5px; border: 1px solid #999; background: #f6f6f6; border-radius: 4px; padding: 3px 8px; }
#view-deepening [role=tab] b { font-size: 16px; }
#view-deepening [role=tab] span { font-size: 13px; color: #444; }
#view-deepening [role=tab][aria-selected=true] { background: #222; color: #fff; border-color: #222; }
#view-deepening [role=tab][aria-selected=true] span { color: #eee; }
#view-deepening .body { flex: 1; display: flex; min-height: 0; }
#view-deepening .drawing { flex: 1; overflow: auto; min-width: 0; padding: 8px; }
#view-deepening aside { width: 520px; max-width: 45vw; overflow: auto; border-left: 1px solid #ddd; padding: 8px 10px; font-size: 16px; }
#view-deepening table { border-collapse: collapse; margin: 4px 0 8px; }
#view-deepening th, #view-deepening td { padding: 2px 3px; font-size: 16px; text-align: right; }
#view-deepening td.line { text-align: left; border-bottom: 1px solid #ccc; padding-bottom: 4px; }
#view-deepening td.line span { white-space: nowrap; }
#view-deepening tr.chosen td { background: #fff2c6; font-weight: 600; }
#view-deepening tbody tr { cursor: pointer; }
#view-deepening .said { font-size: 20px; margin: 0 0 6px; }
#view-deepening .note { color: #444; }
#view-deepening .chart { display: block; width: 100%; padding: 2px; background: #fff; border: 1px solid #bbb; cursor: zoom-in; }
#view-deepening .chart svg { width: 100%; height: auto; display: block; }
#view-deepening .chart-large { height: 100%; }
#view-deepening .chart-large svg { display: block; width: 100%; height: 100%; }
#view-deepening .said .mv { white-space: nowrap; }
#view-deepening svg text { font-family: system-ui, sans-serif; }
body[data-mode=deepening] #legend { display: none; }
@media print {
#view-deepening:not([hidden]) { display: block; overflow: visible; }
#view-deepening .drawing { overflow: visible; }
#view-deepening .steps { display: none; }
}`;
document.head.appendChild(style);

const view = addView({
  id: 'deepening',
  label: 'Iterations',
  title: 'Iterative deepening: each iteration\'s tree, its table answers and cut-offs, and the nodes per depth',
  show: () => render(),
}, setMode);
view.setAttribute('aria-label', 'Iterative deepening');
// Leaving the view gives the keyboard back to its button.
const back = () => { setMode('explore'); document.getElementById('mode-deepening').focus(); };

let chosen = ITS.length - 1;
// Whether the chart has the drawing's room: beside the figures it is a
// third smaller than written, its words 10 px, too small for a class.
let large = false;

// One line a tab, and the tabs on one line: two lines a tab, and a row of
// them wrapping at 1280 px, took a fifth of the height from the tree. (The
// table cut-offs are in the figures beside, and in the tab's title.)
function tabs() {
  return ITS.map((it, k) => `<button role="tab" id="iteration-${it.depth}" data-iteration="${k}" aria-selected="${k === chosen}" ` +
    `title="${plural(it.nodes, 'node', 'nodes')}, ${plural(it.table_cutoffs, 'table cut-off', 'table cut-offs')}">` +
    `<b>depth ${it.depth}</b><span>${it.nodes} nodes</span></button>`).join('');
}

// The effective branching factor from the counts, as the command line
// writes it: the JSON's is rounded to three places, and rounded again to
// two it said 6.46 where the command line says 6.45 (142 / 22).
const ebf = (k) => (ITS[k].nodes / (k ? ITS[k - 1].nodes : 1)).toFixed(2);

// Each iteration's line goes on a row of its own under its figures, and
// wraps between moves, never inside one: a ninth column at 16 px left the
// table wider than the figures' side, and checkers' A6-B5 broke at its
// hyphen.
function table() {
  let s = '<table><thead><tr><th>depth</th><th>nodes</th><th>table cut-offs</th><th>alpha-beta cut-offs</th>' +
    '<th>time ms</th><th>EBF</th><th>decision</th><th>value</th></tr></thead><tbody>';
  ITS.forEach((it, k) => {
    const row = `<tr data-iteration="${k}"${k === chosen ? ' class="chosen"' : ''}>`;
    const line = it.principal_variation.map((m) => `<span>${esc(m)}</span>`).join(' ');
    s += `${row}<td>${it.depth}</td><td>${it.nodes}</td>` +
      `<td>${it.table_cutoffs}</td><td>${it.cutoffs}</td><td>${it.time_ms.toFixed(3)}</td><td>${ebf(k)}</td>` +
      `<td>${esc(it.decision || 'none')}</td><td>${it.value}</td></tr>${row}<td colspan="8" class="line">line: ${line}</td></tr>`;
  });
  const ab = D.nodes_per_depth.alphabeta;
  const last = ITS[ITS.length - 1];
  s += '</tbody></table>';
  s += `<p class="note">The last iteration searched ${last.nodes} nodes; plain alpha-beta in the game's order searches ` +
    `${ab[ab.length - 1]} at the same depth, with the same decision and value. EBF: an iteration's nodes over the previous one's.</p>`;
  return s;
}

function said(it) {
  const k = ITS.indexOf(it), best = !opened[k] || opened[k].best;
  const open = !D.searched || D.searches ? '' : (best ? ' Drawn open along its line of best play.' :
    ' Drawn open along the line clicked: <button id="best-line" title="Open the line of best play again (b)">back to the line of best play</button>') +
    ' Under every other node, <b>+k</b>: the k nodes it searched below, not drawn. <b>Click a node</b> (or Tab to it and press Enter) to open the line to it.';
  const tie = D.searched && !D.searches ? ties(k) : '';
  return `<p class="said"><b>Depth ${it.depth}</b>: ${it.nodes} nodes searched` +
    (D.searched && !D.searches ? ` of the tree's ${Number(D.node_count).toLocaleString('en')}` : '') + ', ' +
    `${plural(it.table_cutoffs, 'table cut-off', 'table cut-offs')}, ${plural(it.cutoffs, 'alpha-beta cut-off', 'alpha-beta cut-offs')}; ` +
    `decision ${esc(it.decision || 'none')}, value ${it.value}.${open}</p>${tie}`;
}

// Where the line drawn open goes to a child after a sibling drawn before
// it came back with the same exact value, the page says why: a class
// that reads "ties prune" expects the later one cut.
function ties(k) {
  const P = D.searched[k], t = P.tree, open = opened[k] || principal(k), at = parts[k];
  const told = [];
  // From the root down (a line is kept from its end up).
  for (const n of [...open].reverse()) {
    const next = [...open].find((c) => parent[k][c] === n);
    if (next === undefined) continue;
    const order = [];
    for (let j = at[n]; j < at[n + 1]; j++) order.push(t.first[n] + P.children[j]);
    // (`order` is the search's; the whole tree's ids among siblings, the game's.)
    const before = order.slice(0, order.indexOf(next))
      .find((c) => P.id[c] > P.id[next] && P.bound[c] === '=' && P.bound[next] === '=' && P.value[c] === P.value[next]);
    if (before === undefined) continue;
    // (Moves kept whole: B5-A4 broke at its hyphen.)
    const [a, b] = [t.action[next], t.action[before]].map((m) => `<span class="mv">${esc(m)}</span>`);
    const taken = `<b>${a}</b> takes the line from ${b}, searched before it with the same value ${P.value[next]}`;
    // Said in full once; a second tie on the line only named.
    told.push(told.length ? `${taken}, for the same reason.` : `${taken}: ties go to the move first in the game's order, ` +
      `and ${a} comes before ${b} there (${b} was searched first as the previous iteration's line or the table's best move).`);
  }
  return told.length ? `<p class="said tie">${told.join(' ')}</p>` : '';
}

const legend = '<p class="note">▲ MAX to move, ▼ MIN to move, a box is a leaf (at the end of the game or at this iteration\'s depth). ' +
  'Children are drawn in the order this iteration took them: the previous iteration\'s line first, then the table\'s best move, then the game\'s order. ' +
  'Grey and dashed: not searched (what lies under it is left out). <b>Alpha-beta cut-off</b>: two red strokes across the first skipped edge and the word <b>cut</b>. ' +
  '<b>Table cut-off</b>: a boxed <b>T</b> and the word <b>table</b>: the transposition table held this position\'s value at this depth, so none of its children were searched. ' +
  '≥ v and ≤ v: a bound, not the exact value. <b>Ties</b> go to the move first in the game\'s order: a move before the best so far in that order ' +
  'is searched with a window one wider, so that a tie with the best comes back exact, and it takes the line. So a move can be searched, and chosen, ' +
  'after a sibling of the same value, where ties would otherwise be cut.' +
  (D.searched ? ' In this large tree a grey dashed box <b>+k not searched</b> stands for the k children a node never searched, and ' +
    '<b>+k</b> under a node for the k nodes it searched below it, not drawn. A closed node shows what stopped it in words alone ' +
    '(<b>cut +14</b>, <b>table</b>): its strokes and its grey children are drawn once its line is opened.' : '') + '</p>';

// ---- One iteration's tree: the nodes to its depth, drawn by the explorer's
// small tree (src/export/explorer/small_tree.js).
// A tree over the limit sends, per iteration, only what it searched, as a
// small tree of its own (src/export/deepening.rs): its offsets are its own.
const parts = (D.searched || []).map((P) => {
  const at = new Int32Array(P.tree.count.length + 1);
  for (let n = 0; n < P.tree.count.length; n++) at[n + 1] = at[n] + P.tree.count[n];
  return at;
});

// ---- A large tree's iteration is drawn open along one line, from the
// root to the node last chosen (at first the iteration's principal
// variation): the nodes on it show every child, the others are closed,
// "+k" under one telling how many nodes it searched below. Drawn whole,
// test4's fifth iteration (223 nodes) was 45,000 px wide, without a move
// named; open along one line it is a few nodes a row, every move named.
// Clicking a node opens the line to it.
/** A line drawn open: its nodes, and whether it is the line of best play.
 * @typedef {Set<number> & { best?: boolean }} Line */
/** @type {(Line|null)[]} */
const opened = [];
const parent = parts.map((at, k) => {
  const P = D.searched[k], up = new Int32Array(P.tree.count.length).fill(-1);
  P.tree.count.forEach((c, n) => { for (let j = 0; j < c; j++) up[P.tree.first[n] + j] = n; });
  return up;
});
// The moves from the root to node n of iteration k's tree.
function pathTo(k, n) {
  const moves = [];
  for (let m = n; parent[k][m] >= 0; m = parent[k][m]) moves.unshift(D.searched[k].tree.action[m]);
  return moves.join(' ');
}
function lineTo(k, n) {
  const open = new Set();
  for (let m = n; m >= 0; m = parent[k][m]) open.add(m);
  return open;
}
// The iteration's principal variation, followed by its moves' names as
// far as the nodes kept go.
function principal(k) {
  const P = D.searched[k], t = P.tree;
  let n = t.root;
  for (const move of ITS[k].principal_variation) {
    let next = -1;
    for (let j = 0; j < t.count[n]; j++) {
      const c = t.first[n] + j;
      if (t.action[c] === move && P.bound[c] !== '.') next = c;
    }
    if (next < 0) break;
    n = next;
  }
  const open = /** @type {Line} */ (lineTo(k, n));
  open.best = true;
  return open;
}
const big = (n) => Number(n).toLocaleString('en');

function drawing(k) {
  const it = ITS[k];
  const P = !D.searches && D.searched ? D.searched[k] : null;
  if (!P && (!T || !D.searches)) {
    return `<p class="note">This tree has ${D.node_count} nodes; each iteration's tree is drawn for trees of at most ${D.limit}. ` +
      'The figures beside hold for the whole tree.</p>';
  }
  const open = P ? (opened[k] = opened[k] || principal(k)) : null;
  const tree = P ? P.tree : T, S = P || D.searches[k], ends = P ? parts[k] : offset;
  const seen = (n) => S.bound[n] !== '.';
  // Searched below the levels kept: said under the node, as a closed
  // node's "+k" (a box for it took a row of the drawing's height).
  const kept = (m) => !P || P.cut[m] !== 'd';
  const cutShort = (n) => P && P.tree.count[n] > 0 && !kept(P.tree.first[n]);
  // What a closed node searched below it, said under it.
  const more = (n) => P && seen(n) && P.below[n] > 0 && (!open.has(n) || cutShort(n)) ? `+${big(P.below[n])}` : '';
  const kids = (n) => {
    if (P && !open.has(n)) return [];
    const out = [];
    for (let j = ends[n]; j < ends[n + 1]; j++) out.push(tree.first[n] + S.children[j]);
    return out.filter(kept);
  };
  const value = (n) => {
    const v = S.value[n], b = S.bound[n];
    return b === '>' ? `≥${v}` : b === '<' ? `≤${v}` : String(v);
  };
  // Marks in the tree's type (the layout's, 16 px or more), their reach
  // told so that the layout keeps them clear of the neighbours'.
  // The word's baseline a type size and 2 px under the node: a ▲'s exact
  // value sits low in it, and a word nearer touched it.
  // A closed node's "+k" goes on the line of its word ("cut +14"), or
  // alone under it: a line of its own under "cut" left no room for the
  // moves' names.
  const mark = (n, at) => {
    const m = marked(n, at);
    // The nodes on the open line say so, for a test or a style to find.
    // The line of best play's moves red, as the banner writes them (and
    // the explorer draws best play): a line clicked open is not best play.
    return P && open.has(n) ? { ...(m || {}), cls: `${m && m.cls ? m.cls + ' ' : ''}open${open.best ? ' best' : ''}` } : m;
  };
  const marked = (n, at) => {
    const f = at.font, below = at.under + f + 2, plus = more(n);
    const extra = plus ? `<tspan class="searched-below"> ${plus}</tspan>` : '';
    const half = (word) => at.wide(word + (plus ? ' ' + plus : ''), f, true) / 2;
    const closed = plus && !open.has(n) ? ' closed' : '';
    if (S.cut[n] === 't') {
      // A boxed T left of the node, and the word below it.
      const side = f + 4, bx = at.x - at.half - 4 - side, by = at.y - side / 2;
      const word = half('table');
      return { cls: 'table' + closed, down: f + 6, left: Math.max(at.half + 4 + side, word), right: word,
        svg: `<g class="mark" data-kind="table"><rect x="${bx}" y="${by}" width="${side}" height="${side}" class="t-box"/>` +
        `<text x="${bx + side / 2}" y="${at.y}" text-anchor="middle" dominant-baseline="central" font-size="${f}" class="t-letter">T</text>` +
        `<text x="${at.x}" y="${below}" text-anchor="middle" font-size="${f}" class="word">table${extra}</text></g>` };
    }
    if (S.cut[n] === 'a') {
      const word = half('cut');
      return { cls: 'cutoff' + closed, down: f + 6, left: word, right: word,
        svg: `<g class="mark" data-kind="cutoff"><text x="${at.x}" y="${below}" text-anchor="middle" font-size="${f}" class="word cut-word">cut${extra}</text></g>` };
    }
    if (!plus) return null;
    const word = at.wide(plus, f, true) / 2;
    return { cls: closed.trim(), down: f + 6, left: word, right: word,
      svg: `<text x="${at.x}" y="${below}" text-anchor="middle" font-size="${f}" class="word searched-below">${plus}</text>` };
  };
  const box = view.querySelector('.drawing');
  // A tree open along one line needs every row of the box to name its
  // moves: how much of the tree it is, and how to open another line, are
  // said beside it.
  return smallTree({
    tree, kids, seen, value, mark, depth: it.depth,
    note: P ? (n) => P.note[n] : undefined,
    cut: (n) => S.cut[n] === 'a',
    box,
    label: `The tree of iteration ${it.depth}`,
    // What this iteration never reached would crowd out what it searched.
    fold: true,
    // Open along one line, which goes straight down the left.
    first: !!P,
    // Any node searched opens the line to it, by keyboard too.
    press: P ? (n) => seen(n) && n !== tree.root && `${pathTo(k, n)}: open the line to it` : undefined,
    // (`.node` in each text's rule: the drawing's own `.node text` would win.)
    style: '.table polygon{stroke-width:4}.t-box{fill:#fff;stroke:#5b2a86;stroke-width:2}.node .t-letter{font-weight:700;fill:#5b2a86}' +
      '.node .word{font-weight:600;fill:#5b2a86}.node .cut-word{fill:#c00}' +
      '.node .searched-below{font-weight:600;fill:#333}.node.closed{cursor:pointer}' +
      // The line drawn open, heavier, as the explorer draws best play.
      '.node.open polygon,.node.open rect{stroke-width:3.5}.node.open .act{font-weight:700;fill:#111}.node.open.best .act{fill:#c00}',
  });
}

function render() {
  const it = ITS[chosen];
  // The view's title and the way back head the figures beside the tree: a
  // row of their own took the room a sixth row of the tree needs to name
  // its moves, and the way back at the end of the tabs wrapped at six.
  view.innerHTML =
    // (The arrows alone on the buttons, said in full to a screen reader:
    // "◀ shallower" and "deeper ▶" pushed the last tab out of sight at 1280 px.)
    `<div class="steps"><button id="iteration-prev" title="The previous iteration, shallower (←)" aria-label="shallower"${chosen === 0 ? ' disabled' : ''}>◀</button>` +
    `<span role="tablist" aria-label="Iteration">${tabs()}</span>` +
    `<button id="iteration-next" title="The next iteration, deeper (→)" aria-label="deeper"${chosen === ITS.length - 1 ? ' disabled' : ''}>▶</button>` +
    `<button id="chart-large" aria-pressed="${large}" title="The chart of nodes per depth in the drawing's place (c); a depth's tab draws its tree again">Chart</button></div>` +
    `<div class="body"><div class="drawing" tabindex="0" role="region" aria-label="The tree"></div><aside tabindex="0" aria-label="Figures">` +
    '<button id="deepening-close" title="Back to the explorer (Esc)">Back to the explorer</button>' +
    `<h2>Iterative deepening: alpha-beta to each depth in turn, with a transposition table</h2>${said(it)}${legend}${table()}` +
    (large ? '' : `<button class="chart" title="Show the chart large, in the drawing's place">${D.chart}</button>`) +
    '<p class="note">← and → step between iterations; c shows the chart large; b goes back to the line of best play; Esc goes back to the explorer.</p></aside></div>';
  const box = view.querySelector('.drawing');
  // A tree too wide to read whole opens at its left, on its root and the
  // previous line, searched first (small_tree.js).
  box.innerHTML = large ? `<div class="chart-large">${D.chart}</div>` : drawing(chosen);
  // Where the tabs are more than their row holds, it scrolls, to the chosen one.
  const list = /** @type {HTMLElement} */ (view.querySelector('[role=tablist]'));
  const tab = /** @type {HTMLElement} */ (list.querySelector('[aria-selected=true]'));
  if (tab && list.scrollWidth > list.clientWidth) {
    list.scrollLeft = Math.max(0, tab.offsetLeft - list.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2);
  }
  view.dataset.shown = String(it.depth);
  banner(it);
}

// The banner over the page says what the iteration shown decided, and
// its line: the whole tree's line (the last iteration's) over depth 4's
// tree named moves that tree did not play. Leaving the view gives the
// banner back to the tree (the explorer writes it on every change of mode).
function banner(it) {
  const el = document.getElementById('banner');
  if (!el) return;
  el.hidden = false;
  el.innerHTML = `<span class="line-label">depth ${it.depth}:</span> ` + (it.decision
    ? `Decision <b id="decision">${esc(it.decision)}</b>, value <b id="decision-value">${it.value}</b> ` +
      `<span class="line-label">line of best play</span> <span id="line">${esc(it.principal_variation.join(' '))}</span>`
    : `No decision. Value <b id="decision-value">${it.value}</b>`);
}

function choose(k) {
  chosen = Math.max(0, Math.min(ITS.length - 1, k));
  large = false;
  render();
  const tab = /** @type {HTMLElement} */ (view.querySelector('[role=tab][aria-selected=true]'));
  if (tab) tab.focus();
}

view.addEventListener('click', (ev) => {
  const target = /** @type {HTMLElement} */ (ev.target);
  const t = /** @type {HTMLElement} */ (target.closest('[data-iteration]'));
  // The chosen iteration's tab again, or the button, opens its line of
  // best play again.
  if (t && Number(t.dataset.iteration) === chosen) opened[chosen] = null;
  if (t) { choose(Number(t.dataset.iteration)); return; }
  if (target.closest('#chart-large, .chart')) { showChart(!large); return; }
  if (target.id === 'best-line') { bestLine(); return; }
  const node = /** @type {HTMLElement} */ (target.closest('.drawing .node.seen[data-id]'));
  if (node && D.searched && !D.searches) { openTo(Number(node.dataset.id)); return; }
  if (target.id === 'iteration-prev') choose(chosen - 1);
  else if (target.id === 'iteration-next') choose(chosen + 1);
  else if (target.id === 'deepening-close') back();
});
function showChart(on) {
  large = on;
  render();
  document.getElementById('chart-large').focus({ preventScroll: true });
}
// Opens the line of best play again (its button, or b). The button goes
// with the line it undid: the keyboard goes to the drawing, not back to
// the top of the page.
function bestLine() {
  opened[chosen] = null;
  render();
  /** @type {HTMLElement} */ (view.querySelector('.drawing')).focus({ preventScroll: true });
}
// Opens the line to node n, and keeps the keyboard on it.
function openTo(n) {
  opened[chosen] = lineTo(chosen, n);
  render();
  const again = /** @type {HTMLElement} */ (view.querySelector(`.drawing .node[data-id="${n}"]`));
  if (again) again.focus({ preventScroll: true });
}
window.addEventListener('keydown', (ev) => {
  if (view.hidden) return;
  ev.stopPropagation();
  const node = /** @type {HTMLElement|null} */ (document.activeElement && document.activeElement.closest('.drawing .node[tabindex]'));
  // (The presenter's keys step through the iterations, as in every view:
  // gametree.stepKey. Enter opens the line to a focused node.)
  const by = stepKey(ev);
  if (node && ev.key === 'Enter') { ev.preventDefault(); openTo(Number(node.dataset.id)); }
  else if (by) { ev.preventDefault(); choose(chosen + by); }
  else if (ev.key === 'c' && !ev.ctrlKey && !ev.metaKey && !ev.altKey) showChart(!large);
  // (b: the way back without Tabbing past every node to its button.)
  else if (ev.key === 'b' && !ev.ctrlKey && !ev.metaKey && !ev.altKey && opened[chosen] && !opened[chosen].best) bestLine();
  else if (ev.key === 'Escape') back();
}, true);
window.addEventListener('resize', () => { if (!view.hidden) render(); });
// Step-through replays one search's events; deepening is a search to each
// depth in turn, which its iterations step through (the page has no
// events, and saying only that misled).
stepNote('Iterative deepening is stepped one iteration at a time, not event by event: press Iterations, ' +
  'then ← and → go from one depth to the next, each with its tree, its alpha-beta cut-offs and its table answers. ' +
  'To step alpha-beta itself through this tree, event by event, write the page with --search alphabeta.');
// The page was asked for the iterations: it opens on them.
setMode('deepening');

