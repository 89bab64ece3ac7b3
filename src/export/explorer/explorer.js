// The tree explorer: draws the tree embedded in this page, a node at a time as
// they are expanded, replays the engine's search events step by step, and lets a
// student practise. Everything it knows comes from the data the engine wrote
// into the page; it computes no values of its own.
'use strict';
(function () {
  const H = JSON.parse(document.getElementById('tree-header').textContent);
  const S = H.summary;
  const N = H.embedded;
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
  const count = column(Uint16Array, view.getUint16, 2, N);
  const action = column(Uint16Array, view.getUint16, 2, N);
  const flags = column(Uint8Array, view.getUint8, 1, N);
  const cost = column(Int32Array, view.getInt32, 4, N);
  const value = new Int32Array(N);
  const inner = [];
  for (let i = 0; i < N; i++) if (!(flags[i] & LEAF)) inner.push(i);
  for (let k = 0; k < inner.length; k++) value[inner[k]] = view.getInt32(at + 4 * k, true);
  at += 4 * inner.length;
  for (let i = 0; i < N; i++) if (flags[i] & LEAF) value[i] = cost[i];
  const windowed = H.windows;
  // Window ends are numbers, with the infinities as JavaScript's own: a real
  // cost of ±2147483647 stays a number.
  const alpha = new Float64Array(N), beta = new Float64Array(N);
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
  const first = new Int32Array(N), parent = new Int32Array(N), depth = new Uint8Array(N);
  const hidden = new Map(H.hidden.map(([i, h]) => [i, h]));
  const realId = hidden.size ? new Float64Array(N) : null;
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

  // ---- Boards. Each square has its grid line; the points the last action
  // changed (its parent's board against its own) are ringed.
  const P = H.picture;
  function cells(n) {
    const out = H.root_cells.split('');
    const base = boardAt + n * boardBytes;
    H.varying.forEach((p, k) => {
      let code = 0;
      for (let b = 0; b < H.bits; b++) {
        const bit = k * H.bits + b;
        if (bytes[base + (bit >> 3)] >> (bit & 7) & 1) code |= 1 << b;
      }
      out[p] = H.symbols[code];
    });
    return out;
  }
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
  const unitOf = new Map(P.units.map((u) => [u.symbol, u]));
  const boardCache = new Map();
  function boardSvg(n, px) {
    const key = px + ':' + n;
    if (boardCache.has(key)) return boardCache.get(key);
    const c = cells(n);
    const before = n > 0 ? cells(parent[n]) : null;
    const h = Math.round(px * P.height / P.width);
    // Coordinates grow on small boards so that they stay legible.
    const cell = px / P.width;
    const coord = Math.min(0.6, Math.max(0.45, 9 / cell));
    let s = `<svg class="board" width="${px}" height="${h}" viewBox="0 0 ${P.width} ${P.height}" role="img" aria-label="board">`;
    for (const [x, y, dark] of P.squares) s += `<rect class="${P.lines.length ? 'plain' : dark ? 'dark' : 'light'}" x="${x}" y="${y}" width="1" height="1"/>`;
    for (const [a, b] of P.lines) s += `<line class="link" x1="${P.points[a][0]}" y1="${P.points[a][1]}" x2="${P.points[b][0]}" y2="${P.points[b][1]}"/>`;
    if (P.lines.length) for (const [x, y] of P.points) s += `<circle class="spot" cx="${x}" cy="${y}" r="0.12"/>`;
    for (const [x, y, t] of P.labels) s += `<text class="coord" x="${x}" y="${y}" style="font-size:${coord.toFixed(2)}px">${esc(t)}</text>`;
    P.points.forEach(([x, y], i) => {
      if (before && before[i] !== c[i]) s += `<rect class="moved" x="${x - 0.47}" y="${y - 0.47}" width="0.94" height="0.94" rx="0.12"/>`;
      const u = unitOf.get(c[i]);
      if (!u) return;
      s += `<circle cx="${x}" cy="${y}" r="0.38" fill="${u.fill}" stroke="${u.stroke}" stroke-width="0.06"><title>${esc(u.name)}</title></circle>`;
      if (u.mark) s += `<text class="mark" x="${x}" y="${y}" fill="${u.fill === '#222' ? '#fff' : u.stroke}">${esc(u.mark)}</text>`;
    });
    s += '</svg>';
    if (boardCache.size > 4000) boardCache.clear();
    boardCache.set(key, s);
    return s;
  }

  // ---- Numbers and bounds.
  const num = (v) => (v === -Infinity ? '−∞' : v === Infinity ? '+∞' : String(v).replace('-', '−'));
  // A value alpha-beta only bounded is written as the bound it is.
  const boundSign = (n) => (flags[n] & LOWER ? '≥ ' : flags[n] & UPPER ? '≤ ' : '');
  const valueText = (n, v) => boundSign(n) + num(v);
  const role = (n) => (isMax(n) ? '▲ MAX' : '▼ MIN');
  const tag = (n) => `#${idOf(n)}`;
  function pathTo(n) { const p = []; for (; n > 0; n = parent[n]) p.push(n); return p.reverse(); }
  function cutText(kind, v, a, b) {
    return kind === 'beta' ? `β cut-off: ${num(v)} ≥ β = ${num(b)}` : `α cut-off: ${num(v)} ≤ α = ${num(a)}`;
  }
  function engineCut(n) {
    if (!(flags[n] & (CUT_BETA | CUT_ALPHA)) || count[n] === 0) return null;
    const kind = flags[n] & CUT_BETA ? 'beta' : 'alpha';
    let lo = -1;
    for (let k = 0; k < count[n]; k++) if (enginePruned(first[n] + k)) { lo = first[n] + k; break; }
    return `${cutText(kind, value[n], alpha[n], beta[n])}; children ${idOf(lo)}-${idOf(first[n] + count[n] - 1)} skipped`;
  }
  // The engine's pruned nodes whose parent it searched: the edges a student cuts.
  const topPruned = (n) => n > 0 && enginePruned(n) && !enginePruned(parent[n]);
  // The questions a worksheet on the subtree under each node asks: a value for
  // each inner node the engine searched, and under alpha-beta a cut for each
  // edge it never followed. A child's index is greater than its parent's.
  const questions = new Int32Array(N);
  for (let n = N - 1; n >= 0; n--) {
    if (!isLeaf(n) && !enginePruned(n)) questions[n]++;
    if (n > 0) questions[parent[n]] += windowed && topPruned(n) ? 1 : enginePruned(n) ? 0 : questions[n];
  }
  // A worksheet asks at most this many: more is a chore, not an exercise. A
  // bigger tree is practised a subtree at a time, starting with the one down
  // its first children, which the search always enters (so the choice says
  // nothing about the answer).
  const QUESTIONS = 40;
  let practiceTop = 0;
  while (questions[practiceTop] > QUESTIONS && count[practiceTop]) practiceTop = first[practiceTop];
  const drawnTop = () => (mode === 'practice' ? practiceTop : 0);
  function subtree(top) {
    const out = [];
    for (const todo = [top]; todo.length;) { const n = todo.pop(); out.push(n); for (let k = count[n] - 1; k >= 0; k--) todo.push(first[n] + k); }
    return out;
  }

  // ---- Events (the engine's trace), replayed for step-through. Forward steps
  // apply one event each; going back replays from the start.
  const evText = document.getElementById('tree-events').textContent.trim();
  document.getElementById('tree-events').textContent = '';
  const events = evText ? new Int32Array(decode(evText).buffer) : new Int32Array(0);
  const E = events.length / 5;
  const returnAt = new Int32Array(N).fill(-1);
  const cutSteps = [];
  for (let e = 0; e < E; e++) {
    const t = events[5 * e];
    if (t === 2) { const n = indexOf(events[5 * e + 1]); if (n >= 0) returnAt[n] = e; }
    if (t === 4) cutSteps.push(e + 1);
  }
  const step = { at: 0, timer: null, state: null };
  function fresh() {
    return { at: 0, val: new Map(), win: new Map(), entry: new Map(), best: new Map(), cut: new Map(), skipped: new Set(), current: -1, last: '', lastKind: -1 };
  }
  function apply(st, e) {
    const t = events[5 * e], id = events[5 * e + 1], c = events[5 * e + 4];
    let a = events[5 * e + 2], b = events[5 * e + 3];
    // Enter and window events carry their window's infinite ends in the last word.
    if (t === 0 || t === 3) { a = windowEnd(a, c); b = windowEnd(b, c >> 2); }
    const n = indexOf(id);
    st.lastKind = t;
    if (t === 0) {
      st.current = n;
      if (c & 16) { st.win.set(n, [a, b]); st.entry.set(n, [a, b]); }
      st.last = `enter ${tag(n)}` + (c & 16 ? ` with [α, β] = [${num(a)}, ${num(b)}]` : '');
    } else if (t === 1) {
      st.val.set(n, a);
      st.last = `${tag(n)} is a leaf: its value is its cost, ${num(a)}`;
    } else if (t === 2) {
      st.val.set(n, a);
      const p = parent[n];
      st.current = p >= 0 ? p : n;
      // The parent's choice so far: the greatest (MAX) or least (MIN) value returned to it.
      if (p >= 0) { const was = st.best.get(p); if (was === undefined || (isMax(p) ? a > was : a < was)) st.best.set(p, a); }
      st.last = n === 0 ? `the root's value is ${valueText(n, a)}` : `${tag(n)} returns ${valueText(n, a)} to ${tag(p)}`;
    } else if (t === 3) {
      const was = st.win.get(n) || [a, b];
      st.win.set(n, [a, b]);
      st.last = a !== was[0] ? `${tag(n)} raises α to ${num(a)}: window [${num(a)}, ${num(b)}]`
        : b !== was[1] ? `${tag(n)} lowers β to ${num(b)}: window [${num(a)}, ${num(b)}]` : `${tag(n)}: window [${num(a)}, ${num(b)}]`;
    } else if (t === 4) {
      const w = st.win.get(n) || [0, 0];
      const text = `${cutText(c ? 'alpha' : 'beta', st.best.get(n) ?? 0, w[0], w[1])}; children ${a}-${b} skipped`;
      st.cut.set(n, text);
      for (let id2 = a; id2 <= b; id2++) { const m = indexOf(id2); if (m >= 0) st.skipped.add(m); }
      st.last = `${tag(n)}: ${text}`;
    }
    st.at = e + 1;
  }
  function skippedSoFar(st, n) { for (; n >= 0; n = parent[n]) if (st.skipped.has(n)) return true; return false; }

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
  const SMALL = { w: 68, gap: 8, level: 92, bottom: 62, board: 0 };
  // While printing, the levels stand as far apart as fills the page's height.
  let printLevel = 0;
  const size = () => { const z = compact ? SMALL : FULL; return printLevel ? { ...z, level: printLevel } : z; };

  // ---- Drawing the tree. Every interaction computes the layout and each drawn
  // node's few strings of state, and touches the document only where they changed.
  const canvas = document.getElementById('canvas');
  const edges = document.getElementById('edges');
  const treeBox = document.getElementById('tree');
  const drawnNodes = new Map();
  const drawnEdges = new Map();
  const SVG = 'http://www.w3.org/2000/svg';
  const template = document.createElement('template');
  // A tidy tree: each subtree is drawn apart, then pushed against its left
  // sibling level by level, so that a narrow subtree tucks under a wide
  // neighbour's empty levels instead of taking a column of its own. A parent
  // sits centred over its first and last child; no edges cross.
  function layout() {
    const z = size();
    const W = z.w + z.gap;
    const top = drawnTop();
    const rel = new Map();
    const moreRel = new Map();
    // The left and right edges of `n`'s subtree at each level below it,
    // relative to `n`. Iterative, so that a deep line cannot overflow the stack.
    const contours = new Map();
    const order = [];
    for (const todo = [top]; todo.length;) {
      const n = todo.pop();
      order.push(n);
      if (open[n] && count[n]) for (let k = 0; k < showCount(n); k++) todo.push(first[n] + k);
    }
    for (let i = order.length - 1; i >= 0; i--) {
      const n = order[i];
      const kids = open[n] && count[n] ? showCount(n) : 0;
      if (!kids) { contours.set(n, [[0], [0]]); continue; }
      let accL = null, accR = null;
      const offs = [];
      const add = (ct) => {
        if (!accR) { offs.push(0); accL = ct[0].slice(); accR = ct[1].slice(); return; }
        let shift = -Infinity;
        for (let d = 0; d < Math.min(accR.length, ct[1].length); d++) shift = Math.max(shift, accR[d] + W - ct[0][d]);
        offs.push(shift);
        for (let d = 0; d < ct[1].length; d++) {
          if (d < accR.length) accR[d] = ct[1][d] + shift;
          else { accL.push(ct[0][d] + shift); accR.push(ct[1][d] + shift); }
        }
      };
      for (let k = 0; k < kids; k++) { const c = first[n] + k; add(contours.get(c)); contours.delete(c); }
      if (kids < count[n]) add([[0], [0]]);
      const centre = (offs[0] + offs[offs.length - 1]) / 2;
      for (let k = 0; k < kids; k++) rel.set(first[n] + k, offs[k] - centre);
      if (kids < count[n]) moreRel.set(n, offs[kids] - centre);
      contours.set(n, [[0, ...accL.map((v) => v - centre)], [0, ...accR.map((v) => v - centre)]]);
    }
    const [left, right] = contours.get(top);
    const x0 = -Math.min(...left);
    const boxes = [];
    const xs = new Map([[top, x0]]);
    let deepest = 0;
    for (const n of order) {
      const x = n === top ? x0 : xs.get(parent[n]) + rel.get(n);
      xs.set(n, x);
      const y = (depth[n] - depth[top]) * z.level;
      deepest = Math.max(deepest, y);
      boxes.push({ n, x, y });
      if (moreRel.has(n)) boxes.push({ more: n, x: x + moreRel.get(n), y: y + z.level });
    }
    const width = Math.max(...right) + x0 + W;
    // The last row's box, whatever the distance between rows.
    // (Room below it for a stepped box that grows by its window.)
    return { boxes, width, height: deepest + (compact ? SMALL : FULL).level - (compact ? 0 : 10) };
  }
  function nodeState(n) {
    if (mode === 'step') {
      const st = step.state;
      const w = st.win.get(n);
      const done = st.val.has(n);
      return {
        value: done ? valueText(n, st.val.get(n)) : '?',
        running: !done && st.best.has(n) ? `best so far ${num(st.best.get(n))}` : '',
        pruned: skippedSoFar(st, n),
        window: w && !done ? `now [${num(w[0])}, ${num(w[1])}]` : w ? `[${num(w[0])}, ${num(w[1])}]` : '',
        cut: st.cut.get(n) || '',
        current: st.current === n,
      };
    }
    const pruned = enginePruned(n);
    return {
      value: pruned ? 'pruned' : valueText(n, value[n]),
      running: '',
      pruned,
      window: windowed && !pruned ? `[${num(alpha[n])}, ${num(beta[n])}]` : '',
      cut: engineCut(n) || '',
      current: false,
    };
  }
  // The path from the root to the node being stepped through.
  function stepPath() {
    const s = new Set();
    if (mode === 'step' && step.state.current >= 0) for (let n = step.state.current; n >= 0; n = parent[n]) s.add(n);
    return s;
  }
  const decisionNode = () => (count[0] && bestChild(0) >= 0 ? bestChild(0) : -1);
  function nodeClass(n, s, path) {
    const cls = ['node'];
    if (compact) cls.push('compact');
    if (isLeaf(n)) cls.push('leaf');
    if (line.has(n) && mode === 'explore') cls.push('line');
    if (s.pruned && mode !== 'practice') cls.push('pruned');
    if (n === selected) cls.push('selected');
    if (s.current) cls.push('current');
    if (path.has(n)) cls.push('path');
    if (mode === 'step' && step.at === E && E && n === decisionNode()) cls.push('decision');
    if (mode === 'practice') {
      if (cutAbove(n)) cls.push('cut-out');
      const m = marks && marks.get(n);
      const v = m ? [m.value, m.cut].filter(Boolean) : [];
      if (v.includes('wrong') || v.includes('missed')) cls.push('wrong');
      else if (v.length && v.every((x) => x === 'right')) cls.push('right');
    }
    return cls.join(' ');
  }
  function nodeBody(n, s) {
    // Compact: the action has a line of its own, as on the edge above it.
    const act = `<span class="act">${esc(actionName(n))}</span>`;
    let body = `<div class="head"><span class="role ${isMax(n) ? 'max' : 'min'}" title="${role(n)}">${compact ? role(n)[0] : role(n)}</span> <span class="id">${tag(n)}</span>${compact ? `</div><div class="head">${act}` : ' ' + act}</div>`;
    if (mode === 'practice') body += practiceHtml(n);
    else {
      if (compact) {
        // A compact box keeps its three lines: an open node's running value
        // stands in its value's place, and only the current node adds its window.
        // (The best so far bounds the node's value: from below at MAX, from above at MIN.)
        body += s.running ? `<div class="running" title="${esc(s.running)}">${isMax(n) ? '≥' : '≤'} ${esc(s.running.replace('best so far ', ''))}</div>`
          : `<div class="value">${esc(s.value)}</div>`;
        if (s.current && s.window) body += `<div class="window" title="α, β ${esc(s.window)}">${esc(s.window.replace('now ', ''))}</div>`;
      } else {
        body += `<div class="value">${s.value === 'pruned' ? 'pruned' : 'value ' + esc(s.value)}</div>` +
          (s.running ? `<div class="running">${esc(s.running)}</div>` : '') +
          (s.window ? `<div class="window">α, β ${esc(s.window)}</div>` : '');
      }
      if (s.cut && !compact) body += `<div class="cut">${esc(s.cut)}</div>`;
      else if (s.cut) body += `<div class="cut" title="${esc(s.cut)}">✂ ${esc((s.cut.split('; ')[1] || '').replace(/children | skipped/g, ''))}</div>`;
    }
    if (count[n]) body += `<button class="toggle" data-toggle="${n}" title="${open[n] ? 'Collapse' : 'Expand'} (Enter)">${open[n] ? '−' : '+'}</button>`;
    else if (hidden.get(n)) body += `<div class="cut">+${hidden.get(n)} nodes not in this page</div>`;
    return body;
  }
  function practiceHtml(n) {
    const a = answers.get(n);
    const m = marks && marks.get(n);
    if (isLeaf(n)) return `<div class="value">${compact ? '' : 'value '}${esc(num(value[n]))}</div>`;
    if (cutAbove(n)) return '<div class="value">cut off</div>';
    const mark = m && m.value ? `<span class="vmark ${m.value}">${m.value === 'right' ? '✓' : m.value === 'wrong' ? '✗' : '?'}</span>` : '';
    return `<input class="guess${m && m.value ? ' ' + m.value : ''}" data-guess="${n}" value="${esc(a ?? '')}" placeholder="value?" aria-label="value of node ${idOf(n)}">${mark}`;
  }
  // A node's board, in a box of its own size whose contents the browser skips
  // (style, layout and paint) while it is off screen: a board is a hundred
  // elements, and thousands of them would otherwise be laid out on each click.
  function nodeBoard(n, px) {
    return `<div class="bd" style="width:${px}px;height:${Math.round(px * P.height / P.width) + 4}px">${boardSvg(n, px)}</div>`;
  }
  function setNode(el, cls, body, x, y) {
    if (el._cls !== cls) { el.className = cls; el._cls = cls; }
    if (el._body !== body) {
      // The board stays: it never changes, and it is most of the box.
      const board = size().board ? el.querySelector('.bd') : null;
      el.innerHTML = body;
      if (board) el.querySelector('.head').after(board);
      el._body = body;
    }
    if (x === undefined) return;
    const pos = `${x},${y}`;
    // A translation moves a box without laying it out again.
    if (el._pos !== pos) { el.style.transform = `translate(${x}px,${y}px)`; el._pos = pos; }
  }
  // Elements of `drawn` not in `keep` leave the page but are kept, so that
  // opening them again costs no parsing; past a few thousand kept ones they go
  // for good. Those kept that come back return to `parent`, or to their own
  // `_home` (an edge, to its parent's fan).
  function keepOnly(drawn, keep, parent) {
    const forget = drawn.size - keep.size > 4000;
    const back = document.createDocumentFragment();
    for (const [n, el] of drawn) {
      if (keep.has(n)) { if (el._gone) { (el._home || back).appendChild(el); el._gone = false; } continue; }
      if (!el._gone) { el.remove(); el._gone = true; }
      if (forget) drawn.delete(n);
    }
    parent.appendChild(back);
  }
  // The step and path the drawing shows (-1: not a step's drawing).
  let shownStep = -1, shownPath = new Set();
  function render() {
    const z = size();
    const { boxes, width, height } = layout();
    const path = stepPath();
    shownStep = mode === 'step' ? step.at : -1;
    shownPath = path;
    const keep = new Set();
    const pos = new Map();
    const born = [];
    const moreAt = [];
    for (const b of boxes) {
      if (b.more !== undefined) { moreAt.push(b); continue; }
      const n = b.n;
      pos.set(n, b);
      keep.add(n);
      const s = nodeState(n);
      b.pruned = s.pruned;
      const el = drawnNodes.get(n);
      const cls = nodeClass(n, s, path), body = nodeBody(n, s);
      if (!el) { born.push([n, cls, body, b.x, b.y]); continue; }
      setNode(el, cls, body, b.x, b.y);
      // The board sits between the head and the rest, and never changes.
      if (z.board && !el.querySelector('svg.board')) el.querySelector('.head').insertAdjacentHTML('afterend', nodeBoard(n, z.board));
    }
    // New nodes are parsed in one piece: one parse of many is far cheaper than many of one.
    if (born.length) {
      const withBoard = (n, body) => (z.board ? body.replace('</div>', '</div>' + nodeBoard(n, z.board)) : body);
      template.innerHTML = born.map(([n, cls, body, x, y]) =>
        `<div class="${cls}" data-index="${n}" data-id="${idOf(n)}" style="transform:translate(${x}px,${y}px)">${withBoard(n, body)}</div>`).join('');
      const made = [...template.content.children];
      born.forEach(([n, cls, body, x, y], k) => {
        const el = made[k];
        el._cls = cls; el._body = body; el._pos = `${x},${y}`;
        drawnNodes.set(n, el);
      });
      canvas.appendChild(template.content);
    }
    keepOnly(drawnNodes, keep, canvas);
    for (const el of canvas.querySelectorAll('button.more')) el.remove();
    for (const b of moreAt) {
      const left = count[b.more] - showCount(b.more);
      canvas.insertAdjacentHTML('beforeend', `<button class="more" data-more="${b.more}" style="left:${b.x}px;top:${b.y + 10}px;width:${z.w}px">${Math.min(PAGE, left)} more (of ${left})</button>`);
    }
    drawEdges(pos, path, z);
    // Setting a size, even the same one, lays out every edge again.
    const dims = `${width},${height}`;
    if (canvas._dims !== dims) {
      canvas._dims = dims;
      canvas.style.width = width + 'px';
      canvas.style.height = height + 'px';
    }
    printFit(width, height);
    showPanel(selected);
  }
  // Redraws the nodes `ns` and their edges where they are, and the panel.
  function renderSome(ns) {
    const path = stepPath();
    const dec = mode === 'step' && step.at === E && E ? decisionNode() : -1;
    for (const n of ns) {
      const el = drawnNodes.get(n);
      if (n < 0 || !el || el._gone) continue;
      const s = nodeState(n);
      setNode(el, nodeClass(n, s, path), nodeBody(n, s));
      const g = drawnEdges.get(n);
      if (g && !g._gone) {
        const c = edgeClass(n, s.pruned, path, dec).cls;
        if (g._cls !== c) { g.setAttribute('class', c); g._cls = c; }
      }
    }
    shownStep = mode === 'step' ? step.at : -1;
    shownPath = path;
    showPanel(selected);
  }
  // An edge's classes, and the mark a check put on it.
  function edgeClass(n, pruned, path, dec) {
    const cls = [];
    if (mode === 'explore' && line.has(n)) cls.push('line');
    if (mode !== 'practice' && pruned) cls.push('pruned');
    if (path.has(n) || n === dec) cls.push('path');
    let mark = '';
    if (mode === 'practice') {
      if (cuts.has(n)) cls.push('cut');
      if (cutAbove(parent[n])) cls.push('cut-out');
      const m = marks && marks.get(n);
      if (m && m.cut) { cls.push('c-' + m.cut); mark = m.cut === 'right' ? ' ✓' : m.cut === 'wrong' ? ' ✗' : ' missed'; }
    }
    return { cls: cls.join(' '), mark };
  }
  // Each edge: the line, a wide invisible one to click (practice: cut here), and
  // the action written beside it. A node's edges to its children are a fan: a
  // small SVG of their own, placed under the node by a translation. A subtree
  // that moves keeps its fans' shapes, so only their translations change, and
  // the browser lays out a fan alone, never every edge of the tree at once.
  const drawnFans = new Map();
  function drawEdges(pos, path, z) {
    const keep = new Set(), keepFans = new Set();
    const dec = mode === 'step' && step.at === E && E ? decisionNode() : -1;
    for (const [n, b] of pos) {
      if (n === 0) continue;
      const p = pos.get(parent[n]);
      if (!p) continue;
      keep.add(n);
      const fan = fanOf(parent[n], p, z);
      keepFans.add(parent[n]);
      const { cls: c, mark } = edgeClass(n, b.pruned, path, dec);
      const x2 = b.x - p.x, y2 = b.y - p.y - z.bottom;
      const label = (mode === 'practice' && cuts.has(n) ? '✂ ' : '') + actionName(n);
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
        g._home = fan;
        fan.appendChild(g);
        drawnEdges.set(n, g);
      }
      if (g._cls !== c) { g.setAttribute('class', c); g._cls = c; }
      const shape = `${x2},${y2}`;
      if (g._shape !== shape) {
        g._shape = shape;
        for (const l of [g.children[0], g.children[1]]) { l.setAttribute('x1', 0); l.setAttribute('y1', 0); l.setAttribute('x2', x2); l.setAttribute('y2', y2); }
        // The label stands low on the edge, where siblings' edges have spread apart.
        g.children[2].setAttribute('x', x2 * 0.72);
        g.children[2].setAttribute('y', y2 * 0.72);
      }
      // The mark stands apart from the label, so that print can leave it out.
      if (g._label !== label + mark) {
        g.children[2].textContent = label;
        if (mark) { const t = document.createElementNS(SVG, 'tspan'); t.setAttribute('class', 'emark'); t.textContent = mark; g.children[2].appendChild(t); }
        g._label = label + mark;
      }
    }
    keepOnly(drawnEdges, keep, edges);
    keepOnly(drawnFans, keepFans, edges);
  }
  // The fan of node `n`'s edges, placed under its box `p`.
  function fanOf(n, p, z) {
    let fan = drawnFans.get(n);
    if (!fan) {
      fan = document.createElementNS(SVG, 'svg');
      fan.setAttribute('class', 'fan');
      fan.setAttribute('width', 1);
      fan.setAttribute('height', 1);
      edges.appendChild(fan);
      drawnFans.set(n, fan);
    }
    const at = `translate(${p.x + z.w / 2}px,${p.y + z.bottom}px)`;
    if (fan._at !== at) { fan.style.transform = at; fan._at = at; }
    return fan;
  }

  // ---- Zoom: fit the drawing to the window, or set it.
  const zoomText = document.getElementById('zoom-level');
  // Whether the zoom is the fitted one: then the drawing fits itself again when
  // its area changes size (a mode's bar appears, the window is resized).
  let fitted = false;
  function setZoom(z, fitting) {
    fitted = !!fitting;
    zoom = Math.max(0.2, Math.min(2.5, z));
    canvas.style.zoom = String(zoom);
    zoomText.textContent = Math.round(zoom * 100) + '%';
  }
  function fit() {
    const { width, height } = layout();
    const w = treeBox.clientWidth - 16, h = treeBox.clientHeight - 16;
    setZoom(Math.min(1.6, w / width, h / height), true);
    treeBox.scrollTo(0, 0);
    if (zoom <= 0.2 + 1e-9) bringIntoView(line.size ? [...line].pop() : 0);
  }
  // The first view: boards when the whole opening view fits with them at a
  // readable size, the compact tree otherwise; then fitted to the window.
  function firstView() {
    compact = false;
    const full = layout();
    const w = treeBox.clientWidth - 16, h = treeBox.clientHeight - 16;
    compact = Math.min(w / full.width, h / full.height) < 0.8;
    syncCompact();
    render();
    fit();
  }
  let treeHeight = 0;
  new ResizeObserver(() => {
    if (treeBox.clientHeight === treeHeight) return;
    treeHeight = treeBox.clientHeight;
    // (Stepping keeps its zoom: the path is kept in view by scrolling.)
    if (fitted && mode !== 'step') fit();
  }).observe(treeBox);
  function syncCompact() { document.getElementById('compact').setAttribute('aria-pressed', String(compact)); }
  // Print: the drawing scaled to the page (A4 and Letter alike), landscape when it is wide.
  const pageStyle = document.getElementById('page-style');
  // The printable area in CSS px, A4 and Letter alike with 10 mm margins, less
  // the header, the help and the legend printed around the tree.
  const paper = (wide) => (wide ? [960, 590] : [690, 850]);
  let printWide = false;
  function printFit(width, height) {
    if (!printLevel) printWide = width > height * 1.2;
    const [pw, ph] = paper(printWide);
    const z = Math.min(1.5, pw / width, ph / height);
    const css = `@page { size: ${printWide ? 'landscape' : 'portrait'}; margin: 10mm; } @media print { #canvas { zoom: ${z.toFixed(4)} !important; } }`;
    // A changed style sheet restyles the whole page: write it only when it changes.
    if (pageStyle.textContent !== css) pageStyle.textContent = css;
  }
  // A tree wider than the page, scaled to its width, would fill only its top:
  // on paper its levels are spread to fill the height (up to five times apart).
  window.addEventListener('beforeprint', () => {
    const z0 = size();
    const { width, height } = layout();
    const [pw, ph] = paper(printWide);
    const z = Math.min(1.5, pw / width);
    const levels = Math.round((height - (z0.level - (compact ? 30 : 40))) / z0.level);
    if (levels < 1) return;
    const box = z0.level - (compact ? 30 : 40);
    const level = Math.min(5 * z0.level, (0.97 * ph / z - box) / levels);
    if (level > z0.level) { printLevel = level; render(); }
  });
  window.addEventListener('afterprint', () => { if (printLevel) { printLevel = 0; render(); } });

  // ---- The side panel.
  const panel = document.getElementById('panel');
  function showPanel(n) {
    if (n < 0) return;
    const s = nodeState(n);
    const practice = mode === 'practice';
    const b = bestChild(n);
    const row = (k, label, v) => `<dt>${label}</dt><dd data-field="${k}">${esc(v)}</dd>`;
    let html = `<h3>Node ${tag(n)}</h3>` + boardSvg(n, 250) + '<dl>';
    html += row('id', 'id (construction order)', idOf(n));
    html += row('parent', 'parent', n === 0 ? '—' : idOf(parent[n]));
    html += row('depth', 'depth', depth[n]);
    html += row('action', 'action', actionName(n));
    html += row('role', 'side to move', `${role(n)} (${isMax(n) ? 'takes the greatest child value' : 'takes the least child value'})`);
    // A worksheet asks for inner nodes' values; a textbook tree's static cost
    // of an inner node is its minimax value, so practice shows leaves' only.
    if (!practice || isLeaf(n)) html += row('cost', 'static cost', num(cost[n]));
    if (!practice) {
      html += row('value', 'value', s.value);
      if (flags[n] & (LOWER | UPPER) && !enginePruned(n)) {
        html += row('bound', 'bound', flags[n] & LOWER ? `a lower bound: the search stopped at β, and the minimax value may be greater`
          : `an upper bound: nothing here beat α, and the minimax value may be less`);
      }
      if (mode === 'explore') html += row('best', 'took its value from', b >= 0 && count[n] ? `#${idOf(b)} ${actionName(b)}` : isLeaf(n) ? 'its own cost (a leaf)' : '—');
      if (windowed && mode === 'explore' && !enginePruned(n)) { html += row('alpha', 'α on entry', num(alpha[n])); html += row('beta', 'β on entry', num(beta[n])); }
      if (mode === 'step') {
        const st = step.state;
        const e = st.entry.get(n), w = st.win.get(n);
        if (e) html += row('entry', '[α, β] on entry', `[${num(e[0])}, ${num(e[1])}]`);
        if (w) html += row('window', '[α, β] now', `[${num(w[0])}, ${num(w[1])}]`);
        if (s.running) html += row('running', 'best so far', s.running.replace('best so far ', ''));
      }
      if (s.cut) html += row('cut', 'cut-off', s.cut);
    } else {
      if (n > 0 && n !== practiceTop && windowed) html += `</dl><p><button id="cut-edge" data-cut="${n}">${cuts.has(n) ? 'Restore the edge into' : 'Cut the edge into'} ${tag(n)}</button> (or click the edge; key x)</p><dl>`;
    }
    html += row('path', 'line from the root', pathTo(n).map(actionName).join(' ') || '(the root)');
    html += row('children', 'children', count[n] + (hidden.get(n) ? ` (+${hidden.get(n)} nodes not in this page)` : ''));
    html += '</dl>';
    if (panel._html !== html) { panel.innerHTML = html; panel._html = html; }
  }

  // ---- Header, decision banner and legend. Practice shows nothing the
  // student is asked for: no decision, line or counts of pruned nodes.
  function header() {
    const visited = S.node_count - S.pruned;
    const practice = mode === 'practice';
    const span = (id, v) => `<span id="${id}">${esc(v)}</span>`;
    document.getElementById('facts').innerHTML =
      `<b>${span('game', S.game)}</b> · ${span('search', S.search === 'alphabeta' ? 'alpha-beta' : 'minimax')} · depth ${span('depth', S.depth)} · ` +
      `${span('to-move', S.to_move)} to move · ${span('nodes', S.node_count + (N < S.node_count ? ` (${N} in this page: scope ${H.scope})` : ''))} nodes`;
    const dd = (id, label, v) => `<dt>${label}</dt><dd id="${id}">${esc(v)}</dd>`;
    document.getElementById('details').innerHTML = boardSvg(0, 150) + '<dl>' + dd('position', 'position', S.position) +
      (practice ? '' : dd('visited', 'visited / pruned', `${visited} / ${S.pruned}`)) + '</dl>' + `<p class="note">${esc(S.evaluation)}.</p>`;
    const banner = document.getElementById('banner');
    // Stepping through, the decision is the last step's news, not the first's.
    banner.hidden = practice || (mode === 'step' && (step.at < E || !E));
    banner.innerHTML = practice ? '' : S.decision === null || S.decision === undefined
      ? `No decision: ${esc(S.to_move)} cannot act. Value <b id="decision-value">${esc(num(S.value))}</b>`
      : `Decision <b id="decision">${esc(S.decision)}</b>, value <b id="decision-value">${esc(num(S.value))}</b> <span class="line-label">line of best play</span> <span id="line">${esc(S.line.join(' '))}</span>`;
    document.getElementById('legend').innerHTML =
      '<span><b class="role max">▲ MAX</b>: takes the greatest child value</span><span><b class="role min">▼ MIN</b>: the least</span>' +
      '<span><span class="swatch" style="background:#eee"></span>leaf (value = static cost)</span>' +
      (practice ? '' : '<span><span class="swatch" style="border-color:#c00"></span>line of best play</span>' +
        '<span><span class="swatch" style="border-style:dashed"></span>pruned: never searched</span><span>≥ 3, ≤ 2: a bound, where alpha-beta stopped early</span>') +
      '<span class="keys">keys: ←↑→↓ move, Enter expand, / find, + − zoom, f fit, , . step</span>';
    const first2 = [];
    for (let n = 0; count[n] && first2.length < 2; n = first[n]) first2.push(actionName(first[n]));
    findBox.placeholder = `id (12), or actions: ${first2.join(' ')}`;
  }

  // ---- Modes.
  const stepsBar = document.getElementById('steps');
  const practiceBar = document.getElementById('practice');
  const slider = document.getElementById('slider');
  const stepText = document.getElementById('step-text');
  function setMode(m) {
    mode = m;
    for (const b of document.querySelectorAll('button.mode')) b.setAttribute('aria-pressed', String(b.id === 'mode-' + m));
    document.body.dataset.mode = m;
    stepsBar.hidden = m !== 'step';
    practiceBar.hidden = m !== 'practice';
    stopPlay();
    header();
    if (m === 'step') { goTo(step.at); return; }
    if (m === 'practice') return startPractice();
    render();
    if (fitted) fit();
  }
  // A worksheet on the subtree under practiceTop, drawn whole: what is asked
  // is what is drawn.
  function startPractice() {
    const top = practiceTop;
    let under = selected;
    while (under >= 0 && under !== top) under = parent[under];
    if (under < 0) selected = top;
    for (const n of subtree(top)) { open[n] = 1; if (count[n] > PAGE) shownKids.set(n, count[n]); }
    const where = top === 0 ? '' : `This worksheet is the part of the tree under ${tag(top)} (${pathTo(top).map(actionName).join(' ')}), ` +
      (windowed ? `which the search enters with α, β = [${num(alpha[top])}, ${num(beta[top])}]. ` : '. ');
    const what = windowed
      ? 'Alpha-beta: write the value the search returns at each inner node it visits, and <span class="screen-only">cut (click) each edge</span><span class="print-only">cross out each edge</span> it never follows. ' +
        'A value is a number, or where the search stops early the bound it returns: ≥ 3 (or &gt;=3), ≤ 2 (or &lt;=2).'
      : 'Minimax: write the value of every inner node.';
    const bigger = questions[0] > QUESTIONS
      ? `<span class="screen-only"> The whole tree asks ${questions[0]} questions; to practise another part, select a node and press “Practise here”.</span>` : '';
    document.getElementById('practice-help').innerHTML = esc(where) + what + bigger;
    document.getElementById('practise-here').hidden = questions[0] <= QUESTIONS;
    render();
    fit();
  }
  function practiseHere() {
    const n = selected;
    const out = document.getElementById('practice-score');
    if (isLeaf(n) || enginePruned(n)) { out.textContent = `${tag(n)} asks nothing: select a node the search visited, with children`; return; }
    if (questions[n] > QUESTIONS) { out.textContent = `${tag(n)} would ask ${questions[n]} questions; select a node lower down (at most ${QUESTIONS})`; return; }
    practiceTop = n;
    answers.clear(); cuts.clear(); marks = null; out.textContent = '';
    startPractice();
  }
  function goTo(k) {
    k = Math.max(0, Math.min(E, k));
    let st = step.state;
    if (!st || k < st.at) { st = fresh(); }
    while (st.at < k) apply(st, st.at);
    step.state = st;
    step.at = k;
    slider.max = String(E);
    slider.value = String(k);
    let text = E ? `step ${k} of ${E}: ${st.last || 'the start'}` : H.trace_note || '';
    const d = decisionNode();
    if (E && k === E && d >= 0) text += `. The decision: ${tag(d)} ${actionName(d)}, value ${num(value[0])}`;
    stepText.textContent = text;
    if (mode !== 'step') return;
    document.getElementById('banner').hidden = k < E;
    const was = { at: shownStep, selected, path: shownPath };
    let opened = false;
    if (st.current >= 0) { opened = reveal(st.current); selected = st.current; }
    if (k === E && d >= 0) opened = reveal(d) || opened;
    // One step forward that opens nothing and cuts nothing off changes only the
    // event's node, its parent, and the old and new paths: playback redraws
    // those alone, whatever the size of the tree drawn.
    if (!opened && k >= 1 && was.at === k - 1 && k < E && events[5 * (k - 1)] !== 4) {
      const n = indexOf(events[5 * (k - 1) + 1]);
      renderSome(new Set([n, parent[n], was.selected, ...was.path, ...stepPath()]));
    } else render();
    if (st.current >= 0) keepPathInView(st.current);
  }
  function stopPlay() { if (step.timer) clearInterval(step.timer); step.timer = null; document.getElementById('play').textContent = '▶'; }
  // Brings node `n` into view if it is drawn and out of sight.
  function bringIntoView(n) {
    const el = drawnNodes.get(n);
    if (!el || el._gone) return;
    const box = treeBox.getBoundingClientRect(), r = el.getBoundingClientRect();
    if (r.left < box.left || r.right > box.right || r.top < box.top || r.bottom > box.bottom) {
      el.scrollIntoView({ block: 'nearest', inline: 'center' });
    }
  }
  // Scrolls as little as keeps the whole path from the root to `n` in view,
  // so that the ancestor whose window explains a cut stays on screen; a path
  // wider or taller than the view keeps `n` itself in the middle of it.
  function keepPathInView(n) {
    const el = drawnNodes.get(n);
    if (!el || el._gone) return;
    const box = treeBox.getBoundingClientRect(), cur = el.getBoundingClientRect();
    const span = { left: cur.left, right: cur.right, top: cur.top, bottom: cur.bottom };
    for (let p = parent[n]; p >= 0; p = parent[p]) {
      const e = drawnNodes.get(p);
      if (!e || e._gone) continue;
      const r = e.getBoundingClientRect();
      span.left = Math.min(span.left, r.left); span.right = Math.max(span.right, r.right);
      span.top = Math.min(span.top, r.top); span.bottom = Math.max(span.bottom, r.bottom);
    }
    const pad = 8;
    const shift = (lo, hi, clo, chi, vlo, vhi) => {
      if (hi - lo + 2 * pad <= vhi - vlo) return lo - pad < vlo ? lo - pad - vlo : hi + pad > vhi ? hi + pad - vhi : 0;
      return clo < vlo || chi > vhi ? (clo + chi) / 2 - (vlo + vhi) / 2 : 0;
    };
    const dx = shift(span.left, span.right, cur.left, cur.right, box.left, box.left + treeBox.clientWidth);
    const dy = shift(span.top, span.bottom, cur.top, cur.bottom, box.top, box.top + treeBox.clientHeight);
    if (dx || dy) treeBox.scrollBy(dx, dy);
  }
  function togglePlay() {
    if (step.timer) return stopPlay();
    document.getElementById('play').textContent = '❚❚';
    step.timer = setInterval(() => { if (step.at >= E) stopPlay(); else goTo(step.at + 1); }, Number(document.getElementById('speed').value));
  }
  function stepOver() {
    const st = step.state;
    const at = step.at;
    // Just entered an inner node: past its return. About to enter one: past that one's.
    if (at > 0 && events[5 * (at - 1)] === 0) {
      const n = indexOf(events[5 * (at - 1) + 1]);
      if (count[n] && returnAt[n] >= at) return goTo(returnAt[n] + 1);
    }
    if (at < E && events[5 * at] === 0) { const n = indexOf(events[5 * at + 1]); if (returnAt[n] >= at) return goTo(returnAt[n] + 1); }
    if (st.current >= 0 && returnAt[st.current] >= at) return goTo(returnAt[st.current] + 1);
    goTo(at + 1);
  }
  function nextCut(d) {
    const k = d > 0 ? cutSteps.find((s) => s > step.at) : [...cutSteps].reverse().find((s) => s < step.at);
    if (k === undefined) { stepText.textContent = `no ${d > 0 ? 'later' : 'earlier'} cut-off` + (cutSteps.length ? '' : ': this search cut nothing off'); return; }
    goTo(k);
  }

  // ---- Practice. A student answers a value for each inner node the engine
  // searched, and cuts each edge it never followed; only those are scored, each
  // with its own mark, and nothing under a cut the student made is asked.
  function parseAnswer(text) {
    let t = text.trim().replace(/\s+/g, '').replace(/[−–]/g, '-').toLowerCase();
    if (!t) return null;
    let kind = 0;
    const lower = /^(≥|>=|>)/, upper = /^(≤|<=|<)/;
    if (lower.test(t)) { kind = LOWER; t = t.replace(lower, ''); } else if (upper.test(t)) { kind = UPPER; t = t.replace(upper, ''); }
    let v;
    if (/^\+?(∞|inf|infinity)$/.test(t)) v = Infinity;
    else if (/^-(∞|inf|infinity)$/.test(t)) v = -Infinity;
    else if (/^[+-]?\d+$/.test(t)) v = Number(t);
    else return undefined;
    return { v, kind };
  }
  // Scores the worksheet: the questions under practiceTop, and nothing else.
  function check() {
    marks = new Map();
    const tally = { vr: 0, vw: 0, vb: 0, cr: 0, cm: 0, cw: 0 };
    const mark = (n, k, v) => { const m = marks.get(n) || {}; m[k] = v; marks.set(n, m); };
    for (const n of subtree(practiceTop)) {
      if (windowed && n !== practiceTop && !enginePruned(parent[n])) {
        if (topPruned(n)) { if (cuts.has(n)) { tally.cr++; mark(n, 'cut', 'right'); } else { tally.cm++; mark(n, 'cut', 'missed'); } }
        else if (cuts.has(n)) { tally.cw++; mark(n, 'cut', 'wrong'); }
      }
      if (isLeaf(n) || enginePruned(n)) continue;
      // Under a cut of the student's own, a node the engine searched goes unanswered.
      const a = cutAbove(n) ? null : parseAnswer(answers.get(n) || '');
      let verdict;
      if (a === null) { verdict = 'blank'; tally.vb++; }
      else if (a !== undefined && a.v === value[n] && (a.kind === 0 || a.kind === (flags[n] & (LOWER | UPPER)))) { verdict = 'right'; tally.vr++; }
      else { verdict = 'wrong'; tally.vw++; }
      mark(n, 'value', verdict);
    }
    const right = tally.vr + tally.cr, total = tally.vr + tally.vw + tally.vb + tally.cr + tally.cm + tally.cw;
    let text = `${right} of ${total} right: values ${tally.vr} right, ${tally.vw} wrong, ${tally.vb} blank`;
    if (windowed) text += `; cuts ${tally.cr} right, ${tally.cw} wrong, ${tally.cm} missed`;
    document.getElementById('practice-score').textContent = text;
    render();
    return text;
  }
  // Scores what the student wrote, then fills in the answers: the score stays
  // the student's, and the marks show where the answers differ.
  function revealAnswers() {
    const score = check();
    answers.clear();
    cuts.clear();
    for (const n of subtree(practiceTop)) {
      if (!isLeaf(n) && !enginePruned(n)) answers.set(n, valueText(n, value[n]));
      if (windowed && n !== practiceTop && topPruned(n)) cuts.add(n);
    }
    document.getElementById('practice-score').textContent = `Your answers: ${score}. The boxes now hold the search's answers.`;
    render();
  }
  function toggleCut(n) {
    if (mode !== 'practice' || !windowed || n <= 0 || n === practiceTop) return;
    if (cuts.has(n)) cuts.delete(n); else cuts.add(n);
    selected = n;
    marks = null;
    render();
  }

  // ---- Finding a node: by id, by the actions from the root, or by the last
  // actions of a path anywhere (the first such node; Enter again for the next).
  let lastFind = { text: '', at: -1 };
  function find(text) {
    const out = document.getElementById('find-result');
    text = text.trim();
    if (/^#?\d+$/.test(text)) {
      const n = indexOf(Number(text.replace('#', '')));
      if (n < 0) { out.textContent = `no node ${text} in this page`; return; }
      out.textContent = tag(n);
      return select(n);
    }
    const want = text.split(/\s+/).filter(Boolean).map((a) => a.toLowerCase());
    if (!want.length) return;
    let n = 0;
    for (const a of want) {
      const c = children(n).find((c) => actionName(c).toLowerCase() === a);
      if (c === undefined) { n = -1; break; }
      n = c;
    }
    if (n >= 0) { out.textContent = tag(n); return select(n); }
    const from = lastFind.text === text ? lastFind.at + 1 : 1;
    const ends = (m) => { for (let k = want.length - 1; k >= 0; k--, m = parent[m]) if (m <= 0 || actionName(m).toLowerCase() !== want[k]) return false; return true; };
    let total = 0, hit = -1;
    for (let m = 1; m < N; m++) if (ends(m)) { total++; if (hit < 0 && m >= from) hit = m; }
    if (hit < 0 && total) for (let m = 1; m < N; m++) if (ends(m)) { hit = m; break; }
    if (hit < 0) { out.textContent = `no node is reached by ${text}`; return; }
    lastFind = { text, at: hit };
    out.textContent = `${tag(hit)}: ${pathTo(hit).map(actionName).join(' ')}` + (total > 1 ? ` (${total} nodes end so; Enter for the next)` : '');
    select(hit);
  }
  function select(n) {
    selected = n;
    reveal(n);
    render();
    bringIntoView(n);
  }

  // ---- Events from the person.
  const hover = document.getElementById('hover');
  canvas.addEventListener('click', (ev) => {
    const t = ev.target;
    if (t.dataset.toggle) { const n = Number(t.dataset.toggle); open[n] ^= 1; selected = n; render(); return; }
    if (t.dataset.more) { const n = Number(t.dataset.more); shownKids.set(n, showCount(n) + PAGE); render(); return; }
    const edge = t.closest('[data-cut]');
    if (edge) { toggleCut(Number(edge.dataset.cut)); return; }
    if (t.closest('input, label')) return;
    const el = t.closest('.node');
    if (el) { selected = Number(el.dataset.index); render(); }
  });
  panel.addEventListener('click', (ev) => { if (ev.target.id === 'cut-edge') toggleCut(Number(ev.target.dataset.cut)); });
  // Compact nodes show their board on hover.
  canvas.addEventListener('mouseover', (ev) => {
    const el = compact && ev.target.closest && ev.target.closest('.node');
    if (!el) { hover.hidden = true; return; }
    hover.innerHTML = boardSvg(Number(el.dataset.index), 160);
    const r = el.getBoundingClientRect();
    hover.style.left = Math.min(window.innerWidth - 180, r.right + 6) + 'px';
    hover.style.top = Math.max(0, Math.min(window.innerHeight - 180, r.top)) + 'px';
    hover.hidden = false;
  });
  canvas.addEventListener('mouseleave', () => { hover.hidden = true; });
  canvas.addEventListener('change', (ev) => {
    const t = ev.target;
    if (t.dataset.guess) { answers.set(Number(t.dataset.guess), t.value); }
  });
  canvas.addEventListener('input', (ev) => { if (ev.target.dataset.guess) answers.set(Number(ev.target.dataset.guess), ev.target.value); });
  document.getElementById('mode-explore').onclick = () => setMode('explore');
  document.getElementById('mode-step').onclick = () => setMode('step');
  document.getElementById('mode-practice').onclick = () => setMode('practice');
  document.getElementById('expand-all').onclick = () => {
    if (N > 5000) { document.getElementById('find-result').textContent = `${N} nodes: too many to draw at once; expand node by node`; return; }
    open.fill(1); for (let n = 0; n < N; n++) if (count[n] > PAGE) shownKids.set(n, count[n]); render(); fit();
  };
  document.getElementById('collapse-all').onclick = () => { resetView(); selected = 0; render(); fit(); };
  document.getElementById('compact').onclick = () => { compact = !compact; syncCompact(); render(); fit(); };
  document.getElementById('zoom-fit').onclick = fit;
  document.getElementById('zoom-in').onclick = () => setZoom(zoom * 1.25);
  document.getElementById('zoom-out').onclick = () => setZoom(zoom / 1.25);
  document.getElementById('more-facts').onclick = (ev) => {
    const d = document.getElementById('details');
    d.hidden = !d.hidden;
    ev.target.setAttribute('aria-expanded', String(!d.hidden));
  };
  document.getElementById('to-start').onclick = () => goTo(0);
  document.getElementById('to-end').onclick = () => goTo(E);
  document.getElementById('step-back').onclick = () => goTo(step.at - 1);
  document.getElementById('step-forward').onclick = () => goTo(step.at + 1);
  document.getElementById('step-over').onclick = stepOver;
  document.getElementById('prev-cut').onclick = () => nextCut(-1);
  document.getElementById('next-cut').onclick = () => nextCut(1);
  document.getElementById('play').onclick = togglePlay;
  slider.oninput = () => goTo(Number(slider.value));
  document.getElementById('check').onclick = check;
  document.getElementById('reveal').onclick = revealAnswers;
  document.getElementById('practise-here').onclick = practiseHere;
  document.getElementById('clear').onclick = () => { answers.clear(); cuts.clear(); marks = null; document.getElementById('practice-score').textContent = ''; render(); };
  const findBox = document.getElementById('find');
  findBox.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { find(findBox.value); treeBox.focus(); } });
  document.addEventListener('keydown', (ev) => {
    // A focused control acts on its own keys (Enter and space press a button).
    if (ev.target.closest && ev.target.closest('input, select, button, textarea')) return;
    const n = selected;
    const sib = (d) => { const p = parent[n]; if (p < 0) return; const k = n - first[p] + d; if (k >= 0 && k < count[p]) select(first[p] + k); };
    switch (ev.key) {
      case 'ArrowUp': if (parent[n] >= 0) select(parent[n]); break;
      case 'ArrowDown': if (count[n]) { open[n] = 1; select(first[n]); } break;
      case 'ArrowLeft': sib(-1); break;
      case 'ArrowRight': sib(1); break;
      case 'Enter': if (count[n]) { open[n] ^= 1; render(); } break;
      case '/': ev.preventDefault(); findBox.focus(); findBox.select(); break;
      case '+': case '=': setZoom(zoom * 1.25); break;
      case '-': setZoom(zoom / 1.25); break;
      case 'f': fit(); break;
      case 'x': toggleCut(n); break;
      case '.': if (mode === 'step') goTo(step.at + 1); break;
      case ',': if (mode === 'step') goTo(step.at - 1); break;
      case 'o': if (mode === 'step') stepOver(); break;
      case 'c': if (mode === 'step') nextCut(1); break;
      case 'C': if (mode === 'step') nextCut(-1); break;
      case ' ': if (mode === 'step') { ev.preventDefault(); togglePlay(); } break;
      case 'Home': if (mode === 'step') goTo(0); break;
      case 'End': if (mode === 'step') goTo(E); break;
      default: return;
    }
  });

  resetView();
  step.state = fresh();
  header();
  document.body.dataset.mode = mode;
  firstView();
  // An exercise's page opens as its worksheet.
  if (H.opening === 'practice') setMode('practice');
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.ready = 'true';
})();
