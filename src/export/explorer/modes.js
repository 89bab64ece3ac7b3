// ---- Modes.
import { hooks, setSelected, tree, ui } from './state.js';
import { PAGE, actionName, enginePruned, isLeaf, windowed } from './data.js';
import { esc } from './boards.js';
import { RULE, num, pathTo, tag } from './words.js';
import { QUESTIONS, questions, subtree } from './questions.js';
import { step } from './trace.js';
import { answers, cuts, shownKids } from './view.js';
import { render } from './nodes.js';
import { fit } from './zoom.js';
import { header } from './header.js';
import { switchView } from './views.js';
import { goTo, stopPlay } from './step.js';
import { clearSheet } from './practice.js';
import { resetStepBoard, showStepBoard } from './step_board.js';
const STEP_WHOLE = 64;
const stepsBar = document.getElementById('steps');
const practiceBar = document.getElementById('practice');
// Leaving a worksheet with answers on it for a mode that shows the answers
// asks first: a click on Explore must not be the way to the answers.
export const leaving = document.getElementById('leave-practice');
export function setMode(m, sure) {
  const from = ui.mode;
  if (from === 'practice' && m !== 'practice' && !sure && (answers.size || cuts.size || ui.marks)) {
    leaving.dataset.to = m;
    leaving.hidden = false;
    document.getElementById('leave-no').focus();
    return;
  }
  leaving.hidden = true;
  for (const f of hooks.mode) f(m);
  ui.mode = m;
  for (const b of document.querySelectorAll('button.mode')) b.setAttribute('aria-pressed', String(b.id === 'mode-' + m));
  document.body.dataset.mode = m;
  stepsBar.hidden = m !== 'step';
  practiceBar.hidden = m !== 'practice';
  stopPlay();
  resetStepBoard();
  showStepBoard();
  header();
  if (switchView(from, m)) return;
  if (m === 'step') {
    // A small tree is stepped through whole, unfolded from the start: nothing
    // moves while the class follows, and what a step explains is on screen.
    if (tree.N <= STEP_WHOLE) { ui.open.fill(1); goTo(step.at); fit(); return; }
    goTo(step.at);
    return;
  }
  if (m === 'practice') return startPractice();
  render();
  if (ui.fitted) fit();
}
// A worksheet on the subtree under practiceTop, drawn whole: what is asked
// is what is drawn.
function startPractice() {
  const top = ui.practiceTop;
  let under = ui.selected;
  while (under >= 0 && under !== top) under = tree.parent[under];
  if (under < 0) setSelected(top);
  for (const n of subtree(top)) { ui.open[n] = 1; if (tree.count[n] > PAGE) shownKids.set(n, tree.count[n]); }
  const where = top === 0 ? '' : `This worksheet is the part of the tree under ${tag(top)} (${pathTo(top).map(actionName).join(' ')}), ` +
    (windowed ? `which the search enters with α, β = [${num(tree.alpha[top])}, ${num(tree.beta[top])}]. ` : '. ');
  const what = windowed
    ? 'Alpha-beta: write the value the search returns at each inner node it visits, α and β as it enters the node, and <span class="screen-only">cut (click) each edge</span><span class="print-only">cross out each edge</span> it never follows. ' +
      (RULE ? esc(RULE.long) + ' ' : '') + 'A value is a number, or where the search stops early the bound it returns: ≥ 3 (or &gt;=3), ≤ 2 (or &lt;=2).'
    : 'Minimax: write the value of every inner node.';
  const bigger = questions[0] > QUESTIONS
    ? `<span class="screen-only"> The whole tree asks ${questions[0]} questions; to practise another part, select a node and press “Practise here”.</span>` : '';
  document.getElementById('practice-help').innerHTML = esc(where) + what + bigger;
  document.getElementById('practise-here').hidden = questions[0] <= QUESTIONS;
  render();
  fit();
}
export function practiseHere() {
  const n = ui.selected;
  const out = document.getElementById('practice-score');
  if (isLeaf(n) || enginePruned(n)) { out.textContent = `${tag(n)} asks nothing: select a node the search visited, with children`; return; }
  if (questions[n] > QUESTIONS) { out.textContent = `${tag(n)} would ask ${questions[n]} questions; select a node lower down (at most ${QUESTIONS})`; return; }
  ui.practiceTop = n;
  clearSheet(); out.textContent = '';
  startPractice();
}
