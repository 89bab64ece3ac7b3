// ---- Header, decision banner and legend. Practice shows nothing the
// student is asked for: no decision, line or counts of pruned nodes.
import { hooks, tree, ui } from './state.js';
import { H, S, actionName } from './data.js';
import { P, boardSvg, esc } from './boards.js';
import { RULE, num } from './words.js';
import { E, step } from './trace.js';
import { findBox } from './find.js';
export function header() {
  const visited = S.node_count - S.pruned;
  const practice = ui.mode === 'practice';
  const span = (id, v) => `<span id="${id}">${esc(v)}</span>`;
  document.getElementById('facts').innerHTML =
    `<b>${span('game', S.game)}</b> · ${span('search', S.search === 'alphabeta' ? 'alpha-beta' : 'minimax')}` +
    (RULE ? ` (<span id="pruning" title="${esc(RULE.long)}">${esc(RULE.short)}</span>)` : '') + ` · depth ${span('depth', S.depth)} · ` +
    `${span('to-move', S.to_move)} to move · ${span('nodes', S.node_count + (tree.N < S.node_count ? ` (${tree.N} in this page: scope ${H.scope})` : ''))} nodes`;
  const dd = (id, label, v) => `<dt>${label}</dt><dd id="${id}">${esc(v)}</dd>`;
  document.getElementById('details').innerHTML = (P.points.length ? boardSvg(0, 150) : '') + '<dl>' + dd('position', 'position', S.position) +
    (RULE ? dd('rule', 'cut-off rule', RULE.long) : '') +
    (practice ? '' : dd('visited', 'visited / pruned', `${visited} / ${S.pruned}`)) + '</dl>' + `<p class="note">${esc(S.evaluation)}.</p>`;
  const banner = document.getElementById('banner');
  // Stepping through, the decision is the last step's news, not the first's.
  banner.hidden = practice || (ui.mode === 'step' && (step.at < E || !E));
  banner.innerHTML = practice ? '' : S.decision === null || S.decision === undefined
    ? `No decision: ${esc(S.to_move)} cannot act. Value <b id="decision-value">${esc(num(S.value))}</b>`
    : `Decision <b id="decision">${esc(S.decision)}</b>, value <b id="decision-value">${esc(num(S.value))}</b> <span class="line-label">line of best play</span> <span id="line">${esc(S.line.join(' '))}</span>`;
  // One line, so that the tree keeps the height: the keys in short.
  document.getElementById('legend').innerHTML =
    '<span><b class="role max">▲ MAX</b> takes the greatest child value, <b class="role min">▼ MIN</b> the least</span>' +
    '<span><span class="swatch" style="background:#eee"></span>leaf (its static cost)</span>' +
    (practice ? '' : '<span><span class="swatch" style="border-color:#c00"></span>best play</span>' +
      '<span><span class="swatch" style="border-style:dashed"></span>never searched, ✂ cut-off</span><span>≥ 3, ≤ 2: bounds</span>') +
    '<span class="keys" title="Arrows move, Enter expands, / finds, + and − zoom, f fits; PageDown or space walk the tree in search order, PageUp back; stepping through: → PageDown or space forward, ← PageUp back, p plays">keys: ←↑→↓ Enter / + − f; step → PgDn space, ← PgUp</span>';
  const first2 = [];
  for (let n = 0; tree.count[n] && first2.length < 2; n = tree.first[n]) first2.push(actionName(tree.first[n]));
  findBox.placeholder = `id (12), or actions: ${first2.join(' ')}`;
  for (const f of hooks.header) f();
}
