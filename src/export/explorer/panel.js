// ---- The side panel.
import { hooks, tree, ui } from './state.js';
import { LOWER, UPPER, actionName, bestChild, enginePruned, hidden, idOf, isLeaf, isMax, windowed } from './data.js';
import { P, boardSvg, esc } from './boards.js';
import { nameAndId, nameOf, num, pathTo, role, windowText } from './words.js';
import { step } from './trace.js';
import { cuts } from './view.js';
import { nodeState } from './node_state.js';
export const panel = document.getElementById('panel');
// A game with no board (an abstract tree) shows, in its board's place, the
// subtree under the node in the tree's own notation: leaves are costs, which
// every mode shows, and inner nodes are parentheses, so it gives no answer
// away. A long one is cut short.
function subtreeText(n) {
  const LIMIT = 600;
  let s = '';
  for (const todo = [n]; todo.length && s.length <= LIMIT;) {
    const m = todo.pop();
    if (m === ')') { s = s.trimEnd() + ') '; continue; }
    if (!tree.count[m]) { s += (hidden.get(m) ? '…' : num(tree.cost[m])) + ' '; continue; }
    s += '(';
    todo.push(')');
    for (let k = tree.count[m] - 1; k >= 0; k--) todo.push(tree.first[m] + k);
  }
  s = s.trim();
  if (s.length > LIMIT) s = s.slice(0, LIMIT) + ' …';
  return `<p class="subtree" title="The subtree under this node, as the tree's text">${esc(s)}</p>`;
}
export function showPanel(n) {
  if (n < 0) return;
  const s = nodeState(n);
  const practice = ui.mode === 'practice';
  const b = bestChild(n);
  const row = (k, label, v) => `<dt>${label}</dt><dd data-field="${k}">${esc(v)}</dd>`;
  // (Named as the rest of the page names it: "A", "c2", "#5 (b2)", never "Node #2".)
  const name = nameOf(n);
  let html = `<h3>${esc(name === 'the root' ? 'The root' : name)}</h3>` + (P.points.length ? boardSvg(n, 250, 15) : subtreeText(n)) + '<dl>';
  html += row('id', 'id (construction order)', idOf(n));
  html += row('parent', 'parent', n === 0 ? '—' : nameAndId(tree.parent[n]));
  html += row('depth', 'depth', tree.depth[n]);
  html += row('action', 'action', actionName(n));
  html += row('role', 'side to move', `${role(n)} (${isMax(n) ? 'takes the greatest child value' : 'takes the least child value'})`);
  // A worksheet asks for inner nodes' values; a textbook tree's static cost
  // of an inner node is its minimax value, so practice shows leaves' only.
  if (!practice || isLeaf(n)) html += row('cost', 'static cost', num(tree.cost[n]));
  if (!practice) {
    // (A skipped leaf's box shows its given value; the panel says it was never searched.)
    html += row('value', 'value', s.pruned ? 'pruned' : s.value);
    // (Stepping, the bound is news only once the search returns the value.)
    if (tree.flags[n] & (LOWER | UPPER) && !enginePruned(n) && (ui.mode !== 'step' || step.state.val.has(n))) {
      html += row('bound', 'bound', tree.flags[n] & LOWER ? `a lower bound: the search stopped at β, and the minimax value may be greater`
        : `an upper bound: nothing here beat α, and the minimax value may be less`);
    }
    if (ui.mode === 'explore') html += row('best', 'took its value from', b >= 0 && tree.count[n] ? nameAndId(b) : isLeaf(n) ? 'its own cost (a leaf)' : '—');
    if (windowed && ui.mode === 'explore' && !enginePruned(n)) { html += row('alpha', 'α on entry', num(tree.alpha[n])); html += row('beta', 'β on entry', num(tree.beta[n])); }
    if (ui.mode === 'step') {
      const st = step.state;
      const e = st.entry.get(n), w = st.win.get(n);
      if (e) html += row('entry', '[α, β] on entry', windowText(e[0], e[1]));
      if (w) html += row('window', '[α, β] now', windowText(w[0], w[1]));
      if (s.running) html += row('running', 'best so far', s.running.replace('best so far ', ''));
    }
    if (s.cut) html += row('cut', 'cut-off', s.cut);
  } else {
    if (n > 0 && n !== ui.practiceTop && windowed) html += `</dl><p><button id="cut-edge" data-cut="${n}">${cuts.has(n) ? 'Restore the edge into' : 'Cut the edge into'} ${esc(nameOf(n))}</button> (or click the edge; key x)</p><dl>`;
  }
  html += row('path', 'line from the root', pathTo(n).map(actionName).join(' ') || '(the root)');
  html += row('children', 'children', tree.count[n] + (hidden.get(n) ? ` (+${hidden.get(n)} nodes not in this page)` : ''));
  for (const f of hooks.panel) html += f(n) || '';
  html += '</dl>';
  if (panel._html !== html) { panel.innerHTML = html; panel._html = html; }
}
