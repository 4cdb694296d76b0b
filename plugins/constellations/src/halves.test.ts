import bitboard from '@bezzel/bitboard';
import queen, { queen as queenPiece } from '@bezzel/queen';
import { combine, leaper, pluginModule, type Goal, type Task } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { bezzelWith, countOf } from '../../../test/support/solve.js';
import { bands, countBand, MAX_HALF } from './halves.js';
import constellationsPlugin, { halvesStrategy as strategy } from './index.js';

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
/**
 * n ≤ 16 take under a second of CPU each here; 17, 18 and 19 about 2.3, 17 and 130 s (BEZZEL_SLOW only). From 20 on
 * the published counts are out of reach of one machine in a test (n = 20 would take hours; n > 20 is declined).
 */
const slow = process.env.BEZZEL_SLOW ? 19 : 16;

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
    [8, [0, 2, 4]],
    [9, [1, 3, 5]],
    [10, [0, 2, 4]],
    [11, [1, 3, 5]],
    [12, [0, 2, 4, 6]],
    [13, [1, 3, 5]],
  ] as const)('n = %i, bands of %j rows', (n, widths) => {
    for (const b of widths) {
      if ((n - b) / 2 > MAX_HALF) continue;
      let total = 0n;
      for (const band of bands(n, b)) total += BigInt(band.weight) * countBand(n, b, band)!;
      expect([b, total]).toEqual([b, A000170[n - 1]]);
    }
  });

  it('bands of 2 rows on 8 columns: 42 placements, in orbits of 2 or 4 under the mirror and the flip', () => {
    const list = bands(8, 2);
    // 8·8 − 8 − 2·7 = 42 placements of two queens on two adjacent rows, in orbits of 2 or 4.
    expect(list.reduce((sum, band) => sum + band.weight, 0)).toBe(42);
    for (const band of list) expect(band.weight * band.stabilizer.length).toBe(4);
  });
});

describe('split: sub-task counts add up to the whole', () => {
  it.each([
    [2, 2],
    [3, 4],
    [12, 7],
    [13, 3],
    [14, 2],
  ] as const)('n = %i in %i parts', async (n, parts) => {
    const instance = bezzel.instantiate(task(n));
    if (!instance.ok) throw instance.error;
    const subTasks = strategy.split!(instance.value, parts)!;
    expect(subTasks.length).toBeGreaterThan(n > 3 ? 1 : 0);
    let count = 0n;
    for (const sub of subTasks) {
      const copy = JSON.parse(JSON.stringify(sub)) as typeof sub;
      count += BigInt(copy.weight) * countOf(await bezzel.solve(copy.task));
    }
    expect(count).toBe(A000170[n - 1]);
  });

  it('a malformed part or band is a usage error; a step budget stops with a partial count and its coverage', async () => {
    await expect(bezzel.solve(task(8, 'count', { part: '3/2' }))).rejects.toThrow(/not "i\/p"/);
    await expect(bezzel.solve(task(8, 'count', { band: 1 }))).rejects.toThrow(/n − band even/);
    await expect(bezzel.solve(task(20, 'count', { band: 2 }))).rejects.toThrow(/halves of 9 rows; at most 8/);
    const stopped = await bezzel.solve({ ...task(13, 'count', { band: 3 }), budget: { maxSteps: 10 } });
    expect(stopped.status).toBe('budget');
    if (stopped.status === 'budget') expect(stopped.partial?.coverage).toBeCloseTo(10 / bands(13, 3).length, 5);
  });
});

describe('supports', () => {
  it('counts queens, declines other pieces, k and classes, and is what auto takes for 14 queens', async () => {
    const instance = (n: number, piece: string, k?: number) => {
      const i = bezzel.instantiate({ problem: { kind: 'placement', board: { width: n, height: n }, piece, ...(k === undefined ? {} : { k }) }, goal: 'count' });
      if (!i.ok) throw i.error;
      return i.value;
    };
    expect(strategy.supports(instance(14, 'queen')).ok).toBe(true);
    expect(strategy.supports(instance(8, 'queen', 6))).toMatchObject({ ok: false });
    expect(strategy.supports(instance(8, 'amazon'))).toMatchObject({ ok: false });
    expect(strategy.meta.goals).toEqual(['count']);
    const small = bezzel.instantiate({ ...task(16), budget: { maxMemoryBytes: 100 * 2 ** 20 } });
    if (!small.ok) throw small.error;
    expect(strategy.supports(small.value)).toMatchObject({ ok: false, reason: expect.stringMatching(/would need about \d+ MiB/) });
    expect((await bezzel.solve({ problem: problem(14), goal: 'count' })).strategy).toBe('halves');
    expect((await bezzel.solve({ problem: problem(14), goal: 'count-fundamental' })).strategy).toBe('constellations');
  });
});
