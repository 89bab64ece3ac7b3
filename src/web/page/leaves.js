// A textbook tree's leaves in its text: where the value of the leaf at a path
// of child indices is, so that a leaf clicked in the explorer can be given a
// new value in the text (labels, comments and layout kept as typed).
function leafSpan(text, path) {
  const re = /#[^\n]*|\(|\)|[^\s()#]+/g;
  const counts = [0];
  const at = [];
  let m;
  while ((m = re.exec(text))) {
    const t = m[0];
    if (t[0] === '#') continue;
    if (t === '(') { at.push(counts[counts.length - 1]); counts.push(0); continue; }
    if (t === ')') { counts.pop(); at.pop(); if (counts.length) counts[counts.length - 1]++; continue; }
    if (t.endsWith(':')) continue;
    if (counts.length === 1) continue;
    const here = at.slice(1).concat([counts[counts.length - 1]]);
    counts[counts.length - 1]++;
    if (here.length === path.length && here.every((v, i) => v === path[i])) {
      const colon = t.lastIndexOf(':');
      return { start: m.index + colon + 1, end: m.index + t.length };
    }
  }
  return null;
}
