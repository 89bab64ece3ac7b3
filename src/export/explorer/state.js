// ---- The page's shared state, in one place: what more than one file reads
// and writes. Everything else a file keeps to itself, or shares as a function
// or a constant.

/** The tree's columns, by node index: data.js decodes them from the page,
 * graft.js replaces them with longer ones when it hangs a deeper search
 * under a leaf. */
export const tree = {
  /** Nodes in the page. */
  N: 0,
  count: new Uint16Array(0),
  action: new Uint16Array(0),
  flags: new Uint8Array(0),
  cost: new Int32Array(0),
  value: new Int32Array(0),
  /** The window each searched node was entered with (only under alpha-beta).
   * @type {Float64Array|null} */
  alpha: null,
  /** @type {Float64Array|null} */
  beta: null,
  first: new Int32Array(0),
  parent: new Int32Array(0),
  depth: new Uint8Array(0),
  /** The engine's ids, when a scope cut the tree (else the index is the id).
   * @type {Float64Array|null} */
  realId: null,
};

// The selected node's index: read as ui.selected, written by setSelected
// alone (six files wrote it, each its own way).
let selected = 0;

/** What the person sees and has chosen. */
export const ui = {
  /** 'explore', 'step', 'practice' or an addon view's id (modes.js sets it). */
  mode: 'explore',
  /** The selected node's index (setSelected writes it). */
  get selected() { return selected; },
  /** Which nodes are unfolded, by index (view.js; graft.js grows it). */
  open: new Uint8Array(0),
  /** The last check's marks by node, or null (practice.js).
   * @type {Map<number, any>|null} */
  marks: null,
  /** Small boxes without boards. */
  compact: false,
  zoom: 1,
  /** Whether the zoom is the fitted one (zoom.js). */
  fitted: false,
  /** The node whose subtree the worksheet asks about. */
  practiceTop: 0,
  /** While printing, how far apart the levels stand (0: the screen's). */
  printLevel: 0,
  /** Whether compact boxes carry their window (layout.js decides). */
  windowRows: true,
  /** A compact leaf's width, and whether its action is in the box (view.js). */
  leafW: 40,
  leafActInBox: false,
  /** The step and the path the drawing shows (-1: not a step's drawing). */
  shownStep: -1,
  /** @type {Set<number>} */
  shownPath: new Set(),
};

/** What addons and graft.js add: more classes for a node's box, more rows
 * for its panel (nodes.js and panel.js ask them at every drawing), what to
 * do before a change of mode (modes.js calls them once it is sure), a
 * node's board where the page's columns have none (boards.js asks them
 * first), and what to add to the header once drawn (header.js).
 * @type {{ node: ((n: number) => string)[], panel: ((n: number) => string)[], mode: ((m: string) => void)[],
 *   cells: ((n: number) => string[]|null|undefined)[], header: (() => void)[] }} */
export const hooks = { node: [], panel: [], mode: [], cells: [], header: [] };

/** Adds `f` to one of `hooks`' lists, refusing what is no function.
 * @param {Function[]} list @param {any} f */
export function addHook(list, f) {
  if (typeof f !== 'function') throw new Error('gametree needs a function here');
  list.push(f);
}

/** Selects node `n`, an index in the page's tree: what every way of choosing
 * a node (a click, Find, a step, a worksheet's reveal) comes down to. The
 * caller draws again.
 * @param {number} n */
export function setSelected(n) {
  if (!Number.isInteger(n) || n < 0 || n >= tree.N) throw new RangeError(`no node ${n} in this page`);
  selected = n;
}
