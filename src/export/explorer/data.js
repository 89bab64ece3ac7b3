// The tree explorer: draws the tree embedded in this page, a node at a time as
// they are expanded, replays the engine's search events step by step, and lets a
// student practise. Everything it knows comes from the data the engine wrote
// into the page; it computes no values of its own.
import { tree } from './state.js';
import { Columns, decode } from './columns.js';
export const H = JSON.parse(document.getElementById('tree-header').textContent);
export const S = H.summary;
tree.N = H.embedded;
export const PAGE = 50;
const MAXIMISING = 1, PRUNED = 2, LEAF = 4, CUT_BETA = 8, CUT_ALPHA = 16, LOWER = 32, UPPER = 64;

// ---- Data: columns of little-endian binary (see src/export/html.rs).
export const bytes = decode(document.getElementById('tree-nodes').textContent);
// The decoded bytes are all the page needs: the text (53 MB for a depth-7
// checkers tree, held twice) goes.
document.getElementById('tree-nodes').textContent = '';
const columns = new Columns(bytes);
const view = columns.view;
tree.count = columns.column(Uint16Array, tree.N);
tree.action = columns.column(Uint16Array, tree.N);
tree.flags = columns.column(Uint8Array, tree.N);
tree.cost = columns.column(Int32Array, tree.N);
let at = columns.at;
tree.value = new Int32Array(tree.N);
const inner = [];
for (let i = 0; i < tree.N; i++) if (!(tree.flags[i] & LEAF)) inner.push(i);
for (let k = 0; k < inner.length; k++) tree.value[inner[k]] = view.getInt32(at + 4 * k, true);
at += 4 * inner.length;
for (let i = 0; i < tree.N; i++) if (tree.flags[i] & LEAF) tree.value[i] = tree.cost[i];
export const windowed = H.windows;
// Window ends are numbers, with the infinities as JavaScript's own: a real
// cost of ±2147483647 stays a number. Only a search with windows has them
// (two columns of 15 MB each at depth 7).
tree.alpha = windowed ? new Float64Array(tree.N) : null;
tree.beta = windowed ? new Float64Array(tree.N) : null;
if (windowed) {
  let k = 0;
  for (let i = 0; i < tree.N; i++) if (!(tree.flags[i] & PRUNED)) k++;
  const inf = at + 8 * k;
  k = 0;
  for (let i = 0; i < tree.N; i++) {
    if (tree.flags[i] & PRUNED) continue;
    const marks = view.getUint8(inf + k);
    tree.alpha[i] = windowEnd(view.getInt32(at + 8 * k, true), marks);
    tree.beta[i] = windowEnd(view.getInt32(at + 8 * k + 4, true), marks >> 2);
    k++;
  }
  at = inf + k;
}
export const boardAt = at;
export const boardBytes = Math.ceil(H.varying.length * H.bits / 8);

// An end of a window: its number unless its two marks (bit 0: −∞, bit 1: +∞) say infinite.
export function windowEnd(v, marks) { return marks & 1 ? -Infinity : marks & 2 ? Infinity : v; }

// ---- Shape: children have consecutive indices; replay the construction
// order to find each node's first child, parent, depth and real id.
tree.first = new Int32Array(tree.N);
tree.parent = new Int32Array(tree.N);
tree.depth = new Uint8Array(tree.N);
export const hidden = new Map(H.hidden.map(([i, h]) => [i, h]));
tree.realId = hidden.size ? new Float64Array(tree.N) : null;
(function shape() {
  tree.parent[0] = -1;
  const stack = [[0, 0]];
  tree.first[0] = 1;
  let next = 1 + tree.count[0], rid = next;
  for (let k = 0; k < tree.count[0]; k++) { tree.parent[1 + k] = 0; tree.depth[1 + k] = 1; if (tree.realId) tree.realId[1 + k] = 1 + k; }
  rid += hidden.get(0) || 0;
  while (stack.length) {
    const top = stack[stack.length - 1];
    const [n, k] = top;
    if (k >= tree.count[n]) { stack.pop(); continue; }
    top[1]++;
    const c = tree.first[n] + k;
    tree.first[c] = next;
    for (let j = 0; j < tree.count[c]; j++) {
      tree.parent[next + j] = c; tree.depth[next + j] = tree.depth[c] + 1;
      if (tree.realId) tree.realId[next + j] = rid + j;
    }
    next += tree.count[c]; rid += tree.count[c];
    rid += hidden.get(c) || 0;
    if (tree.count[c]) stack.push([c, 0]);
  }
})();
export const idOf = (i) => (tree.realId ? tree.realId[i] : i);
export function indexOf(id) {
  if (!tree.realId) return id >= 0 && id < tree.N ? id : -1;
  let lo = 0, hi = tree.N - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (tree.realId[mid] === id) return mid;
    if (tree.realId[mid] < id) lo = mid + 1; else hi = mid - 1;
  }
  return -1;
}
export const children = (n) => { const a = []; for (let k = 0; k < tree.count[n]; k++) a.push(tree.first[n] + k); return a; };
export const isLeaf = (n) => (tree.flags[n] & LEAF) !== 0;
export const isMax = (n) => (tree.flags[n] & MAXIMISING) !== 0;
export const enginePruned = (n) => (tree.flags[n] & PRUNED) !== 0;
// (The root has no action: its own name where the tree gives it one, A in AIMA's figure.)
export const actionName = (n) => (n === 0 ? H.root_name || '(root)' : H.actions[tree.action[n]]);
// The child whose value the node took: the left-most one with its value that
// the search did not skip, as the engine reports it.
export function bestChild(n) {
  for (let k = 0; k < tree.count[n]; k++) {
    const c = tree.first[n] + k;
    if (!enginePruned(c) && tree.value[c] === tree.value[n]) return c;
  }
  return -1;
}
// The root's best child: the decision.
export const decisionNode = () => (tree.count[0] && bestChild(0) >= 0 ? bestChild(0) : -1);
export const line = new Set([0]);
for (let n = 0; tree.count[n] && bestChild(n) >= 0;) { n = bestChild(n); line.add(n); }
export { CUT_ALPHA, CUT_BETA, LEAF, LOWER, MAXIMISING, PRUNED, UPPER };
