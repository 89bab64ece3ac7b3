// ---- Edges.
// Whether `n` is the first child a cut-off skipped, as the page shows it now.
import { tree, ui } from './state.js';
import { actionName, decisionNode, isLeaf, line } from './data.js';
import { engineCut, skippedKids } from './words.js';
import { E, step } from './trace.js';
import { boxWidth, cutAbove, cuts } from './view.js';
import { AWAY, SVG, drawnEdges, edges, fanGroups, groupOf, keepOnly } from './layout.js';
function firstSkipped(n) {
  const p = tree.parent[n];
  if (p < 0) return false;
  const kids = ui.mode === 'step' ? step.state.cutShort.get(p) : engineCut(p) ? skippedKids(p) : null;
  return !!kids && kids[0] === n;
}
// An edge's classes, and the mark a check put on it.
export function edgeClass(n, pruned, path, dec) {
  const cls = [];
  if (ui.mode === 'explore' && line.has(n)) cls.push('line');
  if (ui.mode !== 'practice' && pruned) cls.push('pruned');
  if (ui.mode !== 'practice' && firstSkipped(n)) cls.push('cutmark');
  if (path.has(n) || n === dec) cls.push('path');
  let mark = '';
  if (ui.mode === 'practice') {
    if (cuts.has(n)) cls.push('cut');
    if (cutAbove(tree.parent[n])) cls.push('cut-out');
    const m = ui.marks && ui.marks.get(n);
    if (m && m.cut) { cls.push('c-' + m.cut); mark = m.cut === 'right' ? ' ✓' : ' ✗'; }
  }
  return { cls: cls.join(' '), mark };
}
// Each edge: the line, a wide invisible one to click (practice: cut here), and
// the action written beside it. A node's edges to its children are a fan: a
// small SVG of their own, placed under the node by a translation. A subtree
// that moves keeps its fans' shapes, so only their translations change, and
// the browser lays out a fan alone, never every edge of the tree at once.
const drawnFans = new Map();
export function drawEdges(pos, path, z) {
  const keep = new Set(), keepFans = new Set();
  const dec = ui.mode === 'step' && step.at === E && E ? decisionNode() : -1;
  for (const [n, b] of pos) {
    if (n === 0) continue;
    const p = pos.get(tree.parent[n]);
    if (!p) continue;
    keep.add(n);
    const fan = fanOf(tree.parent[n], p, z);
    keepFans.add(tree.parent[n]);
    const { cls: c, mark } = edgeClass(n, b.pruned, path, dec);
    const x2 = b.cx - p.cx, y2 = b.y - p.y - z.bottom - z.stem;
    const inBox = ui.compact && ui.leafActInBox && isLeaf(n);
    // The textbook marks a cut-off on the first edge it skips: so does the
    // page (never in practice, where that is the question).
    // (In practice the student's ✂ stands on the line, with the check's mark.)
    const cutHere = ui.mode !== 'practice' && firstSkipped(n);
    const label = (cutHere ? '✂ ' : '') + (inBox ? '' : actionName(n));
    const onLine = ui.mode === 'practice' ? (cuts.has(n) ? '✂' : '') + mark.trim() : '';
    let g = drawnEdges.get(n);
    if (!g) {
      // Built once from elements: parsing markup into SVG costs far more than setting attributes.
      g = document.createElementNS(SVG, 'g');
      g.dataset.edge = n;
      const hit = document.createElementNS(SVG, 'line');
      hit.setAttribute('class', 'hit');
      const text = document.createElementNS(SVG, 'text');
      hit.dataset.cut = text.dataset.cut = n;
      g.append(document.createElementNS(SVG, 'line'), hit, text);
      g._text = text;
      drawnEdges.set(n, g);
    }
    // (A fan hidden for long enough leaves the page, and its edges come back to a new one.)
    if (g.parentNode !== fan) fan.appendChild(g);
    if (g._alone) { g.style.display = ''; g._alone = false; }
    if (g._cls !== c) { g.setAttribute('class', c); g._cls = c; }
    const shape = `${x2},${y2}`;
    if (g._shape !== shape) {
      g._shape = shape;
      for (const l of [g.children[0], g.children[1]]) { l.setAttribute('x1', 0); l.setAttribute('y1', 0); l.setAttribute('x2', x2); l.setAttribute('y2', y2); }
      // The label stands low on the edge, where siblings' edges have spread apart.
      // (Compact edges are short: lower still, clear of the middle of the
      // edge, where a click cuts it in practice, and of the parent's box.)
      // Never on the line (a halo hides a line under a glyph's strokes, not
      // across its gaps): a slanting edge's label above it on its outer
      // side, where the line has gone the other way; a straight one's on the
      // line, centred between its siblings', over a white ground.
      const at = ui.compact ? 0.78 : 0.72;
      // (An edge into a box that leans less than half the box's width counts
      // as straight: beside it, on its outer side, its label reached into its
      // sibling's edge. Narrow leaves' edges lean further than that.)
      const t = g._text, left = x2 < -1;
      g._straight = Math.abs(x2) < boxWidth(n) / 2;
      t.setAttribute('x', x2 * at);
      t.setAttribute('y', y2 * at);
      t.setAttribute('dx', g._straight ? '0' : left ? '-0.25em' : '0.25em');
      t.setAttribute('dy', g._straight ? '0' : '-0.45em');
      t.style.textAnchor = g._straight ? 'middle' : left ? 'end' : 'start';
      g._label = null;
    }
    // A check's mark stands on the edge's line, high up, where the fan's
    // edges are still close together and no label is: after the label it
    // ran into the next label (c3's ✓ into d1). Apart from the label, too,
    // so that print can leave it out.
    if (g._mark !== onLine + shape) {
      let m = g.querySelector('text.emark');
      if (onLine && !m) { m = document.createElementNS(SVG, 'text'); m.setAttribute('class', 'emark'); g.appendChild(m); }
      if (m && !onLine) m.remove();
      else if (m) {
        // (Growing outwards from its line, away from its siblings' marks.)
        m.textContent = onLine;
        m.setAttribute('x', x2 * 0.3); m.setAttribute('y', y2 * 0.3);
        m.style.textAnchor = g._straight ? 'middle' : x2 < 0 ? 'end' : 'start';
      }
      g._mark = onLine + shape;
    }
    if (g._label !== label) {
      g._text.textContent = label;
      g._label = label;
      let ground = g.querySelector('rect.ground');
      if (g._straight && label) {
        if (!ground) { ground = document.createElementNS(SVG, 'rect'); ground.setAttribute('class', 'ground'); g.insertBefore(ground, g._text); }
        const r = g._text.getBBox();
        ground.setAttribute('x', r.x - 2); ground.setAttribute('y', r.y); ground.setAttribute('width', r.width + 4); ground.setAttribute('height', r.height);
      } else if (ground) ground.remove();
    }
  }
  keepOnly(drawnEdges, keep, () => {});
  keepOnly(drawnFans, keepFans, hideFan);
  // An edge out of the drawing goes with its fan, unless the fan stays (its
  // node shows fewer children now): then it hides alone.
  for (const [n, g] of drawnEdges) {
    const alone = g._gone && keepFans.has(tree.parent[n]);
    if (alone !== !!g._alone) { g.style.display = alone ? 'none' : ''; g._alone = alone; }
  }
}
// The fan of node `n`'s edges, placed under its box `p`.
function fanOf(n, p, z) {
  let fan = drawnFans.get(n);
  if (!fan) {
    fan = document.createElementNS(SVG, 'svg');
    fan.setAttribute('class', 'fan');
    fan.setAttribute('width', 1);
    fan.setAttribute('height', 1);
    groupOf(fanGroups, edges, n).appendChild(fan);
    drawnFans.set(n, fan);
  }
  // (The stem joins the box to where its edges fan out.)
  if (fan._stem !== z.stem) {
    let stem = fan.querySelector('line.stem');
    if (!stem) { stem = document.createElementNS(SVG, 'line'); stem.setAttribute('class', 'stem'); stem.setAttribute('x1', 0); stem.setAttribute('x2', 0); stem.setAttribute('y2', 0); fan.prepend(stem); }
    stem.setAttribute('y1', -z.stem);
    fan._stem = z.stem;
  }
  const at = `translate(${p.cx}px,${p.y + z.bottom + z.stem}px)`;
  if (fan._at !== at) { fan.style.transform = at; fan._at = at; }
  return fan;
}
// A fan out of the drawing waits out of sight, as a box does (hideBox).
function hideFan(fan) { fan._at = fan.style.transform = AWAY; }
