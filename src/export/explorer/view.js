// ---- View state.
let mode = 'explore';
const open = new Uint8Array(N);
const shownKids = new Map();
let selected = 0;
const answers = new Map();
const cuts = new Set();
let marks = null;
let compact = false;
let zoom = 1;
function resetView() {
  open.fill(0);
  shownKids.clear();
  for (const n of line) open[n] = 1;
}
function showCount(n) { return Math.min(count[n], shownKids.get(n) || PAGE); }
// Opens the way to `n`; says whether anything was closed.
function reveal(n) {
  let changed = false;
  for (let p = parent[n]; p >= 0; p = parent[p]) {
    if (!open[p]) { open[p] = 1; changed = true; }
    const k = n - first[p] + 1;
    if (k > showCount(p)) { shownKids.set(p, Math.ceil(k / PAGE) * PAGE); changed = true; }
    n = p;
  }
  return changed;
}
function cutAbove(n) { for (; n > 0; n = parent[n]) if (cuts.has(n)) return true; return false; }

// ---- Sizes: a node with its board, or a compact one (id, action, value).
const FULL = { w: 112, gap: 14, level: 250, bottom: 100, board: 96 };
const SMALL = { w: 100, gap: 8, level: 78, bottom: 50, board: 0 };
// While printing, the levels stand as far apart as fills the page's height.
let printLevel = 0;
const size = () => { const z = compact ? SMALL : FULL; return printLevel ? { ...z, level: printLevel } : z; };
