// ---- A small searched tree drawn whole, for the views beside the explorer
// (the move orders' trees, deepening's iterations): one row a level, each
// inner node centred over its children, sized to the box it goes in. Text is
// 16 px or more where it can be (a class reads it from the back of the room,
// on a 1366x768 projector): the largest type from 22 px down to 16 that fits
// the box is taken; a tree that fits at none is drawn smaller, down to 12 px,
// so that it is seen whole without scrolling (a six-level iteration of
// checkers scrolled at 22 px, and a class never saw its last rows with its
// root); one that fits at none of those scrolls, at 16 px or more. Each node takes the
// width of its texts (the move above it, its value, its marks), and
// neighbouring subtrees are set apart by their outlines row by row, so no two
// nodes' texts overlap. What was never searched is grey and dashed; the
// textbook's two strokes cross the first skipped edge of a node that cut.
//   spec.tree        the addon's tree columns: root, count, first, action, max, leaf
//   spec.kids(n)     n's children, in the order the search took them
//   spec.depth       optional: how many levels below the root to draw
//   spec.seen(n)     whether the search visited n
//   spec.value(n)    a visited node's value as written (a bound as ≥ v, ≤ v)
//   spec.cut(n)      whether n's first unvisited child edge gets the strokes
//   spec.fold        optional: an unvisited node is drawn small and bare, what
//                    lies under it left out (where what was skipped is most of
//                    the tree, and would crowd out what was searched)
//   spec.note(n)     optional: what an unvisited node says in place of a
//                    value (one grey box for several skipped children), drawn
//                    at full size
//   spec.mark(n, g)  optional: { cls, svg, left, right, down } drawn with n
//                    (g: x, y, r, half the shape's width, under: the first free
//                    y below the node and its value, font, and wide(text, px,
//                    bold) a text's width), reaching left and right of x and
//                    down from under by that much
//   spec.first       optional: every node over its first child, not the
//                    middle of its children (a tree open along one line:
//                    the line goes straight down, the rest to its right)
//   spec.press(n)    optional: what pressing a node does, said (an aria-label),
//                    or nothing: a node with it can be reached with Tab and
//                    pressed with Enter, not only clicked
//   spec.box         the element it is drawn into; spec.label its aria-label
//   spec.above       optional: px of the box taken above the drawing (a note)
//   spec.left, spec.below  room beside and under the tree for marks
//   spec.style       more CSS for the marks
import { boardEsc as esc } from './board.js';
export function smallTree(spec) {
  const T = spec.tree, N = T.count.length;
  const pre = [], depth = new Int32Array(N), list = new Array(N);
  const bottom = (n) => T.count[n] === 0 || (spec.depth !== undefined && depth[n] >= spec.depth);
  for (const todo = [T.root]; todo.length;) {
    const n = todo.pop();
    pre.push(n);
    list[n] = bottom(n) || (spec.fold && !spec.seen(n)) ? [] : spec.kids(n);
    for (let k = list[n].length - 1; k >= 0; k--) { depth[list[n][k]] = depth[n] + 1; todo.push(list[n][k]); }
  }
  let levels = 0;
  for (const n of pre) levels = Math.max(levels, depth[n] + 1);
  const box = spec.box;
  // The room inside the box's padding (8 px a side in the views' CSS).
  const across = Math.max(300, (box ? box.clientWidth : 900) - 16);
  const high = Math.max(200, (box ? box.clientHeight : 500) - 16 - (spec.above || 0));
  const left = spec.left || 4, right = 4, below = spec.below || 8;
  // Text widths as the page's type sets them, so that strips are just wide enough.
  const ctx = document.createElement('canvas').getContext('2d');
  const measured = new Map();
  const wide = (s, px, bold) => {
    if (!s) return 0;
    if (!ctx) return s.length * px * 0.62;
    const key = `${bold ? '600 ' : ''}${px}px system-ui, sans-serif`;
    let w = measured.get(key + s);
    if (w === undefined) {
      ctx.font = key;
      w = ctx.measureText(s).width;
      measured.set(key + s, w);
    }
    return w;
  };
  const text = (n) => spec.seen(n) ? spec.value(n)
    : spec.note && spec.note(n) ? spec.note(n)
    // An unvisited leaf still shows the value it was given, so that a class can see what was skipped.
    : !spec.fold && bottom(n) && T.leaf[n] !== null && T.leaf[n] !== undefined ? String(T.leaf[n]) : '';
  const texts = new Array(N);
  for (const n of pre) texts[n] = text(n);

  // One layout at type size `font`, with the moves written above the nodes
  // (`moves`: 'all', 'seen' or 'none'), each inner node `over` the 'middle'
  // of its children or its 'first': where each node goes, and how wide
  // the whole is.
  function layout(font, moves, pad = Math.round(font * 0.5), over = 'middle') {
    const r = Math.round(font * 0.85), small = spec.fold ? Math.max(6, Math.round(r * 0.45)) : r;
    const act = Math.max(Math.min(16, font), font - 2);
    const x = new Float64Array(N), rad = new Float64Array(N), L = new Float64Array(N), R = new Float64Array(N);
    const half = new Float64Array(N), under = new Uint8Array(N), named = new Uint8Array(N);
    for (const n of pre) {
      const on = spec.seen(n), leaf = bottom(n), s = texts[n], tw = wide(s, font);
      rad[n] = on || !spec.fold || (spec.note && spec.note(n)) ? r : small;
      // A leaf's box widens to hold its value; an inner node's value goes
      // under it when the shape is too small for it (beside, it would make
      // the row half as wide again).
      half[n] = leaf ? Math.max(rad[n], tw / 2 + 5) : rad[n] * 1.15;
      // (The shape's width at the top of ▲'s value and the foot of ▽'s, less a margin.)
      under[n] = !leaf && tw > rad[n] * (T.max[n] === '1' ? 1.3 : 0.9) - 2 ? 1 : 0;
      L[n] = R[n] = Math.max(half[n], tw / 2 + 2);
      named[n] = T.action[n] && (moves === 'all' || (moves === 'seen' && on)) ? 1 : 0;
      if (named[n]) {
        const aw = wide(T.action[n], act) / 2;
        L[n] = Math.max(L[n], aw);
        R[n] = Math.max(R[n], aw);
      }
      const m = spec.mark ? spec.mark(n, { x: 0, y: 0, r: rad[n], half: half[n], under: 0, font, wide }) : null;
      if (m) { L[n] = Math.max(L[n], m.left || 0); R[n] = Math.max(R[n], m.right || 0); }
    }
    // Each subtree's outline, row by row (its reach left and right of its
    // root): siblings are set side by side as close as their outlines allow,
    // so that a shallow subtree's neighbour may reach in under it.
    const off = new Float64Array(N), lo = new Array(N), hi = new Array(N);
    for (let i = pre.length - 1; i >= 0; i--) {
      const n = pre[i], c = list[n];
      const l = [-L[n]], h = [R[n]];
      if (c.length) {
        const al = lo[c[0]].slice(), ah = hi[c[0]].slice(), at = [0];
        for (let k = 1; k < c.length; k++) {
          const bl = lo[c[k]], bh = hi[c[k]];
          let shift = -Infinity;
          for (let d = 0; d < Math.min(ah.length, bl.length); d++) shift = Math.max(shift, ah[d] - bl[d] + pad);
          at.push(shift);
          for (let d = 0; d < bl.length; d++) {
            if (d < al.length) { al[d] = Math.min(al[d], bl[d] + shift); ah[d] = Math.max(ah[d], bh[d] + shift); }
            else { al.push(bl[d] + shift); ah.push(bh[d] + shift); }
          }
        }
        const mid = over === 'first' ? 0 : (at[0] + at[at.length - 1]) / 2;
        c.forEach((m, k) => { off[m] = at[k] - mid; lo[m] = hi[m] = null; });
        for (let d = 0; d < al.length; d++) { l.push(al[d] - mid); h.push(ah[d] - mid); }
      }
      lo[n] = l; hi[n] = h;
    }
    let least = 0, most = 0;
    for (let d = 0; d < lo[T.root].length; d++) { least = Math.min(least, lo[T.root][d]); most = Math.max(most, hi[T.root][d]); }
    x[T.root] = pad / 2 - least;
    for (const n of pre) for (const m of list[n]) x[m] = x[n] + off[m];
    return { font, act, r, x, rad, half, under, named, width: most - least + pad, moves };
  }

  // Under each node, its value (where the shape cannot hold it) and its
  // mark's words: the node's edges leave from below them, crossing neither.
  // The rows share the box's height, as far apart as it allows.
  const rows = (G) => {
    const line = Math.round(G.font * 1.2), marks = new Array(N), foot = new Float64Array(N);
    const name = G.moves === 'none' ? 0 : G.act + 6;
    let most = 0, last = 0;
    for (const n of pre) {
      const at = G.rad[n] + (G.under[n] ? line : 0) + 2;
      marks[n] = spec.mark ? spec.mark(n, { x: G.x[n], y: 0, r: G.rad[n], half: G.half[n], under: at, font: G.font, wide }) : null;
      foot[n] = at + (marks[n] && marks[n].down || 0);
      most = Math.max(most, foot[n]);
      if (depth[n] === levels - 1) last = Math.max(last, foot[n]);
    }
    // Under the last row, only its own nodes' feet: the rows above keep
    // theirs within the gap, and room for them here pushed a six-row
    // iteration's last row out of sight.
    // (No move is written over the root.)
    const top = G.r + 8 + (G.named[T.root] ? name : 0), end = Math.max(last, below) + 4;
    const gap = Math.max(G.r + most + name + 12, Math.min(170, (high - top - end) / Math.max(1, levels - 1)));
    return { line, name, foot, marks, top, gap, height: Math.ceil(top + (levels - 1) * gap + end) };
  };
  // The largest type that fits the box, with every move named if it can be,
  // else the searched ones', else none; then the same at 14 and 12 px. A
  // tree that fits in no way scrolls: down first (and a scroll bar takes
  // from the width), sideways if need be, at 16 px or more.
  // A tree open along one line (spec.first) is read by its moves: they are
  // kept at the cost of a smaller type, or of scrolling down.
  let G = null, V = null;
  const tries = [];
  const LARGE = [22, 20, 18, 16], SMALL = [14, 12];
  for (const moves of ['all', 'seen', 'none']) tries.push([false, moves, LARGE]);
  for (const moves of ['all', 'seen', 'none']) tries.push([false, moves, SMALL]);
  for (const moves of ['all', 'seen', 'none']) tries.push([true, moves, LARGE]);
  // (A stable sort: the moves named first, then as above.)
  if (spec.first) tries.sort((a, b) => Number(a[1] !== 'all') - Number(b[1] !== 'all'));
  search: for (const [tall, moves, fonts] of tries) {
    const room = across - left - right - (tall ? 16 : 0);
    for (const font of fonts) {
      // Nodes 4 px apart still read apart: tried before scrolling, not
      // before a smaller type (which also leaves the rows more room).
      for (const pad of font > 16 ? [Math.round(font * 0.5)] : [8, 4]) {
        const t = layout(font, moves, pad, spec.first ? 'first' : 'middle');
        if (t.width > room) continue;
        const v = rows(t);
        if (tall || v.height <= high) { G = t; V = v; break search; }
      }
    }
  }
  // Scrolled, a tree centred over its children would open far from its
  // root: each node goes over its first child instead, so that the root and
  // the line searched first stand at the left, where the box opens.
  if (!G) { G = layout(16, 'none', undefined, 'first'); V = rows(G); }
  // A small tree at the largest type spreads out over the room it has, as a
  // drawing on the board would.
  if (G.font === 22) {
    for (const pad of [96, 64, 40, 24]) {
      const t = layout(22, G.moves, pad, spec.first ? 'first' : 'middle');
      if (t.width <= across - left - right - (V.height > high ? 16 : 0)) { G = t; break; }
    }
  }
  const { font, act, x, rad, half, under, named } = G;
  const { line, name, foot, marks, top, gap, height } = V;
  const y = (n) => top + depth[n] * gap;
  const edges = [], nodes = [];
  for (const n of pre) {
    const c = list[n];
    let struck = false;
    // Over its first child, a node's edges to the others would run low across
    // its neighbours' values and words: they go down to a line just over the
    // children's moves, along it, and down to each.
    const topOf = (m) => y(m) - rad[m] - (named[m] ? name : 0);
    const bus = c.length ? Math.min(...c.map(topOf)) - 6 : 0;
    const elbow = [];
    c.forEach((m, k) => {
      const on = spec.seen(m);
      const y1 = y(n) + foot[n], y2 = topOf(m);
      const cls = on ? 'e-seen' : 'e-unseen';
      if (spec.first) elbow.push(`<polyline points="${x[n]},${y1} ${x[n]},${bus} ${x[m]},${bus} ${x[m]},${y2}" class="${cls}"/>`);
      else edges.push(`<line x1="${x[n]}" y1="${y1}" x2="${x[m]}" y2="${y2}" class="${cls}"/>`);
      if (!on && !struck && spec.cut(n)) {
        struck = true;
        if (spec.first) {
          // Across the line along, just before the first skipped child.
          const mx = x[m] - Math.min(14, (x[m] - x[c[k - 1]]) / 2);
          for (const s of [-3, 3]) edges.push(`<line class="cut" x1="${mx + s - 4}" y1="${bus + 9}" x2="${mx + s + 4}" y2="${bus - 9}"/>`);
          return;
        }
        const mx = x[n] + (x[m] - x[n]) * 0.5, my = y1 + (y2 - y1) * 0.5;
        const dx = x[m] - x[n], dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
        const px = -dy / len * 9, py = dx / len * 9, sx = dx / len * 3, sy = dy / len * 3;
        for (const s of [-1, 1]) {
          edges.push(`<line class="cut" x1="${mx + px + s * sx}" y1="${my + py + s * sy}" x2="${mx - px + s * sx}" y2="${my - py + s * sy}"/>`);
        }
      }
    });
    // Unsearched edges first, under the searched ones they share a line with.
    edges.unshift(...elbow.filter((e) => e.includes('e-unseen')));
    edges.push(...elbow.filter((e) => !e.includes('e-unseen')));
    const on = spec.seen(n), leaf = bottom(n), r = rad[n], yn = y(n);
    // Asked again where the node now stands.
    const mark = marks[n] ? spec.mark(n, { x: x[n], y: yn, r, half: half[n], under: yn + rad[n] + (under[n] ? line : 0) + 2, font, wide }) : null;
    const cls = `${on ? 'seen' : 'unseen'} ${leaf ? 'leaf' : (T.max[n] === '1' ? 'max' : 'min')}${mark && mark.cls ? ' ' + mark.cls : ''}`;
    const action = T.action[n] ? ` data-action="${esc(T.action[n])}"` : '';
    let shape;
    if (leaf) {
      shape = `<rect x="${x[n] - half[n]}" y="${yn - r}" width="${2 * half[n]}" height="${2 * r}"/>`;
    } else if (T.max[n] === '1') {
      shape = `<polygon points="${x[n]},${yn - r} ${x[n] + r * 1.15},${yn + r} ${x[n] - r * 1.15},${yn + r}"/>`;
    } else {
      shape = `<polygon points="${x[n]},${yn + r} ${x[n] + r * 1.15},${yn - r} ${x[n] - r * 1.15},${yn - r}"/>`;
    }
    // The move into a node is written just above it, where its edge ends: no other edge comes there.
    const move = named[n] ? `<text class="act" x="${x[n]}" y="${yn - r - 5}" text-anchor="middle" font-size="${act}">${esc(T.action[n])}</text>` : '';
    const s = texts[n];
    const ty = leaf ? yn : under[n] ? yn + r + 2 + line / 2 : (T.max[n] === '1' ? yn + r * 0.55 : yn - r * 0.2);
    const value = s ? `<text x="${x[n]}" y="${ty}" text-anchor="middle" dominant-baseline="middle" font-size="${font}">${esc(s)}</text>` : '';
    const said = spec.press && spec.press(n);
    const press = said ? ` tabindex="0" role="button" aria-label="${esc(said)}"` : '';
    nodes.push(`<g class="node ${cls}" data-id="${n}"${action}${press}>${shape}${move}${value}${mark && mark.svg ? mark.svg : ''}</g>`);
  }
  const width = Math.ceil(G.width) + left + right;
  // A block, so that no line's descent under it makes the box scroll; centred while it is narrower than the box.
  // A picture, unless its nodes can be pressed: then a group of buttons.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="-${left} 0 ${width} ${height}" role="${spec.press ? 'group' : 'img'}" ` +
    'style="display:block;margin:0 auto" ' +
    `aria-label="${esc(spec.label)}" data-font="${font}" data-moves="${G.moves}">` +
    '<style>polyline{fill:none}.e-seen{stroke:#555;stroke-width:1.6}.e-unseen{stroke:#bbb;stroke-width:1.3;stroke-dasharray:4 4}' +
    '.cut{stroke:#c00;stroke-width:2.4}.act{fill:#444}' +
        '.node polygon,.node rect{fill:#fff;stroke-width:2}.max.seen polygon{stroke:#b34700}.min.seen polygon{stroke:#0b5cad}' +
    '.leaf.seen rect{stroke:#444;fill:#eee}.node text{fill:#111}' + (spec.style || '') +
    '.unseen polygon,.unseen rect{stroke:#bbb;fill:#f6f6f6;stroke-dasharray:3 3}.unseen text{fill:#767676}</style>' +
    edges.join('') + nodes.join('') + '</svg>';
}
