// ---- Events from the person.
const hover = document.getElementById('hover');
canvas.addEventListener('click', (ev) => {
  const t = ev.target;
  if (t.dataset.toggle) { const n = Number(t.dataset.toggle); open[n] ^= 1; selected = n; render(); return; }
  if (t.dataset.more) { const n = Number(t.dataset.more); shownKids.set(n, showCount(n) + PAGE); render(); return; }
  const edge = t.closest('[data-cut]');
  if (edge) { toggleCut(Number(edge.dataset.cut)); return; }
  if (t.closest('input, label')) return;
  const el = t.closest('.node');
  if (el) { selected = Number(el.dataset.index); render(); }
});
panel.addEventListener('click', (ev) => { if (ev.target.id === 'cut-edge') toggleCut(Number(ev.target.dataset.cut)); });
// Compact nodes show their board on hover.
canvas.addEventListener('mouseover', (ev) => {
  const el = compact && P.points.length && ev.target.closest && ev.target.closest('.node');
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
  if (N > 5000) { document.getElementById('find-result').textContent = `${N} nodes: too many to draw at once; expand node by node`; return; }
  open.fill(1); for (let n = 0; n < N; n++) if (count[n] > PAGE) shownKids.set(n, count[n]); render(); fit();
};
document.getElementById('collapse-all').onclick = () => { resetView(); selected = 0; render(); fit(); };
document.getElementById('compact').onclick = () => { compact = !compact; syncCompact(); render(); fit(); };
document.getElementById('zoom-fit').onclick = fit;
document.getElementById('zoom-in').onclick = () => setZoom(zoom * 1.25);
document.getElementById('zoom-out').onclick = () => setZoom(zoom / 1.25);
document.getElementById('more-facts').onclick = (ev) => {
  const d = document.getElementById('details');
  d.hidden = !d.hidden;
  ev.target.setAttribute('aria-expanded', String(!d.hidden));
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
document.getElementById('clear').onclick = () => { answers.clear(); cuts.clear(); marks = null; document.getElementById('practice-score').textContent = ''; showReasons([]); render(); };
document.getElementById('leave-yes').onclick = () => { leaving.hidden = true; setMode(leaving.dataset.to, true); };
document.getElementById('leave-no').onclick = () => { leaving.hidden = true; document.getElementById('mode-practice').focus(); };
const findBox = document.getElementById('find');
findBox.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { find(findBox.value); treeBox.focus(); } });
document.addEventListener('keydown', (ev) => {
  // A presenter's clicker sends PageDown and PageUp (some send → ← or
  // space): stepping through, they step from anywhere on the page, a focused
  // button or the slider too; only a box one types into keeps its keys.
  const typing = ev.target.closest && ev.target.closest('input:not([type="range"]), select, textarea');
  if (mode === 'step' && !typing && !ev.altKey && !ev.ctrlKey && !ev.metaKey) {
    const by = ['ArrowRight', 'PageDown', ' '].includes(ev.key) ? 1 : ['ArrowLeft', 'PageUp'].includes(ev.key) ? -1 : 0;
    if (by) { ev.preventDefault(); stopPlay(); goTo(step.at + by); return; }
  }
  // A focused control acts on its own keys (Enter and space press a button).
  if (ev.target.closest && ev.target.closest('input, select, button, textarea')) return;
  const n = selected;
  // The arrows stay in the drawing: a worksheet's top has no parent or siblings on the page.
  const top = n === drawnTop();
  const sib = (d) => { const p = parent[n]; if (p < 0 || top) return; const k = n - first[p] + d; if (k >= 0 && k < count[p]) select(first[p] + k); };
  switch (ev.key) {
    case 'ArrowUp': if (parent[n] >= 0 && !top) select(parent[n]); break;
    case 'ArrowDown': if (count[n]) { open[n] = 1; select(first[n]); } break;
    case 'ArrowLeft': sib(-1); break;
    case 'ArrowRight': sib(1); break;
    case 'Enter': if (count[n]) { open[n] ^= 1; render(); } break;
    case '/': ev.preventDefault(); findBox.focus(); findBox.select(); break;
    case '+': case '=': setZoom(zoom * 1.25); break;
    case '-': setZoom(zoom / 1.25); break;
    case 'f': fit(); break;
    case 'x': toggleCut(n); break;
    case '.': if (mode === 'step') goTo(step.at + 1); break;
    case ',': if (mode === 'step') goTo(step.at - 1); break;
    case 'o': if (mode === 'step') stepOver(); break;
    case 'c': if (mode === 'step') nextCut(1); break;
    case 'C': if (mode === 'step') nextCut(-1); break;
    case 'p': if (mode === 'step') togglePlay(); break;
    case 'Home': if (mode === 'step') goTo(0); break;
    case 'End': if (mode === 'step') goTo(E); break;
    default: return;
  }
});
