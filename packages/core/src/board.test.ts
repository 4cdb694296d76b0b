import { describe, expect, it } from 'vitest';
import { Board } from './board.js';
import { parseArrangement } from './notation.js';
import { Rng } from './rng.js';

describe('Board', () => {
  it('names squares algebraically up to 26 files and as (row,col) beyond', () => {
    const b = Board.square(8);
    expect([b.name(0), b.name(7), b.name(63)]).toEqual(['a1', 'h1', 'h8']);
    expect(Board.square(30).name(31)).toBe('(1,1)');
    expect(b.parseSquare('d4')).toEqual({ ok: true, value: 27 });
    expect(b.parseSquare('(3,3)')).toEqual({ ok: true, value: 27 });
    expect(b.parseSquare('i1').ok).toBe(false);
    expect(b.parseSquare('zz').ok).toBe(false);
  });

  it('rejects bad sizes with a message', () => {
    const parsed = Board.parse({ width: 0, height: 3 });
    expect(parsed.ok ? '' : parsed.error.message).toBe('board width must be a whole number from 1 to 100000000, not 0');
    expect(Board.parse({ width: 2.5, height: 3 }).ok).toBe(false);
    expect(Board.parse({ width: 3, height: 3, removed: [9] }).ok).toBe(false);
  });
});

describe('parseArrangement', () => {
  const b = Board.square(8);
  it('reads the array form, square lists and (row,col) pairs', () => {
    expect(parseArrangement(b, '[0 4 7 5 2 6 1 3]')).toEqual({ ok: true, value: [0, 33, 58, 43, 20, 53, 14, 31] });
    expect(parseArrangement(b, 'a1, d4')).toEqual({ ok: true, value: [0, 27] });
    expect(parseArrangement(b, '(0,0) (3,3)')).toEqual({ ok: true, value: [0, 27] });
    expect(parseArrangement(b, '0 - 1')).toEqual({ ok: true, value: [0, 10] });
  });
  it('explains malformed input', () => {
    const err = (text: string) => {
      const p = parseArrangement(b, text);
      return p.ok ? '' : p.error.message;
    };
    expect(err('')).toBe('the arrangement is empty');
    expect(err('0 9')).toBe('entry 2 of the array form is "9": a row must be from 0 to 7');
    expect(err('a1 x9')).toBe('square x9 is not on the 8×8 board');
    expect(err('a1 #9')).toMatch(/"#9" is not a square/);
    expect(err('0 1 2 3 4 5 6 7 0')).toMatch(/9 entries but the board has 8 columns/);
  });
});

describe('Rng', () => {
  it('repeats its sequence for a seed and stays in range', () => {
    const a = new Rng(7);
    const b = new Rng(7);
    const xs = Array.from({ length: 100 }, () => a.below(10));
    expect(Array.from({ length: 100 }, () => b.below(10))).toEqual(xs);
    expect(new Set(xs).size).toBe(10);
    expect(new Rng(8).nextU32()).not.toBe(new Rng(7).nextU32());
    const f = new Rng(1).float();
    expect(f).toBeGreaterThanOrEqual(0);
    expect(f).toBeLessThan(1);
  });
});
