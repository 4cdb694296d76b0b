import classic from '@bezzel/classic';
import type { Result, Task } from '@bezzel/core';
import coverSearch from '@bezzel/cover-search';
import knight from '@bezzel/knight';
import { threadedElsewhere } from '@bezzel/pool';
import queen from '@bezzel/queen';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bezzelWith, expectValidSolution } from './support/solve.js';

const here = createRequire(import.meta.url);
const urls = ['@bezzel/queen', '@bezzel/knight', '@bezzel/classic', '@bezzel/cover-search'].map((p) => pathToFileURL(here.resolve(p)).href);

// A minimum on two real threads: this one climbs from the lower bound, a helper thread (loading the compiled
// plugins) comes down from above and searches the last size from the back; they meet. Same answers as one thread.
describe('cover-search minimum on two threads', async () => {
  const bezzel = await bezzelWith(queen, knight, classic, coverSearch);
  const task = (piece: string, n: number, removed?: number[], variant?: 'total'): Task => ({
    problem: { kind: 'dominate', board: { width: n, height: n, ...(removed ? { removed } : {}) }, piece, ...(variant ? { variant } : {}) },
    goal: 'minimum',
    strategy: 'cover-search',
    budget: { maxTimeMs: 120_000 },
  });
  const gammaOf = (result: Result) => (result.status === 'solved' ? result.minimum?.value : result.status);

  it('finds the same minimum as one thread, checked, on boards where the helper is needed and where it is not', async () => {
    const cases: [string, number, number[]?, 'total'?][] = [['knight', 11], ['knight', 12, [0]], ['knight', 13], ['queen', 12], ['king', 12, [0, 13]], ['knight', 9, undefined, 'total']];
    for (const [piece, n, removed, variant] of cases) {
      const one = await bezzel.solve({ ...task(piece, n, removed, variant), options: { threads: 1 } });
      const two = await bezzel.solve(task(piece, n, removed, variant), { elsewhere: threadedElsewhere(urls) });
      expect({ piece, n, removed, gamma: gammaOf(two) }).toEqual({ piece, n, removed, gamma: gammaOf(one) });
      if (two.status === 'solved') expectValidSolution(bezzel, task(piece, n, removed, variant), two.solutions[0]!);
    }
  });
});
