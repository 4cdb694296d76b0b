import type { BudgetClock, Rng, TraceEvent } from '@bezzel/core';
import type { LineBoard } from './line-board';

export type RepairStop = 'solved' | 'steps' | 'time' | 'aborted' | 'restart';

export interface RepairTally {
  /** Repairs made: a conflicted column drawn and its piece put back on its least attacked row. */
  steps: number;
  /** Repairs that changed the row. */
  moves: number;
}

/**
 * Minton's min-conflicts repair: draw a conflicted column at random, lift its piece and put it back on a row
 * with the fewest conflicts, ties broken at random. `tally` counts across restarts; `limit` is the step count
 * at which this try gives up and asks for a fresh start. `ties` is scratch space of n rows. `trace`, when a
 * visualiser watches, gets every repair with h (attacking pairs) after it.
 */
export function repair(
  board: LineBoard,
  rng: Rng,
  clock: BudgetClock,
  tally: RepairTally,
  limit: number,
  ties: Int32Array,
  trace?: (event: TraceEvent) => void,
): RepairStop {
  const n = board.n;
  const { rows, rankCount, diagonalCount, antiCount } = board;
  // A repair scans n rows, so on big boards the clock is cheap next to it and is read every time.
  const clockMask = n >= 4096 ? 0 : 0xff;
  for (;;) {
    let col = -1;
    while (board.suspectCount > 0) {
      const i = board.suspectCount === 1 ? 0 : rng.below(board.suspectCount);
      const candidate = board.suspects[i]!;
      if (board.isConflicted(candidate)) {
        col = candidate;
        break;
      }
      board.clearSuspect(i);
    }
    if (col < 0) return 'solved';
    if (tally.steps >= clock.maxSteps) return clock.exhausted(tally.steps) ? (clock.reason ?? 'steps') : 'steps';
    if ((tally.steps & clockMask) === 0 && clock.expired()) return clock.reason ?? 'time';
    if (tally.steps >= limit) return 'restart';

    const from = rows[col]!;
    board.lift(col);
    const diagonalBase = n - 1 - col;
    let best = 0x7fffffff;
    let tied = 0;
    for (let row = 0; row < n; row++) {
      const conflicts = rankCount[row]! + diagonalCount[diagonalBase + row]! + antiCount[col + row]!;
      if (conflicts <= best) {
        if (conflicts < best) {
          best = conflicts;
          tied = 0;
        }
        ties[tied++] = row;
      }
    }
    const to = ties[tied === 1 ? 0 : rng.below(tied)]!;
    board.put(col, to);
    tally.steps++;
    if (to !== from) tally.moves++;
    if (trace) trace({ type: 'local', step: tally.steps, h: board.attackingPairs(), from: from * n + col, to: to * n + col });
  }
}
