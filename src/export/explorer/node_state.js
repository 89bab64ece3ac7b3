// ---- A node's state in the current mode: what its box and the panel show.
import { tree, ui } from './state.js';
import { enginePruned, isLeaf, windowed } from './data.js';
import { engineCut, num, skippedKids, valueText, windowText } from './words.js';
import { skippedSoFar, step } from './trace.js';
export function nodeState(n) {
  if (ui.mode === 'step') {
    const st = step.state;
    const w = st.win.get(n);
    const done = st.val.has(n);
    const pruned = skippedSoFar(st, n);
    // A leaf's value is given, as in the textbook's figure: the class
    // predicts from it. An inner node's comes when the search returns it.
    return {
      value: isLeaf(n) ? num(tree.cost[n]) : done ? valueText(n, st.val.get(n)) : pruned ? 'pruned' : '?',
      running: !done && st.best.has(n) ? `best so far ${num(st.best.get(n))}` : '',
      pruned,
      window: w && !isLeaf(n) ? windowText(w[0], w[1]) : '',
      cut: st.cut.get(n) || '',
      cutKids: st.cutShort.get(n) || null,
      current: st.current === n,
    };
  }
  const pruned = enginePruned(n);
  return {
    value: isLeaf(n) ? num(tree.cost[n]) : pruned ? 'pruned' : valueText(n, tree.value[n]),
    running: '',
    pruned,
    window: windowed && !pruned && !isLeaf(n) ? windowText(tree.alpha[n], tree.beta[n]) : '',
    cut: engineCut(n) || '',
    cutKids: engineCut(n) ? skippedKids(n) : null,
    current: false,
  };
}
