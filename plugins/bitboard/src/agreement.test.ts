import backtracking from '@bezzel/backtracking';
import classic from '@bezzel/classic';
import queen from '@bezzel/queen';
import type { Goal, Task } from '@bezzel/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bezzelWith, countOf } from '../../../test/support/solve.js';
import bitboard from './index.js';
import { fixturePieces } from './testing/pieces.js';

const bezzel = await bezzelWith(queen, classic, backtracking, bitboard, fixturePieces);

async function agree(piece: string, width: number, height: number, k: number, goal: Goal): Promise<void> {
  const base: Task = { problem: { kind: 'placement', board: { width, height }, piece, k }, goal, budget: { maxTimeMs: 60_000 } };
  const fast = await bezzel.solve({ ...base, strategy: 'bitboard' });
  const slow = await bezzel.solve({ ...base, strategy: 'backtracking' });
  const what = `${k} ${piece}s on ${width}×${height}, ${goal}`;
  expect(countOf(fast), what).toBe(countOf(slow));
  if (goal === 'count-fundamental') {
    expect(fast.status === 'complete' && fast.fundamental, what).toBe(slow.status === 'complete' && slow.fundamental);
  }
}

describe('bitboard agrees with backtracking', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9])('n queens and n amazons on %i×%i, both goals', async (n) => {
    for (const piece of ['queen', 'amazon']) {
      await agree(piece, n, n, n, 'count');
      await agree(piece, n, n, n, 'count-fundamental');
    }
  });

  it.each([1, 2, 3, 4, 5, 6, 7])('n rooks on %i×%i, both goals', async (n) => {
    await agree('rook', n, n, n, 'count');
    await agree('rook', n, n, n, 'count-fundamental');
  });

  it('k queens, rooks, bishops and amazons with rows left empty, on squares and rectangles up to 9×9', async () => {
    const pieces = ['queen', 'rook', 'bishop', 'amazon'];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom(...pieces),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom<Goal>('count', 'count-fundamental'),
        async (width, height, piece, kSeed, goal) => {
          // Enough pieces to be interesting, few enough that both searches stay quick.
          const cap = piece === 'bishop' ? Math.min(width + height - 2, width * height <= 36 ? 8 : 5) : Math.min(width, height);
          const k = kSeed % (cap + 1);
          await agree(piece, width, height, k, goal);
        },
      ),
      { seed: 20261122, numRuns: 60 },
    );
  });

  it('pieces that leap: knights, manns (non-royal kings), camels, short rooks, a one-way pawn', async () => {
    for (const [piece, w, h, k] of [
      ['knight', 6, 6, 6],
      ['knight', 5, 7, 9],
      ['mann', 6, 5, 5],
      ['camel', 7, 7, 5],
      ['short-rook', 5, 6, 5],
      ['pawn', 5, 5, 7],
      ['nightrider', 5, 5, 5],
    ] as const) {
      await agree(piece, w, h, k, 'count');
      await agree(piece, w, h, k, 'count-fundamental');
    }
  });

  it('10 amazons on 10×10: 4 placements, 1 up to symmetry', async () => {
    const task: Task = { problem: { kind: 'placement', board: { width: 10, height: 10 }, piece: 'amazon' }, goal: 'count-fundamental', strategy: 'bitboard' };
    const result = await bezzel.solve(task);
    expect(countOf(result)).toBe(4n);
    expect(result.status === 'complete' && result.fundamental).toBe(1n);
    expect(result.stats.extra?.mode).toBe('symmetric');
  });
});
