// ---- Questions: what a worksheet on a subtree asks.
// The engine's pruned nodes whose parent it searched: the edges a student cuts.
const topPruned = (n) => n > 0 && enginePruned(n) && !enginePruned(parent[n]);
// The questions a worksheet on the subtree under each node asks: a value for
// each inner node the engine searched, and under alpha-beta a cut for each
// edge it never followed. A child's index is greater than its parent's.
// A student's worksheet (H.sealed) knows no cut, so it counts no questions:
// it is asked whole, as on paper.
const questions = new Int32Array(N);
for (let n = N - 1; n >= 0 && !H.sealed; n--) {
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
