import { combineResidues } from '@bezzel/core';
import { primesBelow2To30, primesFor } from './crt.js';
import { MaxKernel, ModularKernel, TotalKernel } from './kernels.js';
import { pdep, type Layout } from './layout.js';
import { transfer } from './transfer.js';

/** Counts for every k (index k) and what it took. */
export interface Table {
  readonly table: bigint[];
  readonly transitions: number;
  readonly primes: number;
  readonly stopped: boolean;
}

/**
 * How the final states become counts when the DP ran over half a board (see fold.ts): a state's placements count
 * `scale·t + offset(state)` pieces, and a state that cannot be completed counts nothing.
 */
export interface Finish {
  readonly scale: number;
  /** The pieces to add to scale·t for this state (rows oldest first), or undefined when it cannot be completed. */
  offset(rows: Uint32Array): number | undefined;
}

export interface CountOptions {
  /** Asked now and then with the transitions made so far; true stops the count. */
  readonly stop: (transitions: number) => boolean;
  readonly rowFilter?: (mask: number) => boolean;
  readonly finish?: Finish;
  /** Rows finished so far over all passes, and the rows of all passes (known once the number of primes is). */
  readonly progress?: (done: number, total: number) => void;
}

/**
 * The whole table of a layout in passes: first the largest number of pieces after each row (so polynomials are
 * only as long as they can be), then the total in floating point (so we know how many primes the counts need),
 * then one modular pass per prime, combined by the Chinese remainder theorem.
 */
export function countTable(layout: Layout, options: CountOptions): Table {
  const rows = layout.model.height;
  const maxAfter = new Int32Array(rows + 1);
  let transitions = 0;
  const stop = (n: number) => options.stop(transitions + n);
  let rowsDone = 0;
  let rowsTotal = 3 * rows;
  const tick = () => options.progress?.(++rowsDone, rowsTotal);
  const max = transfer(layout, new MaxKernel(), {
    stop,
    rowFilter: options.rowFilter,
    afterRow: (r, buffer) => {
      let best = 0;
      for (let i = 0; i < buffer.length; i++) if (buffer[i]! > best) best = buffer[i]!;
      maxAfter[r + 1] = best;
      tick();
    },
  });
  transitions += max.transitions;
  if (max.stopped) return { table: [], transitions, primes: 0, stopped: true };
  const degree = maxAfter[rows]!;

  const total = transfer(layout, new TotalKernel(), { stop, rowFilter: options.rowFilter, afterRow: tick });
  transitions += total.transitions;
  if (total.stopped) return { table: [], transitions, primes: 0, stopped: true };
  let sum = 0;
  for (let i = 0; i < total.buffer.length; i++) sum += total.buffer[i]!;
  if (!Number.isFinite(sum)) throw new Error('the number of placements overflows a float: board too large for this strategy');

  // Every coefficient is at most the total, so that many primes always suffice. Without a finish the table's
  // sum is the total itself, which lets a count start from fewer: the largest coefficient is at least the total
  // over the number of coefficients, so it starts from primes for that, and adds a prime (one more pass, the
  // residues so far kept) until the table the residues give sums to the floating-point total. A coefficient past
  // the primes' product comes out smaller by a multiple of it, and the sum then misses the total by at least that
  // product — more than a millionth of the total, as the product exceeds the total over the number of
  // coefficients; the float's own error is below 10⁻¹². Knights 15×15: 4 primes instead of 5.
  const safe = primesFor(sum * 1.000001 + 16);
  const first = options.finish ? safe : Math.min(safe, primesFor(sum / (degree + 1)));
  const primes: number[] = [];
  rowsTotal = (2 + first) * rows;
  const residues: number[][] = [];
  // One pair of buffers for every prime's pass: the largest allocation of the count, made once.
  let buffers: [Int32Array, Int32Array] | undefined;
  let table: bigint[] = [];
  for (;;) {
    const prime = primesBelow2To30(primes.length + 1)[primes.length]!;
    primes.push(prime);
    const kernel = new ModularKernel(prime, degree + 1);
    buffers ??= [kernel.allocate(layout.states), kernel.allocate(layout.states)];
    const run = transfer(layout, kernel, { stop, rowFilter: options.rowFilter, lengthAfter: (r) => maxAfter[r]! + 1, afterRow: tick, buffers });
    transitions += run.transitions;
    if (run.stopped) return { table: [], transitions, primes: primes.length, stopped: true };
    residues.push(options.finish ? sumFinished(layout, run.buffer, degree + 1, prime, options.finish) : sumStates(run.buffer, degree + 1, prime));
    if (primes.length < first) continue;
    table = [];
    for (let k = 0; k < residues[0]!.length; k++) table.push(combineResidues(residues.map((r) => r[k]!), primes));
    if (primes.length >= safe || options.finish) break;
    const got = table.reduce((a, b) => a + b, 0n);
    if (Math.abs(Number(got) - sum) <= sum * 1e-6) break;
    rowsTotal += rows;
  }
  while (table.length > 1 && table[table.length - 1] === 0n) table.pop();
  return { table, transitions, primes: primes.length, stopped: false };
}

/** Sums each state's polynomial into the table at scale·t + its offset, rebuilding the state's rows from the layout. */
function sumFinished(layout: Layout, buffer: Int32Array, stride: number, prime: number, finish: Finish): number[] {
  const R = layout.model.reach;
  const sums = new Array<number>(finish.scale * (stride - 1) + 1).fill(0);
  const rows = new Uint32Array(R);
  for (let g = 0; g < layout.groups; g++) {
    for (let j = 1; j < R; j++) rows[j] = layout.rows[g * (R - 1) + j - 1]!;
    const free = layout.free[g]!;
    const size = 2 ** layout.bits[g]!;
    for (let i = 0; i < size; i++) {
      rows[0] = pdep(i, free);
      const offset = finish.offset(rows);
      if (offset === undefined) continue;
      const base = (layout.offset[g]! + i) * stride;
      for (let t = 0; t < stride; t++) {
        const v = buffer[base + t]!;
        if (v === 0) continue;
        const k = finish.scale * t + offset;
        const sum = sums[k]! + v;
        sums[k] = sum >= prime ? sum - prime : sum;
      }
    }
  }
  return sums;
}

function sumStates(buffer: Int32Array, stride: number, prime: number): number[] {
  const sums = new Array<number>(stride).fill(0);
  for (let s = 0; s < buffer.length; s += stride) {
    for (let t = 0; t < stride; t++) {
      const v = sums[t]! + buffer[s + t]!;
      sums[t] = v >= prime ? v - prime : v;
    }
  }
  return sums;
}
