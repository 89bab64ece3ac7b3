// ---- One board drawer for every page (the explorer's and the MCTS tree's):
// a board as SVG from the game's board description `P` (src/game/drawing.rs
// Picture), the symbols on its points `c`, and its parent's `before` (null at
// the root), whose differences from `c` are the last action, ringed. Each
// square has its grid line; coordinates grow on small boards so that they stay
// legible: `coordPx` is their least size in px where a cell's margin has room
// for it. The style is board.css.
export const boardEsc = (s) => String(s).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[ch]));
export function drawBoard(P, units, c, before, px, coordPx = 9) {
  const h = Math.round(px * P.height / P.width);
  const cell = px / P.width;
  const coord = Math.min(0.6, Math.max(0.45, coordPx / cell));
  let s = `<svg class="board" width="${px}" height="${h}" viewBox="0 0 ${P.width} ${P.height}" role="img" aria-label="board">`;
  for (const [x, y, dark] of P.squares) s += `<rect class="${P.lines.length ? 'plain' : dark ? 'dark' : 'light'}" x="${x}" y="${y}" width="1" height="1"/>`;
  for (const [a, b] of P.lines) s += `<line class="link" x1="${P.points[a][0]}" y1="${P.points[a][1]}" x2="${P.points[b][0]}" y2="${P.points[b][1]}"/>`;
  if (P.lines.length) for (const [x, y] of P.points) s += `<circle class="spot" cx="${x}" cy="${y}" r="0.12"/>`;
  for (const [x, y, t] of P.labels) s += `<text class="coord" x="${x}" y="${y}" style="font-size:${coord.toFixed(2)}px">${boardEsc(t)}</text>`;
  P.points.forEach(([x, y], i) => {
    if (before && before[i] !== c[i]) s += `<rect class="moved" x="${x - 0.47}" y="${y - 0.47}" width="0.94" height="0.94" rx="0.12"/>`;
    const u = units.get(c[i]);
    if (!u) return;
    s += `<circle cx="${x}" cy="${y}" r="0.38" fill="${u.fill}" stroke="${u.stroke}" stroke-width="0.06"><title>${boardEsc(u.name)}</title></circle>`;
    if (u.mark) s += `<text class="mark" x="${x}" y="${y}" fill="${u.fill === '#222' ? '#fff' : u.stroke}">${boardEsc(u.mark)}</text>`;
  });
  return s + '</svg>';
}
