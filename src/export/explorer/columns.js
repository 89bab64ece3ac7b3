// ---- The pages' data: columns of little-endian numbers, in base64
// (src/export/html.rs writes the explorer's, src/export/mcts/html.rs the
// MCTS page's). Both pages read them with this one decoder.

/** The bytes of a base64 text.
 * @param {string} text @returns {Uint8Array} */
export function decode(text) {
  const bin = atob(text.trim());
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Reads columns one after another: `n` numbers of a typed array's kind.
 * `at` is where the next column starts; a page moves it past data of its own. */
export class Columns {
  /** @param {Uint8Array} bytes */
  constructor(bytes) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.at = 0;
  }

  /** @template {Uint8Array|Uint16Array|Uint32Array|Int32Array} T
   * @param {{ new (n: number): T, BYTES_PER_ELEMENT: number }} Type @param {number} n @returns {T} */
  column(Type, n) {
    const a = new Type(n), size = Type.BYTES_PER_ELEMENT, v = this.view;
    const signed = /** @type {unknown} */ (Type) === Int32Array;
    for (let i = 0; i < n; i++) {
      const o = this.at + i * size;
      a[i] = size === 1 ? v.getUint8(o) : size === 2 ? v.getUint16(o, true) : signed ? v.getInt32(o, true) : v.getUint32(o, true);
    }
    this.at += n * size;
    return a;
  }
}
