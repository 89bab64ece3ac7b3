// The engine's worker: runs one request at a time, so the page never waits
// on it. Started from a Blob URL (works from file://); it gets the compiled
// engine in its first message. A panic traps the instance: its message is
// read back, a fresh instance is made, and the next request runs on that.
let engine = null;
let instance = null;
const imports = { env: { gametree_now_ms: () => performance.now() } };
function fresh() { instance = new WebAssembly.Instance(engine, imports); }
function call(request) {
  const x = instance.exports;
  const bytes = new TextEncoder().encode(JSON.stringify(request));
  const p = x.gametree_alloc(bytes.length);
  new Uint8Array(x.memory.buffer, p, bytes.length).set(bytes);
  x.gametree_run(p, bytes.length);
  const out = new Uint8Array(x.memory.buffer, x.gametree_output_ptr(), x.gametree_output_len());
  return JSON.parse(new TextDecoder().decode(out));
}
function panicMessage() {
  try {
    const x = instance.exports;
    return new TextDecoder().decode(new Uint8Array(x.memory.buffer, x.gametree_panic_ptr(), x.gametree_panic_len()).slice());
  } catch (e) { return ''; }
}
onmessage = (e) => {
  const m = e.data;
  if (m.engine) { engine = m.engine; fresh(); postMessage({ ready: true }); return; }
  let answer;
  try {
    answer = call(m.request);
  } catch (err) {
    const said = panicMessage();
    answer = { ok: false, key: null, panic: true, error: 'the engine failed: ' + (said || String(err)) };
    fresh();
  }
  postMessage({ id: m.id, answer });
};
