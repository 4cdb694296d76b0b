import bitboard from '@bezzel/bitboard';
import queen, { queen as queenPiece } from '@bezzel/queen';
import { combine, leaper, pluginModule, type Goal, type Task } from '@bezzel/core';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bezzelWith, countOf } from '../../../test/support/solve.js';
import { bands, eachBand } from './bands.js';
import { conflictsBody } from './half-search-kernel.js';
import { countBand, type Share } from './halves.js';
import constellationsPlugin, { halvesStrategy as strategy } from './index.js';
import { fundamentalOf } from './symmetric.js';

/** The oracle table (A000170 and A002562), as the other tests read it. */
const oracle = JSON.parse(readFileSync(new URL('../../../test/oracles/queens.json', import.meta.url), 'utf8')) as { rows: { n: number; all: number | string; fundamental: number | string }[] };

/** OEIS A000170: n queens on n×n, n = 1…27. */
const A000170 = [
  1n, 0n, 0n, 2n, 10n, 4n, 40n, 92n, 352n, 724n, 2680n, 14200n, 73712n, 365596n, 2279184n, 14772512n, 95815104n, 666090624n,
  4968057848n, 39029188884n, 314666222712n, 2691008701644n, 24233937684440n, 227514171973736n, 2207893435808352n,
  22317699616364044n, 234907967154122528n,
];

const amazon = pluginModule({ pieces: [{ id: 'amazon', name: 'amazon', symbols: { unicode: 'A', ascii: 'A' }, movement: combine(queenPiece.movement, leaper(1, 2)) }] });
const bezzel = await bezzelWith(queen, amazon, bitboard, constellationsPlugin);
const problem = (n: number) => ({ kind: 'placement' as const, board: { width: n, height: n }, piece: 'queen' });
const task = (n: number, goal: Goal = 'count', options?: Task['options']): Task => ({
  problem: problem(n), goal, strategy: 'halves', budget: { maxTimeMs: 900_000 }, ...(options ? { options } : {}),
});
/** The bands' count for a board and band, summed over a share's buckets (all by default). */
const byBands = (n: number, b: number, share: Share = { index: 0, of: 1, before: 0 }, levels?: number, chunk?: number) => {
  let total = 0n;
  eachBand(n, b, (band) => {
    const found = countBand(n, b, band, undefined, share, levels, chunk);
    share.before += found.buckets;
    total += BigInt(band.weight) * found.count;
    return true;
  });
  return total;
};
/**
 * n ≤ 16 take under a quarter of a second of CPU each here, 17 and 18 about 1 and 4 s: 18 is the smallest board
 * with halves of 9 rows (an inner part's single-row table, the count of an inner part's one compatible outer part
 * without its row A, four lanes a step), so it is always run. 19 takes 30 s (BEZZEL_SLOW only); n = 20 minutes
 * (its halves of 10 rows are checked by the bench).
 */
const slow = process.env.BEZZEL_SLOW ? 19 : 18;

describe('halves against the published n-queens counts', () => {
  it.each(A000170.slice(0, slow).map((count, i) => [i + 1, count] as const))('n = %i: %s', async (n, count) => {
    expect(countOf(await bezzel.solve(task(n)))).toBe(count);
  }, 900_000);

  it('the counts past reach are declined with the reason, not guessed', () => {
    for (const n of [21, 27]) {
      const instance = bezzel.instantiate(task(n));
      if (!instance.ok) throw instance.error;
      expect(strategy.supports(instance.value)).toMatchObject({ ok: false, reason: expect.stringMatching(/n ≤ 20/) });
    }
  });
});

describe('every band width gives the same count (the symmetry weights of bands and buckets)', () => {
  it.each([
    [8, [0, 2, 4, 6, 8]],
    [9, [1, 3, 5, 9]],
    [10, [0, 2, 4, 10]],
    [11, [1, 3, 5]],
    [12, [0, 2, 4, 6]],
    [13, [1, 3, 5]],
  ] as const)('n = %i, bands of %j rows', (n, widths) => {
    for (const b of widths) expect([b, byBands(n, b)]).toEqual([b, A000170[n - 1]]);
  });

  it('bands of 2 rows on 8 columns: 42 placements, in orbits of 2 or 4 under the mirror and the flip', () => {
    const list = bands(8, 2);
    // 8·8 − 8 − 2·7 = 42 placements of two queens on two adjacent rows, in orbits of 2 or 4.
    expect(list.reduce((sum, band) => sum + band.weight, 0)).toBe(42);
    for (const band of list) expect(band.weight * band.stabilizer.length).toBe(4);
  });

  it('a band of every row is every solution, one per orbit of the mirror and the flip', () => {
    expect(bands(10, 10).reduce((sum, band) => sum + band.weight, 0)).toBe(724);
  });
});

describe("the join's count by carry-save adders, two lanes a step or four (n = 18 on)", () => {
  // Halves of 9 rows and more (the four-lane count) take seconds; the same code on smaller boards, forced, checks
  // the carries' weights and the rows' padding to a whole step, with every band width and share.
  it.each([
    [8, 0], [9, 1], [11, 3], [12, 0], [13, 1], [14, 0], [14, 2],
  ] as const)('n = %i, band %i: the same count both ways', (n, b) => {
    for (const levels of [1, 2]) expect([levels, byBands(n, b, undefined, levels)]).toEqual([levels, A000170[n - 1]]);
  });

  it('n = 20 (halves of 10 rows, buckets wide enough to fill the 16-bit counts): a share counts the same both ways', () => {
    // With too late a fold each width overflowed its own way (109,786,435,600 and 7,151,816,720 for this share).
    const share = (levels: number) => byBands(20, 0, { index: 0, of: 400, before: 0 }, levels);
    expect(share(1)).toBe(share(2));
    expect(share(2)).toBeLessThan(A000170[19]! / 100n);
  }, 60_000);

  it('shares of the buckets add up with four lanes a step too', () => {
    let total = 0n;
    for (let i = 0; i < 5; i++) total += byBands(13, 1, { index: i, of: 5, before: 0 }, 2);
    expect(total).toBe(A000170[12]);
  });
});

describe('conflict masks of narrower chunks (lists of several chunks, as n = 20 has)', () => {
  // Chunks of 1, 2 and 4 outer parts cut n = 8 … 15's lists (up to 24 long from n = 16; 6 at n = 14) into many:
  // every chunk's number, its clearing, the bits past a chunk and past a list's end, and the join's walk over
  // the chunks (tops, then bottoms) are in the count.
  it.each([
    [8, 0, 1],
    [10, 0, 2],
    [11, 1, 1],
    [12, 0, 4],
    [13, 1, 2],
    [14, 0, 1],
    [14, 0, 4],
    [15, 1, 2],
  ] as const)('n = %i, band %i, chunks of %i', (n, b, chunk) => {
    expect(byBands(n, b, undefined, undefined, chunk)).toBe(A000170[n - 1]);
  });

  it('a chunk that is not a power of two up to 32 is refused when the kernel is made', () => {
    expect(() => conflictsBody(12, 6, 3)).toThrow(/power of two/);
    expect(() => conflictsBody(12, 6, 64)).toThrow(/power of two/);
  });
});

describe('shares of the buckets add up to the whole', () => {
  it.each([
    [12, 0, 3],
    [12, 2, 7],
    [13, 1, 4],
    [11, 11, 5],
  ] as const)('n = %i, band %i, in %i shares', (n, b, p) => {
    let total = 0n;
    for (let i = 0; i < p; i++) total += byBands(n, b, { index: i, of: p, before: 0 });
    expect(total).toBe(A000170[n - 1]);
  });

  it.each([
    [12, 7],
    [13, 3],
    [14, 2],
  ] as const)('split: n = %i in %i sub-tasks, counted again through the solver', async (n, parts) => {
    const instance = bezzel.instantiate(task(n));
    if (!instance.ok) throw instance.error;
    const subTasks = strategy.split!(instance.value, parts)!;
    expect(subTasks.length).toBe(parts);
    let count = 0n;
    for (const sub of subTasks) {
      const copy = JSON.parse(JSON.stringify(sub)) as typeof sub;
      count += BigInt(copy.weight) * countOf(await bezzel.solve(copy.task));
    }
    expect(count).toBe(A000170[n - 1]);
  });
});

describe('fundamental solutions by Burnside, from the solutions the rotations fix', () => {
  it('equal the published classes (A002562) for every n the oracle has up to 20', () => {
    for (const row of oracle.rows.filter((r) => r.n <= 20)) expect([row.n, fundamentalOf(row.n, BigInt(row.all))]).toEqual([row.n, BigInt(row.fundamental)]);
  });

  it.each([8, 12, 15])('count-fundamental through the solver, n = %i', async (n) => {
    const result = await bezzel.solve(task(n, 'count-fundamental'));
    const row = oracle.rows.find((r) => r.n === n)!;
    expect(result).toMatchObject({ status: 'complete', count: BigInt(row.all), fundamental: BigInt(row.fundamental) });
  });
});

describe('budgets hold at every band width', () => {
  it('steps are buckets: ten of them, then a partial count and its coverage (exit 3 on the command line)', async () => {
    const stopped = await bezzel.solve({ ...task(16), budget: { maxSteps: 10 } });
    expect(stopped).toMatchObject({ status: 'budget', exhausted: 'steps', stats: { nodes: 10 } });
    const wide = await bezzel.solve({ ...task(12, 'count', { band: 12 }), budget: { maxSteps: 10 } });
    expect(wide).toMatchObject({ status: 'budget', exhausted: 'steps', stats: { nodes: 10 } });
  });

  it('the widest band (every solution a band) stops on its time', async () => {
    const started = performance.now();
    const result = await bezzel.solve({ ...task(18, 'count', { band: 18 }), budget: { maxTimeMs: 100 } });
    expect(result).toMatchObject({ status: 'budget', exhausted: 'time' });
    expect(performance.now() - started).toBeLessThan(2000);
    if (result.status === 'budget') expect(result.partial?.coverage).toBeLessThan(1);
  });

  it('a stop from another thread (the shared flag Ctrl-C sets) is read before any band is joined', async () => {
    const stop = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(stop, 0, 1);
    const result = await bezzel.solve({ ...task(17), budget: { maxTimeMs: 900_000 } }, { stop });
    expect(result).toMatchObject({ status: 'aborted', stats: { nodes: 0 } });
  });

  it('a malformed part or band is a usage error', async () => {
    await expect(bezzel.solve(task(8, 'count', { part: '3/2' }))).rejects.toThrow(/not "i\/p"/);
    await expect(bezzel.solve(task(8, 'count', { band: 1 }))).rejects.toThrow(/n − band even/);
  });
});

describe('supports', () => {
  it('counts queens and their classes, declines other pieces, k ≠ n and runs past its memory', async () => {
    const instance = (n: number, piece: string, k?: number) => {
      const i = bezzel.instantiate({ problem: { kind: 'placement', board: { width: n, height: n }, piece, ...(k === undefined ? {} : { k }) }, goal: 'count' });
      if (!i.ok) throw i.error;
      return i.value;
    };
    expect(strategy.supports(instance(14, 'queen')).ok).toBe(true);
    expect(strategy.supports(instance(8, 'queen', 6))).toMatchObject({ ok: false });
    expect(strategy.supports(instance(8, 'amazon'))).toMatchObject({ ok: false });
    expect(strategy.meta.goals).toEqual(['count', 'count-fundamental']);
    const small = bezzel.instantiate({ ...task(20), budget: { maxMemoryBytes: 2 ** 20 } });
    if (!small.ok) throw small.error;
    expect(strategy.supports(small.value)).toMatchObject({ ok: false, reason: expect.stringMatching(/would need about \d+ MiB/) });
  });
});
