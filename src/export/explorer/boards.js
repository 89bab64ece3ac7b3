// ---- Boards: a node's cells, decoded from the page's data, drawn by the one
// board drawer (board.js) against its parent's, so the last action is ringed.
import { hooks, tree } from './state.js';
import { H, boardAt, boardBytes, bytes } from './data.js';
import { boardEsc, drawBoard } from './board.js';
export const P = H.picture;
export function cells(n) {
  for (const f of hooks.cells) { const c = f(n); if (c) return c; }
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
export const esc = boardEsc;
const unitOf = new Map(P.units.map((u) => [u.symbol, u]));
export const boardCache = new Map();
export function boardSvg(n, px, coordPx = 9) {
  const key = px + ':' + coordPx + ':' + n;
  if (boardCache.has(key)) return boardCache.get(key);
  const s = drawBoard(P, unitOf, cells(n), n > 0 ? cells(tree.parent[n]) : null, px, coordPx);
  if (boardCache.size > 4000) boardCache.clear();
  boardCache.set(key, s);
  return s;
}
