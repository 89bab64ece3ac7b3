// ---- Boards. Each square has its grid line; the points the last action
// changed (its parent's board against its own) are ringed.
const P = H.picture;
function cells(n) {
  const out = H.root_cells.split('');
  const base = boardAt + n * boardBytes;
  H.varying.forEach((p, k) => {
    let code = 0;
    for (let b = 0; b < H.bits; b++) {
      const bit = k * H.bits + b;
      if (bytes[base + (bit >> 3)] >> (bit & 7) & 1) code |= 1 << b;
    }
    out[p] = H.symbols[code];
  });
  return out;
}
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
const unitOf = new Map(P.units.map((u) => [u.symbol, u]));
const boardCache = new Map();
function boardSvg(n, px) {
  const key = px + ':' + n;
  if (boardCache.has(key)) return boardCache.get(key);
  const c = cells(n);
  const before = n > 0 ? cells(parent[n]) : null;
  const h = Math.round(px * P.height / P.width);
  // Coordinates grow on small boards so that they stay legible.
  const cell = px / P.width;
  const coord = Math.min(0.6, Math.max(0.45, 9 / cell));
  let s = `<svg class="board" width="${px}" height="${h}" viewBox="0 0 ${P.width} ${P.height}" role="img" aria-label="board">`;
  for (const [x, y, dark] of P.squares) s += `<rect class="${P.lines.length ? 'plain' : dark ? 'dark' : 'light'}" x="${x}" y="${y}" width="1" height="1"/>`;
  for (const [a, b] of P.lines) s += `<line class="link" x1="${P.points[a][0]}" y1="${P.points[a][1]}" x2="${P.points[b][0]}" y2="${P.points[b][1]}"/>`;
  if (P.lines.length) for (const [x, y] of P.points) s += `<circle class="spot" cx="${x}" cy="${y}" r="0.12"/>`;
  for (const [x, y, t] of P.labels) s += `<text class="coord" x="${x}" y="${y}" style="font-size:${coord.toFixed(2)}px">${esc(t)}</text>`;
  P.points.forEach(([x, y], i) => {
    if (before && before[i] !== c[i]) s += `<rect class="moved" x="${x - 0.47}" y="${y - 0.47}" width="0.94" height="0.94" rx="0.12"/>`;
    const u = unitOf.get(c[i]);
    if (!u) return;
    s += `<circle cx="${x}" cy="${y}" r="0.38" fill="${u.fill}" stroke="${u.stroke}" stroke-width="0.06"><title>${esc(u.name)}</title></circle>`;
    if (u.mark) s += `<text class="mark" x="${x}" y="${y}" fill="${u.fill === '#222' ? '#fff' : u.stroke}">${esc(u.mark)}</text>`;
  });
  s += '</svg>';
  if (boardCache.size > 4000) boardCache.clear();
  boardCache.set(key, s);
  return s;
}
