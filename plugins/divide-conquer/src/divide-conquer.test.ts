import backtracking from '@bezzel/backtracking';
import { Board, leaper, pluginModule, type Task } from '@bezzel/core';
import knight from '@bezzel/knight';
import warnsdorff from '@bezzel/warnsdorff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bezzelWith, solveChecked } from '../../../test/support/solve.js';
import divideConquer from './index.js';
import { evenParts, oddSplits } from './partition.js';

const zebra = pluginModule({ pieces: [{ id: 'zebra', name: 'zebra', symbols: { unicode: 'Z', ascii: 'Z' }, movement: leaper(2, 3) }] });
const bezzel = await bezzelWith(knight, divideConquer, warnsdorff, backtracking, zebra);

const tour = (width: number, height: number, closed: boolean, start?: number, strategy = 'divide-conquer'): Task => ({
  problem: { kind: 'tour', board: { width, height }, piece: 'knight', closed, start },
  goal: 'one',
  strategy,
  seed: 1,
});

async function solved(task: Task): Promise<Int32Array> {
  const { result } = await solveChecked(bezzel, task);
  expect(result.status, `${JSON.stringify(task.problem)}: ${JSON.stringify((result as { partial?: unknown }).partial)}`).toBe('solved');
  const s = result.status === 'solved' ? result.solutions[0] : undefined;
  return s?.kind === 'tour' ? s.path : new Int32Array();
}

describe('divide-conquer', () => {
  it('builds closed tours on every even n from 6 to 60, re-checked by the validator with closed: true', async () => {
    for (let n = 6; n <= 60; n += 2) expect(await solved(tour(n, n, true))).toHaveLength(n * n);
  });

  it.each([
    [6, 8],
    [8, 10],
    [10, 12],
    [5, 6],
    [7, 10],
    [9, 12],
    [12, 7],
    [11, 30],
    [33, 26],
    [5, 40],
  ])('builds a closed tour on %i×%i', async (width, height) => {
    expect(await solved(tour(width, height, true))).toHaveLength(width * height);
  });

  it('gives open tours from any start square by rotating the cycle', async () => {
    const board = new Board({ width: 10, height: 14 });
    for (const start of [0, 9, board.at(13, 0), board.at(13, 9), board.at(6, 4), board.at(1, 2)]) {
      const path = await solved(tour(10, 14, false, start));
      expect(path[0]).toBe(start);
    }
  });

  it('gives open tours on boards with both sides odd from squares of the larger colour', async () => {
    for (const [w, h] of [
      [5, 5],
      [7, 9],
      [13, 13],
      [21, 15],
      [31, 31],
    ] as const) {
      const board = new Board({ width: w, height: h });
      for (const start of [0, board.at(h - 1, w - 1), board.at((h - 1) / 2, (w - 1) / 2), board.at(2, 4), board.at(h - 2, 1)]) {
        if (board.colour(start) !== 0) continue;
        expect((await solved(tour(w, h, false, start)))[0]).toBe(start);
      }
    }
  });

  it('answers random boards from 5 to 40 a side, open or closed, from random starts (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 5, max: 40 }), fc.integer({ min: 5, max: 40 }), fc.boolean(), fc.nat(), async (w, h, closed, seed) => {
        const start = closed && seed % 2 === 0 ? undefined : seed % (w * h);
        const { result } = await solveChecked(bezzel, tour(w, h, closed, start));
        const bothOdd = w % 2 === 1 && h % 2 === 1;
        const minority = start !== undefined && (Math.floor(start / w) + (start % w)) % 2 === 1;
        // Theory rules out exactly these; every other board is built (and re-checked by solveChecked).
        expect(result.status).toBe(bothOdd && (closed || minority) ? 'impossible' : 'solved');
      }),
      { seed: 5, numRuns: 80 },
    );
  });

  it('splits sides into blocks that add up, with the odd block over the start square', () => {
    for (let side = 6; side <= 200; side += 2) expect(evenParts(side)!.reduce((s, p) => s + p, 0)).toBe(side);
    for (let side = 13; side <= 101; side += 2) {
      for (let cover = 0; cover < side; cover++) {
        const split = oddSplits(side, cover)[0]!;
        const before = split.parts.slice(0, split.oddIndex).reduce((s, p) => s + p, 0);
        expect(split.parts.reduce((s, p) => s + p, 0)).toBe(side);
        expect(cover >= before && cover < before + split.parts[split.oddIndex]!).toBe(true);
      }
    }
  });

  it('covers 1000×1000 closed, 1000×1003 closed and 999×1000 open', async () => {
    expect(await solved(tour(1000, 1000, true))).toHaveLength(1_000_000);
    expect(await solved(tour(1000, 1003, true))).toHaveLength(1_003_000);
    expect(await solved(tour(999, 1000, false, 123_456))).toHaveLength(999_000);
  });

  it('falls back to Warnsdorff on boards narrower than its blocks, and to a search for closed 3×n tours', async () => {
    const path = await solved(tour(4, 7, false, 0));
    expect(path).toHaveLength(28);
    for (const n of [10, 12, 20]) expect((await solved(tour(n, 3, true, 4)))[0]).toBe(4);
  });

  it('gets open tours on 4×n boards from the outer ranks, and the Solver proves inner starts impossible', async () => {
    for (const n of [5, 9, 16]) {
      expect((await solved(tour(n, 4, false, n - 1)))[0]).toBe(n - 1);
      const inner = await bezzel.solve(tour(n, 4, false, n + 2));
      expect(inner).toMatchObject({ status: 'impossible', proof: 'theorem' });
      expect(inner.status === 'impossible' && inner.reason).toMatch(/must start on an outer rank/);
    }
  });

  it('declines pieces other than the knight, with the reason', async () => {
    const task: Task = { problem: { kind: 'tour', board: { width: 8, height: 8 }, piece: 'zebra' }, goal: 'one', strategy: 'divide-conquer' };
    await expect(bezzel.solve(task)).rejects.toThrow(/a zebra is not a knight/);
  });

  it('answers every start square of every board from 5×5 to 12×12 with a tour or a proof of impossibility', async () => {
    const answers = { solved: 0, impossible: 0 };
    for (let n = 5; n <= 12; n++) {
      for (let start = 0; start < n * n; start++) {
        const { result } = await solveChecked(bezzel, { ...tour(n, n, false, start), strategy: 'auto' });
        expect(['solved', 'impossible']).toContain(result.status);
        if (result.status === 'solved' || result.status === 'impossible') answers[result.status]++;
        if (result.status === 'solved') expect(result.solutions[0]!.kind === 'tour' && result.solutions[0]!.path[0]).toBe(start);
      }
    }
    // The squares of the smaller colour on 5×5, 7×7, 9×9 and 11×11 (12 + 24 + 40 + 60) have no tour.
    expect(answers).toEqual({ solved: 620 - 136, impossible: 136 });
  });

  it('agrees with depth-first search on which starts of 5×5 … 7×7 and 6×8 have tours, open and closed', async () => {
    for (const [w, h] of [
      [5, 5],
      [6, 6],
      [7, 7],
      [6, 8],
    ] as const) {
      for (const closed of [false, true]) {
        for (let start = 0; start < w * h; start += closed ? 7 : 1) {
          const ours = (await solveChecked(bezzel, tour(w, h, closed, start))).result;
          const dfs = (await solveChecked(bezzel, { ...tour(w, h, closed, start), strategy: 'backtracking' })).result;
          expect(ours.status, `${w}×${h} from ${start}${closed ? ' closed' : ''}`).toBe(dfs.status);
        }
      }
    }
  });

  it('is what auto picks for a large knight board', async () => {
    const { result } = await solveChecked(bezzel, { ...tour(200, 200, true), strategy: 'auto' });
    expect(result.strategy).toBe('divide-conquer');
  });
});
