import type { BudgetClock, Rng, TraceEvent, TrajectoryRecorder } from '@bezzel/core';
import type { LineBoard } from '@bezzel/columns';

/** Which moves a step looks at: every row of one conflicted column (min-conflicts'), or every move on the board. */
export type Neighbourhood = 'conflicted' | 'full';

/** Why a tabu search stopped. */
export type TabuStop = 'solved' | 'steps' | 'time' | 'aborted';

/** The settings of one run, every default resolved. */
export interface TabuSettings {
  /** Steps for which a piece may not go back to the row it left. */
  readonly tenure: number;
  /** A tabu move is allowed when it reaches an h below the best so far. */
  readonly aspiration: boolean;
  /** Which moves a step looks at. */
  readonly neighbourhood: Neighbourhood;
}

/** What a tabu search counts. */
export interface TabuTally {
  /** Steps: each makes the best allowed move of its neighbourhood, better or worse. */
  steps: number;
  /** Moves looked at and skipped because they were tabu (and did not qualify for aspiration). */
  blocked: number;
  /** Moves made although tabu, because they beat the best h so far. */
  aspirations: number;
  /** Steps where every move looked at was tabu: the best of them was made anyway. */
  allTabu: number;
  /** Neighbours evaluated. */
  neighbours: number;
  /** The lowest h seen. */
  bestH: number;
}

/**
 * Tabu search (Glover 1989) on one piece per column, h = attacking pairs. Each step makes the best move of its
 * neighbourhood that is not tabu, even when it raises h; ties go to the seeded RNG. A piece that leaves a row may
 * not go back to it for `tenure` steps (the tabu list, kept as the step each (column, row) pair is free again:
 * `tabuUntil` holds n·n entries), unless aspiration is on and the move reaches an h below the best so far.
 *
 * Each move is evaluated in O(1) from the board's counters per rank and diagonal; nothing is allocated per step.
 * `best` receives the rows of the lowest-h board seen. `trace` gets every move with h after it; `trajectory`, when
 * an experiment records, each new lowest h.
 */
export function tabuSearch(
  board: LineBoard,
  rng: Rng,
  clock: BudgetClock,
  settings: TabuSettings,
  tally: TabuTally,
  tabuUntil: Int32Array,
  best: Int32Array,
  trace?: (event: TraceEvent) => void,
  trajectory?: TrajectoryRecorder,
): TabuStop {
  const n = board.n;
  const { rows } = board;
  const { tenure, aspiration, neighbourhood } = settings;
  const fam = (board.lines.rank ? 1 : 0) + (board.lines.diagonal ? 1 : 0) + (board.lines.antiDiagonal ? 1 : 0);
  const full = neighbourhood === 'full';
  let h = board.attackingPairs();
  if (h < tally.bestH) {
    tally.bestH = h;
    best.set(rows);
    trajectory?.improve(tally.steps, h);
  }
  // A full step looks at n(n − 1) moves: there the clock is read every step on big boards.
  const clockMask = full ? (n >= 64 ? 0 : 0x3f) : 0x3ff;
  for (;;) {
    // A conflicted column drawn at random, as min-conflicts draws it (the full neighbourhood needs only to know
    // that one is left).
    const drawn = board.drawConflicted(rng);
    if (drawn < 0) return 'solved';
    if (tally.steps >= clock.maxSteps) {
      clock.exhausted(tally.steps);
      return 'steps';
    }
    if ((tally.steps & clockMask) === 0 && clock.expired()) return clock.reason === 'aborted' ? 'aborted' : 'time';
    const step = ++tally.steps;

    let bestDelta = 0x7fffffff;
    let bestCol = -1;
    let bestRow = -1;
    let ties = 0;
    // The least bad tabu move, for a step where every move is tabu.
    let fallbackDelta = 0x7fffffff;
    let fallbackCol = -1;
    let fallbackRow = -1;
    let fallbackTies = 0;
    const first = full ? 0 : drawn;
    const last = full ? n - 1 : drawn;
    for (let col = first; col <= last; col++) {
      const from = rows[col]!;
      const here = board.conflictsAt(col, from) - fam;
      const base = col * n;
      for (let row = 0; row < n; row++) {
        if (row === from) continue;
        const delta = board.conflictsAt(col, row) - here;
        if (tabuUntil[base + row]! > step && !(aspiration && h + delta < tally.bestH)) {
          tally.blocked++;
          if (delta < fallbackDelta) {
            fallbackDelta = delta;
            fallbackCol = col;
            fallbackRow = row;
            fallbackTies = 1;
          } else if (delta === fallbackDelta && rng.below(++fallbackTies) === 0) {
            fallbackCol = col;
            fallbackRow = row;
          }
          continue;
        }
        if (delta < bestDelta) {
          bestDelta = delta;
          bestCol = col;
          bestRow = row;
          ties = 1;
        } else if (delta === bestDelta && rng.below(++ties) === 0) {
          // Reservoir sampling: each of the tied moves is kept with equal probability.
          bestCol = col;
          bestRow = row;
        }
      }
    }
    tally.neighbours += (last - first + 1) * (n - 1);
    let aspired = false;
    const allTabu = bestCol < 0;
    if (allTabu) {
      tally.allTabu++;
      bestDelta = fallbackDelta;
      bestCol = fallbackCol;
      bestRow = fallbackRow;
    } else if (tabuUntil[bestCol * n + bestRow]! > step) {
      aspired = true;
      tally.aspirations++;
    }
    const from = rows[bestCol]!;
    board.lift(bestCol);
    board.put(bestCol, bestRow);
    tabuUntil[bestCol * n + from] = step + tenure + 1;
    h += bestDelta;
    if (h < tally.bestH) {
      tally.bestH = h;
      best.set(rows);
      trajectory?.improve(step, h);
    }
    if (trace) trace({ type: 'local', step, h, from: from * n + bestCol, to: bestRow * n + bestCol, tenure, ...(aspired ? { tabu: true } : {}), ...(allTabu ? { allTabu: true } : {}) });
  }
}
