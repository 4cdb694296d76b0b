import { Rng } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { greedyPlacement, LineBoard, randomPlacement } from '@bezzel/columns';
import { leastAttackedByScan, leastAttackedQuickly } from './repair.js';

const queenLines = { rank: true, file: true, diagonal: true, antiDiagonal: true };
const bishopLines = { rank: false, file: false, diagonal: true, antiDiagonal: true };

/** The rows the full scan can choose: every row with the fewest conflicts. */
function tieSet(board: LineBoard, col: number): Set<number> {
  const conflicts = Array.from({ length: board.n }, (_, row) => board.conflictsAt(col, row));
  const best = Math.min(...conflicts);
  return new Set(conflicts.flatMap((c, row) => (c === best ? [row] : [])));
}

describe('choosing the least attacked row', () => {
  it.each([
    ['queens', queenLines],
    ['bishops', bishopLines],
  ])('the shortcut draws from exactly the rows the full scan ties on, each of them (%s)', (_, lines) => {
    let shortcuts = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const rng = new Rng(seed);
      const board = new LineBoard(60, lines);
      (seed % 2 ? greedyPlacement : randomPlacement).place(board, rng);
      board.trackFreeRanks();
      const col = rng.below(60);
      board.lift(col);
      const ties = tieSet(board, col);
      const scratch = new Int32Array(60);
      const seen = new Set<number>();
      for (let i = 0; i < 400; i++) {
        const byScan = leastAttackedByScan(board, col, rng, scratch);
        expect(ties.has(byScan)).toBe(true);
        const quick = leastAttackedQuickly(board, col, rng, scratch);
        if (quick < 0) continue;
        expect(ties.has(quick), `seed ${seed}: row ${quick}`).toBe(true);
        seen.add(quick);
      }
      if (seen.size > 0) {
        shortcuts++;
        expect(seen).toEqual(ties);
      }
    }
    expect(shortcuts).toBeGreaterThan(10);
  });

  it('keeps the list of empty ranks exact through moves', () => {
    const rng = new Rng(3);
    const board = new LineBoard(40, queenLines);
    randomPlacement.place(board, rng);
    board.trackFreeRanks();
    for (let step = 0; step < 500; step++) {
      const col = rng.below(40);
      board.lift(col);
      board.put(col, rng.below(40));
      const empty = [...Array(40).keys()].filter((row) => board.rankCount[row] === 0);
      expect([...board.freeRanks!.subarray(0, board.freeCount)].sort((a, b) => a - b)).toEqual(empty);
    }
  });
});
