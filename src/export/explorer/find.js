// ---- Finding a node: by id, by the actions from the root, or by the last
// actions of a path anywhere (the first such node; Enter again for the next).
import { setSelected, tree } from './state.js';
import { actionName, children, indexOf } from './data.js';
import { pathTo, tag } from './words.js';
import { reveal } from './view.js';
import { render } from './nodes.js';
import { bringIntoView } from './step.js';
export const findBox = /** @type {HTMLInputElement} */ (document.getElementById('find'));
let lastFind = { text: '', at: -1 };
export function find(text) {
  const out = document.getElementById('find-result');
  text = text.trim();
  if (/^#?\d+$/.test(text)) {
    const n = indexOf(Number(text.replace('#', '')));
    if (n < 0) { out.textContent = `no node ${text} in this page`; return; }
    out.textContent = tag(n);
    return select(n);
  }
  const want = text.split(/\s+/).filter(Boolean).map((a) => a.toLowerCase());
  if (!want.length) return;
  let n = 0;
  for (const a of want) {
    const c = children(n).find((k) => actionName(k).toLowerCase() === a);
    if (c === undefined) { n = -1; break; }
    n = c;
  }
  if (n >= 0) { out.textContent = tag(n); return select(n); }
  const from = lastFind.text === text ? lastFind.at + 1 : 1;
  const ends = (m) => { for (let k = want.length - 1; k >= 0; k--, m = tree.parent[m]) if (m <= 0 || actionName(m).toLowerCase() !== want[k]) return false; return true; };
  let total = 0, hit = -1;
  for (let m = 1; m < tree.N; m++) if (ends(m)) { total++; if (hit < 0 && m >= from) hit = m; }
  if (hit < 0 && total) for (let m = 1; m < tree.N; m++) if (ends(m)) { hit = m; break; }
  if (hit < 0) { out.textContent = `no node is reached by ${text}`; return; }
  lastFind = { text, at: hit };
  out.textContent = `${tag(hit)}: ${pathTo(hit).map(actionName).join(' ')}` + (total > 1 ? ` (${total} nodes end so; Enter for the next)` : '');
  select(hit);
}
export function select(n) {
  setSelected(n);
  reveal(n);
  render();
  bringIntoView(n);
}
