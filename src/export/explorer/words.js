// ---- Numbers and bounds.
const num = (v) => (v === -Infinity ? '−∞' : v === Infinity ? '+∞' : String(v).replace('-', '−'));
// A value alpha-beta only bounded is written as the bound it is.
const boundSign = (n) => (flags[n] & LOWER ? '≥ ' : flags[n] & UPPER ? '≤ ' : '');
const valueText = (n, v) => boundSign(n) + num(v);
const role = (n) => (isMax(n) ? '▲ MAX' : '▼ MIN');
const tag = (n) => `#${idOf(n)}`;
function pathTo(n) { const p = []; for (; n > 0; n = parent[n]) p.push(n); return p.reverse(); }
// The cut-off rule, in words: courses differ on whether a value that only
// reaches the bound (a tie) cuts off (AIMA) or must pass it (CS188).
const pastBound = S.pruning === 'no-prune-on-ties';
const RULE = !S.pruning ? null : pastBound
  ? { short: 'ties do not prune', long: 'A node is cut off only when a value passes its bound (v > β, v < α): ties do not prune (as in CS188).' }
  : { short: 'ties prune', long: 'A node is cut off as soon as a value reaches its bound (v ≥ β, v ≤ α): ties prune (as in AIMA).' };
function cutText(kind, v, a, b) {
  return kind === 'beta' ? `β cut-off: ${num(v)} ${pastBound ? '>' : '≥'} β = ${num(b)}` : `α cut-off: ${num(v)} ${pastBound ? '<' : '≤'} α = ${num(a)}`;
}
function engineCut(n) {
  if (!(flags[n] & (CUT_BETA | CUT_ALPHA)) || count[n] === 0) return null;
  const kind = flags[n] & CUT_BETA ? 'beta' : 'alpha';
  let lo = -1;
  for (let k = 0; k < count[n]; k++) if (enginePruned(first[n] + k)) { lo = first[n] + k; break; }
  return `${cutText(kind, value[n], alpha[n], beta[n])}; children ${idOf(lo)}-${idOf(first[n] + count[n] - 1)} skipped`;
}
