// ---- The Positions graph: the tree drawn as the graph of its distinct
// positions, as `--merge-transpositions --dot` draws it. Each position once,
// on the level of the least depth it is reached at, with its value and how
// many paths from the root reach it (×N); every edge of the tree kept, as an
// edge between the two positions it joins (×k: it stands for k edges of the
// tree). Selecting a position outlines it and its edges and lists the tree's
// nodes that hold it. An addon (src/export/merged_view.rs writes its data),
// bundled after the explorer's modules when the page has it.
import { addHook, hooks } from './state.js';
import { H, actionName, idOf, indexOf } from './data.js';
import { boardSvg, esc } from './boards.js';
import { nameOf, num } from './words.js';
import { render } from './nodes.js';
import { addView } from './views.js';
import { setMode } from './modes.js';
import { select } from './find.js';
import { stepKey } from './keys.js';
import { addonData } from './hook.js';
const d = addonData('merged');
const G = d.graph;
const boards = H.picture && H.picture.points && H.picture.points.length > 0;
// Sizes for the back of a room: values 22 px, paths 19, actions 17, with
// each position's board. A graph that does not fit its area so opens
// without boards, and if need be compact: values 16 px, the rest 13, its
// widest levels in two rows or more, the levels closer, so that the whole
// graph is seen without scrolling (tic-tac-toe's 67 positions showed ten at
// a time). "Boards" draws them full size again.
let showBoards = boards;
let compact = false;
const BOARD = 64, SUB_GAP = 8;
const boardH = boards ? Math.round(BOARD * H.picture.height / H.picture.width) + 4 : 0;
// (W: set from the widest value once the positions are known.)
let W, BOX_H, GAP, LEVEL_GAP, compactW = 56;
const sizes = () => {
  if (compact) { W = compactW; BOX_H = 36; GAP = 6; return; }
  W = showBoards ? 92 : 84; BOX_H = 30 + (showBoards ? boardH : 0) + 26; GAP = 18; LEVEL_GAP = 92;
};
sizes();
const style = document.createElement('style');
style.textContent =
  '#view-merged { display: flex; overflow: hidden; }' +
  '#view-merged[hidden] { display: none; }' +
  '#merged-main { flex: 1; min-width: 0; display: flex; flex-direction: column; }' +
  '#merged-note { padding: 4px 12px; font-size: 16px; border-bottom: 1px solid #ddd; }' +
  '#merged-note .key { display: inline-block; margin-right: 14px; white-space: nowrap; font-size: 14px; color: #333; }' +
  '#merged-note .sw { display: inline-block; width: 18px; height: 12px; vertical-align: middle; border: 2px solid #888; border-radius: 3px; margin-right: 4px; }' +
  '#merged-area { flex: 1; overflow: auto; position: relative; outline: none; }' +
  '#merged-canvas { position: relative; margin: 8px; }' +
  '#merged-canvas svg.medges { position: absolute; left: 0; top: 0; overflow: visible; }' +
  '.medge path { fill: none; stroke: #8a8a8a; stroke-width: 1.6; }' +
  '.medge.line path { stroke: var(--line); stroke-width: 3.5; }' +
  '.medge text { font-size: 17px; text-anchor: middle; dominant-baseline: central; fill: #222; paint-order: stroke; stroke: #fff; stroke-width: 5px; stroke-linejoin: round; }' +
  '.medge text .k { font-size: 16px; fill: #555; }' +
  // A label with no room of its own would be written over another's: it is
  // shown only with its position's edges, drawn over the rest.
  '.medge.crowded text { display: none; } .medge.crowded.near text { display: inline; }' +
  '.medge.line text { fill: var(--line); font-weight: bold; }' +
  '#merged-canvas.chosen .medge { opacity: .22; }' +
  '#merged-canvas.chosen .medge.near { opacity: 1; }' +
  '.medge.near path { stroke: #6a2fb0; stroke-width: 3.5; }' +
  '.medge.near text { fill: #6a2fb0; font-weight: bold; }' +
  '.mbox { position: absolute; border: 2px solid #888; border-radius: 7px; background: #fff;' +
  ' text-align: center; cursor: pointer; padding: 1px 2px; line-height: 1.2; }' +
  '.mbox .mval { font-size: 22px; font-weight: bold; white-space: nowrap; }' +
  '.mbox .mrole { font-size: 16px; font-weight: bold; margin-right: 3px; }' +
  '.mbox.max .mrole { color: var(--max); } .mbox.min .mrole { color: var(--min); }' +
  '.mbox .mbd { margin: 0 auto; height: ' + boardH + 'px; }' +
  '#merged-note button[aria-pressed] { font-size: 14px; padding: 0 6px; margin-right: 10px; }' +
  'body.panel-shut #merged-panel { display: none; }' +
  '.mbox .mbd svg.board { display: block; margin: 2px auto; }' +
  '.mbox .mpaths { font-size: 19px; font-weight: bold; color: #555; }' +
  '#merged-canvas.compact .mbox { line-height: 1.1; } #merged-canvas.compact .mbox .mval { font-size: 16px; } #merged-canvas.compact .mbox .mrole, #merged-canvas.compact .mbox .mpaths { font-size: 13px; }' +
  '#merged-canvas.compact .medge text { font-size: 13px; stroke-width: 4px; } #merged-canvas.compact .medge text .k { font-size: 12px; }' +
  '.mbox.shared { background: #f1e6ff; border-color: #6a2fb0; }' +
  '.mbox.shared .mpaths { color: #6a2fb0; }' +
  '.mbox.leaf { background: var(--leaf); }' +
  '.mbox.leaf.shared { background: #e4dcee; }' +
  '.mbox.pruned { border-style: dashed; opacity: .6; }' +
  '.mbox.line { border-color: var(--line); box-shadow: 0 0 0 2px var(--line); }' +
  '.mbox.line .mval { color: var(--line); }' +
  '.mbox.chosen { outline: 4px solid #6a2fb0; outline-offset: 3px; }' +
  '#merged-canvas.chosen .mbox:not(.chosen):not(.near) { opacity: .45; }' +
  '#merged-panel { width: 300px; flex: none; border-left: 1px solid #ccc; padding: 6px 12px; overflow: auto; font-size: 15px; }' +
  '#merged-panel h3 { margin: 4px 0; }' +
  '#merged-panel dl { display: grid; grid-template-columns: max-content auto; gap: 3px 10px; }' +
  '#merged-panel dt { color: var(--muted); } #merged-panel dd { margin: 0; word-break: break-word; }' +
  '#merged-panel button[data-node] { margin: 1px 3px 1px 0; font-size: 14px; padding: 0 4px; }' +
  '#merged-panel .hint { color: var(--muted); }' +
  '#panel .merged-pos button { font-size: 13px; padding: 0 4px; }' +
  '@media print { #merged-panel, #merged-note .key { display: none; } #merged-area { overflow: visible; } }';
document.head.appendChild(style);
const big = (n) => Number(n).toLocaleString('en');
// A value as the page writes it; the extremes of 32 bits are its infinities.
const val = (v) => num(v <= -2147483648 ? -Infinity : v >= 2147483647 ? Infinity : v);
const valuesText = (p) => (p.values.length ? p.values.map(val).join(' | ') : '—');

if (G) graphView(); else tooMany();

// A graph too large to draw: the view says so, and how to draw it.
function tooMany() {
  addView({
    id: 'merged', label: 'Positions graph',
    title: 'The tree as the graph of its distinct positions (too many to draw here)',
    show(el) {
      el.innerHTML = `<p style="padding: 12px 20px; font-size: 18px; max-width: 50em">The tree's ${big(d.nodes)} nodes hold ${big(d.positions)} distinct positions, ` +
        `more than the ${big(d.limit)} this view draws legibly. <code>--merge-transpositions --dot FILE</code> draws them all with Graphviz; ` +
        'a lower <code>--depth</code> gives a graph this page can draw.</p>';
    },
  }, setMode);
  if (d.open) setMode('merged');
}

// The graph, drawn.
function graphView() {
  const P = G.positions;
  // Edges between the same two positions share one line, labelled with
  // each action (two actions from one position can reach one position).
  const pairs = new Map();
  for (const [from, to, action, k, line] of G.edges) {
    const key = from + ' ' + to;
    if (!pairs.has(key)) pairs.set(key, { from, to, actions: [], line: false });
    const e = pairs.get(key);
    e.actions.push({ action, k, line });
    e.line = e.line || line;
  }
  const lines = [...pairs.values()];
  const near = P.map(() => []);
  lines.forEach((e, i) => { near[e.from].push(i); if (e.to !== e.from) near[e.to].push(i); });

  // ---- Layout by depth: a level per least depth, each position placed
  // under the mean of its parents on the levels above (crossings fewer),
  // levels centred on the widest.
  const levels = [];
  P.forEach((p, k) => { (levels[p.depth] = levels[p.depth] || []).push(k); });
  for (let i = 0; i < levels.length; i++) levels[i] = levels[i] || [];
  const slot = new Float64Array(P.length);
  const widest = Math.max(...levels.map((l) => l.length));
  // Slots in units of a box and its gap; pixels once the box's size is known.
  const place = (level, unit, half) => {
    const left = (widest - level.length) * unit / 2;
    level.forEach((k, j) => { slot[k] = left + j * unit + half; });
  };
  const parents = P.map(() => []);
  for (const e of lines) if (P[e.from].depth < P[e.to].depth) parents[e.to].push(e.from);
  levels.forEach((level, depth) => {
    if (depth > 0) {
      const key = new Map(level.map((k) => [k, parents[k].length ? parents[k].reduce((s, f) => s + slot[f], 0) / parents[k].length : Infinity]));
      level.sort((a, b) => key.get(a) - key.get(b) || a - b);
    }
    place(level, 1, 0.5);
  });
  // A compact box is as wide as the widest value written in it.
  const ctx = document.createElement('canvas').getContext('2d');
  if (ctx) {
    const family = getComputedStyle(document.body).fontFamily;
    ctx.font = `bold 16px ${family}`;
    const value = Math.max(...P.map((p) => ctx.measureText(valuesText(p)).width));
    ctx.font = `bold 13px ${family}`;
    const role = ctx.measureText('▲ ').width, paths = Math.max(...P.map((p) => ctx.measureText('×' + p.paths).width));
    compactW = Math.ceil(Math.max(44, role + value, paths) + 10);
  }
  // rows[depth]: the rows its level takes (1 but in a compact graph); sub[k]:
  // which of them position k is in, neighbours alternating, so that the
  // order along the level is kept.
  const rows = levels.map(() => 1), sub = new Uint8Array(P.length), levelTop = [];
  let width = 0, height = 0;
  function layout() {
    sizes();
    if (!compact) rows.fill(1);
    const step = (r) => (W + GAP) / r;
    const wideOf = (level, r) => (level.length ? (level.length - 1) * step(r) + W : 0);
    width = Math.max(...levels.map((level, depth) => wideOf(level, rows[depth])));
    let top = 0;
    levels.forEach((level, depth) => {
      const r = rows[depth], left = (width - wideOf(level, r)) / 2;
      level.forEach((k, j) => { slot[k] = left + j * step(r) + W / 2; sub[k] = j % r; });
      levelTop[depth] = top;
      top += r * BOX_H + (r - 1) * SUB_GAP + LEVEL_GAP;
    });
    height = top - LEVEL_GAP;
  }
  // The first of these that fits `room` (px across and down): boards, no
  // boards, compact with each level in as few rows as fit across and the
  // levels as close as fit down (never closer than the moves between them
  // need). A graph too large for even that scrolls.
  function fit(room) {
    compact = false;
    if (showBoards) {
      layout();
      if (width <= room.w && height <= room.h) return;
    }
    showBoards = false;
    layout();
    if (width <= room.w && height <= room.h) return;
    compact = true;
    sizes();
    levels.forEach((level, depth) => {
      let r = 1;
      while (r < level.length && (level.length - 1) * (W + GAP) / r + W > room.w) r++;
      rows[depth] = r;
    });
    const boxes = rows.reduce((sum, r) => sum + r * BOX_H + (r - 1) * SUB_GAP, 0);
    LEVEL_GAP = Math.max(24, Math.min(92, Math.floor((room.h - boxes) / Math.max(1, levels.length - 1))));
    layout();
  }
  const xOf = (k) => slot[k];
  const yOf = (k) => levelTop[P[k].depth] + sub[k] * (BOX_H + SUB_GAP);

  // ---- Drawing.
  function boxHtml(p, k) {
    const i = indexOf(p.first);
    const classes = ['mbox', p.max ? 'max' : 'min'];
    if (p.paths > 1) classes.push('shared');
    if (p.leaf) classes.push('leaf');
    if (!p.values.length) classes.push('pruned');
    if (p.line) classes.push('line');
    let face = '';
    if (showBoards) face = `<div class="mbd">${i >= 0 ? boardSvg(i, BOARD) : ''}</div>`;
    const name = !boards && i > 0 ? ` title="${esc(actionName(i))}"` : '';
    return `<div class="${classes.join(' ')}" data-position="${k}" data-first="${p.first}" data-paths="${p.paths}"${name}` +
      ` style="left:${xOf(k) - W / 2}px;top:${yOf(k)}px;width:${W}px;height:${BOX_H}px">` +
      `<div class="mhead"><span class="mrole">${p.max ? '▲' : '▼'}</span><span class="mval">${valuesText(p)}</span></div>` +
      face + `<div class="mpaths" title="paths from the root that reach it">×${p.paths}</div></div>`;
  }
  // A point of the cubic from (x1, y1) to (x2, y2) that leaves and arrives upright.
  const curve = (x1, y1, x2, y2) => {
    const dy = Math.max(40, Math.abs(y2 - y1) / 2);
    return [x1, y1, x1, y1 + dy, x2, y2 - dy, x2, y2];
  };
  const at = (c, t) => {
    const u = 1 - t;
    const f = (a, b, c2, e) => u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c2 + t * t * t * e;
    return [f(c[0], c[2], c[4], c[6]), f(c[1], c[3], c[5], c[7])];
  };
  function edgesSvg() {
    // Labels along their edge where they meet no other label yet, the line
    // of best play's first; one that finds no room is crowded (above).
    // (In a compact graph, the boxes too: an edge to a level's second row
    // passes between the boxes of its first.)
    const high = compact ? 13 : 17, charW = compact ? 8 : 10.5;
    // (The line of best play's moves are always written: over a box's
    // edge, where they find no room beside the boxes.)
    const blocks = compact ? P.map((p, k) => ({ x: xOf(k), y: yOf(k) + BOX_H / 2, w: W - 20, h: BOX_H })) : [];
    const taken = [];
    const clear = (list, x, y, w) => !list.some((r) => Math.abs(r.x - x) < (r.w + w) / 2 + 12 && Math.abs(r.y - y) < (r.h + high) / 2 + 4);
    const free = (x, y, w) => clear(taken, x, y, w) && clear(blocks, x, y, w);
    const label = new Array(lines.length);
    const order = lines.map((e, i) => i).sort((a, b) => lines[b].line - lines[a].line || a - b);
    for (const i of order) {
      const e = lines[i];
      const c = curve(xOf(e.from), yOf(e.from) + BOX_H, xOf(e.to), yOf(e.to));
      const w = e.actions.reduce((s2, a) => s2 + charW * a.action.length + (a.k > 1 ? 28 : 0) + 16, -16);
      let [x, y] = at(c, 0.5), crowded = true;
      const along = [0.5, 0.38, 0.62, 0.44, 0.56, 0.28, 0.72, 0.33, 0.67, 0.2, 0.8, 0.24, 0.76];
      for (const t of along) {
        const [px, py] = at(c, t);
        if (free(px, py, w)) { [x, y] = [px, py]; crowded = false; break; }
      }
      if (crowded && e.line) {
        for (const t of along) {
          const [px, py] = at(c, t);
          if (clear(taken, px, py, w)) { [x, y] = [px, py]; crowded = false; break; }
        }
      }
      if (!crowded) taken.push({ x, y, w, h: high });
      label[i] = { c, x, y, crowded };
    }
    let s = `<svg class="medges" width="${width}" height="${height}" aria-hidden="true">`;
    lines.forEach((e, i) => {
      const { c, x, y, crowded } = label[i];
      const words = e.actions.map((a) => esc(a.action) + (a.k > 1 ? ` <tspan class="k">×${a.k}</tspan>` : '')).join(' / ');
      const data = e.actions.map((a) => `${esc(a.action)}:${a.k}`).join(' ');
      s += `<g class="medge${e.line ? ' line' : ''}${crowded ? ' crowded' : ''}" data-edge="${i}" data-from="${P[e.from].first}" data-to="${P[e.to].first}" data-actions="${data}">` +
        `<path d="M${c[0]} ${c[1]}C${c[2]} ${c[3]} ${c[4]} ${c[5]} ${c[6]} ${c[7]}"/>` +
        `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}">${words}</text></g>`;
    });
    return s + '</svg>';
  }
  let chosen = -1, area = null;
  function panelHtml(k) {
    if (k < 0) {
      // (Where the graph is dense, some edges' moves are written only then.)
      return '<p class="hint">Click a position to see its value, the paths that reach it, the nodes of the tree that hold it ' +
        'and every move into and out of it.</p>';
    }
    const p = P[k];
    const i = indexOf(p.first);
    let h = `<h3>Position of ${i >= 0 ? esc(nameOf(i)) : '#' + p.first}</h3>` + (boards && i >= 0 ? boardSvg(i, 220) : '');
    const row = (f, label, v) => `<dt>${label}</dt><dd data-field="${f}">${v}</dd>`;
    h += '<dl>' + row('paths', 'paths from the root', `${p.paths}`);
    h += row('value', p.values.length > 1 ? 'values (at different depths)' : 'value', p.values.length ? esc(valuesText(p)) : 'pruned: never searched');
    h += row('role', 'side to move', p.max ? '▲ MAX' : '▼ MIN');
    h += row('depth', 'first reached at depth', p.depth);
    const nodes = p.nodes.map((id) => {
      const n = indexOf(id);
      return n >= 0 ? `<button data-node="${n}" title="Show #${id} in the tree">#${id}</button>` : `#${id}`;
    }).join('');
    const more = p.paths > p.nodes.length ? ` and ${big(p.paths - p.nodes.length)} more` : '';
    h += row('nodes', 'held by the nodes', nodes + more);
    const out = near[k].map((j) => lines[j]).filter((e) => e.from === k);
    const into = near[k].map((j) => lines[j]).filter((e) => e.to === k);
    const list = (es, end) => es.map((e) => e.actions.map((a) => esc(a.action)).join(' / ') + ` ${end(e)}`).join('; ');
    if (into.length) h += row('in', 'edges in', list(into, (e) => `from #${P[e.from].first}`));
    if (out.length) h += row('out', 'edges out', list(out, (e) => `to #${P[e.to].first}`));
    return h + '</dl>';
  }
  function choose(k) {
    chosen = k;
    if (!area) return;
    const canvas = area.querySelector('#merged-canvas');
    canvas.classList.toggle('chosen', k >= 0);
    const touching = new Set(k >= 0 ? near[k] : []);
    const neighbours = new Set();
    for (const j of touching) { neighbours.add(lines[j].from); neighbours.add(lines[j].to); }
    for (const b of canvas.querySelectorAll('.mbox')) {
      const m = Number(b.dataset.position);
      b.classList.toggle('chosen', m === k);
      b.classList.toggle('near', m !== k && neighbours.has(m));
    }
    // (The chosen position's edges drawn last, over the others' labels.)
    for (const e of canvas.querySelectorAll('.medge')) {
      e.classList.toggle('near', touching.has(Number(e.dataset.edge)));
      if (touching.has(Number(e.dataset.edge))) e.parentNode.appendChild(e);
    }
    area.querySelector('#merged-panel').innerHTML = panelHtml(k);
  }
  function draw(el) {
    const shared = P.filter((p) => p.paths > 1).length;
    el.innerHTML = '<div id="merged-main"><div id="merged-note">' +
      `<b>Positions graph</b>: the tree's ${big(d.nodes)} nodes hold ${big(d.positions)} positions, each drawn once, ` +
      `<b>×N</b>: the paths from the root that reach it (${shared} reached by more than one); every edge of the tree is kept (×k: k edges of the tree).<br>` +
      (boards ? `<button id="merged-boards" aria-pressed="${showBoards}" title="Draw each position's board, full size (without: the whole graph fitted to the screen)">Boards</button>` : '') +
      '<span class="key"><span class="sw" style="border-color: var(--line)"></span>line of best play</span>' +
      '<span class="key"><span class="sw" style="background:#f1e6ff;border-color:#6a2fb0"></span>reached by several paths</span>' +
      '<span class="key"><span class="sw" style="background: var(--leaf)"></span>leaf: value = static cost</span>' +
      '<span class="key"><span class="sw" style="border-style: dashed"></span>never searched (pruned)</span>' +
      (P.some((p) => p.values.length > 1) ? '<span class="key">a | b: values at different depths</span>' : '') + '</div>' +
      '<div id="merged-area" tabindex="0" aria-label="The graph of the tree\'s positions"><div id="merged-canvas"></div></div></div>' +
      '<aside id="merged-panel" aria-live="polite"></aside>';
    area = el;
    const canvas = el.querySelector('#merged-canvas');
    canvas.addEventListener('click', (ev) => {
      const b = ev.target.closest('.mbox');
      choose(b ? Number(b.dataset.position) : -1);
    });
    el.querySelector('#merged-panel').addEventListener('click', (ev) => {
      const b = ev.target.closest && ev.target.closest('[data-node]');
      if (!b) return;
      setMode('explore');
      select(Number(b.dataset.node));
    });
    // The root's level in sight, the root in the middle: at first, and when
    // Boards draws the graph full size (it stayed at the top left, in the
    // empty corner of a wide first level).
    const scroller = el.querySelector('#merged-area');
    const home = () => { scroller.scrollTop = 0; scroller.scrollLeft = Math.max(0, xOf(0) + 8 - scroller.clientWidth / 2); };
    const toggle = el.querySelector('#merged-boards');
    if (toggle) {
      toggle.onclick = () => {
        showBoards = !showBoards;
        drawGraph(canvas, !showBoards);
        home();
      };
    }
    drawGraph(canvas, true);
    window.addEventListener('resize', () => { if (!el.hidden && !showBoards) drawGraph(canvas, true); });
    home();
  }
  // Drawn to fit its area (`fitting`), or at full size with the boards.
  function drawGraph(canvas, fitting) {
    const scroller = area.querySelector('#merged-area');
    // (The canvas's margin, 8 px a side.)
    if (fitting) fit({ w: scroller.clientWidth - 16, h: scroller.clientHeight - 16 });
    else { compact = false; layout(); }
    const toggle = area.querySelector('#merged-boards');
    if (toggle) toggle.setAttribute('aria-pressed', String(showBoards));
    canvas.classList.toggle('compact', compact);
    canvas.style.width = width + 'px';
    canvas.style.height = height + 'px';
    canvas.innerHTML = edgesSvg() + P.map(boxHtml).join('');
    choose(chosen);
  }
  // The explorer's panel offers a node's position in the graph.
  const positionOf = new Map();
  P.forEach((p, k) => p.nodes.forEach((id) => positionOf.set(id, k)));
  addHook(hooks.panel, (i) => {
    if (document.body.dataset.mode === 'practice') return '';
    const k = positionOf.get(idOf(i));
    if (k === undefined) return '';
    return `<dt>positions graph</dt><dd data-field="merged" class="merged-pos"><button data-merged="${k}" title="The Positions graph, with this node's position selected">` +
      `show its position (×${P[k].paths})</button></dd>`;
  });
  document.getElementById('panel').addEventListener('click', (ev) => {
    const b = /** @type {HTMLElement} */ (/** @type {Element} */ (ev.target).closest('[data-merged]'));
    if (!b) return;
    chosen = Number(b.dataset.merged);
    setMode('merged');
  });
  // A page asked for the graph has its button in the toolbar; another page
  // offers it from the Positions view and from a node's panel, and shows the
  // button only while the graph is shown: one more button wrapped the
  // toolbar to a second line at 1366x768, and the tree lost that height.
  const button = () => document.getElementById('mode-merged');
  // The presenter's keys (gametree.stepKey, as in every view) step from one
  // position to the next, in the order the graph numbers them; while the
  // graph is shown its keys are its own, not the hidden tree's.
  window.addEventListener('keydown', (ev) => {
    if (!area || area.hidden) return;
    if (/** @type {Element} */ (ev.target).closest('input, select, textarea')) return;
    const by = stepKey(ev);
    if (!by) return;
    ev.preventDefault();
    ev.stopPropagation();
    choose(Math.max(0, Math.min(P.length - 1, chosen + by)));
    const b = area.querySelector(`.mbox[data-position="${chosen}"]`);
    if (b) b.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, true);
  addView({
    id: 'merged',
    label: 'Positions graph',
    title: 'The tree as the graph of its distinct positions: each once, with how many paths reach it, every edge kept',
    // Its panel, beside the graph, is shown and hidden as the tree's is.
    panel: true,
    hide() { button().hidden = !d.open; },
    show(el) {
      button().hidden = false;
      if (!el.dataset.drawn) { el.dataset.drawn = 'true'; draw(el); }
      choose(chosen);
      if (chosen >= 0) {
        const b = el.querySelector(`.mbox[data-position="${chosen}"]`);
        if (b) b.scrollIntoView({ block: 'center', inline: 'center' });
      }
    },
  }, setMode);
  button().hidden = !d.open;
  render();
  if (d.open) setMode('merged');
}
