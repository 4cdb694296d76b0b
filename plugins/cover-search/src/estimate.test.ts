import type { Task } from '@bezzel/core';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import { describe, expect, it } from 'vitest';
import { bezzelWith } from '../../../test/support/solve.js';
import { countCostMs, treeSize } from './estimate.js';
import coverSearch from './index.js';
import { engineOf, setUp, type DominateInstance } from './setup.js';

describe("a count's cost by Knuth's random walks", async () => {
  const bezzel = await bezzelWith(queen, knight, coverSearch);
  const instanceOf = (piece: string, n: number, k: number): DominateInstance => {
    const task: Task = { problem: { kind: 'dominate', board: { width: n, height: n }, piece, k }, goal: 'count', strategy: 'cover-search' };
    const instance = bezzel.instantiate(task);
    if (!instance.ok) throw instance.error;
    return instance.value as DominateInstance;
  };

  it.each([
    ['queen', 8, 5, 4860n],
    ['queen', 10, 5, 8n],
    ['knight', 10, 16, 4n],
  ] as const)('%s, n = %i, k = %i: the walks come within a factor of 3 of the nodes the count searches (it finds %s sets)', (piece, n, k, sets) => {
    const setup = setUp(instanceOf(piece, n, k));
    const count = engineOf(setup);
    count.search('count', k);
    expect(count.count).toBe(sets);
    const estimate = treeSize(engineOf(setup), k);
    expect(estimate / count.nodes).toBeGreaterThan(1 / 3);
    expect(estimate / count.nodes).toBeLessThan(3);
    // A fixed seed: the same estimate each time.
    expect(treeSize(engineOf(setup), k)).toBe(estimate);
  });

  it('sizes a queue: a count of 10 queens on 20×20 is hours, 5 on 8×8 well under a second', () => {
    expect(countCostMs(instanceOf('queen', 20, 10), 10)).toBeGreaterThan(3_600_000);
    expect(countCostMs(instanceOf('queen', 8, 5), 5)).toBeLessThan(1000);
  });
});
