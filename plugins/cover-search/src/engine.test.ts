import fairy from '@bezzel/fairy';
import classic from '@bezzel/classic';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import type { Task } from '@bezzel/core';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
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
  it('on random boards with holes placed symmetrically, finding agrees with counting one size below the minimum, at it and above', () => {
    // Symmetric holes keep the board's symmetries, so the exclusions of every depth take part; a failed search at
    // the size below the minimum is where a wrong exclusion would show (a set there is counted but not found).
    const side = fc.integer({ min: 3, max: 6 });
    const board = fc.tuple(side, fc.integer({ min: 0, max: 2 }), fc.array(fc.nat(), { maxLength: 3 }), fc.boolean());
    const piece = fc.constantFrom('knight', 'king', 'camel', 'zebra', 'queen', 'bishop');
    fc.assert(
      fc.property(board, piece, fc.constantFrom(undefined, 'total' as const), ([n, extra, seeds, square], piece, variant) => {
        const w = n + (square ? 0 : extra);
        const removed = new Set<number>();
        // A hole and its images under a half turn (and a quarter turn on square boards).
        for (const seed of seeds) {
          let [r, c] = [Math.floor((seed % (w * n)) / w), seed % w];
          for (let turn = 0; turn < (square ? 4 : 2); turn++) {
            removed.add(r * w + c);
            [r, c] = square ? [c, n - 1 - r] : [n - 1 - r, w - 1 - c];
          }
        }
        if (removed.size >= w * n - 1) return;
        const task: Task = { problem: { kind: 'dominate', board: { width: w, height: n, removed: [...removed] }, piece, ...(variant ? { variant } : {}) }, goal: 'minimum' };
        const instance = bezzel.instantiate(task);
        if (!instance.ok || instance.value.kind !== 'dominate') return;
        const setup = setUp(instance.value);
        for (let k = Math.max(1, setup.lower - 1); k <= setup.lower + 1 && k <= instance.value.board.playable; k++) {
          const counter = engineOf(setup);
          counter.search('count', k);
          const finder = engineOf(setup, { symmetric: true });
          finder.search('find', k);
          expect({ w, n, removed: [...removed], piece, variant, k, found: finder.found !== undefined }).toEqual({ w, n, removed: [...removed], piece, variant, k, found: counter.count > 0n });
        }
      }),
      { seed: 17, numRuns: 100 },
    );
  });
  it('the exact search alone, symmetric exclusions and all, finds a set of γ and none of γ − 1 (published γ, boards to 11×11)', () => {
    // Without the quick ways in front of it: a wrong exclusion that loses every set of γ shows here, where the
    // minimum search would still find one by local search and prove γ − 1 empty.
    const oracle = JSON.parse(readFileSync(new URL('../../../test/oracles/domination.json', import.meta.url), 'utf8')) as Record<string, { n: number; gamma: number }[]>;
    const gammaOf = (table: string, n: number) => oracle[table]!.find((row) => row.n === n)!.gamma;
    const rows = [['knight', 'knight', [6, 7, 8, 9, 10, 11]], ['knightTotal', 'knight', [7, 8, 9]], ['king', 'king', [8, 9, 10]], ['queen', 'queen', [6, 7, 8]], ['bishop', 'bishop', [6, 7]]] as const;
    for (const [table, piece, ns] of rows) {
      for (const n of ns) {
        const setup = setUp(instanceOf(piece, n, table === 'knightTotal' ? 'total' : undefined));
        const gamma = gammaOf(table, n);
        for (const k of [gamma - 1, gamma]) {
          const finder = engineOf(setup, { symmetric: true });
          finder.search('find', k);
          expect({ piece, n, k, found: finder.found !== undefined }).toEqual({ piece, n, k, found: k === gamma });
        }
      }
    }
  });
  it('searching from the back meets the same tree: as many nodes where no set exists, a set where one does', () => {
    const oracle = JSON.parse(readFileSync(new URL('../../../test/oracles/domination.json', import.meta.url), 'utf8')) as Record<string, { n: number; gamma: number }[]>;
    const gammaOf = (table: string, n: number) => oracle[table]!.find((row) => row.n === n)!.gamma;
    const cases: [string, string, number, ('total' | undefined)?, number[]?][] = [
      ['knight', 'knight', 9], ['knight', 'knight', 10], ['knight', 'knight', 11], ['knightTotal', 'knight', 8, 'total'],
      ['queen', 'queen', 8], ['queen', 'queen', 9], ['king', 'king', 10], ['bishop', 'bishop', 7],
    ];
    for (const [table, piece, n, variant] of cases) {
      const setup = setUp(instanceOf(piece, n, variant));
      const gamma = gammaOf(table, n);
      for (const k of [gamma - 1, gamma]) {
        const front = engineOf(setup, { symmetric: true });
        front.search('find', k);
        const swept: string[] = [];
        const back = engineOf(setup, { symmetric: true, fromTheBack: 3, onSwept: (path) => swept.push(path.join('.')) });
        back.search('find', k);
        expect({ table, n, k, found: back.found !== undefined }).toEqual({ table, n, k, found: front.found !== undefined });
        if (k < gamma) {
          expect({ table, n, k, nodes: back.nodes }).toEqual({ table, n, k, nodes: front.nodes });
          // Reported last first: each path comes before the one reported before it.
          const order = swept.map((path) => path.split('.').map(Number));
          for (let i = 1; i < order.length; i++) expect(compare(order[i]!, order[i - 1]!), `${swept[i]} after ${swept[i - 1]}`).toBeLessThan(0);
        }
      }
    }
  });
});

/** Depth-first order of two paths of branch indices: negative when a comes first. */
function compare(a: readonly number[], b: readonly number[]): number {
  for (let d = 0; d < Math.min(a.length, b.length); d++) if (a[d] !== b[d]) return a[d]! - b[d]!;
  return a.length - b.length;
}
