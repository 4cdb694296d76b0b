import { Board, validatePlacement, type Task, type TraceEvent } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { bezzelWith } from '../../../test/support/solve.js';
import { testPieceModule } from './testing/pieces.js';
import backtracking from './index.js';

const bezzel = await bezzelWith(testPieceModule, backtracking);
const queens = (n: number, goal: Task['goal']): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece: 'queen' },
  goal,
  strategy: 'backtracking',
});

async function traced(task: Task) {
  const events: TraceEvent[] = [];
  const result = await bezzel.solve(task, { onTrace: (e) => events.push(e) });
  return { result, events };
}

describe('placement trace', () => {
  it('places exactly as many pieces before the first solution as goal one counts nodes', async () => {
    for (const n of [4, 6, 8, 9]) {
      const one = await bezzel.solve(queens(n, 'one'));
      const { events } = await traced(queens(n, 'all'));
      const first = events.findIndex((e) => e.type === 'solution');
      expect(events.slice(0, first).filter((e) => e.type === 'place').length, `${n} queens`).toBe(one.stats.nodes);
    }
  });

  it('replays to a valid placement at every solution event, and counts all 92 solutions of 8 queens', async () => {
    const { result, events } = await traced(queens(8, 'all'));
    const board = Board.square(8);
    const stack: number[] = [];
    let solutions = 0;
    let places = 0;
    for (const e of events) {
      if (e.type === 'place') {
        expect(e.depth).toBe(stack.length);
        stack.push(e.square);
        places++;
      } else if (e.type === 'remove') {
        expect(stack[e.depth]).toBe(e.square);
        expect(e.depth).toBe(stack.length - 1);
        stack.pop();
      } else if (e.type === 'solution') {
        expect(e.index).toBe(solutions++);
        expect(validatePlacement(board, bezzel.piece('queen')!, stack, 8).valid).toBe(true);
      }
    }
    expect(solutions).toBe(92);
    expect(stack).toEqual([]);
    expect(places).toBe(result.stats.nodes);
  });

  it('gives the same result and stats with and without a trace, in the general mode too', async () => {
    const task: Task = { problem: { kind: 'placement', board: { width: 5, height: 4 }, piece: 'queen', k: 3 }, goal: 'count' };
    const plain = await bezzel.solve({ ...task, strategy: 'backtracking' });
    const { result, events } = await traced({ ...task, strategy: 'backtracking' });
    expect(result.status).toBe('complete');
    expect(plain.status === 'complete' ? plain.count : -1n).toBe(result.status === 'complete' ? result.count : -2n);
    expect(result.stats.nodes).toBe(plain.stats.nodes);
    expect(result.stats.extra?.mode).toBe('increasing squares');
    expect(events.filter((e) => e.type === 'solution').length).toBe(Number(plain.status === 'complete' ? plain.count : 0));
    expect(events.filter((e) => e.type === 'place').length).toBe(plain.stats.nodes);
  });
});
