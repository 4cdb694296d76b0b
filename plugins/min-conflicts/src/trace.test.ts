import { Board, createBezzel, validatePlacement, type Task, type TraceEvent } from '@bezzel/core';
import queen from '@bezzel/queen';
import { describe, expect, it } from 'vitest';
import minConflicts from './index.js';

const bezzel = await createBezzel({ plugins: [queen, minConflicts] });
const queens = (n: number, seed: number, options: Task['options'] = {}): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece: 'queen' },
  goal: 'one',
  strategy: 'min-conflicts',
  seed,
  options,
});

describe('min-conflicts trace', () => {
  it('replays from the start placement, move by move, with h equal to the pairs sharing a line, to the solution it returns', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const events: TraceEvent[] = [];
      const traced = await bezzel.solve(queens(12, seed), { onTrace: (e) => events.push(e) });
      const plain = await bezzel.solve(queens(12, seed));
      expect(traced.stats.nodes).toBe(plain.stats.nodes);
      expect(traced.status).toBe('solved');
      const pieces: number[] = [];
      let steps = 0;
      for (const e of events) {
        if (e.type === 'place') {
          pieces.length = e.depth;
          pieces.push(e.square);
        } else if (e.type === 'local') {
          if (e.from !== undefined && e.to !== undefined) {
            const at = pieces.indexOf(e.from);
            expect(at).toBeGreaterThanOrEqual(0);
            pieces[at] = e.to;
            steps++;
          }
          const report = validatePlacement(Board.square(12), bezzel.piece('queen')!, pieces, 12);
          expect(report.errors).toEqual([]);
          expect(e.h, `seed ${seed} step ${e.step}`).toBe(pairsOnALine(pieces, 12));
        } else if (e.type === 'solution') {
          // Said once, at the end, when h reaches 0.
          expect(e).toBe(events.at(-1));
        } else {
          throw new Error(`unexpected ${e.type} event`);
        }
      }
      expect(steps).toBe(traced.stats.nodes);
      const last = events.at(-2);
      expect(last?.type === 'local' && last.h).toBe(0);
      expect(events.at(-1)).toEqual({ type: 'solution', index: 0 });
      const solution = traced.status === 'solved' ? traced.solutions[0] : undefined;
      expect(solution?.kind === 'placement' ? [...solution.squares].sort((a, b) => a - b) : []).toEqual(pieces.sort((a, b) => a - b));
    }
  });
});

/** h as the textbook counts it: pairs on one rank, file or diagonal, whether or not a piece stands between. */
function pairsOnALine(squares: readonly number[], n: number): number {
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
