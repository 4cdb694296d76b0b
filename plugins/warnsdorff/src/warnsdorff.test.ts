import { Board, leaper, pluginModule, rider, UsageError, validateTour, type Piece, type Task } from '@bezzel/core';
import knight from '@bezzel/knight';
import { describe, expect, it } from 'vitest';
import { bezzelWith, solveChecked } from '../../../test/support/solve.js';
import { TIEBREAKS } from '@bezzel/tour-graph';
import warnsdorff from './index.js';

const piece = (id: string, movement: Piece['movement']): Piece => ({ id, name: id, symbols: { unicode: id[0]!, ascii: id[0]! }, movement });
const fixtures = pluginModule({
  pieces: [piece('zebra', leaper(2, 3)), piece('giraffe', leaper(1, 4)), piece('camel', leaper(1, 3)), piece('nightrider', rider(1, 2))],
});
const bezzel = await bezzelWith(knight, warnsdorff, fixtures);

const tour = (n: number, extra: Partial<Task> & { start?: number; closed?: boolean; piece?: string } = {}): Task => ({
  problem: { kind: 'tour', board: { width: n, height: n }, piece: extra.piece ?? 'knight', start: extra.start, closed: extra.closed },
  goal: 'one',
  strategy: 'warnsdorff',
  seed: extra.seed ?? 1,
  options: extra.options,
  budget: extra.budget,
});

function pathOf(result: Awaited<ReturnType<typeof solveChecked>>['result']): Int32Array {
  expect(result.status, JSON.stringify((result as { partial?: unknown }).partial)).toBe('solved');
  const solution = result.status === 'solved' ? result.solutions[0] : undefined;
  return solution?.kind === 'tour' ? solution.path : new Int32Array();
}

describe('warnsdorff', () => {
  it.each(TIEBREAKS)('walks a full 8×8 tour from a1 with tie-break %s, re-checked by the validator', async (tiebreak) => {
    const { result } = await solveChecked(bezzel, tour(8, { start: 0, options: { tiebreak } }));
    expect(pathOf(result)).toHaveLength(64);
    expect(result.stats.nodes).toBe(63);
  });

  it('gives different tie-breaks different tours, and the same seed the same tour', async () => {
    const paths = new Map<string, string>();
    for (const tiebreak of TIEBREAKS) paths.set(tiebreak, pathOf((await solveChecked(bezzel, tour(20, { start: 0, options: { tiebreak } }))).result).join());
    expect(new Set(paths.values()).size).toBe(TIEBREAKS.length);
    const again = pathOf((await solveChecked(bezzel, tour(20, { start: 0, options: { tiebreak: 'random' } }))).result).join();
    expect(again).toBe(paths.get('random'));
    const other = pathOf((await solveChecked(bezzel, tour(20, { start: 0, seed: 2, options: { tiebreak: 'random' } }))).result).join();
    expect(other).not.toBe(again);
  });

  it('reports a greedy dead end as budget/stuck with the squares it visited', async () => {
    // With the roth tie-break the walk from a3 on 7×7 runs into a dead end (found by trying every start).
    const result = await bezzel.solve(tour(7, { start: new Board({ width: 7, height: 7 }).at(2, 0), options: { tiebreak: 'roth' } }));
    expect(result).toMatchObject({ status: 'budget', exhausted: 'stuck' });
    if (result.status !== 'budget') return;
    expect(result.partial?.score).toBeGreaterThan(10);
    expect(result.partial?.score).toBeLessThan(49);
    expect(result.partial?.note).toMatch(/stuck on [a-g]\d after \d+ of 49 squares/);
  });

  it('finds closed tours only when the walk closes, retrying with random tie-breaks', async () => {
    const { result } = await solveChecked(bezzel, tour(8, { closed: true, options: { restarts: 100 } }));
    const path = pathOf(result);
    expect(validateTour(Board.square(8), bezzel.piece('knight')!, path, { closed: true }).closes).toBe(true);
    expect(result.stats.restarts).toBeGreaterThan(0);
  });

  it('tours other leapers found by restarts: zebra (2,3) and giraffe (1,4) on 10×10', async () => {
    for (const id of ['zebra', 'giraffe']) {
      const { result } = await solveChecked(bezzel, tour(10, { piece: id, seed: 7, options: { restarts: 300 } }));
      expect(pathOf(result)).toHaveLength(100);
    }
  });

  it('lets the Solver answer the colour-bound camel impossible, and declines riders with a reason', async () => {
    const camel = await bezzel.solve(tour(8, { piece: 'camel' }));
    expect(camel).toMatchObject({ status: 'impossible', proof: 'theorem' });
    expect(camel.status === 'impossible' && camel.reason).toMatch(/never leaves its square's colour/);
    await expect(bezzel.solve(tour(8, { piece: 'nightrider' }))).rejects.toThrow(/nightrider rides, and Warnsdorff's rule walks a leaper/);
  });

  it('stops at the step budget and rejects unknown tie-breaks', async () => {
    const result = await bezzel.solve(tour(30, { budget: { maxSteps: 100 } }));
    expect(result).toMatchObject({ status: 'budget', exhausted: 'steps' });
    await expect(bezzel.solve(tour(8, { options: { tiebreak: 'coin' } }))).rejects.toThrow(UsageError);
    await expect(bezzel.solve(tour(8, { options: { restarts: -1 } }))).rejects.toThrow('option restarts of warnsdorff must be a whole number of at least 0, not -1');
  });

  it('walks 1000×1000 with the roth tie-break without a move table', async () => {
    const { result } = await solveChecked(bezzel, tour(1000, { start: 0, options: { tiebreak: 'roth' } }));
    expect(pathOf(result)).toHaveLength(1_000_000);
  });
});
