import { Rng } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { greedyPlacement, LineBoard, randomPlacement } from '@bezzel/columns';
import { pairsOfSuspects } from './repair.js';

describe('h from the suspects', () => {
  it.each([
    ['queens', { rank: true, file: true, diagonal: true, antiDiagonal: true }],
    ['bishops', { rank: false, file: false, diagonal: true, antiDiagonal: true }],
    ['rooks', { rank: true, file: true, diagonal: false, antiDiagonal: false }],
  ])('is the attacking pairs every line counts, after any start and moves (%s)', (_, lines) => {
    for (let seed = 1; seed <= 30; seed++) {
      const rng = new Rng(seed);
      const n = 5 + (seed % 40);
      const board = new LineBoard(n, lines);
      (seed % 2 ? greedyPlacement : randomPlacement).place(board, rng);
      expect(pairsOfSuspects(board)).toBe(board.attackingPairs());
      for (let move = 0; move < 20; move++) {
        const col = rng.below(n);
        board.lift(col);
        board.put(col, rng.below(n));
        expect(pairsOfSuspects(board)).toBe(board.attackingPairs());
      }
    }
  });
});
