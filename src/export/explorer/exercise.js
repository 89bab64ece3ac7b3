// A batch of exercises (`gametree exercise --count N`): the practice bar gets
// "New exercise", the next page of the batch. The page computes no values of
// its own (one source of truth: the search that wrote it), so past the batch's
// end the button says which command makes more. Data: the addon `exercise`
// (number, count, previous, next, more), written by src/exercise/files.rs;
// bundled after the explorer's modules when the page has it.
import { addonData } from './hook.js';
const D = addonData('exercise');
const bar = document.getElementById('practice');
if (D && bar) addNavigation();
function addNavigation() {
  const style = document.createElement('style');
  style.textContent = '#exercise-nav a { border: 1px solid #888; border-radius: 4px; padding: 2px 10px; ' +
    'background: #f4f4f4; color: #111; text-decoration: none; margin-right: 6px; } ' +
    '#exercise-more { margin-left: 6px; } @media print { #exercise-nav { display: none !important; } }';
  document.head.appendChild(style);
  const nav = document.createElement('span');
  nav.id = 'exercise-nav';
  nav.className = 'group';
  const link = (id, href, text, title) => {
    const a = document.createElement('a');
    a.id = id;
    a.href = href;
    a.textContent = text;
    a.title = title;
    nav.appendChild(a);
  };
  if (D.previous) link('previous-exercise', D.previous, '◀ Previous', `Exercise ${D.number - 1} of ${D.count}`);
  if (D.next) {
    link('new-exercise', D.next, 'New exercise ▶', `Exercise ${D.number + 1} of ${D.count}`);
  } else {
    const b = document.createElement('button');
    b.id = 'new-exercise';
    b.textContent = 'New exercise';
    const more = document.createElement('span');
    more.id = 'exercise-more';
    more.hidden = true;
    more.textContent = `That was exercise ${D.number} of ${D.count}. For more, run ${D.more}`;
    b.onclick = () => { more.hidden = false; };
    nav.append(b, more);
  }
  bar.appendChild(nav);
}
