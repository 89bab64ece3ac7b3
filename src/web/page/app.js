// The page around window.gametree: the form, the explorer in a frame (the
// very page `gametree analyse --html` writes), the downloads, a textbook
// tree's leaves edited in place.
(function () {
  const $ = (id) => document.getElementById(id);
  const form = $('ask');
  let games = [];
  let last = null; // { options, json, html, name }
  const errorFields = { game: 'depth', 'compare-orders': 'depth', 'no-prune-on-ties': 'depth', position: 'position', depth: 'depth', iterations: 'mcts', seed: 'mcts', 'uct-c': 'mcts', search: 'depth', 'max-nodes': 'depth' };

  function game() { return games.find((g) => g.name === $('game').value); }
  function clearErrors() {
    for (const el of document.querySelectorAll('.error')) el.textContent = '';
    for (const el of document.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
  }
  function showError(err) {
    if (err.cancelled) { $('status').textContent = 'Cancelled.'; return; }
    const key = err.key;
    const where = key && (errorFields[key] || (game().options.some((o) => o.name === key) ? 'options' : null));
    const field = key && document.getElementById(key === 'search' ? 'search' : key);
    if (field) field.setAttribute('aria-invalid', 'true');
    const text = err.panic ? err.message + '\nThe page goes on working: change the request and try again.' : err.message;
    $(where ? 'error-' + where : 'error').textContent = text;
    $('status').textContent = '';
  }
  function setGame() {
    const g = game();
    $('position').value = g.start;
    $('position-hint').textContent = g.name === 'tree'
      ? '(the tree in parentheses: leaves are numbers, e.g. ((3 12 8) (2 4 6)); labels as A:( ... ); "min" after it for a MIN root)'
      : '(in the game\'s notation; the start is filled in)';
    // No depth: the request layer's rule (a typed tree whole, a game at its
    // own depth or the deepest that fits the page's budget), said beside the
    // answer; for a game the depth it took is then written here.
    $('depth').value = '';
    $('depth').placeholder = g.name === 'tree' ? 'whole' : 'own';
    const box = $('game-options');
    box.innerHTML = '';
    for (const o of g.options) {
      const label = document.createElement('label');
      label.title = o.help;
      label.textContent = o.name + ' ';
      const input = document.createElement('input');
      input.type = 'number'; input.id = o.name; input.min = o.min; input.max = o.max; input.dataset.gameOption = '1';
      input.placeholder = 'default';
      label.append(input);
      box.append(label);
    }
    clearErrors();
    board.reset();
    if (g.name === 'tree') board.hide(); else board.refresh(g.start).catch(showError);
    // The tree shown was another game's: gone until this one is analysed.
    $('result').hidden = true;
  }
  // The game and its own options (`max-plies`, `radius`...): what the board
  // needs besides the position.
  function gameOptions() {
    const o = { game: $('game').value };
    for (const el of document.querySelectorAll('[data-game-option]')) if (el.value !== '') o[el.id] = el.value;
    return o;
  }
  function options() {
    const o = { game: $('game').value };
    const pos = $('position').value.trim();
    if (pos) o.position = pos;
    const s = $('search').value;
    o.search = s === 'alphabeta-past' ? 'alphabeta' : s;
    if (s === 'alphabeta-past') o['no-prune-on-ties'] = true;
    if (s === 'mcts') {
      for (const k of ['iterations', 'uct-c', 'seed']) if ($(k).value !== '') o[k] = $(k).value;
    } else {
      if ($('depth').value !== '') o.depth = $('depth').value;
      if ($('compare-orders').checked) o['compare-orders'] = true;
    }
    for (const el of document.querySelectorAll('[data-game-option]')) if (el.value !== '') o[el.id] = el.value;
    return o;
  }
  function download(name, text, type) {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type }));
    a.download = name;
    document.body.append(a); a.click(); a.remove();
  }
  function downloads(o, answer) {
    const box = $('downloads');
    box.innerHTML = '';
    const base = `${o.game}-${o.search}${o.depth ? '-depth-' + o.depth : ''}`;
    const add = (label, make) => {
      const a = document.createElement('a');
      a.href = '#'; a.textContent = label;
      a.onclick = (e) => { e.preventDefault(); make(); };
      box.append(a);
    };
    add('JSON', () => download(base + '.json', answer.json, 'application/json'));
    add('Explorer page', () => download(base + '.html', answer.html, 'text/html'));
    add('DOT', () => gametree.dot(o).then((t) => download(base + '.dot', t, 'text/vnd.graphviz'), showError));
    if (o.search !== 'mcts') add('Gambit .efg', () => gametree.efg(o).then((t) => download(base + '.efg', t, 'text/plain'), showError));
  }
  // `given`: a link's request, sent as it is so that the engine refuses what
  // the form could not hold (depth=abc); `history`: 'push' (a new entry, so
  // that Back returns to the tree before), 'replace', or none (Back itself).
  function analyse(given, history = 'push') {
    clearErrors();
    const o = given || options();
    $('status').textContent = 'Building and searching the tree…';
    return gametree.run('analyse', o, ['json', 'html']).then((answer) => {
      last = { options: o, json: JSON.parse(answer.json), position: $('position').value, html: answer.html };
      if (answer.depth && o.game !== 'tree' && !o.depth) { $('depth').value = answer.depth; saveFields(); }
      $('machine-tree').hidden = true;
      $('result').hidden = false;
      $('text').hidden = true;
      $('depth-note').textContent = answer.note || '';
      $('depth-note').hidden = !answer.note;
      $('status').textContent = `${answer.nodes} nodes${answer.depth ? ', depth ' + answer.depth : ''}.`;
      downloads(o, answer);
      remember(o, history);
      $('leaf-hint').hidden = o.game !== 'tree' || o.search === 'mcts';
      $('deeper-hint').hidden = o.game === 'tree' || o.search === 'mcts';
      return show(answer.html, hookLeaves).then(() => null);
    }, (err) => { showError(err); return err; });
  }
  // The explorer in its frame; resolves once it has loaded.
  function show(html, then) {
    const frame = $('explorer');
    frame.hidden = false;
    return new Promise((resolve) => {
      frame.onload = () => { fitFrame(frame); if (then) then(frame); resolve(); };
      frame.srcdoc = html;
    });
  }
  // On a phone the page scrolls once, not a frame inside it: the frame is
  // as tall as the explorer in it, whose tree is given most of the screen's
  // height through its --tree-height (the explorer's own 78vh would be of
  // the frame, which grows).
  const phone = window.matchMedia('(max-width: 760px)');
  let fitted = null;
  function fitFrame(frame) {
    if (fitted) { fitted.disconnect(); fitted = null; }
    frame.style.height = '';
    const doc = frame.contentDocument;
    if (!doc || !doc.documentElement) return;
    doc.documentElement.style.removeProperty('--tree-height');
    if (!phone.matches || !doc.body) return;
    doc.documentElement.style.setProperty('--tree-height', `${Math.round(window.innerHeight * 0.72)}px`);
    const fit = () => { frame.style.height = doc.documentElement.scrollHeight + 'px'; };
    fit();
    fitted = new ResizeObserver(fit);
    fitted.observe(doc.body);
  }
  phone.addEventListener('change', () => fitFrame($('explorer')));
  // The request in the address (#game=tree&search=alphabeta&position=...),
  // its keys window.gametree's, so that a link opens this very tree.
  function remember(o, how) {
    const link = new URLSearchParams();
    for (const [k, v] of Object.entries(o)) link.set(k, v === true ? '' : String(v));
    const hash = '#' + link.toString();
    try {
      if (how === 'push' && hash !== location.hash) history.pushState(null, '', hash);
      else if (how) history.replaceState(null, '', hash);
    } catch (e) { /* a sandboxed frame */ }
    saveFields();
  }
  // The request a link names (#game=...&depth=...), its switches true.
  function linkOptions() {
    const link = new URLSearchParams(location.hash.replace(/^#/, ''));
    if (!link.has('game')) return null;
    const o = {};
    for (const [k, v] of link) o[k] = v === '' ? true : v;
    return o;
  }
  // The form made to show the request `o` (a link's, or the fields kept);
  // false when it names no game the page has, left for the engine to refuse.
  function fillForm(o) {
    const g = games.find((x) => x.name === o.game);
    if (!g) return false;
    $('game').value = g.name;
    setGame();
    const search = typeof o.search === 'string' ? o.search : 'minimax';
    $('search').value = search === 'alphabeta' && o['no-prune-on-ties'] ? 'alphabeta-past' : search;
    if (!$('search').value) $('search').value = 'minimax';
    $('search').onchange();
    $('compare-orders').checked = !!o['compare-orders'];
    $('position').value = typeof o.position === 'string' ? o.position : g.start;
    for (const k of ['depth', 'iterations', 'uct-c', 'seed']) if (o[k] !== undefined) $(k).value = o[k];
    for (const el of document.querySelectorAll('[data-game-option]')) if (o[el.id] !== undefined) el.value = o[el.id];
    if (g.name !== 'tree') board.refresh($('position').value.trim() || undefined).catch(showError);
    return true;
  }
  // The fields, kept in this browser's storage (this device only) as they
  // are typed, so that a reload loses nothing; with the address they were
  // typed under, so that another link opens what it names instead.
  const STORE = 'gametree-fields';
  function saveFields() {
    try { localStorage.setItem(STORE, JSON.stringify({ hash: location.hash, options: options() })); } catch (e) { /* storage off */ }
  }
  function keptFields() {
    try { return JSON.parse(localStorage.getItem(STORE) || 'null'); } catch (e) { return null; }
  }
  // What the page opens on without a link: the textbook's first tree
  // (AIMA figure 5.2, fixtures/textbook/aima-5.2.txt) under alpha-beta.
  const FIRST_TREE = 'A:(\n  B:(b1:3 b2:12 b3:8)\n  C:(c1:2 c2:4 c3:6)\n  D:(d1:14 d2:5 d3:2)\n)';
  // A textbook tree's leaf, double-clicked in the explorer, is given a new
  // value in the text, and the tree is searched again.
  // A board game's node at the edge of the built depth, double-clicked: the
  // engine replays the line to it, builds that position's tree a few plies
  // deeper, and the explorer hangs it under the node (its graft.js), in the
  // same explorer. A line is followed as deep as a student likes, a few plies
  // at a time, never a page of millions of nodes.
  function hookFrontier(frame) {
    if (!last || last.options.game === 'tree' || last.options.search === 'mcts') return;
    const doc = frame.contentDocument;
    const inner = frame.contentWindow.gametree;
    if (!doc || !inner || !inner.graft) return;
    doc.addEventListener('dblclick', (e) => {
      const box = e.target.closest('[data-index]');
      if (!box) return;
      const n = Number(box.dataset.index);
      if (!inner.graft.can(n)) return;
      e.preventDefault();
      deeper(inner, n);
    });
  }
  function deeper(inner, n) {
    const line = inner.graft.line(n);
    const o = Object.assign({}, last.options);
    delete o['compare-orders'];
    const plies = Math.max(1, Math.min(Number($('deeper-plies').value) || 2, 64));
    const said = line.join(' ');
    $('status').textContent = `Building the tree below ${said}…`;
    const step = (pos, i) => (i === line.length ? Promise.resolve(pos)
      : gametree.run('apply', Object.assign(gameOptions(), { position: pos, action: line[i] })).then((a) => step(a.position, i + 1)));
    return step(o.position || game().start, 0).then((pos) => {
      o.position = pos;
      o.depth = plies;
      return gametree.analyse(o).then((text) => {
        const tree = JSON.parse(text);
        const was = inner.nodes.value[n];
        const added = inner.graft.at(n, tree, plies);
        // The form shows what was searched last: the grafted line's position.
        $('position').value = pos;
        $('depth').value = plies;
        saveFields();
        board.refresh(pos).catch(showError);
        $('status').textContent = `${added} nodes grafted below ${said}, ${plies} ${plies === 1 ? 'ply' : 'plies'} deeper: its value ${was} → ${tree.nodes[0].value}.`;
      });
    }).catch(showError);
  }
  function hookLeaves(frame) {
    hookFrontier(frame);
    if (!last || last.options.game !== 'tree' || last.options.search === 'mcts') return;
    const doc = frame.contentDocument;
    const inner = frame.contentWindow.gametree;
    if (!doc || !inner) return;
    doc.addEventListener('dblclick', (e) => {
      const box = e.target.closest('[data-index]');
      if (!box) return;
      const n = Number(box.dataset.index);
      if (!(inner.nodes.flags[n] & inner.FLAGS.LEAF)) return;
      e.preventDefault();
      editLeaf(Number(box.dataset.id));
    });
  }
  function pathOf(id) {
    const nodes = last.json.nodes;
    const path = [];
    for (let n = nodes[id]; n.parent !== null; n = nodes[n.parent]) path.unshift(nodes[n.parent].children.indexOf(n.id));
    return path;
  }
  function editLeaf(id) {
    const span = leafSpan(last.position, pathOf(id));
    if (!span) return;
    const old = last.position.slice(span.start, span.end);
    let ed = $('leaf-edit');
    if (!ed) {
      ed = document.createElement('form');
      ed.id = 'leaf-edit';
      ed.className = 'row';
      ed.innerHTML = '<label>New value of leaf <span id="leaf-name"></span> <input id="leaf-value" type="number"></label><button type="submit">Search again</button>';
      $('leaf-hint').after(ed);
    }
    $('leaf-name').textContent = last.json.nodes[id].action + ' (was ' + old + ')';
    $('leaf-value').value = old;
    ed.onsubmit = (e) => {
      e.preventDefault();
      const v = $('leaf-value').value.trim();
      $('position').value = last.position.slice(0, span.start) + v + last.position.slice(span.end);
      analyse();
    };
    $('leaf-value').focus();
    $('leaf-value').select();
  }
  function textCommand(name) {
    clearErrors();
    const o = options();
    delete o.search;
    delete o['no-prune-on-ties'];
    delete o['compare-orders'];
    if ($('search').value !== 'mcts') o.depth = $('depth').value;
    if (name === 'best') {
      o.search = $('search').value === 'mcts' ? 'mcts' : $('search').value === 'minimax' ? 'minimax' : 'alphabeta';
      if (o.search === 'mcts') { for (const k of ['iterations', 'uct-c', 'seed']) if ($(k).value !== '') o[k] = $(k).value; }
    } else { delete o.iterations; delete o['uct-c']; delete o.seed; }
    $('status').textContent = name === 'perft' ? 'Counting positions…' : 'Searching…';
    gametree[name](o).then((text) => {
      $('result').hidden = false;
      $('text').hidden = false;
      $('text').textContent = (name === 'perft' ? 'depth positions\n' : 'best action and value\n') + text;
      $('status').textContent = '';
    }, showError);
  }
  // A new exercise: a random textbook tree from the next seed (or, for a
  // board game, this position), opened in practice mode; its files download
  // as `gametree exercise --out DIR` writes them.
  // While a game against the machine is played, the explorer shows the tree
  // the machine searched for its last move, or says plainly that there is
  // none; never the tree of a position the game has left. A tree asked for
  // before a later move is dropped when it comes (`playMoves` counts them).
  let playMoves = 0;
  // The note above the tree: what it is, in a line a class reads, and the
  // small print under it.
  function playNote(text, small) {
    $('result').hidden = false;
    $('text').hidden = true;
    $('leaf-hint').hidden = true;
    $('deeper-hint').hidden = true;
    const note = $('machine-tree');
    note.hidden = false;
    note.textContent = text;
    if (small) {
      const s = document.createElement('span');
      s.className = 'hint';
      s.textContent = ' ' + small;
      note.append(s);
    }
  }
  function noTree(text) {
    playMoves += 1;
    last = null;
    playNote(text);
    // Emptied as well as hidden: the tree that comes next is drawn into an
    // empty frame, never shown over the last one's.
    $('explorer').hidden = true;
    $('explorer').srcdoc = '';
    $('downloads').innerHTML = '';
  }
  function machineMoved(before, said, searched, action) {
    const ticket = ++playMoves;
    if (!searched) return noTree(`${said} at random: the machine searched no tree for it.`);
    const o = Object.assign(gameOptions(), { position: before, search: searched.search });
    let how;
    if (searched.search === 'mcts') {
      o.iterations = searched.iterations; o.seed = searched.seed;
      how = `MCTS, ${searched.iterations} iterations, seed ${searched.seed}`;
    } else {
      o.depth = searched.depth;
      how = `alpha-beta to depth ${searched.depth}`;
    }
    noTree(`${said}. Building the tree it searched (${how}) from the position before its move…`);
    playMoves = ticket;
    return gametree.run('analyse', o, ['json', 'html']).then((answer) => {
      if (ticket !== playMoves) return null;
      last = { options: o, json: JSON.parse(answer.json), position: before, html: answer.html };
      downloads(o, answer);
      const ties = searched.search === 'mcts' ? 'From the position before its move; the same search, so the same decision.'
        : 'From the position before its move. Among moves of equal value the machine draws one at random, so its move (selected) may be another than the one the tree marks.';
      // Said once the tree is in the frame, so that the words and the tree agree.
      return show(answer.html, hookFrontier).then(() => {
        if (ticket !== playMoves) return;
        playNote(`The tree the machine searched for ${said}: ${how}, ${answer.nodes} nodes.`, ties);
        $('deeper-hint').hidden = searched.search === 'mcts';
        selectMove(action);
      });
    }, (err) => {
      if (ticket !== playMoves) return null;
      const over = err.key === 'depth' && /budget/.test(err.message);
      const many = searched.nodes ? ` (it examined ${searched.nodes} positions)` : '';
      playNote(over
        ? `${said}: the machine searched ${how}${many}; that whole tree is over this page's budget, so no tree is shown.`
        : `${said}: its tree cannot be shown: ${err.message}`);
      return null;
    });
  }
  // The machine's move, selected in its tree: the panel shows that child.
  function selectMove(action) {
    const inner = $('explorer').contentWindow && $('explorer').contentWindow.gametree;
    if (!inner || !inner.nodes || !inner.select) return;
    for (let k = 0; k < inner.nodes.count[0]; k++) {
      const c = inner.nodes.first[0] + k;
      if (inner.actionName(c) === action) { inner.select(c); return; }
    }
  }
  const board = makeBoard({
    gameOptions, analyse: () => analyse(), clearErrors, showError: (e) => showError(e),
    gameStarted: () => noTree('A game against the machine: after each of its moves, the tree it searched for that move is shown here.'),
    personMoved: (said) => noTree(`${said}. The machine's tree for its reply will be shown here.`),
    // The last move: the end said in the library's words, no tree promised.
    gameOver: (said, over) => noTree(`${said}. ${over}`),
    positionChanged: () => saveFields(),
    machineMoved,
  });
  $('position').addEventListener('change', () => {
    if ($('game').value !== 'tree') board.refresh($('position').value.trim()).catch(showError);
  });
  let exerciseSeed = 0;
  function exercise() {
    clearErrors();
    const s = $('search').value;
    const o = { search: s === 'minimax' ? 'minimax' : 'alphabeta' };
    if (s === 'alphabeta-past') o['no-prune-on-ties'] = true;
    const d = Number($('depth').value);
    if ($('game').value === 'tree') {
      exerciseSeed += 1;
      o.seed = exerciseSeed;
      o.depth = d >= 1 && d <= 8 ? d : 3;
    } else {
      o.game = $('game').value;
      if ($('position').value.trim()) o.position = $('position').value.trim();
      o.depth = $('depth').value;
    }
    $('status').textContent = 'Making an exercise…';
    gametree.exercise(o).then((files) => {
      $('result').hidden = false;
      $('text').hidden = true;
      $('leaf-hint').hidden = true;
      $('deeper-hint').hidden = true;
      $('machine-tree').hidden = true;
      $('explorer').hidden = false;
      $('status').textContent = o.seed ? `Exercise from seed ${o.seed}: work it by hand, then check it.` : 'Exercise: work it by hand, then check it.';
      const box = $('downloads');
      box.innerHTML = '';
      // The key (answers.*, and the LaTeX that holds it after the sheet) is
      // not listed beside the worksheet: a student alone opens it on purpose,
      // once the page's own Check has been tried.
      const key = document.createElement('details');
      key.className = 'key';
      key.innerHTML = '<summary>The answer key</summary>';
      for (const [name, body] of Object.entries(files)) {
        const a = document.createElement('a');
        a.href = '#'; a.textContent = name;
        a.onclick = (e) => {
          e.preventDefault();
          const data = typeof body === 'string' ? body : Uint8Array.from(atob(body.base64), (c) => c.charCodeAt(0));
          download(name, data, name.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream');
        };
        (name.startsWith('answers.') || name.endsWith('.tex') ? key : box).append(a);
      }
      if (key.children.length > 1) box.append(key);
      last = null;
      // The form shows the exercise's tree (or position), so that Analyse
      // searches the tree being practised, whole.
      if (o.seed) {
        try { $('position').value = JSON.parse(files['answers.json']).tree; $('depth').value = ''; } catch (e) { /* no key */ }
      } else if (!$('position').value.trim()) $('position').value = game().start;
      saveFields();
      $('depth-note').hidden = true;
      show(files['practice.html']);
    }, showError);
  }
  let timer = null;
  let said = '';
  gametree.onBusy((n) => {
    $('cancel').disabled = n === 0;
    clearInterval(timer);
    if (n) {
      const started = performance.now();
      said = $('status').textContent;
      timer = setInterval(() => { $('status').textContent = `${said} ${((performance.now() - started) / 1000).toFixed(1)} s`; }, 200);
    }
  });
  gametree.onProgress((p) => { said = 'Counting positions… ' + p + ';'; });
  form.onsubmit = (e) => { e.preventDefault(); analyse(); };
  $('best').onclick = () => textCommand('best');
  $('perft').onclick = () => textCommand('perft');
  $('exercise').onclick = exercise;
  $('cancel').onclick = () => gametree.cancel();
  $('game').onchange = () => { setGame(); saveFields(); analyse(); };
  form.addEventListener('input', saveFields);
  form.addEventListener('change', saveFields);
  // Back and Forward: the tree each entry names, without a new entry.
  window.addEventListener('popstate', () => {
    const o = linkOptions();
    if (!o) return;
    fillForm(o);
    analyse(o, null);
  });
  $('search').onchange = () => {
    const mcts = $('search').value === 'mcts';
    document.querySelector('.mcts').hidden = !mcts;
    $('orders-box').hidden = mcts;
    $('depth').disabled = mcts;
  };
  gametree.games().then((list) => {
    games = list;
    $('game').innerHTML = list.map((g) => `<option value="${g.name}" title="${g.about.replace(/"/g, '&quot;')}">${g.name}</option>`).join('');
    const byDefault = () => {
      $('game').value = 'tree';
      setGame();
      $('position').value = FIRST_TREE;
      $('search').value = 'alphabeta';
      $('search').onchange();
    };
    // What opens: the fields kept on this device if they were typed under
    // this address (a reload), else the link's request as it is (refused
    // beside its field when it cannot be opened), else the textbook's tree.
    const kept = keptFields();
    const link = linkOptions();
    let first;
    if (kept && (!link || kept.hash === location.hash) && fillForm(kept.options)) first = analyse(undefined, 'replace');
    else if (link) {
      if (!fillForm(link)) byDefault();
      first = analyse(link, 'replace');
    } else {
      byDefault();
      first = analyse(undefined, 'replace');
    }
    // Interactive: the form answers and the first tree is on screen
    // (docs/performance.md times this mark from navigation start).
    const ready = () => { performance.mark('gametree-ready'); document.body.dataset.ready = 'true'; };
    first.then(ready, ready);
  }, (err) => { showError(err); document.body.dataset.ready = 'true'; });
})();
