// ---- Practice. A student answers a value for each inner node the engine
// searched, and cuts each edge it never followed; only those are scored, each
// with its own mark, and nothing under a cut the student made is asked.
import { tree, ui } from './state.js';
import { LOWER, UPPER, bestChild, children, enginePruned, isLeaf, isMax, windowed } from './data.js';
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
// = 2"; a cut-off's reason; the window a node is entered with.
function whyValue(n) {
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
  return `${nameOf(n)} is entered with [α, β] = ${windowText(tree.alpha[n], tree.beta[n])}` +
    (p < 0 ? ': nothing is known yet at the root' : `: ${nameOf(p)}'s window when the search reaches it`);
}
// A missed cut says why the parent stops, for all the children it skips at
// once (one reason, not one per edge).
function whyCut(n, verdict) {
  const p = tree.parent[n];
  if (verdict === 'wrong') return `${nameOf(n)} is searched: ${nameOf(p)} has no cut-off before it`;
  const bound = isMax(p) ? tree.beta[p] : tree.alpha[p];
  return cutReason(p, skippedKids(p), tree.value[p], bound, boundOwner(p, bound, (q) => tree.value[q], bestChild));
}
// Whether a written end of a window is the window's.
function sameEnd(text, v) { const a = parseAnswer(text || ''); return a ? (a.kind === 0 && a.v === v) : a; }
// Scores the worksheet: the questions under practiceTop, and nothing else.
// Each wrong answer gets its reason, on its mark and in the list below the bar.
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
  for (const n of subtree(ui.practiceTop)) {
    if (windowed && n !== ui.practiceTop && !enginePruned(tree.parent[n])) {
      if (topPruned(n)) { if (cuts.has(n)) { tally.cr++; mark(n, 'cut', 'right'); } else { tally.cm++; mark(n, 'cut', 'missed', whyCut(n, 'missed')); } }
      else if (cuts.has(n)) { tally.cw++; mark(n, 'cut', 'wrong', whyCut(n, 'wrong')); }
    }
    if (isLeaf(n) || enginePruned(n)) continue;
    // Under a cut of the student's own, a node the engine searched goes unanswered.
    const a = cutAbove(n) ? null : parseAnswer(answers.get(n) || '');
    let verdict;
    if (a === null) { verdict = 'blank'; tally.vb++; }
    else if (a !== undefined && a.v === tree.value[n] && (a.kind === 0 || a.kind === (tree.flags[n] & (LOWER | UPPER)))) { verdict = 'right'; tally.vr++; }
    else { verdict = 'wrong'; tally.vw++; }
    mark(n, 'value', verdict, verdict === 'wrong' ? whyValue(n) : null);
    if (windowed && !cutAbove(n)) {
      for (const [k, v] of [['a', tree.alpha[n]], ['b', tree.beta[n]]]) {
        const t = answers.get(k + n);
        const ok = !t || !t.trim() ? null : sameEnd(t, v);
        const w = ok === null ? 'blank' : ok ? 'right' : 'wrong';
        tally[w === 'right' ? 'wr' : w === 'wrong' ? 'ww' : 'wb']++;
        mark(n, k, w, w === 'wrong' ? whyWindow(n) : null);
      }
    }
  }
  const right = tally.vr + tally.cr, total = tally.vr + tally.vw + tally.vb + tally.cr + tally.cm + tally.cw;
  let text = `${right} of ${total} right: values ${tally.vr} right, ${tally.vw} wrong, ${tally.vb} blank`;
  if (windowed) {
    text += `; cuts ${tally.cr} right, ${tally.cw} wrong, ${tally.cm} missed`;
    text += `; α and β ${tally.wr} right, ${tally.ww} wrong, ${tally.wb} blank`;
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
  ui.selected = next;
  out.textContent = `Revealed: ${whyValue(next)}` + (windowed ? `; ${whyWindow(next)}` : '');
  render();
  bringIntoView(next);
}
export function toggleCut(n) {
  if (ui.mode !== 'practice' || !windowed || n <= 0 || n === ui.practiceTop) return;
  if (cuts.has(n)) cuts.delete(n); else cuts.add(n);
  ui.selected = n;
  ui.marks = null;
  render();
}
