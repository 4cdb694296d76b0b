import backtracking from '@bezzel/backtracking';
import classic from '@bezzel/classic';
import { Board, createBezzel, mapSquare, symmetryGroup, validateTour, type Solution, type Task } from '@bezzel/core';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import { describe, expect, it } from 'vitest';
import { solutionClasses } from './solution-classes.js';

const bezzel = await createBezzel({ plugins: [queen, knight, classic, backtracking] });
async function all(task: Omit<Task, 'goal' | 'strategy'>): Promise<Solution[]> {
  const solutions: Solution[] = [];
  await bezzel.solve({ ...task, goal: 'all', strategy: 'backtracking' }, { onSolution: (s) => solutions.push(s) });
  return solutions;
}
const placement = (piece: string, width: number, height: number, k?: number) => ({
  problem: { kind: 'placement' as const, board: { width, height }, piece, ...(k === undefined ? {} : { k }) },
});

describe('solutionClasses', () => {
  it('groups the 92 solutions of 8 queens into 12 classes: eleven of 8 and one of 4', async () => {
    const solutions = await all(placement('queen', 8, 8));
    const classes = solutionClasses(Board.square(8), bezzel.piece('queen')!, solutions);
    expect(classes).toHaveLength(12);
    expect(classes.map((c) => c.members.length).sort()).toEqual([4, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
    expect(new Set(classes.flatMap((c) => c.members.map((m) => m.index))).size).toBe(92);
    // The symmetric class: each member is made by two of the eight symmetries.
    const small = classes.find((c) => c.members.length === 4)!;
    for (const m of small.members) expect(m.symmetries).toHaveLength(2);
    expect(small.members[0]!.symmetries).toContain('identity');
  });

  it('agrees with the strategy\'s fundamental count for other pieces and boards', async () => {
    for (const [piece, w, h, k] of [['queen', 6, 6, undefined], ['queen', 7, 7, undefined], ['knight', 4, 4, 5], ['rook', 4, 3, 3], ['king', 4, 4, 4], ['bishop', 4, 4, 6]] as const) {
      const task = placement(piece, w, h, k);
      const counted = await bezzel.solve({ ...task, goal: 'count-fundamental', strategy: 'backtracking' });
      const classes = solutionClasses(new Board({ width: w, height: h }), bezzel.piece(piece)!, await all(task));
      expect(BigInt(classes.length), `${piece} ${w}×${h}`).toBe(counted.status === 'complete' ? counted.fundamental : -1n);
    }
  });

  it('labels each tour of a class with symmetries that really carry the first tour onto it', async () => {
    const board = Board.square(5);
    const knightPiece = bezzel.piece('knight')!;
    const tours = await all({ problem: { kind: 'tour', board: { width: 5, height: 5 }, piece: 'knight', start: 12 } });
    const classes = solutionClasses(board, knightPiece, tours);
    expect(classes.reduce((n, c) => n + c.members.length, 0)).toBe(tours.length);
    expect(classes.length).toBeLessThan(tours.length);
    const group = symmetryGroup(board, knightPiece.movement);
    for (const c of classes) {
      const first = c.members[0]!.solution;
      for (const m of c.members) {
        expect(m.symmetries.length).toBeGreaterThan(0);
        for (const name of m.symmetries) {
          const s = group.find((g) => g.name === name)!;
          const path = first.kind === 'tour' ? Array.from(first.path, (sq) => mapSquare(board, s, sq)) : [];
          expect(path).toEqual(m.solution.kind === 'tour' ? Array.from(m.solution.path) : []);
          expect(validateTour(board, knightPiece, path, { start: 12 }).valid).toBe(true);
        }
      }
    }
  });
});
