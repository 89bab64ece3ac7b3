// ---- Practice. A student answers a value for each inner node the engine
// searched, and cuts each edge it never followed; only those are scored, each
// with its own mark, and nothing under a cut the student made is asked.
import { setSelected, tree, ui } from './state.js';
import { H, LOWER, UPPER, bestChild, children, enginePruned, isLeaf, isMax, windowed } from './data.js';
import { decode } from './columns.js';
import { esc } from './boards.js';
import { boundOwner, cutReason, engineCut, nameOf, num, skippedKids, valueText, windowText } from './words.js';
import { subtree, topPruned } from './questions.js';
import { answers, cutAbove, cuts } from './view.js';
import { render } from './nodes.js';
import { bringIntoView } from './step.js';
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
// Why an answer is what it is, in the worksheet's words: "D = min(14, 5, 2)
// = 2"; a cut-off's reason; the window a node is entered with. A student's
// worksheet (H.sealed) holds no answer to give: it says the rule.
function whyValue(n) {
  if (H.sealed) return `${nameOf(n)} = ${isMax(n) ? 'max' : 'min'} of the values the search returns from its children (≥ or ≤ only where it stops early)`;
  const seen = children(n).filter((c) => !enginePruned(c));
  const skipped = skippedKids(n);
  const vals = seen.map((c) => valueText(c, tree.value[c])).join(', ') + (skipped.length ? ', …' : '');
  let text = `${nameOf(n)} = ${isMax(n) ? 'max' : 'min'}(${vals}) = ${valueText(n, tree.value[n])}`;
  const cut = engineCut(n);
  if (cut) text += ` (${cut})`;
  return text;
}
function whyWindow(n) {
  const p = tree.parent[n];
  const from = p < 0 ? 'nothing is known yet at the root' : `${nameOf(p)}'s window when the search reaches it`;
  if (H.sealed) return `${nameOf(n)} is entered with ${p < 0 ? '[−∞, +∞]: ' : ''}${from}`;
  return `${nameOf(n)} is entered with [α, β] = ${windowText(tree.alpha[n], tree.beta[n])}: ${from}`;
}
// A node the search never reaches asks nothing: an answer there is wrong.
function whyNever(n) { return `${nameOf(n)} is never searched: the search cuts off above it`; }
// A missed cut says why the parent stops, for all the children it skips at
// once (one reason, not one per edge).
function whyCut(n, verdict) {
  const p = tree.parent[n];
  if (verdict === 'wrong') return `${nameOf(n)} is searched: ${nameOf(p)} has no cut-off before it`;
  if (H.sealed) return `the search cuts off at ${nameOf(p)}: a child marked ✗ is never searched`;
  const bound = isMax(p) ? tree.beta[p] : tree.alpha[p];
  return cutReason(p, skippedKids(p), tree.value[p], bound, boundOwner(p, bound, (q) => tree.value[q], bestChild));
}
// ---- The verdicts. A teacher's page holds the answers and compares; a
// student's worksheet (H.sealed, src/export/seal.rs) holds a salted tag of
// each and compares tags: its source gives no answer away (though a
// programmer can try the few candidates, as seal.rs says).
let sealedTags = null;
function sealedIs(kind, n, text) {
  if (!sealedTags) sealedTags = decode(H.sealed.tags);
  const k = 'vkabc'.indexOf(kind);
  const h = sha256(new TextEncoder().encode(`${H.sealed.salt}|${kind}|${n}|${text}`));
  for (let i = 0, at = (n * 5 + k) * 8; i < 8; i++) if (h[i] !== sealedTags[at + i]) return false;
  return true;
}
// What was written at inner node `n` (parsed; undefined if unreadable):
// 'right', 'wrong', or 'never' where the search never reaches `n`.
function valueVerdict(n, a) {
  if (H.sealed) {
    const bound = a && (a.kind === LOWER ? '>=' : a.kind === UPPER ? '<=' : '');
    if (a && sealedIs('v', n, String(a.v)) && (!bound || sealedIs('k', n, a.v + bound))) return 'right';
    return sealedIs('v', n, 'never') ? 'never' : 'wrong';
  }
  if (enginePruned(n)) return 'never';
  return a && a.v === tree.value[n] && (a.kind === 0 || a.kind === (tree.flags[n] & (LOWER | UPPER))) ? 'right' : 'wrong';
}
// Whether the end `k` ('a' or 'b') written at `n` is the window's on entry.
function windowRight(k, n, text) {
  if (!H.sealed) return sameEnd(text, k === 'a' ? tree.alpha[n] : tree.beta[n]);
  const a = parseAnswer(text);
  return !!a && a.kind === 0 && sealedIs(k, n, a.v === Infinity ? '+inf' : a.v === -Infinity ? '-inf' : String(a.v));
}
// Whether the search skips the edge into `n`.
function cutAsked(n) { return H.sealed ? sealedIs('c', n, 'cut') : topPruned(n); }
// SHA-256 (FIPS 180-4), as src/export/seal.rs computes it.
function sha256(bytes) {
  const K = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ];
  const h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  const r = (x, k) => (x >>> k) | (x << (32 - k));
  const len = bytes.length, msg = new Uint8Array(((len + 8) >> 6 << 6) + 64);
  msg.set(bytes);
  msg[len] = 0x80;
  const dv = new DataView(msg.buffer);
  dv.setUint32(msg.length - 8, Math.floor(len / 0x20000000));
  dv.setUint32(msg.length - 4, (len * 8) >>> 0);
  const w = new Int32Array(64);
  for (let o = 0; o < msg.length; o += 64) {
    for (let i = 0; i < 16; i++) w[i] = dv.getInt32(o + 4 * i);
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15], y = w[i - 2];
      w[i] = w[i - 16] + (r(x, 7) ^ r(x, 18) ^ (x >>> 3)) + w[i - 7] + (r(y, 17) ^ r(y, 19) ^ (y >>> 10));
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (r(e, 6) ^ r(e, 11) ^ r(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
      const t2 = ((r(a, 2) ^ r(a, 13) ^ r(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
    }
    [a, b, c, d, e, f, g, hh].forEach((v, i) => { h[i] = (h[i] + v) | 0; });
  }
  const out = new Uint8Array(32);
  const ov = new DataView(out.buffer);
  h.forEach((v, i) => ov.setInt32(4 * i, v));
  return out;
}
// Whether a written end of a window is the window's.
function sameEnd(text, v) { const a = parseAnswer(text || ''); return a ? (a.kind === 0 && a.v === v) : a; }
// Scores the worksheet: the questions under practiceTop, and nothing else.
// Each wrong answer gets its reason, on its mark and in the list below the bar.
// Only what was written is judged, so that a blank sheet's check tells
// nothing but that it is blank: the values and windows written, and the cuts
// (made or not) under each node whose value is written; a node under a cut of
// the student's own asks nothing.
/** A blank worksheet: no answer, no cut, no mark (practice.js owns ui.marks). */
export function clearSheet() { answers.clear(); cuts.clear(); ui.marks = null; }
export function check() {
  ui.marks = new Map();
  const tally = { vr: 0, vw: 0, vb: 0, cr: 0, cm: 0, cw: 0, wr: 0, ww: 0, wb: 0 };
  const reasons = [];
  const mark = (n, k, v, why) => {
    const m = ui.marks.get(n) || { why: {} };
    m[k] = v;
    if (why && v !== 'right') { m.why[k] = why; reasons.push(why); }
    ui.marks.set(n, m);
  };
  // Nodes whose value is written and which the search reaches: their edges are judged.
  const worked = new Set();
  for (const n of subtree(ui.practiceTop)) {
    if (windowed && n !== ui.practiceTop && worked.has(tree.parent[n])) {
      const asked = cutAsked(n);
      if (asked && cuts.has(n)) { tally.cr++; mark(n, 'cut', 'right'); }
      else if (asked) { tally.cm++; mark(n, 'cut', 'missed', whyCut(n, 'missed')); }
      else if (cuts.has(n)) { tally.cw++; mark(n, 'cut', 'wrong', whyCut(n, 'wrong')); }
    }
    if (isLeaf(n) || cutAbove(n)) continue;
    const a = parseAnswer(answers.get(n) || '');
    const said = a === null ? 'blank' : valueVerdict(n, a);
    const verdict = said === 'never' ? 'wrong' : said;
    tally[verdict === 'right' ? 'vr' : verdict === 'wrong' ? 'vw' : 'vb']++;
    mark(n, 'value', verdict, said === 'never' ? whyNever(n) : verdict === 'wrong' ? whyValue(n) : null);
    if (said === 'right' || said === 'wrong') worked.add(n);
    if (windowed) {
      // (A node the search never reaches has no window: one written there is
      // wrong. Asked only of a node where something is written.)
      const never = () => (H.sealed ? sealedIs('v', n, 'never') : enginePruned(n));
      for (const k of ['a', 'b']) {
        const t = answers.get(k + n);
        const w = !t || !t.trim() ? 'blank' : !never() && windowRight(k, n, t) ? 'right' : 'wrong';
        tally[w === 'right' ? 'wr' : w === 'wrong' ? 'ww' : 'wb']++;
        mark(n, k, w, w === 'wrong' ? (never() ? whyNever(n) : whyWindow(n)) : null);
      }
    }
  }
  const right = tally.vr + tally.cr, total = tally.vr + tally.vw + tally.vb + tally.cr + tally.cm + tally.cw;
  let text = `${right} of ${total} right: values ${tally.vr} right, ${tally.vw} wrong, ${tally.vb} blank`;
  if (windowed) {
    text += `; cuts ${tally.cr} right, ${tally.cw} wrong, ${tally.cm} missed`;
    text += `; α and β ${tally.wr} right, ${tally.ww} wrong, ${tally.wb} blank`;
    if (tally.vb) text += ' (the cuts under a node are checked once its value is written)';
  }
  document.getElementById('practice-score').textContent = text;
  showReasons([...new Set(reasons)]);
  render();
  return text;
}
// The reasons for the wrong answers, a few at a time, under the bar.
export function showReasons(list) {
  const ul = document.getElementById('practice-why');
  ul.hidden = !list.length;
  ul.innerHTML = list.slice(0, 4).map((r) => `<li>${esc(r)}</li>`).join('') + (list.length > 4 ? `<li>… and ${list.length - 4} more (hover a ✗)</li>` : '');
}
// The engine's answers at node `n`: its value, its window, the cuts under it.
function fillAnswers(n) {
  answers.set(n, valueText(n, tree.value[n]));
  if (windowed) { answers.set('a' + n, num(tree.alpha[n])); answers.set('b' + n, num(tree.beta[n])); }
  for (const c of children(n)) if (windowed && topPruned(c)) cuts.add(c);
}
// Scores what the student wrote, then fills in the answers: the score stays
// the student's, and the marks show where the answers differ.
export function revealAnswers() {
  if (H.sealed) { document.getElementById('practice-score').textContent = 'This worksheet holds no answers: the key is your teacher\'s.'; return; }
  const score = check();
  answers.clear();
  cuts.clear();
  for (const n of subtree(ui.practiceTop)) if (!isLeaf(n) && !enginePruned(n)) fillAnswers(n);
  document.getElementById('practice-score').textContent = `Your answers: ${score}. The boxes now hold the search's answers.`;
  render();
}
// One node at a time: the next node, in the order the search visits them,
// whose answers are not all right yet gets the engine's, with the reason.
export function revealOne() {
  if (H.sealed) return revealAnswers();
  const ok = (n) => {
    const a = parseAnswer(answers.get(n) || '');
    if (!a || a.v !== tree.value[n] || (a.kind && a.kind !== (tree.flags[n] & (LOWER | UPPER)))) return false;
    if (windowed && (!sameEnd(answers.get('a' + n), tree.alpha[n]) || !sameEnd(answers.get('b' + n), tree.beta[n]))) return false;
    return children(n).every((c) => !windowed || topPruned(c) === cuts.has(c));
  };
  const next = subtree(ui.practiceTop).find((n) => !isLeaf(n) && !enginePruned(n) && !cutAbove(n) && !ok(n));
  const out = document.getElementById('practice-score');
  if (next === undefined) { out.textContent = 'Every answer on the worksheet is right.'; return; }
  fillAnswers(next);
  for (const c of children(next)) if (cuts.has(c) && !topPruned(c)) cuts.delete(c);
  ui.marks = null;
  setSelected(next);
  out.textContent = `Revealed: ${whyValue(next)}` + (windowed ? `; ${whyWindow(next)}` : '');
  render();
  bringIntoView(next);
}
export function toggleCut(n) {
  if (ui.mode !== 'practice' || !windowed || n <= 0 || n === ui.practiceTop) return;
  if (cuts.has(n)) cuts.delete(n); else cuts.add(n);
  setSelected(n);
  ui.marks = null;
  render();
}
