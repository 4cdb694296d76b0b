import bitboard from '@bezzel/bitboard';
import queen, { queen as queenPiece } from '@bezzel/queen';
import { combine, leaper, pluginModule, type Goal, type Task } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { bezzelWith, countOf } from '../../../test/support/solve.js';
import { constellations, subProblem } from './constellations.js';
import constellationsPlugin, { constellationsStrategy as strategy } from './index.js';
import { countRows, kernelFor } from './kernel.js';

/** OEIS A000170: n queens on n×n, n = 1…27. */
const A000170 = [
  1n, 0n, 0n, 2n, 10n, 4n, 40n, 92n, 352n, 724n, 2680n, 14200n, 73712n, 365596n, 2279184n, 14772512n, 95815104n, 666090624n,
  4968057848n, 39029188884n, 314666222712n, 2691008701644n, 24233937684440n, 227514171973736n, 2207893435808352n,
  22317699616364044n, 234907967154122528n,
];
/** OEIS A002562: the fundamental counts, n = 1…16. */
const A002562 = [1n, 0n, 0n, 1n, 2n, 1n, 6n, 12n, 46n, 92n, 341n, 1787n, 9233n, 45752n, 285053n, 1846955n];

const amazon = pluginModule({ pieces: [{ id: 'amazon', name: 'amazon', symbols: { unicode: 'A', ascii: 'A' }, movement: combine(queenPiece.movement, leaper(1, 2)) }] });
const bezzel = await bezzelWith(queen, amazon, bitboard, constellationsPlugin);
const problem = (n: number) => ({ kind: 'placement' as const, board: { width: n, height: n }, piece: 'queen' });
const task = (n: number, goal: Goal, strategy = 'constellations'): Task => ({ problem: problem(n), goal, strategy, budget: { maxTimeMs: 600_000 } });
/** n = 16…18 take about 1, 7 and 45 s of CPU here: BEZZEL_SLOW only. */
const slow = process.env.BEZZEL_SLOW ? 18 : 15;

describe('constellations against the published n-queens counts', () => {
  it.each(A000170.slice(0, slow).map((count, i) => [i + 1, count] as const))('n = %i: %s', async (n, count) => {
    expect(countOf(await bezzel.solve(task(n, 'count')))).toBe(count);
  }, 900_000);

  it.each(A002562.slice(0, 14).map((fundamental, i) => [i + 1, fundamental] as const))('n = %i: fundamental %s', async (n, fundamental) => {
    const result = await bezzel.solve(task(n, 'count-fundamental'));
    expect(result.status === 'complete' && [result.count, result.fundamental]).toEqual([A000170[n - 1], fundamental]);
  });

  it.skipIf(!process.env.BEZZEL_SLOW)('n = 16: fundamental (BEZZEL_SLOW)', async () => {
    const result = await bezzel.solve(task(16, 'count-fundamental'));
    expect(result.status === 'complete' && result.fundamental).toBe(A002562[15]);
  }, 900_000);
});

describe('agreement with bitboard (the only check of a count is a recount)', () => {
  it.each([9, 10, 11, 12, 13])('n = %i: count and fundamental as bitboard counts them', async (n) => {
    const mine = await bezzel.solve(task(n, 'count-fundamental'));
    const theirs = await bezzel.solve(task(n, 'count-fundamental', 'bitboard'));
    expect(mine.status === 'complete' && [mine.count, mine.fundamental]).toEqual(theirs.status === 'complete' && [theirs.count, theirs.fundamental]);
  });

  it('the WebAssembly kernel counts each constellation as the plain recursion does', () => {
    const allowed = new Int32Array(32);
    const shift = new Int32Array(32);
    for (const n of [6, 9, 12]) {
      for (const c of constellations(n)) {
        const k = subProblem(n, c, allowed, shift);
        if (k < 2) continue;
        const kernel = kernelFor(k)!;
        kernel.allowed.set(allowed.subarray(0, k));
        kernel.shift.set(shift.subarray(0, k));
        expect(kernel.count()).toBe(BigInt(countRows(allowed, shift, k)));
      }
    }
  });

  it('orbit sizes add up to every constellation: n = 8 has 78 classes of weight 1…8', () => {
    const list = constellations(8);
    expect(list.length).toBe(78);
    expect(new Set(list.map((c) => c.weight))).toEqual(new Set([2, 4, 8]));
    for (const c of list) expect(c.weight * c.stabilizer.length).toBe(8);
  });
});

describe('split: sub-task counts add up to the whole', () => {
  it.each([
    [12, 'count', 7],
    [11, 'count-fundamental', 16],
    [13, 'count', 64],
  ] as const)('n = %i %s in %i parts', async (n, goal, parts) => {
    const instance = bezzel.instantiate(task(n, goal));
    if (!instance.ok) throw instance.error;
    const subTasks = strategy.split!(instance.value, parts)!;
    expect(subTasks.length).toBe(parts);
    let count = 0n;
    let fundamental = 0n;
    for (const sub of subTasks) {
      const copy = JSON.parse(JSON.stringify(sub)) as typeof sub;
      const result = await bezzel.solve(copy.task);
      count += BigInt(copy.weight) * countOf(result);
      if (result.status === 'complete' && result.fundamental !== undefined) fundamental += BigInt(copy.weight) * result.fundamental;
    }
    expect(count).toBe(A000170[n - 1]);
    if (goal === 'count-fundamental') expect(fundamental).toBe(A002562[n - 1]);
  });

  it('a malformed part is a usage error; a step budget stops with a partial count and its coverage', async () => {
    await expect(bezzel.solve({ ...task(8, 'count'), options: { part: '3/2' } })).rejects.toThrow(/not "i\/p"/);
    const stopped = await bezzel.solve({ ...task(12, 'count'), budget: { maxSteps: 100 } });
    expect(stopped.status).toBe('budget');
    if (stopped.status === 'budget') expect(stopped.partial?.coverage).toBeCloseTo(100 / 730, 5);
  });
});

describe('supports', () => {
  it('counts queens, declines other pieces and k; auto takes halves for the classes too (quicker)', async () => {
    const instance = (n: number, piece: string, k?: number) => {
      const i = bezzel.instantiate({ problem: { kind: 'placement', board: { width: n, height: n }, piece, ...(k === undefined ? {} : { k }) }, goal: 'count' });
      if (!i.ok) throw i.error;
      return i.value;
    };
    expect(strategy.supports(instance(14, 'queen')).ok).toBe(true);
    expect(strategy.supports(instance(8, 'queen', 6))).toMatchObject({ ok: false });
    expect(strategy.supports(instance(8, 'amazon'))).toMatchObject({ ok: false });
    // Counts and classes alike go to halves (the classes by Burnside from its count), which is quicker.
    const auto = await bezzel.solve({ problem: problem(14), goal: 'count-fundamental' });
    expect(auto).toMatchObject({ strategy: 'halves', count: 365596n, fundamental: 45752n });
  });
});
