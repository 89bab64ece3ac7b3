// ---- Zoom: fit the drawing to the window, or set it.
import { ui } from './state.js';
import { line } from './data.js';
import { P } from './boards.js';
import { canvas, layout, treeBox } from './layout.js';
import { render } from './nodes.js';
import { bringIntoView } from './step.js';
const zoomText = document.getElementById('zoom-level');
export function setZoom(z, fitting) {
  ui.fitted = !!fitting;
  ui.zoom = Math.max(0.2, Math.min(2.5, z));
  canvas.style.zoom = String(ui.zoom);
  // (The practice boxes' least size is a finger's on screen, whatever the zoom.)
  canvas.style.setProperty('--zoom', String(ui.zoom));
  zoomText.textContent = Math.round(ui.zoom * 100) + '%';
}
// The side panel: open, or shut to give the tree the whole width. Until the
// person chooses (its button), fitting shuts it where the tree would be too
// small to read beside it, and opens it again where there is room.
const panelButton = document.getElementById('panel-toggle');
let panelAuto = true;
function setPanel(shut) {
  document.body.classList.toggle('panel-shut', shut);
  panelButton.setAttribute('aria-expanded', String(!shut));
  panelButton.textContent = shut ? 'Show panel' : 'Hide panel';
}
const panelShut = () => document.body.classList.contains('panel-shut');
// The value's type size at zoom 1: what the zoom must keep at 20 px or more.
const valueFont = () => (ui.compact ? 25 : 20);
const READABLE = 20;
export function fit() {
  const { width, height } = layout();
  // The canvas's margins (8 px a side) are zoomed with it; the panel, when
  // beside the tree, takes its width.
  const beside = getComputedStyle(document.querySelector('main')).flexDirection !== 'column';
  const PW = 300; // (aside#panel's width)
  const room = (shut) => treeBox.clientWidth + (beside && shut !== panelShut() ? (shut ? PW : -PW) : 0);
  const zoomFor = (shut) => Math.min(2, room(shut) / (width + 16), treeBox.clientHeight / (height + 16));
  if (panelAuto && beside) {
    const shut = zoomFor(false) * valueFont() < READABLE && zoomFor(true) > zoomFor(false);
    if (shut !== panelShut()) setPanel(shut);
  }
  const z = zoomFor(panelShut());
  // A narrow screen (a phone) does not shrink the words under 14 px to fit
  // the whole tree: the tree scrolls and pans instead, from its root.
  const floor = narrow.matches ? SMALLEST / smallestFont() : 0;
  setZoom(Math.max(z, floor), true);
  treeBox.scrollTo(0, 0);
  if (z < floor) centreOn(0);
  if (ui.zoom <= 0.2 + 1e-9) bringIntoView(line.size ? [...line].pop() : 0);
}
const narrow = window.matchMedia('(max-width: 600px)');
const SMALLEST = 14;
// The smallest type in the drawn tree at zoom 1, the ids aside (a small
// label below the box's corner, not what is read).
function smallestFont() {
  const texts = [...canvas.querySelectorAll('.box .head, .box .lact, .box .value, .box .window, .box .running, .box .ab, #edges text')];
  let least = Infinity;
  for (const t of texts.slice(0, 300)) {
    const size = parseFloat(getComputedStyle(t).fontSize);
    if (size > 0 && t.getClientRects().length) least = Math.min(least, size);
  }
  return Number.isFinite(least) ? least : 14;
}
// Scrolls the tree sideways so that node `n` is in the middle, without
// scrolling the page around a frame (as scrollIntoView would).
function centreOn(n) {
  const el = canvas.querySelector(`.box[data-index="${n}"]`);
  if (!el) return;
  const box = treeBox.getBoundingClientRect(), r = el.getBoundingClientRect();
  treeBox.scrollLeft += r.left + r.width / 2 - (box.left + box.width / 2);
}
// The first view: boards when the whole opening view fits with them at a
// readable size, the compact tree otherwise; then fitted to the window. A
// game with no board is always compact: its full boxes would only be larger.
export function firstView() {
  ui.compact = false;
  if (P.points.length) {
    const full = layout();
    const w = treeBox.clientWidth - 16, h = treeBox.clientHeight - 16;
    ui.compact = Math.min(w / full.width, h / full.height) * valueFont() < READABLE;
  }
  ui.compact = ui.compact || !P.points.length;
  syncCompact();
  render();
  fit();
}
let treeHeight = 0;
new ResizeObserver(() => {
  if (treeBox.clientHeight === treeHeight) return;
  treeHeight = treeBox.clientHeight;
  // (Stepping keeps its zoom: the path is kept in view by scrolling.)
  if (ui.fitted && ui.mode !== 'step') fit();
}).observe(treeBox);
/** Small boxes without boards, or not: the button's choice (zoom.js owns
 * ui.compact; the fitted view sets it too).
 * @param {boolean} on */
export function setCompact(on) { ui.compact = on; syncCompact(); }
export function syncCompact() { document.getElementById('compact').setAttribute('aria-pressed', String(ui.compact)); canvas.classList.toggle('compact', ui.compact); }
canvas.style.setProperty('--leaf-w', ui.leafW + 'px');
panelButton.onclick = () => { panelAuto = false; setPanel(!panelShut()); if (ui.fitted) fit(); };
