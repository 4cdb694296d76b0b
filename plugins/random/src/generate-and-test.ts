import type { BudgetClock, Rng } from '@bezzel/core';
import { CLOCK_MASK } from '@bezzel/core';
import type { LineFamilies } from '@bezzel/columns';

export interface GenerateTally {
  /** Random boards generated. */
  attempts: number;
  /** Boards with one piece per rank (every board passes when the piece does not ride ranks). */
  passedRanks: number;
  /** Boards that also passed the diagonal test: 1 for a solved run, else 0. */
  passedDiagonals: number;
}

/**
 * Generate and test, as the Go course report wrote it: a random row for each column, then the rank test,
 * and only for boards that pass it the diagonal test. Tests mark lines with the attempt number, so no array
 * is cleared between boards. Returns the rows of a solution, or the reason it stopped.
 */
export function generateAndTest(n: number, lines: LineFamilies, rng: Rng, clock: BudgetClock, tally: GenerateTally): Int32Array | 'steps' | 'time' | 'aborted' {
  const rows = new Int32Array(n);
  const rankMark = new Int32Array(n);
  const diagonalMark = new Int32Array(2 * n - 1);
  const antiMark = new Int32Array(2 * n - 1);
  // The clock is read about every CLOCK_MASK columns drawn, not attempts: an attempt on 100000 columns is long.
  const checkMask = CLOCK_MASK >>> Math.min(31, Math.ceil(Math.log2(n + 1)));
  for (;;) {
    if (tally.attempts >= clock.maxSteps) {
      clock.exhausted(tally.attempts);
      return 'steps';
    }
    if ((tally.attempts & checkMask) === 0 && clock.expired()) return clock.reason === 'aborted' ? 'aborted' : 'time';
    for (let col = 0; col < n; col++) rows[col] = rng.below(n);
    const mark = (tally.attempts++ % 0x7ffffffe) + 1;
    if (mark === 1) for (const a of [rankMark, diagonalMark, antiMark]) a.fill(0);

    let ok = true;
    if (lines.rank) {
      for (let col = 0; col < n && ok; col++) {
        const row = rows[col]!;
        if (rankMark[row] === mark) ok = false;
        rankMark[row] = mark;
      }
    }
    if (!ok) continue;
    tally.passedRanks++;
    for (let col = 0; col < n && ok; col++) {
      const row = rows[col]!;
      if (lines.diagonal) {
        const d = row - col + n - 1;
        if (diagonalMark[d] === mark) ok = false;
        diagonalMark[d] = mark;
      }
      if (lines.antiDiagonal) {
        const a = row + col;
        if (antiMark[a] === mark) ok = false;
        antiMark[a] = mark;
      }
    }
    if (!ok) continue;
    tally.passedDiagonals++;
    return rows;
  }
}
