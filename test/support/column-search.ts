import { Board, validatePlacement, type Bezzel, type OptionValue, type Task, type TraceEvent } from '@bezzel/core';
import { expect } from 'vitest';
import { solveChecked } from './solve.js';

/**
 * Test helpers for the one-piece-per-column searches (min-conflicts, hill climbing, simulated annealing, tabu, beam):
 * their task, their h counted pair by pair, and a replay of their trace that checks every h it reports.
 */

/** n queens on an n×n board for `strategy`: goal one, seeded, with options. */
export function queens(strategy: string, n: number, seed: number, options: Record<string, OptionValue> = {}): Task {
  return { problem: { kind: 'placement', board: { width: n, height: n }, piece: 'queen' }, goal: 'one', strategy, seed, options };
}

/** How many of seeds 1 … `seeds` solve, each answer checked by the validator. */
export async function solvedSeeds(bezzel: Bezzel, seeds: number, task: (seed: number) => Task): Promise<number> {
  let solved = 0;
  for (let seed = 1; seed <= seeds; seed++) if ((await solveChecked(bezzel, task(seed))).result.status === 'solved') solved++;
  return solved;
}

/** h as the textbook counts it: pairs on one rank, file or diagonal, whether or not a piece stands between. */
export function attackingPairs(squares: readonly number[], n: number): number {
  let pairs = 0;
  for (let i = 0; i < squares.length; i++) {
    for (let j = i + 1; j < squares.length; j++) {
      const dr = Math.floor(squares[i]! / n) - Math.floor(squares[j]! / n);
      const dc = (squares[i]! % n) - (squares[j]! % n);
      if (dr === 0 || dc === 0 || Math.abs(dr) === Math.abs(dc)) pairs++;
    }
  }
  return pairs;
}

/**
 * Replays the trace of a column search on n queens: `place` events lay a start (from depth 0 again at a restart),
 * each `local` move is made unless it says `accepted: false` (a swap moves both pieces), and after every step the
 * pieces must be n on distinct squares with `h` their attacking pairs. A `solution` event may only come last.
 * Returns the moves proposed, the moves made and the placement it ends on.
 */
export function replayQueensTrace(bezzel: Bezzel, n: number, events: readonly TraceEvent[]): { proposals: number; moves: number; pieces: number[] } {
  const queen = bezzel.piece('queen')!;
  const pieces: number[] = [];
  const move = (from: number, to: number) => {
    const at = pieces.indexOf(from);
    expect(at).toBeGreaterThanOrEqual(0);
    pieces[at] = to;
  };
  let proposals = 0;
  let moves = 0;
  for (const e of events) {
    if (e.type === 'place') {
      pieces.length = e.depth;
      pieces.push(e.square);
    } else if (e.type === 'local') {
      if (e.from !== undefined && e.to !== undefined) {
        proposals++;
        if (e.accepted !== false) {
          move(e.from, e.to);
          if (e.swapped) move(e.swapped.from, e.swapped.to);
          moves++;
        }
      }
      expect(validatePlacement(Board.square(n), queen, pieces, n).errors).toEqual([]);
      expect(e.h, `step ${e.step}`).toBe(attackingPairs(pieces, n));
    } else if (e.type === 'solution') {
      expect(e).toBe(events.at(-1));
    } else {
      throw new Error(`unexpected ${e.type} event`);
    }
  }
  return { proposals, moves, pieces };
}
