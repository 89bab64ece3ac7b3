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
