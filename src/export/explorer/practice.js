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
