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
function fit() {
  const { width, height } = layout();
  // The canvas's margins (8 px a side) are zoomed with it.
  setZoom(Math.min(1.6, treeBox.clientWidth / (width + 16), treeBox.clientHeight / (height + 16)), true);
  treeBox.scrollTo(0, 0);
  if (zoom <= 0.2 + 1e-9) bringIntoView(line.size ? [...line].pop() : 0);
}
// The first view: boards when the whole opening view fits with them at a
// readable size, the compact tree otherwise; then fitted to the window.
function firstView() {
  compact = false;
  const full = layout();
  const w = treeBox.clientWidth - 16, h = treeBox.clientHeight - 16;
  compact = Math.min(w / full.width, h / full.height) < 0.8;
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
