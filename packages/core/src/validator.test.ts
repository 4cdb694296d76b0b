import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachAttack } from './attacks.js';
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
    expect(report.errors).toEqual(['square 64 is not on the 8×8 board', 'a1 holds two pieces']);
  });
});

describe('validatePlacement against every pair, piece by piece', () => {
  /** The obvious quadratic check: two pieces conflict when either attacks the other on the board as it stands. */
  function pairsAttacking(board: Board, piece: Piece, squares: readonly number[]): string[] {
    const distinct = [...new Set(squares)].filter((sq) => sq >= 0 && sq < board.size && !board.isRemoved(sq));
    const occupied = new Set(distinct);
    const pairs = new Set<string>();
    for (const a of distinct) {
      forEachAttack(board, piece, a, (sq) => occupied.has(sq), (b) => {
        if (b !== a && occupied.has(b)) pairs.add(a < b ? `${a}-${b}` : `${b}-${a}`);
      });
    }
    return [...pairs].sort();
  }

  const vector = fc.record({ dx: fc.integer({ min: -3, max: 3 }), dy: fc.integer({ min: -3, max: 3 }) }).filter((v) => v.dx !== 0 || v.dy !== 0);
  const anyPiece = fc
    .record({
      leaps: fc.array(vector, { maxLength: 4 }),
      rides: fc.array(fc.record({ v: vector, range: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }) }), { maxLength: 4 }),
    })
    .map(({ leaps, rides }): Piece => ({
      id: 'p',
      name: 'p',
      symbols: { unicode: 'P', ascii: 'P' },
      // One-way moves too (a leap or ride without its reverse), as Betza's modifiers make them.
      movement: { leaps, rides: rides.map(({ v, range }) => (range === undefined ? v : { ...v, range })) },
    }));
  const setting = fc.record({ width: fc.integer({ min: 1, max: 9 }), height: fc.integer({ min: 1, max: 9 }), piece: anyPiece }).chain(({ width, height, piece }) =>
    fc.record({
      board: fc.subarray(Array.from({ length: width * height }, (_, i) => i), { maxLength: Math.min(6, width * height) }).map((removed) => new Board({ width, height, removed })),
      piece: fc.constant(piece),
      squares: fc.array(fc.integer({ min: -1, max: width * height }), { maxLength: 14 }),
    }),
  );

  it('finds exactly the attacking pairs, duplicates and squares off the board that a pairwise check finds', () => {
    fc.assert(
      fc.property(setting, ({ board, piece, squares }) => {
        const report = validatePlacement(board, piece, squares);
        const expected = pairsAttacking(board, piece, squares);
        expect(report.conflicts.map((c) => (c.a < c.b ? `${c.a}-${c.b}` : `${c.b}-${c.a}`)).sort()).toEqual(expected);
        expect(report.conflictCount).toBe(expected.length);
        const offBoard = squares.filter((sq) => sq < 0 || sq >= board.size || board.isRemoved(sq)).length;
        const duplicated = new Set(squares.filter((sq, i) => squares.indexOf(sq) !== i && sq >= 0 && sq < board.size && !board.isRemoved(sq))).size;
        expect(report.errors).toHaveLength(offBoard + duplicated);
        expect(report.valid).toBe(expected.length === 0 && offBoard + duplicated === 0);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the pairwise check for riders on whole boards, where right answers are accepted at once', () => {
    const rider = fc.array(fc.record({ v: vector, range: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }) }), { minLength: 1, maxLength: 4 });
    const sparse = fc.record({ width: fc.integer({ min: 1, max: 12 }), height: fc.integer({ min: 1, max: 12 }), rides: rider }).chain(({ width, height, rides }) =>
      fc.record({
        board: fc.constant(new Board({ width, height })),
        piece: fc.constant<Piece>({ id: 'r', name: 'r', symbols: { unicode: 'R', ascii: 'R' }, movement: { leaps: [], rides: rides.map(({ v, range }) => (range === undefined ? v : { ...v, range })) } }),
        // Few pieces, now and then one given twice or off the board: valid answers are common.
        squares: fc.tuple(fc.uniqueArray(fc.integer({ min: 0, max: width * height - 1 }), { maxLength: 5 }), fc.option(fc.integer({ min: -1, max: width * height }), { nil: undefined })).map(([s, extra]) => (extra === undefined ? s : [...s, extra])),
      }),
    );
    let valid = 0;
    fc.assert(
      fc.property(sparse, ({ board, piece, squares }) => {
        const report = validatePlacement(board, piece, squares);
        const expected = pairsAttacking(board, piece, squares);
        const errors = squares.filter((sq, i) => sq < 0 || sq >= board.size || squares.indexOf(sq) !== i).length;
        expect(report.conflictCount).toBe(expected.length);
        expect(report.valid).toBe(expected.length === 0 && errors === 0);
        if (report.valid) valid++;
      }),
      { numRuns: 2000 },
    );
    expect(valid, 'the property met valid answers').toBeGreaterThan(200);
  });

  it('counts every attacking pair, and lists the first thousand', () => {
    const board = Board.square(1500);
    const diagonal = Array.from({ length: 1500 }, (_, i) => board.at(i, i));
    const report = validatePlacement(board, queen, diagonal);
    expect(report.conflictCount).toBe(1499);
    expect(report.conflicts).toHaveLength(1000);
  });

  it('checks a million queens (a formula placement) and finds one moved queen', () => {
    const n = 1_000_000;
    const board = Board.square(n);
    // The classical construction for n ≡ 4 (mod 6): even columns first, then odd ones.
    const rows = Array.from({ length: n }, (_, col) => (col < n / 2 ? 2 * col + 1 : 2 * (col - n / 2)));
    const squares = rows.map((row, col) => board.at(row, col));
    expect(validatePlacement(board, queen, squares, n).valid).toBe(true);
    squares[0] = board.at(rows[0]! + 2, 0);
    const broken = validatePlacement(board, queen, squares, n);
    expect(broken.valid).toBe(false);
    expect(broken.conflictCount).toBeGreaterThan(0);
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
