// The tree explorer: draws the tree embedded in this page, a node at a time as
// they are expanded, replays the engine's search events step by step, and lets a
// student practise. Everything it knows comes from the data the engine wrote
// into the page; it computes no values of its own.
const H = JSON.parse(document.getElementById('tree-header').textContent);
const S = H.summary;
let N = H.embedded; // (let: graft.js grows the tree)
const PAGE = 50;
const MAXIMISING = 1, PRUNED = 2, LEAF = 4, CUT_BETA = 8, CUT_ALPHA = 16, LOWER = 32, UPPER = 64;

// ---- Data: columns of little-endian binary (see src/export/html.rs).
function decode(text) {
  const bin = atob(text.trim());
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
const bytes = decode(document.getElementById('tree-nodes').textContent);
// The decoded bytes are all the page needs: the text (53 MB for a depth-7
// checkers tree, held twice) goes.
document.getElementById('tree-nodes').textContent = '';
const view = new DataView(bytes.buffer);
let at = 0;
function column(Type, get, size, n) {
  const a = new Type(n);
  for (let i = 0; i < n; i++) a[i] = get.call(view, at + i * size, true);
  at += n * size;
  return a;
}
let count = column(Uint16Array, view.getUint16, 2, N);
let action = column(Uint16Array, view.getUint16, 2, N);
let flags = column(Uint8Array, view.getUint8, 1, N);
let cost = column(Int32Array, view.getInt32, 4, N);
let value = new Int32Array(N);
const inner = [];
for (let i = 0; i < N; i++) if (!(flags[i] & LEAF)) inner.push(i);
for (let k = 0; k < inner.length; k++) value[inner[k]] = view.getInt32(at + 4 * k, true);
at += 4 * inner.length;
for (let i = 0; i < N; i++) if (flags[i] & LEAF) value[i] = cost[i];
const windowed = H.windows;
// Window ends are numbers, with the infinities as JavaScript's own: a real
// cost of ±2147483647 stays a number. Only a search with windows has them
// (two columns of 15 MB each at depth 7).
let alpha = windowed ? new Float64Array(N) : null, beta = windowed ? new Float64Array(N) : null;
if (windowed) {
  let k = 0;
  for (let i = 0; i < N; i++) if (!(flags[i] & PRUNED)) k++;
  const inf = at + 8 * k;
  k = 0;
  for (let i = 0; i < N; i++) {
    if (flags[i] & PRUNED) continue;
    const marks = view.getUint8(inf + k, true);
    alpha[i] = windowEnd(view.getInt32(at + 8 * k, true), marks);
    beta[i] = windowEnd(view.getInt32(at + 8 * k + 4, true), marks >> 2);
    k++;
  }
  at = inf + k;
}
const boardAt = at;
const boardBytes = Math.ceil(H.varying.length * H.bits / 8);

// An end of a window: its number unless its two marks (bit 0: −∞, bit 1: +∞) say infinite.
function windowEnd(v, marks) { return marks & 1 ? -Infinity : marks & 2 ? Infinity : v; }

// ---- Shape: children have consecutive indices; replay the construction
// order to find each node's first child, parent, depth and real id.
let first = new Int32Array(N), parent = new Int32Array(N), depth = new Uint8Array(N);
const hidden = new Map(H.hidden.map(([i, h]) => [i, h]));
let realId = hidden.size ? new Float64Array(N) : null;
(function shape() {
  parent[0] = -1;
  let next = 1, rid = 1;
  const stack = [[0, 0]];
  first[0] = 1;
  next = 1 + count[0]; rid = next;
  for (let k = 0; k < count[0]; k++) { parent[1 + k] = 0; depth[1 + k] = 1; if (realId) realId[1 + k] = 1 + k; }
  rid += hidden.get(0) || 0;
  while (stack.length) {
    const top = stack[stack.length - 1];
    const [n, k] = top;
    if (k >= count[n]) { stack.pop(); continue; }
    top[1]++;
    const c = first[n] + k;
    first[c] = next;
    for (let j = 0; j < count[c]; j++) {
      parent[next + j] = c; depth[next + j] = depth[c] + 1;
      if (realId) realId[next + j] = rid + j;
    }
    next += count[c]; rid += count[c];
    rid += hidden.get(c) || 0;
    if (count[c]) stack.push([c, 0]);
  }
})();
const idOf = (i) => (realId ? realId[i] : i);
function indexOf(id) {
  if (!realId) return id >= 0 && id < N ? id : -1;
  let lo = 0, hi = N - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (realId[mid] === id) return mid;
    if (realId[mid] < id) lo = mid + 1; else hi = mid - 1;
  }
  return -1;
}
const children = (n) => { const a = []; for (let k = 0; k < count[n]; k++) a.push(first[n] + k); return a; };
const isLeaf = (n) => (flags[n] & LEAF) !== 0;
const isMax = (n) => (flags[n] & MAXIMISING) !== 0;
const enginePruned = (n) => (flags[n] & PRUNED) !== 0;
const actionName = (n) => (n === 0 ? '(root)' : H.actions[action[n]]);
// The child whose value the node took: the left-most one with its value that
// the search did not skip, as the engine reports it.
function bestChild(n) {
  for (let k = 0; k < count[n]; k++) {
    const c = first[n] + k;
    if (!enginePruned(c) && value[c] === value[n]) return c;
  }
  return -1;
}
const line = new Set([0]);
for (let n = 0; count[n] && bestChild(n) >= 0;) { n = bestChild(n); line.add(n); }
