// The engine's worker: runs one request at a time, so the page never waits
// on it. Started from a Blob URL (works from file://); it gets the compiled
// engine in its first message. A panic traps the instance: its message is
// read back, a fresh instance is made, and the next request runs on that.
let engine = null;
let instance = null;
const imports = { env: { gametree_now_ms: () => performance.now() } };
function fresh() { instance = new WebAssembly.Instance(engine, imports); }
// The answer is a line of JSON, then the long texts it names in `raw` (name
// and length in bytes), as they are: never escaped into JSON and parsed out
// of it again. Each text goes to the page as its bytes, a buffer handed over
// rather than copied (a string of a whole tree's JSON, 125 MB, took longer
// to post than to decode), and the page decodes it (api.js).
// `bytes`: the texts left as bytes for the page (else decoded here).
function call(request, bytes) {
  const x = instance.exports;
  const asked = new TextEncoder().encode(JSON.stringify(request));
  const p = x.gametree_alloc(asked.length);
  new Uint8Array(x.memory.buffer, p, asked.length).set(asked);
  x.gametree_run(p, asked.length);
  const out = new Uint8Array(x.memory.buffer, x.gametree_output_ptr(), x.gametree_output_len());
  let at = out.indexOf(10);
  if (at < 0) at = out.length;
  const answer = JSON.parse(new TextDecoder().decode(out.subarray(0, at)));
  at += 1;
  const names = [];
  for (const [name, length] of answer.raw || []) {
    answer[name] = bytes ? out.slice(at, at + length) : new TextDecoder().decode(out.subarray(at, at + length));
    names.push(name);
    at += length;
  }
  answer.raw = bytes ? names : [];
  return answer;
}
function panicMessage() {
  try {
    const x = instance.exports;
    return new TextDecoder().decode(new Uint8Array(x.memory.buffer, x.gametree_panic_ptr(), x.gametree_panic_len()).slice());
  } catch (e) { return ''; }
}
// perft a depth at a time, each reported as it ends, as the command line
// prints it.
function perft(id, request) {
  const o = request.options || {};
  const depth = Number(o.depth);
  if (!Number.isInteger(depth) || depth < 1 || depth > 64) return call(request);
  let text = '';
  let last = null;
  for (let d = 1; d <= depth; d++) {
    last = call({ command: 'perft-depth', options: Object.assign({}, o, { depth: d, divide: d === depth && !!o.divide }) });
    if (!last.ok) return last;
    text += last.line;
    postMessage({ id, progress: 'depth ' + last.line.trim().replace(' ', ': ') + ' positions' });
  }
  return { ok: true, text: text + last.divide };
}
onmessage = (e) => {
  const m = e.data;
  if (m.engine) { engine = m.engine; fresh(); postMessage({ ready: true }); return; }
  let answer;
  try {
    answer = m.request.command === 'perft' ? perft(m.id, m.request) : call(m.request, true);
  } catch (err) {
    const said = panicMessage();
    answer = { ok: false, key: null, panic: true, error: 'the engine failed: ' + (said || String(err)) };
    fresh();
  }
  postMessage({ id: m.id, answer }, (answer.raw || []).map((n) => answer[n].buffer));
};
