import { describe, expect, it } from 'vitest';
import { Board } from './board.js';
import { coverTable, impossibleDomination } from './domination.js';
import { combine, leaper, rider } from './movement.js';
import type { Piece } from './piece.js';
import { explainDomination, validateDomination } from './validate-domination.js';

const queen: Piece = { id: 'queen', name: 'queen', symbols: { unicode: '♛', ascii: 'Q' }, movement: combine(rider(0, 1), rider(1, 1)) };
const knight: Piece = { id: 'knight', name: 'knight', symbols: { unicode: '♞', ascii: 'N' }, movement: leaper(1, 2) };
const b8 = Board.square(8);
const sq = (name: string) => {
  const parsed = b8.parseSquare(name);
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
};

describe('validateDomination', () => {
  it('accepts five queens that dominate 8×8', () => {
    const report = validateDomination(b8, queen, ['c4', 'd4', 'e4', 'c5', 'h2'].map(sq), { k: 5 });
    expect(report.valid).toBe(true);
    expect(report.uncoveredCount).toBe(0);
  });

  it('names the squares four of them leave uncovered (checked by hand: no rank, file or diagonal of a queen reaches them)', () => {
    const report = validateDomination(b8, queen, ['c4', 'd4', 'e4', 'c5'].map(sq));
    expect(report.valid).toBe(false);
    expect(report.uncovered.map((s) => b8.name(s))).toEqual(['h2', 'g3', 'h3', 'h6', 'b8']);
    expect(explainDomination(b8, queen, report)).toEqual(['5 squares are neither occupied nor attacked: h2, g3, h3, h6, b8']);
  });

  it('counts an occupied square as covered only for plain domination', () => {
    const board = Board.square(3);
    const middle = [board.at(1, 1)];
    expect(validateDomination(board, queen, middle).valid).toBe(true);
    const total = validateDomination(board, queen, middle, { variant: 'total' });
    expect(total.uncovered).toEqual(middle);
    expect(explainDomination(board, queen, total, 'total')).toEqual(['1 square is attacked by no queen: b2']);
  });

  it('names the attacking pairs of an independent set', () => {
    const report = validateDomination(b8, queen, ['c4', 'd4', 'e4', 'c5', 'h2'].map(sq), { variant: 'independent' });
    expect(report.valid).toBe(false);
    expect(report.conflicts.map((c) => c.message)).toContain('c4 and d4 share a rank');
  });

  it('reports squares off the board, removed or doubled, and a wrong count', () => {
    const board = new Board({ width: 4, height: 4, removed: [5] });
    const report = validateDomination(board, knight, [0, 0, 5, 99], { k: 3 });
    expect(report.errors).toEqual(['a1 holds two pieces', 'b2 has been removed from the board', 'square 99 is not on the 4×4 board', '4 pieces placed, 3 wanted']);
  });

  it('wraps attacks on a torus: one queen in the middle of 3×3 covers all, and so does one in the corner', () => {
    const torus = new Board({ width: 3, height: 3, torus: true });
    expect(validateDomination(torus, queen, [0]).valid).toBe(true);
    expect(validateDomination(Board.square(3), queen, [0]).valid).toBe(false);
  });
});

describe('coverTable and impossibleDomination', () => {
  it('lists what a piece covers, with or without its own square', () => {
    const t = coverTable(Board.square(3), knight, false);
    expect(Array.from(t.targets.subarray(t.offsets[0]!, t.offsets[1]!))).toEqual([0, 5, 7]);
    const total = coverTable(Board.square(3), knight, true);
    expect(Array.from(total.targets.subarray(total.offsets[0]!, total.offsets[1]!))).toEqual([5, 7]);
  });

  it('rules out total domination where some square is attacked by nobody', () => {
    expect(impossibleDomination(Board.square(3), knight, 'total')).toBe('total domination needs every square attacked, but no knight on the 3×3 board attacks b2');
    expect(impossibleDomination(Board.square(1), queen, 'total')).toMatch(/attacks a1/);
    expect(impossibleDomination(Board.square(3), knight, 'plain')).toBeUndefined();
    expect(impossibleDomination(Board.square(4), knight, 'total')).toBeUndefined();
  });
});
