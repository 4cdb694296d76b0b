import { describe, expect, it } from 'vitest';
import { Board } from './board.js';
import { combine, leaper, rider } from './movement.js';
import { parseArrangement } from './notation.js';
import type { Piece } from './piece.js';
import { validatePlacement, validateTour } from './validator.js';

const queen: Piece = { id: 'queen', name: 'queen', symbols: { unicode: '♛', ascii: 'Q' }, movement: combine(rider(0, 1), rider(1, 1)) };
const knight: Piece = { id: 'knight', name: 'knight', symbols: { unicode: '♞', ascii: 'N' }, movement: leaper(1, 2) };
const b8 = Board.square(8);
const arrangement = (text: string) => {
  const parsed = parseArrangement(b8, text);
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
};

describe('validatePlacement', () => {
  it('names every pair sharing a diagonal in the course report example', () => {
    const report = validatePlacement(b8, queen, arrangement('0 4 6 3 7 2 5 1'));
    expect(report.valid).toBe(false);
    expect(report.conflicts.map((c) => c.message)).toEqual([
      'a1 and d4 share a diagonal',
      'b5 and e8 share a diagonal',
      'c7 and h2 share a diagonal',
      'e8 and g6 share a diagonal',
    ]);
  });

  it('accepts a real solution', () => {
    expect(validatePlacement(b8, queen, arrangement('0 4 7 5 2 6 1 3')).valid).toBe(true);
  });

  it('reports only neighbours on a line, since the middle piece blocks', () => {
    const report = validatePlacement(b8, queen, arrangement('a1,c3,e5'));
    expect(report.conflicts.map((c) => `${c.a}-${c.b}`)).toEqual(['0-18', '18-36']);
  });

  it('names ranks, files and knight leaps', () => {
    expect(validatePlacement(b8, queen, arrangement('a1,h1')).conflicts[0]!.message).toBe('a1 and h1 share a rank');
    expect(validatePlacement(b8, queen, arrangement('a1,a8')).conflicts[0]!.message).toBe('a1 and a8 share a file');
    expect(validatePlacement(b8, knight, arrangement('a1,b3')).conflicts[0]!.message).toBe('a1 and b3 are a (1,2) leap apart');
    expect(validatePlacement(b8, knight, arrangement('a1,a2,b1')).valid).toBe(true);
  });

  it('stops a ride at a removed square', () => {
    const board = new Board({ width: 8, height: 8, removed: [1] });
    expect(validatePlacement(board, queen, [0, 2]).valid).toBe(true);
    expect(validatePlacement(board, queen, [0, 1]).errors).toEqual(['b1 has been removed from the board']);
  });

  it('reports duplicates, off-board squares and a wrong count', () => {
    const report = validatePlacement(b8, knight, [0, 0, 64], 3);
    expect(report.errors).toEqual(['a1 holds two pieces', 'square 64 is not on the 8×8 board']);
  });
});

describe('validateTour', () => {
  const b3x4 = new Board({ width: 4, height: 3 });
  // An open knight's tour of 3×4 (rows of 4): squares numbered row * 4 + col.
  const tour = Int32Array.from([0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4]);

  it('accepts a legal open tour and says it does not close', () => {
    const report = validateTour(b3x4, knight, tour);
    expect(report).toMatchObject({ valid: true, missingCount: 0, closes: false });
    expect(validateTour(b3x4, knight, tour, { closed: true }).firstError).toMatch(/does not close/);
  });

  it('names the first illegal move', () => {
    const bad = Int32Array.from([0, 6, 8, 9]);
    expect(validateTour(b3x4, knight, bad).firstError).toBe("move 3 from a3 to b3 is not a knight's move");
  });

  it('names a repeated square and the missing ones', () => {
    expect(validateTour(b3x4, knight, Int32Array.from([0, 9, 0])).firstError).toBe('move 2 returns to a1, already visited at step 1');
    const report = validateTour(b3x4, knight, Int32Array.from([0, 9]));
    expect(report.missingCount).toBe(10);
    expect(report.firstError).toMatch(/^10 squares are never visited: b1, c1, d1/);
  });
});
