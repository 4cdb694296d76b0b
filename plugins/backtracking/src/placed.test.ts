import { Board, UsageError, validatePlacement, type Solution, type Task } from '@bezzel/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bezzelWith, countOf, solveChecked } from '../../../test/support/solve.js';
import { testPieceModule } from './testing/pieces.js';
import backtracking from './index.js';

const bezzel = await bezzelWith(testPieceModule, backtracking);
const placement = (n: number, goal: Task['goal'], placed?: string, piece = 'queen', k?: number): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece, ...(k === undefined ? {} : { k }) },
  goal,
  strategy: 'backtracking',
  ...(placed === undefined ? {} : { options: { placed } }),
});
const squaresOf = (s: Solution) => (s.kind === 'placement' ? s.squares : []);

describe('option placed: completing a position', () => {
  it('counts the 8-queens solutions that hold a1 (4 of the 92), and finds one that keeps the placed queens', async () => {
    const all = (await solveChecked(bezzel, placement(8, 'all'))).streamed.map(squaresOf);
    expect(countOf((await solveChecked(bezzel, placement(8, 'count', 'a1'))).result)).toBe(BigInt(all.filter((s) => s.includes(0)).length));
    expect(all.filter((s) => s.includes(0))).toHaveLength(4);
    const { result } = await solveChecked(bezzel, placement(8, 'one', 'a1-b7'));
    expect(result.status).toBe('solved');
    if (result.status === 'solved') expect(squaresOf(result.solutions[0]!)).toEqual(expect.arrayContaining([0, 49]));
  });

  it('agrees with filtering every solution, for random subsets of random solutions (queens and knights)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 4, max: 7 }), fc.constantFrom('queen', 'knight'), fc.nat(), fc.nat(), async (n, piece, pick, bits) => {
        if (piece === 'knight') n -= 2;
        const k = piece === 'queen' ? n : 3;
        const all: number[][] = [];
        await bezzel.solve(placement(n, 'all', undefined, piece, k), { onSolution: (s) => all.push([...squaresOf(s)]) });
        const chosen = all[pick % all.length]!;
        const placed = chosen.filter((_, i) => (bits >> i) & 1);
        const text = placed.map((sq) => Board.square(n).name(sq)).join('-');
        const containing = all.filter((s) => placed.every((p) => s.includes(p))).length;
        const counted = await bezzel.solve(placement(n, 'count', text, piece, k));
        expect(countOf(counted)).toBe(BigInt(containing));
        const one = (await solveChecked(bezzel, placement(n, 'one', text, piece, k))).result;
        expect(one.status).toBe('solved');
        if (one.status === 'solved') expect(squaresOf(one.solutions[0]!)).toEqual(expect.arrayContaining(placed));
      }),
      { numRuns: 25, seed: 18 },
    );
  });

  it('answers impossible, with the validator\'s words, for placed pieces that attack each other or cannot be completed', async () => {
    const clash = await bezzel.solve(placement(8, 'one', 'a1-d4'));
    expect(clash.status).toBe('impossible');
    if (clash.status === 'impossible') expect(clash.reason).toContain('a1 and d4 share a diagonal');
    // a1 and b3 do not attack each other, but no 4-queens solution holds a1.
    const stuck = await bezzel.solve(placement(4, 'one', 'a1'));
    expect(stuck.status).toBe('impossible');
    if (stuck.status === 'impossible') expect(stuck.reason).toMatch(/no 3 more queens fit beside the 1 placed/);
    expect(validatePlacement(Board.square(4), bezzel.piece('queen')!, [0]).valid).toBe(true);
  });

  it('is refused, in one line, for a tour, for count-fundamental and for a square off the board', async () => {
    const tour: Task = { problem: { kind: 'tour', board: { width: 5, height: 5 }, piece: 'knight' }, goal: 'one', strategy: 'backtracking', options: { placed: 'a1' } };
    await expect(bezzel.solve(tour)).rejects.toThrow(UsageError);
    await expect(bezzel.solve(placement(8, 'count-fundamental', 'a1'))).rejects.toThrow(/count-fundamental does not take it/);
    await expect(bezzel.solve(placement(8, 'one', 'a1-z9'))).rejects.toThrow(/^placed "a1-z9" is not pieces on the board/);
  });
});
