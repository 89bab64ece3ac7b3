// ---- Positions: the tree's census (the Positions view) and its
// transpositions, nodes that hold a position some other node holds too. Each
// such node is marked ⇄; selecting one outlines the others, and the panel
// lists them. An addon (src/export/positions.rs writes its data), bundled
// after the explorer's modules when the page has it.
import { addHook, hooks, ui } from './state.js';
import { idOf } from './data.js';
import { nameOf } from './words.js';
import { esc } from './boards.js';
import { render } from './nodes.js';
import { addView } from './views.js';
import { setMode } from './modes.js';
import { select } from './find.js';
import { addonData } from './hook.js';
const d = addonData('positions');
// group[i]: the number of page node i's position among those held by more
// than one node (0: no other node holds it); paths[k]: how many nodes of
// the whole tree hold position k (a scope may leave some out of the page).
const group = d.group, paths = d.paths;
const members = new Map();
group.forEach((k, i) => { if (k) { if (!members.has(k)) members.set(k, []); members.get(k).push(i); } });
const style = document.createElement('style');
style.textContent =
  '.box.transposition::after { content: "⇄"; position: absolute; top: -11px; right: -9px; width: 20px; height: 20px; border-radius: 10px;' +
  ' background: #6a2fb0; color: #fff; font-size: 14px; line-height: 20px; text-align: center; font-weight: bold; }' +
  '.box.same-position { outline: 3px dashed #6a2fb0; outline-offset: 2px; background: #f1e6ff; }' +
  '#panel .same-pos button { margin: 1px 3px 1px 0; font: inherit; font-size: 13px; padding: 0 4px; }' +
  '#view-positions { padding: 12px 20px; overflow: auto; }' +
  '#view-positions table { border-collapse: collapse; font-variant-numeric: tabular-nums; }' +
  '#view-positions th, #view-positions td { padding: 3px 10px; text-align: right; border-bottom: 1px solid #ddd; }' +
  '#view-positions tr.total td { font-weight: bold; border-top: 2px solid #888; }' +
  '@media print { .box.transposition::after { display: none; } }';
document.head.appendChild(style);
const practice = () => ui.mode === 'practice';
// A worksheet shows no marks: two nodes of one position have one value.
addHook(hooks.node, (i) => {
  const k = group[i];
  if (!k || practice()) return '';
  const s = ui.selected;
  return s !== i && s >= 0 && group[s] === k ? 'transposition same-position' : 'transposition';
});
addHook(hooks.panel, (i) => {
  const k = group[i];
  if (!k || practice()) return '';
  const others = members.get(k).filter((j) => j !== i);
  // (Ids alone on the buttons, their names in their titles: a list of 40
  // names ran down the panel.)
  const buttons = others.slice(0, 40).map((j) => `<button data-same="${j}" title="Select ${esc(nameOf(j))}">#${idOf(j)}</button>`).join('') +
    (others.length > 40 ? ` and ${others.length - 40} more` : '');
  const out = paths[k] - members.get(k).length;
  return `<dt>same position</dt><dd data-field="same-position" class="same-pos">reached by ${paths[k]} paths in the tree; also at ${buttons || '—'}` +
    (out > 0 ? ` (+${out} not in this page)` : '') + '</dd>';
});
document.getElementById('panel').addEventListener('click', (ev) => {
  const b = /** @type {HTMLElement} */ (/** @type {Element} */ (ev.target).closest('[data-same]'));
  if (b) select(Number(b.dataset.same));
});
// The census: per depth and in total, as `analyse --stats` prints it.
const c = d.census;
const sym = c.total.positions_up_to_symmetry !== null;
const cell = (v) => `<td>${v === null ? '—' : v.toLocaleString('en')}</td>`;
const row = (label, n, cls) => `<tr${cls ? ` class="${cls}"` : ''}><td>${label}</td>` + cell(n.nodes) + cell(n.finished) + cell(n.positions) +
  (sym ? cell(n.positions_up_to_symmetry) : '') + cell(n.finished_positions) + (sym ? cell(n.finished_positions_up_to_symmetry) : '') + '</tr>';
const table = '<table id="census"><thead><tr><th>depth</th><th>nodes</th><th>finished games</th><th>positions</th>' +
  (sym ? '<th>up to symmetry</th>' : '') + '<th>finished positions</th>' + (sym ? '<th>finished, up to symmetry</th>' : '') + '</tr></thead><tbody>' +
  c.by_depth.map((n, depth) => row(depth, n)).join('') + row('total', c.total, 'total') + '</tbody></table>';
const shared = c.total.nodes - c.total.positions;
addView({
  id: 'positions',
  label: 'Positions',
  title: 'How many nodes, finished games and distinct positions the tree holds, per depth',
  show(el) {
    if (el.dataset.drawn) return;
    el.dataset.drawn = 'true';
    el.innerHTML = '<h2>Positions in the tree</h2>' +
      `<p>The tree repeats a position once for every path that reaches it: its ${c.total.nodes.toLocaleString('en')} nodes hold ` +
      `${c.total.positions.toLocaleString('en')} different positions, so ${shared.toLocaleString('en')} nodes are transpositions ` +
      '(marked ⇄ in the tree: select one to see the others).' +
      (sym ? ` Positions that ${esc(String(d.symmetry))} makes the same are one “up to symmetry”.` : '') + (typeof c.total.games_up_to_symmetry === 'number' && c.total.finished > 0 ? ` <span id="games-up-to-symmetry">Games up to symmetry: ${c.total.games_up_to_symmetry.toLocaleString('en')} of the ${c.total.finished.toLocaleString('en')} finished games</span>, once at every node the moves into positions that are the same up to symmetry are taken as one.` : '') + '</p>' + table +
      // (The Positions graph, merged.js, where the page has it.)
      (document.getElementById('mode-merged') ? '<p><button id="positions-graph" title="Each position drawn once, with how many paths reach it, every edge of the tree kept">' +
        'Draw the positions as a graph</button></p>' : '');
    const graph = el.querySelector('#positions-graph');
    if (graph) graph.onclick = () => setMode('merged');
  },
}, setMode);
render();

