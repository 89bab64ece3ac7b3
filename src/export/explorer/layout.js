// ---- Drawing the tree. Every interaction computes the layout and each drawn
// node's few strings of state, and touches the document only where they changed.
const canvas = document.getElementById('canvas');
const edges = document.getElementById('edges');
const treeBox = document.getElementById('tree');
const drawnNodes = new Map();
const drawnEdges = new Map();
const SVG = 'http://www.w3.org/2000/svg';
const template = document.createElement('template');
// Boxes and fans live in small groups, 64 node indices to a group, each a
// positioned element at the corner of its container: when a box changes, the
// browser places again the out-of-flow boxes of its group, not every box of the
// drawing. (That walk over 5,000 boxes was 8-14 ms of each step's layout.)
const boxGroups = new Map(), fanGroups = new Map();
function groupOf(groups, container, n) {
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
function layout() {
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
    levels = Math.max(levels, depth[n] - depth[top]);
    if (open[n] && count[n]) for (let k = showCount(n) - 1; k >= 0; k--) todo.push(first[n] + k);
  }
  windowRows = mode !== 'explore' || levels <= 4;
  const z = size();
  const half = (n) => boxWidth(n) / 2;
  for (let i = order.length - 1; i >= 0; i--) {
    const n = order[i];
    const kids = open[n] && count[n] ? showCount(n) : 0;
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
    for (let k = 0; k < kids; k++) { const c = first[n] + k; add(contours.get(c)); contours.delete(c); }
    if (kids < count[n]) add([[-z.w / 2], [z.w / 2]]);
    const centre = (offs[0] + offs[offs.length - 1]) / 2;
    for (let k = 0; k < kids; k++) rel.set(first[n] + k, offs[k] - centre);
    if (kids < count[n]) moreRel.set(n, offs[kids] - centre);
    contours.set(n, [[-half(n), ...accL.map((v) => v - centre)], [half(n), ...accR.map((v) => v - centre)]]);
  }
  const [left, right] = contours.get(top);
  const c0 = -Math.min(...left);
  const boxes = [];
  const cs = new Map([[top, c0]]);
  let deepest = 0;
  for (const n of order) {
    const c = n === top ? c0 : cs.get(parent[n]) + rel.get(n);
    cs.set(n, c);
    const y = (depth[n] - depth[top]) * z.level;
    deepest = Math.max(deepest, y);
    boxes.push({ n, x: c - half(n), cx: c, y });
    if (moreRel.has(n)) boxes.push({ more: n, x: c + moreRel.get(n) - z.w / 2, cx: c + moreRel.get(n), y: y + z.level });
  }
  const width = Math.max(...right) + c0;
  // The last row's box, whatever the distance between rows, and the
  // toggles and ids that hang below it.
  return { boxes, width, height: deepest + z.bottom + 18 };
}
