// ---- Drawing the tree. Every interaction computes the layout and each drawn
// node's few strings of state, and touches the document only where they changed.
import { tree, ui } from './state.js';
import { drawnTop } from './questions.js';
import { boxWidth, showCount, size } from './view.js';
export const canvas = document.getElementById('canvas');
export const edges = document.getElementById('edges');
export const treeBox = document.getElementById('tree');
export const drawnNodes = new Map();
export const drawnEdges = new Map();
export const SVG = 'http://www.w3.org/2000/svg';
export const template = document.createElement('template');
// Boxes and fans live in small groups, 64 node indices to a group, each a
// positioned element at the corner of its container: when a box changes, the
// browser places again the out-of-flow boxes of its group, not every box of the
// drawing. (That walk over 5,000 boxes was 8-14 ms of each step's layout.)
const boxGroups = new Map(), fanGroups = new Map();
export function groupOf(groups, container, n) {
  let g = groups.get(n >> 6);
  if (!g) {
    g = document.createElement('div');
    g.className = 'grp';
    container.appendChild(g);
    groups.set(n >> 6, g);
  }
  return g;
}
// A tidy tree: each subtree is drawn apart, then pushed against its left
// sibling level by level, so that a narrow subtree tucks under a wide
// neighbour's empty levels instead of taking a column of its own. A parent
// sits centred over its first and last child; no edges cross.
export function layout() {
  const top = drawnTop();
  const rel = new Map();
  const moreRel = new Map();
  // The left and right edges of `n`'s subtree at each level below it,
  // relative to `n`'s centre. Iterative, so that a deep line cannot overflow
  // the stack. `order` is the tree's preorder, left to right.
  const contours = new Map();
  const order = [];
  let levels = 0;
  for (const todo = [top]; todo.length;) {
    const n = todo.pop();
    order.push(n);
    levels = Math.max(levels, tree.depth[n] - tree.depth[top]);
    if (ui.open[n] && tree.count[n]) for (let k = showCount(n) - 1; k >= 0; k--) todo.push(tree.first[n] + k);
  }
  ui.windowRows = ui.mode !== 'explore' || levels <= 4;
  const z = size();
  const half = (n) => boxWidth(n) / 2;
  for (let i = order.length - 1; i >= 0; i--) {
    const n = order[i];
    const kids = ui.open[n] && tree.count[n] ? showCount(n) : 0;
    if (!kids) { contours.set(n, [[-half(n)], [half(n)]]); continue; }
    let accL = null, accR = null;
    const offs = [];
    const add = (ct) => {
      if (!accR) { offs.push(0); accL = ct[0].slice(); accR = ct[1].slice(); return; }
      let shift = -Infinity;
      for (let d = 0; d < Math.min(accR.length, ct[1].length); d++) shift = Math.max(shift, accR[d] + z.gap - ct[0][d]);
      offs.push(shift);
      for (let d = 0; d < ct[1].length; d++) {
        if (d < accR.length) accR[d] = ct[1][d] + shift;
        else { accL.push(ct[0][d] + shift); accR.push(ct[1][d] + shift); }
      }
    };
    for (let k = 0; k < kids; k++) { const c = tree.first[n] + k; add(contours.get(c)); contours.delete(c); }
    if (kids < tree.count[n]) add([[-z.w / 2], [z.w / 2]]);
    const centre = (offs[0] + offs[offs.length - 1]) / 2;
    for (let k = 0; k < kids; k++) rel.set(tree.first[n] + k, offs[k] - centre);
    if (kids < tree.count[n]) moreRel.set(n, offs[kids] - centre);
    contours.set(n, [[-half(n), ...accL.map((v) => v - centre)], [half(n), ...accR.map((v) => v - centre)]]);
  }
  const [left, right] = contours.get(top);
  const c0 = -Math.min(...left);
  const boxes = [];
  const cs = new Map([[top, c0]]);
  let deepest = 0;
  for (const n of order) {
    const c = n === top ? c0 : cs.get(tree.parent[n]) + rel.get(n);
    cs.set(n, c);
    const y = (tree.depth[n] - tree.depth[top]) * z.level;
    deepest = Math.max(deepest, y);
    boxes.push({ n, x: c - half(n), cx: c, y });
    if (moreRel.has(n)) boxes.push({ more: n, x: c + moreRel.get(n) - z.w / 2, cx: c + moreRel.get(n), y: y + z.level });
  }
  const width = Math.max(...right) + c0;
  // The last row's box, whatever the distance between rows, and the
  // toggles and ids that hang below it (a phone's toggles as far as the stem).
  return { boxes, width, height: deepest + z.bottom + Math.max(18, z.stem) };
}
// Elements of `drawn` not in `keep` are put out of sight, not out of the
// page: putting a thousand boxes back in made the browser lay out their text
// again, most of what unfolding a subtree cost. Each kind hides its own way
// (`hide`); a box shown again is restored by its redraw. Past a few thousand
// hidden ones they leave the page for good.
export function keepOnly(drawn, keep, hide) {
  const forget = drawn.size - keep.size > 4000;
  for (const [n, el] of drawn) {
    if (keep.has(n)) { el._gone = false; continue; }
    if (forget) { el.remove(); drawn.delete(n); continue; }
    if (!el._gone) { hide(el); el._gone = true; }
  }
}
// Where hidden boxes and fans wait: far outside the canvas, which clips them
// (so they stretch no scroll bar and are never painted). Moving them costs the
// browser a transform; hiding them (visibility) restyled all their contents.
export const AWAY = 'translate(-99999px,0px)';
export { boxGroups, fanGroups };
