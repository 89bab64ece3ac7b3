// A board game's board in the page, drawn from the game's own description
// (the engine's `board`: the explorer's picture, the cells, the legal
// actions with the points they start from and end on). Two uses:
//  - set up a position: a click cycles the point through empty and each kind
//    of unit, the engine (`setup`) writes it in the game's notation into the
//    Position field, and the tree is searched again;
//  - play the machine at a level: click a unit, then where it goes (or a
//    move's button), and the machine (`machine`) answers as `gametree play
//    --level LEVEL` would.
function makeBoard(hooks) {
  const $ = (id) => document.getElementById(id);
  const SVG = 'http://www.w3.org/2000/svg';
  let shown = null; // the engine's answer for the position drawn
  let picked = null; // in play, the point whose unit's moves are offered
  let game = null;
  let playing = null; // { human: 'first'|'second', level, seed, ply }
  function el(name, attrs, parent) {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (parent) parent.append(e);
    return e;
  }
  function mode() { return document.querySelector('input[name=board-mode]:checked').value; }
  function draw() {
    const svg = $('board');
    svg.innerHTML = '';
    if (!shown) return;
    const p = shown.picture;
    svg.setAttribute('viewBox', `0 0 ${p.width} ${p.height}`);
    // About 3rem a point: a tic-tac-toe board is not drawn a screen wide.
    svg.style.maxWidth = `${p.width * 3.2}rem`;
    const crossings = p.lines.length > 0 && p.squares.length === 0;
    el('rect', { x: 0, y: 0, width: p.width, height: p.height, class: 'board-ground' }, svg);
    for (const [x, y, dark] of p.squares) el('rect', { x, y, width: 1, height: 1, class: dark ? 'sq dark' : 'sq light' }, svg);
    for (const [a, b] of p.lines) {
      const [x1, y1] = p.points[a]; const [x2, y2] = p.points[b];
      el('line', { x1, y1, x2, y2, class: 'board-line' }, svg);
    }
    for (const [x, y, t] of p.labels) { const l = el('text', { x, y, class: 'coord' }, svg); l.textContent = t; }
    const cells = [...shown.cells];
    const targets = new Set();
    if (picked !== null) for (const a of shown.actions) if (a.from === picked) targets.add(a.to);
    p.points.forEach(([x, y], i) => {
      const g = el('g', { 'data-point': i, class: 'point', role: 'button', tabindex: '-1' }, svg);
      const unit = p.units.find((u) => u.symbol === cells[i]);
      el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: 'hit' + (i === picked ? ' picked' : '') }, g);
      const title = el('title', {}, g);
      title.textContent = (shown.names ? shown.names[i] : i) + ': ' + (unit ? unit.name : 'empty');
      if (unit) {
        el('circle', { cx: x, cy: y, r: crossings ? 0.42 : 0.38, fill: unit.fill, stroke: unit.stroke, 'stroke-width': 0.06 }, g);
        if (unit.mark) {
          const m = el('text', { x, y, class: 'mark', fill: unit.fill === 'white' || unit.fill === '#fff' ? '#000' : '#fff' }, g);
          m.textContent = unit.mark;
        }
      }
      if (targets.has(i)) el('circle', { cx: x, cy: y, r: 0.16, class: 'target' }, g);
    });
    const who = shown.players[shown.to_move === 'first' ? 0 : 1];
    $('board-said').textContent = shown.over ? sentence(shown.over) : `${who} to move.` + (shown.tally ? ' ' + shown.tally : '');
    $('to-move').innerHTML = shown.players.map((n, i) => `<option value="${i ? 'second' : 'first'}">${n}</option>`).join('');
    $('to-move').value = shown.to_move;
    $('you-play').innerHTML = shown.players.map((n, i) => `<option value="${i ? 'second' : 'first'}">${n}</option>`).join('');
    if (playing) $('you-play').value = playing.human;
    moves();
  }
  // The legal moves as buttons: a move a click cannot name (two captures
  // between the same points) is still one press away.
  function moves() {
    const box = $('moves');
    box.innerHTML = '';
    if (mode() !== 'play' || !shown || shown.over || !humanToMove()) return;
    const list = picked === null ? shown.actions : shown.actions.filter((a) => a.from === picked || a.to === picked);
    for (const a of list) {
      const b = document.createElement('button');
      b.type = 'button'; b.textContent = a.name; b.className = 'move';
      b.onclick = () => humanPlays(a.name);
      box.append(b);
    }
  }
  // The engine's line ("game over: you win: three in a row", play's words)
  // as a sentence.
  function sentence(line) { return line.charAt(0).toUpperCase() + line.slice(1) + '.'; }
  function humanToMove() { return !playing || shown.to_move === playing.human; }
  function refresh(position) {
    const o = Object.assign(hooks.gameOptions(), { position });
    // In a game the end is said to the person: "you win", "the machine wins".
    if (playing) o.you = playing.human;
    return gametree.run('board', o).then((a) => {
      shown = a; picked = null;
      $('board').dataset.game = o.game;
      $('board-box').hidden = false;
      $('edit-controls').hidden = !a.editable || mode() === 'play';
      draw();
      return a;
    });
  }
  function clicked(i) {
    if (!shown) return;
    if (mode() === 'edit') return cycle(i);
    if (shown.over || !humanToMove()) return;
    const from = shown.actions.filter((a) => a.from === i);
    const here = shown.actions.filter((a) => (picked === null ? a.from === null : a.from === picked) && a.to === i);
    if (here.length === 1) return humanPlays(here[0].name);
    if (here.length > 1) { moves(); return; }
    picked = from.length ? i : null;
    draw();
  }
  function cycle(i) {
    const symbols = ['.'].concat(shown.picture.units.map((u) => u.symbol));
    const cells = [...shown.cells];
    cells[i] = symbols[(symbols.indexOf(cells[i]) + 1) % symbols.length];
    return setup(cells.join(''), shown.to_move, true);
  }
  // With `either`, a board the side to move makes impossible (an x placed in
  // tic-tac-toe: now it is o's turn) is taken with the other side to move.
  function setup(cells, toMove, either) {
    hooks.clearErrors();
    const ask = (side) => gametree.run('setup', Object.assign(hooks.gameOptions(), { cells, 'to-move': side }));
    const other = toMove === 'first' ? 'second' : 'first';
    const asked = either ? ask(toMove).catch((err) => ask(other).catch(() => { throw err; })) : ask(toMove);
    return asked.then((a) => {
      $('position').value = a.position;
      return refresh(a.position).then(() => hooks.analyse());
    }, (err) => {
      // Shown, with the board as clicked: the next click may mend it.
      shown.cells = cells;
      draw();
      hooks.showError(err);
    });
  }
  function humanPlays(name) {
    const o = Object.assign(hooks.gameOptions(), { position: $('position').value, action: name });
    return gametree.run('apply', o).then((a) => {
      const said = `${shown.players[shown.to_move === 'first' ? 0 : 1]} plays ${name}`;
      record(said);
      return moved(a.position, said);
    }, hooks.showError);
  }
  // `said`: the person's move, whose note waits for the board after it: the
  // machine's tree is promised only when the machine has a reply to make.
  function moved(position, said) {
    $('position').value = position;
    hooks.positionChanged();
    if (playing) playing.ply += 1;
    return refresh(position).then(() => {
      if (playing && said) {
        if (shown.over) hooks.gameOver(said, sentence(shown.over));
        else hooks.personMoved(said);
      }
      return machineTurn();
    });
  }
  function machineTurn() {
    if (!playing || !shown || shown.over || humanToMove()) return Promise.resolve();
    const before = $('position').value;
    const o = Object.assign(hooks.gameOptions(), { position: before, level: playing.level, seed: playing.seed + playing.ply });
    $('board-said').textContent = `The machine (${playing.level}) is thinking…`;
    return gametree.run('machine', o).then((a) => {
      const said = `${shown.players[shown.to_move === 'first' ? 0 : 1]} plays ${a.action}`;
      record(`${said} (${a.note})`);
      hooks.machineMoved(before, said, a.searched, a.action);
      return moved(a.position);
    }, hooks.showError);
  }
  function record(line) {
    const li = document.createElement('li');
    li.textContent = line;
    $('game-record').append(li);
    li.scrollIntoView({ block: 'nearest' });
  }
  function newGame() {
    hooks.clearErrors();
    $('game-record').innerHTML = '';
    playing = { human: $('you-play').value, level: $('level').value, seed: Math.floor(Math.random() * 1e9), ply: 0 };
    return refresh($('position').value).then(() => {
      if (shown.over) return hooks.gameOver('No game can start from this position', sentence(shown.over));
      hooks.gameStarted();
      return machineTurn();
    }, hooks.showError);
  }
  $('board').addEventListener('click', (e) => {
    const g = e.target.closest('[data-point]');
    if (g) clicked(Number(g.dataset.point));
  });
  $('to-move').onchange = () => { if (shown) setup(shown.cells, $('to-move').value); };
  for (const r of document.querySelectorAll('input[name=board-mode]')) {
    r.onchange = () => {
      const play = mode() === 'play';
      $('play-controls').hidden = !play;
      $('edit-controls').hidden = play || !(shown && shown.editable);
      $('board-hint').textContent = play
        ? 'Click where you play; to move a unit, click it, then where it goes (or press a move below).'
        : 'Click a point to change what stands on it: empty, then each kind of unit in turn.';
      picked = null;
      if (!play) playing = null;
      draw();
    };
  }
  $('new-game').onclick = newGame;
  $('level').onchange = () => { if (playing) playing.level = $('level').value; };
  return {
    refresh,
    hide() { shown = null; playing = null; $('board-box').hidden = true; },
    // Another game chosen: a game under way ends, its record goes.
    reset() { playing = null; picked = null; $('game-record').innerHTML = ''; },
    get playing() { return playing; },
    newGame,
    humanPlays,
  };
}
