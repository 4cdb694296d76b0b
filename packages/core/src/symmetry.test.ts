import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board } from './board.js';
import { combine, leaper, rider } from './movement.js';
import { CanonicalTest, canonicalForm, mapSquares, orbitSize, symmetryGroup } from './symmetry.js';

const queenMoves = combine(rider(0, 1), rider(1, 1));

describe('symmetryGroup', () => {
  it('has 8 elements on a square board, 4 on a rectangle', () => {
    expect(symmetryGroup(Board.square(8), queenMoves)).toHaveLength(8);
    expect(symmetryGroup(new Board({ width: 5, height: 3 }), queenMoves)).toHaveLength(4);
  });

  it('keeps only the symmetries a one-way piece and the removed squares allow', () => {
    const forwardOnly = { leaps: [{ dx: 0, dy: 1 }], rides: [] };
    expect(symmetryGroup(Board.square(5), forwardOnly).map((s) => s.name)).toEqual(['identity', 'mirror left-right']);
    const holed = new Board({ width: 4, height: 4, removed: [0] });
    expect(symmetryGroup(holed, queenMoves).map((s) => s.name)).toEqual(['identity', 'mirror a1-h8 diagonal']);
  });

  it('maps squares to squares as permutations', () => {
    const board = new Board({ width: 5, height: 3 });
    const all = Array.from({ length: board.size }, (_, i) => i);
    for (const s of symmetryGroup(board, leaper(1, 2))) expect(mapSquares(board, s, all)).toEqual(all);
  });
});

describe('canonical forms', () => {
  it('gives the same canonical form to every image of a placement', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.uniqueArray(fc.nat(48), { maxLength: 6 }), (n, raw) => {
        const board = Board.square(n);
        const squares = raw.filter((s) => s < board.size);
        const group = symmetryGroup(board, queenMoves);
        const canon = canonicalForm(board, group, squares);
        for (const s of group) expect(canonicalForm(board, group, mapSquares(board, s, squares))).toEqual(canon);
        const test = new CanonicalTest(board, group, squares.length);
        expect(test.isCanonical(canon, canon.length)).toBe(true);
        expect(8 % orbitSize(board, group, squares)).toBe(0);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('calls a placement canonical exactly when it is its own canonical form, on squares and rectangles', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 7 }), fc.array(fc.nat(), { maxLength: 8 }), (w, h, raw) => {
        const board = new Board({ width: w, height: h });
        const sorted = [...new Set(raw.map((x) => x % board.size))].sort((a, b) => a - b);
        const group = symmetryGroup(board);
        const own = canonicalForm(board, group, sorted).every((sq, i) => sq === sorted[i]);
        expect(new CanonicalTest(board, group, sorted.length).isCanonical(Int32Array.from(sorted), sorted.length)).toBe(own);
      }),
      { seed: 7, numRuns: 2000 },
    );
  });

  it('knows the 8-queens solution with a 4-element orbit', () => {
    // [2 4 1 7 0 6 3 5] is the 8-queens solution symmetric under a half turn.
    const board = Board.square(8);
    const squares = [2, 4, 1, 7, 0, 6, 3, 5].map((row, col) => row * 8 + col);
    expect(orbitSize(board, symmetryGroup(board, queenMoves), squares)).toBe(4);
  });
});
