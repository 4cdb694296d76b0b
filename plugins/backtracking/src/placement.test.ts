import { Board, type BoardSpec, type Task } from '@bezzel/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bezzelWith, countOf, solveChecked } from '../../../test/support/solve.js';
import backtracking from './index.js';
import { bruteForce } from './testing/brute-force.js';
import { testPieceModule, testPieces } from './testing/pieces.js';

const bezzel = await bezzelWith(testPieceModule, backtracking);
const square = (n: number): BoardSpec => ({ width: n, height: n });
const task = (board: BoardSpec, piece: string, k: number | undefined, goal: Task['goal'], extra: Partial<Task> = {}): Task => ({
  problem: { kind: 'placement', board, piece, ...(k === undefined ? {} : { k }) },
  goal,
  strategy: 'backtracking',
  ...extra,
});

/** Solves every goal and checks them against the brute force and against each other. */
async function expectAgreesWithBruteForce(board: BoardSpec, piece: string, k: number): Promise<void> {
  const expected = bruteForce(new Board(board), bezzel.piece(piece)!, k);
  const what = `${k} ${piece}s on ${JSON.stringify(board)}`;
  const fundamental = (await solveChecked(bezzel, task(board, piece, k, 'count-fundamental'))).result;
  expect(fundamental.status, what).toBe('complete');
  if (fundamental.status !== 'complete') return;
  expect(fundamental.count, what).toBe(BigInt(expected.count));
  expect(fundamental.fundamental, what).toBe(BigInt(expected.fundamental));

  const { result: all, streamed } = await solveChecked(bezzel, task(board, piece, k, 'all'));
  expect(countOf(all), what).toBe(BigInt(expected.count));
  expect(streamed.length, what).toBe(expected.count);
  const distinct = new Set(streamed.map((s) => (s.kind === 'placement' ? [...s.squares].sort((a, b) => a - b).join(',') : '')));
  expect(distinct.size, what).toBe(expected.count);

  const { result: one } = await solveChecked(bezzel, task(board, piece, k, 'one'));
  expect(one.status, what).toBe(expected.count > 0 ? 'solved' : 'impossible');
  if (one.status === 'impossible') expect(one.proof).toBe('exhausted');
}

describe('backtracking placement', () => {
  it('counts n! rooks on n×n, row by row', async () => {
    let factorial = 1n;
    for (let n = 1; n <= 7; n++) {
      factorial *= BigInt(n);
      const { result } = await solveChecked(bezzel, task(square(n), 'rook', undefined, 'count'));
      expect(countOf(result)).toBe(factorial);
      expect(result.stats.extra?.mode).toBe('row by row');
    }
  });

  it('agrees with a brute force over every subset for kings, bishops, knights, fairy pieces and a custom rule', async () => {
    const cases: [BoardSpec, string, number][] = [
      [square(4), 'king', 4],
      [square(4), 'king', 3],
      [square(4), 'bishop', 6],
      [square(4), 'bishop', 4],
      [square(3), 'bishop', 3],
      [square(4), 'queen', 4],
      [square(4), 'knight', 8],
      [square(4), 'nightrider', 5],
      [square(4), 'camel', 8],
      [square(4), 'short-rook', 4],
      [square(4), 'pawn', 8],
      [{ width: 3, height: 6 }, 'queen', 3],
      [{ width: 5, height: 3 }, 'rook', 3],
      [{ width: 5, height: 4 }, 'knight', 7],
      [{ width: 2, height: 7 }, 'king', 4],
      [square(4), 'slanter', 6],
      [{ width: 4, height: 3 }, 'slanter', 5],
    ];
    for (const [board, piece, k] of cases) await expectAgreesWithBruteForce(board, piece, k);
  });

  it('agrees with the brute force on boards with removed squares', async () => {
    const cases: [BoardSpec, string, number][] = [
      // A removed square splits a rank, so two rooks may share it: no row-by-row search here.
      [{ width: 4, height: 4, removed: [1, 6, 13] }, 'rook', 4],
      [{ width: 4, height: 4, removed: [5, 6, 9, 10] }, 'queen', 4],
      [{ width: 4, height: 4, removed: [0, 15] }, 'bishop', 5],
      [{ width: 5, height: 4, removed: [7, 12] }, 'knight', 8],
      [{ width: 4, height: 4, removed: [0, 3, 12, 15] }, 'king', 3],
    ];
    for (const [board, piece, k] of cases) await expectAgreesWithBruteForce(board, piece, k);
  });

  it('matches the brute force on random small boards, pieces and k (property-based, seeded)', async () => {
    const boardArb = fc
      .record({ width: fc.integer({ min: 1, max: 4 }), height: fc.integer({ min: 1, max: 4 }), torus: fc.boolean() })
      .chain(({ width, height, torus }) =>
        fc.record({
          width: fc.constant(width),
          height: fc.constant(height),
          torus: fc.constant(torus),
          removed: fc.uniqueArray(fc.integer({ min: 0, max: width * height - 1 }), { maxLength: Math.floor((width * height) / 3) }),
        }),
      );
    await fc.assert(
      fc.asyncProperty(boardArb, fc.constantFrom(...testPieces.map((p) => p.id)), fc.integer({ min: 0, max: 6 }), async (spec, piece, kWanted) => {
        const board = new Board(spec);
        const k = Math.min(kWanted, board.playable);
        const expected = bruteForce(board, bezzel.piece(piece)!, k);
        const result = await bezzel.solve(task(spec, piece, k, 'count-fundamental'));
        expect(result.status).toBe('complete');
        if (result.status !== 'complete') return;
        expect(result.count).toBe(BigInt(expected.count));
        expect(result.fundamental).toBe(BigInt(expected.fundamental));
      }),
      { seed: 20261122, numRuns: 150 },
    );
  });

  it('says impossible, having searched everything, when nothing fits', async () => {
    const { result } = await solveChecked(bezzel, task(square(3), 'queen', 3, 'one'));
    expect(result.status).toBe('impossible');
    if (result.status === 'impossible') {
      expect(result.proof).toBe('exhausted');
      expect(result.reason).toMatch(/tried every placement/);
    }
    const count = await bezzel.solve(task(square(3), 'queen', 3, 'count-fundamental'));
    expect(count.status === 'complete' && [count.count, count.fundamental]).toEqual([0n, 0n]);
  });

  it('places zero pieces in exactly one way', async () => {
    const { result } = await solveChecked(bezzel, task(square(3), 'knight', 0, 'count'));
    expect(countOf(result)).toBe(1n);
  });

  it('stops on the step budget, saying so, with the count so far', async () => {
    const result = await bezzel.solve(task(square(10), 'queen', undefined, 'count', { budget: { maxSteps: 5000 } }));
    expect(result.status).toBe('budget');
    if (result.status !== 'budget') return;
    expect(result.exhausted).toBe('steps');
    expect(result.stats.nodes).toBe(5000);
    expect(result.partial?.count).toBeGreaterThanOrEqual(0n);
    // 5000 of the 35,538 nodes of a full 10-queens count: about a seventh (the estimate says 0.17).
    expect(result.partial?.coverage).toBeGreaterThan(0.02);
    expect(result.partial?.coverage).toBeLessThan(0.5);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await bezzel.solve(task(square(10), 'queen', undefined, 'count'), { signal: controller.signal });
    expect(result.status).toBe('aborted');
  });

  it('declines a board whose conflict table would not fit, with the reason', () => {
    const instance = bezzel.instantiate(task(square(20_000), 'queen', 3, 'count'));
    expect(instance.ok).toBe(true);
    if (!instance.ok) return;
    const support = bezzel.strategy('backtracking')!.supports(instance.value);
    expect(support.ok).toBe(false);
    if (!support.ok) expect(support.reason).toMatch(/conflict table/);
  });
});
