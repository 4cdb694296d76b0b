import { Board, Rng, validatePlacement } from '@bezzel/core';
import { bishop, rook } from '@bezzel/classic';
import { queen } from '@bezzel/queen';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { greedyPlacement, randomPlacement } from './initial.js';
import { LineBoard } from './line-board.js';
import { columnProblem, lineFamilies, type LineFamilies } from './lines.js';

/** Pairs of pieces sharing a ridden line, pair by pair: the definition the counters must agree with. */
function pairsSharingALine(rows: ArrayLike<number>, lines: LineFamilies): number {
  let pairs = 0;
  for (let a = 0; a < rows.length; a++) {
    for (let b = a + 1; b < rows.length; b++) {
      const [ra, rb] = [rows[a]!, rows[b]!];
      if ((lines.rank && ra === rb) || (lines.diagonal && ra - a === rb - b) || (lines.antiDiagonal && ra + a === rb + b)) pairs++;
    }
  }
  return pairs;
}

const pieces = [queen, rook, bishop];

describe('the column model', () => {
  it('keeps its line counters equal to the pairs counted one by one, through any start and moves', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 2 }), fc.integer(), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 30 }), (n, which, seed, moves) => {
        const piece = pieces[which]!;
        const lines = lineFamilies(piece) as LineFamilies;
        const board = new LineBoard(n, lines);
        const rng = new Rng(seed);
        (seed % 2 ? greedyPlacement : randomPlacement).place(board, rng);
        for (const [col, row] of moves) {
          board.lift(col % n);
          board.put(col % n, row % n);
        }
        expect(board.attackingPairs()).toBe(pairsSharingALine(board.rows, lines));
        // A free square's count is the pieces on its lines; h = 0 exactly when the core's validator says valid.
        const report = validatePlacement(new Board({ width: n, height: n }), piece, board.squares(), n);
        expect(report.valid).toBe(board.attackingPairs() === 0);
        for (let col = 0; col < n; col++) expect(board.isConflicted(col)).toBe(report.conflicts.some((c) => c.a % n === col || c.b % n === col));
      }),
    );
  });

  it('reads the line families from the movement, and says why a piece or a board is not one', () => {
    expect(lineFamilies(queen)).toEqual({ rank: true, file: true, diagonal: true, antiDiagonal: true });
    expect(lineFamilies(bishop)).toEqual({ rank: false, file: false, diagonal: true, antiDiagonal: true });
    const instance = (width: number, k: number) => ({ kind: 'placement', board: new Board({ width, height: 8 }), k, piece: queen }) as never;
    expect(columnProblem(instance(8, 7))).toEqual({ reason: 'it places exactly one piece per column: k must be 8, not 7' });
    expect(columnProblem(instance(9, 9))).toMatchObject({ reason: expect.stringMatching(/^it places one piece per column on a square board/) });
  });
});
