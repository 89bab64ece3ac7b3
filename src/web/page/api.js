// window.gametree: the engine behind the page, as promises (docs/web.md).
// Every request goes to the worker; cancel() ends the worker (and with it
// whatever it was doing), refuses what was waiting, and starts a new one.
(function () {
  // The engine is gzipped in the page (src/web/build): inflated by the
  // browser's own DecompressionStream, then compiled once for every worker.
  const gzipped = Uint8Array.from(atob(document.getElementById('engine').textContent.trim()), (c) => c.charCodeAt(0));
  const compiled = typeof DecompressionStream === 'function'
    ? new Response(new Blob([gzipped]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer().then((b) => WebAssembly.compile(b))
    : Promise.reject(new Error('this browser cannot inflate the engine (no DecompressionStream): use a browser of 2023 or later'));
  const workerUrl = URL.createObjectURL(new Blob([document.getElementById('worker').textContent], { type: 'text/javascript' }));
  let worker = null;
  let ready = null;
  const waiting = new Map();
  let nextId = 1;
  const listeners = new Set();
  function busyChanged() { for (const f of listeners) f(waiting.size); }
  function start() {
    worker = new Worker(workerUrl);
    ready = compiled.then((engine) => new Promise((resolve) => {
      worker.onmessage = (e) => {
        if (e.data.ready) { worker.onmessage = answered; resolve(); }
      };
      worker.postMessage({ engine });
    }));
  }
  const progressListeners = new Set();
  const decoder = new TextDecoder();
  function answered(e) {
    const w = waiting.get(e.data.id);
    if (!w) return;
    if (e.data.progress) { for (const f of progressListeners) f(e.data.progress); return; }
    waiting.delete(e.data.id);
    busyChanged();
    const a = e.data.answer;
    // The long texts come as their bytes (worker.js).
    for (const name of a.raw || []) a[name] = decoder.decode(a[name]);
    delete a.raw;
    if (a.ok) w.resolve(a);
    else {
      const err = new Error(a.error);
      err.key = a.key || null;
      err.panic = !!a.panic;
      w.reject(err);
    }
  }
  function run(command, options, want) {
    const id = nextId++;
    const p = new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
    busyChanged();
    ready.then(() => worker.postMessage({ id, request: { command, options: options || {}, want: want || [] } }), (err) => {
      const w = waiting.get(id);
      waiting.delete(id);
      busyChanged();
      if (w) w.reject(err);
    });
    return p;
  }
  function cancel() {
    worker.terminate();
    const was = [...waiting.values()];
    waiting.clear();
    for (const w of was) { const err = new Error('cancelled'); err.cancelled = true; w.reject(err); }
    busyChanged();
    start();
  }
  start();
  const text = (want) => (options) => run('analyse', options, [want]).then((a) => a[want]);
  window.gametree = Object.freeze({
    analyse: text('json'),
    explorer: text('html'),
    dot: text('dot'),
    efg: text('efg'),
    perft: (options) => run('perft', options).then((a) => a.text),
    best: (options) => run('best', options).then((a) => a.text),
    exercise: (options) => run('exercise', options).then((a) => a.files),
    games: () => run('games', {}).then((a) => a.games),
    run,
    cancel,
    onBusy: (f) => listeners.add(f),
    onProgress: (f) => progressListeners.add(f),
    get busy() { return waiting.size; },
  });
})();
