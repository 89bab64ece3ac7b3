// ---- Boards: a node's cells, decoded from the page's data, drawn by the one
// board drawer (board.js) against its parent's, so the last action is ringed.
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
const esc = boardEsc;
const unitOf = new Map(P.units.map((u) => [u.symbol, u]));
const boardCache = new Map();
function boardSvg(n, px) {
  const key = px + ':' + n;
  if (boardCache.has(key)) return boardCache.get(key);
  const s = drawBoard(P, unitOf, cells(n), n > 0 ? cells(parent[n]) : null, px);
  if (boardCache.size > 4000) boardCache.clear();
  boardCache.set(key, s);
  return s;
}
