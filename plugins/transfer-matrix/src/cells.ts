import { combineResidues } from '@bezzel/core';
import type { RowModel } from './rows.js';

/**
 * The second route (`-o sweep=cell`): a cell-by-cell ("broken profile") transfer. The board is swept one square at
 * a time along its rows (the rows of `RowModel`, which on a square board run along the board's columns: the
 * row DP sweeps the other way), and the state is the occupancy of the last D squares swept, D being the longest
 * distance back, in sweep order, at which a square can conflict with the next one (2w + 1 for a knight on rows of
 * w squares). Each step adds one square, placed or not; a state whose square no later square can reach forgets
 * it (the bit is cleared), so states merge at the row ends and in the last rows. States are kept in an
 * open-addressing table keyed by the occupancy (a float: up to 52 bits), each with a polynomial in the number of
 * pieces modulo a prime below 2²⁹ — primes the row DP (below 2³⁰) never uses — combined by the Chinese remainder
 * theorem. Different states, transitions, sweep and primes from the row DP, so the two check each other.
 */

/** The longest profile a state may hold: occupancies are exact integers in a double. */
export const MAX_PROFILE = 52;
const TWO32 = 4294967296;

export interface CellModel {
  readonly width: number;
  readonly height: number;
  /** Bits of a state: the squares looked back at. */
  readonly bits: number;
  /** Per step t (square t in sweep order): 1 when the square can hold a piece. */
  readonly playable: Uint8Array;
  /** Per step t: the state bits (low and high 32) that conflict with a piece on square t. */
  readonly conflictLo: Int32Array;
  readonly conflictHi: Int32Array;
  /** Per step t: the bits of the state after square t that some later square can still reach. */
  readonly keepLo: Int32Array;
  readonly keepHi: Int32Array;
}

/** Backward conflict vectors: (d rows back, dx columns back), the square t − (d·w + dx). */
function backward(model: RowModel): { d: number; dx: number }[] {
  const out: { d: number; dx: number }[] = [];
  for (let d = 0; d < model.offsets.length; d++) {
    // offsets[d]: a piece at (r, c) and one at (r + d, c + dx) conflict; seen from the later square, dx back.
    for (const dx of model.offsets[d]!) if (d > 0 || dx > 0) out.push({ d, dx });
  }
  return out;
}

/** The profile length of a row model, before anything is allocated. */
export function profileBits(model: RowModel): number {
  return Math.max(1, ...backward(model).map(({ d, dx }) => d * model.width + dx));
}

const setBit = (lo: Int32Array, hi: Int32Array, t: number, j: number) => {
  if (j < 32) lo[t] = lo[t]! | (1 << j);
  else hi[t] = hi[t]! | (1 << (j - 32));
};

export function cellModel(model: RowModel): CellModel {
  const { width: w, height: h } = model;
  const D = profileBits(model);
  if (D > MAX_PROFILE) throw new Error(`a profile of ${D} squares is longer than ${MAX_PROFILE}`);
  const n = w * h;
  const vectors = backward(model);
  const ok = (t: number) => t >= 0 && t < n && ((model.allowed[Math.floor(t / w)]! >>> t % w) & 1) === 1;
  const playable = new Uint8Array(n);
  const conflictLo = new Int32Array(n);
  const conflictHi = new Int32Array(n);
  const keepLo = new Int32Array(n);
  const keepHi = new Int32Array(n);
  for (let t = 0; t < n; t++) {
    playable[t] = ok(t) ? 1 : 0;
    const c = t % w;
    // State before square t: bit j is square t − D + j.
    for (const { d, dx } of vectors) {
      const back = d * w + dx;
      if (c - dx < 0 || c - dx >= w || t - back < 0) continue;
      setBit(conflictLo, conflictHi, t, D - back);
    }
    // State after square t: bit j is square t + 1 − D + j, kept when a later square u > t can conflict with it.
    for (let j = 0; j < D; j++) {
      const x = t + 1 - D + j;
      if (!ok(x)) continue;
      const cx = x % w;
      if (vectors.some(({ d, dx }) => cx + dx >= 0 && cx + dx < w && x + d * w + dx > t && ok(x + d * w + dx))) setBit(keepLo, keepHi, t, j);
    }
  }
  return { width: w, height: h, bits: D, playable, conflictLo, conflictHi, keepLo, keepHi };
}

/**
 * The number of states before each step and after the last, exactly, without sweeping: the states after square t
 * are the independent sets of the conflict graph on the squares the state keeps (any such set is reached by
 * placing just it, and every state is one), counted by a small DP along the kept squares in column order.
 */
export function profileStates(model: RowModel, cells: CellModel): { perStep: Float64Array; max: number } {
  const { width: w } = cells;
  const D = cells.bits;
  const n = w * cells.height;
  const conflicts = (a: number, b: number) => {
    const [x, y] = a < b ? [a, b] : [b, a];
    const d = Math.floor(y / w) - Math.floor(x / w);
    const dx = (y % w) - (x % w);
    return d < model.offsets.length && model.offsets[d]!.includes(dx);
  };
  const reach = Math.max(0, ...model.offsets.flat().map(Math.abs));
  const perStep = new Float64Array(n + 1);
  perStep[0] = 1;
  let max = 1;
  const memo = new Map<string, number>();
  for (let t = 0; t < n; t++) {
    // The graph on the kept squares depends only on which bits are kept and the column of bit 0.
    const memoKey = `${cells.keepLo[t]},${cells.keepHi[t]},${(((t + 1 - D) % w) + w) % w}`;
    const known = memo.get(memoKey);
    if (known !== undefined) {
      perStep[t + 1] = known;
      if (known > max) max = known;
      continue;
    }
    const kept: number[] = [];
    for (let j = 0; j < D; j++) {
      const on = j < 32 ? (cells.keepLo[t]! >>> j) & 1 : (cells.keepHi[t]! >>> (j - 32)) & 1;
      if (on) kept.push(t + 1 - D + j);
    }
    kept.sort((a, b) => (a % w) - (b % w) || a - b);
    // DP over the kept squares in column order: the state is which of the squares within `reach` columns hold a piece.
    let window: number[] = [];
    let counts = new Map<number, number>([[0, 1]]);
    for (const x of kept) {
      const keep = window.map((y) => (x % w) - (y % w) <= reach);
      const next = new Map<number, number>();
      const newWindow = window.filter((_, i) => keep[i]);
      const conflictMask = newWindow.reduce((m, y, i) => (conflicts(x, y) ? m | (1 << i) : m), 0);
      for (const [mask, count] of counts) {
        let projected = 0;
        let bit = 0;
        for (let i = 0; i < window.length; i++) if (keep[i]) projected |= ((mask >>> i) & 1) << bit++;
        const add = (m: number) => next.set(m, (next.get(m) ?? 0) + count);
        add(projected);
        if ((projected & conflictMask) === 0) add(projected | (1 << newWindow.length));
      }
      window = [...newWindow, x];
      counts = next;
    }
    let total = 0;
    for (const c of counts.values()) total += c;
    perStep[t + 1] = total;
    memo.set(memoKey, total);
    if (total > max) max = total;
  }
  return { perStep, max };
}

/** Open-addressing table from a state to its index in the dense arrays of the step being built. */
class StateTable {
  readonly slots: Int32Array;
  readonly keys: Float64Array;
  size = 0;
  private readonly mask: number;
  constructor(capacity: number) {
    this.keys = new Float64Array(capacity);
    let slots = 2;
    while (slots < capacity * 2) slots *= 2;
    this.slots = new Int32Array(slots);
    this.mask = slots - 1;
  }
  clear(): void {
    this.slots.fill(0);
    this.size = 0;
  }
  /** The index of `lo + hi·2³²`; a new state gets the next index and `created` says so. */
  created = false;
  index(lo: number, hi: number): number {
    const key = hi * TWO32 + (lo >>> 0);
    let h = (Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1) ^ hi) & this.mask;
    for (;;) {
      const slot = this.slots[h]!;
      if (slot === 0) {
        const i = this.size++;
        this.keys[i] = key;
        this.slots[h] = i + 1;
        this.created = true;
        return i;
      }
      if (this.keys[slot - 1] === key) {
        this.created = false;
        return slot - 1;
      }
      h = (h + 1) & this.mask;
    }
  }
}

/** What a sweep carries per state: one pass of the DP, from the empty board to the last square. */
interface Carrier {
  /** Stride of a state's record after step t (t = −1: the start). */
  stride(t: number): number;
  /** The record at `to` (of the next step) is a copy of `from` (of this one), shifted by `shift` pieces. */
  copy(from: number, to: number, shift: number, t: number): void;
  /** As `copy`, added to what is there. */
  add(from: number, to: number, shift: number, t: number): void;
  /** The start: one empty state. */
  start(): void;
  swap(): void;
}

export interface Sweep {
  readonly maxStates: number;
  readonly transitions: number;
  readonly stopped: boolean;
}

/** One pass over the squares; `tables` are reused from pass to pass. */
function sweep(cells: CellModel, carrier: Carrier, tables: [StateTable, StateTable], stop: (transitions: number) => boolean, tick?: (t: number) => void): Sweep {
  const D = cells.bits;
  const n = cells.width * cells.height;
  let [from, to] = tables;
  from.clear();
  from.index(0, 0);
  carrier.start();
  let maxStates = 1;
  let transitions = 0;
  const topLo = D - 1 < 32 ? 1 << (D - 1) : 0;
  const topHi = D - 1 >= 32 ? 1 << (D - 1 - 32) : 0;
  for (let t = 0; t < n; t++) {
    to.clear();
    const cLo = cells.conflictLo[t]!;
    const cHi = cells.conflictHi[t]!;
    const kLo = cells.keepLo[t]!;
    const kHi = cells.keepHi[t]!;
    const playable = cells.playable[t] === 1;
    const count = from.size;
    const keys = from.keys;
    for (let i = 0; i < count; i++) {
      const key = keys[i]!;
      const lo = key >>> 0;
      const hi = (key - lo) / TWO32;
      // Shift one square: bit 0 (the square D back) leaves, bit D − 1 is square t.
      const sLo = ((lo >>> 1) | ((hi & 1) << 31)) >>> 0;
      const sHi = hi >>> 1;
      const empty = to.index(sLo & kLo, sHi & kHi);
      if (to.created) carrier.copy(i, empty, 0, t);
      else carrier.add(i, empty, 0, t);
      if (playable && (lo & cLo) === 0 && (hi & cHi) === 0) {
        const placed = to.index((sLo | topLo) & kLo, (sHi | topHi) & kHi);
        if (to.created) carrier.copy(i, placed, 1, t);
        else carrier.add(i, placed, 1, t);
      }
    }
    transitions += count;
    if (to.size > to.keys.length) throw new Error(`the cell sweep met ${to.size} states after square ${t}, more than the ${to.keys.length} counted beforehand`);
    if (to.size > maxStates) maxStates = to.size;
    carrier.swap();
    [from, to] = [to, from];
    tick?.(t);
    if ((t & 7) === 7 && stop(transitions)) return { maxStates, transitions, stopped: true };
  }
  // The final table is `from`: leave it as tables[0] so its size is readable.
  if (from !== tables[0]) [tables[0], tables[1]] = [from, to];
  return { maxStates, transitions, stopped: false };
}

/** The size pass: each state's largest number of pieces and its number of placements as a float. */
class SizeCarrier implements Carrier {
  max: [Int32Array, Int32Array];
  total: [Float64Array, Float64Array];
  readonly maxAfter: Int32Array;
  constructor(states: number, squares: number) {
    this.max = [new Int32Array(states), new Int32Array(states)];
    this.total = [new Float64Array(states), new Float64Array(states)];
    this.maxAfter = new Int32Array(squares + 1);
  }
  stride(): number {
    return 1;
  }
  start(): void {
    this.max[0][0] = 0;
    this.total[0][0] = 1;
  }
  copy(from: number, to: number, shift: number, t: number): void {
    const m = this.max[0][from]! + shift;
    this.max[1][to] = m;
    this.total[1][to] = this.total[0][from]!;
    if (m > this.maxAfter[t + 1]!) this.maxAfter[t + 1] = m;
  }
  add(from: number, to: number, shift: number, t: number): void {
    const m = this.max[0][from]! + shift;
    if (m > this.max[1][to]!) this.max[1][to] = m;
    this.total[1][to] = this.total[1][to]! + this.total[0][from]!;
    if (m > this.maxAfter[t + 1]!) this.maxAfter[t + 1] = m;
  }
  swap(): void {
    this.max.reverse();
    this.total.reverse();
  }
}

/** Polynomials in the number of pieces modulo `prime`; after step t each has maxAfter[t + 1] + 1 coefficients. */
class ModularCarrier implements Carrier {
  prime = 0;
  constructor(
    /** [this step's polynomials, the next step's]; after a sweep, [0] holds the last step's. */
    readonly buffers: [Int32Array, Int32Array],
    private readonly maxAfter: Int32Array,
  ) {}
  stride(t: number): number {
    return this.maxAfter[t + 1]! + 1;
  }
  start(): void {
    this.buffers[0][0] = 1;
  }
  copy(from: number, to: number, shift: number, t: number): void {
    const inStride = this.maxAfter[t]! + 1;
    const outStride = this.maxAfter[t + 1]! + 1;
    const a = this.buffers[0];
    const b = this.buffers[1];
    const src = from * inStride;
    const dst = to * outStride;
    // A coefficient shifted past the new stride is zero (no placement has that many pieces).
    const n = Math.min(inStride, outStride - shift);
    for (let k = 0; k < shift; k++) b[dst + k] = 0;
    for (let k = 0; k < n; k++) b[dst + shift + k] = a[src + k]!;
    for (let k = n + shift; k < outStride; k++) b[dst + k] = 0;
  }
  add(from: number, to: number, shift: number, t: number): void {
    const inStride = this.maxAfter[t]! + 1;
    const outStride = this.maxAfter[t + 1]! + 1;
    const a = this.buffers[0];
    const b = this.buffers[1];
    const p = this.prime;
    const src = from * inStride;
    const dst = to * outStride + shift;
    const n = Math.min(inStride, outStride - shift);
    for (let k = 0; k < n; k++) {
      const v = b[dst + k]! + a[src + k]!;
      b[dst + k] = v >= p ? v - p : v;
    }
  }
  swap(): void {
    this.buffers.reverse();
  }
}

/** Primes just below 2²⁹, largest first: none of them is among the row DP's (which are above 2²⁹). */
export function primesBelow2To29(count: number): number[] {
  const out: number[] = [];
  for (let n = 2 ** 29 - 1; out.length < count; n -= 2) {
    let prime = true;
    for (let d = 3; d * d <= n; d += 2) if (n % d === 0) { prime = false; break; }
    if (prime) out.push(n);
  }
  return out;
}

export interface CellTable {
  readonly table: bigint[];
  /** The primes and, per prime, the residues of the table (index k) the sweep gave. */
  readonly primes: number[];
  readonly residues: number[][];
  readonly maxStates: number;
  readonly transitions: number;
  /** The table's sum from the size pass, in floating point. */
  readonly floatTotal: number;
  readonly stopped: boolean;
}

/**
 * Bytes of a count over `states` states at most with polynomials of up to `coefficients` coefficients: two
 * buffers of polynomials (4 bytes a coefficient), the size pass's two pairs (4 + 8 bytes a state), and two tables
 * (8 bytes a key, two 4-byte slots a key or more).
 */
export function cellBytes(states: number, coefficients: number): number {
  let slots = 2;
  while (slots < states * 2) slots *= 2;
  return 2 * states * coefficients * 4 + 2 * states * 12 + 2 * (states * 8 + slots * 4);
}

/** The whole table by the cell sweep: a size pass, then one pass per prime below 2²⁹, combined by the CRT. */
export function countCells(
  model: RowModel,
  options: {
    stop: (transitions: number) => boolean;
    progress?: (done: number, total: number) => void;
    states?: number;
    /** Exactly this many primes, for residues only (a check of another route's counts): the table is then the counts modulo their product. */
    primes?: number;
    /** With `primes`: skip this many of the primes below 2²⁹ first (to add a prime to an earlier check). */
    skipPrimes?: number;
  },
): CellTable {
  const cells = cellModel(model);
  const squares = cells.width * cells.height;
  const states = options.states ?? profileStates(model, cells).max;
  const tables: [StateTable, StateTable] = [new StateTable(states), new StateTable(states)];
  let transitions = 0;
  const stop = (n: number) => options.stop(transitions + n);
  let passes = 2;
  let done = 0;
  const tick = () => options.progress?.(++done, passes * squares);
  const size = new SizeCarrier(states, squares);
  const first = sweep(cells, size, tables, stop, tick);
  transitions += first.transitions;
  const empty = { table: [], primes: [], residues: [], maxStates: first.maxStates, floatTotal: 0 };
  if (first.stopped) return { ...empty, transitions, stopped: true };
  const final = tables[0].size;
  let floatTotal = 0;
  for (let i = 0; i < final; i++) floatTotal += size.total[0][i]!;
  if (!Number.isFinite(floatTotal)) throw new Error('the number of placements overflows a float: board too large for this strategy');
  const maxAfter = size.maxAfter;
  for (let t = 1; t <= squares; t++) if (maxAfter[t]! < maxAfter[t - 1]!) maxAfter[t] = maxAfter[t - 1]!;
  const degree = maxAfter[squares]!;
  // Every coefficient is at most the total, so primes for the total (with a margin for the float's rounding)
  // always suffice. The largest coefficient is at least the total over the number of coefficients, so the count
  // starts from primes for that and adds one (one more pass) until the table sums to the float total: a
  // coefficient past the primes' product would come out smaller by a multiple of it, more than the float's error.
  const bitsPerPrime = 28.99;
  const safe = Math.ceil((Math.log2(floatTotal * 1.000001 + 16) + 1) / bitsPerPrime);
  const coefficients = degree + 1;
  const fewest = options.primes ?? Math.min(safe, Math.max(1, Math.ceil((Math.log2(floatTotal / coefficients + 1) + 1) / bitsPerPrime)));
  const skip = options.primes !== undefined ? (options.skipPrimes ?? 0) : 0;
  const primes = primesBelow2To29(skip + fewest).slice(skip);
  passes = 1 + fewest;
  const buffers: [Int32Array, Int32Array] = [new Int32Array(states * coefficients), new Int32Array(states * coefficients)];
  const carrier = new ModularCarrier(buffers, maxAfter);
  const residues: number[][] = [];
  let table: bigint[] = [];
  for (;;) {
    const prime = primes[residues.length]!;
    carrier.prime = prime;
    const run = sweep(cells, carrier, tables, stop, tick);
    transitions += run.transitions;
    if (run.stopped) return { ...empty, primes, floatTotal, transitions, stopped: true };
    const result = carrier.buffers[0];
    const sums = new Array<number>(coefficients).fill(0);
    for (let i = 0; i < tables[0].size; i++) {
      for (let k = 0; k < coefficients; k++) {
        const v = sums[k]! + result[i * coefficients + k]!;
        sums[k] = v >= prime ? v - prime : v;
      }
    }
    residues.push(sums);
    if (residues.length < primes.length) continue;
    table = [];
    for (let k = 0; k < coefficients; k++) table.push(combineResidues(residues.map((r) => r[k]!), primes));
    if (options.primes !== undefined) break;
    const sum = table.reduce((a, b) => a + b, 0n);
    if (Math.abs(Number(sum) - floatTotal) <= floatTotal * 1e-9 || primes.length >= safe) break;
    primes.push(primesBelow2To29(primes.length + 1)[primes.length]!);
    passes++;
  }
  while (table.length > 1 && table[table.length - 1] === 0n) table.pop();
  return { table, primes, residues, maxStates: first.maxStates, transitions, floatTotal, stopped: false };
}
