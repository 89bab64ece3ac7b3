// ---- Events from the person.
import { setSelected, tree, ui } from './state.js';
import { PAGE } from './data.js';
import { P, boardSvg } from './boards.js';
import { drawnTop } from './questions.js';
import { E, step } from './trace.js';
import { answers, resetView, showCount, shownKids } from './view.js';
import { canvas, treeBox } from './layout.js';
import { render } from './nodes.js';
import { fit, setCompact, setZoom } from './zoom.js';
import { panel } from './panel.js';
import { leaving, practiseHere, setMode } from './modes.js';
import { playKey, stepKey } from './keys.js';
import { goTo, nextCut, slider, stepOver, stopPlay, togglePlay } from './step.js';
import { check, clearSheet, revealAnswers, revealOne, showReasons, toggleCut } from './practice.js';
import { find, findBox, select } from './find.js';
const hover = document.getElementById('hover');
canvas.addEventListener('click', (ev) => {
  const t = /** @type {HTMLElement} */ (ev.target);
  if (t.dataset.toggle) { const n = Number(t.dataset.toggle); ui.open[n] ^= 1; setSelected(n); render(); return; }
  if (t.dataset.more) { const n = Number(t.dataset.more); shownKids.set(n, showCount(n) + PAGE); render(); return; }
  const edge = /** @type {HTMLElement} */ (t.closest('[data-cut]'));
  if (edge) { toggleCut(Number(edge.dataset.cut)); return; }
  if (t.closest('input, label')) return;
  const el = /** @type {HTMLElement} */ (t.closest('.node'));
  if (el) { setSelected(Number(el.dataset.index)); render(); }
});
panel.addEventListener('click', (ev) => {
  const t = /** @type {HTMLElement} */ (ev.target);
  if (t.id === 'cut-edge') toggleCut(Number(t.dataset.cut));
});
// Compact nodes show their board on hover.
canvas.addEventListener('mouseover', (ev) => {
  const t = /** @type {HTMLElement} */ (ev.target);
  const el = ui.compact && P.points.length ? /** @type {HTMLElement} */ (t.closest('.node')) : null;
  if (!el) { hover.hidden = true; return; }
  hover.innerHTML = boardSvg(Number(el.dataset.index), 160);
  const r = el.getBoundingClientRect();
  hover.style.left = Math.min(window.innerWidth - 180, r.right + 6) + 'px';
  hover.style.top = Math.max(0, Math.min(window.innerHeight - 180, r.top)) + 'px';
  hover.hidden = false;
});
canvas.addEventListener('mouseleave', () => { hover.hidden = true; });
// Answers: a node's value under its index, the window's ends under 'a' and 'b' and the index.
function noteAnswer(t) {
  if (t.dataset.guess) answers.set(Number(t.dataset.guess), t.value);
  else if (t.dataset.alpha) answers.set('a' + t.dataset.alpha, t.value);
  else if (t.dataset.beta) answers.set('b' + t.dataset.beta, t.value);
}
canvas.addEventListener('change', (ev) => noteAnswer(ev.target));
canvas.addEventListener('input', (ev) => noteAnswer(ev.target));
document.getElementById('mode-explore').onclick = () => setMode('explore');
document.getElementById('mode-step').onclick = () => setMode('step');
document.getElementById('mode-practice').onclick = () => setMode('practice');
document.getElementById('expand-all').onclick = () => {
  if (tree.N > 5000) { document.getElementById('find-result').textContent = `${tree.N} nodes: too many to draw at once; expand node by node`; return; }
  ui.open.fill(1); for (let n = 0; n < tree.N; n++) if (tree.count[n] > PAGE) shownKids.set(n, tree.count[n]); render(); fit();
};
document.getElementById('collapse-all').onclick = () => { resetView(); setSelected(0); render(); fit(); };
document.getElementById('compact').onclick = () => { setCompact(!ui.compact); render(); fit(); };
document.getElementById('zoom-fit').onclick = fit;
document.getElementById('zoom-in').onclick = () => setZoom(ui.zoom * 1.25);
document.getElementById('zoom-out').onclick = () => setZoom(ui.zoom / 1.25);
const moreTools = /** @type {HTMLElement} */ (document.getElementById('more-tools'));
moreTools.onclick = () => moreTools.setAttribute('aria-expanded', String(moreTools.getAttribute('aria-expanded') !== 'true'));
document.getElementById('more-facts').onclick = (ev) => {
  const d = document.getElementById('details');
  d.hidden = !d.hidden;
  /** @type {HTMLElement} */ (ev.target).setAttribute('aria-expanded', String(!d.hidden));
};
document.getElementById('to-start').onclick = () => goTo(0);
document.getElementById('to-end').onclick = () => goTo(E);
document.getElementById('step-back').onclick = () => goTo(step.at - 1);
document.getElementById('step-forward').onclick = () => goTo(step.at + 1);
document.getElementById('step-over').onclick = stepOver;
document.getElementById('prev-cut').onclick = () => nextCut(-1);
document.getElementById('next-cut').onclick = () => nextCut(1);
document.getElementById('play').onclick = togglePlay;
slider.oninput = () => goTo(Number(slider.value));
document.getElementById('check').onclick = check;
document.getElementById('reveal').onclick = revealAnswers;
document.getElementById('reveal-one').onclick = revealOne;
document.getElementById('practise-here').onclick = practiseHere;
document.getElementById('clear').onclick = () => { clearSheet(); document.getElementById('practice-score').textContent = ''; showReasons([]); render(); };
document.getElementById('leave-yes').onclick = () => { leaving.hidden = true; setMode(leaving.dataset.to, true); };
document.getElementById('leave-no').onclick = () => { leaving.hidden = true; document.getElementById('mode-practice').focus(); };
findBox.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { find(findBox.value); treeBox.focus(); } });
// The node after `n` in the order the search visits them (by > 0), or the
// one before, within what is drawn: what the presenter's PageDown, space and
// PageUp walk through where there is no step to take (Explore, Practice).
function walk(n, by) {
  const top = drawnTop();
  if (by > 0) {
    if (tree.count[n]) return tree.first[n];
    for (let m = n; m !== top && tree.parent[m] >= 0; m = tree.parent[m]) {
      const p = tree.parent[m];
      if (m + 1 < tree.first[p] + tree.count[p]) return m + 1;
    }
    return n;
  }
  if (n === top || n <= 0) return n;
  const p = tree.parent[n];
  if (n === tree.first[p]) return p;
  let m = n - 1;
  while (tree.count[m]) m = tree.first[m] + tree.count[m] - 1;
  return m;
}
document.addEventListener('keydown', (ev) => {
  // A presenter's clicker sends PageDown and PageUp (some send → ← or
  // space): stepping through, they step from anywhere on the page, a focused
  // button or the slider too; only a box one types into keeps its keys.
  const t = /** @type {HTMLElement} */ (ev.target);
  const typing = t.closest && t.closest('input:not([type="range"]), select, textarea');
  if (ui.mode === 'step' && !typing && !ev.altKey && !ev.ctrlKey && !ev.metaKey) {
    const by = stepKey(ev);
    if (by) { ev.preventDefault(); stopPlay(); goTo(step.at + by); return; }
    if (playKey(ev)) { ev.preventDefault(); togglePlay(); return; }
  }
  // A focused control acts on its own keys (Enter and space press a button).
  if (t.closest && t.closest('input, select, button, textarea')) return;
  const n = ui.selected;
  // The arrows stay in the drawing: a worksheet's top has no parent or siblings on the page.
  const top = n === drawnTop();
  const sib = (d) => { const p = tree.parent[n]; if (p < 0 || top) return; const k = n - tree.first[p] + d; if (k >= 0 && k < tree.count[p]) select(tree.first[p] + k); };
  switch (ev.key) {
    case 'ArrowUp': if (tree.parent[n] >= 0 && !top) select(tree.parent[n]); break;
    case 'ArrowDown': if (tree.count[n]) { ui.open[n] = 1; select(tree.first[n]); } break;
    case 'ArrowLeft': sib(-1); break;
    case 'ArrowRight': sib(1); break;
    // (The arrows move about the tree; the clicker's keys walk it in order.)
    case 'PageDown': case ' ': ev.preventDefault(); select(walk(n, 1)); break;
    case 'PageUp': ev.preventDefault(); select(walk(n, -1)); break;
    case 'Enter': if (tree.count[n]) { ui.open[n] ^= 1; render(); } break;
    // (A phone's find box waits behind "More": the key opens it first.)
    case '/': ev.preventDefault(); if (!findBox.offsetParent) moreTools.setAttribute('aria-expanded', 'true'); findBox.focus(); findBox.select(); break;
    case '+': case '=': setZoom(ui.zoom * 1.25); break;
    case '-': setZoom(ui.zoom / 1.25); break;
    case 'f': fit(); break;
    case 'x': toggleCut(n); break;
    case '.': if (ui.mode === 'step') goTo(step.at + 1); break;
    case ',': if (ui.mode === 'step') goTo(step.at - 1); break;
    case 'o': if (ui.mode === 'step') stepOver(); break;
    case 'c': if (ui.mode === 'step') nextCut(1); break;
    case 'C': if (ui.mode === 'step') nextCut(-1); break;
    case 'Home': if (ui.mode === 'step') goTo(0); break;
    case 'End': if (ui.mode === 'step') goTo(E); break;
    default: return;
  }
});
