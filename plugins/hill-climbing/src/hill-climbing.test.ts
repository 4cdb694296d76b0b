import { createBezzel, type Bezzel, type OptionValue, type Task } from '@bezzel/core';
import classic from '@bezzel/classic';
import columns from '@bezzel/columns';
import queen from '@bezzel/queen';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectValidSolution, solveChecked } from '../../../test/support/solve.js';
import hillClimbing from './index.js';

let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [queen, classic, columns, hillClimbing] });
});

const task = (n: number, seed: number, options: Record<string, OptionValue> = {}): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece: 'queen' },
  goal: 'one',
  strategy: 'hill-climbing',
  seed,
  options,
  budget: { maxTimeMs: 10_000 },
});

/** Solved runs of 100 seeds; every solution and every stuck arrangement goes through the Validator. */
async function successes(options: Record<string, OptionValue>, n = 8): Promise<number> {
  let solved = 0;
  for (let seed = 1; seed <= 100; seed++) {
    const { result } = await solveChecked(bezzel, task(n, seed, options));
    if (result.status === 'solved') solved++;
    else {
      expect(result.status === 'budget' && result.exhausted).toBe('stuck');
      if (result.status !== 'budget') continue;
      expect(result.partial?.score).toBeGreaterThan(0);
      expect(() => expectValidSolution(bezzel, task(n, seed), result.partial!.best!)).toThrow();
    }
  }
  return solved;
}

describe('hill climbing on 8 queens, 100 seeded runs', () => {
  it('strictly downhill solves about one run in seven (Russell and Norvig: 14%)', async () => {
    // Measured: 13 of seeds 1–100 (128 of 1000).
    const solved = await successes({ sideways: 0 });
    expect(solved).toBeGreaterThanOrEqual(5);
    expect(solved).toBeLessThanOrEqual(25);
  });

  it('with 100 sideways moves solves most runs (the course report: 95%)', async () => {
    // Measured: 942 of 1000 seeds.
    const solved = await successes({});
    expect(solved).toBeGreaterThanOrEqual(85);
    expect(solved).toBeLessThan(100);
  });

  it('with random restarts solves every run', async () => {
    expect(await successes({ restarts: 50 })).toBe(100);
    expect(await successes({ sideways: 0, restarts: 200 })).toBe(100);
  });
});

describe('hill climbing', () => {
  it('says it is stuck, with the h it reached, and never calls that solved', async () => {
    let stuck = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const result = await bezzel.solve(task(8, seed, { sideways: 0 }));
      if (result.status !== 'budget') continue;
      stuck++;
      expect(result.exhausted).toBe('stuck');
      expect(result.partial?.score).toBe(result.stats.extra?.h);
      expect(result.partial?.note).toMatch(/^stuck with h = [1-9]\d* \(attacking pairs?\) on a (local optimum|plateau)/);
    }
    expect(stuck).toBeGreaterThan(10);
  });

  it('is seeded: the same seed gives the same run', async () => {
    const a = await bezzel.solve(task(12, 5));
    const b = await bezzel.solve(task(12, 5));
    expect(a).toEqual({ ...b, stats: { ...b.stats, timeMs: a.stats.timeMs } });
  });

  it('solves larger boards and rooks', async () => {
    const { result } = await solveChecked(bezzel, task(30, 1, { restarts: 20 }));
    expect(result.status).toBe('solved');
    const rooks = await solveChecked(bezzel, { ...task(10, 1), problem: { kind: 'placement', board: { width: 10, height: 10 }, piece: 'rook' } });
    expect(rooks.result.status).toBe('solved');
  });

  it('stops at its step budget', async () => {
    const result = await bezzel.solve({ ...task(50, 1), budget: { maxSteps: 3 } });
    expect(result.status === 'budget' && result.exhausted).toBe('steps');
    expect(result.stats.nodes).toBe(3);
  });

  it('rejects a negative restart count as the user’s mistake', async () => {
    await expect(bezzel.solve(task(8, 1, { restarts: -1 }))).rejects.toThrow('option restarts of hill-climbing must be a whole number of at least 0, not -1');
  });
});
