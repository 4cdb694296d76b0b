import { Board, createBezzel, validateDomination } from '@bezzel/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coverCounts, coverWords, uncoveredSquares } from './coverage.js';
import { pagePlugins } from '../shared/plugins.js';

const bezzel = await createBezzel({ plugins: pagePlugins });
const queen = bezzel.piece('queen')!;
const knight = bezzel.piece('knight')!;

describe('coverage of a set of pieces', () => {
  it('counts the coverers of each square: a knight on b1 of 3×3 covers itself, a3 and c3', () => {
    // Squares in order a1 b1 c1 a2 b2 c2 a3 b3 c3.
    const board = Board.square(3);
    expect(Array.from(coverCounts(board, knight, [1], 'plain')!)).toEqual([0, 1, 0, 0, 0, 0, 1, 0, 1]);
    // Total domination: a piece's own square counts only when another attacks it.
    expect(Array.from(coverCounts(board, knight, [1], 'total')!)).toEqual([0, 0, 0, 0, 0, 0, 1, 0, 1]);
    expect(Array.from(coverCounts(board, knight, [1, 6], 'total')!)).toEqual([0, 1, 0, 0, 0, 1, 1, 0, 1]);
  });

  it('leaves uncovered exactly the squares the core validator names, for any set and variant', () => {
    const board = Board.square(6);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 35 }), { maxLength: 8 }), fc.constantFrom('plain' as const, 'total' as const, 'independent' as const), fc.constantFrom(queen, knight), (pieces, variant, piece) => {
        const counts = coverCounts(board, piece, pieces, variant)!;
        expect(uncoveredSquares(board, counts)).toEqual(validateDomination(board, piece, pieces, { variant }).uncovered);
      }),
      { seed: 3, numRuns: 200 },
    );
  });

  it('says what covers a square, for the tooltip', () => {
    const board = Board.square(8);
    const pieces = [27, 28]; // d4, e4
    const counts = coverCounts(board, queen, pieces, 'plain')!;
    expect(coverWords(board, queen, pieces, counts, 0, 'plain')).toBe('a1: covered by the queen on d4');
    expect(coverWords(board, queen, pieces, counts, 3, 'plain')).toBe('d1: covered by the queen on d4');
    expect(coverWords(board, queen, pieces, counts, 35, 'plain')).toBe('d5: covered by the queen on d4 (and 1 more)');
    expect(coverWords(board, queen, pieces, counts, 27, 'plain')).toBe('queen on d4: occupied, attacked by 1 other');
    expect(coverWords(board, queen, pieces, counts, 8, 'plain')).toBe('a2: uncovered');
    const alone = coverCounts(board, queen, [27], 'total')!;
    expect(coverWords(board, queen, [27], alone, 27, 'total')).toBe('queen on d4: attacked by no other queen, which total domination needs');
  });

  it('leaves boards too big to shade unshaded', () => {
    expect(coverCounts(new Board({ width: 1000, height: 1000 }), queen, [0], 'plain')).toBeUndefined();
  });
});
