// ---- Events (the engine's trace), replayed for step-through. Forward steps
// apply one event each; going back replays from the start.
import { tree } from './state.js';
import { decode } from './columns.js';
import { H, indexOf, isLeaf, isMax, windowEnd } from './data.js';
import { boundOwner, cutReason, cutText, nameOf, num, pastBound, sideOf, valueText, windowText } from './words.js';
const evText = document.getElementById('tree-events').textContent.trim();
document.getElementById('tree-events').textContent = '';
export const events = evText ? new Int32Array(decode(evText).buffer) : new Int32Array(0);
export const E = events.length / 5;
export const returnAt = new Int32Array(tree.N).fill(-1);
export const cutSteps = [];
for (let e = 0; e < E; e++) {
  const t = events[5 * e];
  if (t === 2) { const n = indexOf(events[5 * e + 1]); if (n >= 0) returnAt[n] = e; }
  if (t === 4) cutSteps.push(e + 1);
}
// Where the step-through stands: step.js alone changes it.
export const step = { at: 0, timer: null, state: fresh() };
export function fresh() {
  return { at: 0, val: new Map(), win: new Map(), entry: new Map(), best: new Map(), from: new Map(), cut: new Map(), cutShort: new Map(),
    skipped: new Set(), current: -1, last: '', lastKind: -1, explained: [] };
}
// Steps the search's events one at a time, in words a class can follow:
// nodes by their names, windows as the textbook writes them, and a cut-off
// with its reason. `explained` lists the nodes the step talks about (what
// must be unfolded and on screen).
export function apply(st, e) {
  const t = events[5 * e], id = events[5 * e + 1], c = events[5 * e + 4];
  let a = events[5 * e + 2], b = events[5 * e + 3];
  // Enter and window events carry their window's infinite ends in the last word.
  if (t === 0 || t === 3) { a = windowEnd(a, c); b = windowEnd(b, c >> 2); }
  const n = indexOf(id);
  st.lastKind = t;
  st.explained = [n];
  const what = (m) => (isLeaf(m) ? 'leaf' : sideOf(m));
  if (t === 0) {
    st.current = n;
    if (c & 16) { st.win.set(n, [a, b]); st.entry.set(n, [a, b]); }
    st.last = n === 0 ? `start at the root${H.root_name ? ' ' + H.root_name : ''} (${sideOf(0)})` : `enter ${nameOf(n)} (${what(n)})`;
    if (c & 16 && !isLeaf(n)) st.last += ` with [α, β] = ${windowText(a, b)}`;
  } else if (t === 1) {
    st.val.set(n, a);
    st.last = `${nameOf(n)} is a leaf: its value is ${num(a)}`;
  } else if (t === 2) {
    st.val.set(n, a);
    const p = tree.parent[n];
    st.current = p >= 0 ? p : n;
    if (p >= 0) st.explained.push(p);
    // The parent's choice so far: the greatest (MAX) or least (MIN) value returned to it.
    let took = false;
    if (p >= 0) { const was = st.best.get(p); if (was === undefined || (isMax(p) ? a > was : a < was)) { st.best.set(p, a); st.from.set(p, n); took = true; } }
    if (n === 0) st.last = `the root${H.root_name ? ' ' + H.root_name : ''} has the value ${valueText(n, a)}`;
    else {
      st.last = `${nameOf(n)} returns ${valueText(n, a)} to ${nameOf(p)}`;
      st.last += took ? `: ${sideOf(p)} at ${nameOf(p)} now has ${num(a)}` : `: ${sideOf(p)} at ${nameOf(p)} keeps ${num(st.best.get(p))} from ${nameOf(st.from.get(p))}`;
    }
  } else if (t === 3) {
    const was = st.win.get(n) || [a, b];
    st.win.set(n, [a, b]);
    const raised = a !== was[0];
    const end = raised ? `raises α to ${num(a)}` : `lowers β to ${num(b)}`;
    let text = `${nameOf(n)} ${end}`;
    // An empty window is the cut-off's news, not a window: [3, 2] is no range.
    if (a === b && pastBound) text += `, equal to ${raised ? 'β' : 'α'}: a tie, and ties do not prune here, so ${nameOf(n)} goes on to its next child`;
    else if (a >= b) text += `, ${raised ? 'up to β' : 'down to α'} = ${num(raised ? b : a)}`;
    else text += `: [α, β] = ${windowText(a, b)}`;
    st.last = text;
  } else if (t === 4) {
    const w = st.win.get(n) || [0, 0];
    const kind = c ? 'alpha' : 'beta';
    const v = st.best.get(n) ?? 0;
    const kids = [];
    for (let id2 = a; id2 <= b; id2++) { const m = indexOf(id2); if (m >= 0) { st.skipped.add(m); kids.push(m); } }
    const bound = kind === 'alpha' ? w[0] : w[1];
    const owner = boundOwner(n, bound, (p) => st.best.get(p), (p) => (st.from.has(p) ? st.from.get(p) : -1));
    const text = cutReason(n, kids, v, bound, owner);
    st.cut.set(n, `${cutText(kind, v, w[0], w[1])}: ${text}`);
    st.cutShort.set(n, kids);
    st.explained.push(...kids);
    if (owner) st.explained.push(owner.at);
    st.last = text;
  }
  st.at = e + 1;
}
export function skippedSoFar(st, n) { for (; n >= 0; n = tree.parent[n]) if (st.skipped.has(n)) return true; return false; }
