// The move orders' trees (`--compare-orders --html`): one view over the
// explorer that switches between alpha-beta's tree under each move order
// (natural, best-first, worst-first, engine), each with what it visited and
// what it never had to. Its data is the addon data `orders`
// (src/export/orders.rs), and it is one of the page's modes (views.js's
// addView): its button in the toolbar's modes, its area in the tree's.
import { addonData } from './hook.js';
import { addView } from './views.js';
import { setMode } from './modes.js';
import { stepKey } from './keys.js';
import { smallTree } from './small_tree.js';
import { boardEsc as esc } from './board.js';
const D = addonData('orders');
const T = D.tree;
const ORDERS = D.orders;

// ---- Shape, by node id: children have consecutive ids from `first`; an
// order's children are positions among them, all nodes' concatenated.
const N = T ? T.count.length : 0;
const offset = new Int32Array(N + 1);
for (let n = 0; n < N; n++) offset[n + 1] = offset[n] + T.count[n];
const kids = (o, n) => {
  const pos = o.search.children;
  const out = [];
  for (let k = offset[n]; k < offset[n + 1]; k++) out.push(T.first[n] + pos[k]);
  return out;
};
const seen = (o, n) => o.search.bound[n] !== '.';

const plural = (k, one, many) => `${k} ${k === 1 ? one : many}`;
const pruned = (c) => D.minimax.nodes - c.nodes;

// ---- The view: the tree's area while its mode is on.
const style = document.createElement('style');
style.textContent = `
#view-orders:not([hidden]) { display: flex; flex-direction: column; overflow: hidden; }
#view-orders header { padding: 6px 12px; border-bottom: 1px solid #ccc; display: flex; gap: 8px 16px; align-items: baseline; flex-wrap: wrap; }
#view-orders h2 { font-size: 19px; margin: 0; }
#view-orders .rule { color: #333; }
#view-orders [role=tablist] { display: flex; gap: 6px; padding: 6px 12px; border-bottom: 1px solid #ddd; flex-wrap: wrap; }
#view-orders [role=tab] { display: flex; flex-direction: column; align-items: flex-start; padding: 3px 12px; border: 1px solid #999; background: #f6f6f6; border-radius: 4px; }
#view-orders [role=tab] b { font-size: 17px; }
#view-orders [role=tab] span { font-size: 14px; color: #444; }
#view-orders [role=tab][aria-selected=true] { background: #222; color: #fff; border-color: #222; }
#view-orders [role=tab][aria-selected=true] span { color: #eee; }
#view-orders .body { flex: 1; display: flex; min-height: 0; }
#view-orders .drawing { flex: 1; overflow: auto; min-width: 0; padding: 8px; }
#view-orders aside { width: 440px; max-width: 40vw; overflow: auto; border-left: 1px solid #ddd; padding: 8px 12px; font-size: 15px; }
#view-orders table { border-collapse: collapse; margin: 4px 0 8px; }
#view-orders th, #view-orders td { padding: 2px 5px; font-size: 14px; text-align: right; border-bottom: 1px solid #e4e4e4; }
#view-orders th:first-child, #view-orders td:first-child { text-align: left; }
#view-orders tr.chosen td { background: #fff2c6; font-weight: 600; }
#view-orders tbody tr[data-order] { cursor: pointer; }
#view-orders .said { font-size: 17px; margin: 0 0 6px; }
#view-orders .note { color: #555; }
#view-orders svg text { font-family: system-ui, sans-serif; }
@media print {
#view-orders:not([hidden]) { display: block; overflow: visible; }
#view-orders .drawing { overflow: visible; }
#view-orders header button, #view-orders [role=tab]:not([aria-selected=true]) { display: none; }
}`;
document.head.appendChild(style);

const view = addView({
  id: 'orders',
  label: 'Move orders',
  title: 'Alpha-beta on this tree under each move order: what it visits and what it never needs to',
  show() {
    render();
    const tab = /** @type {HTMLElement} */ (view.querySelector('[role=tab][aria-selected=true]'));
    if (tab) tab.focus();
  },
}, setMode);
view.setAttribute('aria-label', 'Move orders');
// Leaving the view gives the keyboard back to its button.
const back = () => { setMode('explore'); document.getElementById('mode-orders').focus(); };

let chosen = 0;

function tabs() {
  return ORDERS.map((o, k) => `<button role="tab" id="order-${esc(o.name)}" data-order="${k}" aria-selected="${k === chosen}">` +
    `<b>${esc(o.name)}</b><span>${o.count.nodes} visited · ${pruned(o.count)} not</span></button>`).join('');
}

function table() {
  const row = (name, c, k) => `<tr${k === chosen ? ' class="chosen"' : ''}${k >= 0 ? ` data-order="${k}"` : ''}>` +
    `<td>${esc(name)}</td><td>${c.nodes}</td><td>${pruned(c)}</td><td>${c.leaves}</td><td>${c.cutoffs}</td></tr>`;
  let s = '<table><thead><tr><th>order</th><th>nodes visited</th><th>not visited</th><th>leaves evaluated</th><th>cut-offs</th></tr></thead><tbody>';
  s += row('minimax', D.minimax, -1);
  ORDERS.forEach((o, k) => { s += row(o.name, o.count, k); });
  s += '</tbody></table>';
  const m = D.minimal_tree;
  if (m) {
    s += `<p class="note">A uniform tree (b = ${m.b}, d = ${m.d}): perfect ordering evaluates at least ` +
      `b<sup>⌈d/2⌉</sup> + b<sup>⌊d/2⌋</sup> − 1 = ${m.leaves} leaves (Knuth and Moore).</p>`;
  }
  return s;
}

function said(o) {
  const c = o.count;
  return `<p class="said"><b>${esc(o.name)}</b>: ${c.nodes} of ${D.minimax.nodes} nodes visited, ` +
    `${plural(pruned(c), 'node', 'nodes')} never visited; ${c.leaves} of ${D.minimax.leaves} leaves evaluated; ` +
    `${plural(c.cutoffs, 'cut-off', 'cut-offs')}.</p><p class="note">${esc(o.words)}.</p>`;
}

const legend = '<p class="note">▲ MAX to move, ▼ MIN to move, a box is a leaf. Each node\'s children are drawn in the order ' +
  'this search took them, left to right. Grey and dashed: never visited (a grey leaf was never evaluated). ' +
  '<span style="color:#c00">//</span> marks where a cut-off skipped the rest of a node\'s children. ' +
  '≥ v and ≤ v: the search stopped with a bound, not the exact value.</p>';

// ---- Drawing one order's tree: leaves in slots left to right, each inner
// node centred over its first and last child, one row a level.
function drawing(o) {
  if (!T) {
    return `<p class="note">This tree has ${D.node_count} nodes; each order's tree is drawn for trees of at most ${D.limit}. ` +
      'The counts hold for the whole tree.</p>';
  }
  const value = (n) => {
    const v = o.search.value[n], b = o.search.bound[n];
    return b === '>' ? `≥${v}` : b === '<' ? `≤${v}` : String(v);
  };
  return smallTree({
    tree: T, kids: (n) => kids(o, n), seen: (n) => seen(o, n), value,
    // Alpha-beta skips a visited node's remaining children only by a cut-off.
    cut: (n) => seen(o, n),
    box: view.querySelector('.drawing'),
    label: `The tree searched in ${o.name} order`,
  });
}

function render() {
  const o = ORDERS[chosen];
  view.innerHTML =
    '<header><h2>Move orders: one tree, searched by alpha-beta in four orders</h2>' +
    `<span class="rule">Rule: ${esc(D.rule_words)} (${esc(D.rule)}).</span> ` +
    '<button id="orders-close" title="Back to the explorer (Esc)">Back to the explorer</button></header>' +
    `<div role="tablist" aria-label="Move order">${tabs()}</div>` +
    `<div class="body"><div class="drawing" tabindex="0" role="region" aria-label="The tree"></div><aside tabindex="0" aria-label="Counts">${said(o)}${table()}${legend}` +
    '<p class="note">← and → switch orders; Esc goes back.</p></aside></div>';
  const box = view.querySelector('.drawing');
  box.innerHTML = drawing(o);
  // A tree wider than the view opens on its root, not on its leftmost leaves.
  const root = box.querySelector(`.node[data-id="${T ? T.root : -1}"]`);
  if (root && box.scrollWidth > box.clientWidth) {
    const r = root.getBoundingClientRect(), b = box.getBoundingClientRect();
    box.scrollLeft += r.left + r.width / 2 - (b.left + b.width / 2);
  }
  view.dataset.shown = o.name;
}

function choose(k) {
  chosen = (k + ORDERS.length) % ORDERS.length;
  render();
  const tab = /** @type {HTMLElement} */ (view.querySelector(`[role=tab][data-order="${chosen}"]`));
  if (tab) tab.focus();
}

view.addEventListener('click', (ev) => {
  const target = /** @type {HTMLElement} */ (ev.target);
  const t = /** @type {HTMLElement} */ (target.closest('button[data-order], tr[data-order]'));
  if (t) { choose(Number(t.dataset.order)); return; }
  if (target.id === 'orders-close') back();
});
// While the view is open its keys are its own, not the explorer's.
window.addEventListener('keydown', (ev) => {
  if (view.hidden) return;
  ev.stopPropagation();
  const by = stepKey(ev);
  if (by) { ev.preventDefault(); choose(chosen + by); }
  else if (ev.key === 'Escape') back();
}, true);
window.addEventListener('resize', () => { if (!view.hidden) render(); });
// The page was asked for the comparison: it opens on it.
setMode('orders');

