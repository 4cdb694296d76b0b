import type { Rng, StrategyPart } from '@bezzel/core';
import { explicitQueens } from '@bezzel/formula';
import type { LineBoard } from './line-board';

export const INITIAL_PLACEMENT = 'initial-placement';

/** How local search starts: fills every column of an empty board. A part, so a course can swap it. */
export interface InitialPlacement extends StrategyPart {
  readonly kind: typeof INITIAL_PLACEMENT;
  place(board: LineBoard, rng: Rng): void;
}

/** A uniformly random row in each column: the textbook start, with about a third of the pieces in conflict. */
export const randomPlacement: InitialPlacement = {
  kind: INITIAL_PLACEMENT,
  id: 'random',
  description: 'a random row in each column',
  place(board, rng) {
    for (let col = 0; col < board.n; col++) board.put(col, rng.below(board.n));
  },
};

/** Candidate rows looked at per column: enough that a free square is almost always among them. */
const GREEDY_SAMPLES = 64;

/**
 * Minton's greedy start, randomised: each column takes the row with the fewest conflicts so far among a
 * bounded sample of the rows no piece uses yet, stopping at the first free one. Looking at every row would
 * be O(n²); the sample keeps it near O(n) and leaves a million-piece board with only a handful of conflicts.
 */
export const greedyPlacement: InitialPlacement = {
  kind: INITIAL_PLACEMENT,
  id: 'greedy',
  description: 'each column takes the least attacked of a few unused rows, drawn at random',
  place(board, rng) {
    const n = board.n;
    const { diagonalCount, antiCount } = board;
    const unused = new Int32Array(n);
    for (let i = 0; i < n; i++) unused[i] = i;
    let left = n;
    for (let col = 0; col < n; col++) {
      let bestAt = 0;
      let best = Infinity;
      const tries = left < GREEDY_SAMPLES ? left : GREEDY_SAMPLES;
      for (let t = 0; t < tries; t++) {
        const at = rng.below(left);
        const row = unused[at]!;
        // An unused row has no piece on its rank, so only the diagonals are read: each read is a cache miss on big boards.
        const conflicts = diagonalCount[row - col + n - 1]! + antiCount[row + col]!;
        if (conflicts < best) {
          best = conflicts;
          bestAt = at;
          if (conflicts === 0) break;
        }
      }
      board.put(col, unused[bestAt]!);
      unused[bestAt] = unused[--left]!;
    }
  },
};

/** The explicit n-queens list (a solution for n ≥ 4): nothing left to repair, for comparison. */
export const formulaPlacement: InitialPlacement = {
  kind: INITIAL_PLACEMENT,
  id: 'formula',
  description: 'the explicit n-queens construction (already a solution for queens, rooks and bishops when n ≥ 4)',
  place(board) {
    const rows = explicitQueens(board.n);
    for (let col = 0; col < board.n; col++) board.put(col, rows[col]!);
  },
};

export const initialPlacements: readonly InitialPlacement[] = [randomPlacement, greedyPlacement, formulaPlacement];
