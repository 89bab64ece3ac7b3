// Print: the drawing scaled to the page (A4 and Letter alike), landscape when it is wide.
import { ui } from './state.js';
import { size } from './view.js';
import { layout } from './layout.js';
const pageStyle = document.getElementById('page-style');
// The printable area in CSS px, A4 and Letter alike with 10 mm margins, less
// the header, the help and the legend printed around the tree.
const paper = (wide) => (wide ? [960, 590] : [690, 850]);
let printWide = false;
export function printFit(width, height) {
  if (!ui.printLevel) printWide = width > height * 1.2;
  const [pw, ph] = paper(printWide);
  const z = Math.min(1.5, pw / width, ph / height);
  const css = `@page { size: ${printWide ? 'landscape' : 'portrait'}; margin: 10mm; } @media print { #canvas { zoom: ${z.toFixed(4)} !important; } }`;
  // A changed style sheet restyles the whole page: write it only when it changes.
  if (pageStyle.textContent !== css) pageStyle.textContent = css;
}
// A changed style sheet restyles every node: an interaction leaves the print
// style to a moment later (and printing writes it at once).
let printSoon = 0;
export function printFitSoon(width, height) {
  clearTimeout(printSoon);
  printSoon = setTimeout(() => printFit(width, height), 200);
}
// A tree wider than the page, scaled to its width, would fill only its top:
// on paper its levels are spread to fill the height (up to five times apart).
// (`redraw`: nodes.js's render, which calls this file's printFit.)
export function watchPrinting(redraw) {
  window.addEventListener('beforeprint', () => {
    const z0 = size();
    const { width, height } = layout();
    clearTimeout(printSoon);
    printFit(width, height);
    const [pw, ph] = paper(printWide);
    const z = Math.min(1.5, pw / width);
    const levels = Math.round((height - (z0.level - (ui.compact ? 30 : 40))) / z0.level);
    if (levels < 1) return;
    const box = z0.level - (ui.compact ? 30 : 40);
    const level = Math.min(5 * z0.level, (0.97 * ph / z - box) / levels);
    if (level > z0.level) { ui.printLevel = level; redraw(); }
  });
  window.addEventListener('afterprint', () => { if (ui.printLevel) { ui.printLevel = 0; redraw(); } });
}
