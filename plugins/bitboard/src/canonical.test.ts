import { Board, CanonicalTest, symmetryGroup } from '@bezzel/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FastCanonicalTest } from './canonical.js';

describe('FastCanonicalTest', () => {
  it('agrees with core CanonicalTest on random placements on squares and rectangles', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 7 }), fc.array(fc.nat(), { minLength: 0, maxLength: 8 }), (w, h, raw) => {
        const board = new Board({ width: w, height: h });
        const squares = [...new Set(raw.map((x) => x % board.size))].sort((a, b) => a - b);
        const group = symmetryGroup(board);
        const fast = new FastCanonicalTest(board, group, squares.length);
        const core = new CanonicalTest(board, group, squares.length);
        const sorted = Int32Array.from(squares);
        expect(fast.isCanonical(sorted, sorted.length)).toBe(core.isCanonical(sorted, sorted.length));
      }),
      { seed: 7, numRuns: 2000 },
    );
  });
});
