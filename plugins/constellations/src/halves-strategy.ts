import { no, option, overMemory, placementSearchSize, UsageError, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type SubTask } from '@bezzel/core';
import { bands, bandSize, countBand, MAX_HALF, type Band, type BandWatch } from './halves.js';
import { halvesKernel } from './halves-kernel.js';
import { applies } from './strategy.js';

/** The bucket of every column set is a table of 2ⁿ entries (4 MiB at n = 20); n = 21 would take days anyway. */
const MAX_N = 20;
/**
 * The time model, on the footing constellations and bitboard share (Knuth's estimate of the placement tree, which
 * runs several times over the real node counts): measured CPU of the search, n = 16 0.45 s, n = 17 1.6 s, about a
 * quarter of constellations' from n = 15 up, and a fixed cost (the kernel's compilation, the 2ⁿ-entry table)
 * that leaves the smallest boards to bitboard.
 */
const MS_PER_NODE = 1.5e-6;
const MS_PER_RUN = 3;

/**
 * What a run allocates (WebAssembly memory, which never shrinks): the bucket table (4·2ⁿ bytes) and one band's
 * halves at 16 bytes as found, with room up to twice their number, and 16 bytes sorted (both sides). Measured
 * halves a band, both sides: n = 14 0.43 M, 16 7.9 M, 17 7.1 M, 18 7.5 M; taken as 2ⁿ⁺⁷ up to 2²³ (n = 17: 330
 * MiB estimated, 270 MiB of peak measured for the whole command).
 */
export function memoryBytes(n: number): number {
  const halves = 2 ** Math.min(n + 7, 23);
  return 4 * 2 ** n + 40 * halves;
}

/** The band of middle rows: the option, checked, or the default for n. */
function bandOf(n: number, given: unknown): number {
  if (given === undefined || given === '') return bandSize(n);
  const b = Number(given);
  if (!Number.isInteger(b) || b < 0 || b > n || (n - b) % 2 !== 0) {
    throw new UsageError('ERR_OPTION', `band ${String(given)} must be a whole number of rows from 0 to ${n} with n − band even (the halves have equal heights)`);
  }
  if ((n - b) / 2 > MAX_HALF) throw new UsageError('ERR_OPTION', `band ${b} leaves halves of ${(n - b) / 2} rows; at most ${MAX_HALF} (band ${n - 2 * MAX_HALF} or more here)`);
  return b;
}

/** The bands a run counts: all, or every p-th from the i-th (option `part` = "i/p"). */
function selected(n: number, b: number, part: unknown): Band[] {
  const all = bands(n, b);
  if (part === undefined || String(part) === '') return [...all];
  const match = /^(\d+)\/(\d+)$/.exec(String(part));
  const [i, p] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(p >= 1 && i >= 0 && i < p)) throw new UsageError('ERR_OPTION', `part "${String(part)}" is not "i/p" with 0 ≤ i < p`);
  return all.filter((band) => band.index % p === i);
}

/**
 * p sub-tasks, every p-th band from the i-th. Where there are fewer than eight bands, the band is widened by two
 * rows (more, smaller bands, at some cost: n = 16 takes 0.85 s of CPU with a band of two rows against 0.67 s with
 * none), so that the parts balance: n = 16 alone is one band of no rows, on two threads 56 bands of two rows.
 */
function split(instance: Instance, parts: number): SubTask[] | undefined {
  const task = instance.task;
  if (instance.kind !== 'placement' || task.options?.part !== undefined) return [{ task, weight: 1 }];
  const n = instance.board.width;
  let b = bandOf(n, task.options?.band);
  const p = Math.max(1, Math.floor(parts));
  if (task.options?.band === undefined) {
    while (p > 1 && bands(n, b).length < Math.min(p, 8) && b + 2 <= Math.min(n, 3) && bands(n, b + 2).length > bands(n, b).length) b += 2;
  }
  const q = Math.max(1, Math.min(p, bands(n, b).length));
  return Array.from({ length: q }, (_, i) => ({ task: { ...task, strategy: 'halves', options: { ...task.options, band: b, part: `${i}/${q}` } }, weight: 1 }));
}

function run(instance: Instance, ctx: RunContext): Outcome {
  const started = performance.now();
  if (instance.kind !== 'placement') throw new Error('halves counts placements only');
  const n = instance.board.width;
  const b = bandOf(n, ctx.option('band'));
  const list = selected(n, b, ctx.option('part'));
  let count = 0n;
  let done = 0;
  let stopped = false;
  let halves = 0;
  let buckets = 0;
  // Steps are buckets joined; the clock is asked between parts of each band's work.
  const watch: BandWatch = { steps: 0, maxSteps: ctx.clock.maxSteps, expired: () => ctx.clock.expired() };
  const every = Math.max(1, Math.floor(list.length / 100));
  for (const band of list) {
    if (ctx.clock.exhausted(watch.steps)) {
      stopped = true;
      break;
    }
    const found = countBand(n, b, band, watch);
    halves += found.halves;
    buckets += found.buckets;
    count += BigInt(band.weight) * found.count;
    if (!found.complete) {
      ctx.clock.exhausted(watch.steps);
      stopped = true;
      break;
    }
    done++;
    if (done % every === 0 || done === list.length) ctx.progress({ nodes: halves, solutions: count, done, total: list.length });
  }
  const stats = { nodes: halves, timeMs: performance.now() - started, extra: { bands: list.length, band: b, buckets } };
  if (stopped) {
    const partial = { count, coverage: list.length === 0 ? 0 : done / list.length };
    const reason = ctx.clock.reason;
    if (reason === 'aborted') return { status: 'aborted', partial, stats };
    return { status: 'budget', exhausted: reason === 'time' ? 'time' : 'steps', partial, stats };
  }
  return { status: 'complete', count, stats };
}

/**
 * n queens counted by joining half boards: the middle band's queens fixed per symmetry class, the halves above
 * and below it found once each and bucketed by their columns, each pair of complementary buckets joined by a
 * bit-parallel sieve over the diagonals (WebAssembly).
 */
export const halvesStrategy: SearchStrategy = {
  meta: {
    id: 'halves',
    description:
      'n queens counted by joining half boards: top and bottom halves bucketed by columns, joined by a bit-parallel sieve over the diagonals (WebAssembly); solutions, not classes (it uses the mirror and the flip only: count-fundamental is for constellations)',
    problems: ['placement'],
    goals: ['count'],
    stepUnit: 'buckets',
    options: {
      band: option.integer('rows fixed in the middle before the halves are joined (n − band even; default 0 or 1, 2 or 3 from n = 18): wider is more, smaller parts', { min: 0, max: MAX_N }),
      part: option.internal('the bands of one sub-task as split() writes them: "i/p" is every p-th from the i-th'),
    },
  },
  supports(instance) {
    if (instance.kind !== 'placement') return no('it counts placements; it does not tour');
    const reason = applies(instance);
    if (reason) return no(reason);
    const n = instance.board.width;
    if (n > MAX_N) return no(`the board is ${n} wide; the halves' buckets are a table of 2ⁿ entries, kept to n ≤ ${MAX_N}`);
    if (!halvesKernel(8, 4, 0)) return no('WebAssembly is not allowed here');
    const memory = overMemory(memoryBytes(n), `its halves of one band for ${n} queens`, instance);
    if (memory) return no(memory);
    const size = placementSearchSize(instance.board, instance.piece, instance.k, true);
    return yes(MS_PER_RUN + MS_PER_NODE * size.nodes);
  },
  run,
  split,
};
