/** A limb's base: a sum of two limbs and a carry stays an exact double. */
const BASE = 2 ** 48;

/**
 * States and their counts: open addressing on keys of `words` 32-bit words (linear probing, at most half full),
 * counts as `limbs` 48-bit limbs each in one Float64Array, added with carries. No object per state.
 */
export class LimbTable {
  keys: Uint32Array;
  values: Float64Array;
  used: Uint8Array;
  capacity: number;
  size = 0;
  #mask: number;

  constructor(
    readonly words: number,
    public limbs: number,
    expected: number,
  ) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.capacity = capacity;
    this.#mask = capacity - 1;
    this.keys = new Uint32Array(capacity * words);
    this.values = new Float64Array(capacity * limbs);
    this.used = new Uint8Array(capacity);
  }

  /** Adds `count` (limbs from `from`) to the state `key`. */
  add(key: Uint32Array, count: Float64Array, from: number): void {
    if ((this.size + 1) * 2 > this.capacity) this.#grow();
    const W = this.words;
    let h = 0x811c9dc5;
    for (let i = 0; i < W; i++) h = Math.imul(h ^ key[i]!, 0x01000193) ^ (h >>> 15);
    let e = (h >>> 0) & this.#mask;
    for (;;) {
      if (!this.used[e]) {
        this.used[e] = 1;
        this.keys.set(key, e * W);
        this.size++;
        break;
      }
      let same = true;
      for (let i = 0; i < W; i++) {
        if (this.keys[e * W + i] !== key[i]) {
          same = false;
          break;
        }
      }
      if (same) break;
      e = (e + 1) & this.#mask;
    }
    const L = this.limbs;
    const at = e * L;
    let carry = 0;
    for (let i = 0; i < L; i++) {
      let s = this.values[at + i]! + count[from + i]! + carry;
      if (s >= BASE) {
        s -= BASE;
        carry = 1;
      } else carry = 0;
      this.values[at + i] = s;
    }
    if (carry) throw new Error('a count outgrew its limbs');
  }

  /** The count of entry `e`, into `out` (`limbs` long). */
  valueAt(e: number, out: Float64Array): void {
    const L = this.limbs;
    for (let i = 0; i < L; i++) out[i] = this.values[e * L + i]!;
  }

  /**
   * One more limb when any count has reached the top one: a step adds up fewer than 2⁴⁸ counts into each new
   * state, so counts below BASE^(limbs−1) give sums below BASE^limbs.
   */
  growIfNeeded(): void {
    const L = this.limbs;
    let top = false;
    for (let e = 0; e < this.capacity && !top; e++) if (this.used[e] && this.values[e * L + L - 1] !== 0) top = true;
    if (!top) return;
    const values = new Float64Array(this.capacity * (L + 1));
    for (let e = 0; e < this.capacity; e++) for (let i = 0; i < L; i++) values[e * (L + 1) + i] = this.values[e * L + i]!;
    this.values = values;
    this.limbs = L + 1;
  }

  #grow(): void {
    const { keys, values, used, capacity } = this;
    const W = this.words;
    const L = this.limbs;
    this.capacity = capacity * 2;
    this.#mask = this.capacity - 1;
    this.keys = new Uint32Array(this.capacity * W);
    this.values = new Float64Array(this.capacity * L);
    this.used = new Uint8Array(this.capacity);
    this.size = 0;
    for (let e = 0; e < capacity; e++) if (used[e]) this.add(keys.subarray(e * W, e * W + W), values, e * L);
  }
}
