// ---- Views of other parts of the project (the MCTS view, the move orders'
// trees...): each a mode button and an area of its own in the tree's place.
const views = new Map();
const mainArea = document.querySelector('main');
// The toolbar's controls of the tree: while a view has the tree's area they
// would act on a tree nobody sees, so they are switched off (and hidden with
// their groups, below).
const treeControls = ['expand-all', 'collapse-all', 'compact', 'zoom-out', 'zoom-fit', 'zoom-in', 'find'];
// Leaves a view's area for the tree's, or the tree's for view `m`'s; says
// whether `m` is a view.
export function switchView(from, m) {
  const was = views.get(from);
  if (was && from !== m) { was.area.hidden = true; if (was.spec.hide) was.spec.hide(); }
  const v = views.get(m);
  mainArea.hidden = !!v;
  for (const id of treeControls) {
    const c = /** @type {HTMLButtonElement|HTMLInputElement} */ (document.getElementById(id));
    if (c) c.disabled = !!v;
  }
  // Out of sight too: a view has none of the tree's zoom or search, and
  // greyed buttons over it only asked a class what they were for. The
  // panel's button stays for a view with a panel of its own (`spec.panel`):
  // over any other it did nothing.
  for (const group of document.querySelectorAll('#toolbar .tree-only')) /** @type {HTMLElement} */ (group).hidden = !!v;
  document.getElementById('panel-toggle').hidden = !!v && !v.spec.panel;
  if (v) { v.area.hidden = false; v.spec.show(v.area); }
  return !!v;
}
// `pick` sets the mode (modes.js's setMode), which its button picks.
export function addView(spec, pick) {
  if (!spec || !/^[a-z][a-z0-9-]*$/.test(spec.id) || typeof spec.show !== 'function') throw new Error('gametree.addView needs an id (a-z, 0-9, -) and show(el)');
  if (views.has(spec.id) || ['explore', 'step', 'practice'].includes(spec.id)) throw new Error(`a view ${spec.id} is already there`);
  const button = document.createElement('button');
  button.id = 'mode-' + spec.id;
  button.className = 'mode';
  button.setAttribute('aria-pressed', 'false');
  button.textContent = spec.label || spec.id;
  if (spec.title) button.title = spec.title;
  button.onclick = () => pick(spec.id);
  document.querySelector('#toolbar [role="radiogroup"]').appendChild(button);
  const area = document.createElement('section');
  area.id = 'view-' + spec.id;
  area.className = 'view';
  area.hidden = true;
  mainArea.after(area);
  views.set(spec.id, { spec, area });
  return area;
}
