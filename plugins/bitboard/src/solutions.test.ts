import backtracking from '@bezzel/backtracking';
import classic from '@bezzel/classic';
import queen from '@bezzel/queen';
import { Board, type Task } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { bezzelWith, countOf, solveChecked } from '../../../test/support/solve.js';
import bitboard, { bitboard as strategy } from './index.js';
import { fixturePieces } from './testing/pieces.js';

const bezzel = await bezzelWith(queen, classic, backtracking, bitboard, fixturePieces);
const placement = (piece: string, width: number, height: number, k?: number, extra: object = {}) => ({
  kind: 'placement' as const,
  board: { width, height, ...extra },
  piece,
  ...(k === undefined ? {} : { k }),
});

describe('bitboard: one and all, every solution re-checked by the validator', () => {
  it.each([
    ['queen', 8, 8, undefined, 92],
    ['amazon', 10, 10, undefined, 4],
    ['bishop', 4, 4, 5, undefined],
    ['knight', 4, 5, 6, undefined],
    ['rook', 5, 3, undefined, 60],
  ] as const)('all %s placements on %i×%i (k=%s) stream, as many as %s (else as backtracking counts), all distinct', async (piece, w, h, k, known) => {
    const { result, streamed } = await solveChecked(bezzel, { problem: placement(piece, w, h, k), goal: 'all', strategy: 'bitboard' });
    const reference = await bezzel.solve({ problem: placement(piece, w, h, k), goal: 'count', strategy: 'backtracking' });
    const expected = known ?? Number(countOf(reference));
    expect(countOf(result)).toBe(BigInt(expected));
    expect(countOf(reference)).toBe(BigInt(expected));
    expect(streamed).toHaveLength(expected);
    expect(new Set(streamed.map((s) => (s.kind === 'placement' ? s.squares.join(',') : ''))).size).toBe(expected);
  });

  it('one: finds a placement, or proves there is none by exhausting the search', async () => {
    const found = await solveChecked(bezzel, { problem: placement('queen', 12, 12), goal: 'one', strategy: 'bitboard' });
    expect(found.result.status).toBe('solved');
    const none = await bezzel.solve({ problem: placement('queen', 3, 3), goal: 'one', strategy: 'bitboard' });
    expect(none.status === 'impossible' && none.proof).toBe('exhausted');
  });

  it('knights on a board with removed squares (leapers only)', async () => {
    const task: Task = { problem: placement('knight', 4, 4, 5, { removed: [0, 5, 15] }), goal: 'all', strategy: 'bitboard' };
    const { result, streamed } = await solveChecked(bezzel, task);
    const check = await bezzel.solve({ ...task, strategy: 'backtracking' });
    expect(countOf(result)).toBe(countOf(check));
    expect(streamed.every((s) => s.kind === 'placement' && s.squares.every((sq) => ![0, 5, 15].includes(sq)))).toBe(true);
  });
});

describe('bitboard: what it declines, and budgets', () => {
  const supports = (task: Task) => {
    const instance = bezzel.instantiate(task);
    if (!instance.ok) throw instance.error;
    return strategy.supports(instance.value);
  };

  it('declines what row masks cannot express, with the reason, and undercuts backtracking otherwise', () => {
    const count = 'count' as const;
    expect(supports({ problem: placement('custom', 5, 5, 3), goal: count })).toMatchObject({ ok: false, reason: expect.stringMatching(/own attack rule/) });
    expect(supports({ problem: placement('queen', 6, 6, undefined, { torus: true }), goal: count })).toMatchObject({ ok: false, reason: expect.stringMatching(/torus/) });
    expect(supports({ problem: placement('queen', 33, 33), goal: count })).toMatchObject({ ok: false, reason: expect.stringMatching(/33 columns/) });
    expect(supports({ problem: placement('queen', 6, 6, 4, { removed: [3] }), goal: count })).toMatchObject({ ok: false, reason: expect.stringMatching(/removed/) });
    expect(supports({ problem: placement('nightrider', 20, 20, 4), goal: count })).toMatchObject({ ok: false, reason: expect.stringMatching(/rows ahead/) });
    // 12 queens: Takahashi's counter takes tens of milliseconds, backtracking about a second (bench section 85-auto).
    const queens = bezzel.instantiate({ problem: placement('queen', 12, 12), goal: count });
    if (!queens.ok) throw queens.error;
    const costs = bezzel.support(queens.value).filter((c) => c.support.ok).map((c) => [c.strategy.meta.id, (c.support as { cost: number }).cost] as const);
    expect(Object.fromEntries(costs).bitboard * 5).toBeLessThan(Object.fromEntries(costs).backtracking);
    expect(bezzel.choose(queens.value)).toMatchObject({ ok: true, value: { meta: { id: 'bitboard' } } });
  });

  it('stops on a step budget with the partial count and how much it covered', async () => {
    const result = await bezzel.solve({ problem: placement('queen', 13, 13), goal: 'count', strategy: 'bitboard', budget: { maxSteps: 200_000 } });
    expect(result.status).toBe('budget');
    if (result.status !== 'budget') return;
    expect(result.exhausted).toBe('steps');
    expect(result.stats.nodes).toBeGreaterThanOrEqual(200_000);
    expect(result.stats.nodes).toBeLessThan(210_000);
    expect(result.partial?.coverage).toBeGreaterThan(0);
    expect(result.partial?.coverage).toBeLessThan(1);
    expect(result.partial?.count).toBeLessThan(73712n);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await bezzel.solve({ problem: placement('queen', 14, 14), goal: 'count', strategy: 'bitboard' }, { signal: controller.signal });
    expect(result.status).toBe('aborted');
  });

  it('counts on rectangles with their four symmetries', async () => {
    const fast = await bezzel.solve({ problem: placement('queen', 9, 7), goal: 'count-fundamental', strategy: 'bitboard' });
    const slow = await bezzel.solve({ problem: placement('queen', 9, 7), goal: 'count-fundamental', strategy: 'backtracking' });
    expect(fast).toMatchObject({ status: 'complete', count: countOf(slow), fundamental: slow.status === 'complete' ? slow.fundamental : -1n });
    expect(new Board({ width: 9, height: 7 }).isSquare).toBe(false);
  });
});

describe('bitboard: its cost for auto', () => {
  const cost = (piece: string, goal: 'count' | 'one', n: number, k?: number) => {
    const instance = bezzel.instantiate({ problem: placement(piece, n, n, k), goal });
    if (!instance.ok) throw instance.error;
    const support = strategy.supports(instance.value);
    return support.ok ? support.cost : Number.NaN;
  };

  it('is milliseconds that grow with the search tree: queens ×5 to ×30 a size, not a fixed rank', () => {
    for (const n of [11, 12, 13]) {
      const growth = cost('queen', 'count', n + 1) / cost('queen', 'count', n);
      expect(growth, `${n + 1} queens over ${n}`).toBeGreaterThan(2);
      expect(growth, `${n + 1} queens over ${n}`).toBeLessThan(30);
    }
    // 13 queens: a million nodes of Takahashi's counter, about 0.1 s on the reference machine.
    expect(cost('queen', 'count', 13)).toBeGreaterThan(20);
    expect(cost('queen', 'count', 13)).toBeLessThan(1000);
  });

  it('is long for counting dense leapers and short for finding one sparse placement', () => {
    // Ten knights on 8×8: about 2·10⁹ placements, far beyond any budget by search.
    expect(cost('knight', 'count', 8, 10)).toBeGreaterThan(60_000);
    expect(cost('knight', 'one', 8, 4)).toBeLessThan(5);
  });
});
