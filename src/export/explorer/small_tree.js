// ---- A small searched tree drawn whole, for the views beside the explorer
// (the move orders' trees, deepening's iterations): leaves in slots left to
// right, each inner node centred over its first and last child, one row a
// level, sized to the box it goes in (values 22 px where the leaves leave
// room, for a projector). What was never searched is grey and dashed; the
// textbook's two strokes cross the first skipped edge of a node that cut.
//   spec.tree        the addon's tree columns: root, count, first, action, max, leaf
//   spec.kids(n)     n's children, in the order the search took them
//   spec.depth       optional: how many levels below the root to draw
//   spec.seen(n)     whether the search visited n
//   spec.value(n)    a visited node's value as written (a bound as ≥ v, ≤ v)
//   spec.cut(n)      whether n's first unvisited child edge gets the strokes
//   spec.mark(n, g)  optional: { cls, svg } drawn with n (g: x, y, r)
//   spec.box         the element it is drawn into; spec.label its aria-label
//   spec.left, spec.below  room beside and under the tree for marks
//   spec.style       more CSS for the marks
function smallTree(spec) {
  const T = spec.tree, N = T.count.length;
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const pre = [], depth = new Int32Array(N), list = new Array(N);
  for (const todo = [T.root]; todo.length;) {
    const n = todo.pop();
    pre.push(n);
    list[n] = spec.depth === undefined || depth[n] < spec.depth ? spec.kids(n) : [];
    for (let k = list[n].length - 1; k >= 0; k--) { depth[list[n][k]] = depth[n] + 1; todo.push(list[n][k]); }
  }
  let leaves = 0, levels = 0;
  for (const n of pre) { if (!list[n].length) leaves++; levels = Math.max(levels, depth[n] + 1); }
  const box = spec.box;
  const avail = Math.max(300, (box ? box.clientWidth : 900) - 24);
  const w = Math.max(18, Math.min(130, avail / Math.max(1, leaves)));
  const high = Math.max(200, (box ? box.clientHeight : 500) - 24);
  const gap = Math.max(w >= 40 ? 78 : 62, Math.min(170, (high - 72) / Math.max(1, levels - 1)));
  const r = Math.max(7, Math.min(26, w * 0.42));
  const font = w >= 44 ? 22 : w >= 34 ? 17 : w >= 24 ? 12 : 10;
  const x = new Float64Array(N);
  let slot = 0;
  for (const n of pre) if (!list[n].length) x[n] = (slot++ + 0.5) * w;
  for (let i = pre.length - 1; i >= 0; i--) {
    const n = pre[i], c = list[n];
    if (c.length) x[n] = (x[c[0]] + x[c[c.length - 1]]) / 2;
  }
  const left = spec.left || 12, below = spec.below || 40;
  const y = (n) => 24 + depth[n] * gap;
  const width = Math.ceil(leaves * w), height = 24 + (levels - 1) * gap + below;
  const edges = [], nodes = [];
  const labels = w >= 34;
  for (const n of pre) {
    const c = list[n];
    let struck = false;
    for (const m of c) {
      const on = spec.seen(m);
      const y1 = y(n) + r, y2 = y(m) - r;
      edges.push(`<line x1="${x[n]}" y1="${y1}" x2="${x[m]}" y2="${y2}" class="${on ? 'e-seen' : 'e-unseen'}"/>`);
      if (labels && T.action[m]) {
        // Near the parent, so that a cut mark further down the edge stays clear of it.
        edges.push(`<text class="act" x="${x[n] + (x[m] - x[n]) * 0.3 - 4}" y="${y1 + (y2 - y1) * 0.3}" text-anchor="end">${esc(T.action[m])}</text>`);
      }
      if (!on && !struck && spec.cut(n)) {
        struck = true;
        const mx = x[n] + (x[m] - x[n]) * 0.62, my = y1 + (y2 - y1) * 0.62;
        const dx = x[m] - x[n], dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
        const px = -dy / len * 9, py = dx / len * 9, sx = dx / len * 3, sy = dy / len * 3;
        for (const s of [-1, 1]) {
          edges.push(`<line class="cut" x1="${mx + px + s * sx}" y1="${my + py + s * sy}" x2="${mx - px + s * sx}" y2="${my - py + s * sy}"/>`);
        }
      }
    }
    const on = spec.seen(n), leaf = !c.length;
    const mark = spec.mark ? spec.mark(n, { x: x[n], y: y(n), r }) : null;
    const cls = `${on ? 'seen' : 'unseen'} ${leaf ? 'leaf' : (T.max[n] === '1' ? 'max' : 'min')}${mark && mark.cls ? ' ' + mark.cls : ''}`;
    const name = T.action[n] ? ` data-action="${esc(T.action[n])}"` : '';
    let shape;
    if (leaf) {
      shape = `<rect x="${x[n] - r}" y="${y(n) - r}" width="${2 * r}" height="${2 * r}"/>`;
    } else if (T.max[n] === '1') {
      shape = `<polygon points="${x[n]},${y(n) - r} ${x[n] + r * 1.15},${y(n) + r} ${x[n] - r * 1.15},${y(n) + r}"/>`;
    } else {
      shape = `<polygon points="${x[n]},${y(n) + r} ${x[n] + r * 1.15},${y(n) - r} ${x[n] - r * 1.15},${y(n) - r}"/>`;
    }
    // An unvisited leaf still shows the value it was given, so that a class can see what was skipped.
    const text = on ? spec.value(n) : (leaf && T.leaf[n] !== null && T.leaf[n] !== undefined ? String(T.leaf[n]) : '');
    const ty = leaf ? y(n) : (T.max[n] === '1' ? y(n) + r * 0.55 : y(n) - r * 0.2);
    // An inner node's value goes beside it when the shape is too small for it.
    const beside = !leaf && text.length * font * 0.6 > r * 1.6;
    const tx = beside ? x[n] + r * 1.2 + 2 : x[n];
    nodes.push(`<g class="node ${cls}" data-id="${n}"${name}>${shape}<text x="${tx}" y="${ty}" ` +
      `text-anchor="${beside ? 'start' : 'middle'}" dominant-baseline="middle" font-size="${font}">${esc(text)}</text>${mark && mark.svg ? mark.svg : ''}</g>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width + left + 12}" height="${height}" viewBox="-${left} 0 ${width + left + 12} ${height}" role="img" ` +
    `aria-label="${esc(spec.label)}">` +
    '<style>.e-seen{stroke:#555;stroke-width:1.6}.e-unseen{stroke:#bbb;stroke-width:1.3;stroke-dasharray:4 4}' +
    `.cut{stroke:#c00;stroke-width:2.4}.act{fill:#444;font-size:${w >= 44 ? 17 : 12}px}` +
    '.node polygon,.node rect{fill:#fff;stroke-width:2}.max.seen polygon{stroke:#b34700}.min.seen polygon{stroke:#0b5cad}' +
    '.leaf.seen rect{stroke:#444;fill:#eee}.node text{fill:#111}' + (spec.style || '') +
    '.unseen polygon,.unseen rect{stroke:#bbb;fill:#f6f6f6;stroke-dasharray:3 3}.unseen text{fill:#999}</style>' +
    edges.join('') + nodes.join('') + '</svg>';
}
