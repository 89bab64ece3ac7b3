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
  const MAXIMISING = 1, PRUNED = 2, LEAF = 4, CUT_BETA = 8, CUT_ALPHA = 16;
  const NODE_W = 112, GAP = 14, LEVEL = 250;

  // ---- Data: columns of little-endian binary (see src/export/html.rs).
  function decode(text) {
    const bin = atob(text.trim());
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }
  const bytes = decode(document.getElementById('tree-nodes').textContent);
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
  const alpha = new Int32Array(N), beta = new Int32Array(N);
  if (windowed) {
    let k = 0;
    for (let i = 0; i < N; i++) {
      if (flags[i] & PRUNED) continue;
      alpha[i] = view.getInt32(at + 8 * k, true);
      beta[i] = view.getInt32(at + 8 * k + 4, true);
      k++;
    }
    at += 8 * k;
  }
  const boardAt = at;
  const boardBytes = Math.ceil(H.varying.length * H.bits / 8);

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

  // ---- Boards.
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
    const c = cells(n).join('');
    const key = px + ':' + c;
    if (boardCache.has(key)) return boardCache.get(key);
    const h = Math.round(px * P.height / P.width);
    let s = `<svg class="board" width="${px}" height="${h}" viewBox="0 0 ${P.width} ${P.height}" role="img" aria-label="board">`;
    for (const [x, y, dark] of P.squares) s += `<rect class="${P.lines.length ? 'plain' : dark ? 'dark' : 'light'}" x="${x}" y="${y}" width="1" height="1"/>`;
    for (const [a, b] of P.lines) s += `<line class="link" x1="${P.points[a][0]}" y1="${P.points[a][1]}" x2="${P.points[b][0]}" y2="${P.points[b][1]}"/>`;
    if (P.lines.length) for (const [x, y] of P.points) s += `<circle class="spot" cx="${x}" cy="${y}" r="0.12"/>`;
    for (const [x, y, t] of P.labels) s += `<text class="coord" x="${x}" y="${y}">${esc(t)}</text>`;
    P.points.forEach(([x, y], i) => {
      const u = unitOf.get(c[i]);
      if (!u) return;
      s += `<circle cx="${x}" cy="${y}" r="0.38" fill="${u.fill}" stroke="${u.stroke}" stroke-width="0.06"><title>${esc(u.name)}</title></circle>`;
      if (u.mark) s += `<text class="mark" x="${x}" y="${y}" fill="${u.fill === '#222' ? '#fff' : u.stroke}">${esc(u.mark)}</text>`;
    });
    s += '</svg>';
    boardCache.set(key, s);
    return s;
  }

  // ---- Numbers.
  const num = (v) => (v === -2147483648 ? '−∞' : v === 2147483647 ? '+∞' : String(v).replace('-', '−'));
  const raw = (v) => String(v);
  const role = (n) => (isMax(n) ? '▲ MAX' : '▼ MIN');
  function pathTo(n) { const p = []; for (; n > 0; n = parent[n]) p.push(n); return p.reverse(); }
  function cutReason(n, a, b, v, kind) {
    const [lo, hi] = [first[n], first[n] + count[n] - 1];
    const skipped = kind === 'beta' ? `β cut-off: ${num(v)} ≥ β = ${num(b)}` : `α cut-off: ${num(v)} ≤ α = ${num(a)}`;
    return { text: skipped, lo, hi };
  }
  function engineCut(n) {
    if (!(flags[n] & (CUT_BETA | CUT_ALPHA)) || count[n] === 0) return null;
    const kind = flags[n] & CUT_BETA ? 'beta' : 'alpha';
    let lo = -1;
    for (let k = 0; k < count[n]; k++) if (enginePruned(first[n] + k)) { lo = first[n] + k; break; }
    const r = cutReason(n, alpha[n], beta[n], value[n], kind);
    return { text: `${r.text}; children ${idOf(lo)}-${idOf(first[n] + count[n] - 1)} skipped` };
  }

  // ---- Events (the engine's trace), replayed for step-through.
  const evText = document.getElementById('tree-events').textContent.trim();
  const events = evText ? new Int32Array(decode(evText).buffer) : new Int32Array(0);
  const E = events.length / 5;
  const step = { at: 0, timer: null, state: null };
  function replay(k) {
    const st = { val: new Map(), win: new Map(), cut: new Map(), skipped: new Set(), entered: new Set(), current: -1, last: '' };
    for (let e = 0; e < k; e++) {
      const [t, id, a, b, c] = events.subarray(5 * e, 5 * e + 5);
      const n = indexOf(id);
      if (t === 0) { st.entered.add(n); st.current = n; if (c) st.win.set(n, [a, b]); st.last = `enter #${id}` + (c ? ` with [α, β] = [${num(a)}, ${num(b)}]` : ''); }
      else if (t === 1) { st.val.set(n, a); st.last = `#${id} is a leaf: its value is its cost, ${num(a)}`; }
      else if (t === 2) { st.val.set(n, a); st.current = parent[n]; st.last = n === 0 ? `the root's value is ${num(a)}` : `#${id} returns ${num(a)} to #${idOf(parent[n])}`; }
      else if (t === 3) { st.win.set(n, [a, b]); st.last = `#${id}: [α, β] becomes [${num(a)}, ${num(b)}]`; }
      else if (t === 4) {
        const w = st.win.get(n) || [a, b];
        const r = cutReason(n, w[0], w[1], st.val.has(first[n]) ? bestSoFar(st, n) : 0, c ? 'alpha' : 'beta');
        st.cut.set(n, `${r.text}; children ${a}-${b} skipped`);
        for (let id2 = a; id2 <= b; id2++) { const m = indexOf(id2); if (m >= 0) st.skipped.add(m); }
        st.last = `#${id}: ${st.cut.get(n)}`;
      }
    }
    return st;
  }
  function bestSoFar(st, n) {
    let best = null;
    for (let k = 0; k < count[n]; k++) {
      const c = first[n] + k;
      if (!st.val.has(c) || st.skipped.has(c)) continue;
      const v = st.val.get(c);
      if (best === null || (isMax(n) ? v > best : v < best)) best = v;
    }
    return best === null ? 0 : best;
  }
  function skippedSoFar(st, n) { for (; n >= 0; n = parent[n]) if (st.skipped.has(n)) return true; return false; }

  // ---- View state.
  let mode = 'explore';
  const open = new Uint8Array(N);
  const shownKids = new Map();
  let selected = 0;
  const answers = new Map();
  const marks = new Map();
  function resetView() {
    open.fill(0);
    shownKids.clear();
    for (const n of line) open[n] = 1;
  }
  function showCount(n) { return Math.min(count[n], shownKids.get(n) || PAGE); }
  function reveal(n) { for (let p = parent[n]; p >= 0; p = parent[p]) { open[p] = 1; const k = n - first[p] + 1; if (k > showCount(p)) shownKids.set(p, Math.ceil(k / PAGE) * PAGE); n = p; } }

  // ---- Drawing the tree.
  const canvas = document.getElementById('canvas');
  const edges = document.getElementById('edges');
  const treeBox = document.getElementById('tree');
  function layout() {
    const boxes = [];
    let slot = 0;
    function place(n) {
      const kids = open[n] && count[n] ? children(n).slice(0, showCount(n)) : [];
      let x;
      if (kids.length) {
        const xs = kids.map(place);
        if (showCount(n) < count[n]) { const mx = slot++ * (NODE_W + GAP); boxes.push({ more: n, x: mx, y: (depth[n] + 1) * LEVEL }); xs.push(mx); }
        x = (xs[0] + xs[xs.length - 1]) / 2;
      } else {
        x = slot++ * (NODE_W + GAP);
      }
      boxes.push({ n, x, y: depth[n] * LEVEL });
      return x;
    }
    place(0);
    return { boxes, width: slot * (NODE_W + GAP) };
  }
  function nodeState(n) {
    if (mode === 'step') {
      const st = step.state;
      const w = st.win.get(n);
      return {
        value: st.val.has(n) ? num(st.val.get(n)) : '?',
        pruned: skippedSoFar(st, n),
        window: w ? `[${num(w[0])}, ${num(w[1])}]` : '',
        cut: st.cut.get(n) || '',
        current: st.current === n,
      };
    }
    const pruned = enginePruned(n);
    const c = engineCut(n);
    return {
      value: pruned ? 'pruned' : num(value[n]),
      pruned,
      window: windowed && !pruned ? `[${num(alpha[n])}, ${num(beta[n])}]` : '',
      cut: c ? c.text : '',
      current: false,
    };
  }
  function nodeHtml(n, x, y) {
    const s = nodeState(n);
    const cls = ['node'];
    if (isLeaf(n)) cls.push('leaf');
    if (line.has(n) && mode === 'explore') cls.push('line');
    if (s.pruned && mode !== 'practice') cls.push('pruned');
    if (n === selected) cls.push('selected');
    if (s.current) cls.push('current');
    if (mode === 'practice' && marks.has(n)) cls.push(marks.get(n) ? 'right' : 'wrong');
    let body = `<div><span class="role ${isMax(n) ? 'max' : 'min'}">${role(n)}</span> <span class="act">${esc(actionName(n))}</span></div>`;
    body += boardSvg(n, 96);
    if (mode === 'practice') body += practiceHtml(n);
    else body += `<div class="value">${s.value === 'pruned' ? 'pruned' : 'value ' + esc(s.value)}</div>` +
      (s.window ? `<div class="window">α, β ${esc(s.window)}</div>` : '') + (s.cut ? `<div class="cut">${esc(s.cut)}</div>` : '');
    if (count[n] || hidden.get(n)) {
      body += count[n] ? `<button class="toggle" data-toggle="${n}" title="${open[n] ? 'Collapse' : 'Expand'} (Enter)">${open[n] ? '−' : '+'}</button>`
        : `<div class="cut">+${hidden.get(n)} nodes not in this page</div>`;
    }
    return `<div class="${cls.join(' ')}" data-index="${n}" data-id="${idOf(n)}" style="left:${x}px;top:${y}px">${body}</div>`;
  }
  function practiceHtml(n) {
    const a = answers.get(n) || {};
    let s = '';
    if (isLeaf(n)) s += `<div class="value">value ${esc(num(value[n]))}</div>`;
    else s += `<input class="guess" data-guess="${n}" value="${esc(a.value ?? '')}" placeholder="value?" aria-label="value of node ${idOf(n)}">`;
    if (windowed && n > 0) s += `<label class="prune"><input type="checkbox" data-prune="${n}" ${a.pruned ? 'checked' : ''}> pruned</label>`;
    return s;
  }
  function render() {
    const { boxes, width } = layout();
    let html = '';
    const pos = new Map();
    for (const b of boxes) {
      if (b.more !== undefined) {
        const left = count[b.more] - showCount(b.more);
        html += `<button class="more" data-more="${b.more}" style="left:${b.x}px;top:${b.y + 40}px">${Math.min(PAGE, left)} more (of ${left})</button>`;
      } else {
        pos.set(b.n, b);
        html += nodeHtml(b.n, b.x, b.y);
      }
    }
    let lines = '';
    for (const [n, b] of pos) {
      if (n === 0) continue;
      const p = pos.get(parent[n]);
      const online = mode === 'explore' && line.has(n);
      const pruned = nodeState(n).pruned && mode !== 'practice';
      lines += `<line class="${online ? 'line' : ''} ${pruned ? 'pruned' : ''}" x1="${p.x + NODE_W / 2}" y1="${p.y + 100}" x2="${b.x + NODE_W / 2}" y2="${b.y}"/>`;
    }
    const height = Math.max(...boxes.map((b) => b.y)) + LEVEL;
    canvas.style.width = width + 'px';
    canvas.style.height = height + 'px';
    canvas.innerHTML = `<svg id="edges" width="${width}" height="${height}" aria-hidden="true">${lines}</svg>` + html;
    showPanel(selected);
  }

  // ---- The side panel.
  const panel = document.getElementById('panel');
  function showPanel(n) {
    if (n < 0) return;
    const s = nodeState(n);
    const practice = mode === 'practice';
    const b = bestChild(n);
    const row = (k, label, v) => `<dt>${label}</dt><dd data-field="${k}">${esc(v)}</dd>`;
    let html = `<h3>Node #${idOf(n)}</h3>` + boardSvg(n, 240) + '<dl>';
    html += row('id', 'id (construction order)', idOf(n));
    html += row('parent', 'parent', n === 0 ? '—' : idOf(parent[n]));
    html += row('depth', 'depth', depth[n]);
    html += row('action', 'action', actionName(n));
    html += row('role', 'side to move', `${role(n)} (${isMax(n) ? 'takes the greatest child value' : 'takes the least child value'})`);
    html += row('cost', 'static cost', num(cost[n]));
    if (!practice) {
      html += row('value', 'value', s.value);
      if (mode === 'explore') html += row('best', 'took its value from', b >= 0 && count[n] ? `#${idOf(b)} ${actionName(b)}` : isLeaf(n) ? 'its own cost (a leaf)' : '—');
      if (windowed && mode === 'explore' && !enginePruned(n)) { html += row('alpha', 'α', num(alpha[n])); html += row('beta', 'β', num(beta[n])); }
      if (s.window && mode === 'step') html += row('window', '[α, β] now', s.window);
      if (s.cut) html += row('cut', 'cut-off', s.cut);
    }
    html += row('path', 'line from the root', pathTo(n).map(actionName).join(' ') || '(the root)');
    html += row('children', 'children', count[n] + (hidden.get(n) ? ` (+${hidden.get(n)} nodes not in this page)` : ''));
    panel.innerHTML = html + '</dl>';
  }

  // ---- Header and legend.
  function header() {
    const h = document.getElementById('summary');
    const dd = (id, label, v) => `<dt>${label}</dt><dd id="${id}">${esc(v)}</dd>`;
    const visited = S.node_count - S.pruned;
    h.innerHTML = boardSvg(0, 150) + '<dl>' +
      dd('game', 'game', S.game) + dd('position', 'position', S.position) + dd('to-move', 'to move', S.to_move) +
      dd('depth', 'depth', S.depth) + dd('search', 'search', S.search === 'alphabeta' ? 'alpha-beta' : 'minimax') +
      dd('nodes', 'nodes', S.node_count + (N < S.node_count ? ` (${N} in this page: scope ${H.scope})` : '')) +
      dd('visited', 'visited / pruned', `${visited} / ${S.pruned}`) +
      dd('decision', 'decision', S.decision ?? 'none') + dd('decision-value', 'value', num(S.value)) +
      dd('line', 'line of best play', S.line.join(' ')) + '</dl>' + `<p class="note">${esc(S.evaluation)}.</p>`;
    document.getElementById('legend').innerHTML =
      '<span><b class="role max">▲ MAX</b>: takes the greatest child value</span><span><b class="role min">▼ MIN</b>: the least</span>' +
      '<span><span class="swatch" style="background:#eee"></span>leaf (value = static cost)</span>' +
      '<span><span class="swatch" style="border-color:#c00"></span>line of best play</span>' +
      '<span><span class="swatch" style="border-style:dashed"></span>pruned: never searched</span>' +
      '<span>keys: ←↑→↓ move, Enter expand, / find, , . step</span>';
  }

  // ---- Modes.
  const stepsBar = document.getElementById('steps');
  const practiceBar = document.getElementById('practice');
  const slider = document.getElementById('slider');
  function setMode(m) {
    if (m === 'step' && !E) { document.getElementById('step-text').textContent = H.trace_note || 'no trace'; }
    mode = m;
    for (const b of document.querySelectorAll('button.mode')) b.setAttribute('aria-pressed', String(b.id === 'mode-' + m));
    stepsBar.hidden = m !== 'step';
    practiceBar.hidden = m !== 'practice';
    if (m === 'step') { stepsBar.hidden = false; goTo(step.at); return; }
    if (m === 'practice') {
      document.getElementById('practice-help').textContent = windowed
        ? 'Alpha-beta: enter the value of every node the search visits, and tick the nodes it prunes.'
        : 'Minimax: enter the value of every inner node.';
    }
    stopPlay();
    render();
  }
  function goTo(k) {
    step.at = Math.max(0, Math.min(E, k));
    step.state = replay(step.at);
    slider.max = String(E);
    slider.value = String(step.at);
    document.getElementById('step-text').textContent = E ? `step ${step.at} of ${E}: ${step.state.last || 'the start'}` : H.trace_note || '';
    if (step.state.current >= 0) reveal(step.state.current);
    render();
    if (step.state.current >= 0) bringIntoView(step.state.current);
  }
  function stopPlay() { if (step.timer) clearInterval(step.timer); step.timer = null; document.getElementById('play').textContent = '▶'; }
  // Brings node `n` into view if it is drawn and out of sight.
  function bringIntoView(n) {
    const el = canvas.querySelector(`[data-index="${n}"]`);
    if (!el) return;
    const box = treeBox.getBoundingClientRect(), r = el.getBoundingClientRect();
    if (r.left < box.left || r.right > box.right || r.top < box.top || r.bottom > box.bottom) {
      el.scrollIntoView({ block: 'nearest', inline: 'center' });
    }
  }
  function togglePlay() {
    if (step.timer) return stopPlay();
    document.getElementById('play').textContent = '❚❚';
    step.timer = setInterval(() => { if (step.at >= E) stopPlay(); else goTo(step.at + 1); }, Number(document.getElementById('speed').value));
  }

  // ---- Practice.
  function check() {
    marks.clear();
    let right = 0, total = 0;
    for (let n = 0; n < N; n++) {
      if (!isVisible(n)) continue;
      const a = answers.get(n) || {};
      let ok = true, asked = false;
      if (windowed && n > 0) { asked = true; ok = ok && !!a.pruned === enginePruned(n); }
      if (!isLeaf(n) && !enginePruned(n)) { asked = true; ok = ok && a.value !== undefined && a.value.trim() !== '' && Number(a.value.replace('−', '-')) === value[n]; }
      if (!asked) continue;
      marks.set(n, ok);
      total++; if (ok) right++;
    }
    document.getElementById('practice-score').textContent = `${right} of ${total} right`;
    render();
  }
  function revealAnswers() {
    for (let n = 0; n < N; n++) if (isVisible(n)) answers.set(n, { value: !isLeaf(n) && !enginePruned(n) ? raw(value[n]) : '', pruned: enginePruned(n) });
    check();
  }
  function isVisible(n) { for (let p = parent[n], c = n; p >= 0; c = p, p = parent[p]) if (!open[p] || c - first[p] >= showCount(p)) return false; return true; }

  // ---- Finding a node.
  function find(text) {
    const out = document.getElementById('find-result');
    text = text.trim();
    let n = -1;
    if (/^#?\d+$/.test(text)) {
      n = indexOf(Number(text.replace('#', '')));
      if (n < 0) { out.textContent = `no node ${text} in this page`; return; }
    } else {
      n = 0;
      for (const a of text.split(/\s+/).filter(Boolean)) {
        const c = children(n).find((c) => actionName(c).toLowerCase() === a.toLowerCase());
        if (c === undefined) { out.textContent = `no action ${a} after ${pathTo(n).map(actionName).join(' ') || 'the root'}`; return; }
        n = c;
      }
    }
    out.textContent = `#${idOf(n)}`;
    select(n);
  }
  function select(n) {
    selected = n;
    reveal(n);
    render();
    bringIntoView(n);
  }

  // ---- Events from the person.
  canvas.addEventListener('click', (ev) => {
    const t = ev.target;
    if (t.dataset.toggle) { const n = Number(t.dataset.toggle); open[n] ^= 1; selected = n; render(); return; }
    if (t.dataset.more) { const n = Number(t.dataset.more); shownKids.set(n, showCount(n) + PAGE); render(); return; }
    if (t.closest('input, label')) return;
    const el = t.closest('.node');
    if (el) { selected = Number(el.dataset.index); render(); }
  });
  canvas.addEventListener('change', (ev) => {
    const t = ev.target;
    if (t.dataset.guess) { const n = Number(t.dataset.guess); answers.set(n, { ...(answers.get(n) || {}), value: t.value }); }
    if (t.dataset.prune) { const n = Number(t.dataset.prune); answers.set(n, { ...(answers.get(n) || {}), pruned: t.checked }); }
  });
  document.getElementById('mode-explore').onclick = () => setMode('explore');
  document.getElementById('mode-step').onclick = () => setMode('step');
  document.getElementById('mode-practice').onclick = () => setMode('practice');
  document.getElementById('expand-all').onclick = () => {
    if (N > 5000) { document.getElementById('find-result').textContent = `${N} nodes: too many to draw at once; expand node by node`; return; }
    open.fill(1); for (let n = 0; n < N; n++) if (count[n] > PAGE) shownKids.set(n, count[n]); render();
  };
  document.getElementById('collapse-all').onclick = () => { resetView(); selected = 0; render(); };
  document.getElementById('to-start').onclick = () => goTo(0);
  document.getElementById('to-end').onclick = () => goTo(E);
  document.getElementById('step-back').onclick = () => goTo(step.at - 1);
  document.getElementById('step-forward').onclick = () => goTo(step.at + 1);
  document.getElementById('play').onclick = togglePlay;
  slider.oninput = () => goTo(Number(slider.value));
  document.getElementById('check').onclick = check;
  document.getElementById('reveal').onclick = revealAnswers;
  document.getElementById('clear').onclick = () => { answers.clear(); marks.clear(); document.getElementById('practice-score').textContent = ''; render(); };
  const findBox = document.getElementById('find');
  findBox.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { find(findBox.value); treeBox.focus(); } });
  document.addEventListener('keydown', (ev) => {
    if (ev.target.tagName === 'INPUT' || ev.target.tagName === 'SELECT') return;
    const n = selected;
    const sib = (d) => { const p = parent[n]; if (p < 0) return; const k = n - first[p] + d; if (k >= 0 && k < count[p]) select(first[p] + k); };
    switch (ev.key) {
      case 'ArrowUp': if (parent[n] >= 0) select(parent[n]); break;
      case 'ArrowDown': if (count[n]) { open[n] = 1; select(first[n]); } break;
      case 'ArrowLeft': sib(-1); break;
      case 'ArrowRight': sib(1); break;
      case 'Enter': if (count[n]) { open[n] ^= 1; render(); } break;
      case '/': ev.preventDefault(); findBox.focus(); findBox.select(); break;
      case '.': if (mode === 'step') goTo(step.at + 1); break;
      case ',': if (mode === 'step') goTo(step.at - 1); break;
      case ' ': if (mode === 'step') { ev.preventDefault(); togglePlay(); } break;
      case 'Home': if (mode === 'step') goTo(0); break;
      case 'End': if (mode === 'step') goTo(E); break;
      default: return;
    }
  });

  header();
  resetView();
  step.state = replay(0);
  render();
  bringIntoView(0);
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.ready = 'true';
})();
