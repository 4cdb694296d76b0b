import { no, option, overMemory, UsageError, waitedMs, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type SubTask } from '@bezzel/core';
import { bandSize, eachBand, MAX_HALF } from './bands.js';
import { binomial, countBand, type BandWatch, type Share } from './halves.js';
import { CHUNK, chunkBytes } from './half-search-kernel.js';
import { partRows, simdAvailable } from './halves-kernel.js';
import { applies } from './strategy.js';
import { fundamentalOf } from './symmetric.js';

/** n = 21 would take days here; the parts' starts (4^m of them) would also pass 64 MiB. */
const MAX_N = 20;

/**
 * The time model, in milliseconds of CPU for the whole count with the default band, its kernel's compilation
 * included (measured, one thread, on the reference machine; see the README's table), for `auto` to weigh against
 * the other strategies' estimates: below n = 12 those say quicker, and they are within a few milliseconds.
 */
const MEASURED_MS: Readonly<Record<number, number>> = { 10: 15, 11: 17, 12: 18, 13: 40, 14: 50, 15: 90, 16: 150, 17: 1000, 18: 4300, 19: 30_000, 20: 385_000 };
const costMs = (n: number) => MEASURED_MS[n] ?? (n < 10 ? 15 : Number.POSITIVE_INFINITY);

/**
 * What a band allocates (WebAssembly memory, which never shrinks), for halves of m rows: the parts' starts, a
 * table of 4^m i32s per side and part (four, and one for filing), their records (16 bytes a part: measured at
 * most 3·4^m of them on a side), the outer parts' conflict masks (a chunk for each column set of h₂ columns
 * and each 32 of its parts, `chunkBytes` each), the buckets (8 bytes each), and one bucket's join — its halves
 * (24 bytes each: up to 2^(2m − 1) in the largest bucket measured) and its rows.
 */
export function memoryBytes(n: number, b: number): number {
  const m = (n - b) / 2;
  const sets = 4 ** m;
  const chunks = binomial(2 * m, partRows(m)[1]) + (3 * sets) / CHUNK;
  return 20 * sets + 2 * 16 * 3 * sets + 2 * chunks * chunkBytes(n, m) + 8 * sets + 24 * sets / 2 + 2 ** 20;
}


/** Sub-tasks a count is split into at most. */
const MAX_SUB_TASKS = 8;

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

/** The share of the buckets a run joins: all, or those numbered i modulo p over all bands (option `part` = "i/p"). */
function shareOf(part: unknown): Share {
  if (part === undefined || String(part) === '') return { index: 0, of: 1, before: 0 };
  const match = /^(\d+)\/(\d+)$/.exec(String(part));
  const [i, p] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(p >= 1 && i >= 0 && i < p)) throw new UsageError('ERR_OPTION', `part "${String(part)}" is not "i/p" with 0 ≤ i < p`);
  return { index: i, of: p, before: 0 };
}

/**
 * p sub-tasks, each joining every p-th bucket of the bands' buckets numbered in turn (buckets of one band cost
 * alike, so strides balance, and the band stays the fastest one; bands of one bucket go round the sub-tasks). A
 * fundamental count is not split: its classes come from the whole count.
 */
function split(instance: Instance, parts: number): SubTask[] | undefined {
  const task = instance.task;
  if (instance.kind !== 'placement' || task.options?.part !== undefined || task.goal === 'count-fundamental') return [{ task, weight: 1 }];
  const b = bandOf(instance.board.width, task.options?.band);
  // Each sub-task finds every band's parts again (n = 17: about 10 ms of CPU a sub-task): eight are enough to
  // balance two to four threads and to resume a checkpoint from.
  const p = Math.max(1, Math.min(MAX_SUB_TASKS, Math.floor(parts)));
  return Array.from({ length: p }, (_, i) => ({ task: { ...task, strategy: 'halves', options: { ...task.options, band: b, part: `${i}/${p}` } }, weight: 1 }));
}

function run(instance: Instance, ctx: RunContext): Outcome {
  const started = performance.now();
  if (instance.kind !== 'placement') throw new Error('halves counts placements only');
  const n = instance.board.width;
  const b = bandOf(n, ctx.option('band'));
  const share = shareOf(ctx.option('part'));
  let count = 0n;
  let done = 0;
  let parts = 0;
  let buckets = 0;
  // How far the bands have come: the share of the first band row's columns passed (bands are visited as found).
  let coverage = 0;
  // Steps are buckets joined; the clock is asked between parts of each band's work and before each band.
  const watch: BandWatch = { steps: 0, maxSteps: ctx.clock.maxSteps, expired: () => ctx.clock.expired() };
  let lastProgress = started;
  const complete = eachBand(
    n,
    b,
    (band) => {
      if (ctx.clock.exhausted(watch.steps)) return false;
      const found = countBand(n, b, band, watch, share);
      share.before += found.buckets;
      parts += found.parts;
      buckets += found.buckets;
      count += BigInt(band.weight) * found.count;
      if (!found.complete) return ctx.clock.exhausted(watch.steps), false;
      done++;
      const now = performance.now();
      if (now - lastProgress > 200) {
        lastProgress = now;
        ctx.progress({ nodes: watch.steps, solutions: count, done: Math.round(1000 * coverage), total: 1000 });
      }
      return true;
    },
    (reached) => (coverage = reached),
  );
  const stats = { nodes: watch.steps, timeMs: waitedMs(instance.task.budget, started), extra: { bands: done, band: b, buckets, parts } };
  if (!complete) {
    const partial = { count, coverage };
    const reason = ctx.clock.reason;
    if (reason === 'aborted') return { status: 'aborted', partial, stats };
    return { status: 'budget', exhausted: reason === 'time' ? 'time' : 'steps', partial, stats };
  }
  if (instance.task.goal === 'count-fundamental') return { status: 'complete', count, fundamental: fundamentalOf(n, count), stats: { ...stats, timeMs: waitedMs(instance.task.budget, started) } };
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
      'n queens counted by joining half boards: top and bottom halves bucketed by columns, made from parts and joined by a bit-parallel sieve over the diagonals (WebAssembly); classes by Burnside, from the solutions the rotations fix',
    problems: ['placement'],
    goals: ['count', 'count-fundamental'],
    stepUnit: 'buckets',
    options: {
      band: option.integer('rows fixed in the middle before the halves are joined (n − band even; default n mod 2): wider is more, smaller buckets', { min: 0, max: MAX_N }),
      part: option.internal('the buckets of one sub-task as split() writes them: "i/p" is every p-th bucket of every band from the i-th'),
    },
  },
  supports(instance) {
    if (instance.kind !== 'placement') return no('it counts placements; it does not tour');
    const reason = applies(instance);
    if (reason) return no(reason);
    const n = instance.board.width;
    if (n > MAX_N) return no(`the board is ${n} wide; the halves' parts are filed under 4^m column sets, kept to n ≤ ${MAX_N}`);
    if (!simdAvailable()) return no('WebAssembly with SIMD is not allowed here');
    let b: number;
    try {
      b = bandOf(n, instance.task.options?.band);
    } catch (error) {
      return no((error as Error).message);
    }
    const memory = overMemory(memoryBytes(n, b), `its parts and one bucket's halves for ${n} queens`, instance);
    if (memory) return no(memory);
    // Measured for the default band only: another band's time is not known (a band of every row takes far longer).
    const options = instance.task.options ?? {};
    const plain = options.band === undefined && options.part === undefined;
    return yes(plain ? costMs(n) : 10 * costMs(n), { measured: plain && n <= 17 });
  },
  run,
  split,
};
