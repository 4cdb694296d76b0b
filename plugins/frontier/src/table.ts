/**
 * Frontier states as dense ids: open addressing (linear probing, at most half full) from a key of `words` 32-bit
 * words to the order it was first seen, the keys kept by id so a state can be decoded again. No object per state.
 */
export class KeyIndex {
  keys: Uint32Array;
  size = 0;
  #slots: Int32Array;
  #mask: number;

  constructor(readonly words: number) {
    this.keys = new Uint32Array(1024 * words);
    this.#slots = new Int32Array(2048);
    this.#mask = 2047;
  }

  /** The id of the key at `src[at…at+words)`, a new one when it is first seen. */
  intern(src: Uint32Array, at: number): number {
    const W = this.words;
    if ((this.size + 1) * 2 > this.#slots.length) this.#rehash();
    let h = 0x811c9dc5;
    for (let i = 0; i < W; i++) h = Math.imul(h ^ src[at + i]!, 0x01000193) ^ (h >>> 13);
    h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
    const slots = this.#slots;
    const keys = this.keys;
    for (let e = (h ^ (h >>> 16)) & this.#mask; ; e = (e + 1) & this.#mask) {
      const id = slots[e]! - 1;
      if (id < 0) {
        const fresh = this.size++;
        if ((fresh + 1) * W > keys.length) this.#growKeys();
        this.keys.set(src.subarray(at, at + W), fresh * W);
        slots[e] = fresh + 1;
        return fresh;
      }
      let same = true;
      for (let i = 0; i < W; i++) {
        if (keys[id * W + i] !== src[at + i]) {
          same = false;
          break;
        }
      }
      if (same) return id;
    }
  }

  /** Bytes held. */
  get bytes(): number {
    return this.keys.byteLength + this.#slots.byteLength;
  }

  #growKeys(): void {
    const keys = new Uint32Array(this.keys.length * 2);
    keys.set(this.keys);
    this.keys = keys;
  }

  #rehash(): void {
    const W = this.words;
    const slots = new Int32Array(this.#slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.size; id++) {
      let h = 0x811c9dc5;
      for (let i = 0; i < W; i++) h = Math.imul(h ^ this.keys[id * W + i]!, 0x01000193) ^ (h >>> 13);
      h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
      let e = (h ^ (h >>> 16)) & mask;
      while (slots[e] !== 0) e = (e + 1) & mask;
      slots[e] = id + 1;
    }
    this.#slots = slots;
    this.#mask = mask;
  }
}

/** A growable list of 32-bit integers. */
export class IntList {
  data = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const data = new Int32Array(this.data.length * 2);
      data.set(this.data);
      this.data = data;
    }
    this.data[this.length++] = value;
  }
}

/**
 * Counts are limbs of 40 bits, each in a double. A step only adds: a limb may run up to 2⁵² before its carry is
 * taken (so adds need no carry test on the common path), and is brought back under 2⁴⁰ when the step ends.
 */
export const LIMB = 2 ** 40;
export const LIMB_HIGH = 2 ** 52;

export function limbsToBigInt(values: Float64Array, at: number, limbs: number): bigint {
  let value = 0n;
  for (let i = limbs - 1; i >= 0; i--) value = (value << 40n) + BigInt(values[at + i]!);
  return value;
}
