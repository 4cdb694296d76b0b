import { createBezzel, type Bezzel, type Task } from '@bezzel/core';
import classic from '@bezzel/classic';
import columns from '@bezzel/columns';
import queen from '@bezzel/queen';
import { beforeAll, describe, expect, it } from 'vitest';
import { solveChecked } from '../../../test/support/solve.js';
import random from './index.js';

let bezzel: Bezzel;
beforeAll(async () => {
  bezzel = await createBezzel({ plugins: [queen, classic, columns, random] });
});

const task = (n: number, seed: number, budget = { maxSteps: 5_000_000 }, piece = 'queen'): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece, k: n },
  goal: 'one',
  strategy: 'random',
  seed,
  budget,
});

describe('random generate-and-test', () => {
  it('finds valid 6- and 8-queens solutions, counting attempts and the boards that passed each test', async () => {
    for (let seed = 1; seed <= 5; seed++) {
      const { result } = await solveChecked(bezzel, task(8, seed));
      expect(result.status).toBe('solved');
      const extra = result.stats.extra as { attempts: number; passedRanks: number; passedDiagonals: number };
      expect(extra.attempts).toBe(result.stats.nodes);
      expect(extra.passedDiagonals).toBe(1);
      // One board in 8⁸/8! ≈ 416 has a queen per rank; a solution needs about 182,000 boards on average.
      expect(extra.passedRanks).toBeGreaterThan(0);
      expect(extra.passedRanks).toBeLessThan(extra.attempts / 100);
    }
    expect((await solveChecked(bezzel, task(6, 1))).result.status).toBe('solved');
  });

  it('is seeded: the same seed gives the same board and the same counts', async () => {
    const a = await bezzel.solve(task(7, 11));
    const b = await bezzel.solve(task(7, 11));
    expect(a.status === 'solved' && a.solutions).toEqual(b.status === 'solved' && b.solutions);
    expect(a.stats.extra).toEqual(b.stats.extra);
    const c = await bezzel.solve(task(7, 12));
    expect(c.stats.nodes).not.toBe(a.stats.nodes);
  });

  it('runs out of budget with its counts, never claiming a board', async () => {
    const result = await bezzel.solve(task(8, 1, { maxSteps: 1000 }));
    expect(result.status === 'budget' && result.exhausted).toBe('steps');
    expect(result.stats.nodes).toBe(1000);
    expect(result.status === 'budget' && result.partial?.note).toMatch(/^1000 random boards, \d+ with one piece per rank/);
    const impossible = await bezzel.solve(task(3, 1, { maxSteps: 20_000 }));
    expect(impossible.status).toBe('budget');
  });

  it('tests only the lines the piece rides: rooks pass the diagonal test at once', async () => {
    const { result } = await solveChecked(bezzel, task(5, 1, { maxSteps: 100_000 }, 'rook'));
    expect(result.status === 'solved' && result.stats.extra?.passedRanks).toBe(1);
  });
});
