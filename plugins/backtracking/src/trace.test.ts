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

describe('rejected squares in a placement trace', () => {
  /** Whether a piece on `a` and one on `b` attack each other, by the independent Validator. */
  const attacks = (board: Board, a: number, b: number) => !validatePlacement(board, bezzel.piece('queen')!, [a, b]).valid;

  it('lists, at each step of 6 queens, exactly the squares the row-by-row scan passed because a queen attacks them', async () => {
    const n = 6;
    const board = Board.square(n);
    const { events } = await traced(queens(n, 'all'));
    const stack: number[] = [];
    // Where the scan of each row starts again: after the square last tried there, or at the row's first square.
    const resume: number[] = Array.from({ length: n }, (_, row) => row * n);
    let checked = 0;
    for (const e of events) {
      if (e.type !== 'place' && e.type !== 'remove') continue;
      // A place scans its own row; a remove happens because the row below it ran out.
      const row = e.type === 'place' ? e.depth : e.depth + 1;
      if (row === n) {
        // Taking back the last queen of a solution: no row was scanned.
        expect(e.rejected).toBeUndefined();
        stack.pop();
        resume[e.depth] = e.square + 1;
        continue;
      }
      const end = e.type === 'place' ? e.square : (row + 1) * n;
      const expected: number[] = [];
      for (let sq = resume[row]!; sq < end; sq++) if (stack.some((p) => attacks(board, p, sq))) expected.push(sq);
      expect(e.rejected ?? [], `event ${checked}`).toEqual(expected);
      // Every square the scan passed without taking it was attacked: nothing free is skipped.
      expect(end - resume[row]!).toBe(expected.length);
      checked++;
      if (e.type === 'place') {
        stack.push(e.square);
        resume[row] = e.square + 1;
        if (row + 1 < n) resume[row + 1] = (row + 1) * n;
      } else {
        stack.pop();
        resume[e.depth] = e.square + 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('in the general mode lists only squares that a placed piece attacks, and says nothing without a trace', async () => {
    const task: Task = { problem: { kind: 'placement', board: { width: 5, height: 4 }, piece: 'queen', k: 3 }, goal: 'count', strategy: 'backtracking' };
    const board = new Board(task.problem.board);
    const { events } = await traced(task);
    const stack: number[] = [];
    let rejected = 0;
    for (const e of events) {
      if (e.type === 'place' || e.type === 'remove') {
        for (const sq of e.rejected ?? []) expect(stack.some((p) => attacks(board, p, sq) || p === sq)).toBe(true);
        rejected += e.rejected?.length ?? 0;
      }
      if (e.type === 'place') stack.push(e.square);
      if (e.type === 'remove') stack.pop();
    }
    expect(rejected).toBeGreaterThan(0);
  });
});
