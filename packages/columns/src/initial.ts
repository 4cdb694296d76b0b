import type { Rng, StrategyPart } from '@bezzel/core';
import type { LineBoard } from './line-board.js';

/** The part kind of initial placements, as strategies' `initial` options name it. */
export const INITIAL_PLACEMENT = 'initial-placement';

/** How local search starts: fills every column of an empty board. A part, so a course can swap it. */
export interface InitialPlacement extends StrategyPart {
  /** Always {@link INITIAL_PLACEMENT}. */
  readonly kind: typeof INITIAL_PLACEMENT;
  /** Puts one piece in each column of the empty board (`board.put(col, row)` for each), with `rng` for any choice. */
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
 *
 * On big boards the time goes into cache misses, so the sampling reads small copies: a bit per rank and per
 * diagonal (is anything on it), 1/32 of the counters' size. While most ranks are free, rows
 * are drawn from all n and used ones redrawn; only the last eighth is drawn from an explicit list.
 */
export const greedyPlacement: InitialPlacement = {
  kind: INITIAL_PLACEMENT,
  id: 'greedy',
  description: 'each column takes the least attacked of a few unused rows, drawn at random',
  place(board, rng) {
    const n = board.n;
    const { diagonal, antiDiagonal } = board.lines;
    const rankUsed = new Int32Array((n >>> 5) + 1);
    const diagonalUsed = new Int32Array(((2 * n) >>> 5) + 1);
    const antiUsed = new Int32Array(((2 * n) >>> 5) + 1);
    const take = (col: number, row: number) => {
      board.put(col, row);
      rankUsed[row >>> 5]! |= 1 << (row & 31);
      const d = row - col + n - 1;
      const a = row + col;
      if (diagonal) diagonalUsed[d >>> 5]! |= 1 << (d & 31);
      if (antiDiagonal) antiUsed[a >>> 5]! |= 1 << (a & 31);
    };
    const attacked = (col: number, row: number) => {
      const d = row - col + n - 1;
      const a = row + col;
      return ((diagonalUsed[d >>> 5]! >>> (d & 31)) & 1) + ((antiUsed[a >>> 5]! >>> (a & 31)) & 1);
    };

    // Candidate rows are drawn by scaling a 32-bit draw, without Rng.below's two float remainders per call:
    // the bias (at most one part in 2³² / n, 0.2% at ten million) does not matter for picking candidates.
    const scale = n / 0x100000000;
    const switchAt = n - (n >>> 3);
    let col = 0;
    for (; col < switchAt; col++) {
      let bestRow = -1;
      let best = 3;
      for (let t = 0; t < GREEDY_SAMPLES && best > 0; t++) {
        let row: number;
        do row = (rng.nextU32() * scale) | 0;
        while ((rankUsed[row >>> 5]! >>> (row & 31)) & 1);
        const conflicts = attacked(col, row);
        if (conflicts < best) {
          best = conflicts;
          bestRow = row;
        }
      }
      take(col, bestRow);
    }

    const unused = new Int32Array(n - col);
    let left = 0;
    for (let row = 0; row < n; row++) if (!((rankUsed[row >>> 5]! >>> (row & 31)) & 1)) unused[left++] = row;
    for (; col < n; col++) {
      let bestAt = 0;
      let best = 3;
      const tries = left < GREEDY_SAMPLES ? left : GREEDY_SAMPLES;
      for (let t = 0; t < tries && best > 0; t++) {
        const at = rng.below(left);
        const conflicts = attacked(col, unused[at]!);
        if (conflicts < best) {
          best = conflicts;
          bestAt = at;
        }
      }
      take(col, unused[bestAt]!);
      unused[bestAt] = unused[--left]!;
    }
  },
};

/** The starts every column search has; `formula` comes with @bezzel/formula, which registers it under this kind. */
export const initialPlacements: readonly InitialPlacement[] = [randomPlacement, greedyPlacement];

/**
 * A placement handed on by another strategy or a user (`-o start=…`): each column takes the row of the first
 * given square in it, and a column with none a random row. Local search then repairs what is wrong.
 */
export function placeFrom(board: LineBoard, squares: readonly number[], rng: Rng): void {
  const rows = new Int32Array(board.n).fill(-1);
  for (const sq of squares) {
    const col = sq % board.n;
    if (rows[col] === -1) rows[col] = Math.floor(sq / board.n);
  }
  for (let col = 0; col < board.n; col++) board.put(col, rows[col]! >= 0 ? rows[col]! : rng.below(board.n));
}
