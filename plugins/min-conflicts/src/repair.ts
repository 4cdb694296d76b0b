import type { BudgetClock, Rng, TraceEvent, TrajectoryRecorder } from '@bezzel/core';
import type { LineBoard } from '@bezzel/columns';

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
 * visualiser watches, gets every repair with h (attacking pairs) after it. `trajectory`, when an experiment records,
 * gets h at the start (from the suspects) and after each repair, kept up by the repair's change (six counter
 * reads) only then.
 */
export function repair(
  board: LineBoard,
  rng: Rng,
  clock: BudgetClock,
  tally: RepairTally,
  limit: number,
  ties: Int32Array,
  trace?: (event: TraceEvent) => void,
  trajectory?: TrajectoryRecorder,
): RepairStop {
  const n = board.n;
  const { rows } = board;
  let h = trajectory ? pairsOfSuspects(board) : 0;
  trajectory?.improve(tally.steps, h);
  // A repair may scan n rows, so on big boards the clock is cheap next to it and is read every time.
  const clockMask = n >= 4096 ? 0 : 0xff;
  for (;;) {
    const col = board.drawConflicted(rng);
    if (col < 0) return 'solved';
    if (tally.steps >= clock.maxSteps) return clock.exhausted(tally.steps) ? (clock.reason ?? 'steps') : 'steps';
    if ((tally.steps & clockMask) === 0 && clock.expired()) return clock.reason ?? 'time';
    if (tally.steps >= limit) return 'restart';

    const from = rows[col]!;
    board.lift(col);
    let to = leastAttackedQuickly(board, col, rng, ties);
    if (to < 0) to = leastAttackedByScan(board, col, rng, ties);
    // The pairs the piece made where it stood, less those it makes where it goes: read with it lifted.
    if (trajectory) h += board.conflictsAt(col, to) - board.conflictsAt(col, from);
    board.put(col, to);
    tally.steps++;
    trajectory?.improve(tally.steps, h);
    if (to !== from) tally.moves++;
    if (trace) trace({ type: 'local', step: tally.steps, h: board.attackingPairs(), from: from * n + col, to: to * n + col });
  }
}

/**
 * h (attacking pairs) read from the suspects alone, every conflicted column being one: half the sum of each
 * piece's pairs, the pieces on its lines less itself. O(suspects) — a handful after a greedy start — where
 * `attackingPairs` reads every line of the board.
 */
export function pairsOfSuspects(board: LineBoard): number {
  const { lines, rows, suspects } = board;
  const families = (lines.rank ? 1 : 0) + (lines.diagonal ? 1 : 0) + (lines.antiDiagonal ? 1 : 0);
  let twice = 0;
  for (let i = 0; i < board.suspectCount; i++) {
    const col = suspects[i]!;
    twice += board.conflictsAt(col, rows[col]!) - families;
  }
  return twice / 2;
}

/** Random rows drawn in search of one with the fewest possible conflicts before falling back to the full scan. */
const ROWS_DRAWN = 256;

/**
 * The same choice as the full scan — a uniformly random row among those with the fewest conflicts — found
 * without looking at all n rows, when the board allows it (most repairs do).
 * A drawn row with no conflict settles it, as none has fewer. Otherwise a row with no conflict has an empty
 * rank, so the list of free ranks decides whether the minimum is 0 and which rows reach it; if none
 * does, the minimum is at least 1, and a uniformly drawn row with exactly one conflict proves it is 1 and is
 * a uniform pick among the rows tied there. Returns -1 to ask for the scan.
 */
export function leastAttackedQuickly(board: LineBoard, col: number, rng: Rng, ties: Int32Array): number {
  const n = board.n;
  const { freeRanks, rankCount, diagonalCount, antiCount } = board;
  const diagonalBase = n - 1 - col;
  const conflictsAt = (row: number) => rankCount[row]! + diagonalCount[diagonalBase + row]! + antiCount[col + row]!;
  // Draws are independent of what is found later, so the first drawn row of each value is a uniform pick
  // among the rows of that value, whichever value turns out to be the minimum.
  let firstOne = -1;
  for (let t = 0; t < ROWS_DRAWN; t++) {
    const row = rng.below(n);
    const conflicts = conflictsAt(row);
    if (conflicts === 0) return row;
    if (conflicts === 1 && firstOne < 0) firstOne = row;
  }
  // Looking through the free ranks costs less than the scan whatever their number: it reads fewer rows.
  const free = board.freeCount;
  if (!freeRanks) return -1;
  let zeros = 0;
  for (let i = 0; i < free; i++) {
    const row = freeRanks[i]!;
    if (diagonalCount[diagonalBase + row]! + antiCount[col + row]! === 0) ties[zeros++] = row;
  }
  if (zeros > 0) return ties[zeros === 1 ? 0 : rng.below(zeros)]!;
  if (firstOne >= 0) return firstOne;
  for (let t = 0; t < ROWS_DRAWN; t++) {
    const row = rng.below(n);
    if (conflictsAt(row) === 1) return row;
  }
  return -1;
}

/** Minton's choice by brute force: every row's conflicts, the fewest kept, one of them drawn at random. */
export function leastAttackedByScan(board: LineBoard, col: number, rng: Rng, ties: Int32Array): number {
  const n = board.n;
  const { rankCount, diagonalCount, antiCount } = board;
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
  return ties[tied === 1 ? 0 : rng.below(tied)]!;
}
