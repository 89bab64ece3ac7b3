// ---- Zoom: fit the drawing to the window, or set it.
const zoomText = document.getElementById('zoom-level');
// Whether the zoom is the fitted one: then the drawing fits itself again when
// its area changes size (a mode's bar appears, the window is resized).
let fitted = false;
function setZoom(z, fitting) {
  fitted = !!fitting;
  zoom = Math.max(0.2, Math.min(2.5, z));
  canvas.style.zoom = String(zoom);
  zoomText.textContent = Math.round(zoom * 100) + '%';
}
// The side panel: open, or shut to give the tree the whole width. Until the
// person chooses (its button), fitting shuts it where the tree would be too
// small to read beside it, and opens it again where there is room.
const panelBox = document.getElementById('panel');
const panelButton = document.getElementById('panel-toggle');
let panelAuto = true;
function setPanel(shut) {
  document.body.classList.toggle('panel-shut', shut);
  panelButton.setAttribute('aria-expanded', String(!shut));
  panelButton.textContent = shut ? 'Show panel' : 'Hide panel';
}
const panelShut = () => document.body.classList.contains('panel-shut');
// The value's type size at zoom 1: what the zoom must keep at 20 px or more.
const valueFont = () => (compact ? 25 : 20);
const READABLE = 20;
function fit() {
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
  setZoom(zoomFor(panelShut()), true);
  treeBox.scrollTo(0, 0);
  if (zoom <= 0.2 + 1e-9) bringIntoView(line.size ? [...line].pop() : 0);
}
// The first view: boards when the whole opening view fits with them at a
// readable size, the compact tree otherwise; then fitted to the window. A
// game with no board is always compact: its full boxes would only be larger.
function firstView() {
  compact = false;
  if (P.points.length) {
    const full = layout();
    const w = treeBox.clientWidth - 16, h = treeBox.clientHeight - 16;
    compact = Math.min(w / full.width, h / full.height) * valueFont() < READABLE;
  }
  compact = compact || !P.points.length;
  syncCompact();
  render();
  fit();
}
let treeHeight = 0;
new ResizeObserver(() => {
  if (treeBox.clientHeight === treeHeight) return;
  treeHeight = treeBox.clientHeight;
  // (Stepping keeps its zoom: the path is kept in view by scrolling.)
  if (fitted && mode !== 'step') fit();
}).observe(treeBox);
function syncCompact() { document.getElementById('compact').setAttribute('aria-pressed', String(compact)); canvas.classList.toggle('compact', compact); }
canvas.style.setProperty('--leaf-w', LEAF_W + 'px');
panelButton.onclick = () => { panelAuto = false; setPanel(!panelShut()); if (fitted) fit(); };
