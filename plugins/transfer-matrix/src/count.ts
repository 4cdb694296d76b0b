import { combineResidues, primesBelow2To30, primesFor } from './crt';
import { MaxKernel, ModularKernel, TotalKernel } from './kernels';
import type { Layout } from './layout';
import { transfer } from './transfer';

/** Counts for every k (index k) and what it took. */
export interface Table {
  readonly table: bigint[];
  readonly transitions: number;
  readonly primes: number;
  readonly stopped: boolean;
}

export interface CountOptions {
  /** Asked now and then with the transitions made so far; true stops the count. */
  readonly stop: (transitions: number) => boolean;
  readonly rowFilter?: (mask: number) => boolean;
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
  const max = transfer(layout, new MaxKernel(), {
    stop,
    rowFilter: options.rowFilter,
    afterRow: (r, buffer) => {
      let best = 0;
      for (let i = 0; i < buffer.length; i++) if (buffer[i]! > best) best = buffer[i]!;
      maxAfter[r + 1] = best;
    },
  });
  transitions += max.transitions;
  if (max.stopped) return { table: [], transitions, primes: 0, stopped: true };
  const degree = maxAfter[rows]!;

  const total = transfer(layout, new TotalKernel(), { stop, rowFilter: options.rowFilter });
  transitions += total.transitions;
  if (total.stopped) return { table: [], transitions, primes: 0, stopped: true };
  let sum = 0;
  for (let i = 0; i < total.buffer.length; i++) sum += total.buffer[i]!;
  if (!Number.isFinite(sum)) throw new Error('the number of placements overflows a float: board too large for this strategy');

  const primes = primesBelow2To30(primesFor(sum * 1.000001 + 16));
  const residues: number[][] = [];
  for (const prime of primes) {
    const kernel = new ModularKernel(prime, degree + 1);
    const run = transfer(layout, kernel, { stop, rowFilter: options.rowFilter, lengthAfter: (r) => maxAfter[r]! + 1 });
    transitions += run.transitions;
    if (run.stopped) return { table: [], transitions, primes: primes.length, stopped: true };
    residues.push(sumStates(run.buffer, degree + 1, prime));
  }
  const table: bigint[] = [];
  for (let k = 0; k <= degree; k++) table.push(combineResidues(residues.map((r) => r[k]!), primes));
  return { table, transitions, primes: primes.length, stopped: false };
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
