import { Board, validateTour, type Task, type TraceEvent } from '@bezzel/core';
import knight from '@bezzel/knight';
import { describe, expect, it } from 'vitest';
import { bezzelWith } from '../../../test/support/solve.js';
import warnsdorff from './index.js';

const bezzel = await bezzelWith(knight, warnsdorff);
const tour = (n: number, options: Task['options'] = {}, closed = false): Task => ({
  problem: { kind: 'tour', board: { width: n, height: n }, piece: 'knight', start: 0, closed },
  goal: 'one',
  strategy: 'warnsdorff',
  seed: 1,
  options,
});

async function traced(task: Task) {
  const events: TraceEvent[] = [];
  const result = await bezzel.solve(task, { onTrace: (e) => events.push(e) });
  return { result, events };
}

const knightPiece = bezzel.piece('knight')!;
const isMove = (board: Board, a: number, b: number) => {
  const dx = Math.abs(board.col(a) - board.col(b));
  const dy = Math.abs(board.row(a) - board.row(b));
  return (dx === 1 && dy === 2) || (dx === 2 && dy === 1);
};
/** Onward degree of `sq` after the path: its unvisited knight's-move neighbours, counted square by square. */
const onward = (board: Board, visited: Set<number>, sq: number) => [...Array(board.size).keys()].filter((t) => !visited.has(t) && isMove(board, sq, t)).length;

describe('warnsdorff trace', () => {
  it('records each move of an 8×8 tour with the candidates it weighed, their true onward degrees, and a least-degree choice', async () => {
    const board = Board.square(8);
    const { result, events } = await traced(tour(8));
    expect(result.status).toBe('solved');
    const moves = events.filter((e): e is Extract<TraceEvent, { type: 'move' }> => e.type === 'move');
    // Moves, then the tour found.
    expect(events).toEqual([...moves, { type: 'solution', index: 0 }]);
    const path = moves.map((e) => e.square);
    expect(result.status === 'solved' && result.solutions[0]!.kind === 'tour' ? Array.from(result.solutions[0].path) : []).toEqual(path);
    expect(validateTour(board, knightPiece, path, { start: 0 }).valid).toBe(true);
    const visited = new Set<number>([path[0]!]);
    for (const [i, move] of moves.entries()) {
      expect(move.depth).toBe(i);
      if (i === 0) continue;
      const from = path[i - 1]!;
      const expected = [...Array(64).keys()].filter((t) => !visited.has(t) && isMove(board, from, t)).sort((a, b) => a - b);
      expect(move.candidates!.map((c) => c.square).sort((a, b) => a - b)).toEqual(expected);
      for (const c of move.candidates!) expect(c.degree, `${board.name(c.square)} at move ${i}`).toBe(onward(board, visited, c.square));
      const least = Math.min(...move.candidates!.map((c) => c.degree).filter((d) => d > 0 || i === 63));
      expect(move.candidates!.find((c) => c.square === move.square)!.degree).toBe(i === 63 ? 0 : least);
      visited.add(move.square);
    }
  });

  it('starts each restart again from depth 0, and gives the same result with and without a trace', async () => {
    const task = tour(8, { restarts: 3 }, true);
    const plain = await bezzel.solve(task);
    const { result, events } = await traced(task);
    expect(result.status).toBe(plain.status);
    expect(result.stats.nodes).toBe(plain.stats.nodes);
    const starts = events.filter((e) => e.type === 'move' && e.depth === 0).length;
    expect(starts).toBe((result.stats.restarts ?? 0) + 1);
  });
});
