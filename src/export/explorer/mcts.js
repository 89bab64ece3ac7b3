// The MCTS explorer (src/export/mcts/html.rs writes its data): replays the
// search iteration by iteration from the node each one ended at, so that any
// iteration and phase can be shown; draws the tree sized by visits, the UCB
// terms of every child, the root's Q against the iterations, and a practice
// of UCT's choice. It makes no choice of its own: selection's path is the
// one the search took, and the UCB numbers are worked out from the replayed
// visits to show why.
import { boardEsc, drawBoard } from './board.js';
import { Columns, decode } from './columns.js';
import { playKey, stepKey } from './keys.js';

const H = JSON.parse(document.getElementById('mcts-header').textContent);
const T = H.header;
const C = H.uct_c;
const FIRST_TO_MOVE = 1, FOR_FIRST = 2, TERMINAL = 4;
const PHASES = ['select', 'expand', 'simulate', 'backup'];
const HOW = ['rollout', 'cut at the ply limit', 'game over', 'proven'];

// ---- Data.
const columns = new Columns(decode(document.getElementById('mcts-data').textContent));
const view = columns.view;
const column = (Type, n) => columns.column(Type, n);
const N = T.node_count, I = T.iterations;
const parent = column(Uint32Array, N);
const action = column(Uint16Array, N);
const created = column(Uint32Array, N);
const flags = column(Uint8Array, N);
const arity = column(Uint16Array, N);
const nchanges = column(Uint16Array, N);
const changeAt = new Uint32Array(N + 1);
for (let i = 0; i < N; i++) changeAt[i + 1] = changeAt[i] + nchanges[i];
const changesBase = columns.at;
columns.at += 3 * changeAt[N];
const ends = column(Uint32Array, I);
const outcome = column(Uint8Array, I);
// The playouts' moves, all iterations' in one row: iteration k's (from 1)
// are moves playoutFirst[k - 1] to playoutFirst[k] - 1; moveAt[m] is where
// move m's record starts (its action, then the points it changes).
const playoutFirst = new Uint32Array(I + 1), moveAt = [];
if (H.playouts) {
  for (let k = 0; k < I; k++) {
    let at = columns.at;
    const len = view.getUint16(at, true);
    at += 2;
    playoutFirst[k] = moveAt.length;
    for (let j = 0; j < len; j++) { moveAt.push(at); at += 3 + 3 * view.getUint8(at + 2); }
    columns.at = at;
  }
  playoutFirst[I] = moveAt.length;
}
const playoutLen = (k) => (H.playouts ? playoutFirst[k] - playoutFirst[k - 1] : 0);
const moveName = (m) => H.actions[view.getUint16(moveAt[m], true)];
const children = Array.from({ length: N }, () => []);
const depth = new Uint16Array(N);
for (let i = 1; i < N; i++) { children[parent[i]].push(i); depth[i] = depth[parent[i]] + 1; }
const provenList = H.proven; // [iteration, node, half points for the first player]

// ---- Replay: visits and rewards (half points for the player each node is
// scored for) after k iterations.
const visits = new Uint32Array(N), score = new Uint32Array(N);
let done = 0;
const forMe = (n, first) => (flags[n] & FOR_FIRST ? first : 2 - first);
// A node as a class names it: the moves from the root to it (its id is the
// expansion order, which nobody at the back of the room can find on the tree).
const moves = (n) => (n === 0 ? 'the root' : pathOf(n).slice(1).map(actionName).join(' '));
function pathOf(n) { const p = []; for (; n !== 0xffffffff; n = parent[n]) p.push(n); return p.reverse(); }
function apply(k) { // iteration k, from 1
  const r = outcome[k - 1] & 3;
  for (let n = ends[k - 1]; n !== 0xffffffff; n = parent[n]) { visits[n]++; score[n] += forMe(n, r); }
}
function replayTo(k) {
  if (k < done) { visits.fill(0); score.fill(0); done = 0; }
  while (done < k) apply(++done);
}
// The root's Q and most-visited child after each iteration, for the chart.
const rootQ = new Float64Array(I + 1), rootPick = new Int32Array(I + 1).fill(-1);
(function convergence() {
  let pick = -1;
  for (let k = 1; k <= I; k++) {
    apply(k); done = k;
    rootQ[k] = score[0] / (2 * visits[0]);
    const path = pathOf(ends[k - 1]);
    const c = path[1];
    if (c !== undefined && (pick < 0 || visits[c] > visits[pick] || (visits[c] === visits[pick] && c < pick))) pick = c;
    rootPick[k] = pick;
  }
})();
function provenAt(n, k) {
  for (const [it, node, r] of provenList) if (node === n && it <= k) return r;
  return -1;
}

// A practice question open: the page then shows nothing that answers it.
const quiz = { on: false, answered: true, j: 1 };
const quizzing = () => quiz.on && !quiz.answered;
// ---- Words and numbers.
const esc = boardEsc;
const actionName = (n) => (n === 0 ? 'root' : H.actions[action[n]]);
// A node's name, as the explorer, the JSON and the sheets give it
// (src/export/names.rs): its move where every move of the tree is a name of
// its own (a textbook tree), else its id and its move, "#30 (b1)"; the root
// its label where it has one ("A"), else "the root".
const byMove = (() => {
  const seen = new Set();
  for (let n = 1; n < N; n++) { const a = H.actions[action[n]]; if (seen.has(a) || /^\d*$/.test(a)) return false; seen.add(a); }
  return N > 1;
})();
const nameOf = (n) => (n === 0 ? H.root_name || 'the root' : byMove ? actionName(n) : `#${n} (${actionName(n)})`);
const mover = (n) => (flags[n] & FOR_FIRST ? H.first : H.second);
const toMove = (n) => (flags[n] & FIRST_TO_MOVE ? H.first : H.second);
const q = (n) => (visits[n] ? score[n] / (2 * visits[n]) : 0);
const f4 = (x) => x.toFixed(4);
const result = (r) => (r === 2 ? `${H.first} wins` : r === 0 ? `${H.second} wins` : 'draw');
const provenWord = (n, r) => { const m = forMe(n, r); return m === 2 ? 'win' : m === 0 ? 'loss' : 'draw'; };
// UCT's terms for child c of a parent visited `pv` times (docs/mcts.md).
function terms(c, pv) {
  const explore = visits[c] ? C * Math.sqrt(Math.log(pv) / visits[c]) : Infinity;
  return { exploit: q(c), explore, ucb: q(c) + explore };
}

// ---- The step: 0 before any iteration; 4(k-1)+p+1 is iteration k's phase p.
let step = 4 * I, selected = 0;
const iterationOf = (s) => (s === 0 ? 0 : Math.floor((s - 1) / 4) + 1);
const phaseOf = (s) => (s === 0 ? -1 : (s - 1) % 4);
// Within a simulate step, the playout's moves shown so far: the board
// plays them one at a time, as a class follows a rollout.
let ply = 0;
const plies = (s) => (phaseOf(s) === 2 && outcome[iterationOf(s) - 1] >> 2 <= 1 ? playoutLen(iterationOf(s)) : 0);
// Visits and rewards as the step shows them: before backup, the iteration's
// own visit is not counted yet.
function stateAt(s) {
  const k = iterationOf(s), p = phaseOf(s);
  replayTo(p === 3 || s === 0 ? k : k - 1);
}
// A node is drawn from its expansion on (the root from the start).
const exists = (n, s) => n === 0 || created[n] < iterationOf(s) || (created[n] === iterationOf(s) && phaseOf(s) >= 1);

// ---- Boards.
const P = H.picture;
const unitOf = new Map(P.units.map((u) => [u.symbol, u]));
function cellsOf(n) {
  const c = H.root_cells.split('');
  for (const m of pathOf(n)) {
    for (let j = changeAt[m]; j < changeAt[m + 1]; j++) {
      const o = changesBase + 3 * j;
      c[view.getUint16(o, true)] = H.symbols[view.getUint8(o + 2)];
    }
  }
  return c;
}
function boardSvg(n, px) {
  return drawBoard(P, unitOf, cellsOf(n), n ? cellsOf(parent[n]) : null, px);
}
// The board after the first j moves of iteration k's playout.
function playoutCells(k, j) {
  const c = cellsOf(ends[k - 1]);
  for (let m = playoutFirst[k - 1]; m < playoutFirst[k - 1] + j; m++) {
    const o = moveAt[m], changes = view.getUint8(o + 2);
    for (let i = 0; i < changes; i++) c[view.getUint16(o + 3 + 3 * i, true)] = H.symbols[view.getUint8(o + 5 + 3 * i)];
  }
  return c;
}

// ---- Header.
document.getElementById('title').textContent = `MCTS tree: ${T.game}, ${T.to_move} to move`;
document.getElementById('settings').textContent =
  `${T.settings}; ${T.iterations} iterations, ${T.node_count} nodes (ids in expansion order). ${T.evaluation}.`;
const banner = document.getElementById('banner');
banner.innerHTML = T.decision
  ? `Decision <b id="decision">${esc(T.decision)}</b> (${esc(T.because)}), root Q <b id="root-q">${f4(T.value)}</b> for ${esc(T.to_move)}` +
    (H.exact ? `; exact result <b id="exact">${esc(H.exact.result)}</b> (reward ${H.exact.reward})` : '')
  : `No decision: ${esc(T.to_move)} cannot act`;
if (H.compare) {
  const c = H.compare, none = (v) => (v === null || v === undefined ? '–' : esc(v));
  document.getElementById('compare').innerHTML =
    '<table><tr><th>search</th><th>decision</th><th>value</th><th>nodes</th><th>time</th></tr>' +
    `<tr><td>MCTS</td><td>${none(c.mcts_decision)}</td><td>Q ${f4(c.mcts_value)} for ${esc(T.to_move)}</td><td>${c.mcts_nodes}</td><td>${c.mcts_time_ms.toFixed(1)} ms</td></tr>` +
    `<tr><td>alpha-beta, depth ${c.alphabeta_depth}</td><td id="ab-decision">${none(c.alphabeta_decision)}</td><td>${c.alphabeta_value === null ? none(c.alphabeta_stopped) : `${c.alphabeta_value} (${esc(c.alphabeta_result)})`}</td><td>${none(c.alphabeta_nodes)}</td><td>${c.alphabeta_time_ms.toFixed(1)} ms</td></tr></table>` +
    `<span class="muted">${c.agree === null ? '' : c.agree ? 'The decisions agree.' : 'The decisions differ.'}</span>`;
}

// ---- The tree, drawn top down; a node's area grows with its visits.
const treeBox = document.getElementById('tree');
const minInput = /** @type {HTMLInputElement} */ (document.getElementById('min-visits'));
// The first view, and Fit, draw what fits the box's width with labels at
// the size a room reads (the CSS's 22-px actions, 20-px N · Q and 16-px
// UCB terms, as α/β on the other pages; the drawing is only ever scaled
// up): the least threshold whose drawing is no wider than the box (fewer
// nodes are never wider), so the root's children, the decision among them,
// are drawn and labelled on screen without scrolling. Each node is given
// the width of its widest label, measured in the page's font, or of its
// children side by side, whichever is more, so no two labels on a level meet.
const ruler = document.createElement('canvas').getContext('2d');
const family = getComputedStyle(document.body).fontFamily;
const measured = new Map();
const textWidth = (font, text) => {
  const key = font + '|' + text;
  if (!measured.has(key)) { ruler.font = `${font} ${family}`; measured.set(key, ruler.measureText(text).width); }
  return measured.get(key);
};
const GAP = 12, MARGIN = 20;
const nqText = (n) => `${visits[n]} · ${visits[n] ? q(n).toFixed(2) : '–'}`;
// (The terms' widest form: two decimals each, the explore term under 10.)
const labelWidth = (n) => GAP + Math.max(textWidth('600 22px', actionName(n)), textWidth('20px', nqText(n)), n ? textWidth('16px', '0.00+0.00') : 0);
// The width of each node's subtree among those `shown`, the root's last.
function widths(shown) {
  const w = new Float64Array(N);
  (function size(n) {
    let sum = 0;
    for (const c of children[n]) if (shown(c)) sum += size(c);
    w[n] = Math.max(labelWidth(n), sum);
    return w[n];
  })(0);
  return w;
}
function fit() {
  const room = treeBox.clientWidth - 4 - 2 * MARGIN;
  const candidates = Array.from(new Set(visits)).filter((v) => v >= 1).sort((a, b) => a - b);
  let lo = 0, hi = candidates.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (widths((c) => visits[c] >= candidates[mid])[0] <= room) hi = mid; else lo = mid + 1;
  }
  minInput.value = String(candidates.length ? candidates[lo] : 1);
}
// Fitted until the person sets `show N ≥` themselves, and again after Fit:
// stepping back to an early iteration, where every node has few visits,
// then still draws the root's children.
let fitting = true;
let currentPath = [], newNode = -1;
function draw() {
  const s = step, k = iterationOf(s), p = phaseOf(s);
  if (fitting) fit();
  const min = Math.max(1, Number(minInput.value) || 1);
  const onPath = new Set(currentPath);
  const shown = (n) => exists(n, s) && (visits[n] >= min || onPath.has(n) || n === 0 || n === newNode);
  const w = widths(shown), x = new Float64Array(N);
  let maxDepth = 0;
  const order = [];
  (function place(n, left) {
    order.push(n);
    maxDepth = Math.max(maxDepth, depth[n]);
    x[n] = left + w[n] / 2;
    const kids = children[n].filter(shown);
    let at = left + (w[n] - kids.reduce((a, c) => a + w[c], 0)) / 2;
    for (const c of kids) { place(c, at); at += w[c]; }
  })(0, MARGIN);
  // Level to level: the action above a circle, N · Q and the terms below.
  const dy = 104, rootN = Math.max(1, visits[0]);
  const width = w[0] + 2 * MARGIN, height = (maxDepth + 1) * dy + 60;
  const X = (n) => x[n], Y = (n) => 48 + depth[n] * dy;
  const radius = (n) => Math.max(4, 22 * Math.sqrt(visits[n] / rootN));
  let edges = '', circles = '', grounds = '', labels = '';
  // Each label on a white ground, drawn over the edges: a line through a
  // label (the root's edges fanning out under its N · Q, a lone child's
  // edge down through its parent's numbers) crossed the text, which a
  // halo hides under a glyph's strokes only, not across its gaps.
  const ground = (cx, top, bottom, wide) => { grounds += `<rect class="ground" x="${(cx - wide / 2 - 3).toFixed(1)}" y="${top.toFixed(1)}" width="${(wide + 6).toFixed(1)}" height="${(bottom - top).toFixed(1)}"/>`; };
  const labelAll = order.length <= 150;
  for (const n of order) {
    if (n) {
      const path = onPath.has(n) && onPath.has(parent[n]);
      const thick = Math.max(1, 8 * visits[n] / rootN);
      edges += `<line class="edge${path ? ' path' : ''}" x1="${X(parent[n])}" y1="${Y(parent[n])}" x2="${X(n)}" y2="${Y(n)}" style="stroke-width:${path ? 4 : thick.toFixed(1)}"/>`;
    }
    const qq = q(n), hue = Math.round(qq * 120);
    const pr = provenAt(n, p === 3 || s === 0 ? k : k - 1);
    const cls = ['mnode', onPath.has(n) ? 'path' : '', n === newNode ? 'new' : '', n === selected ? 'selected' : '', pr >= 0 ? 'proven' : ''].join(' ');
    const pv = n ? visits[parent[n]] : 0;
    const t = n && visits[n] && pv ? terms(n, pv) : null;
    // (While a practice question is open, no UCB: that is the question.)
    const tip = `${nameOf(n)}: N ${visits[n]}, Q ${f4(qq)} for ${mover(n)}` +
      (t && !quizzing() ? `; UCB ${f4(t.exploit)} + ${f4(t.explore)} = ${f4(t.ucb)}` : '') + (pr >= 0 ? `; proven ${provenWord(n, pr)}` : '');
    circles += `<circle class="${cls}" data-id="${n}" data-n="${visits[n]}" data-w="${score[n]}" cx="${X(n)}" cy="${Y(n)}" r="${radius(n).toFixed(1)}" fill="${visits[n] ? `hsl(${hue},75%,55%)` : '#fff'}"><title>${esc(tip)}</title></circle>`;
    if (labelAll || radius(n) >= 6 || onPath.has(n)) {
      const r = radius(n), termsText = t && !quizzing() && (labelAll || onPath.has(n)) ? `${t.exploit.toFixed(2)}+${t.explore.toFixed(2)}` : '';
      labels += `<text class="act" x="${X(n)}" y="${Y(n) - r - 5}">${esc(actionName(n))}</text>`;
      labels += `<text class="nq" x="${X(n)}" y="${Y(n) + r + 19}">${esc(nqText(n))}</text>`;
      if (termsText) labels += `<text class="terms" x="${X(n)}" y="${Y(n) + r + 39}">${termsText}</text>`;
      // (The grounds reach from the type's ascent to its descent: 22-px
      // actions, 20-px N · Q, 16-px terms.)
      ground(X(n), Y(n) - r - 25, Y(n) - r - 1, textWidth('600 22px', actionName(n)));
      ground(X(n), Y(n) + r + 2, Y(n) + r + (termsText ? 44 : 25),
        Math.max(textWidth('20px', nqText(n)), termsText ? textWidth('16px', termsText) : 0));
    }
  }
  // Scaled up to fill the box where the tree leaves room (a projector), never down.
  const scale = Math.max(1, Math.min(1.8, (treeBox.clientWidth - 4) / width, (treeBox.clientHeight - 4) / height));
  treeBox.innerHTML = `<svg id="mcts-svg" width="${Math.floor(width * scale)}" height="${Math.floor(height * scale)}" viewBox="0 0 ${width} ${height}" role="img" aria-label="MCTS tree: circle area by visits, colour by Q (red 0, yellow 1/2, green 1), labels N · Q and exploit+explore">${edges}${circles}${grounds}${labels}</svg>`;
  document.body.dataset.drawn = String(order.length);
  rootX = X(0);
}
let rootX = 0;
treeBox.addEventListener('click', (e) => {
  const t = /** @type {HTMLElement} */ (e.target);
  const id = t.dataset && t.dataset.id;
  if (id === undefined) return;
  selected = Number(id);
  draw(); panel();
});
minInput.addEventListener('change', () => { fitting = false; draw(); });
document.getElementById('fit').addEventListener('click', () => { fitting = true; draw(); });

// ---- The panel: the selected node and its children's UCB terms.
const panelBox = document.getElementById('panel');
function childRows(n, pick) {
  let s = `<table id="children"><tr><th>child</th><th>N</th><th>W</th><th>Q (exploit)</th><th>explore</th><th>UCB</th></tr>`;
  for (const c of children[n]) {
    if (!exists(c, step)) continue;
    const t = terms(c, visits[n]);
    s += `<tr data-child="${c}" class="${c === pick ? 'pick' : ''}"><td>${esc(actionName(c))} <span class="muted">#${c}</span></td><td>${visits[c]}</td><td>${score[c] / 2}</td>` +
      `<td class="exploit">${f4(t.exploit)}</td><td class="explore">${isFinite(t.explore) ? f4(t.explore) : '–'}</td><td class="ucb">${isFinite(t.ucb) ? f4(t.ucb) : '–'}</td></tr>`;
  }
  return s + '</table>';
}
// During a simulate step, the playout's node shows the playout's board
// after the moves played so far, the last one ringed.
function playoutBoard(n) {
  const k = iterationOf(step), len = plies(step);
  if (!len || n !== ends[k - 1]) return '';
  const how = outcome[k - 1] >> 2, r = outcome[k - 1] & 3, m = playoutFirst[k - 1] + ply - 1;
  const cells = playoutCells(k, ply);
  const words = ply ? `move ${ply} of ${len}: <b>${esc(moveName(m))}</b>` : `the board before its first move, ${len} to come`;
  const end = ply === len ? (how === 0 ? `; the game is over: <b>${result(r)}</b>` : `; ${HOW[how]}: scored <b>${result(r)}</b>`) : '';
  return `<figure id="playout" data-ply="${ply}" data-cells="${esc(cells.join(''))}"><figcaption>The playout from #${n}, ${words}${end}</figcaption>` +
    drawBoard(P, unitOf, cells, ply ? playoutCells(k, ply - 1) : null, 240) + '</figure>';
}
function panel() {
  const n = selected, k = iterationOf(step);
  if (!exists(n, step)) selected = 0;
  const expanded = children[n].filter((c) => exists(c, step)).length;
  const pr = provenAt(n, k);
  // The child UCT would take from here now, if every action had its child.
  let pick = -1, best = -Infinity;
  if (expanded === arity[n] && arity[n]) for (const c of children[n]) { const u = terms(c, visits[n]).ucb; if (u > best) { best = u; pick = c; } }
  panelBox.innerHTML =
    `<h3>${esc(n === 0 && !H.root_name ? 'The root' : nameOf(n))}</h3><p>depth ${depth[n]}, ${esc(toMove(n))} to move; made in iteration ${created[n]}; ` +
    `N <b id="panel-n">${visits[n]}</b>, W ${score[n] / 2}, Q <b>${visits[n] ? f4(q(n)) : '–'}</b> for ${esc(n ? mover(n) : toMove(n))}` +
    `${flags[n] & TERMINAL ? '; the game is over here' : ''}${pr >= 0 ? `; proven a ${provenWord(n, pr)}` : ''}; ` +
    `${expanded} of ${arity[n]} actions expanded.</p>` + (playoutBoard(n) || boardSvg(n, 200)) +
    (children[n].length ? `<p class="muted">UCB = Q + c·√(ln ${visits[n] ? visits[n] : 'N'} / ${visits[n] ? 'N' : 'n'}), c = ${C.toFixed(4)}` +
      (visits[n] ? '. ' : ', with N this node\'s visits (none yet) and n the child\'s. ') +
      (pick >= 0 ? 'Selection would take the highlighted child next.' : 'Not every action has its child yet: the next iteration here expands one.') + `</p>` + childRows(n, pick) : '');
}

// ---- Step text.
const stepBox = document.getElementById('step-text');
function stepText() {
  const s = step, k = iterationOf(s), p = phaseOf(s);
  currentPath = []; newNode = -1;
  if (s === 0) { stepBox.innerHTML = 'Before the first iteration: the tree is its root alone.'; return; }
  const end = ends[k - 1], path = pathOf(end), how = outcome[k - 1] >> 2, r = outcome[k - 1] & 3;
  const expandedHere = created[end] === k && end !== 0;
  const selPath = expandedHere ? path.slice(0, -1) : path;
  currentPath = p === 0 ? selPath : path;
  if (p >= 1 && expandedHere) newNode = end;
  let t = `<b class="phase">${PHASES[p]}</b> · iteration ${k} of ${I}: `;
  if (p === 0 && quizzing()) {
    // The question's own step: the path so far, and not a word of the answer.
    currentPath = selPath.slice(0, quiz.j);
    const at = currentPath[currentPath.length - 1];
    t += `selection has come down to ${esc(moves(at))}: which child does UCT take next?`;
  } else if (p === 0) {
    const steps = [];
    for (let j = 1; j < selPath.length; j++) {
      const u = terms(selPath[j], visits[selPath[j - 1]]);
      steps.push(`${esc(actionName(selPath[j]))} (${f4(u.exploit)} + ${f4(u.explore)} = ${f4(u.ucb)})`);
    }
    const last = selPath[selPath.length - 1];
    t += `from the root, UCT's greatest UCB at each fully expanded node: ${steps.length ? steps.join(' → ') : 'the root is not fully expanded'}; ` +
      `it stops at ${esc(moves(last))}: ${flags[last] & TERMINAL ? 'the game is over there' : how === 3 ? 'it is proven' : 'it has an untried action'}.`;
  } else if (p === 1) {
    t += expandedHere ? `node ${esc(moves(end))} is made (#${end}, the expansion order): ${esc(actionName(end))} is the next untried action of ${esc(moves(parent[end]))}.`
      : 'no node is made: the game is over (or proven) where selection stopped.';
  } else if (p === 2) {
    // The moves around the one the board shows, that one marked.
    const len = plies(s), first = playoutFirst[k - 1];
    let played = '';
    if (len) {
      const from = Math.max(0, Math.min(ply - 20, len - 40)), to = Math.min(len, from + 40);
      const names = [];
      for (let j = from; j < to; j++) names.push(j + 1 === ply ? `<mark id="ply-now">${esc(moveName(first + j))}</mark>` : esc(moveName(first + j)));
      played = `${from ? '… ' : ''}${names.join(' ')}${to < len ? ' …' : ''} (${len} move${len === 1 ? '' : 's'}${ply ? `, the board at move ${ply}` : ', the board before the first'})`;
    } else if (H.playouts === false && how <= 1) played = 'its moves are not on this page (too many playouts)';
    t += `${HOW[how]} from ${esc(moves(end))}${played ? ': ' + played : ''}; result: <b>${result(r)}</b>.`;
  } else {
    const proven = provenList.filter(([it]) => it === k).map(([, n, pr]) => `${esc(moves(n))} ${provenWord(n, pr)}`);
    t += `each of the ${path.length} nodes on the path gets N + 1 and W + its player's reward (${esc(H.first)} ${r / 2}, ${esc(H.second)} ${1 - r / 2}); root N = ${visits[0]}, Q = ${f4(q(0))}` +
      (proven.length ? `; proven now: ${proven.join(', ')}` : '') + '.';
  }
  stepBox.innerHTML = t;
}

// ---- Chart: the root's Q against iterations, the exact value beside it,
// and the most-visited root child as a strip underneath.
const chartBox = document.getElementById('chart-box');
const CW = 360, CH = 150, PAD = 30;
const cx = (k) => PAD + (CW - PAD - 6) * (I > 1 ? (k - 1) / (I - 1) : 0);
const cy = (v) => 8 + (CH - 40) * (1 - v);
function chart() {
  let pts = '';
  const stride = Math.max(1, Math.floor(I / 600));
  for (let k = 1; k <= I; k += stride) pts += `${cx(k).toFixed(1)},${cy(rootQ[k]).toFixed(1)} `;
  if (I) pts += `${cx(I).toFixed(1)},${cy(rootQ[I]).toFixed(1)}`;
  const colours = ['#1b9e77', '#d95f02', '#7570b3', '#e7298a', '#66a61e', '#e6ab02', '#a6761d', '#666'];
  const picks = [...new Set(Array.from(rootPick).filter((c) => c >= 0))];
  let strip = '';
  for (let k = 1, from = 1; k <= I; k++) {
    if (k === I || rootPick[k + 1] !== rootPick[k]) {
      const c = rootPick[k];
      if (c >= 0) strip += `<rect x="${cx(from)}" y="${CH - 26}" width="${Math.max(1, cx(k) - cx(from))}" height="8" fill="${colours[picks.indexOf(c) % colours.length]}"><title>${esc(actionName(c))}: iterations ${from}-${k}</title></rect>`;
      from = k + 1;
    }
  }
  const exact = H.exact ? `<line class="exact" x1="${PAD}" x2="${CW - 6}" y1="${cy(H.exact.reward)}" y2="${cy(H.exact.reward)}"/>` : '';
  const legend = picks.slice(0, 8).map((c, i) => `<span><span class="sw" style="background:${colours[i]}"></span> ${esc(actionName(c))}</span>`).join(' ');
  chartBox.innerHTML = `<b>The root's Q for ${esc(T.to_move)} against iterations</b>` +
    `<svg id="chart" width="${CW}" height="${CH}" viewBox="0 0 ${CW} ${CH}" data-exact="${H.exact ? H.exact.reward : ''}" data-points="${I}" role="img" aria-label="root Q against iterations">` +
    `<line x1="${PAD}" x2="${PAD}" y1="8" y2="${CH - 32}" stroke="#888"/><text x="${PAD - 4}" y="${cy(1) + 4}" text-anchor="end" font-size="13">1</text>` +
    `<text x="${PAD - 4}" y="${cy(0.5) + 4}" text-anchor="end" font-size="13">½</text><text x="${PAD - 4}" y="${cy(0) + 4}" text-anchor="end" font-size="13">0</text>` +
    `${exact}<polyline class="q" points="${pts}"/>${strip}<line class="now" id="chart-now" y1="8" y2="${CH - 16}"/>` +
    `<text x="${PAD}" y="${CH - 4}" font-size="13">1</text><text x="${CW - 6}" y="${CH - 4}" font-size="13" text-anchor="end">${I}</text></svg>` +
    `<div class="muted">blue: root Q; ${H.exact ? `red dashes: the exact value (${esc(H.exact.result)}, ${H.exact.reward})` : 'no exact value: the game is too large to solve here'}; strip: the most-visited root child — ${legend}</div>`;
  chartBox.querySelector('#chart').addEventListener('click', (/** @type {MouseEvent} */ e) => {
    const r = /** @type {HTMLElement} */ (e.currentTarget).getBoundingClientRect();
    const k = Math.round(1 + ((e.clientX - r.left) * CW / r.width - PAD) / (CW - PAD - 6) * (I - 1));
    go(4 * Math.min(I, Math.max(1, k)));
  });
}
function chartNow() {
  const line = document.getElementById('chart-now');
  if (!line) return;
  const k = Math.max(1, iterationOf(step));
  line.setAttribute('x1', String(cx(k))); line.setAttribute('x2', String(cx(k)));
}

// ---- Moving through the steps.
const slider = /** @type {HTMLInputElement} */ (document.getElementById('slider'));
slider.max = String(I);
const whereBox = document.getElementById('where');
// `fromEnd`: arriving at a simulate step from its backup, with the
// playout's moves all played.
function go(s, fromEnd) {
  step = Math.max(0, Math.min(4 * I, s));
  ply = fromEnd ? plies(step) : 0;
  stateAt(step);
  stepText();
  if (!exists(selected, step)) selected = 0;
  if (phaseOf(step) <= 2 && currentPath.length) selected = currentPath[currentPath.length - 1];
  draw(); panel(); chartNow();
  const k = iterationOf(step);
  slider.value = String(k);
  whereBox.textContent = step === 0 ? 'start' : `iteration ${k}, ${PHASES[phaseOf(step)]}`;
  document.body.dataset.step = String(step);
  document.body.dataset.iteration = String(k);
  document.body.dataset.phase = step === 0 ? 'start' : PHASES[phaseOf(step)];
  document.body.dataset.ply = String(ply);
}
// One step on: the playout's next move while it has one, else the next phase.
function forward() {
  if (ply < plies(step)) { ply++; stepText(); panel(); document.body.dataset.ply = String(ply); } else go(step + 1);
}
function backward() {
  if (ply > 0) { ply--; stepText(); panel(); document.body.dataset.ply = String(ply); } else go(step - 1, true);
}
const unit = /** @type {HTMLSelectElement} */ (document.getElementById('unit'));
const by = () => (unit.value === 'phase' ? 1 : 4);
const nextIteration = () => go(step === 0 ? 4 : 4 * iterationOf(step) + 4);
document.getElementById('to-start').onclick = () => { stop(); go(0); };
document.getElementById('to-end').onclick = () => { stop(); go(4 * I); };
document.getElementById('back').onclick = () => { stop(); backward(); };
document.getElementById('forward').onclick = () => { stop(); forward(); };
document.getElementById('back-iteration').onclick = () => { stop(); go(Math.max(0, 4 * (iterationOf(step) - 1))); };
document.getElementById('forward-iteration').onclick = () => { stop(); nextIteration(); };
slider.addEventListener('input', () => { stop(); go(4 * Number(slider.value)); });
const playButton = document.getElementById('play');
const speed = /** @type {HTMLSelectElement} */ (document.getElementById('speed'));
let timer = null;
function stop() { if (timer) clearTimeout(timer); timer = null; playButton.textContent = '▶ play'; }
function tick() {
  if (step >= 4 * I) { stop(); return; }
  if (by() === 1) forward(); else nextIteration();
  timer = setTimeout(tick, Number(speed.value));
}
playButton.onclick = () => {
  if (timer) { stop(); return; }
  if (step >= 4 * I) go(0);
  playButton.textContent = '❚❚ pause';
  timer = setTimeout(tick, Number(speed.value));
};
document.addEventListener('keydown', (e) => {
  const t = /** @type {HTMLElement} */ (e.target);
  if (t.tagName === 'INPUT' || t.tagName === 'SELECT') return;
  // (PageDown and PageUp: what a presenter's clicker sends.)
  // (The presenter's keys: keys.js. Space steps, as a clicker's does; p plays.)
  const dir = stepKey(e);
  if (dir) { e.preventDefault(); stop(); if (dir > 0) forward(); else backward(); } else if (playKey(e)) { e.preventDefault(); playButton.click(); } else if (e.key === 'Home') { stop(); go(0); } else if (e.key === 'End') { stop(); go(4 * I); }
});

// ---- Practice: which child does selection take next? The answer is the
// search's own path; the UCB table shows why.
const practiceButton = document.getElementById('practice');
const practiceBox = document.getElementById('practice-box');
Object.assign(quiz, { k: 0, j: 1, right: 0, asked: 0, answered: false });
function firstQuestion(from) {
  for (let k = from; k <= I; k++) {
    const end = ends[k - 1], path = pathOf(end);
    const sel = created[end] === k && end ? path.length - 1 : path.length;
    if (sel > 1) return k;
  }
  return 0;
}
function ask() {
  const k = quiz.k;
  if (!k) { practiceBox.innerHTML = `No iteration left whose selection goes below the root. Score: ${quiz.right} of ${quiz.asked}.`; return; }
  go(4 * (k - 1) + 1);
  const path = pathOf(ends[k - 1]);
  const at = path[quiz.j - 1];
  selected = at;
  panelBox.innerHTML = '';
  draw();
  quiz.answered = false;
  stepText();
  draw();
  practiceBox.innerHTML = `<p id="question">Iteration ${k}: selection is at <b data-id="${at}">${esc(nameOf(at))}</b> (N ${visits[at]}, ${esc(toMove(at))} to move). Which child does UCT take next? ` +
    `Work out Q + ${C.toFixed(4)}·√(ln ${visits[at]} / N) for each.</p>` +
    children[at].filter((c) => exists(c, step)).map((c) => `<button class="child" data-child="${c}">${esc(actionName(c))}: N ${visits[c]}, W ${score[c] / 2}</button>`).join('') +
    `<p id="practice-score">Score: ${quiz.right} of ${quiz.asked}.</p>`;
}
practiceBox.addEventListener('click', (e) => {
  const b = /** @type {HTMLElement} */ (e.target).closest('button');
  if (!b) return;
  if (b.id === 'next-question') {
    const path = pathOf(ends[quiz.k - 1]);
    const sel = created[path[path.length - 1]] === quiz.k ? path.length - 1 : path.length;
    if (quiz.j + 1 < sel) quiz.j++; else { quiz.k = firstQuestion(quiz.k + 1); quiz.j = 1; }
    ask();
    return;
  }
  if (quiz.answered || b.dataset.child === undefined) return;
  quiz.answered = true;
  stepText();
  draw();
  const at = pathOf(ends[quiz.k - 1]);
  const answer = at[quiz.j], given = Number(b.dataset.child);
  quiz.asked++;
  if (given === answer) quiz.right++;
  panelBox.innerHTML = childRows(at[quiz.j - 1], answer);
  const row = panelBox.querySelector(`tr[data-child="${given}"]`);
  if (row) row.classList.add(given === answer ? 'right' : 'wrong');
  practiceBox.innerHTML = `<p id="verdict" class="${given === answer ? 'right' : 'wrong'}">${given === answer ? 'Right' : 'Wrong'}: UCT takes <b>${esc(actionName(answer))}</b>, the greatest UCB (table below; the first in action order among equals).</p>` +
    `<button id="next-question">Next question</button><p id="practice-score">Score: ${quiz.right} of ${quiz.asked}.</p>`;
});
practiceButton.onclick = () => {
  const on = practiceButton.getAttribute('aria-pressed') !== 'true';
  practiceButton.setAttribute('aria-pressed', String(on));
  practiceBox.hidden = !on;
  quiz.on = on;
  // The final decision, the comparison and the chart answer from iteration 1 on.
  for (const id of ['banner', 'compare', 'chart-box']) document.getElementById(id).hidden = on;
  document.body.dataset.mode = on ? 'practice' : 'explore';
  if (on) { stop(); quiz.k = firstQuestion(1); quiz.j = 1; ask(); } else go(4 * I);
};

chart();
go(4 * I);
// The root first in view: a wide tree is centred on it.
treeBox.scrollLeft = Math.max(0, rootX - treeBox.clientWidth / 2);
document.body.dataset.mode = 'explore';
document.body.dataset.readyMs = String(Math.round(performance.now()));
document.body.dataset.ready = 'true';
