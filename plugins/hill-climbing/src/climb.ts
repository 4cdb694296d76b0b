import type { BudgetClock, Rng, TraceEvent, TrajectoryRecorder } from '@bezzel/core';
import type { LineBoard } from '@bezzel/columns';

export type ClimbStop = 'solved' | 'local-optimum' | 'plateau' | 'steps' | 'time' | 'aborted';

export interface ClimbTally {
  /** Iterations: each looks at every neighbour and makes at most one move. */
  steps: number;
  /** Moves made, downhill or sideways. */
  moves: number;
  sideways: number;
  /** Neighbours evaluated. */
  neighbours: number;
}

/**
 * Steepest-ascent hill climbing on one piece per column (h = attacking pairs; a neighbour moves one piece
 * within its column): take the neighbour that lowers h most, ties at random; on a plateau take an equal one,
 * at most `maxSideways` times in a row. Stops at h = 0 or where no neighbour helps. `ties` holds n·n entries.
 * `trace`, when a visualiser watches, gets every move with h after it; `trajectory`, when an experiment records,
 * the start's h and each h after a move (it keeps the improvements).
 */
export function climb(
  board: LineBoard,
  rng: Rng,
  clock: BudgetClock,
  tally: ClimbTally,
  maxSideways: number,
  ties: Int32Array,
  trace?: (event: TraceEvent) => void,
  trajectory?: TrajectoryRecorder,
): ClimbStop {
  const n = board.n;
  const { rows } = board;
  let h = board.attackingPairs();
  trajectory?.improve(tally.steps, h);
  let flat = 0;
  // A step looks at all n·(n−1) neighbours: on big boards one step takes milliseconds, so the clock (and a stop)
  // is read every step there, every 64 steps on small boards where reading it would cost more than the step.
  const clockEvery = n * n >= 4096 ? 0 : 0x3f;
  for (;;) {
    if (h === 0) return 'solved';
    if (tally.steps >= clock.maxSteps) {
      clock.exhausted(tally.steps);
      return 'steps';
    }
    if ((tally.steps & clockEvery) === 0 && clock.expired()) return clock.reason === 'aborted' ? 'aborted' : 'time';
    tally.steps++;

    let best = 0x7fffffff;
    let tied = 0;
    for (let col = 0; col < n; col++) {
      const from = rows[col]!;
      board.lift(col);
      const here = board.conflictsAt(col, from);
      for (let row = 0; row < n; row++) {
        if (row === from) continue;
        const delta = board.conflictsAt(col, row) - here;
        if (delta <= best) {
          if (delta < best) {
            best = delta;
            tied = 0;
          }
          ties[tied++] = col * n + row;
        }
      }
      board.put(col, from);
    }
    tally.neighbours += n * (n - 1);
    if (best > 0) return 'local-optimum';
    if (best === 0) {
      if (flat >= maxSideways) return 'plateau';
      flat++;
      tally.sideways++;
    } else {
      flat = 0;
    }
    const pick = ties[tied === 1 ? 0 : rng.below(tied)]!;
    const col = Math.floor(pick / n);
    if (trace) trace({ type: 'local', step: tally.steps, h: h + best, from: rows[col]! * n + col, to: (pick - col * n) * n + col });
    board.lift(col);
    board.put(col, pick - col * n);
    h += best;
    tally.moves++;
    if (best < 0) trajectory?.improve(tally.steps, h);
  }
}
