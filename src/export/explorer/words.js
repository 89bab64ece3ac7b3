// ---- Numbers and bounds.
import { tree } from './state.js';
import { CUT_ALPHA, CUT_BETA, H, LOWER, S, UPPER, actionName, enginePruned, idOf, isMax } from './data.js';
export const num = (v) => (v === -Infinity ? '−∞' : v === Infinity ? '+∞' : String(v).replace('-', '−'));
// A value alpha-beta only bounded is written as the bound it is.
const boundSign = (n) => (tree.flags[n] & LOWER ? '≥ ' : tree.flags[n] & UPPER ? '≤ ' : '');
export const valueText = (n, v) => boundSign(n) + num(v);
export const role = (n) => (isMax(n) ? '▲ MAX' : '▼ MIN');
export const tag = (n) => `#${idOf(n)}`;
export function pathTo(n) { const p = []; for (; n > 0; n = tree.parent[n]) p.push(n); return p.reverse(); }
// The cut-off rule, in words: courses differ on whether a value that only
// reaches the bound (a tie) cuts off (AIMA) or must pass it (CS188).
export const pastBound = S.pruning === 'no-prune-on-ties';
export const RULE = !S.pruning ? null : pastBound
  ? { short: 'ties do not prune', long: 'A node is cut off only when a value passes its bound (v > β, v < α): ties do not prune (as in CS188).' }
  : { short: 'ties prune', long: 'A node is cut off as soon as a value reaches its bound (v ≥ β, v ≤ α): ties prune (as in AIMA).' };
export function cutText(kind, v, a, b) {
  return kind === 'beta' ? `β cut-off: ${num(v)} ${pastBound ? '>' : '≥'} β = ${num(b)}` : `α cut-off: ${num(v)} ${pastBound ? '<' : '≤'} α = ${num(a)}`;
}
// ---- Names: a class talks of nodes by their labels ("c2"), as the textbook
// does. Where every action in the page is a different name (a labelled
// textbook tree), a node's name is its action; elsewhere (checkers, or the
// unlabelled tree whose actions are 1, 2, 3 at every level) the action needs
// the node's id beside it to say which node it is.
export const uniqueNames = (() => {
  const seen = new Set();
  for (let i = 1; i < tree.N; i++) { const a = H.actions[tree.action[i]]; if (seen.has(a) || /^\d+$/.test(a)) return false; seen.add(a); }
  return tree.N > 1;
})();
export const nameOf = (n) => (n === 0 ? H.root_name || 'the root' : uniqueNames ? actionName(n) : `${tag(n)} (${actionName(n)})`);
// The name with the id beside it, where the name has none: "C (#2)", "#5 (b2)".
export const nameAndId = (n) => (n === 0 || uniqueNames ? `${nameOf(n)} (${tag(n)})` : nameOf(n));
// "c2 and c3", "c2, c3 and c4", or the first few and how many more.
function nameList(ns) {
  const names = ns.slice(0, 4).map(nameOf);
  if (ns.length > 4) names.push(`${ns.length - 4} more`);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
export const sideOf = (n) => (isMax(n) ? 'MAX' : 'MIN');
// A window as the textbook writes it, [α, β], low end first. One that has
// closed (the node cuts off) is no range, and says so: never "[3, 2]".
export const windowText = (a, b) => ((pastBound ? a > b : a >= b) && a !== b ? 'α ≥ β ✂' : `[${num(a)}, ${num(b)}]`);
// The nodes a cut at `n` skips: its children from the first pruned one on.
export function skippedKids(n) {
  const out = [];
  for (let k = 0; k < tree.count[n]; k++) if (enginePruned(tree.first[n] + k)) out.push(tree.first[n] + k);
  return out;
}
// Why a cut-off at `n` skips `kids`: what `n` already has, and which
// ancestor's choice makes the rest useless (`from`: the ancestor on the other
// side whose best so far is the bound, and the child it has it from).
export function cutReason(n, kids, v, bound, from) {
  const beyond = kids.length === 1 ? 'is never looked at' : 'are never looked at';
  const op = isMax(n) ? (pastBound ? '>' : '≥') : (pastBound ? '<' : '≤');
  const who = from ? `${sideOf(from.at)} at ${nameOf(from.at)} has ${num(bound)}` + (from.child >= 0 ? ` from ${nameOf(from.child)}` : '')
    : `${isMax(n) ? 'β' : 'α'} = ${num(bound)}`;
  return `${nameList(kids)} ${beyond}: ${sideOf(n)} at ${nameOf(n)} already has ${num(v)}, and ${who} (${num(v)} ${op} ${num(bound)})`;
}
// The ancestor of `n` on the other side whose value `bound` is: in the
// finished search, the nearest one above whose window made the bound.
export function boundOwner(n, bound, bestOf, fromOf) {
  for (let p = tree.parent[n]; p >= 0; p = tree.parent[p]) {
    if (isMax(p) === isMax(n)) continue;
    if (bestOf(p) === bound) return { at: p, child: fromOf(p) };
  }
  return null;
}
export function engineCut(n) {
  if (!(tree.flags[n] & (CUT_BETA | CUT_ALPHA)) || tree.count[n] === 0) return null;
  const kind = tree.flags[n] & CUT_BETA ? 'beta' : 'alpha';
  const kids = skippedKids(n);
  if (!kids.length) return null;
  return `${cutText(kind, tree.value[n], tree.alpha[n], tree.beta[n])}: ${nameList(kids)} never searched`;
}
