// ---- Step-through: going to a step, keeping its path in view, playback,
// stepping over a subtree and on to a cut-off.
import { setSelected, tree, ui } from './state.js';
import { H, actionName, decisionNode, idOf, indexOf, isMax } from './data.js';
import { esc } from './boards.js';
import { num, pathTo, tag, uniqueNames, windowText } from './words.js';
import { E, apply, cutSteps, events, fresh, returnAt, step } from './trace.js';
import { reveal } from './view.js';
import { drawnNodes, treeBox } from './layout.js';
import { render, renderSome, stepPath } from './nodes.js';
import { showStepBoard } from './step_board.js';
export const slider = /** @type {HTMLInputElement} */ (document.getElementById('slider'));
const stepText = document.getElementById('step-text');
export function goTo(k) {
  k = Math.max(0, Math.min(E, k));
  let st = step.state;
  if (!st || k < st.at) { st = fresh(); }
  while (st.at < k) apply(st, st.at);
  step.state = st;
  step.at = k;
  slider.max = String(E);
  slider.value = String(k);
  let text = E ? `step ${k} of ${E}: ${st.last || 'the start'}` : H.trace_note || '';
  const d = decisionNode();
  if (E && k === E && d >= 0) text += `. The decision: ${actionName(d)}, value ${num(tree.value[0])}`;
  stepText.textContent = text;
  showBreadcrumb(st);
  if (ui.mode !== 'step') return;
  document.getElementById('banner').hidden = k < E;
  const was = { at: ui.shownStep, selected: ui.selected, path: ui.shownPath };
  let opened = false;
  if (st.current >= 0) { opened = reveal(st.current); setSelected(st.current); }
  // What the step talks about (the skipped children of a cut, the ancestor
  // whose bound explains it) is unfolded too.
  for (const m of st.explained) if (m >= 0) opened = reveal(m) || opened;
  if (k === E && d >= 0) opened = reveal(d) || opened;
  // One step forward that opens nothing and cuts nothing off changes only the
  // event's node, its parent, and the old and new paths: playback redraws
  // those alone, whatever the size of the tree drawn.
  if (!opened && k >= 1 && was.at === k - 1 && k < E && events[5 * (k - 1)] !== 4) {
    const n = indexOf(events[5 * (k - 1) + 1]);
    renderSome(new Set([n, tree.parent[n], was.selected, ...was.path, ...stepPath()]));
  } else render();
  // The last step shows the decision, wherever the search ended.
  const focus = E && k === E && d >= 0 ? d : st.current;
  if (focus >= 0) keepPathInView(focus, st.explained);
  // (A board that docks beside the tree narrows it: the path is kept in view again.)
  if (showStepBoard() && focus >= 0) keepPathInView(focus, st.explained);
}
// The path to the current node as a line of crumbs, each with its side, its
// window now and its best so far; a path too long for the line keeps the root
// and the last levels.
const crumbs = document.getElementById('breadcrumb');
function showBreadcrumb(st) {
  const path = st.current >= 0 ? [...pathTo(st.current)] : [];
  if (st.current >= 0) path.unshift(0);
  const crumb = (n) => {
    const w = st.win.get(n), best = st.best.get(n);
    // (By its label where labels name nodes, A, B...; else by id and action.)
    const named = uniqueNames || (n === 0 && H.root_name) ? actionName(n) : n === 0 ? tag(n) : `${tag(n)} ${actionName(n)}`;
    const parts = [`${isMax(n) ? '▲' : '▼'} ${named}`,
      w ? windowText(w[0], w[1]) : '', best !== undefined && !st.val.has(n) ? `${isMax(n) ? '≥' : '≤'} ${num(best)}` : ''];
    return `<span class="crumb${n === st.current ? ' current' : ''}" data-crumb="${idOf(n)}">${esc(parts.filter(Boolean).join(' '))}</span>`;
  };
  const MOST = 6;
  const shown = path.length > MOST ? [path[0], -1, ...path.slice(path.length - (MOST - 1))] : path;
  const html = shown.map((n) => (n < 0 ? '<span class="sep">…</span>' : crumb(n))).join('<span class="sep">›</span>');
  if (crumbs._html !== html) { crumbs.innerHTML = html; crumbs._html = html; }
}
export function stopPlay() { if (step.timer) clearInterval(step.timer); step.timer = null; document.getElementById('play').textContent = '▶'; }
// Brings node `n` into view if it is drawn and out of sight.
export function bringIntoView(n) {
  const el = drawnNodes.get(n);
  if (!el || el._gone) return;
  const box = treeBox.getBoundingClientRect(), r = el.getBoundingClientRect();
  if (r.left < box.left || r.right > box.right || r.top < box.top || r.bottom > box.bottom) {
    el.scrollIntoView({ block: 'nearest', inline: 'center' });
  }
}
// Scrolls as little as keeps the whole path from the root to `n` in view,
// so that the ancestor whose window explains a cut stays on screen; a path
// wider or taller than the view keeps `n` itself in the middle of it.
function keepPathInView(n, also = []) {
  const el = drawnNodes.get(n);
  if (!el || el._gone) return;
  const box = treeBox.getBoundingClientRect(), cur = el.getBoundingClientRect();
  const span = { left: cur.left, right: cur.right, top: cur.top, bottom: cur.bottom };
  const ancestors = [];
  for (let p = tree.parent[n]; p >= 0; p = tree.parent[p]) ancestors.push(p);
  // The path first; then what the step explains, as far as it still fits.
  const grow = (ns, onlyIfFits) => {
    for (const p of ns) {
      const e = drawnNodes.get(p);
      if (!e || e._gone) continue;
      const r = e.getBoundingClientRect();
      const w = { left: Math.min(span.left, r.left), right: Math.max(span.right, r.right), top: Math.min(span.top, r.top), bottom: Math.max(span.bottom, r.bottom) };
      if (onlyIfFits && (w.right - w.left > treeBox.clientWidth - 16 || w.bottom - w.top > treeBox.clientHeight - 16)) continue;
      Object.assign(span, w);
    }
  };
  grow(ancestors, false);
  grow(also, true);
  // A margin where there is room for it; none where the path only just fits
  // (a line of five compact levels on a projector).
  const shift = (lo, hi, clo, chi, vlo, vhi) => {
    for (const pad of [8, 0]) {
      if (hi - lo + 2 * pad <= vhi - vlo) return lo - pad < vlo ? lo - pad - vlo : hi + pad > vhi ? hi + pad - vhi : 0;
    }
    return clo < vlo || chi > vhi ? (clo + chi) / 2 - (vlo + vhi) / 2 : 0;
  };
  const dx = shift(span.left, span.right, cur.left, cur.right, box.left, box.left + treeBox.clientWidth);
  const dy = shift(span.top, span.bottom, cur.top, cur.bottom, box.top, box.top + treeBox.clientHeight);
  if (dx || dy) treeBox.scrollBy(dx, dy);
}
export function togglePlay() {
  if (step.timer) return stopPlay();
  document.getElementById('play').textContent = '❚❚';
  step.timer = setInterval(() => { if (step.at >= E) stopPlay(); else goTo(step.at + 1); }, Number(/** @type {HTMLSelectElement} */ (document.getElementById('speed')).value));
}
export function stepOver() {
  const st = step.state;
  const at = step.at;
  // Just entered an inner node: past its return. About to enter one: past that one's.
  if (at > 0 && events[5 * (at - 1)] === 0) {
    const n = indexOf(events[5 * (at - 1) + 1]);
    if (tree.count[n] && returnAt[n] >= at) return goTo(returnAt[n] + 1);
  }
  if (at < E && events[5 * at] === 0) { const n = indexOf(events[5 * at + 1]); if (returnAt[n] >= at) return goTo(returnAt[n] + 1); }
  if (st.current >= 0 && returnAt[st.current] >= at) return goTo(returnAt[st.current] + 1);
  goTo(at + 1);
}
export function nextCut(d) {
  const k = d > 0 ? cutSteps.find((s) => s > step.at) : [...cutSteps].reverse().find((s) => s < step.at);
  if (k === undefined) { stepText.textContent = `no ${d > 0 ? 'later' : 'earlier'} cut-off` + (cutSteps.length ? '' : ': this search cut nothing off'); return; }
  goTo(k);
}
