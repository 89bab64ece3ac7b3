// ---- The first view, once every part above has its names.
import { ui } from './state.js';
import { H } from './data.js';
import { openFirst } from './view.js';
import { render } from './nodes.js';
import { firstView } from './zoom.js';
import { watchPrinting } from './print.js';
import { header } from './header.js';
import { setMode } from './modes.js';
// (Run for what they do: the keys and buttons, and the addons' hook.)
import './input.js';
import './hook.js';
watchPrinting(render);
openFirst();
header();
document.body.dataset.mode = ui.mode;
firstView();
// An exercise's page opens as its worksheet.
if (H.opening === 'practice') setMode('practice');
document.body.dataset.readyMs = String(Math.round(performance.now()));
document.body.dataset.ready = 'true';
