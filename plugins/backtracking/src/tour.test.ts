import { Board, UsageError, validateTour, type BoardSpec, type Task, type TraceEvent } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { bezzelWith, countOf, solveChecked } from '../../../test/support/solve.js';
import backtracking from './index.js';
import { bruteForceTours } from './testing/brute-tours.js';
import { testPieceModule } from './testing/pieces.js';

const bezzel = await bezzelWith(testPieceModule, backtracking);
const square = (n: number): BoardSpec => ({ width: n, height: n });
const tour = (board: BoardSpec, piece: string, goal: Task['goal'], extra: { start?: number; closed?: boolean } & Partial<Task> = {}): Task => {
  const { start, closed, ...rest } = extra;
  return {
    problem: { kind: 'tour', board, piece, ...(start === undefined ? {} : { start }), ...(closed ? { closed } : {}) },
    goal,
    strategy: 'backtracking',
    seed: 7,
    ...rest,
  };
};

/** Count and stream agree with the brute force; a count of zero may also come back as a theorem's `impossible`. */
async function expectCountsAgree(board: BoardSpec, piece: string, closed: boolean, start?: number): Promise<void> {
  const leaps = bezzel.piece(piece)!.movement.leaps;
  const expected = bruteForceTours(new Board(board), leaps, closed, start);
  const what = `${closed ? 'closed' : 'open'} ${piece} tours of ${JSON.stringify(board)} from ${start ?? 'anywhere'}`;
  const { result, streamed } = await solveChecked(bezzel, tour(board, piece, 'all', { start, closed }));
  if (result.status === 'impossible') {
    expect(result.proof, what).toBe('theorem');
    expect(expected, what).toBe(0);
    return;
  }
  expect(countOf(result), what).toBe(BigInt(expected));
  expect(streamed.length, what).toBe(expected);
  expect(new Set(streamed.map((s) => (s.kind === 'tour' ? s.path.join(',') : ''))).size, what).toBe(expected);
  const counted = await bezzel.solve(tour(board, piece, 'count', { start, closed }));
  expect(countOf(counted), what).toBe(BigInt(expected));
  const { result: one } = await solveChecked(bezzel, tour(board, piece, 'one', { start, closed }));
  expect(one.status, what).toBe(expected > 0 ? 'solved' : 'impossible');
}

describe('backtracking tours', () => {
  it('counts open and closed tours as a brute force does, for several pieces and boards', async () => {
    const cases: [BoardSpec, string][] = [
      [{ width: 4, height: 3 }, 'knight'],
      [{ width: 3, height: 3, removed: [4] }, 'knight'],
      [square(3), 'king'],
      [{ width: 4, height: 3 }, 'king'],
      [{ width: 4, height: 3, removed: [0, 6] }, 'king'],
      [{ width: 3, height: 3 }, 'turner'],
      [{ width: 4, height: 3 }, 'turner'],
      [{ width: 2, height: 3, torus: true }, 'king'],
      [{ width: 3, height: 3, torus: true }, 'knight'],
    ];
    for (const [board, piece] of cases) {
      await expectCountsAgree(board, piece, false);
      await expectCountsAgree(board, piece, false, 1);
      await expectCountsAgree(board, piece, true);
    }
  });

  it('finds a valid tour with every ordering: 6×6 from a1, and 8×8 with the heuristic ones', async () => {
    for (const ordering of ['none', 'warnsdorff', 'warnsdorff-roth', 'random']) {
      const { result } = await solveChecked(bezzel, tour(square(6), 'knight', 'one', { start: 0, options: { ordering } }));
      expect(result.status, ordering).toBe('solved');
      expect(result.stats.extra?.ordering).toBe(ordering);
    }
    for (const ordering of ['warnsdorff', 'warnsdorff-roth']) {
      const { result } = await solveChecked(bezzel, tour(square(8), 'knight', 'one', { start: 0, options: { ordering } }));
      expect(result.status, ordering).toBe('solved');
      // The heuristics should walk straight through: 63 moves, no backtracking.
      expect(result.stats.nodes, ordering).toBe(63);
    }
  });

  it('repeats a random-ordered tour for the same seed and varies it with the seed', async () => {
    const path = async (seed: number) => {
      const result = await bezzel.solve(tour(square(6), 'knight', 'one', { start: 0, seed, options: { ordering: 'random' } }));
      return result.status === 'solved' && result.solutions[0]!.kind === 'tour' ? result.solutions[0]!.path.join(',') : '';
    };
    expect(await path(1)).toBe(await path(1));
    const random = await bezzel.solve(tour(square(6), 'knight', 'one', { start: 0, seed: 5, options: { ordering: 'random' } }));
    expect(random.seed).toBe(5);
    const roth = await bezzel.solve(tour(square(6), 'knight', 'one', { start: 0, seed: 5 }));
    expect(roth.seed).toBeUndefined();
    const paths = new Set([await path(1), await path(2), await path(3), await path(4)]);
    expect(paths.size).toBeGreaterThan(1);
  });

  it('finds closed tours on 6×6 and 30×30 and an open one on 50×50, deep without recursion', async () => {
    for (const [n, closed] of [
      [6, true],
      [30, true],
      [50, false],
    ] as const) {
      const { result } = await solveChecked(bezzel, tour(square(n), 'knight', 'one', { start: 0, closed }));
      expect(result.status, `${n}×${n}`).toBe('solved');
    }
  });

  it('tries other start squares when none is given', async () => {
    const { result } = await solveChecked(bezzel, tour({ width: 7, height: 5 }, 'knight', 'one'));
    expect(result.status).toBe('solved');
  });

  it('proves by exhausting the search that a board beyond the theorems has no tour', async () => {
    // 4×4 minus b1: the knight theorems do not cover removed squares, the board is connected, and no tour exists.
    const board: BoardSpec = { width: 4, height: 4, removed: [1] };
    expect(bruteForceTours(new Board(board), bezzel.piece('knight')!.movement.leaps, false)).toBe(0);
    for (const start of [undefined, 0]) {
      const { result } = await solveChecked(bezzel, tour(board, 'knight', 'one', { start }));
      expect(result.status).toBe('impossible');
      if (result.status === 'impossible') {
        expect(result.proof).toBe('exhausted');
        expect(result.reason).toMatch(/tried every path/);
      }
    }
  });

  it('stops on the step budget with the longest path reached, and when aborted', async () => {
    const result = await bezzel.solve(tour(square(6), 'knight', 'count', { start: 0, budget: { maxSteps: 1000 } }));
    expect(result.status).toBe('budget');
    if (result.status === 'budget') {
      expect(result.exhausted).toBe('steps');
      expect(result.stats.nodes).toBe(1000);
      expect(result.partial?.score).toBeGreaterThan(10);
      expect(result.partial?.score).toBeLessThanOrEqual(36);
    }
    const controller = new AbortController();
    controller.abort();
    const aborted = await bezzel.solve(tour(square(8), 'knight', 'one', { start: 0 }), { signal: controller.signal });
    expect(aborted.status).toBe('aborted');
  });

  it('rejects an unknown ordering as a usage error', async () => {
    await expect(bezzel.solve(tour(square(8), 'knight', 'one', { options: { ordering: 'sideways' } }))).rejects.toThrow(UsageError);
  });

  it('traces moves and retreats that replay to a valid tour at every solution event', async () => {
    const events: TraceEvent[] = [];
    const result = await bezzel.solve(tour(square(5), 'knight', 'count', { start: 0 }), { onTrace: (e) => events.push(e) });
    const board = Board.square(5);
    const path: number[] = [];
    let solutions = 0;
    let moves = 0;
    for (const e of events) {
      if (e.type === 'move') {
        expect(e.depth).toBe(path.length);
        if (e.depth > 0) expect(e.candidates?.map((c) => c.square)).toContain(e.square);
        path.push(e.square);
        moves++;
      } else if (e.type === 'retreat') {
        expect(path.at(-1)).toBe(e.square);
        expect(e.depth).toBe(path.length - 1);
        path.pop();
      } else if (e.type === 'solution') {
        expect(e.index).toBe(solutions++);
        expect(validateTour(board, bezzel.piece('knight')!, path, { start: 0 }).valid).toBe(true);
      }
    }
    expect(path).toEqual([]);
    expect(solutions).toBe(304);
    expect(countOf(result)).toBe(304n);
    expect(moves).toBe(result.stats.nodes + 1);
  });
});
