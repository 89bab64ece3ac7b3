// ---- View state.
import { tree, ui } from './state.js';
import { H, LEAF, PAGE, isLeaf, line } from './data.js';
ui.open = new Uint8Array(tree.N);
export const shownKids = new Map();
export const answers = new Map();
export const cuts = new Set();
// Folds the tree to its principal line ("Collapse all").
export function resetView() {
  ui.open.fill(0);
  shownKids.clear();
  for (const n of line) ui.open[n] = 1;
}
// A tree this small fits the screen whole at a readable size (see Sizes
// below), so it opens whole: a textbook figure folded to its principal line
// hides the very branches the lesson is about.
export const OPEN_WHOLE = 40;
// The first view: whole if small, else folded to the principal line.
export function openFirst() {
  resetView();
  if (tree.N <= OPEN_WHOLE) ui.open.fill(1);
}
export function showCount(n) { return Math.min(tree.count[n], shownKids.get(n) || PAGE); }
// Opens the way to `n`; says whether anything was closed.
export function reveal(n) {
  let changed = false;
  for (let p = tree.parent[n]; p >= 0; p = tree.parent[p]) {
    if (!ui.open[p]) { ui.open[p] = 1; changed = true; }
    const k = n - tree.first[p] + 1;
    if (k > showCount(p)) { shownKids.set(p, Math.ceil(k / PAGE) * PAGE); changed = true; }
    n = p;
  }
  return changed;
}
export function cutAbove(n) { for (; n > 0; n = tree.parent[n]) if (cuts.has(n)) return true; return false; }

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
// (graft.js widens it for a graft's longer values.)
ui.leafW = (() => {
  let chars = 1, big = 0, minus = 0;
  for (const a of H.actions) chars = Math.max(chars, a.length);
  for (let i = 0; i < tree.N; i++) if (tree.flags[i] & LEAF) { big = Math.max(big, Math.abs(tree.cost[i])); if (tree.cost[i] < 0) minus = 1; }
  // (A stuck side's ±2147483647 is written as such: the box grows for it.)
  const digits = String(big).length + minus;
  // (Edge labels are 19 px bold, about 11.5 px a character; values 25 px,
  // 15; an action in the box 14 px, 8.5.)
  const forValue = Math.max(40, digits * 15 + 12);
  ui.leafActInBox = chars * 11.5 + 6 > forValue + 8;
  return Math.ceil(Math.max(forValue, ui.leafActInBox ? chars * 8.5 + 8 : chars * 11.5 + 6));
})();
// While printing, the levels stand as far apart as fills the page's height
// (ui.printLevel). A deep drawing (more than five levels, as a game's line of
// best play) in explore mode leaves the window out of its compact boxes (it is
// in the panel; layout.js sets ui.windowRows): two lines a box, so that the
// whole line fits a projector's height. (A deep line's levels keep their
// distance: the stem comes out of its edges.)
const SHORT = { ...SMALL, level: 96, bottom: 58 };
// A finger's practice boxes are 44 px on screen (explorer.css): a compact
// node asking for them is taller, and its level further down.
const finger = window.matchMedia('(max-width: 600px), (pointer: coarse)');
const FINGER = 48;
const tall = (z) => (z !== FULL && ui.mode === 'practice' && finger.matches ? { ...z, level: z.level + FINGER, bottom: z.bottom + FINGER } : z);
// On a phone a fold button's 44 px target hangs below its compact box
// (explorer.css): the edges fan out under it, so that no tap meant for the
// button lands on an edge's label or the middle child's box. (A full box's
// edges are long enough already: their labels stand below the target.)
const phone = window.matchMedia('(max-width: 600px)');
const TOGGLE = 46;
const roomy = (z) => (z !== FULL && phone.matches ? { ...z, level: z.level + TOGGLE, stem: z.stem + TOGGLE } : z);
export const size = () => { const z = roomy(tall(ui.compact ? (ui.windowRows ? SMALL : SHORT) : FULL)); return ui.printLevel ? { ...z, level: ui.printLevel } : z; };
export const boxWidth = (n) => (ui.compact && isLeaf(n) ? ui.leafW : size().w);
