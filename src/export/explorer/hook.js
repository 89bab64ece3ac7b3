// ---- The hook for scripts outside the page's own modules (the page's own
// views, deepening.js, orders.js..., import what they use instead): such a
// script runs after the page's, and reaches it through `window.gametree`:
//   gametree.header           the page's header (summary, picture, actions...)
//   gametree.nodes            the node columns, by index: count, first, parent,
//                             depth, flags, cost, value, alpha, beta (these
//                             two null unless the search had windows); `n` nodes
//   gametree.FLAGS            the flag bits (MAXIMISING, PRUNED, LEAF, ...)
//   gametree.idOf(i), indexOf(id), actionName(i), boardSvg(i, px), num(v)
//   gametree.smallTree(spec)  a small searched tree drawn whole, as SVG text
//                             (small_tree.js says what spec holds)
//   gametree.data(name)       the JSON an addon wrote for itself, or null
//   gametree.addView({ id, label, title, show(el), hide(), panel })
//                             a mode button of its own; while it is pressed the
//                             view has the tree's area, the element `el`, and
//                             the toolbar only the modes (and the panel's
//                             button if `panel`: the view has a panel that
//                             hides with the tree's)
//   gametree.setMode(id)      'explore', 'step', 'practice' or a view's id
//   gametree.select(i)        selects node i in the explorer's tree
//   gametree.selected()       the selected node's index (-1: none)
//   gametree.addNodeClass(f)  f(i) gives more classes for node i's box ('' none)
//   gametree.addPanelRows(f)  f(i) gives more rows (<dt>, <dd>) for node i's panel
//   gametree.redraw()         draws the tree again (after adding the above)
//   gametree.stepKey(ev)      +1, -1 or 0: the presenter's keys (keys.js), the same
//                             in every view; gametree.playKey(ev): autoplay's
//   gametree.stepNote(text)   what step mode says on a page without the
//                             search's events (the addon knows what can be
//                             stepped instead); '' leaves the page's own
//   gametree.graft            can(i), line(i), at(i, json, plies): graft.js
import { playKey, stepKey } from './keys.js';
import { addHook, hooks, tree, ui } from './state.js';
import { CUT_ALPHA, CUT_BETA, H, LEAF, LOWER, MAXIMISING, PRUNED, UPPER, actionName, idOf, indexOf } from './data.js';
import { boardSvg } from './boards.js';
import { num } from './words.js';
import { E } from './trace.js';
import { render } from './nodes.js';
import { addView } from './views.js';
import { setMode } from './modes.js';
import { goTo } from './step.js';
import { select } from './find.js';
import { smallTree } from './small_tree.js';
import { graftApi } from './graft.js';
/** The data an addon wrote for itself (`Addon` in src/export/addon.rs), or null.
 * @param {string} name @returns {any} */
export function addonData(name) {
  const el = document.getElementById('addon-' + name);
  return el ? JSON.parse(el.textContent) : null;
}
/** What step mode says on a page without the search's events: a view knows
 * what can be stepped instead ('' leaves the page's own).
 * @param {string} text */
export function stepNote(text) {
  if (!E && text) { H.trace_note = String(text); if (ui.mode === 'step') goTo(0); }
}
window.gametree = Object.freeze({
  header: H,
  // (Getters: a graft replaces the columns with longer ones.)
  get n() { return tree.N; },
  get nodes() { return Object.freeze({ count: tree.count, first: tree.first, parent: tree.parent, depth: tree.depth, flags: tree.flags, cost: tree.cost, value: tree.value, alpha: tree.alpha, beta: tree.beta }); },
  FLAGS: Object.freeze({ MAXIMISING, PRUNED, LEAF, CUT_BETA, CUT_ALPHA, LOWER, UPPER }),
  idOf, indexOf, actionName, boardSvg, num,
  smallTree,
  data: addonData,
  addView: (spec) => addView(spec, setMode),
  setMode: (m) => setMode(m),
  select: (n) => { if (n >= 0 && n < tree.N) select(n); },
  selected: () => ui.selected,
  addNodeClass: (f) => addHook(hooks.node, f),
  addPanelRows: (f) => addHook(hooks.panel, f),
  redraw: () => render(),
  stepKey, playKey,
  stepNote,
  get graft() { return graftApi; },
});
