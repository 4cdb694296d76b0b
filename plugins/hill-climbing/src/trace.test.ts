import { createBezzel, type TraceEvent } from '@bezzel/core';
import columns from '@bezzel/columns';
import queen from '@bezzel/queen';
import { describe, expect, it } from 'vitest';
import { queens, replayQueensTrace } from '../../../test/support/column-search.js';
import hillClimbing from './index.js';

const bezzel = await createBezzel({ plugins: [queen, columns, hillClimbing] });

describe('hill-climbing trace', () => {
  it('replays from the start placement, move by move, with h equal to the pairs sharing a line, to the solution it returns', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const events: TraceEvent[] = [];
      const traced = await bezzel.solve(queens('hill-climbing', 12, seed, { restarts: 20 }), { onTrace: (e) => events.push(e) });
      const plain = await bezzel.solve(queens('hill-climbing', 12, seed, { restarts: 20 }));
      expect(traced.stats.nodes).toBe(plain.stats.nodes);
      expect(traced.status).toBe('solved');
      const { moves, pieces } = replayQueensTrace(bezzel, 12, events);
      expect(moves).toBe(traced.stats.moves);
      const last = events.at(-2);
      expect(last?.type === 'local' && last.h).toBe(0);
      expect(events.at(-1)).toEqual({ type: 'solution', index: 0 });
      const solution = traced.status === 'solved' ? traced.solutions[0] : undefined;
      expect(solution?.kind === 'placement' ? [...solution.squares].sort((a, b) => a - b) : []).toEqual(pieces.sort((a, b) => a - b));
    }
  });
});
