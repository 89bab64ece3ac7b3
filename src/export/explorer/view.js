// ---- View state.
let mode = 'explore';
let open = new Uint8Array(N); // (let: graft.js grows it)
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

// ---- Sizes: a node with its board, or a compact one (side, action, value,
// window), sized for the back of a room: at the zoom a tree of 40 nodes
// fits a 1280x720 projector with, values are 20 px or more and windows 16.
// A compact leaf is as narrow as its value and its edge's action allow, so
// that 27 leaves fit across such a screen. `bottom`: where a box ends;
// `stem`: how far below that its edges fan out. (A compact box's id hangs
// below its corner: edges that fanned out from the box's edge ran through
// it, so they leave from the fold button's foot, under the id.)
const FULL = { w: 132, gap: 14, level: 266, bottom: 176, stem: 0, board: 96 };
const SMALL = { w: 136, gap: 10, level: 140, bottom: 92, stem: 14, board: 0 };
// Where actions are long (checkers' B5-C4), a compact leaf carries its own
// action above its value, in smaller type, instead of on its edge: leaves'
// edges stand closer than such labels are wide.
let LEAF_ACT_IN_BOX = false;
let LEAF_W = (() => { // (let: graft.js widens it for a graft's longer values)
  let chars = 1, big = 0, minus = 0;
  for (const a of H.actions) chars = Math.max(chars, a.length);
  for (let i = 0; i < N; i++) if (flags[i] & LEAF) { big = Math.max(big, Math.abs(cost[i])); if (cost[i] < 0) minus = 1; }
  // (A stuck side's ±2147483647 is written as such: the box grows for it.)
  const digits = String(big).length + minus;
  // (Edge labels are 19 px bold, about 11.5 px a character; values 25 px,
  // 15; an action in the box 14 px, 8.5.)
  const forValue = Math.max(40, digits * 15 + 12);
  LEAF_ACT_IN_BOX = chars * 11.5 + 6 > forValue + 8;
  return Math.ceil(Math.max(forValue, LEAF_ACT_IN_BOX ? chars * 8.5 + 8 : chars * 11.5 + 6));
})();
// While printing, the levels stand as far apart as fills the page's height.
let printLevel = 0;
// A deep drawing (more than five levels, as a game's line of best play) in
// explore mode leaves the window out of its compact boxes (it is in the
// panel): two lines a box, so that the whole line fits a projector's height.
let windowRows = true;
// (A deep line's levels keep their distance: the stem comes out of its edges.)
const SHORT = { ...SMALL, level: 96, bottom: 58 };
const size = () => { const z = compact ? (windowRows ? SMALL : SHORT) : FULL; return printLevel ? { ...z, level: printLevel } : z; };
const boxWidth = (n) => (compact && isLeaf(n) ? LEAF_W : size().w);
