import fairy from '@bezzel/fairy';
import classic from '@bezzel/classic';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import type { Task } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { bezzelWith } from '../../../test/support/solve.js';
import { exactSearch } from './minimum.js';
import { engineOf, setUp, type DominateInstance } from './setup.js';

describe('cover-search engine', async () => {
  const bezzel = await bezzelWith(queen, knight, classic, fairy);
  const instanceOf = (piece: string, n: number, variant?: 'total', height = n, removed?: number[]): DominateInstance => {
    const task: Task = { problem: { kind: 'dominate', board: { width: n, height, ...(removed ? { removed } : {}) }, piece, ...(variant ? { variant } : {}) }, goal: 'minimum' };
    const instance = bezzel.instantiate(task);
    if (!instance.ok) throw instance.error;
    if (instance.value.kind !== 'dominate') throw new Error('not a domination problem');
    return instance.value;
  };

  it('a search continued in steps of 37 nodes ends as the search run at once: same outcome, same nodes', () => {
    // Knights 9×9: γ = 14, so 13 is a proof (none) and 14 a find; queens 7×7: γ = 4.
    for (const [piece, n, k] of [['knight', 9, 13], ['knight', 9, 14], ['queen', 7, 3], ['queen', 7, 4]] as const) {
      const setup = setUp(instanceOf(piece, n));
      const once = exactSearch(setup, k, () => false)(Infinity);
      const stepped = exactSearch(setup, k, () => false);
      let nodes = 0;
      let steps = 0;
      let last = stepped(37);
      for (; last.outcome === 'short'; last = stepped(37)) {
        nodes += last.nodes;
        steps++;
      }
      nodes += last.nodes;
      expect({ piece, n, k, outcome: last.outcome, nodes }).toEqual({ piece, n, k, outcome: once.outcome, nodes: once.nodes });
      if (once.outcome === 'found' && last.outcome === 'found') expect(last.set).toEqual(once.set);
      expect(steps).toBeGreaterThan(once.nodes > 300 ? 2 : -1);
    }
  });

  it('finding a set skips dominated candidates and symmetric pairs, and still finds a set of k exactly when one exists', () => {
    // The count has no such skips: a set of at most k exists exactly when the count of sets of k is not 0.
    const boards: [number, number, number[]?][] = [[4, 4], [5, 5], [6, 6], [7, 7], [8, 8], [5, 7], [6, 4], [7, 7, [0, 6, 42, 48]], [6, 6, [14, 15, 20, 21]]];
    for (const [piece, variant] of [['knight', undefined], ['king', undefined], ['queen', undefined], ['knight', 'total'], ['camel', undefined], ['zebra', 'total']] as const) {
      for (const [w, h, removed] of boards) {
        if (w * h > (piece === 'knight' ? 64 : piece === 'king' ? 36 : 49)) continue;
        const setup = setUp(instanceOf(piece, w, variant, h, removed));
        for (let k = Math.max(1, setup.lower - 1); k <= setup.lower + 1 && k <= w * h; k++) {
          const counter = engineOf(setup);
          counter.search('count', k);
          const finder = engineOf(setup, { symmetric: true });
          finder.search('find', k);
          expect({ piece, variant, w, h, k, found: finder.found !== undefined }).toEqual({ piece, variant, w, h, k, found: counter.count > 0n });
        }
      }
    }
  });
});
