import { Board, type BoardSpec, type Result, type SubTask, type Task } from '@bezzel/core';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bezzelWith, countOf } from '../../../test/support/solve.js';
import backtrackingModule, { backtracking } from './index.js';
import { bruteForceTours } from './testing/brute-tours.js';
import { testPieceModule } from './testing/pieces.js';

const bezzel = await bezzelWith(testPieceModule, backtrackingModule);
const oracle = JSON.parse(readFileSync(new URL('../../../test/oracles/tours.json', import.meta.url), 'utf8')) as {
  directedOpen: { board: string; count: number }[];
  undirectedClosed: { board: string; count: number | string }[];
};

const tour = (board: BoardSpec, piece = 'knight', extra: { closed?: boolean; start?: number; options?: Task['options'] } = {}): Task => ({
  problem: { kind: 'tour', board, piece, ...(extra.closed ? { closed: true } : {}), ...(extra.start === undefined ? {} : { start: extra.start }) },
  goal: 'count',
  strategy: 'backtracking',
  budget: { maxTimeMs: 600_000 },
  ...(extra.options ? { options: extra.options } : {}),
});

/** A count, reading a theorem's "impossible" as 0. */
const countOrZero = (result: Result): bigint => (result.status === 'impossible' && result.proof === 'theorem' ? 0n : countOf(result));

/** The count as a pool would add it up: every sub-task solved alone, times its weight. */
async function splitCount(task: Task, parts: number): Promise<bigint> {
  const instance = bezzel.instantiate(task);
  if (!instance.ok) throw instance.error;
  const subTasks: SubTask[] = backtracking.split!(instance.value, parts)!;
  let sum = 0n;
  for (const { task: sub, weight } of subTasks) sum += BigInt(weight) * countOrZero(await bezzel.solve(sub));
  return sum;
}

describe('open tour counts: each tour walked once, its reversal counted by symmetry', () => {
  it('give the directed count of the plain search and half of it undirected, with fewer moves, on a sweep of boards and pieces', async () => {
    const cases: [BoardSpec, string][] = [
      [{ width: 3, height: 4 }, 'knight'],
      [{ width: 4, height: 5 }, 'knight'],
      [{ width: 5, height: 4 }, 'knight'],
      [{ width: 5, height: 5 }, 'knight'],
      [{ width: 3, height: 7 }, 'knight'],
      [{ width: 4, height: 6 }, 'knight'],
      [{ width: 5, height: 5, removed: [12] }, 'knight'],
      [{ width: 5, height: 4, removed: [0, 19] }, 'knight'],
      [{ width: 5, height: 4, removed: [1] }, 'knight'],
      [{ width: 4, height: 4, removed: [5, 10] }, 'king'],
      [{ width: 3, height: 3 }, 'king'],
      [{ width: 4, height: 3 }, 'king'],
      [{ width: 5, height: 5 }, 'camel'],
      [{ width: 3, height: 3, torus: true }, 'knight'],
      [{ width: 4, height: 4, torus: true }, 'knight'],
      [{ width: 2, height: 3, torus: true }, 'king'],
      [{ width: 4, height: 4 }, 'slanter'],
    ];
    let nonZero = 0;
    for (const [spec, piece] of cases) {
      const what = `${piece} on ${JSON.stringify(spec)}`;
      const plain = await bezzel.solve(tour(spec, piece, { options: { reversal: false } }));
      const directed = await bezzel.solve(tour(spec, piece));
      const undirected = await bezzel.solve(tour(spec, piece, { options: { direction: 'undirected' } }));
      const count = countOrZero(plain);
      expect(countOrZero(directed), what).toBe(count);
      expect(2n * countOrZero(undirected), what).toBe(count);
      if (new Board(spec).playable <= 12 && !bezzel.piece(piece)!.attacks) {
        expect(count, `${what}: brute force`).toBe(BigInt(bruteForceTours(new Board(spec), bezzel.piece(piece)!.movement.leaps, false)));
      }
      if (plain.status === 'complete') {
        expect(directed.stats.nodes, what).toBeLessThanOrEqual(plain.stats.nodes);
        expect(directed.stats.extra, what).toMatchObject({ counted: 'directed', reversal: 'each tour walked once' });
        expect(undirected.stats.extra, what).toMatchObject({ counted: 'undirected' });
      }
      // Split into sub-tasks, the weighted counts add up the same way.
      expect(await splitCount(tour(spec, piece), 7), `${what}: split`).toBe(count);
      expect(2n * (await splitCount(tour(spec, piece, { options: { direction: 'undirected' } }), 7)), `${what}: split undirected`).toBe(count);
      if (count > 0n) nonZero++;
    }
    expect(nonZero).toBeGreaterThan(10);
  });

  it('count 1728 directed and 864 undirected open tours of 5×5 (OEIS A165134), walking about 40% of the moves', async () => {
    const published = BigInt(oracle.directedOpen.find((r) => r.board === '5x5')!.count);
    const plain = await bezzel.solve(tour({ width: 5, height: 5 }, 'knight', { options: { reversal: false } }));
    const directed = await bezzel.solve(tour({ width: 5, height: 5 }));
    const undirected = await bezzel.solve(tour({ width: 5, height: 5 }, 'knight', { options: { direction: 'undirected' } }));
    expect([countOf(plain), countOf(directed), countOf(undirected)]).toEqual([published, published, published / 2n]);
    expect(directed.stats.nodes / plain.stats.nodes).toBeLessThan(0.6);
  });

  it('count 6,637,920 directed and 3,318,960 undirected open tours of 6×6 in under half the moves', async () => {
    const published = BigInt(oracle.directedOpen.find((r) => r.board === '6x6')!.count);
    const undirected = await bezzel.solve(tour({ width: 6, height: 6 }, 'knight', { options: { direction: 'undirected' } }));
    expect(countOf(undirected)).toBe(published / 2n);
    // The plain search walks 61,064,425 moves (every directed path); once each, 27,047,328.
    expect(undirected.stats.nodes).toBeLessThan(61_064_425 / 2);
  }, 120_000);

  it('leave counts from a given start as they were, and count closed tours directed as twice the cycles', async () => {
    expect(countOf(await bezzel.solve(tour({ width: 5, height: 5 }, 'knight', { start: 0 })))).toBe(304n);
    expect(countOf(await bezzel.solve(tour({ width: 5, height: 5 }, 'knight', { start: 0, options: { direction: 'undirected' } })))).toBe(304n);
    const cycles = BigInt(oracle.undirectedClosed.find((r) => r.board === '6x6')!.count);
    expect(countOf(await bezzel.solve(tour({ width: 6, height: 6 }, 'knight', { closed: true })))).toBe(cycles);
    expect(countOf(await bezzel.solve(tour({ width: 6, height: 6 }, 'knight', { closed: true, options: { direction: 'directed' } })))).toBe(2n * cycles);
    expect(await splitCount(tour({ width: 6, height: 6 }, 'knight', { closed: true, options: { direction: 'directed' } }), 8)).toBe(2n * cycles);
  });

  it('refuses to count one-way tours undirected, and counts them directed as before', async () => {
    const oneWay = { width: 4, height: 4 };
    expect(countOrZero(await bezzel.solve(tour(oneWay, 'turner')))).toBe(countOrZero(await bezzel.solve(tour(oneWay, 'turner', { options: { reversal: false } }))));
    await expect(bezzel.solve(tour(oneWay, 'turner', { options: { direction: 'undirected' } }))).rejects.toThrow(/direction=undirected needs moves that can be walked back/);
  });
});
