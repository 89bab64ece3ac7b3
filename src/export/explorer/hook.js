// ---- The hook for views of other parts of the project (the MCTS view, the
// move orders' trees): their script files run after this one, outside its
// function, and reach the page through `window.gametree` alone:
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
//   gametree.stepNote(text)   what step mode says on a page without the
//                             search's events (the addon knows what can be
//                             stepped instead); '' leaves the page's own
//   gametree.graft            can(i), line(i), at(i, json, plies): graft.js
const views = new Map();
// What addons add to each box's classes and to the panel (nodes.js and
// panel.js ask them at every drawing).
const classHooks = [], panelHooks = [];
function addHook(list, f) {
  if (typeof f !== 'function') throw new Error('gametree needs a function here');
  list.push(f);
}
const mainArea = document.querySelector('main');
// The toolbar's controls of the tree: while a view has the tree's area they
// would act on a tree nobody sees, so they are switched off (and hidden with
// their groups, below).
const treeControls = ['expand-all', 'collapse-all', 'compact', 'zoom-out', 'zoom-fit', 'zoom-in', 'find'];
// Leaves a view's area for the tree's, or the tree's for view `m`'s; says
// whether `m` is a view.
function switchView(from, m) {
  const was = views.get(from);
  if (was && from !== m) { was.area.hidden = true; if (was.spec.hide) was.spec.hide(); }
  const v = views.get(m);
  mainArea.hidden = !!v;
  for (const id of treeControls) {
    const c = document.getElementById(id);
    if (c) c.disabled = !!v;
  }
  // Out of sight too: a view has none of the tree's zoom or search, and
  // greyed buttons over it only asked a class what they were for. The
  // panel's button stays for a view with a panel of its own (`spec.panel`):
  // over any other it did nothing.
  for (const group of document.querySelectorAll('#toolbar .tree-only')) group.hidden = !!v;
  document.getElementById('panel-toggle').hidden = !!v && !v.spec.panel;
  if (v) { v.area.hidden = false; v.spec.show(v.area); }
  return !!v;
}
function addView(spec) {
  if (!spec || !/^[a-z][a-z0-9-]*$/.test(spec.id) || typeof spec.show !== 'function') throw new Error('gametree.addView needs an id (a-z, 0-9, -) and show(el)');
  if (views.has(spec.id) || ['explore', 'step', 'practice'].includes(spec.id)) throw new Error(`a view ${spec.id} is already there`);
  const button = document.createElement('button');
  button.id = 'mode-' + spec.id;
  button.className = 'mode';
  button.setAttribute('aria-pressed', 'false');
  button.textContent = spec.label || spec.id;
  if (spec.title) button.title = spec.title;
  button.onclick = () => setMode(spec.id);
  document.querySelector('#toolbar [role="radiogroup"]').appendChild(button);
  const area = document.createElement('section');
  area.id = 'view-' + spec.id;
  area.className = 'view';
  area.hidden = true;
  mainArea.after(area);
  views.set(spec.id, { spec, area });
  return area;
}
function addonData(name) {
  const el = document.getElementById('addon-' + name);
  return el ? JSON.parse(el.textContent) : null;
}
window.gametree = Object.freeze({
  header: H,
  // (Getters: a graft replaces the columns with longer ones.)
  get n() { return N; },
  get nodes() { return Object.freeze({ count, first, parent, depth, flags, cost, value, alpha, beta }); },
  FLAGS: Object.freeze({ MAXIMISING, PRUNED, LEAF, CUT_BETA, CUT_ALPHA, LOWER, UPPER }),
  idOf, indexOf, actionName, boardSvg, num,
  smallTree,
  data: addonData,
  addView,
  setMode: (m) => setMode(m),
  select: (n) => { if (n >= 0 && n < N) select(n); },
  selected: () => selected,
  addNodeClass: (f) => addHook(classHooks, f),
  addPanelRows: (f) => addHook(panelHooks, f),
  redraw: () => render(),
  stepNote: (text) => { if (!E && text) { H.trace_note = String(text); if (mode === 'step') goTo(0); } },
  get graft() { return graftApi; },
});
