import { createBezzel, type Bezzel, type Result, type Task } from '@bezzel/core';
import classic from '@bezzel/classic';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import columns from '@bezzel/columns';
import formula from '@bezzel/formula';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectValidSolution, solveChecked } from '../../../test/support/solve.js';
import minConflicts from './index.js';

let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [queen, knight, classic, columns, formula, minConflicts] });
});

const task = (n: number, seed: number, extra: Partial<Task> = {}, piece = 'queen'): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece, k: n },
  goal: 'one',
  strategy: 'min-conflicts',
  seed,
  budget: { maxTimeMs: 20_000 },
  ...extra,
});

async function solvedCount(n: number, seeds: number, extra: Partial<Task> = {}, piece = 'queen'): Promise<number> {
  let solved = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const { result } = await solveChecked(bezzel, task(n, seed, extra, piece));
    if (result.status === 'solved') solved++;
  }
  return solved;
}

describe('min-conflicts', () => {
  it('solves n = 8, 50 and 1000 queens for every seed, each solution re-checked', async () => {
    expect(await solvedCount(8, 200)).toBe(200);
    expect(await solvedCount(50, 50)).toBe(50);
    expect(await solvedCount(1000, 10)).toBe(10);
  });

  it('solves 100,000 queens from the greedy start in few repairs', async () => {
    const { result } = await solveChecked(bezzel, task(100_000, 1));
    expect(result.status).toBe('solved');
    expect(result.stats.nodes).toBeLessThan(1000);
    expect(result.stats.extra?.h).toBe(0);
  });

  it.each(['random', 'greedy', 'formula'])('starts from the %s placement', async (initial) => {
    expect(await solvedCount(30, 20, { options: { initial } })).toBe(20);
  });

  it('starts from the formula with nothing to repair', async () => {
    const { result } = await solveChecked(bezzel, task(1000, 1, { options: { initial: 'formula' } }));
    expect(result.status === 'solved' && result.stats.nodes).toBe(0);
  });

  it('places rooks and bishops, whose lines it reads from their movement', async () => {
    expect(await solvedCount(40, 10, {}, 'rook')).toBe(10);
    expect(await solvedCount(40, 10, {}, 'bishop')).toBe(10);
  });

  it('gives the same run for the same seed', async () => {
    const a = await bezzel.solve(task(200, 42));
    const b = await bezzel.solve(task(200, 42));
    expect(a.status === 'solved' && a.solutions).toEqual(b.status === 'solved' && b.solutions);
    expect(a.stats.nodes).toBe(b.stats.nodes);
  });

  it('never calls an impossible board solved: 3 queens end in budget with the attacks left', async () => {
    const result: Result = await bezzel.solve(task(3, 1, { budget: { maxSteps: 500 } }));
    expect(result.status).toBe('budget');
    if (result.status !== 'budget') return;
    expect(result.exhausted).toBe('steps');
    expect(result.stats.restarts).toBeGreaterThan(0);
    expect(result.partial?.score).toBeGreaterThan(0);
    expect(() => expectValidSolution(bezzel, task(3, 1), result.partial!.best!)).toThrow();
  });

  it('declines knights and wrong piece counts, saying why', () => {
    const reasonFor = (t: Task) => {
      const instance = bezzel.instantiate(t);
      if (!instance.ok) throw instance.error;
      const support = bezzel.strategy('min-conflicts')!.supports(instance.value);
      return support.ok ? 'supported' : support.reason;
    };
    expect(reasonFor({ ...task(8, 1), problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'knight', k: 8 } })).toMatch(/leaps/);
    expect(reasonFor({ ...task(8, 1), problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen', k: 5 } })).toMatch(/k must be 8/);
    expect(reasonFor({ ...task(8, 1), problem: { kind: 'placement', board: { width: 8, height: 6 }, piece: 'rook' } })).toMatch(/not square/);
  });

  it('rejects a bad restartAfter as the user’s mistake', async () => {
    await expect(bezzel.solve(task(8, 1, { options: { restartAfter: -3 } }))).rejects.toThrow(/restartAfter/);
  });
});
