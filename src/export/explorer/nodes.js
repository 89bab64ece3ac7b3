// ---- A drawn node: its state in the current mode, its classes and its
// contents; drawing the whole tree, and redrawing a few nodes of it.
import { hooks, tree, ui } from './state.js';
import { PAGE, actionName, decisionNode, hidden, idOf, isLeaf, isMax, line, windowed } from './data.js';
import { P, boardSvg, esc } from './boards.js';
import { nameOf, num, role, sideOf, tag } from './words.js';
import { E, step } from './trace.js';
import { answers, cutAbove, showCount, size } from './view.js';
import { AWAY, boxGroups, canvas, drawnEdges, drawnNodes, groupOf, keepOnly, layout, template } from './layout.js';
import { nodeState } from './node_state.js';
import { drawEdges, edgeClass } from './edges.js';
import { printFit, printFitSoon } from './print.js';
import { showPanel } from './panel.js';
// The path from the root to the node being stepped through.
export function stepPath() {
  const s = new Set();
  if (ui.mode === 'step' && step.state.current >= 0) for (let n = step.state.current; n >= 0; n = tree.parent[n]) s.add(n);
  return s;
}
function nodeClass(n, s, path) {
  const cls = ['box', 'node'];
  if (ui.compact) cls.push('compact');
  if (isLeaf(n)) cls.push(ui.compact && ui.leafActInBox ? 'leaf labelled' : 'leaf');
  if (ui.compact && !ui.windowRows) cls.push('short');
  if (line.has(n) && ui.mode === 'explore') cls.push('line');
  if (s.pruned && ui.mode !== 'practice') cls.push('pruned');
  if (n === ui.selected) cls.push('selected');
  if (s.current) cls.push('current');
  if (path.has(n)) cls.push('path');
  if (ui.mode === 'step' && step.at === E && E && n === decisionNode()) cls.push('decision');
  if (ui.mode === 'practice') {
    if (cutAbove(n)) cls.push('cut-out');
    const m = ui.marks && ui.marks.get(n);
    const v = m ? [m.value, m.cut].filter(Boolean) : [];
    if (v.includes('wrong') || v.includes('missed')) cls.push('wrong');
    else if (v.length && v.every((x) => x === 'right')) cls.push('right');
  }
  for (const f of hooks.node) { const c = f(n); if (c) cls.push(c); }
  return cls.join(' ');
}
// The side, by shape and word as well as colour (a class may not see the
// colours, a projector may wash them out).
function sideHtml(n) {
  return `<span class="role ${isMax(n) ? 'max' : 'min'}" title="${role(n)}">${ui.compact ? `${role(n)[0]}<span class="sr"> ${sideOf(n)}</span>` : role(n)}</span>`;
}
function nodeBody(n, s) {
  // Compact: what a class reads from the back (the side and the action, then
  // the value and the window), with the id small below the box's corner,
  // out of the way of the value. A leaf is its value: its action is on its
  // edge, and it has no side to move.
  const act = `<span class="act">${esc(actionName(n))}</span>`;
  const leaf = isLeaf(n);
  let body = ui.compact ? (leaf ? (ui.leafActInBox ? `<div class="lact">${act}</div>` : '') : `<div class="head">${sideHtml(n)} ${act}</div>`) + `<span class="id">${tag(n)}</span>`
    : `<div class="head">${leaf ? '' : sideHtml(n) + ' '}<span class="id">${tag(n)}</span> ${act}</div>`;
  if (ui.mode === 'practice') body += practiceHtml(n);
  else {
    if (ui.compact) {
      // An open node's running value stands in its value's place: the best so
      // far bounds the node's value, from below at MAX, from above at MIN.
      body += s.running ? `<div class="running" title="${esc(s.running)}">${isMax(n) ? '≥' : '≤'} ${esc(s.running.replace('best so far ', ''))}</div>`
        : `<div class="value">${esc(s.value)}</div>`;
      if (s.window && ui.windowRows) body += `<div class="window" title="α and β: the window ${ui.mode === 'step' ? 'now' : 'on entry'}">${esc(s.window)}</div>`;
    } else {
      body += `<div class="value">${s.value === 'pruned' || leaf ? esc(s.value) : 'value ' + esc(s.value)}</div>` +
        (s.running ? `<div class="running">${esc(s.running)}</div>` : '') +
        (s.window ? `<div class="window">α, β ${esc(s.window)}</div>` : '');
    }
    if (s.cut && !ui.compact) body += `<div class="cut">${esc(s.cut)}</div>`;
    // (Compact: the cut is marked on the first edge it skips, ✂, and told in words in the panel and the step.)
  }
  if (tree.count[n]) body += `<button class="toggle${ui.open[n] ? '' : ' shut'}" data-toggle="${n}" title="${ui.open[n] ? 'Collapse' : 'Expand'} (Enter)" aria-label="${ui.open[n] ? 'Collapse' : 'Expand'} ${esc(nameOf(n))}">${ui.open[n] ? '−' : '+'}</button>`;
  else if (hidden.get(n)) body += `<div class="cut">+${hidden.get(n)} nodes not in this page</div>`;
  return body;
}
function practiceHtml(n) {
  const a = answers.get(n);
  const m = ui.marks && ui.marks.get(n);
  if (isLeaf(n)) return `<div class="value">${esc(num(tree.value[n]))}</div>`;
  if (cutAbove(n)) return '<div class="value">cut off</div>';
  const sign = (v) => (v === 'right' ? '✓' : v === 'wrong' ? '✗' : '?');
  const why = (k) => (m && m.why && m.why[k] ? ` title="${esc(m.why[k])}"` : '');
  const mark = m && m.value ? `<span class="vmark ${m.value}"${why('value')}>${sign(m.value)}</span>` : '';
  let html = `<input class="guess${m && m.value ? ' ' + m.value : ''}" data-guess="${n}" value="${esc(a ?? '')}" placeholder="value?" aria-label="value of ${esc(nameOf(n))}"${why('value')}>${mark}`;
  // Alpha-beta also asks the window each node is entered with.
  if (windowed) {
    const end = (k, sym) => {
      const v = answers.get(k + n);
      const mk = m && m[k] ? ' ' + m[k] : '';
      return `<label class="ab${mk}"${why(k)}>${sym}<input class="wguess${mk}" data-${k === 'a' ? 'alpha' : 'beta'}="${n}" value="${esc(v ?? '')}" ` +
        `aria-label="${sym} on entering ${esc(nameOf(n))}" size="3"></label>`;
    };
    html += `<div class="abs">${end('a', 'α')}${end('b', 'β')}</div>`;
  }
  return html;
}
// A node's board, in a box of its own size whose contents the browser skips
// (style, layout and paint) while it is off screen: a board is a hundred
// elements, and thousands of them would otherwise be laid out on each click.
function nodeBoard(n, px) {
  // A game without a board (a textbook tree) draws none, not an empty frame.
  if (!P.points.length) return '';
  return `<div class="bd" style="width:${px}px;height:${Math.round(px * P.height / P.width) + 4}px">${boardSvg(n, px)}</div>`;
}
function setNode(el, cls, body, x, y) {
  if (el._cls !== cls) {
    el.className = cls; el._cls = cls;
    // The node a step explains is the step's, for a screen reader too.
    if (/\bcurrent\b/.test(cls)) el.setAttribute('aria-current', 'step'); else el.removeAttribute('aria-current');
  }
  if (el._body !== body) {
    // The board stays: it never changes, and it is most of the box.
    const board = size().board ? el.querySelector('.bd') : null;
    el.innerHTML = body;
    if (board) el.querySelector('.head').after(board);
    el._body = body;
  }
  if (x === undefined) return;
  const pos = `${x},${y}`;
  // A translation moves a box without laying it out again.
  if (el._pos !== pos) { el.style.transform = `translate(${x}px,${y}px)`; el._pos = pos; }
}
// A hidden box also trades its class `node`, the tests' and the page's own
// handle on drawn nodes, for `kept`; no style rule names either (every style
// of a box hangs on `box`), so the trade costs no restyling.
// Its controls leave the tab order and the box leaves what a screen reader
// reads (attributes no style rule names: `inert` restyled every box's contents).
function hideBox(el) {
  el._cls = el.className = el._cls.replace(/\bnode\b/, 'kept');
  el.style.transform = AWAY;
  el._pos = 'away';
  el.setAttribute('aria-hidden', 'true');
  for (const c of el.querySelectorAll('button, input')) c.tabIndex = -1;
}
function unhideBox(el) {
  el.removeAttribute('aria-hidden');
  for (const c of el.querySelectorAll('[tabindex]')) c.removeAttribute('tabindex');
}
export function render() {
  const z = size();
  const { boxes, width, height } = layout();
  const path = stepPath();
  ui.shownStep = ui.mode === 'step' ? step.at : -1;
  ui.shownPath = path;
  const keep = new Set();
  const pos = new Map();
  const born = [];
  const moreAt = [];
  for (const b of boxes) {
    if (b.more !== undefined) { moreAt.push(b); continue; }
    const n = b.n;
    pos.set(n, b);
    keep.add(n);
    const s = nodeState(n);
    b.pruned = s.pruned;
    const el = drawnNodes.get(n);
    const cls = nodeClass(n, s, path), body = nodeBody(n, s);
    if (!el) { born.push([n, cls, body, b.x, b.y]); continue; }
    setNode(el, cls, body, b.x, b.y);
    if (el._gone) unhideBox(el);
    // The board sits between the head and the rest, and never changes.
    if (z.board && !el.querySelector('svg.board')) el.querySelector('.head').insertAdjacentHTML('afterend', nodeBoard(n, z.board));
  }
  // New nodes are parsed in one piece: one parse of many is far cheaper than many of one.
  if (born.length) {
    const withBoard = (n, body) => (z.board ? body.replace('</div>', '</div>' + nodeBoard(n, z.board)) : body);
    template.innerHTML = born.map(([n, cls, body, x, y]) =>
      `<div class="${cls}" data-index="${n}" data-id="${idOf(n)}"${/\bcurrent\b/.test(cls) ? ' aria-current="step"' : ''} style="transform:translate(${x}px,${y}px)">${withBoard(n, body)}</div>`).join('');
    const made = [...template.content.children];
    const into = new Map();
    born.forEach(([n, cls, body, x, y], k) => {
      const el = made[k];
      el._cls = cls; el._body = body; el._pos = `${x},${y}`;
      drawnNodes.set(n, el);
      const g = groupOf(boxGroups, canvas, n);
      if (!into.has(g)) into.set(g, document.createDocumentFragment());
      into.get(g).appendChild(el);
    });
    for (const [g, f] of into) g.appendChild(f);
    // The tab order is the document's: within each group the boxes are put
    // in the tree's order, left to right, so that Tab follows the tree (a
    // worksheet's answer boxes too), wherever a box was born.
    if (drawnNodes.size <= 3000) {
      const rank = new Map(boxes.map((b, k) => [b.n, k]));
      for (const g of into.keys()) {
        const els = [...g.children].filter((e) => rank.has(Number(e.dataset.index)));
        const sorted = els.slice().sort((x, y) => rank.get(Number(x.dataset.index)) - rank.get(Number(y.dataset.index)));
        if (sorted.some((e, k) => e !== els[k])) g.append(...sorted);
      }
    }
  }
  keepOnly(drawnNodes, keep, hideBox);
  for (const el of canvas.querySelectorAll('button.more')) el.remove();
  for (const b of moreAt) {
    const left = tree.count[b.more] - showCount(b.more);
    canvas.insertAdjacentHTML('beforeend', `<button class="more" data-more="${b.more}" style="left:${b.x}px;top:${b.y + 10}px;width:${z.w}px;transform:none">${Math.min(PAGE, left)} more (of ${left})</button>`);
  }
  drawEdges(pos, path, z);
  // Setting a size, even the same one, lays out every edge again.
  const dims = `${width},${height}`;
  if (canvas._dims !== dims) {
    canvas._dims = dims;
    canvas.style.width = width + 'px';
    canvas.style.height = height + 'px';
  }
  if (ui.printLevel) printFit(width, height);
  else printFitSoon(width, height);
  showPanel(ui.selected);
}
// Redraws the nodes `ns` and their edges where they are, and the panel.
export function renderSome(ns) {
  const path = stepPath();
  const dec = ui.mode === 'step' && step.at === E && E ? decisionNode() : -1;
  for (const n of ns) {
    const el = drawnNodes.get(n);
    if (n < 0 || !el || el._gone) continue;
    const s = nodeState(n);
    setNode(el, nodeClass(n, s, path), nodeBody(n, s));
    const g = drawnEdges.get(n);
    if (g && !g._gone) {
      const c = edgeClass(n, s.pruned, path, dec).cls;
      if (g._cls !== c) { g.setAttribute('class', c); g._cls = c; }
    }
  }
  ui.shownStep = ui.mode === 'step' ? step.at : -1;
  ui.shownPath = path;
  showPanel(ui.selected);
}
