// ---- The step's board: stepping through a board game, the position at the
// step's node, large, with the move just made ringed, in a card over a corner
// of the tree. A class at the back of the room follows the search on the
// board, not on the nodes' action names; the boxes' own boards are too small
// at the zoom a whole tree fits with, and the panel (which draws the node's
// board too) is shut where the tree needs the width. The card takes the
// corner that covers no node the step is about, and as few others as it
// can; where every corner would cover the path, it docks beside the tree
// (which then narrows), and stays docked until the mode changes.
import { tree, ui } from './state.js';
import { P, boardSvg, esc } from './boards.js';
import { actionName, isMax } from './data.js';
import { sideOf, tag } from './words.js';
import { canvas, drawnEdges, drawnNodes, treeBox } from './layout.js';
import { step } from './trace.js';
const card = document.getElementById('step-board');
const main = document.querySelector('main');
// The board's width: 24 px a cell, so that coordinates are 14.4 px (board.js
// caps them at 0.6 of a cell), within 216-400 px, and not much taller than
// 320 px where the board is tall (niujiao's). (Checkers' 216 px card fits the
// corner the worked example's tree leaves empty at 1280x720.)
const PX = Math.round(Math.max(216, Math.min(400, P.width * 24, 320 * P.width / P.height)));
// (Coordinates at least this size on screen.)
const COORD_PX = 15;
// (As wide as its board, whatever its caption says: it moves nothing.)
if (card) card.style.width = `${PX + 11}px`;
// The panel's board (250 px) shows the same position; where its coordinates
// cannot be 14 px (a board of more than ten cells a side), the card shows
// beside an open panel too.
if (card) card.classList.toggle('beside-panel', 250 / P.width * 0.6 < 14);
// Which corner the card is in, and whether it is docked.
let corner = 'top-left';
let docked = false;
let shown = '';
// The node a step is about: the one it marks current, or before the first
// step, the root's position, which the search starts from.
const stepNode = () => (step.state && step.state.current >= 0 ? step.state.current : 0);
// Draws the step's node's board into the card, and places the card.
export function showStepBoard() {
  if (!card) return false;
  const on = ui.mode === 'step' && P.points.length > 0;
  card.hidden = !on;
  main.classList.toggle('board-docked', on && docked);
  if (!on) { docked = false; main.classList.remove('board-docked'); return false; }
  const n = stepNode();
  // (A graft, graft.js, grows the tree: a node's board is drawn again then.)
  const key = `${n}:${tree.N}`;
  if (key !== shown) {
    shown = key;
    card.dataset.index = String(n);
    const what = n === 0 ? 'The start' : `${tag(n)} ${actionName(n)}`;
    card.innerHTML = `<figcaption title="${esc(n === 0 ? 'The position searched' : `The position after ${actionName(n)}, at ${tag(n)}`)}">` +
      `${esc(what)} · <span class="role ${isMax(n) ? 'max' : 'min'}">${sideOf(n)} to move</span></figcaption>` + boardSvg(n, PX, COORD_PX);
  }
  return place();
}
// The step's nodes: what the card must never cover.
function wanted() {
  const s = new Set();
  const st = step.state;
  if (!st) return s;
  for (let n = st.current; n >= 0; n = tree.parent[n]) s.add(n);
  for (const m of st.explained) if (m >= 0) s.add(m);
  return s;
}
const MARGIN = 4;
// Places the card in the corner of the tree's visible area that covers the
// least of the drawn boxes, counting the step's nodes and the path's edges
// ten times others, and docks it beside the tree where every corner would
// hide a good part of them; the corner it is in wins a tie, so that the card
// stays put while it can.
// Says whether the card docked beside the tree just now.
function place() {
  if (card.hidden || getComputedStyle(card).display === 'none') return false;
  if (docked) { card.dataset.corner = 'docked'; card.style.left = card.style.top = ''; return false; }
  const area = treeBox.getBoundingClientRect(), home = main.getBoundingClientRect();
  const w = card.offsetWidth, h = card.offsetHeight;
  const inner = { left: area.left, top: area.top, right: area.left + treeBox.clientWidth, bottom: area.top + treeBox.clientHeight };
  const at = (c) => {
    const left = c.endsWith('left') ? inner.left + MARGIN : inner.right - MARGIN - w;
    const top = c.startsWith('top') ? inner.top + MARGIN : inner.bottom - MARGIN - h;
    return { left, top, right: left + w, bottom: top + h };
  };
  const need = wanted();
  const boxes = [];
  for (const [n, el] of drawnNodes) {
    if (el._gone) continue;
    const r = el.getBoundingClientRect();
    if (r.right < inner.left || r.left > inner.right || r.bottom < inner.top || r.top > inner.bottom) continue;
    boxes.push([need.has(n) ? 1000 : 100, r]);
  }
  // The path's edges too: their lines (as points along them) and labels.
  const lines = [];
  for (const n of need) {
    const g = drawnEdges.get(n);
    if (!g || g._gone || !g.children.length) continue;
    const l = /** @type {SVGLineElement} */ (g.children[0]), m = l.getScreenCTM();
    if (!m) continue;
    const end = (x, y) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
    const [x1, y1] = end(l.x1.baseVal.value, l.y1.baseVal.value), [x2, y2] = end(l.x2.baseVal.value, l.y2.baseVal.value);
    const pts = [];
    for (let k = 0; k <= 24; k++) pts.push([x1 + (x2 - x1) * k / 24, y1 + (y2 - y1) * k / 24]);
    lines.push(pts);
    const t = g.children[2];
    if (t && t.textContent) boxes.push([1000, t.getBoundingClientRect()]);
  }
  const cost = (c) => {
    const q = at(c);
    let sum = 0;
    // (Each thing by the share of it covered: a box's corner is not the whole box.)
    for (const [k, r] of boxes) {
      const dx = Math.min(r.right, q.right) - Math.max(r.left, q.left), dy = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
      if (dx > 0 && dy > 0) sum += k * Math.max(0.1, (dx * dy) / Math.max(1, r.width * r.height));
    }
    for (const pts of lines) sum += 1000 * pts.filter(([x, y]) => x > q.left && x < q.right && y > q.top && y < q.bottom).length / pts.length;
    return sum;
  };
  let best = corner, least = cost(corner);
  for (const c of ['top-left', 'top-right', 'bottom-left', 'bottom-right']) {
    const k = c === corner ? least : cost(c);
    if (k < least) { best = c; least = k; }
  }
  // (Too small an area for the card and the tree side by side: it covers the least.)
  if (least >= 250 && treeBox.clientWidth > 2.5 * w) {
    docked = true;
    main.classList.add('board-docked');
    card.dataset.corner = 'docked';
    card.style.left = card.style.top = '';
    return true;
  }
  corner = best;
  const q = at(best);
  card.dataset.corner = best;
  card.style.left = `${Math.round(q.left - home.left)}px`;
  card.style.top = `${Math.round(q.top - home.top)}px`;
  return false;
}
// A scroll, a zoom or a narrower tree (the panel opened or shut) moves the
// boxes under the card: it looks again, once a frame.
let soon = 0;
function placeSoon() {
  if (soon) return;
  soon = requestAnimationFrame(() => { soon = 0; if (ui.mode === 'step') place(); });
}
treeBox.addEventListener('scroll', placeSoon, { passive: true });
new ResizeObserver(placeSoon).observe(treeBox);
// (A zoom is seen at once, before the browser paints the card where it was.)
new MutationObserver(() => { if (ui.mode === 'step') place(); }).observe(canvas, { attributes: true, attributeFilter: ['style'] });
// A new mode: the card's corner and dock are chosen afresh next time.
export function resetStepBoard() { docked = false; corner = 'top-left'; main.classList.remove('board-docked'); }
