import { MOD_HIGH, MOD_PRIME } from './residues.js';

/**
 * A state on disk, in a group's input and in its table is one record of 24 bytes — its key (two 32-bit words)
 * and its two residues (doubles).
 */
export const RECORD_BYTES = 24;

/**
 * The states of one group of one step: records packed in the order they came, found through an open-addressing
 * index of record numbers (linear probing, at most half full). Why not the records themselves in the hash
 * table: the index is a sixth of their size, so it stays in the cache where the table of records did not (8×8:
 * a quarter of a group's time went to cache misses), and the group's states are written by one pass over
 * packed records. A thread keeps one table for all its groups.
 */
export class GroupTable {
  words = new Uint32Array(1024 * 6);
  values = new Float64Array(this.words.buffer);
  size = 0;
  #buffer = new Int32Array(2048);
  #index = this.#buffer;
  #mask = 2047;

  constructor(expected = 1024) {
    this.reset(expected);
  }

  /** Bytes held. */
  get bytes(): number {
    return this.words.byteLength + this.#index.byteLength;
  }

  /**
   * Empties the table, with room for `expected` states before it grows. The index in use is the first power of
   * two past twice that, of a buffer kept at its largest: a small part after a big one clears only what it uses.
   */
  reset(expected: number): void {
    let capacity = 2048;
    while (capacity < expected * 2) capacity *= 2;
    this.#use(capacity);
    if (this.words.length < expected * 6) this.#records(expected);
    this.size = 0;
  }

  /** Takes the first `capacity` entries of the index buffer (a new one when it is shorter), cleared. */
  #use(capacity: number): void {
    if (capacity > this.#buffer.length) this.#buffer = new Int32Array(capacity);
    this.#index = this.#buffer.subarray(0, capacity);
    this.#index.fill(0);
    this.#mask = capacity - 1;
  }

  #records(room: number): void {
    const words = new Uint32Array(Math.ceil(room) * 6);
    words.set(this.words.subarray(0, this.size * 6));
    this.words = words;
    this.values = new Float64Array(words.buffer);
  }

  /** Adds the residues to the key's, a new record when the key is not there. */
  add(lo: number, hi: number, high: number, prime: number): void {
    if (this.size * 2 >= this.#index.length) this.#grow();
    const index = this.#index;
    const mask = this.#mask;
    const words = this.words;
    for (let e = hashOf(lo, hi) & mask; ; e = (e + 1) & mask) {
      const id = index[e]! - 1;
      if (id < 0) {
        const fresh = this.size++;
        if (fresh * 6 >= words.length) this.#records(Math.ceil(fresh * 1.5) + 1024);
        this.words[fresh * 6] = lo;
        this.words[fresh * 6 + 1] = hi;
        this.values[fresh * 3 + 1] = high;
        this.values[fresh * 3 + 2] = prime;
        index[e] = fresh + 1;
        return;
      }
      if (words[id * 6] === lo && words[id * 6 + 1] === hi) {
        const values = this.values;
        const v = id * 3 + 1;
        const a = values[v]! + high;
        values[v] = a >= MOD_HIGH ? a - MOD_HIGH : a;
        const b = values[v + 1]! + prime;
        values[v + 1] = b >= MOD_PRIME ? b - MOD_PRIME : b;
        return;
      }
    }
  }

  /** Doubles the index and puts every record back in it. */
  #grow(): void {
    this.#use(this.#index.length * 2);
    const index = this.#index;
    const mask = this.#mask;
    const words = this.words;
    for (let id = 0; id < this.size; id++) {
      let e = hashOf(words[id * 6]!, words[id * 6 + 1]!) & mask;
      while (index[e] !== 0) e = (e + 1) & mask;
      index[e] = id + 1;
    }
  }
}

/** A key's place in the index: its two words mixed (multiply, xor-shift). */
function hashOf(lo: number, hi: number): number {
  const h = Math.imul(Math.imul(lo, 0x9e3779b1) ^ Math.imul(hi, 0x85ebca6b) ^ (hi >>> 16), 0x7feb352d);
  return h ^ (h >>> 15);
}
